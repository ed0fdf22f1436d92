// The page: what was pasted or opened goes to the worker (worker.js), which
// runs slink's library compiled to WebAssembly; its answers are shown here
// as they come. Everything a puzzle shows (verdict, message, picture,
// drawings, records) is the library's own text, put in the page as text
// (textContent) or as an image, never as markup.

'use strict';

// Data sets shown with their picture and drawings from the start; the others
// get a line each, and their picture on request.
const DETAIL_FIRST = 100;
// Lines shown at most for a large file (all are in the downloads).
const ROWS_SHOWN = 2000;

const $ = (id) => document.getElementById(id);
let worker = null;
let ready = null; // a promise of the worker's 'ready'
let run = null; // the run shown: {name, total, answers, counts, started, done}
let explained = null; // {k, doc, steps, n}

// A new worker (the first, or after a stop); resolves once it is ready.
function startWorker() {
  if (worker) worker.terminate();
  worker = new Worker('worker.js');
  ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      if (event.data.type === 'ready') {
        worker.onmessage = onWorkerMessage;
        resolve();
      } else {
        reject(new Error(event.data.message));
      }
    };
  });
  ready.then(() => { $('solve').disabled = false; }, (e) => showStatus(String(e.message)));
  return ready;
}

function onWorkerMessage(event) {
  const m = event.data;
  if (m.type === 'opened') onOpened(m);
  else if (m.type === 'answers') addAnswers(m.list);
  else if (m.type === 'done') onDone(m.millis);
  else if (m.type === 'detail') replaceCard(m.answer);
  else if (m.type === 'explained') showExplanation(m.k, m.doc);
  else if (m.type === 'step') showStepPicture(m.n, m.svg);
  else if (m.type === 'error') showStatus('error: ' + m.message);
}

function showStatus(text) {
  $('run').hidden = false;
  $('status').textContent = text;
}

// Starts a run over `bytes`, the input named `name`.
async function solve(name, bytes) {
  await ready;
  closeExplanation();
  const budget = Math.max(1, Math.floor(Number($('budget').value) || 200000));
  run = { name, total: 0, answers: [], counts: {}, started: performance.now(), done: false, shown: 0 };
  $('results').replaceChildren();
  $('notes').replaceChildren();
  $('more').hidden = true;
  $('totals').textContent = '';
  setDownloads(false);
  showStatus('reading ' + name + ' ...');
  $('stop').disabled = false;
  $('solve').disabled = true;
  worker.postMessage({ type: 'open', name, bytes, budget, detailFirst: DETAIL_FIRST }, [bytes.buffer]);
}

function onOpened(m) {
  run.total = m.data_sets;
  run.format = m.format;
  $('progress').max = Math.max(1, m.data_sets);
  $('progress').value = 0;
  for (const note of m.notes) {
    const li = document.createElement('li');
    li.textContent = note;
    $('notes').append(li);
  }
  if (m.data_sets === 0) showStatus(run.name + ': no data set found (' + m.format + ' format)');
}

// A batch of answers: their cards added at once, the counts shown once.
function addAnswers(list) {
  const cards = document.createDocumentFragment();
  for (const a of list) {
    run.answers.push(a);
    run.counts[a.status] = (run.counts[a.status] || 0) + 1;
    if (run.shown < ROWS_SHOWN) {
      cards.append(card(a));
      run.shown++;
    }
  }
  $('results').append(cards);
  if (run.answers.length > run.shown) {
    $('more').hidden = false;
    $('more').textContent = (run.answers.length - run.shown) +
      ' more data sets are not shown here; the downloads have every one.';
  }
  $('progress').value = run.answers.length;
  const elapsed = ((performance.now() - run.started) / 1000).toFixed(1);
  showStatus(run.name + ' (' + run.format + '): ' + run.answers.length + ' of ' + run.total +
    ' data sets, ' + elapsed + ' s');
  showTotals();
}

