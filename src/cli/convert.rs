//! `slink convert`: puzzles into another format, without solving them.

use super::from::FromArgs;
use super::output::{write_failed, OutputArgs};
use clap::Args;
use slink::formats::Format;
use slink::interrupt;
use slink::run::convert;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `slink convert`.
#[derive(Args, Debug)]
#[command(after_help = concat!("\
Each puzzle is read and written as it is: nothing is solved (`slink solve \
--format url|loopy|pzprv3` solves each puzzle and writes it with its \
answer where the format has room for one). A bad data set is reported on \
standard error in place (at most 20 per file, then a count) and the others \
are converted. The judge format's output ends with `0 0`.

Example:
    slink convert --to judge puzzles.url > puzzles.in
    slink convert --to loopy corpus/sample.in

", super::exit_statuses!()))]
pub struct ConvertArgs {
    /// Puzzle files (judge format, URLs, Loopy IDs or pzprv3 files: see
    /// --from); none, or `-`, reads standard input.
    files: Vec<PathBuf>,
    #[command(flatten)]
    from: FromArgs,
    /// The format to write.
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Format,
    #[command(flatten)]
    quiet: super::quiet::QuietArg,
    #[command(flatten)]
    output: OutputArgs,
}

/// Runs `slink convert`.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let inputs = super::from::inputs_of(&args.files);
    let mut out = match args.output.open_or_exit("slink convert", &inputs) {
        Ok(out) => out,
        Err(status) => return status,
    };
    let to = args.to;
    let mut err = io::stderr();
    let how = convert::Conversion {
        from: args.from.format(),
        to,
        quiet: args.quiet.quiet,
    };
    let converted = convert::run(&inputs, &how, &mut out, &mut err);
    if let (Some(signal), Ok(done)) = (interrupt::requested(), &converted) {
        let read = slink::counted((done.written + done.bad) as u64, "data set");
        let end = if to == Format::Judge {
            " (the judge format's output still ends with `0 0`)"
        } else {
            ""
        };
        super::signals::announce(
            "slink convert",
            &format!(
                "stopped by signal {signal} after {read}, written whole{end}; run the same \
                 command again to convert them all"
            ),
        );
    }
    match converted {
        Ok(done) if done.bad > 0 || done.unreadable > 0 => ExitCode::from(2),
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => write_failed("slink convert", &e, 0),
    }
}
