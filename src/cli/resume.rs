//! `slink solve -o OUTPUT --resume`: the library's road of going on with
//! a stopped run ([`slink::run::batch::resume::reopen`]), taken from the
//! command's arguments, its refusals said as `slink solve: ...`.

use super::output::{Output, OutputArgs};
use slink::run::batch::resume::reopen::reopen;
use slink::run::batch::resume::Resumed;
use slink::run::batch::{Config, Input};
use std::process::ExitCode;

/// Says `why` as `slink solve: ...`; the exit status of a usage error.
fn refuse(why: &str) -> ExitCode {
    eprintln!("slink solve: {why}");
    ExitCode::from(2)
}

/// Opens the output of a `--resume` run over `inputs` ([`reopen`]):
/// appended to after its whole records, `config.skip` raised past them
/// (`None`: missing or empty, an ordinary run); refused, with exit status
/// 2, as the library says why, the output left as it was.
pub fn open(
    output: &OutputArgs,
    inputs: &[Input],
    config: &mut Config,
) -> Result<(Output, Option<Resumed>), ExitCode> {
    let Some(path) = &output.output else {
        return Err(refuse(
            "--resume needs -o OUTPUT: the output of the stopped run, to go on with",
        ));
    };
    let reopened = reopen(path, inputs, config).map_err(|e| refuse(&e.to_string()))?;
    if let Some(found) = &reopened.found {
        let name = path.display().to_string();
        eprintln!("slink solve: {}", found.note(&name, config.skip, inputs));
    }
    Ok((Output::file(reopened.file, path), reopened.found))
}
