//! The stonepress command: parse, run, print errors ourselves, exit 0 / 1 / 2.

use std::process::ExitCode;

use clap::Parser;
use stonepress::cli::{Cli, run};

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            // Quotes of the user's text are cut short whatever produced the message.
            let message = stonepress::games::position::shorten_quotes(f.message());
            eprintln!("error: {message}");
            ExitCode::from(f.code())
        }
    }
}
