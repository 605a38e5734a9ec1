//! `games samples PROBLEM [--out DIR] [--force]`: the golden samples compiled into the binary
//! (`games::harness::samples`, the ones `games test PROBLEM` judges against by default), printed
//! (each file after a `==> NAME <==` line) or written as files into DIR (created when missing),
//! so a user without the repository can read them, edit them, or pass them to another judge.
//!
//! Writing never goes through what is already there: a file of the same name is refused
//! (exit 2) unless `--force`, which removes that entry first (a symbolic link is removed, never
//! followed) and creates the file anew (`O_EXCL`).

use super::{UsageError, io};
use anyhow::{Context, Result};
use clap::{Arg, ArgAction, ArgMatches, Command};
use games::registry;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn command() -> Command {
    Command::new("samples")
        .about("Print the built-in golden samples of a problem, or write them into a folder")
        .arg(Arg::new("PROBLEM").required(true).help("Problem name or alias (see `games list`)"))
        .arg(
            Arg::new("out")
                .long("out")
                .value_name("DIR")
                .value_parser(clap::value_parser!(PathBuf))
                .help("Write each sample as DIR/<file> (DIR is created when missing)"),
        )
        .arg(
            Arg::new("force")
                .long("force")
                .action(ArgAction::SetTrue)
                .requires("out")
                .help("Replace files of the same names in DIR"),
        )
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let name = args.get_one::<String>("PROBLEM").map(String::as_str).unwrap_or_default();
    let Some(problem) = registry::find(name) else {
        return Err(
            UsageError(format!("samples: {name:?} is not a problem (see `games list`)")).into()
        );
    };
    let files: Vec<(&str, &[u8])> = games::harness::samples::of(problem.name).collect();
    match args.get_one::<PathBuf>("out") {
        None => {
            io::write_stdout(&listing(&files))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(dir) => {
            write_all(dir, &files, args.get_flag("force"))?;
            let line = format!(
                "samples {}: {} files written to {}\n",
                problem.name,
                files.len(),
                dir.display()
            );
            Ok(io::finish(0, line.as_bytes()))
        }
    }
}

/// Every file after a `==> NAME <==` line; a file that does not end its last line gets the
/// line end before the next header (the bytes of a file are otherwise exactly its own).
fn listing(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    for (name, bytes) in files {
        out.extend_from_slice(format!("==> {name} <==\n").as_bytes());
        out.extend_from_slice(bytes);
        if !bytes.is_empty() && !bytes.ends_with(b"\n") {
            out.push(b'\n');
        }
    }
    out
}

/// Writes every file into `dir`: all names are checked before any is written, so a refusal
/// leaves DIR as it was.
fn write_all(dir: &Path, files: &[(&str, &[u8])], force: bool) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let taken: Vec<&str> = files
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| std::fs::symlink_metadata(dir.join(name)).is_ok())
        .collect();
    if !taken.is_empty() && !force {
        return Err(UsageError(format!(
            "samples: {} already holds {} of these files ({}, ...); use --force to replace them",
            dir.display(),
            taken.len(),
            taken[0]
        ))
        .into());
    }
    for (name, bytes) in files {
        let path = dir.join(name);
        if taken.contains(name) {
            let kind = std::fs::symlink_metadata(&path).map(|m| m.file_type());
            if kind.is_ok_and(|k| k.is_dir()) {
                return Err(anyhow::anyhow!("samples: {} is a folder", path.display()));
            }
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        }
        write_new(&path, bytes)?;
    }
    Ok(())
}

/// Creates `path` anew (`O_EXCL`: nothing there is followed or overwritten) with `bytes`.
fn write_new(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .with_context(|| format!("writing {}", path.display()))?;
    file.write_all(bytes).with_context(|| format!("writing {}", path.display()))
}
