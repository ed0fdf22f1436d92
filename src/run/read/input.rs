//! Reading an input one piece at a time.
//!
//! A [`Source`] shows a window of its input, [`Source::piece`], starting
//! at [`Source::offset`]; [`Source::fill`] makes it at least so many bytes
//! long (or reach the end), [`Source::consume`] drops bytes from its
//! front. Memory stays proportional to the piece size, not to the input.
//!
//! A regular file (standard input included, when it is redirected from
//! one) is read up to the length it had when it was opened: a file that
//! grows meanwhile is read as it was, and one that shrinks (truncated, or
//! rewritten shorter, under the run) is an error, "the file shrank while
//! being read", after the data sets before the piece that found it. A
//! rewrite that leaves the file no shorter (another process writing over
//! it in place) is not detected: what is read is then a mix of the old
//! bytes and the new. Batch mode
//! ([`open_mapped`], on Linux) memory-maps it one window at a time, so
//! that only the window being read is resident and nothing is copied; a
//! page found past the file's end reads as zeros instead of killing the
//! process with SIGBUS (`mapped.rs`), and [`Source::check`], called
//! before the records of a piece are written, turns that (or a file now
//! shorter) into the error. Elsewhere ([`open`]: `check`, `explain`,
//! `bench`, which hand a piece to code that cannot check it record by
//! record), a regular file is read with positional reads into a buffer,
//! which holds a copy that cannot change. A file that reports a length of
//! 0 (in `/proc`, on some FUSE file systems) and anything else (a pipe, a
//! terminal, a FIFO) is read as a stream, to its end.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::Arc;

/// One input of a run: a file, standard input, bytes or a reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-` on the command line), named `stdin` in messages.
    Stdin,
    /// A file.
    Path(PathBuf),
    /// Bytes already in memory, named `name` in messages (read as a stream).
    Bytes {
        /// The name in messages and JSON records.
        name: String,
        /// The input.
        bytes: Arc<[u8]>,
    },
    /// Any reader (a library caller's stream: a socket, an iterator's
    /// text), named `name` in messages and read as a stream, once.
    Reader {
        /// The name in messages and JSON records.
        name: String,
        /// The reader, taken by the first run that opens this input.
        reader: SharedReader,
    },
}

/// A reader that an [`Input`] can hold: taken (once) by the run that
/// opens the input. Inputs compare equal when they hold the same reader.
#[derive(Clone)]
pub struct SharedReader(Arc<std::sync::Mutex<Option<Box<dyn io::Read + Send>>>>);

impl SharedReader {
    /// Wraps `reader`.
    pub fn new(reader: Box<dyn io::Read + Send>) -> Self {
        SharedReader(Arc::new(std::sync::Mutex::new(Some(reader))))
    }

    /// The reader, if no run has taken it yet.
    pub fn take(&self) -> Option<Box<dyn io::Read + Send>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

impl fmt::Debug for SharedReader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedReader")
    }
}

impl PartialEq for SharedReader {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for SharedReader {}

impl Input {
    /// The input named by a command-line argument: `-` is standard input.
    pub fn from_arg(arg: &std::ffi::OsStr) -> Input {
        if arg == "-" {
            Input::Stdin
        } else {
            Input::Path(arg.into())
        }
    }

    /// The name used in messages and JSON records.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "stdin".into(),
            Input::Path(p) => p.display().to_string(),
            Input::Bytes { name, .. } | Input::Reader { name, .. } => name.clone(),
        }
    }
}

/// An input being read piece by piece.
pub struct Source {
    reader: Box<dyn Read>,
    buf: Vec<u8>,
    /// The piece is `buf[pos..filled]`.
    pos: usize,
    filled: usize,
    /// Offset of `buf[pos]`.
    start: u64,
    eof: bool,
    /// For a regular file: its bytes from where the reading starts.
    size: Option<u64>,
    /// A regular file mapped a window at a time (then `buf` is unused).
    #[cfg(target_os = "linux")]
    mapped: Option<Mapped>,
}

/// A regular file mapped a window at a time.
#[cfg(target_os = "linux")]
struct Mapped {
    file: File,
    /// Offset in the file of the input's first byte.
    origin: u64,
    /// The window and its offset in the input; it covers the piece.
    window: Option<(u64, super::mapped::Window)>,
    /// Whether an earlier window found the file shrunk.
    faulted: bool,
}

/// The error of a file that shrank while being read.
fn shrank() -> io::Error {
    io::Error::other("the file shrank while being read")
}

/// Opens `input`: a regular file (standard input included, when it is
/// redirected from one) is read up to its length when opened, anything
/// else as a stream.
pub fn open(input: &Input) -> io::Result<Source> {
    open_as(input, false)
}