function onDone(millis) {
  run.done = true;
  run.millis = millis;
  $('stop').disabled = true;
  $('solve').disabled = false;
  showStatus(run.name + ' (' + run.format + '): ' + counted(run.answers.length, 'data set') +
    ' solved in ' + (millis / 1000).toFixed(3) + ' s');
  document.body.dataset.done = 'yes';
  setDownloads(true);
}

function counted(n, what) {
  return n + ' ' + what + (n === 1 ? '' : 's');
}

function showTotals() {
  const parts = Object.entries(run.counts).map(([status, n]) => n + ' ' + status);
  $('totals').textContent = parts.join(', ');
}

// Downloads of what `slink solve` and `slink solve --format json` print.
function setDownloads(on) {
  for (const [id, field, suffix, type] of [
    ['download-judge', 'judge', '.out', 'text/plain'],
    ['download-json', 'json', '.jsonl', 'application/x-ndjson'],
  ]) {
    const a = $(id);
    if (a.href) URL.revokeObjectURL(a.href);
    if (!on) {
      a.removeAttribute('href');
      continue;
    }
    const blob = new Blob(run.answers.map((x) => x[field]), { type });
    a.href = URL.createObjectURL(blob);
    a.download = run.name.replace(/[\\/]/g, '_') + suffix;
  }
}

const VERDICTS = {
  solved: 'solved: one solution',
  multiple: 'several solutions: two of them shown',
  none: 'no solution',
  invalid: 'malformed',
  'gave-up': 'gave up',
  'timed-out': 'timed out',
};

// The card of one data set.
function card(a) {
  const div = document.createElement('article');
  div.className = 'card ' + a.status;
  div.dataset.k = a.k;
  div.dataset.status = a.status;
  const h = document.createElement('h3');
  const size = a.rows ? ', ' + a.rows + 'x' + a.cols : '';
  h.textContent = run.name + ' #' + a.number + ' (line ' + a.line + size + '): ' +
    (VERDICTS[a.status] || a.status);
  div.append(h);
  const facts = document.createElement('p');
  facts.className = 'facts';
  facts.textContent = (a.micros / 1000).toFixed(3) + ' ms, ' + a.nodes + ' search nodes, ' +
    a.probes + ' probes' + (a.line_edges == null ? '' : ', a loop of ' + a.line_edges + ' edges');
  if (a.line_edges != null) div.dataset.lineEdges = a.line_edges;
  div.append(facts);
  if (a.message) div.append(pre('message', a.message));
  if (a.svg !== undefined) {
    cardDetails(div, a);
  } else if (a.status !== 'invalid') {
    div.append(button('Show the picture', () => worker.postMessage({ type: 'detail', k: a.k })));
  }
  return div;
}

function cardDetails(div, a) {
  const img = document.createElement('img');
  img.className = 'picture';
  img.alt = 'the puzzle and its loop';
  img.loading = 'lazy';
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(a.svg);
  div.append(img);
  const drawings = a.drawings || [];
  drawings.forEach((d, i) => {
    if (drawings.length > 1) div.append(para('solution ' + (i + 1) + ' of the two shown:'));
    div.append(pre('drawing', d));
  });
  const links = document.createElement('p');
  if (a.url) {
    const link = document.createElement('a');
    link.className = 'share';
    link.href = '#' + encodeURIComponent(a.url);
    link.textContent = 'Link to this puzzle';
    links.append(link, ' ');
  }
  links.append(button('Step by step', () => worker.postMessage({ type: 'explain', k: a.k })));
  div.append(links);
}

function replaceCard(a) {
  const old = document.querySelector('article.card[data-k="' + a.k + '"]');
  if (old) old.replaceWith(card(a));
}

function pre(className, text) {
  const p = document.createElement('pre');
  p.className = className;
  p.textContent = text;
  return p;
}

function para(text) {
  const p = document.createElement('p');
  p.textContent = text;
  return p;
}

function button(text, onclick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.onclick = onclick;
  return b;
}

// --- step by step: `slink explain`'s events, one step at a time ---

