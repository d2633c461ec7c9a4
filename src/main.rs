//! The `fscal` command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(
    name = "fscal",
    version,
    about = "Compile and run Fortran array kernels, with every array temporary explained"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile FILE and run it (output on stdout).
    Run {
        /// The Fortran source file.
        file: PathBuf,
        /// Turn off run-time checks (bounds, shapes, allocation, division).
        #[arg(long = "fno-check")]
        no_check: bool,
        /// Compile without Cranelift optimizations.
        #[arg(short = 'O', long = "O0")]
        no_opt: bool,
    },
    /// Compile FILE and report diagnostics only.
    Check {
        /// The Fortran source file.
        file: PathBuf,
        /// Warn where an array temporary is created, and why.
        #[arg(long = "Warray-temporaries")]
        warn_temporaries: bool,
    },
    /// Explain every array assignment: ss chain, loop bounds and where they
    /// came from, deltas, dependence verdicts, loop directions, temporaries.
    Explain {
        /// The Fortran source file.
        file: PathBuf,
        /// Print JSON for tools instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print an intermediate form of FILE.
    Emit {
        /// What to print.
        what: EmitKind,
        /// The Fortran source file.
        file: PathBuf,
        /// Without run-time checks.
        #[arg(long = "fno-check")]
        no_check: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum EmitKind {
    /// The scalarized loops as readable pseudo-Fortran.
    Scalarized,
    /// The Cranelift IR.
    Clif,
}

/// gfortran spells its flags with one dash (`-fno-check`,
/// `-Warray-temporaries`); accept both spellings.
fn normalize_args() -> Vec<String> {
    std::env::args()
        .map(|a| match a.as_str() {
            "-fno-check" | "-Warray-temporaries" | "-O0" => format!("-{a}"),
            _ => a,
        })
        .collect()
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(normalize_args());
    match cli.command {
        Command::Run {
            file,
            no_check,
            no_opt,
        } => {
            let options = fscal::Options {
                checks: !no_check,
                optimize: !no_opt,
            };
            with_program(&file, &options, |compiled| {
                fscal_runtime::error::set_source_name(&file.display().to_string());
                fscal::run_with(compiled, &options).map_err(|e| e.to_string())
            })
        }
        Command::Check {
            file,
            warn_temporaries,
        } => {
            with_program(&file, &fscal::Options::default(), |compiled| {
                if warn_temporaries {
                    let src = std::fs::read_to_string(&file).unwrap_or_default();
                    let warnings: Vec<_> = compiled
                    .scalarized
                    .nests
                    .iter()
                    .filter_map(|n| {
                        let text = match (&n.temporary, &n.guard) {
                            (Some(why), _) => format!("creating array temporary: {why}"),
                            (None, Some(g)) if !g.ends_with(" 0 of them need a temporary") => {
                                format!("creating array temporary at run time only when needed: {g}")
                            }
                            _ => return None,
                        };
                        Some(fscal_frontend::diagnostic::Diagnostic::warning(n.span, text))
                    })
                    .collect();
                    eprint!(
                        "{}",
                        fscal::diagnostics::render(&file.display().to_string(), &src, &warnings)
                    );
                }
                Ok(())
            })
        }
        Command::Explain { file, json } => {
            with_program(&file, &fscal::Options::default(), |compiled| {
                let name = file.display().to_string();
                let nests = &compiled.scalarized.nests;
                let text = if json {
                    fscal::explain::json(&name, nests)
                } else {
                    fscal::explain::text(&name, nests)
                };
                print!("{text}");
                Ok(())
            })
        }
        Command::Emit {
            what,
            file,
            no_check,
        } => {
            let options = fscal::Options {
                checks: !no_check,
                ..fscal::Options::default()
            };
            with_program(&file, &options, |compiled| {
                let text = match what {
                    EmitKind::Scalarized => fscal::emit_scalarized(compiled),
                    EmitKind::Clif => {
                        fscal::emit_clif(compiled, &options).map_err(|e| e.to_string())?
                    }
                };
                print!("{text}");
                Ok(())
            })
        }
    }
}

/// Read and compile `file`; report diagnostics; call `then` on success.
fn with_program(
    file: &Path,
    options: &fscal::Options,
    then: impl FnOnce(&fscal::Compiled) -> Result<(), String>,
) -> ExitCode {
    let name = file.display().to_string();
    let src = match std::fs::read(file) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => {
                let (line, col) = fscal::diagnostics::utf8_error_position(
                    e.as_bytes(),
                    e.utf8_error().valid_up_to(),
                );
                eprintln!("{name}:{line}:{col}: error: the file is not valid UTF-8");
                return ExitCode::from(1);
            }
        },
        Err(e) => {
            eprintln!("fscal: error: cannot read {name}: {e}");
            return ExitCode::from(1);
        }
    };
    match fscal::compile(&src, options) {
        Err(diags) => {
            eprint!("{}", fscal::diagnostics::render(&name, &src, &diags));
            ExitCode::from(1)
        }
        Ok(compiled) => {
            eprint!(
                "{}",
                fscal::diagnostics::render(&name, &src, &compiled.warnings)
            );
            match then(&compiled) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("fscal: internal error: {e}");
                    ExitCode::from(3)
                }
            }
        }
    }
}
