// The page's speed against the command line's, side by side: a file of
// puzzles (by default ../shared/corpus/human/puzzles.txt) solved in the page
// in headless Chromium, and by `slink solve -j1 -q --format json` natively,
// taking turns, `--runs` times each. For the page: the worker's own time
// from the first data set to the last (the 'done' message), and the CPU
// time of every Chromium process over the run (/proc, user + system: the
// renderer, the worker, the browser and GPU processes) and of the worker's
// thread alone, from the file chosen to the last card shown. For the command line: user + system CPU
// of the whole process (/usr/bin/time). Usage, from web/ after build.sh:
//
//     node test/bench.mjs [--runs 5] [FILE]

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Harness } from './harness.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 5;
const h = new Harness();
const file = path.resolve(args[0] || path.join(h.repo, '../shared/corpus/human/puzzles.txt'));
const skip = h.whySkip();
if (skip) {
  console.error('bench.mjs: cannot run: ' + skip);
  process.exit(2);
}

const ticks = 100; // USER_HZ
// User + system CPU seconds of the processes whose command line holds
// `mark`: all their threads, and the threads named `thread` alone.
function cpuOf(mark, thread) {
  let all = 0;
  let named = 0;
  const cpu = (stat) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  };
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(mark)) continue;
      all += cpu(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        if (fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith(thread)) {
          named += cpu(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
        }
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return { all, named };
}

function native() {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %e', h.bin, 'solve', '-j1', '-q', '--format', 'json', file],
    { maxBuffer: 1 << 30 });
  const [user, sys, wall] = r.stderr.toString().trim().split('\n').pop().split(' ').map(Number);
  return { cpu: user + sys, wall, records: r.stdout.toString().split('\n').length - 1 };
}

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'slink-bench-'));
await h.start(profile);
const page = await h.newPage();
await page.goto(h.base + 'index.html');
// The worker's thread is Chromium's "DedicatedWorker thread" (a new one per
// run: the page ends the worker of the last run only at Stop, so it is
// the same thread each time).
async function browser() {
  const before = cpuOf(profile, 'DedicatedWorker');
  await page.setInputFiles('#file', file);
  await page.waitForSelector('body[data-done="yes"]', { timeout: 600_000 });
  const after = cpuOf(profile, 'DedicatedWorker');
  const worker = await page.evaluate(() => {
    delete document.body.dataset.done;
    return run.millis / 1000;
  });
  const records = await page.evaluate(() => run.answers.length);
  return { cpu: after.all - before.all, thread: after.named - before.named, worker, records };
}

const rows = [];
for (let k = 0; k < runs; k++) {
  rows.push({ native: native(), browser: await browser() });
}
await h.stop();
fs.rmSync(profile, { recursive: true, force: true });

const least = (f) => Math.min(...rows.map(f));
const n = least((r) => r.native.cpu);
const w = least((r) => r.browser.worker);
const t = least((r) => r.browser.thread);
const c = least((r) => r.browser.cpu);
console.log(`file: ${file} (${rows[0].native.records} data sets; the page: ${rows[0].browser.records})`);
for (const r of rows) {
  console.log(`native CPU ${r.native.cpu.toFixed(2)} s (wall ${r.native.wall.toFixed(2)}) | page: worker ` +
    `${r.browser.worker.toFixed(2)} s wall, its thread ${r.browser.thread.toFixed(2)} s CPU, ` +
    `all of Chromium ${r.browser.cpu.toFixed(2)} s CPU`);
}
console.log(`least of ${runs}: native ${n.toFixed(2)} s CPU; page: worker thread ${t.toFixed(2)} s CPU ` +
  `(${(t / n).toFixed(2)}x), worker wall ${w.toFixed(2)} s (${(w / n).toFixed(2)}x), ` +
  `all of Chromium ${c.toFixed(2)} s CPU (${(c / n).toFixed(2)}x)`);
