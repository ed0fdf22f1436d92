//! Memory maps of a file that may shrink under them (Linux).
//!
//! Reading a page of a mapped file past the file's end raises SIGBUS,
//! which by default kills the process: a file truncated or rewritten
//! shorter while slink reads it would end the run with no message. (A
//! rewrite that keeps the file's length raises no fault and changes no
//! length: it is not detected, and the pages read give the old bytes or
//! the new.) So every mapped
//! window is registered, while it is in use, in a fixed-size lock-free
//! table of address ranges, and a SIGBUS handler, installed once, looks
//! the faulting address up there: inside a registered window, it maps an
//! anonymous page of zeros over the faulting page (the access is retried
//! and reads zeros), sets that window's `faulted` flag and returns; the
//! reader then checks the flag (and the file's length) before it uses
//! what it read, and stops with "the file shrank while being read".
//! Anywhere else the fault is not ours: the handler hands it to the
//! handler that was there before (Rust's own, which reports a stack
//! overflow) or, if there was none, restores the default action, so that
//! the fault repeats and kills the process as it would have.
//!
//! All of slink's unsafe code for mapping is here.

#![deny(unsafe_op_in_unsafe_fn)]

use memmap2::{Advice, Mmap, MmapOptions};
use std::fs::File;
use std::io;
use std::sync::atomic::{fence, AtomicBool, AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};

/// Windows mapped at once, at most (batch mode maps one per input being
/// read; a window that finds the table full is not made, and the file is
/// read instead).
const SLOTS: usize = 64;

/// A registered range. `start` and `len` are written under a sequence
/// number (odd while they change), so that the handler never takes one
/// window's start with another's length; `len == 0` is a free slot's.
struct Registered {
    seq: AtomicUsize,
    start: AtomicUsize,
    len: AtomicUsize,
    faulted: AtomicBool,
    used: AtomicBool,
}

impl Registered {
    const fn new() -> Registered {
        Registered {
            seq: AtomicUsize::new(0),
            start: AtomicUsize::new(0),
            len: AtomicUsize::new(0),
            faulted: AtomicBool::new(false),
            used: AtomicBool::new(false),
        }
    }

    /// Sets the range (by its owner only).
    fn set(&self, start: usize, len: usize) {
        let seq = self.seq.load(Ordering::Relaxed);
        self.seq.store(seq.wrapping_add(1), Ordering::Relaxed);
        fence(Ordering::Release);
        self.start.store(start, Ordering::Relaxed);
        self.len.store(len, Ordering::Relaxed);
        self.seq.store(seq.wrapping_add(2), Ordering::Release);
    }

    /// The range, if it was read whole and is set.
    fn get(&self) -> Option<(usize, usize)> {
        let seq = self.seq.load(Ordering::Acquire);
        let start = self.start.load(Ordering::Relaxed);
        let len = self.len.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        let whole = seq % 2 == 0 && self.seq.load(Ordering::Relaxed) == seq;
        (whole && len > 0).then_some((start, len))
    }
}

static SLOTS_TABLE: [Registered; SLOTS] = [const { Registered::new() }; SLOTS];

/// The page size, read when the handler is installed.
static PAGE: AtomicUsize = AtomicUsize::new(0);

/// The SIGBUS action before ours.
static PREVIOUS: OnceLock<libc::sigaction> = OnceLock::new();

static INSTALL: Once = Once::new();

/// Installs the SIGBUS handler, once per process.
fn install() {
    INSTALL.call_once(|| {
        // SAFETY: sysconf has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        PAGE.store(usize::try_from(page).unwrap_or(4096), Ordering::Relaxed);
        // SAFETY: an all-zero sigaction is a valid value (SIG_DFL, no
        // flags, an empty mask).
        let mut old: libc::sigaction = unsafe { std::mem::zeroed() };
        // SAFETY: with a null new action, sigaction only writes the
        // current one into `old`, which is valid for writes.
        if unsafe { libc::sigaction(libc::SIGBUS, std::ptr::null(), &mut old) } != 0 {
            return;
        }
        let _ = PREVIOUS.set(old);
        // SAFETY: as above, all-zero is a valid sigaction.
        let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
        let handler: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
            on_sigbus;
        action.sa_sigaction = handler as libc::sighandler_t;
        action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        // SAFETY: `action.sa_mask` is valid for writes.
        unsafe { libc::sigemptyset(&mut action.sa_mask) };
        // SAFETY: `action` is a valid action whose handler has the
        // SA_SIGINFO signature and is async-signal-safe (see it).
        unsafe { libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut()) };
    });
}

