//! The `games` binary: a dispatcher. The command line lives in `src/cli/` (one module per
//! command); the solvers and everything they share live in the `games` library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
