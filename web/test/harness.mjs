// What the browser test and the benchmark share: the site served on
// 127.0.0.1 by `python3 -m http.server` (as the README says), Debian's
// Chromium driven by playwright-core, the `slink` binary to compare with,
// and a scratch folder.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// The flags Chromium needs on this machine (no network beyond loopback).
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export class Harness {
  constructor() {
    this.web = path.dirname(here);
    this.dist = path.join(this.web, 'dist');
    this.repo = path.dirname(this.web);
    this.chromium = process.env.CHROMIUM || '/usr/bin/chromium';
    this.bin = process.env.SLINK_BIN ||
      ['target/ci/slink', 'target/release/slink'].map((p) => path.join(this.repo, p)).find((p) => fs.existsSync(p));
  }

  // Why the browser cannot be driven here, if it cannot.
  whySkip() {
    if (process.env.SLINK_WEB_SKIP) return process.env.SLINK_WEB_SKIP;
    if (!fs.existsSync(path.join(this.dist, 'slink.wasm'))) return 'web/dist/slink.wasm is not built (web/build.sh)';
    if (!fs.existsSync(this.chromium)) return this.chromium + ' is not installed (apt-get install chromium)';
    if (!this.bin) return 'no slink binary to compare with (SLINK_BIN, or target/release/slink)';
    return null;
  }

  async start(userDataDir) {
    this.scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'slink-web-'));
    this.server = spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '-d', this.dist, '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    const port = await new Promise((resolve, reject) => {
      this.server.stdout.on('data', (d) => {
        const m = /port (\d+)/.exec(String(d));
        if (m) resolve(Number(m[1]));
      });
      this.server.on('exit', (code) => reject(new Error('http.server exited with ' + code)));
      setTimeout(() => reject(new Error('http.server did not start in 10 s')), 10_000);
    });
    this.base = `http://127.0.0.1:${port}/`;
    const { chromium } = await import('playwright-core');
    const options = { executablePath: this.chromium, args: CHROMIUM_ARGS };
    if (userDataDir) {
      this.context = await chromium.launchPersistentContext(userDataDir, options);
    } else {
      this.browser = await chromium.launch(options);
      this.context = await this.browser.newContext({ acceptDownloads: true });
    }
  }

  async stop() {
    if (this.context) await this.context.close();
    if (this.browser) await this.browser.close();
    if (this.server) this.server.kill();
    if (this.scratch) fs.rmSync(this.scratch, { recursive: true, force: true });
  }

  // The command line's output for `args` (standard input `input`), run in
  // the scratch folder.
  slink(args, input) {
    const r = spawnSync(this.bin, args, { cwd: this.scratch, input, maxBuffer: 1 << 30 });
    if (r.error) throw r.error;
    return { out: r.stdout.toString('utf8'), err: r.stderr.toString('utf8'), status: r.status };
  }

  write(name, text) {
    const file = path.join(this.scratch, name);
    fs.writeFileSync(file, text);
    return file;
  }

  async newPage() {
    const page = await this.context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(String(e)));
    page.on('dialog', (d) => { page.errors.push('dialog: ' + d.message()); d.dismiss(); });
    return page;
  }

  // Waits for the run to end; returns its cards as the page shows them.
  async finished(page) {
    await page.waitForSelector('body[data-done="yes"]', { timeout: 280_000 });
    await page.evaluate(() => { delete document.body.dataset.done; });
    return page.$$eval('article.card', (cards) => cards.map((c) => ({
      status: c.dataset.status,
      lineEdges: c.dataset.lineEdges === undefined ? null : Number(c.dataset.lineEdges),
      title: c.querySelector('h3').textContent,
      message: c.querySelector('pre.message')?.textContent ?? '',
      drawings: [...c.querySelectorAll('pre.drawing')].map((p) => p.textContent),
      svg: c.querySelector('img.picture')?.getAttribute('src') ?? null,
    })));
  }

  async solveText(page, text) {
    await page.fill('#text', text);
    await page.click('#solve');
    return this.finished(page);
  }

  async download(page, id) {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click('#' + id)]);
    return fs.readFileSync(await d.path(), 'utf8');
  }

  svgOf(src) {
    return decodeURIComponent(src.slice(src.indexOf(',') + 1));
  }

  withoutMicros(records) {
    return records.replace(/,"micros":\d+/g, '');
  }
}
