//! `--from`: the format of the puzzles read, for every command that reads
//! puzzles.

use clap::Args;
use slink::formats::Format;
use slink::run::batch::Input;

/// The input format option.
#[derive(Args, Debug, Clone)]
pub struct FromArgs {
    /// Format of the input: judge, url, loopy or pzprv3 (default: detected
    /// per file from its first line that is not blank or a `#` comment;
    /// in judge mode, standard input is the judge format).
    /// Blank and `#` lines may come between URLs and IDs; a bad line is
    /// reported in place and the others are read.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<Format>,
}

impl FromArgs {
    /// The format asked for; `None` to detect it.
    pub fn format(&self) -> Option<Format> {
        self.from
    }
}

/// The inputs named on a command line: `files`, or standard input when
/// there are none (`-` is standard input too).
pub fn inputs_of<F: AsRef<std::ffi::OsStr>>(files: &[F]) -> Vec<Input> {
    if files.is_empty() {
        vec![Input::Stdin]
    } else {
        files.iter().map(|f| Input::from_arg(f.as_ref())).collect()
    }
}