/// Opens `input` as [`open`] does, but a regular file is memory-mapped a
/// window at a time (on Linux; elsewhere read): its reader must call
/// [`Source::check`] before it uses what it read of a piece.
pub fn open_mapped(input: &Input) -> io::Result<Source> {
    open_as(input, true)
}

fn open_as(input: &Input, map: bool) -> io::Result<Source> {
    match input {
        Input::Path(path) => {
            let file = File::open(path)?;
            let meta = file.metadata()?;
            if meta.is_dir() {
                return Err(io::Error::other("it is a directory"));
            }
            if meta.is_file() && meta.len() > 0 {
                Ok(Source::file(file, 0, meta.len(), map))
            } else {
                Ok(Source::stream(Box::new(file)))
            }
        }
        Input::Stdin => open_stdin(map),
        Input::Bytes { bytes, .. } => Ok(Source::stream(Box::new(io::Cursor::new(bytes.clone())))),
        Input::Reader { reader, .. } => match reader.take() {
            Some(reader) => Ok(Source::stream(reader)),
            None => Err(io::Error::other("this reader was read before")),
        },
    }
}

#[cfg(unix)]
fn open_stdin(map: bool) -> io::Result<Source> {
    use std::io::Seek;
    use std::os::fd::AsFd;
    let stdin = io::stdin();
    // A copy of the descriptor: closing it leaves standard input open.
    if let Ok(fd) = stdin.as_fd().try_clone_to_owned() {
        let mut file = File::from(fd);
        if let Ok(meta) = file.metadata() {
            if meta.is_file() && meta.len() > 0 {
                // Start where standard input stands (a shell may have read some).
                if let Ok(at) = file.stream_position() {
                    if at <= meta.len() {
                        return Ok(Source::file(file, at, meta.len(), map));
                    }
                }
            }
        }
    }
    Ok(Source::stream(Box::new(stdin)))
}

#[cfg(not(unix))]
fn open_stdin(_map: bool) -> io::Result<Source> {
    Ok(Source::stream(Box::new(io::stdin())))
}

/// A regular file read from `at` to `end` with positional reads (which
/// leave the descriptor's offset alone: standard input's stays where it
/// was); reaching its end before `end` is an error.
struct FileRange {
    file: File,
    at: u64,
    end: u64,
}

impl Read for FileRange {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = usize::try_from(self.end - self.at).unwrap_or(usize::MAX);
        let want = buf.len().min(left);
        if want == 0 {
            return Ok(0);
        }
        let n = read_at(&self.file, &mut buf[..want], self.at)?;
        if n == 0 {
            return Err(shrank());
        }
        self.at += n as u64;
        Ok(n)
    }
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, at)
}

#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, at)
}

/// Elsewhere (wasm32) no file opens in the first place.
#[cfg(not(any(unix, windows)))]
fn read_at(_file: &File, _buf: &mut [u8], _at: u64) -> io::Result<usize> {
    Err(io::ErrorKind::Unsupported.into())
}

impl Source {
    /// A regular file, read (or mapped, if `map` and on Linux) from
    /// offset `start` to `end`.
    fn file(file: File, start: u64, end: u64, map: bool) -> Source {
        #[cfg(target_os = "linux")]
        if map {
            let mut source = Source::stream(Box::new(io::empty()));
            source.size = Some(end - start);
            source.mapped = Some(Mapped {
                file,
                origin: start,
                window: None,
                faulted: false,
            });
            return source;
        }
        let _ = map;
        Source::read(file, start, end, 0)
    }

    /// A regular file read with positional reads from offset `start` to
    /// `end`, its piece at `at` bytes into the input.
    fn read(file: File, start: u64, end: u64, at: u64) -> Source {
        let mut source = Source::stream(Box::new(FileRange {
            file,
            at: start + at,
            end,
        }));
        source.size = Some(end - start);
        source.start = at;
        source
    }

    /// Any reader, read into a buffer.
    pub fn stream(reader: Box<dyn Read>) -> Source {
        Source {
            reader,
            buf: Vec::new(),
            pos: 0,
            filled: 0,
            start: 0,
            eof: false,
            size: None,
            #[cfg(target_os = "linux")]
            mapped: None,
        }
    }

    /// Whether the input is memory-mapped.
    pub fn is_mapped(&self) -> bool {
        #[cfg(target_os = "linux")]
        return self.mapped.is_some();
        #[cfg(not(target_os = "linux"))]
        false
    }

