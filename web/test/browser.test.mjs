// The page (web/dist, built by web/build.sh) in a real browser: Debian's
// Chromium, headless, driven by playwright-core, the site served on
// 127.0.0.1 by `python3 -m http.server`, as the README says. What the page
// shows and downloads is compared with what the command line (SLINK_BIN,
// the `slink` binary) prints for the same input; the puzzles are made by
// `slink gen`, or written here, and where ../shared/corpus/human exists its
// puzzles are compared too.
//
// Skipped, with the reason printed, where the page was not built (its
// toolchain could not be installed: SLINK_WEB_SKIP says why), or Chromium or
// the binary is missing: never a pass without a browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Harness } from './harness.mjs';

const h = new Harness();
const skip = h.whySkip();
if (skip) console.log('# web/test/browser.test.mjs: SKIPPED: ' + skip);
const it = (name, fn) => test(name, { skip: skip || false, timeout: 300_000 }, fn);

before(async () => { if (!skip) await h.start(); });
after(async () => { await h.stop(); });

// A puzzle as a puzz.link URL or a Loopy ID, made by `slink gen`.
function made(to, seed) {
  const judge = h.slink(['gen', '--rows', '10', '--cols', '10', '--blanks', '0.5', '--seed', String(seed)]).out;
  return h.slink(['convert', '--to', to, '-'], judge).out.trim();
}

// The message `slink solve` prints on standard error, without its prefix.
const messages = (err) => err.split('\n').filter((l) => / data set \d+: /.test(l))
  .map((l) => l.replace(/^slink solve: /, '') + '\n');

