//! The `games` command line: `games <problem> [FILE]`, `games list`.
//!
//! Exit status: 0 on success, 1 when the input is malformed or unreadable (one line on stderr,
//! the answers before the fault still on stdout), 2 for usage errors (clap's own).

use anyhow::{Context, Result};
use clap::{Arg, ArgMatches, Command};
use games::registry::{self, PROBLEMS, Problem, Size};
use games::rng::Rng;
use games::stress;
use std::io::{Read, Write};
use std::process::ExitCode;

#[path = "cli/sg.rs"]
mod sg_cmd;

fn cli() -> Command {
    let mut cmd = Command::new("games")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Exact, fast solvers for classic impartial-game judge problems")
        .long_about(
            "Exact, fast solvers for classic impartial-game judge problems.\n\n\
             Pipe a judge input through `games <problem>` (or pass FILE) to get the judge's \
             expected output, byte for byte. `games list` shows every problem; \
             `games <problem> --help` shows its rules, format and algorithm.",
        )
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(
            Command::new("list").about("List every problem: name, aliases, summary").arg(
                Arg::new("markdown")
                    .long("markdown")
                    .action(clap::ArgAction::SetTrue)
                    .help("A Markdown table: name, aliases, source, judge limits, our limits"),
            ),
        )
        .subcommand(
            Command::new("gen")
                .about("Write random valid inputs for a problem (stdout, or --count files in --out)")
                .arg(problem_name_arg())
                .arg(seed_arg())
                .arg(size_arg().default_value("small"))
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
                ),
        )
        .subcommand(
            Command::new("stress")
                .about("Compare a program's answers with ours on generated inputs, smallest first")
                .arg(problem_name_arg())
                .arg(
                    Arg::new("against")
                        .long("against")
                        .value_name("CMD")
                        .required_unless_present("brute")
                        .conflicts_with("brute")
                        .help("The program under test, a shell command reading stdin"),
                )
                .arg(
                    Arg::new("brute")
                        .long("brute")
                        .action(clap::ArgAction::SetTrue)
                        .conflicts_with_all(["size", "timeout"])
                        .help("Check games' own fast solver against its exhaustive brute force (tiny inputs)"),
                )
                .arg(
                    Arg::new("cases")
                        .long("cases")
                        .default_value("300")
                        .value_parser(clap::value_parser!(u64).range(1..))
                        .help("How many inputs"),
                )
                .arg(seed_arg())
                .arg(size_arg().help("Fix the size (default: 60% tiny, then small)"))
                .arg(
                    Arg::new("timeout")
                        .long("timeout")
                        .value_name("SEC")
                        .default_value("5")
                        .value_parser(parse_seconds)
                        .help("Seconds per run before the program's process group is killed"),
                )
                .arg(
                    Arg::new("save")
                        .long("save")
                        .value_name("FILE")
                        .value_parser(clap::value_parser!(std::path::PathBuf))
                        .help("Where to write a failing input (default: stress-<problem>-<seed>-<case>.in)"),
                ),
        )
        .subcommand(sg_cmd::command())
        .subcommand(
            Command::new("scan")
                .hide(true)
                .about("Read and parse every token of the input as an integer, and nothing else (benchmark baseline)")
                .arg(Arg::new("FILE").value_parser(clap::value_parser!(std::path::PathBuf))),
        );
    for p in PROBLEMS {
        cmd = cmd.subcommand(
            Command::new(p.name)
                .visible_aliases(p.aliases.iter().copied())
                .about(p.summary)
                .long_about(p.statement)
                .arg(
                    Arg::new("FILE")
                        .help("Input file; standard input when absent or -")
                        .value_parser(clap::value_parser!(std::path::PathBuf)),
                ),
        );
    }
    cmd
}