    /// For a mapped file: an error if a page of it was found past its end
    /// (it read as zeros) or the file is now shorter than when it was
    /// opened; then what was read of the piece cannot be trusted. A
    /// no-op for anything else (its reads already said so).
    pub fn check(&self) -> io::Result<()> {
        #[cfg(target_os = "linux")]
        if let Some(m) = &self.mapped {
            let faulted = m.faulted || m.window.as_ref().is_some_and(|(_, w)| w.faulted());
            let end = m.origin + self.size.unwrap_or(0);
            if faulted || m.file.metadata().is_ok_and(|meta| meta.len() < end) {
                return Err(shrank());
            }
        }
        Ok(())
    }

    /// Whether the input is a regular file of known length (its reads do
    /// not wait).
    pub fn is_file(&self) -> bool {
        self.size.is_some()
    }

    /// The input's size in bytes, when known in advance (a regular file).
    pub fn size(&self) -> Option<u64> {
        self.size
    }

    /// Makes the piece at least `want` bytes long, or reach the end of
    /// the input.
    pub fn fill(&mut self, want: usize) -> io::Result<()> {
        #[cfg(target_os = "linux")]
        if self.mapped.is_some() {
            return self.fill_mapped(want);
        }
        if self.eof || self.filled - self.pos >= want {
            return Ok(());
        }
        self.buf.copy_within(self.pos..self.filled, 0);
        self.filled -= self.pos;
        self.pos = 0;
        while self.filled < want {
            if self.buf.len() == self.filled {
                // Grow as the bytes come, doubling from 64 KiB: zeroing a
                // whole piece up front cost a small input 17.7 million
                // instructions (callgrind, 1,000 20x20 puzzles in judge
                // mode: 49.4 M in all, 32.6 M with a mapped file).
                let more = self.buf.len().max(1 << 16).min(want - self.filled);
                self.buf.resize(self.filled + more, 0);
            }
            let end = self.buf.len().min(want);
            match self.reader.read(&mut self.buf[self.filled..end]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => self.filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Maps a window that covers the piece and `want` bytes (or up to
    /// the end), unless the one mapped does.
    #[cfg(target_os = "linux")]
    fn fill_mapped(&mut self, want: usize) -> io::Result<()> {
        let size = self.size.unwrap_or(0);
        let start = self.start;
        let Some(m) = &mut self.mapped else {
            return Ok(());
        };
        let need = start.saturating_add(want as u64).min(size);
        if let Some((at, w)) = &m.window {
            if *at + w.bytes().len() as u64 >= need {
                return Ok(());
            }
        }
        // Unmap the old window first: only one is ever resident.
        if let Some((_, w)) = m.window.take() {
            m.faulted |= w.faulted();
        }
        if need > start {
            let len = usize::try_from(need - start).map_err(io::Error::other)?;
            match super::mapped::Window::new(&m.file, m.origin + start, len)? {
                Some(w) => m.window = Some((start, w)),
                None if m.faulted => return Err(shrank()),
                None => {
                    // Too many windows at once: read the rest instead.
                    let m = self.mapped.take().expect("mapped");
                    *self = Source::read(m.file, m.origin, m.origin + size, start);
                    return self.fill(want);
                }
            }
        }
        Ok(())
    }

    /// The bytes from [`Source::offset`] that are available.
    pub fn piece(&self) -> &[u8] {
        #[cfg(target_os = "linux")]
        if let Some(m) = &self.mapped {
            return match &m.window {
                Some((at, w)) => w
                    .bytes()
                    .get((self.start - at) as usize..)
                    .unwrap_or_default(),
                None => &[],
            };
        }
        &self.buf[self.pos..self.filled]
    }

    /// Whether the piece reaches the end of the input.
    pub fn is_last(&self) -> bool {
        #[cfg(target_os = "linux")]
        if let Some(m) = &self.mapped {
            let size = self.size.unwrap_or(0);
            return match &m.window {
                Some((at, w)) => *at + w.bytes().len() as u64 >= size,
                None => self.start >= size,
            };
        }
        self.eof
    }

    /// Offset of the piece in the input.
    pub fn offset(&self) -> u64 {
        self.start
    }

    /// Drops the first `n` bytes of the piece (at most its length).
    pub fn consume(&mut self, n: usize) {
        let n = n.min(self.piece().len());
        if !self.is_mapped() {
            self.pos += n;
        }
        self.start += n as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Reads everything through pieces of at most `want` bytes, consuming
    /// `step` bytes at a time.
    fn read_all(mut s: Source, want: usize, step: usize) -> Vec<u8> {
        let mut all = Vec::new();
        loop {
            s.fill(want).unwrap();
            let piece = s.piece();
            let take = step.min(piece.len());
            all.extend_from_slice(&piece[..take]);
            let last = s.is_last() && take == piece.len();
            s.consume(take);
            assert_eq!(s.offset() as usize, all.len());
            if last {
                return all;
            }
        }
    }

    #[test]
    fn a_reader_is_read_as_a_stream_once() {
        let data: Vec<u8> = (0..10_000u32).map(|k| (k % 251) as u8).collect();
        let input = Input::Reader {
            name: "reader".into(),
            reader: SharedReader::new(Box::new(io::Cursor::new(data.clone()))),
        };
        assert_eq!(input.name(), "reader");
        assert_eq!(input, input.clone());
        let s = open_mapped(&input).unwrap();
        assert!(!s.is_file() && s.size().is_none());
        assert_eq!(read_all(s, 4096, 1000), data);
        let again = open(&input).err().unwrap().to_string();
        assert_eq!(again, "this reader was read before");
    }

    #[test]
    fn streams_and_files_give_back_the_input() {
        let data: Vec<u8> = (0..100_000u32).map(|k| (k % 251) as u8).collect();
        for (want, step) in [(1, 1), (7, 5), (4096, 1000), (1 << 20, 1 << 20)] {
            let s = Source::stream(Box::new(io::Cursor::new(data.clone())));
            assert!(!s.is_file() && s.size().is_none());
            assert_eq!(read_all(s, want, step), data, "stream {want} {step}");
        }
        let path = std::env::temp_dir().join(format!("slink-input-{}.bin", std::process::id()));
        File::create(&path).unwrap().write_all(&data).unwrap();
        for (want, step) in [(1, 1), (5000, 4097), (1 << 20, 1 << 20)] {
            let s = open(&Input::Path(path.clone())).unwrap();
            assert!(s.is_file() && !s.is_mapped());
            assert_eq!(s.size(), Some(data.len() as u64));
            assert_eq!(read_all(s, want, step), data, "file {want} {step}");
            let s = open_mapped(&Input::Path(path.clone())).unwrap();
            assert!(s.is_file() && s.is_mapped() == cfg!(target_os = "linux"));
            assert_eq!(s.size(), Some(data.len() as u64));
            assert_eq!(read_all(s, want, step), data, "mapped {want} {step}");
        }
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_file_that_shrinks_is_an_error_and_one_that_grows_is_read_as_it_was() {
        let path = std::env::temp_dir().join(format!("slink-shrink-{}.bin", std::process::id()));
        std::fs::write(&path, vec![b'x'; 10_000]).unwrap();
        let mut s = open(&Input::Path(path.clone())).unwrap();
        s.fill(4000).unwrap();
        s.consume(4000);
        // Truncated under the reader.
        File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(6000)
            .unwrap();
        let e = s.fill(8000).unwrap_err();
        assert_eq!(e.to_string(), "the file shrank while being read");
        // Grown: read up to the length it had when opened.
        std::fs::write(&path, vec![b'y'; 100]).unwrap();
        let s = open(&Input::Path(path.clone())).unwrap();
        File::options()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(&[b'z'; 50])
            .unwrap();
        assert_eq!(read_all(s, 1 << 10, 1 << 10), vec![b'y'; 100]);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_mapped_file_that_shrinks_is_an_error_not_a_crash() {
        let path = std::env::temp_dir().join(format!("slink-mshrink-{}.bin", std::process::id()));
        std::fs::write(&path, vec![b'x'; 100_000]).unwrap();
        let mut s = open_mapped(&Input::Path(path.clone())).unwrap();
        s.fill(40_000).unwrap();
        s.consume(40_000);
        s.check().unwrap();
        File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(50_000)
            .unwrap();
        // The file is shorter: the piece cannot be trusted, whether or
        // not a page past the end was touched.
        assert_eq!(
            s.check().unwrap_err().to_string(),
            "the file shrank while being read"
        );
        // Reading past the end reads zeros (mapped) or fails (read).
        match s.fill(60_000) {
            Ok(()) => {
                assert_eq!(std::hint::black_box(s.piece()[59_999]), 0);
                assert!(s.check().is_err());
            }
            Err(e) => assert_eq!(e.to_string(), "the file shrank while being read"),
        }
        std::fs::remove_file(&path).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn files_that_say_they_are_empty_are_read_as_streams() {
        // /proc files report a length of 0 but are not empty.
        let s = open(&Input::Path("/proc/self/status".into())).unwrap();
        assert!(!s.is_file());
        let text = read_all(s, 64, 64);
        assert!(
            text.starts_with(b"Name:"),
            "{}",
            String::from_utf8_lossy(&text)
        );
    }

    #[test]
    fn directories_and_missing_files_are_errors() {
        assert!(open(&Input::Path(std::env::temp_dir())).is_err());
        assert!(open(&Input::Path("/nonexistent/slink/x.txt".into())).is_err());
    }
}
