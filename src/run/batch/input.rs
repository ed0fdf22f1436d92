//! Reading an input one piece at a time.
//!
//! A [`Source`] shows a window of its input, [`Source::piece`], starting
//! at [`Source::offset`]; [`Source::fill`] makes it at least so many bytes
//! long (or reach the end), [`Source::consume`] drops bytes from its
//! front. A regular file is memory-mapped one region at a time (so only
//! the region being read is resident); anything else (standard input on a
//! pipe or a terminal, a FIFO) is read into a buffer that keeps the
//! unconsumed bytes. Either way memory stays proportional to the piece
//! size, not to the input.

use super::Input;
use memmap2::{Advice, Mmap, MmapOptions};
use std::fs::File;
use std::io::{self, Read};

/// An input being read piece by piece.
pub struct Source {
    inner: Inner,
}

enum Inner {
    /// A regular file, mapped one region at a time.
    Mapped {
        file: File,
        /// Offset of the end of the input (the file's length when opened).
        end: u64,
        /// Offset of the piece.
        start: u64,
        /// The mapped region and its offset; it covers the piece.
        map: Option<(u64, Mmap)>,
    },
    /// A stream, read into a buffer.
    Stream {
        reader: Box<dyn Read>,
        buf: Vec<u8>,
        /// The piece is `buf[pos..filled]`.
        pos: usize,
        filled: usize,
        /// Offset of `buf[pos]`.
        start: u64,
        eof: bool,
    },
}

/// Opens `input`: a regular file (standard input included, when it is
/// redirected from one) is mapped, anything else is streamed.
pub fn open(input: &Input) -> io::Result<Source> {
    match input {
        Input::Path(path) => {
            let file = File::open(path)?;
            let meta = file.metadata()?;
            if meta.is_dir() {
                return Err(io::Error::other("it is a directory"));
            }
            if meta.is_file() {
                Ok(Source::mapped(file, 0, meta.len()))
            } else {
                Ok(Source::stream(Box::new(file)))
            }
        }
        Input::Stdin => open_stdin(),
        Input::Bytes { bytes, .. } => Ok(Source::stream(Box::new(io::Cursor::new(bytes.clone())))),
    }
}

#[cfg(unix)]
fn open_stdin() -> io::Result<Source> {
    use std::io::Seek;
    use std::os::fd::AsFd;
    let stdin = io::stdin();
    // A copy of the descriptor: closing it leaves standard input open.
    if let Ok(fd) = stdin.as_fd().try_clone_to_owned() {
        let mut file = File::from(fd);
        if let Ok(meta) = file.metadata() {
            if meta.is_file() {
                // Start where standard input stands (a shell may have read some).
                if let Ok(at) = file.stream_position() {
                    if at <= meta.len() {
                        return Ok(Source::mapped(file, at, meta.len()));
                    }
                }
            }
        }
    }
    Ok(Source::stream(Box::new(stdin)))
}

#[cfg(not(unix))]
fn open_stdin() -> io::Result<Source> {
    Ok(Source::stream(Box::new(io::stdin())))
}

impl Source {
    /// A regular file, read from offset `start` to `end` by mapping it.
    fn mapped(file: File, start: u64, end: u64) -> Source {
        Source {
            inner: Inner::Mapped {
                file,
                end,
                start,
                map: None,
            },
        }
    }

    /// Any reader, read into a buffer.
    pub fn stream(reader: Box<dyn Read>) -> Source {
        Source {
            inner: Inner::Stream {
                reader,
                buf: Vec::new(),
                pos: 0,
                filled: 0,
                start: 0,
                eof: false,
            },
        }
    }

    /// Whether the input is a regular file, mapped a region at a time.
    pub fn is_mapped(&self) -> bool {
        matches!(self.inner, Inner::Mapped { .. })
    }

    /// The input's size in bytes, when known in advance (a regular file).
    pub fn size(&self) -> Option<u64> {
        match &self.inner {
            Inner::Mapped { end, .. } => Some(*end),
            Inner::Stream { .. } => None,
        }
    }

