//! Whole runs over inputs, each the library side of a `slink` command:
//! batch solving ([`batch`], `slink solve`), judge mode ([`judge`],
//! `slink < FILE`), checks ([`check`]), explanations ([`explain`]),
//! conversion between formats ([`convert`]), the referee of contestants'
//! output ([`verify`], `slink verify`) and throughput ([`mod@bench`]). The
//! generator's runs are [`crate::generate`].
//!
//! A run reads [`Input`](batch::Input)s (files, standard input, bytes in
//! memory, any reader) a piece of whole data sets at a time ([`read`]),
//! writes what the command prints to an `out` and its messages to an
//! `err`, and stops at a record boundary once a stop is requested
//! ([`crate::interrupt`]: the command's SIGINT and SIGTERM). An output
//! file that is an input, or another output, by any name, is refused
//! before it is opened ([`files`]).
//!
//! ```
//! use slink::run::batch::Input;
//! use slink::run::judge::{self, JudgeExit};
//! let input = Input::Bytes { name: "sample".into(), bytes: b"2 2\n2 2\n2 2\n0 0\n"[..].into() };
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let (exit, totals) = judge::run(&input, slink::Options::default(), &mut out, &mut err).unwrap();
//! assert_eq!((exit, totals.data_sets()), (JudgeExit::AllUnique, 1));
//! assert!(out.starts_with(b"1\n#############\n#           #\n# +-------+ #\n# | 2   2 | #\n"));
//! ```
//!
//! (Feature `run`.)

pub mod batch;
pub mod bench;
pub mod check;
pub mod convert;
pub mod explain;
pub mod files;
pub mod judge;
mod question;
pub mod read;
pub mod verify;
