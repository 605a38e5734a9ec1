//! `games sg RULE`: the Grundy explorer's command line. It reads the options and prints; the
//! work is in `games::sg` (`request` plans the run, `drive` runs the engines to a verdict,
//! `answers` answers `--at` and `--heaps`, `report` builds the text, JSON and SVG).

use anyhow::{Context, Result};
use clap::{Arg, ArgAction, ArgMatches, Command};
use games::harness::process;
use games::sg::drive::{self, Computed};
use games::sg::report::{json_report, run_line, svg, text_report};
use games::sg::request::{Asked, Request};
use games::sg::rule::Rule;
use games::sg::{answers, checkpoint};
use std::path::PathBuf;
use std::process::ExitCode;

/// The whole clap definition of `games sg`.
pub fn command() -> Command {
    misere_args(Command::new("sg"))
        .about("Grundy explorer: any heap rule, its values, a proven period, G(n) for n < 2^64")
        .long_about(include_str!("../../problems/sg.md"))
        .arg(Arg::new("RULE").required_unless_present("check-quotient").allow_hyphen_values(true).help("The rule: 0.77, 4!.0, kayles, sub:1,3,4, sub:3..7, allbut:2,3,7, bash:3, split-nim, multi-sg:F, hdu6892, hdu1848"))
        .arg(
            Arg::new("upto")
                .long("upto")
                .value_name("N")
                .value_parser(clap::value_parser!(u64).range(0..=100_000_000))
                .help("Compute exactly G(0..=N), certificate or not"),
        )
        .arg(
            Arg::new("max")
                .long("max")
                .value_name("N")
                .value_parser(clap::value_parser!(u64).range(1..=2_000_000_000))
                .help("Stop the search for a certificate at n = N (default 10^8 for octal codes, 2 bytes a value, 10^5 with '!'; 20000 otherwise; 2000 for rules leaving three or more heaps or whose repeating tail splits, 60 with size conditions on them)"),
        )
        .arg(
            Arg::new("threads")
                .short('j')
                .long("threads")
                .value_name("N")
                .value_parser(clap::value_parser!(u64).range(1..=1024))
                .help("Octal codes: threads for the rare/common engine, also with --bounded (default: all the machine's cores; 1 = the one-core engine). The values are the same"),
        )
        .arg(
            Arg::new("bounded")
                .long("bounded")
                .action(ArgAction::SetTrue)
                .help("Octal codes: keep only the first 4 Mi values and the last 64 Mi (about 160 MB whatever --max, on any -j); --at and --heaps then answer from those"),
        )
        .arg(
            Arg::new("at")
                .long("at")
                .value_name("n")
                .num_args(1..)
                .value_parser(parse_at)
                .help("G(n) for these n (any n < 2^64 once a period is proved); with --misere, sums of heaps: '3+5+8'"),
        )
        .arg(
            Arg::new("heaps")
                .long("heaps")
                .value_name("h")
                .num_args(1..)
                .value_parser(clap::value_parser!(u64))
                .help("A sum of heaps: nim-sum, P or N, and a winning move"),
        )
        .arg(
            Arg::new("stats")
                .long("stats")
                .action(ArgAction::SetTrue)
                .help("Also the statistics of the values computed: rare/common split, the last rare value, every value's frequency, P-positions"),
        )
        .arg(
            Arg::new("save")
                .long("save")
                .value_name("FILE")
                .value_parser(clap::value_parser!(std::path::PathBuf))
                .conflicts_with("bounded")
                .help("Write the values computed to FILE at the end of the run, also when --max, the default bound or Ctrl-C/SIGTERM stops it (a checkpoint for --resume)"),
        )
        .arg(
            Arg::new("resume")
                .long("resume")
                .value_name("FILE")
                .value_parser(clap::value_parser!(std::path::PathBuf))
                .conflicts_with("bounded")
                .help("Continue from the values a --save of the same rule wrote to FILE"),
        )
        .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).help("One JSON object instead of text"))
        .arg(
            Arg::new("svg")
                .long("svg")
                .value_name("FILE")
                .value_parser(clap::value_parser!(std::path::PathBuf))
                .help("Also draw G(n) against n, preperiod and one period marked, into FILE"),
        )
}

