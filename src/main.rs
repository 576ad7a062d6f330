//! The stonepress command: parse, run, print errors ourselves, exit 0 / 1 / 2.

use std::process::ExitCode;

use clap::Parser;
use stonepress::cli::{Cli, run};

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("error: {}", f.message());
            ExitCode::from(f.code())
        }
    }
}
