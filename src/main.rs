//! The `slink` command: a thin layer of argument parsing over the library.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    if !cli::cpu::has_what_the_build_needs() {
        return ExitCode::from(2);
    }
    cli::main()
}