it('a shareable link solves its puzzle on load: the drawing and the picture of the command line', async () => {
  for (const [to, seed] of [['url', 5], ['loopy', 6]]) {
    const puzzle = made(to, seed);
    const page = await h.newPage();
    await page.goto(h.base + 'index.html#' + encodeURIComponent(puzzle));
    const cards = await h.finished(page);
    h.write('input', puzzle + '\n');
    assert.equal(cards.length, 1);
    assert.equal(cards[0].status, 'solved');
    assert.equal('1\n' + cards[0].drawings[0], h.slink(['solve', 'input']).out, 'the drawing');
    assert.equal(h.svgOf(cards[0].svg), h.slink(['solve', '--format', 'svg', 'input']).out, 'the SVG');
    // The card's own link is the puzzle as a URL, which reads as the same puzzle.
    const href = await page.getAttribute('a.share', 'href');
    const url = decodeURIComponent(href.slice(1));
    assert.match(url, /^https:\/\/puzz\.link\/p\?slither\/10\/10\//);
    const same = h.slink(['convert', '--to', to, '-'], url + '\n').out.trim();
    assert.equal(same, puzzle);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

it('pasted judge text and a pzprv3 file: the drawing and the picture of the command line', async () => {
  const page = await h.newPage();
  await page.goto(h.base + 'index.html');
  for (const [to, seed] of [['judge', 11], ['pzprv3', 12]]) {
    const puzzle = made(to, seed);
    const cards = await h.solveText(page, puzzle);
    h.write('input', puzzle);
    assert.equal(cards.length, 1, to);
    assert.equal(cards[0].status, 'solved', to);
    assert.equal('1\n' + cards[0].drawings[0], h.slink(['solve', 'input']).out, to);
    assert.equal(h.svgOf(cards[0].svg), h.slink(['solve', '--format', 'svg', 'input']).out, to);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

// A file of puzzles with every verdict: unique ones, several solutions,
// none, a malformed row in the middle (the next ones still read).
function mixedFile() {
  const gen = h.slink(['gen', '--rows', '6', '--cols', '8', '--blanks', '0.5', '--count', '12', '--seed', '9']).out;
  const sets = gen.replace(/0 0\n$/, '');
  const odd = '3 3\n. . .\n. . .\n. . .\n1 1\n0\n2 2\n2 x\n2 2\n';
  return h.write('mixed.txt', sets + odd + sets + '0 0\n');
}

it('a file of puzzles: progress, every verdict, downloads byte-equal to slink solve', async () => {
  const file = mixedFile();
  const page = await h.newPage();
  await page.goto(h.base + 'index.html');
  await page.setInputFiles('#file', file);
  const cards = await h.finished(page);
  const judge = h.slink(['solve', 'mixed.txt']);
  const json = h.slink(['solve', '--format', 'json', 'mixed.txt']).out;
  assert.equal(cards.length, json.trim().split('\n').length);
  assert.equal(await page.$eval('#progress', (p) => p.value === p.max && p.max === 27), true);
  assert.equal(await h.download(page, 'download-judge'), judge.out, 'judge download');
  assert.equal(h.withoutMicros(await h.download(page, 'download-json')), h.withoutMicros(json), 'JSON download');
  const statuses = new Set(cards.map((c) => c.status));
  assert.deepEqual([...statuses].sort(), ['invalid', 'multiple', 'none', 'solved']);
  // Each message is the command line's, in place.
  assert.deepEqual(cards.filter((c) => c.message).map((c) => c.message), messages(judge.err));
  // Several solutions: two drawings, the first the one slink solve draws.
  const several = cards.find((c) => c.status === 'multiple');
  assert.equal(several.drawings.length, 2);
  assert.notEqual(several.drawings[0], several.drawings[1]);
  assert.ok(judge.out.includes('\n' + several.drawings[0]));
  // The loop's edges counted through the library's bit slices (u32 words on
  // wasm32) agree with the JSON record's loop, read bit by bit.
  const records = json.trim().split('\n').map((l) => JSON.parse(l));
  cards.forEach((c, k) => {
    if (!records[k].loop) return;
    const ones = [...records[k].loop].reduce((n, d) => n + [...parseInt(d, 16).toString(2)].filter((b) => b === '1').length, 0);
    assert.equal(c.lineEdges, ones, 'data set ' + (k + 1));
  });
  assert.deepEqual(page.errors, []);
  await page.close();
});

it('the human-made corpus, where ../shared has it: the JSON records of slink solve', async (t) => {
  const human = path.join(h.repo, '../shared/corpus/human');
  if (!fs.existsSync(human)) {
    t.skip('../shared/corpus/human is not here');
    return;
  }
  const page = await h.newPage();
  await page.goto(h.base + 'index.html');
  for (const name of ['puzzles.txt', 'urls.txt']) {
    const file = path.join(human, name);
    await page.setInputFiles('#file', file);
    await h.finished(page);
    fs.copyFileSync(file, path.join(h.scratch, name));
    const json = h.slink(['solve', '--format', 'json', name]).out;
    assert.equal(h.withoutMicros(await h.download(page, 'download-json')), h.withoutMicros(json), name);
  }
  await page.close();
});

it('garbage and a huge header: the reader\'s message, shown as text, and the page answers afterwards', async () => {
  const page = await h.newPage();
  await page.goto(h.base + 'index.html');
  for (const bad of ['<img src=x onerror=alert(1)>\n', '99999 99999\n', '2 2\n2 <b>bold</b>\n']) {
    const cards = await h.solveText(page, bad);
    h.write('input', bad);
    const cli = h.slink(['solve', 'input']);
    assert.equal(cards.length, 1);
    assert.equal(cards[0].status, 'invalid');
    assert.equal(cards[0].message, messages(cli.err)[0]);
    assert.equal(await page.locator('img[src="x"], b').count(), 0, 'no markup from the input');
  }
  assert.match((await h.solveText(page, '99999 99999\n'))[0].message, /row count 99999 exceeds the limit 1024/);
  const cards = await h.solveText(page, made('loopy', 7));
  assert.equal(cards[0].status, 'solved');
  assert.deepEqual(page.errors, []);
  await page.close();
});

it('a puzzle past the budget says so, as slink solve --budget does', async () => {
  const hard = h.slink(['gen', '--rows', '10', '--cols', '10', '--difficulty', 'hard', '--seed', '1']).out;
  const page = await h.newPage();
  await page.goto(h.base + 'index.html');
  await page.fill('#budget', '1');
  const cards = await h.solveText(page, hard);
  h.write('input', hard);
  const cli = h.slink(['solve', '--budget', '1', 'input']);
  assert.equal(cards[0].status, 'gave-up');
  assert.match(cards[0].message, /gave up after .* \(the budget\)/);
  assert.equal(cards[0].message, messages(cli.err)[0]);
  await page.close();
});

it('step by step: slink explain\'s steps, one at a time on the picture, next and back', async () => {
  const puzzle = made('url', 8);
  h.write('input', puzzle + '\n');
  const doc = JSON.parse(h.slink(['explain', '--format', 'json', 'input']).out);
  const steps = doc.events.filter((e) => e.event === 'step').length;
  const text = h.slink(['explain', 'input']).out;
  const page = await h.newPage();
  await page.goto(h.base + 'index.html#' + encodeURIComponent(puzzle));
  await h.finished(page);
  await page.click('article.card button:has-text("Step by step")');
  await page.waitForSelector('#explain:not([hidden])');
  const picture = async (n) => {
    await page.waitForFunction((n) => decodeURIComponent(document.querySelector('#step-picture').src)
      .includes(n === 0 ? 'before the first' : '>step ' + n + ' of '), n);
    return h.svgOf(await page.getAttribute('#step-picture', 'src'));
  };
  assert.equal(await page.textContent('#step-count'), 'step 0 of ' + steps);
  await picture(0);
  await page.click('#step-next');
  const first = await picture(1);
  // The step in the page's words and the picture's label are explain's line 1.
  const line = /^ {4}1\. (.*)$/m.exec(text)[1];
  assert.equal(await page.textContent('#step-text'), line);
  assert.ok(first.includes('step 1 of ' + steps + ': ' + line));
  await page.click('#step-next');
  await picture(2);
  await page.click('#step-back');
  assert.equal(await picture(1), first, 'back shows step 1 again');
  await page.click('#step-last');
  const last = await picture(steps);
  // After the last step every line of the loop is drawn: the solution's.
  assert.ok(last.includes('class="loop"'));
  assert.match(await page.textContent('#step-events'), /a solution: every edge decided/);
  // A puzzle that needs the search: the step after a backtrack says so.
  const hard = h.slink(['gen', '--rows', '10', '--cols', '10', '--difficulty', 'hard', '--seed', '1']).out;
  h.write('input', hard);
  const events = JSON.parse(h.slink(['explain', '--format', 'json', 'input']).out).events;
  const after = events.slice(0, events.findIndex((e) => e.event === 'backtrack'))
    .filter((e) => e.event === 'step').length + 1;
  await h.solveText(page, hard);
  await page.click('article.card button:has-text("Step by step")');
  await page.waitForFunction(() => document.querySelector('#step-count').textContent === 'step 0 of ' +
    document.querySelector('#explain-title').textContent.match(/(\d+) steps/)[1]);
  await page.evaluate((n) => showStep(n), after);
  assert.match(await page.textContent('#step-events'), /^backtrack to depth \d+: the line branch is finished/);
  await picture(after);
  assert.deepEqual(page.errors, []);
  await page.close();
});

it('Stop ends a long run: the records so far are the command line\'s first ones, and the page answers', async () => {
  // One hard 20x20 puzzle (it needs the search) a hundred times: seconds of work.
  const hard = h.slink(['gen', '--rows', '20', '--cols', '20', '--difficulty', 'hard', '--seed', '3']).out;
  h.write('many.txt', hard.replace(/0 0\n$/, '').repeat(100) + '0 0\n');
  const page = await h.newPage();
  await page.goto(h.base + 'index.html');
  await page.setInputFiles('#file', path.join(h.scratch, 'many.txt'));
  await page.waitForFunction(() => document.querySelector('#progress').value >= 3);
  await page.click('#stop');
  const status = await page.textContent('#status');
  const done = Number(/stopped after (\d+) of 100 /.exec(status)[1]);
  assert.ok(done >= 3 && done < 100, status);
  const json = h.slink(['solve', '--format', 'json', 'many.txt']).out.split('\n').slice(0, done).join('\n') + '\n';
  assert.equal(h.withoutMicros(await h.download(page, 'download-json')), h.withoutMicros(json));
  const cards = await h.solveText(page, made('url', 10));
  assert.equal(cards.length, 1);
  assert.equal(cards[0].status, 'solved');
  assert.deepEqual(page.errors, []);
  await page.close();
});