    /// Makes the piece at least `want` bytes long, or reach the end of
    /// the input.
    pub fn fill(&mut self, want: usize) -> io::Result<()> {
        match &mut self.inner {
            Inner::Mapped {
                file,
                end,
                start,
                map,
            } => {
                let need = (*start).saturating_add(want as u64).min(*end);
                if let Some((at, m)) = map {
                    if *at + m.len() as u64 >= need {
                        return Ok(());
                    }
                }
                // Unmap the old region first: only one is ever resident.
                *map = None;
                if need > *start {
                    let len = usize::try_from(need - *start).map_err(io::Error::other)?;
                    // SAFETY: the map is read-only and private to this
                    // source. As with every memory map, the file must not
                    // be truncated or rewritten while slink reads it; a
                    // corpus being solved is not.
                    let m = unsafe { MmapOptions::new().offset(*start).len(len).map(&*file)? };
                    // Only a hint: a failure changes nothing.
                    let _ = m.advise(Advice::Sequential);
                    *map = Some((*start, m));
                }
                Ok(())
            }
            Inner::Stream {
                reader,
                buf,
                pos,
                filled,
                eof,
                ..
            } => {
                if *eof || *filled - *pos >= want {
                    return Ok(());
                }
                buf.copy_within(*pos..*filled, 0);
                *filled -= *pos;
                *pos = 0;
                if buf.len() < want {
                    buf.resize(want, 0);
                }
                while *filled < want {
                    match reader.read(&mut buf[*filled..want]) {
                        Ok(0) => {
                            *eof = true;
                            break;
                        }
                        Ok(n) => *filled += n,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => return Err(e),
                    }
                }
                Ok(())
            }
        }
    }

    /// The bytes from [`Source::offset`] that are available.
    pub fn piece(&self) -> &[u8] {
        match &self.inner {
            Inner::Mapped { start, map, .. } => match map {
                Some((at, m)) => m.get((*start - *at) as usize..).unwrap_or_default(),
                None => &[],
            },
            Inner::Stream {
                buf, pos, filled, ..
            } => &buf[*pos..*filled],
        }
    }

    /// Whether the piece reaches the end of the input.
    pub fn is_last(&self) -> bool {
        match &self.inner {
            Inner::Mapped {
                end, start, map, ..
            } => match map {
                Some((at, m)) => *at + m.len() as u64 >= *end,
                None => *start >= *end,
            },
            Inner::Stream { eof, .. } => *eof,
        }
    }

    /// Offset of the piece in the input.
    pub fn offset(&self) -> u64 {
        match &self.inner {
            Inner::Mapped { start, .. } | Inner::Stream { start, .. } => *start,
        }
    }

    /// Drops the first `n` bytes of the piece (at most its length).
    pub fn consume(&mut self, n: usize) {
        let n = n.min(self.piece().len());
        match &mut self.inner {
            Inner::Mapped { start, .. } => *start += n as u64,
            Inner::Stream { pos, start, .. } => {
                *pos += n;
                *start += n as u64;
            }
        }
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
    fn streams_and_maps_give_back_the_input() {
        let data: Vec<u8> = (0..100_000u32).map(|k| (k % 251) as u8).collect();
        for (want, step) in [(1, 1), (7, 5), (4096, 1000), (1 << 20, 1 << 20)] {
            let s = Source::stream(Box::new(io::Cursor::new(data.clone())));
            assert!(!s.is_mapped() && s.size().is_none());
            assert_eq!(read_all(s, want, step), data, "stream {want} {step}");
        }
        let path = std::env::temp_dir().join(format!("slink-input-{}.bin", std::process::id()));
        File::create(&path).unwrap().write_all(&data).unwrap();
        for (want, step) in [(1, 1), (5000, 4097), (1 << 20, 1 << 20)] {
            let s = open(&Input::Path(path.clone())).unwrap();
            assert!(s.is_mapped());
            assert_eq!(s.size(), Some(data.len() as u64));
            assert_eq!(read_all(s, want, step), data, "map {want} {step}");
        }
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn directories_and_missing_files_are_errors() {
        assert!(open(&Input::Path(std::env::temp_dir())).is_err());
        assert!(open(&Input::Path("/nonexistent/slink/x.txt".into())).is_err());
    }
}
