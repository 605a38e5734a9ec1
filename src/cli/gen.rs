//! `games gen <problem>`: random valid inputs, one on stdout or `--count N` files in `--out DIR`
//! (`random-NNN.in`, with `--answers` also `random-NNN.out`). The same arguments always give
//! the same bytes: case `i` uses the same seed as case `i` of `games stress`.

use super::io;
use anyhow::{Context, Result};
use clap::{Arg, ArgMatches, Command};
use games::harness::stress;
use games::registry;
use games::rng::Rng;
use std::process::ExitCode;

pub fn command() -> Command {
    Command::new("gen")
        .about("Write random valid inputs for a problem (stdout, or --count files in --out)")
        .arg(super::problem_name_arg())
        .arg(super::seed_arg())
        .arg(super::size_arg().default_value("small"))
        .arg(super::beyond_judge_arg())
        .arg(
            Arg::new("count")
                .long("count")
                .value_parser(clap::value_parser!(u64).range(1..=1_000_000))
                .requires("out")
                .help("Write this many inputs, DIR/random-000.in ..."),
        )
        .arg(
            Arg::new("out")
                .long("out")
                .value_name("DIR")
                .requires("count")
                .value_parser(clap::value_parser!(std::path::PathBuf))
                .help("Folder for --count (created if missing)"),
        )
        .arg(
            Arg::new("answers")
                .long("answers")
                .requires("out")
                .action(clap::ArgAction::SetTrue)
                .help("Also write each input's answer as DIR/random-NNN.out"),
        )
        .arg(
            Arg::new("force")
                .long("force")
                .requires("out")
                .action(clap::ArgAction::SetTrue)
                .help("Write into a non-empty DIR, first removing its old random-*.in/.out files (links too, never followed)"),
        )
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let p = super::problem_arg(args)?;
    let seed = *args.get_one::<u64>("seed").unwrap_or(&1);
    let size = super::size_of(args).unwrap_or(games::Size::Small);
    let Some(&count) = args.get_one::<u64>("count") else {
        io::write_stdout(&(p.generate)(&mut Rng::new(seed), size, super::domain_of(args)))?;
        return Ok(ExitCode::SUCCESS);
    };
    let dir = args.get_one::<std::path::PathBuf>("out").context("--count needs --out")?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    prepare_dir(dir, args.get_flag("force"))?;
    let width = count.saturating_sub(1).to_string().len().max(3);
    for i in 0..count {
        let input =
            (p.generate)(&mut Rng::new(stress::case_seed(seed, i)), size, super::domain_of(args));
        let stem = dir.join(format!("random-{i:0width$}"));
        let path = stem.with_extension("in");
        write_new(&path, &input)?;
        if args.get_flag("answers") {
            let (answer, fault) = registry::run(p, &input);
            if let Some(f) = fault {
                anyhow::bail!(
                    "internal error: generated {} rejected: {}",
                    path.display(),
                    f.render(p.name, &input)
                );
            }
            let path = stem.with_extension("out");
            write_new(&path, &answer)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Makes `dir` ready for a new set of files: an empty folder is used as is; a non-empty one is
/// refused (exit 2) unless `force`, which removes the `random-*.in` and `random-*.out` files of an
/// earlier run (so no stale answer sits beside a new input) and leaves anything else alone.
fn prepare_dir(dir: &std::path::Path, force: bool) -> Result<()> {
    let entries: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<_>>()
        .with_context(|| format!("reading {}", dir.display()))?;
    if entries.is_empty() {
        return Ok(());
    }
    if !force {
        return Err(super::UsageError(format!(
            "{} is not empty (it holds {} files); use --force to replace its random-*.in/.out files",
            dir.display(),
            entries.len()
        ))
        .into());
    }
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let ours = name.starts_with("random-") && (name.ends_with(".in") || name.ends_with(".out"));
        // The entry itself, not what a symbolic link points to: a link (even a dangling one)
        // is removed, never followed out of DIR.
        let kind = std::fs::symlink_metadata(&path).map(|m| m.file_type());
        if ours && kind.is_ok_and(|k| k.is_file() || k.is_symlink()) {
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        }
    }
    Ok(())
}

/// Writes a new file at `path`: refused if anything is there already (`O_EXCL`: a symbolic
/// link, even a dangling one, is not followed; `prepare_dir` has removed our old files).
fn write_new(path: &std::path::Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut f| f.write_all(bytes))
        .with_context(|| format!("writing {}", path.display()))
}
