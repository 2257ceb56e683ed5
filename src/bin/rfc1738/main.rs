//! The `rfc1738` command: checks, explains, fixes, resolves, extracts and
//! generates URLs by RFC 1738, draft-07, RFC 2396 or RFC 3986.
//! Here the command line is read, lowered to one run and dispatched.

mod args;
mod check;
mod completions;
mod exit;
mod explain;
mod extract;
mod generate;
mod manual;
mod options;
mod render;
mod resolve;

use std::io;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use crate::args::Cli;
use crate::options::Run;

fn main() -> ExitCode {
    let outcome = Run::from_cli(Cli::parse())
        .map_err(io::Error::from)
        .and_then(run);
    exit::status(outcome)
}

/// Does what `run` asks: `Ok(true)` when everything judged passed.
fn run(run: Run) -> io::Result<bool> {
    match run {
        Run::Check(options) => check::run(options),
        Run::Explain(options) => explain::run(&options),
        Run::Resolve(options) => resolve::run(&options),
        Run::Extract(options) => extract::run(&options),
        Run::Gen(options) => generate::run(&options),
        Run::Completions(shell) => {
            completions::write(shell, &mut Cli::command(), &mut io::stdout()).map(|()| true)
        }
        Run::Man(dir) => manual::write(Cli::command(), dir.as_deref()).map(|()| true),
    }
}