fn main() -> ExitCode {
    let matches = cli().get_matches();
    let result = match matches.subcommand() {
        Some(("list", sub)) => list(sub.get_flag("markdown")),
        Some(("gen", sub)) => generate(sub),
        Some(("stress", sub)) => stress(sub),
        Some(("scan", sub)) => scan(sub),
        Some(("sg", sub)) => sg_cmd::run(sub),
        Some((name, sub)) => match registry::find(name) {
            Some(p) => solve(p, sub),
            None => unreachable_subcommand(name),
        },
        None => unreachable_subcommand(""),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            eprintln!("games: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn unreachable_subcommand(name: &str) -> Result<ExitCode> {
    anyhow::bail!("unknown subcommand {name:?}")
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn list(markdown: bool) -> Result<ExitCode> {
    let mut text = String::new();
    if markdown {
        text.push_str(&games::registry::markdown_table());
        write_stdout(text.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let rows: Vec<(&str, String, &str)> =
        PROBLEMS.iter().map(|p| (p.name, p.aliases.join(", "), p.summary)).collect();
    let name_width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let alias_width = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    for (name, aliases, summary) in rows {
        text.push_str(&format!("{name:<name_width$}  {aliases:<alias_width$}  {summary}\n"));
    }
    write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn problem_arg(args: &ArgMatches) -> Result<&'static Problem> {
    let name = args.get_one::<String>("PROBLEM").map(String::as_str).unwrap_or_default();
    registry::find(name).with_context(|| format!("unknown problem {name:?} (see `games list`)"))
}

/// The PROBLEM argument of `gen` and `stress`: any name or alias, checked by clap (usage
/// errors exit 2).
fn problem_name_arg() -> Arg {
    let names: Vec<&'static str> = PROBLEMS
        .iter()
        .flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied()))
        .collect();
    Arg::new("PROBLEM")
        .required(true)
        .help("Problem name or alias (see `games list`)")
        .value_parser(clap::builder::PossibleValuesParser::new(names))
        .hide_possible_values(true)
}

/// A positive, finite number of seconds.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 1e6 => Ok(v),
        _ => Err(format!("expected a positive number of seconds (at most 10^6), found {text:?}")),
    }
}

fn seed_arg() -> Arg {
    Arg::new("seed")
        .long("seed")
        .default_value("1")
        .value_parser(clap::value_parser!(u64))
        .help("Random seed: the same arguments always give the same bytes")
}

fn size_arg() -> Arg {
    Arg::new("size")
        .long("size")
        .value_parser(["tiny", "small", "judge", "huge"])
        .help("tiny: brute-force size; small; judge: the judge's maxima; huge: ~10x beyond")
}

fn size_of(args: &ArgMatches) -> Option<Size> {
    args.get_one::<String>("size").and_then(|s| Size::parse(s))
}

fn generate(args: &ArgMatches) -> Result<ExitCode> {
    let p = problem_arg(args)?;
    let seed = *args.get_one::<u64>("seed").unwrap_or(&1);
    let size = size_of(args).unwrap_or(Size::Small);
    let Some(&count) = args.get_one::<u64>("count") else {
        write_stdout(&(p.generate)(&mut Rng::new(seed), size))?;
        return Ok(ExitCode::SUCCESS);
    };
    let dir = args.get_one::<std::path::PathBuf>("out").context("--count needs --out")?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let width = count.saturating_sub(1).to_string().len().max(3);
    for i in 0..count {
        let input = (p.generate)(&mut Rng::new(stress::case_seed(seed, i)), size);
        let stem = dir.join(format!("random-{i:0width$}"));
        let path = stem.with_extension("in");
        std::fs::write(&path, &input).with_context(|| format!("writing {}", path.display()))?;
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
            std::fs::write(&path, answer).with_context(|| format!("writing {}", path.display()))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn stress(args: &ArgMatches) -> Result<ExitCode> {
    let p = problem_arg(args)?;
    let seed = *args.get_one::<u64>("seed").unwrap_or(&1);
    let cases = *args.get_one::<u64>("cases").unwrap_or(&300);
    let timeout = *args.get_one::<f64>("timeout").unwrap_or(&5.0);
    let timeout = std::time::Duration::from_secs_f64(timeout);
    let against = match args.get_one::<String>("against") {
        Some(cmd) => stress::Against::Command { cmd, timeout },
        None => stress::Against::Brute,
    };
    let report = stress::stress(p, &against, cases, seed, size_of(args))
        .with_context(|| format!("stress {}", p.name))?;
    let who = match against {
        stress::Against::Brute => "games' brute force".to_string(),
        stress::Against::Command { cmd, .. } => format!("`{cmd}`"),
    };
    let Some(f) = report.failure else {
        let checked = report.cases - report.declined;
        let mut line =
            format!("stress {}: {checked} cases passed against {who} (seed {seed})", p.name);
        if report.declined > 0 {
            line.push_str(&format!(
                "; {} beyond the brute force's reach were skipped",
                report.declined
            ));
        }
        if report.whitespace_only > 0 {
            line.push_str(&format!(
                "; {} of them differ only in line-end whitespace (CRLF or trailing blanks)",
                report.whitespace_only
            ));
        }
        println!("{line}");
        return Ok(ExitCode::SUCCESS);
    };
    let save = args
        .get_one::<std::path::PathBuf>("save")
        .cloned()
        .unwrap_or_else(|| format!("stress-{}-{seed}-{}.in", p.name, f.index + 1).into());
    std::fs::write(&save, &f.input).with_context(|| format!("writing {}", save.display()))?;
    let mut text = format!(
        "stress {}: case {} ({} input, seed {seed}): {}\ninput saved to {}\n",
        p.name,
        f.index + 1,
        f.size.name(),
        f.reason,
        save.display()
    );
    let (ours, theirs) = match against {
        stress::Against::Brute => ("brute force", "games"),
        stress::Against::Command { .. } => ("games", "program"),
    };
    text.push_str(&format!("--- input ---\n{}", excerpt(&f.input)));
    text.push_str(&format!("--- expected ({ours}) ---\n{}", excerpt(&f.expected)));
    text.push_str(&format!("--- got ({theirs}) ---\n{}", excerpt(&f.got)));
    if let Some(stress::Comparison::Differ { line, expected, got }) = &f.diff {
        text.push_str(&format!("--- diff ---\nline {line}:\n- {expected}\n+ {got}\n"));
    }
    if !f.stderr.is_empty() {
        text.push_str(&format!("--- program stderr ---\n{}", excerpt(&f.stderr)));
    }
    write_stdout(text.as_bytes())?;
    Ok(ExitCode::from(1))
}

/// At most 40 lines / 4 KiB of a text, with a note when cut, ending in a newline.
fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut shown: String = text.lines().take(40).collect::<Vec<_>>().join("\n");
    if shown.len() > 4096 {
        let mut cut = 4096;
        while !shown.is_char_boundary(cut) {
            cut -= 1;
        }
        shown.truncate(cut);
    }
    if shown.len() < text.trim_end().len() {
        shown.push_str(&format!("\n... ({} bytes in all)", bytes.len()));
    }
    shown.push('\n');
    shown
}

/// The benchmark baseline: parse every token as an integer (skipping the few words some formats
/// have), then print how many there were and their wrapping sum, so nothing is optimised away.
fn scan(args: &ArgMatches) -> Result<ExitCode> {
    let input = read_input(args.get_one::<std::path::PathBuf>("FILE"))?;
    let mut sc = games::Scanner::new(&input);
    let (mut count, mut sum) = (0u64, 0u64);
    while !sc.at_eof() {
        match sc.u64("integer") {
            Ok(v) => sum = sum.wrapping_add(v),
            Err(_) => {
                sc.word("word").ok();
            }
        }
        count += 1;
    }
    write_stdout(format!("{count} {sum}\n").as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// Reads FILE (or stdin), runs the problem's solver, writes the answers, reports a fault.
fn solve(p: &Problem, args: &ArgMatches) -> Result<ExitCode> {
    let input = read_input(args.get_one::<std::path::PathBuf>("FILE"))
        .with_context(|| format!("{}: cannot read the input", p.name))?;
    let (answers, fault) = registry::run(p, &input);
    write_stdout(&answers)?;
    match fault {
        None => Ok(ExitCode::SUCCESS),
        Some(e) => {
            eprintln!("{}", e.render(p.name, &input));
            Ok(ExitCode::from(1))
        }
    }
}

fn read_input(path: Option<&std::path::PathBuf>) -> Result<Vec<u8>> {
    match path {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::read(path).with_context(|| format!("{}", path.display()))
        }
        _ => {
            let mut buf = Vec::new();
            std::io::stdin().lock().read_to_end(&mut buf).context("standard input")?;
            Ok(buf)
        }
    }
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes).context("writing standard output")?;
    stdout.flush().context("writing standard output")?;
    Ok(())
}
