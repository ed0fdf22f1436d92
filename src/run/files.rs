//! Outputs that would destroy an input, found before anything is opened
//! for writing ([`refuse_clashes`]): an output file that is one of the
//! inputs by any name (a hard link, a symbolic link, a `./` or `../`
//! spelling), standard output redirected to an input (`>> input`), an
//! output that is the file standard input reads (`-o x < x`), and two
//! outputs that are one file (`gen -o x --answers x`). Files are compared
//! as themselves, by device and inode (on Unix; elsewhere by their
//! canonical paths), not by the names given; an output not made yet, by
//! its folder's canonical path and its name.
//!
//! An input is also checked readable before an output file is made
//! ([`readable`]): a mistyped input name leaves an earlier run's results.
//!
//! Where it stops: only regular files (and outputs not made yet) are
//! compared, as only they can be emptied or mixed: a terminal, a pipe or
//! `/dev/null` can be named twice. A name linked to an input between the
//! check and the opening is not seen.

use super::read::input::Input;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A place a command writes to.
#[derive(Clone, Copy, Debug)]
pub struct Destination<'a> {
    /// What it is, in messages: `the output`, `the answers (--answers)`.
    pub role: &'a str,
    /// Its file, or `None` for standard output.
    pub path: Option<&'a Path>,
}

impl<'a> Destination<'a> {
    /// The command's result: to `path` (`-o`), or to standard output.
    pub fn result(path: Option<&'a Path>) -> Self {
        Destination {
            role: "the output",
            path,
        }
    }

    /// Its name in messages.
    fn name(&self) -> String {
        match self.path {
            Some(p) => format!("{} {}", self.role, p.display()),
            None => "standard output".into(),
        }
    }
}

/// One file as itself, whatever its name.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    /// An existing regular file: its device and inode (its canonical path
    /// off Unix).
    File(Identity),
    /// A file not made yet: its folder's canonical path, then its name.
    Unmade(PathBuf),
}

#[cfg(unix)]
type Identity = (u64, u64);
#[cfg(not(unix))]
type Identity = PathBuf;