/// The misère options (`games sg --misere`, `docs/misere.md`): the quotient, its certificate
/// and its replay, and sums read from a file.
fn misere_args(command: Command) -> Command {
    command
        .arg(Arg::new("misere").long("misere").action(ArgAction::SetTrue).conflicts_with_all(["svg", "save", "resume", "bounded", "stats"]).help("Misère play (the last mover loses): g-(n), genus and tameness of heaps 0..N (--heaps N or --upto N, default 20); --at answers sums"))
        .arg(Arg::new("quotient").long("quotient").action(ArgAction::SetTrue).requires("misere").help("With --misere: the misère quotient of heaps 0..N heap by heap, proved"))
        .arg(Arg::new("certificate").long("certificate").value_name("FILE").value_parser(clap::value_parser!(PathBuf)).requires("quotient").help("Write the quotient's certificate to FILE (--check-quotient replays it)"))
        .arg(Arg::new("check-quotient").long("check-quotient").value_name("FILE").value_parser(clap::value_parser!(PathBuf)).help("Replay a misère quotient certificate: exit 0 if it proves its quotient, 1 if not"))
        .arg(Arg::new("quotient-budget").long("quotient-budget").value_name("N").value_parser(clap::value_parser!(u64).range(1000..=1_000_000_000)).requires("quotient").help("With --quotient: the most states of one outcome check and elements of one candidate monoid (default 4000000); a heap past it stops the run, saying so"))
        .arg(Arg::new("at-file").long("at-file").value_name("FILE").value_parser(clap::value_parser!(PathBuf)).requires("misere").help("With --misere: the sums of FILE, one a line ('3+5+8' or '3 5 8')"))
}

