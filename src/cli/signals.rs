//! SIGINT and SIGTERM for the commands that take puzzles (judge mode,
//! `solve`, `check`, `gen`, `explain`, `verify`, `bench`): the first asks
//! the run to stop at a record boundary ([`slink::interrupt`]),
//! a second ends the process at once with `128 + signal`, as a shell
//! reports a process killed by it.

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::low_level;
use slink::interrupt;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the command said where a signal stopped it ([`announce`]).
static ANNOUNCED: AtomicBool = AtomicBool::new(false);

/// Installs the handlers. If that fails, the signals keep their default
/// action (ending the process at once), which is reported on stderr.
pub fn install() {
    for signal in [SIGINT, SIGTERM] {
        // SAFETY: the action only touches atomics (`interrupt::request`)
        // and calls `_exit`, both async-signal-safe.
        let installed = unsafe {
            low_level::register(signal, move || {
                if interrupt::request(signal) {
                    low_level::exit(128 + signal);
                }
            })
        };
        if let Err(e) = installed {
            eprintln!("slink: warning: cannot handle signal {signal}: {e}");
        }
    }
}

/// The exit status of a run that a signal stopped (`128 + signal`: 130
/// for SIGINT, 143 for SIGTERM), if one did.
pub fn stopped_status() -> Option<ExitCode> {
    interrupt::requested().map(|signal| ExitCode::from((128 + signal) as u8))
}

/// Says on standard error, as `COMMAND: LINE`, where a signal stopped the
/// command and how to go on (every stop is said, under `-q` too).
pub fn announce(command: &str, line: &str) {
    ANNOUNCED.store(true, Ordering::Relaxed);
    eprintln!("{command}: {line}");
}

/// After `command` ended: if a signal stopped it and it did not say where
/// ([`announce`]), says that it stopped and that what it wrote is whole.
pub fn announce_if_silent(command: &str) {
    if let Some(signal) = interrupt::requested() {
        if !ANNOUNCED.load(Ordering::Relaxed) {
            announce(
                command,
                &format!(
                    "stopped by signal {signal} before the end; what it wrote is whole; \
                     run the same command again to do it all"
                ),
            );
        }
    }
}
