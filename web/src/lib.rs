//! slink in the browser: the glue between the page's Web Worker
//! (`site/worker.js`) and the `slink` library, compiled for
//! `wasm32-unknown-unknown`. Nothing here reads or solves a puzzle: the
//! reader, the solver, the records, the pictures and the explanations are
//! the library's ([`session`], [`steps`]); this file only passes bytes
//! across.
//!
//! The interface is a handful of C functions over the module's memory,
//! without a bindings generator: the worker asks for room
//! ([`slink_input`]), writes the input's name and text there, opens it
//! ([`slink_open`]), then asks for each data set's result
//! ([`slink_solve`]); every answer is a JSON document left in one output
//! buffer, whose address [`slink_output`] gives and whose length the call
//! returns. The one import is the clock: `env.now_ms`, the page's
//! `performance.now()` (std's clock panics on this target).
//!
//! All state is one [`Glue`] in a thread-local: the module runs on the
//! worker's one thread.

pub mod session;
pub mod steps;

use session::Session;
use slink::Options;
use std::cell::RefCell;

/// Milliseconds from a fixed start: the host's clock.
#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    #[link(wasm_import_module = "env")]
    extern "C" {
        /// `performance.now()`.
        fn now_ms() -> f64;
    }
    // SAFETY: the import takes nothing and returns a number; the worker
    // provides it when it instantiates the module.
    unsafe { now_ms() }
}

/// Milliseconds from a fixed start: the host's clock.
#[cfg(not(target_arch = "wasm32"))]
fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// The glue's state.
#[derive(Default)]
pub struct Glue {
    /// The bytes the worker writes before an open: the name, then the text.
    input: Vec<u8>,
    /// The answer of the last call.
    output: Vec<u8>,
    session: Option<Session>,
    steps: Option<steps::Steps>,
}

thread_local! {
    static GLUE: RefCell<Glue> = RefCell::new(Glue::default());
}

impl Glue {
    /// Leaves `value` as JSON in the output; returns its length.
    fn answer(&mut self, value: &impl serde::Serialize) -> usize {
        self.output.clear();
        serde_json::to_writer(&mut self.output, value).expect("plain data serializes");
        self.output.len()
    }

    /// Opens the input (its first `name_len` bytes the name) with a budget
    /// of `budget` search nodes and probes; answers what was found.
    pub fn open(&mut self, name_len: usize, budget: u64) -> usize {
        let mut text = std::mem::take(&mut self.input);
        let name_len = name_len.min(text.len());
        let name = String::from_utf8_lossy(&text[..name_len]).into_owned();
        text.drain(..name_len);
        let options = Options {
            node_budget: budget,
            ..Options::default()
        };
        let session = self.session.insert(Session::open(text, name, options));
        self.steps = None;
        let opened = serde_json::to_vec(&session.opened()).expect("plain data serializes");
        self.output = opened;
        self.output.len()
    }

    /// Solves data set `k` (from 0) of the open input; answers its result,
    /// or `null` past the end.
    pub fn solve(&mut self, k: usize, detail: bool) -> usize {
        let answer = self
            .session
            .as_mut()
            .and_then(|s| s.solve(k, detail, &now_ms));
        self.answer(&answer)
    }

    /// The record of data set `k` whose solve trapped.
    pub fn failed(&mut self, k: usize) -> usize {
        let answer = self.session.as_ref().and_then(|s| s.failed(k));
        self.answer(&answer)
    }

    /// Explains data set `k`: answers `slink explain --json`'s document.
    pub fn explain(&mut self, k: usize) -> usize {
        let puzzle = self.session.as_ref().and_then(|s| s.puzzle(k));
        let options = self.session.as_ref().map(Session::options);
        match (puzzle, options) {
            (Some(Ok(p)), Some(options)) => {
                let number = k + 1;
                let steps = self.steps.insert(steps::Steps::new(p, number, options));
                let doc = steps.json().to_owned();
                self.output = doc.into_bytes();
                self.output.len()
            }
            (Some(Err(e)), _) => self.answer(&serde_json::json!({ "error": e.to_string() })),
            _ => self.answer(&()),
        }
    }

    /// The picture of the explained puzzle after its first `n` steps.
    pub fn step_picture(&mut self, n: usize) -> usize {
        let svg = self.steps.as_ref().map(|s| s.picture(n));
        self.answer(&svg)
    }
}

/// Room for `len` bytes of input; its address.
#[no_mangle]
pub extern "C" fn slink_input(len: usize) -> *mut u8 {
    GLUE.with_borrow_mut(|g| {
        g.input.clear();
        g.input.resize(len, 0);
        g.input.as_mut_ptr()
    })
}

/// The address of the last answer.
#[no_mangle]
pub extern "C" fn slink_output() -> *const u8 {
    GLUE.with_borrow(|g| g.output.as_ptr())
}

/// Opens the input written at [`slink_input`]: its first `name_len` bytes
/// the name, the rest the text; `budget` search nodes and probes per
/// puzzle. Returns the answer's length.
#[no_mangle]
pub extern "C" fn slink_open(name_len: usize, budget: f64) -> usize {
    GLUE.with_borrow_mut(|g| g.open(name_len, budget as u64))
}

/// Solves data set `k` (from 0); with `detail` non-zero, its picture and
/// drawings too. Returns the answer's length.
#[no_mangle]
pub extern "C" fn slink_solve(k: usize, detail: u32) -> usize {
    GLUE.with_borrow_mut(|g| g.solve(k, detail != 0))
}

/// The record of data set `k`, whose solve trapped. Returns its length.
#[no_mangle]
pub extern "C" fn slink_failed(k: usize) -> usize {
    GLUE.with_borrow_mut(|g| g.failed(k))
}

/// Explains data set `k`. Returns the answer's length.
#[no_mangle]
pub extern "C" fn slink_explain(k: usize) -> usize {
    GLUE.with_borrow_mut(|g| g.explain(k))
}

/// The explained puzzle's picture after `n` steps. Returns its length.
#[no_mangle]
pub extern "C" fn slink_step_picture(n: usize) -> usize {
    GLUE.with_borrow_mut(|g| g.step_picture(n))
}
