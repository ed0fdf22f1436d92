//! `slink completions SHELL` and `slink man`: the shell completion script
//! and the man page, both generated from the clap definitions of the
//! command line, so that they list exactly the options slink takes.

use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::{self, Write};
use std::process::ExitCode;

/// Arguments of `slink completions`.
#[derive(Args, Debug)]
#[command(after_help = "Example:\n  \
    slink completions bash > ~/.local/share/bash-completion/completions/slink\n  \
    slink completions zsh > ~/.zfunc/_slink")]
pub struct CompletionsArgs {
    /// The shell to write the completion script for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `slink man`.
#[derive(Args, Debug)]
#[command(after_help = "Example:\n  \
    slink man > slink.1 && man -l slink.1")]
pub struct ManArgs {}

/// Writes `what` to standard output; a closed pipe ends quietly.
fn emit(what: &str, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> ExitCode {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("slink {what}: cannot write to standard output: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs `slink completions`.
pub fn completions(args: &CompletionsArgs) -> ExitCode {
    emit("completions", |out| {
        let mut cmd = super::Cli::command();
        clap_complete::generate(args.shell, &mut cmd, "slink", out);
        Ok(())
    })
}

/// Writes the synopsis of `cmd` in roff: each option with its value's
/// name (`[--budget <BUDGET>]`), a positional argument that takes several
/// values as `[FILE]...`, then the subcommands, if any. (clap_mangen's
/// own synopsis leaves the values out.)
fn synopsis(out: &mut dyn Write, cmd: &clap::Command) -> io::Result<()> {
    let escape = |s: &str| s.replace('-', "\\-");
    let mut cmd = cmd.clone();
    cmd.build();
    let name = cmd.get_bin_name().unwrap_or(cmd.get_name());
    let mut line = format!("\\fB{}\\fR", escape(name));
    // Options first, then the positional arguments.
    let args = cmd.get_arguments().filter(|a| !a.is_hide_set());
    let (positional, options): (Vec<_>, Vec<_>) = args.partition(|a| a.is_positional());
    for arg in options.into_iter().chain(positional) {
        let value = arg
            .get_value_names()
            .and_then(|v| v.first())
            .map_or_else(|| arg.get_id().as_str().to_uppercase(), |v| v.to_string());
        let takes_value = arg.get_action().takes_values();
        let text = if arg.is_positional() {
            let many = arg.get_num_args().is_some_and(|n| n.max_values() > 1);
            format!(
                "[\\fI{}\\fR]{}",
                escape(&value),
                if many { "..." } else { "" }
            )
        } else {
            let mut flags = Vec::new();
            if let Some(s) = arg.get_short() {
                flags.push(format!("\\fB\\-{s}\\fR"));
            }
            if let Some(l) = arg.get_long() {
                flags.push(format!("\\fB\\-\\-{}\\fR", escape(l)));
            }
            let value = if takes_value {
                format!(" \\fI<{}>\\fR", escape(&value))
            } else {
                String::new()
            };
            format!("[{}{value}]", flags.join("|"))
        };
        line.push(' ');
        line.push_str(&text);
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        line.push_str(" [\\fICOMMAND\\fR]");
    }
    writeln!(out, "{line}")
}

/// Runs `slink man`: the page of `slink` with a section per subcommand.
pub fn man(_: &ManArgs) -> ExitCode {
    emit("man", |out| {
        let cmd = super::Cli::command();
        let page = clap_mangen::Man::new(cmd.clone());
        page.render_title(out)?;
        page.render_name_section(out)?;
        writeln!(out, ".SH SYNOPSIS")?;
        synopsis(out, &cmd)?;
        page.render_description_section(out)?;
        page.render_options_section(out)?;
        if let Some(after) = cmd.get_after_help() {
            // Judge mode's examples and every command's exit statuses.
            writeln!(out, ".SH \"EXAMPLES AND EXIT STATUS\"")?;
            text_lines(out, &after.to_string())?;
        }
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            let name = format!("slink {}", sub.get_name());
            let sub = sub.clone().display_name(name.clone()).bin_name(name);
            let sub_page = clap_mangen::Man::new(sub.clone());
            writeln!(out, ".SH \"{}\"", sub.get_name().to_uppercase())?;
            if let Some(about) = sub.get_about() {
                writeln!(out, "{about}")?;
            }
            writeln!(out, ".PP")?;
            synopsis(out, &sub)?;
            sub_page.render_options_section(out)?;
            if let Some(after) = sub.get_after_help() {
                text_lines(out, &after.to_string())?;
            }
        }
        page.render_version_section(out)?;
        Ok(())
    })
}

/// Writes `text` as a paragraph of roff, line for line (a leading `.` or
/// `'`, which roff reads as a request, and backslashes escaped).
fn text_lines(out: &mut dyn Write, text: &str) -> io::Result<()> {
    writeln!(out, ".PP")?;
    for line in text.lines() {
        let line = line.trim_start().replace('\\', "\\\\");
        let guard = if line.starts_with(['.', '\'']) {
            "\\&"
        } else {
            ""
        };
        writeln!(out, "{guard}{line}")?;
        writeln!(out, ".br")?;
    }
    Ok(())
}

/// Arguments of `slink reference` (hidden: it writes the command-line
/// reference of docs/cli.md, which a test compares with that file).
#[derive(Args, Debug)]
pub struct ReferenceArgs {}

/// The marker lines around the command-line reference in docs/cli.md.
pub const REFERENCE_START: &str =
    "<!-- cli-reference: generated by `slink reference`; do not edit -->";
/// The line that ends the reference.
pub const REFERENCE_END: &str = "<!-- cli-reference: end -->";

/// Runs `slink reference`: the help of slink and of every subcommand as
/// Markdown, between the markers of docs/cli.md.
pub fn reference(_: &ReferenceArgs) -> ExitCode {
    emit("reference", |out| {
        let mut cmd = super::Cli::command().term_width(80);
        cmd.build();
        writeln!(out, "{REFERENCE_START}")?;
        write_help(out, "slink", &mut cmd)?;
        let names: Vec<String> = cmd
            .get_subcommands()
            .filter(|s| !s.is_hide_set() && s.get_name() != "help")
            .map(|s| s.get_name().to_string())
            .collect();
        for name in names {
            let sub = cmd.find_subcommand_mut(&name).expect("listed above");
            write_help(out, &format!("slink {name}"), sub)?;
        }
        writeln!(out, "{REFERENCE_END}")
    })
}

/// One command's short help (`-h`) under a heading, as a code block.
fn write_help(out: &mut dyn Write, title: &str, cmd: &mut clap::Command) -> io::Result<()> {
    let help = cmd.render_help().to_string();
    writeln!(out, "\n#### `{title}`\n\n```text")?;
    for line in help.lines() {
        writeln!(out, "{}", line.trim_end())?;
    }
    writeln!(out, "```")
}
