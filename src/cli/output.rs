//! `-o/--output FILE`: where a command's result goes, for every command
//! that writes one (`solve`, `check`, `explain`, `verify`, `bench`,
//! `gen`). One [`OutputArgs`] flattened into each command's arguments,
//! one [`Output`] writer: buffered, and every error it gives names the
//! file (`writing to out.txt: No space left on device`), keeping its kind
//! so that a closed pipe is still told apart.

use clap::Args;
use slink::run::batch::Input;
use slink::run::files;
use std::fs::File;
use std::io::{self, IoSlice, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The output option.
#[derive(Args, Debug, Clone)]
pub struct OutputArgs {
    /// Write the result to FILE instead of standard output. FILE is made
    /// (or emptied) only once every input has been opened: a missing input
    /// leaves it as it was; an input (by any name: a link, another
    /// spelling) is refused as FILE.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl OutputArgs {
    /// Opens the output: the file, or standard output. An error names the
    /// file. A file is touched only when every one of `inputs` can be
    /// opened (a mistyped input name must not empty the results of an
    /// earlier run); and neither the file nor standard output is one of
    /// them by any name (writing would empty or grow the input before it
    /// is read: [`files::refuse_clashes`]).
    pub fn open(&self, inputs: &[Input]) -> io::Result<Output> {
        self.open_with(inputs, &[])
    }

    /// [`OutputArgs::open`], with `others`, the command's other outputs
    /// (made by the caller), refused as well when one is an input or is
    /// this output.
    pub fn open_with(
        &self,
        inputs: &[Input],
        others: &[files::Destination<'_>],
    ) -> io::Result<Output> {
        let path = self.output.as_deref();
        let mut outputs = vec![files::Destination::result(path)];
        outputs.extend_from_slice(others);
        files::check_outputs(inputs, &outputs)?;
        match path {
            Some(path) => Output::create(path),
            None => Ok(Output::stdout()),
        }
    }

    /// [`OutputArgs::open`], or, when it fails, the exit status 2 after
    /// saying why as `COMMAND: ...`.
    pub fn open_or_exit(&self, command: &str, inputs: &[Input]) -> Result<Output, ExitCode> {
        self.open(inputs).map_err(|e| {
            eprintln!("{command}: {e}");
            ExitCode::from(2)
        })
    }
}

/// A buffered writer to a file or standard output whose errors say where
/// it writes.
pub struct Output {
    inner: io::BufWriter<Box<dyn Write>>,
    name: String,
}

impl Output {
    /// Buffer size: large writes (the batch pipeline's vectored runs of
    /// drawings) go straight through.
    const BUFFER: usize = 1 << 16;

    /// Makes (or empties) `path`; an error names it.
    pub fn create(path: &Path) -> io::Result<Output> {
        let name = path.display().to_string();
        let file = File::create(path)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot create {name}: {e}")))?;
        Ok(Output::new(Box::new(file), name))
    }

    /// The file at `path`, already open (a resumed run's output).
    pub fn file(file: File, path: &Path) -> Output {
        Output::new(Box::new(file), path.display().to_string())
    }

    /// Standard output.
    pub fn stdout() -> Output {
        Output::new(Box::new(io::stdout().lock()), "standard output".into())
    }

    fn new(inner: Box<dyn Write>, name: String) -> Output {
        Output {
            inner: io::BufWriter::with_capacity(Output::BUFFER, inner),
            name,
        }
    }

    /// `e`, of the same kind, saying where the write went.
    fn named(&self, e: io::Error) -> io::Error {
        io::Error::new(e.kind(), format!("writing to {}: {e}", self.name))
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(|e| self.named(e))
    }

    fn write_vectored(&mut self, bufs: &[IoSlice<'_>]) -> io::Result<usize> {
        self.inner.write_vectored(bufs).map_err(|e| self.named(e))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf).map_err(|e| self.named(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| self.named(e))
    }
}

/// The exit status of a command whose output failed with `e`, after
/// saying so as `COMMAND: writing to FILE: ...`: a reader that stopped
/// early (`| head`, a closed pipe) is quietly `quiet`, anything else 2.
pub fn write_failed(command: &str, e: &io::Error, quiet: u8) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(quiet);
    }
    eprintln!("{command}: {e}");
    ExitCode::from(2)
}