/// The SIGBUS handler. Async-signal-safe: atomic loads and stores on
/// static memory, `mmap` and `sigaction` (system calls), a call of the
/// previous handler.
extern "C" fn on_sigbus(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    // SAFETY: with SA_SIGINFO the kernel passes a valid siginfo, and for
    // SIGBUS its address field is set.
    let addr = unsafe { (*info).si_addr() } as usize;
    let page = PAGE.load(Ordering::Relaxed);
    for slot in &SLOTS_TABLE {
        let Some((start, len)) = slot.get() else {
            continue;
        };
        if addr >= start && addr - start < len {
            let at = addr & !(page - 1);
            // SAFETY: the page at `at` lies inside a live read-only mapping
            // of ours (registered only while its window exists, and
            // unregistered before it is unmapped), so replacing it with a
            // page of zeros touches no other memory; nothing holds a
            // mutable reference into it.
            let zeros = unsafe {
                libc::mmap(
                    at as *mut libc::c_void,
                    page,
                    libc::PROT_READ,
                    libc::MAP_FIXED | libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if zeros != libc::MAP_FAILED {
                slot.faulted.store(true, Ordering::Release);
                return;
            }
            break;
        }
    }
    // Not ours (or the page could not be replaced).
    match PREVIOUS.get() {
        Some(prev) if prev.sa_sigaction != libc::SIG_DFL && prev.sa_sigaction != libc::SIG_IGN => {
            if prev.sa_flags & libc::SA_SIGINFO != 0 {
                // SAFETY: a handler installed with SA_SIGINFO has this
                // signature; it is called as the kernel would have.
                let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                    unsafe { std::mem::transmute(prev.sa_sigaction) };
                f(sig, info, ctx);
            } else {
                // SAFETY: a handler installed without SA_SIGINFO has this
                // signature.
                let f: extern "C" fn(libc::c_int) =
                    unsafe { std::mem::transmute(prev.sa_sigaction) };
                f(sig);
            }
        }
        _ => {
            // SAFETY: an all-zero sigaction is SIG_DFL with no flags.
            let dfl: libc::sigaction = unsafe { std::mem::zeroed() };
            // SAFETY: `dfl` is a valid action; on return the fault
            // repeats and the default action (death) follows.
            unsafe { libc::sigaction(libc::SIGBUS, &dfl, std::ptr::null_mut()) };
        }
    }
}

/// A read-only map of part of a file, registered with the SIGBUS handler
/// while it exists: a page past the file's end (the file shrank) reads as
/// zeros and sets [`Window::faulted`].
pub struct Window {
    map: Mmap,
    slot: usize,
}

impl Window {
    /// Maps `len` bytes of `file` from `offset` (any offset), or `None`
    /// if the table of windows is full.
    pub fn new(file: &File, offset: u64, len: usize) -> io::Result<Option<Window>> {
        install();
        let Some(slot) = SLOTS_TABLE.iter().position(|s| {
            s.used
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
        }) else {
            return Ok(None);
        };
        // SAFETY: the map is read-only and private to this window. A file
        // that shrinks under it no longer kills the process: the handler
        // gives the missing pages as zeros and marks the window, which the
        // reader checks before using what it read.
        let map = match unsafe { MmapOptions::new().offset(offset).len(len).map(file) } {
            Ok(map) => map,
            Err(e) => {
                SLOTS_TABLE[slot].used.store(false, Ordering::Release);
                return Err(e);
            }
        };
        // Only a hint: a failure changes nothing.
        let _ = map.advise(Advice::Sequential);
        let s = &SLOTS_TABLE[slot];
        s.faulted.store(false, Ordering::Relaxed);
        s.set(map.as_ptr() as usize, map.len());
        Ok(Some(Window { map, slot }))
    }

    /// The mapped bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.map
    }

    /// Whether a page of the window was found past the file's end (and
    /// read as zeros).
    pub fn faulted(&self) -> bool {
        SLOTS_TABLE[self.slot].faulted.load(Ordering::Acquire)
    }
}

impl Drop for Window {
    fn drop(&mut self) {
        // Unregistered before the map is unmapped (after this function).
        let s = &SLOTS_TABLE[self.slot];
        s.set(0, 0);
        s.used.store(false, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_window_past_the_end_of_a_shrunk_file_reads_zeros_and_says_so() {
        let path = std::env::temp_dir().join(format!("slink-mapped-{}.bin", std::process::id()));
        let mut f = File::create(&path).unwrap();
        f.write_all(&vec![b'x'; 64 << 10]).unwrap();
        drop(f);
        let file = File::open(&path).unwrap();
        let w = Window::new(&file, 100, 60 << 10).unwrap().unwrap();
        assert_eq!(w.bytes()[0], b'x');
        assert!(!w.faulted());
        // Cut to 8 KB under the map: the pages past it are gone.
        File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(8 << 10)
            .unwrap();
        let bytes = w.bytes();
        // Inside the file still (offset 100 + 4000).
        assert_eq!(bytes[4000], b'x');
        assert!(!w.faulted());
        // Past its end: without the handler, SIGBUS here.
        assert_eq!(std::hint::black_box(bytes[40 << 10]), 0);
        assert!(w.faulted());
        assert!(bytes[(8 << 10) - 100..].iter().all(|&b| b == 0));
        drop(w);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn windows_come_and_go_in_the_table() {
        let path = std::env::temp_dir().join(format!("slink-mapped2-{}.bin", std::process::id()));
        std::fs::write(&path, vec![b'y'; 10_000]).unwrap();
        let file = File::open(&path).unwrap();
        for _ in 0..3 * SLOTS {
            let w = Window::new(&file, 5, 9_000).unwrap().unwrap();
            assert!(w.bytes().iter().all(|&b| b == b'y') && !w.faulted());
        }
        std::fs::remove_file(&path).unwrap();
    }
}