/// Runs `games sg`: parse, compute, answer, report.
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    if let Some(path) = args.get_one::<PathBuf>("check-quotient") {
        return Ok(super::sg_misere::check(path));
    }
    if args.get_flag("misere") {
        process::Supervisor::install();
        return Ok(super::sg_misere::run(args));
    }
    games::sg::parallel::set_threads(match args.get_one::<u64>("threads") {
        Some(&t) => t as usize,
        None => games::sg::parallel::default_threads(),
    });
    let req = match request(args) {
        Ok(req) => req,
        Err(e) => {
            super::io::error_line(&format!("games sg: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    // Ctrl-C (SIGINT) and SIGTERM stop a long run with the verdict so far (exit 130 / 143).
    process::Supervisor::install();
    if let Some(path) = &req.save
        && let Err(e) = checkpoint::check_save_path(path)
    {
        super::io::error_line(&format!("games sg: --save {}: {e}", path.display()));
        return Ok(ExitCode::from(1));
    }
    if let Err(e) = req.probe_memory() {
        super::io::error_line(&e.render("sg"));
        return Ok(ExitCode::from(1));
    }
    let mut c = match compute(&req) {
        Ok(c) => c,
        Err(message) => {
            super::io::error_line(&format!("games sg: {message}"));
            return Ok(ExitCode::from(1));
        }
    };
    let signal = process::interrupted();
    c.explain_stop(&req, signal);
    let save_error = drive::save(&req, &c).err();
    let code = print(args, &req, &mut c, signal)?;
    Ok(finish(args, &req, &c, code, save_error, signal))
}

/// The options as a planned run, or the rule's parse error (a usage error).
fn request(args: &ArgMatches) -> Result<Request, String> {
    let text = args.get_one::<String>("RULE").map(String::as_str).unwrap_or_default();
    let rule = Rule::parse(text).map_err(|e| e.to_string())?;
    let asked = Asked {
        upto: args.get_one::<u64>("upto").copied(),
        ats: ats(args)?,
        heaps: args.get_many::<u64>("heaps").map(|v| v.copied().collect()),
        max: args.get_one::<u64>("max").copied(),
        bounded: args.get_flag("bounded"),
        stats: args.get_flag("stats"),
        save: args.get_one::<PathBuf>("save").cloned(),
        resume: args.get_one::<PathBuf>("resume").cloned(),
    };
    Ok(Request::plan(rule, asked))
}

/// `--at` values: numbers (sums are for --misere).
fn ats(args: &ArgMatches) -> Result<Vec<u64>, String> {
    let mut out = Vec::new();
    for sum in args.get_many::<Vec<u64>>("at").into_iter().flatten() {
        match sum[..] {
            [n] => out.push(n),
            _ => return Err("--at takes sums of heaps (3+5+8) only with --misere".into()),
        }
    }
    Ok(out)
}

/// One `--at` value: a number or a sum of numbers `3+5+8`.
pub fn parse_at(text: &str) -> Result<Vec<u64>, String> {
    text.split('+').map(|t| t.trim().parse::<u64>().map_err(|e| format!("{t:?}: {e}"))).collect()
}

/// Runs the engines with the progress line on a terminal.
fn compute(req: &Request) -> Result<Computed, String> {
    let line = super::Progress::new("games sg", 0);
    let c = drive::compute(req, &|n, bytes| show_progress(&line, n, bytes));
    line.clear();
    c
}

/// Answers the questions and prints the report (text or JSON); a failed answer (exit 1) is
/// said after it, whatever became of stdout.
fn print(
    args: &ArgMatches,
    req: &Request,
    c: &mut Computed,
    signal: Option<i32>,
) -> Result<ExitCode> {
    let computed_to = c.settle(req);
    let answers = answers::answer(req, c, computed_to, signal.is_some());
    let line = run_line(req, c, computed_to);
    let report = if args.get_flag("json") {
        json_report(req, c, answers.at, answers.heaps, line, computed_to)
            .context("encoding JSON")?
    } else {
        text_report(req, c, &answers.text, &line)
    };
    let code = super::io::finish(u8::from(answers.failure.is_some()), report.as_bytes());
    if let Some(f) = answers.failure {
        super::io::error_line(&format!("games sg: {f}"));
    }
    Ok(code)
}

/// After the report: the `--save` error, the signal that stopped the run, and the `--svg`
/// file (files come after the answers, so a file that cannot be written loses nothing
/// printed).
fn finish(
    args: &ArgMatches,
    req: &Request,
    c: &Computed,
    mut code: ExitCode,
    save_error: Option<String>,
    signal: Option<i32>,
) -> ExitCode {
    if let Some(e) = save_error {
        super::io::error_line(&e);
        code = ExitCode::from(1);
    }
    if let Some(sig) = signal {
        super::io::error_line(&format!("games sg: interrupted by {}", process::signal_name(sig)));
        code = ExitCode::from(process::interrupted_exit_code(sig));
    }
    if let Some(path) = args.get_one::<PathBuf>("svg") {
        let svg = svg(&req.rule, &c.values, &c.verdict);
        if let Err(e) = std::fs::write(path, svg) {
            super::io::error_line(&format!("games sg: writing {}: {e}", path.display()));
            code = ExitCode::from(1);
        }
    }
    code
}

/// The progress line of a run past its first second (on a terminal only; with
/// `GAMES_PROGRESS=1` on any stderr and from the first step): heaps computed, values a second,
/// memory of the table at `bytes` a value.
fn show_progress(line: &super::Progress, n: u64, bytes: u64) {
    let ms = line.elapsed().as_millis() as u64;
    if ms >= 1000 || line.forced() {
        let rate = n.saturating_mul(1000) / ms.max(1);
        let mib = n.saturating_mul(bytes) >> 20;
        line.show_text(&format!("n = {n}, {rate} values/s, about {mib} MiB"));
    }
}