function showExplanation(k, doc) {
  if (!doc || doc.error) {
    showStatus('cannot explain: ' + (doc ? doc.error : 'no such data set'));
    return;
  }
  // The steps, and what happened between each and the one before it
  // (backtracks, solutions), in explain's words.
  const steps = [];
  const between = [[]];
  for (const e of doc.events) {
    if (e.event === 'step') {
      steps.push(e);
      between.push([]);
    } else if (e.event === 'backtrack') {
      between[steps.length].push('backtrack to depth ' + e.depth +
        ': the line branch is finished, try the cross');
    } else {
      between[steps.length].push('a solution: every edge decided, one loop, every clue met');
    }
  }
  explained = { k, doc, steps, between, n: 0 };
  $('explain').hidden = false;
  $('explain-title').textContent = run.name + ' #' + doc.data_set + ', step by step: ' +
    steps.length + ' steps; ' + doc.result;
  showStep(0);
  $('explain').scrollIntoView();
}

function showStep(n) {
  const e = explained;
  e.n = Math.max(0, Math.min(n, e.steps.length));
  $('step-count').textContent = 'step ' + e.n + ' of ' + e.steps.length;
  const step = e.steps[e.n - 1];
  // What happened before this step, and after the last one.
  const events = (e.between[e.n - 1] || []).concat(e.n === e.steps.length ? e.between[e.n] : []);
  $('step-events').textContent = events.join('\n');
  $('step-text').textContent = step ? describe(step) : (e.doc.note || 'the clues, before any step');
  const meaning = step && e.doc.legend.find(([reason]) => reason === step.reason);
  $('step-meaning').textContent = meaning ? step.reason + ': ' + meaning[1] : '';
  $('step-back').disabled = $('step-first').disabled = e.n === 0;
  $('step-next').disabled = $('step-last').disabled = e.n === e.steps.length;
  worker.postMessage({ type: 'step', n: e.n });
}

// A step as `slink explain` words it (`R10 at cell (1, 1): line H(1, 2)`).
function describe(step) {
  let s = (step.depth > 0 ? '[depth ' + step.depth + '] ' : '') + step.reason;
  if (step.at) s += ' at ' + step.at.kind + ' (' + step.at.row + ', ' + step.at.col + ')';
  s += ':';
  if (step.lines.length) s += ' line ' + step.lines.join(' ');
  if (step.crosses.length) s += ' cross ' + step.crosses.join(' ');
  return s;
}

function showStepPicture(n, svg) {
  if (!explained || n !== explained.n || svg === null) return;
  $('step-picture').src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
}

function closeExplanation() {
  explained = null;
  $('explain').hidden = true;
}

// --- wiring ---

function solveText() {
  const text = $('text').value;
  solve('input', new TextEncoder().encode(text));
}

function fromHash() {
  const hash = location.hash.slice(1);
  if (!hash) return;
  let text;
  try {
    text = decodeURIComponent(hash);
  } catch (e) {
    text = hash;
  }
  $('text').value = text;
  solveText();
}

function wire() {
  $('solve').onclick = solveText;
  $('file').onchange = async () => {
    const file = $('file').files[0];
    if (file) solve(file.name, new Uint8Array(await file.arrayBuffer()));
    $('file').value = '';
  };
  $('stop').onclick = () => {
    $('stop').disabled = true;
    startWorker();
    if (run && !run.done) {
      run.done = true;
      showStatus(run.name + ': stopped after ' + run.answers.length + ' of ' + run.total +
        ' data sets (the downloads hold those)');
      setDownloads(true);
    }
  };
  $('step-first').onclick = () => showStep(0);
  $('step-back').onclick = () => showStep(explained.n - 1);
  $('step-next').onclick = () => showStep(explained.n + 1);
  $('step-last').onclick = () => showStep(explained.steps.length);
  $('step-close').onclick = closeExplanation;
  window.addEventListener('hashchange', fromHash);
  startWorker().then(fromHash);
}

wire();