/// Refuses `outputs` when one is one of `inputs` (an input's file would be
/// emptied, or written into, before or while it is read), or two of them
/// are one file (one would overwrite the other). The error says which
/// names, and that nothing was written.
pub fn refuse_clashes(inputs: &[Input], outputs: &[Destination<'_>]) -> io::Result<()> {
    Inputs::of(inputs).refuse(outputs)
}

/// Checks, before anything is opened for writing, that a run over
/// `inputs` may make `outputs`: when one of them is a file, every input
/// file can be read ([`readable`]: a mistyped input name leaves an
/// earlier run's results as they were); and none is an input or another
/// output ([`refuse_clashes`]). `slink solve -o`, `--resume` and the
/// Python package's `solve_to` alike.
pub fn check_outputs(inputs: &[Input], outputs: &[Destination<'_>]) -> io::Result<()> {
    if outputs.iter().any(|o| o.path.is_some()) {
        for input in inputs {
            if let Input::Path(p) = input {
                readable(p)?;
            }
        }
    }
    refuse_clashes(inputs, outputs)
}

/// The files of a run's inputs, looked up once, to refuse outputs made
/// one at a time (a picture per data set) as they come.
#[derive(Debug, Default)]
pub struct Inputs {
    /// Each regular file's key and its words in messages.
    files: Vec<(Key, String)>,
}

impl Inputs {
    /// The regular files among `inputs` (standard input's included).
    pub fn of(inputs: &[Input]) -> Self {
        let files = inputs
            .iter()
            .filter_map(|input| {
                let key = input_key(input)?;
                let name = match input {
                    Input::Stdin => "standard input".into(),
                    other => format!("the input {}", other.name()),
                };
                Some((key, name))
            })
            .collect();
        Inputs { files }
    }

    /// [`refuse_clashes`] of `outputs` with these inputs.
    pub fn refuse(&self, outputs: &[Destination<'_>]) -> io::Result<()> {
        let keyed: Vec<(Key, String)> = outputs
            .iter()
            .filter_map(|o| output_key(o).map(|k| (k, o.name())))
            .collect();
        for (key, input) in &self.files {
            if let Some((_, output)) = keyed.iter().find(|(k, _)| k == key) {
                return Err(refused(format!(
                    "{output} is {input}: it would be emptied or written into as it is \
                     read; nothing was written"
                )));
            }
        }
        for (k, (a, first)) in keyed.iter().enumerate() {
            if let Some((_, second)) = keyed[k + 1..].iter().find(|(b, _)| a == b) {
                return Err(refused(format!(
                    "{first} and {second} are one file: one would overwrite the other; \
                     nothing was written"
                )));
            }
        }
        Ok(())
    }
}

/// Whether `path` can be opened to be read (`-`, standard input, can):
/// the error says `cannot read PATH: ...`, as a run's does.
pub fn readable(path: &Path) -> io::Result<()> {
    if path.as_os_str() == "-" {
        return Ok(());
    }
    let cannot = |why: String| {
        io::Error::new(
            io::ErrorKind::NotFound,
            format!("cannot read {}: {why}", path.display()),
        )
    };
    let file = fs::File::open(path).map_err(|e| cannot(e.to_string()))?;
    match file.metadata() {
        Ok(m) if m.is_dir() => Err(cannot("it is a directory".into())),
        Ok(_) => Ok(()),
        Err(e) => Err(cannot(e.to_string())),
    }
}

fn refused(why: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, why)
}

/// The key of an input's file, if it is a regular file.
fn input_key(input: &Input) -> Option<Key> {
    match input {
        Input::Path(p) => existing(p),
        Input::Stdin => stdio(Stdio::In),
        Input::Bytes { .. } | Input::Reader { .. } => None,
    }
}

/// The key of an output's file: a regular file, or one not made yet.
fn output_key(output: &Destination<'_>) -> Option<Key> {
    let Some(path) = output.path else {
        return stdio(Stdio::Out);
    };
    match fs::metadata(path) {
        Ok(_) => existing(path),
        Err(e) if e.kind() == io::ErrorKind::NotFound => unmade(path),
        Err(_) => None,
    }
}

/// The key of the regular file at `path` (links followed).
fn existing(path: &Path) -> Option<Key> {
    let meta = fs::metadata(path).ok().filter(fs::Metadata::is_file)?;
    identity(path, &meta).map(Key::File)
}

#[cfg(unix)]
fn identity(_: &Path, meta: &fs::Metadata) -> Option<Identity> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn identity(path: &Path, _: &fs::Metadata) -> Option<Identity> {
    path.canonicalize().ok()
}

/// The key of a file that `path` would make: through the symbolic links
/// it names (a dangling one makes its target), its folder's canonical
/// path and its name.
fn unmade(path: &Path) -> Option<Key> {
    let mut path = path.to_path_buf();
    // As many links as the system follows.
    for _ in 0..40 {
        match fs::read_link(&path) {
            Ok(target) => {
                path = match path.parent() {
                    Some(dir) => dir.join(target),
                    None => target,
                }
            }
            Err(_) => break,
        }
    }
    let name = path.file_name()?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Some(Key::Unmade(dir.canonicalize().ok()?.join(name)))
}

/// Standard input or output.
#[derive(Clone, Copy)]
enum Stdio {
    In,
    Out,
}

/// The key of the regular file standard input reads or standard output
/// writes, if it is one.
#[cfg(unix)]
fn stdio(which: Stdio) -> Option<Key> {
    use std::os::fd::AsFd;
    let fd = match which {
        Stdio::In => io::stdin().as_fd().try_clone_to_owned(),
        Stdio::Out => io::stdout().as_fd().try_clone_to_owned(),
    };
    let meta = fs::File::from(fd.ok()?).metadata().ok()?;
    meta.is_file()
        .then(|| identity(Path::new(""), &meta).map(Key::File))
        .flatten()
}

#[cfg(not(unix))]
fn stdio(_: Stdio) -> Option<Key> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test, removed at its end.
    struct Dir(PathBuf);

    impl Dir {
        fn new(name: &str) -> Dir {
            let dir =
                std::env::temp_dir().join(format!("slink-files-{}-{name}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            Dir(dir)
        }

        fn file(&self, name: &str) -> PathBuf {
            let p = self.0.join(name);
            fs::write(&p, "2 2\n2 2\n2 2\n0 0\n").unwrap();
            p
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn clash(inputs: &[&Path], outputs: &[&Path]) -> Option<String> {
        let inputs: Vec<Input> = inputs
            .iter()
            .map(|p| Input::Path(p.to_path_buf()))
            .collect();
        let outputs: Vec<Destination> = outputs
            .iter()
            .map(|p| Destination::result(Some(p)))
            .collect();
        refuse_clashes(&inputs, &outputs)
            .err()
            .map(|e| e.to_string())
    }

    #[test]
    fn an_input_is_refused_as_an_output_by_any_name() {
        let dir = Dir::new("names");
        let input = dir.file("a.in");
        let hard = dir.0.join("hard.in");
        fs::hard_link(&input, &hard).unwrap();
        let dotted = dir.0.join(".").join("a.in");
        let around = dir
            .0
            .join("..")
            .join(dir.0.file_name().unwrap())
            .join("a.in");
        let mut names = vec![input.clone(), hard, dotted, around];
        #[cfg(unix)]
        {
            let link = dir.0.join("link.in");
            std::os::unix::fs::symlink("a.in", &link).unwrap();
            names.push(link);
        }
        for name in &names {
            let why = clash(&[&input], &[name]).unwrap_or_else(|| panic!("{name:?} not refused"));
            assert!(why.contains("it would be emptied"), "{why}");
            let why = clash(&[name], &[&input]).unwrap_or_else(|| panic!("{name:?} not refused"));
            assert!(
                why.contains(&format!("the input {}", name.display())),
                "{why}"
            );
        }
        let other = dir.file("b.in");
        assert_eq!(
            clash(&[&input], &[&other]),
            None,
            "another file is no clash"
        );
        assert_eq!(clash(&[&input], &[&dir.0.join("new.out")]), None);
    }

    #[test]
    fn two_outputs_that_are_one_file_are_refused_made_or_not() {
        let dir = Dir::new("pairs");
        let made = dir.file("made.txt");
        let unmade = dir.0.join("new.txt");
        let dotted = dir.0.join(".").join("new.txt");
        for (a, b) in [(&made, &made), (&unmade, &unmade), (&unmade, &dotted)] {
            let why = clash(&[], &[a, b]).unwrap_or_else(|| panic!("{a:?} {b:?} not refused"));
            assert!(why.contains("are one file"), "{why}");
        }
        #[cfg(unix)]
        {
            // A dangling link makes its target.
            let link = dir.0.join("dangling.txt");
            std::os::unix::fs::symlink("target.txt", &link).unwrap();
            assert!(clash(&[], &[&link, &dir.0.join("target.txt")]).is_some());
        }
        assert_eq!(clash(&[], &[&made, &unmade]), None);
    }

    #[test]
    #[cfg(unix)]
    fn files_that_are_not_regular_may_be_named_twice() {
        let null = Path::new("/dev/null");
        assert_eq!(clash(&[null], &[null, null]), None);
    }
}
