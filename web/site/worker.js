// The page's solver: slink's library compiled to WebAssembly (slink.wasm),
// run in this Web Worker so that the page never waits on it. This file only
// moves bytes: the reading, solving, records and pictures are the library's
// (web/src/lib.rs lists the calls). The page stops a run by ending the worker.
//
// Messages in:  {type: 'open', name, bytes, budget, detailFirst}
//               {type: 'detail', k}   {type: 'explain', k}   {type: 'step', n}
// Messages out: {type: 'ready'} | {type: 'opened', ...} | {type: 'answers', list}
//               {type: 'done', millis} | {type: 'detail', k, answer}
//               {type: 'explained', k, doc} | {type: 'step', n, svg} | {type: 'error', message}

'use strict';

let wasm = null;
let opened = null; // {name, bytes, budget}: to start afresh after a trap
const decoder = new TextDecoder();
const encoder = new TextEncoder();
const imports = { env: { now_ms: () => performance.now() } };

async function load() {
  const response = fetch('slink.wasm');
  const { instance } = await WebAssembly.instantiateStreaming(response, imports);
  wasm = instance.exports;
}

// Writes the name and the text where the module asks, then opens them.
function open(name, bytes, budget) {
  const nameBytes = encoder.encode(name);
  const len = nameBytes.length + bytes.length;
  const at = wasm.slink_input(len);
  const room = new Uint8Array(wasm.memory.buffer, at, len);
  room.set(nameBytes, 0);
  room.set(bytes, nameBytes.length);
  return output(wasm.slink_open(nameBytes.length, budget));
}

// The JSON answer the last call left, `len` bytes at slink_output().
function output(len) {
  const at = wasm.slink_output();
  return JSON.parse(decoder.decode(new Uint8Array(wasm.memory.buffer, at, len)));
}

// A solve that traps (a panic in the library aborts) leaves the module
// unusable: a new instance, the input opened again, and the data set's
// record as batch mode gives a solver that failed.
async function afresh(k) {
  await load();
  open(opened.name, opened.bytes, opened.budget);
  return output(wasm.slink_failed(k));
}

async function solveAll(message) {
  const { name, bytes, budget, detailFirst } = message;
  opened = { name, bytes: new Uint8Array(bytes), budget };
  const found = open(name, opened.bytes, budget);
  postMessage({ type: 'opened', ...found });
  const started = performance.now();
  let list = [];
  let posted = started;
  for (let k = 0; k < found.data_sets; k++) {
    let answer;
    try {
      answer = output(wasm.slink_solve(k, k < detailFirst ? 1 : 0));
    } catch (e) {
      answer = await afresh(k);
    }
    answer.k = k;
    list.push(answer);
    const now = performance.now();
    if (now - posted > 100 || list.length >= 500) {
      postMessage({ type: 'answers', list });
      list = [];
      posted = now;
    }
  }
  postMessage({ type: 'answers', list });
  postMessage({ type: 'done', millis: performance.now() - started });
}

onmessage = async (event) => {
  const m = event.data;
  try {
    if (m.type === 'open') {
      await solveAll(m);
    } else if (m.type === 'detail') {
      postMessage({ type: 'detail', k: m.k, answer: { ...output(wasm.slink_solve(m.k, 1)), k: m.k } });
    } else if (m.type === 'explain') {
      postMessage({ type: 'explained', k: m.k, doc: output(wasm.slink_explain(m.k)) });
    } else if (m.type === 'step') {
      postMessage({ type: 'step', n: m.n, svg: output(wasm.slink_step_picture(m.n)) });
    }
  } catch (e) {
    postMessage({ type: 'error', message: String(e && e.message || e) });
    // A trap leaves the module unusable: a new one, with the input open.
    if (opened) {
      await load();
      open(opened.name, opened.bytes, opened.budget);
    }
  }
};

load().then(
  () => postMessage({ type: 'ready' }),
  (e) => postMessage({ type: 'error', message: 'cannot load slink.wasm: ' + e }),
);
