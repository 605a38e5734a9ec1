//! `games sg RULE`: the Grundy explorer's command line. The mathematics is in `games::sg`; this
//! module reads the options, drives the engine until a certificate exists (or `--max`), and
//! prints the table and the verdict, `--at` answers, `--heaps` play, `--json` or `--svg`.

use anyhow::{Context, Result};
use clap::{Arg, ArgAction, ArgMatches, Command};
use games::sg::certificate::{self, Proof, Verdict};
use games::sg::checkpoint;
use games::sg::closed::{ClosedForm, closed_form};
use games::sg::long_run::{self, Memory};
use games::sg::play;
use games::sg::rule::Rule;
use games::sg::sparse::OctalMoves;
use games::sg::values::{Engine, EngineError, Values};
use std::process::ExitCode;

/// The whole clap definition of `games sg`.
pub fn command() -> Command {
    Command::new("sg")
        .about("Grundy explorer: any heap rule, its values, a proven period, G(n) for n < 2^64")
        .long_about(include_str!("../../problems/sg.md"))
        .arg(Arg::new("RULE").required(true).allow_hyphen_values(true).help("The rule: 0.77, 4!.0, kayles, sub:1,3,4, sub:3..7, allbut:2,3,7, bash:3, split-nim, multi-sg:F, hdu6892, hdu1848"))
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
                .value_parser(clap::value_parser!(u64).range(1..=256))
                .help("Octal codes: threads for the rare/common engine (default: the machine's cores, at most 16; 1 = the one-core engine; --bounded runs use one). The values are the same"),
        )
        .arg(
            Arg::new("bounded")
                .long("bounded")
                .action(ArgAction::SetTrue)
                .help("Octal codes: keep only the first 4 Mi values and a ring of the last 64 Mi (about 150 MB whatever --max); --at and --heaps then answer from those"),
        )
        .arg(
            Arg::new("at")
                .long("at")
                .value_name("n")
                .num_args(1..)
                .value_parser(clap::value_parser!(u64))
                .help("G(n) for these n (any n < 2^64 once a period is proved)"),
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

/// Everything the explorer learnt, as printed by `--json`.
struct Report {
    rule: String,
    name: Option<&'static str>,
    code: Option<String>,
    values: Values,
    verdict: VerdictJson,
    at: Vec<AtJson>,
    heaps: Option<HeapsJson>,
    stats: Option<StatsJson>,
}

games::json_object!(Report { "rule" => rule, "name" => name unless Option::is_none, "code" => code, "values" => values, "verdict" => verdict, "at" => at unless Vec::is_empty, "heaps" => heaps unless Option::is_none, "stats" => stats unless Option::is_none });

struct VerdictJson {
    kind: &'static str,
    n0: Option<u64>,
    period: Option<u64>,
    saltus: Option<u64>,
    proved: bool,
    theorem: Option<String>,
    checked_to: Option<u64>,
    computed_to: u64,
    note: Option<String>,
    line: String,
}

games::json_object!(VerdictJson { "kind" => kind, "n0" => n0, "period" => period, "saltus" => saltus, "proved" => proved, "theorem" => theorem, "checked_to" => checked_to, "computed_to" => computed_to, "note" => note, "line" => line });

struct AtJson {
    n: u64,
    /// A number (split-nim values pass 2^64: serde_json writes u128 as a number too).
    g: u128,
    /// How it is known: "table", "proved" or "conjecture".
    basis: &'static str,
    /// For a conjecture: what was observed.
    conjecture: Option<String>,
}

games::json_object!(AtJson { "n" => n, "g" => g, "basis" => basis, "conjecture" => conjecture unless Option::is_none });

struct MoveJson {
    heap: usize,
    size: u64,
    leaves: Vec<u64>,
    words: String,
}

games::json_object!(MoveJson { "heap" => heap, "size" => size, "leaves" => leaves, "words" => words });

struct HeapsJson {
    heaps: Vec<u64>,
    values: Vec<u128>,
    nim_sum: u128,
    winner: &'static str,
    winning_move: Option<String>,
    #[allow(dead_code)]
    r#move: Option<MoveJson>,
    conjecture: Option<String>,
}

games::json_object!(HeapsJson { "heaps" => heaps, "values" => values, "nim_sum" => nim_sum, "winner" => winner, "winning_move" => winning_move, "move" => r#move, "conjecture" => conjecture unless Option::is_none });

/// A rule's spelling cut to one line: `0.33333...3333 (1000001 characters)`.
fn shortened(s: &str) -> String {
    const LINE: usize = 60;
    if s.len() <= LINE {
        return s.to_string();
    }
    // Codes and rules are ASCII.
    format!("{}...{} ({} characters)", &s[..LINE / 2], &s[s.len() - LINE / 4..], s.len())
}

/// Estimated bytes a run of `len` values takes at its peak (the values, their copies, the
/// certificate's suffix periods and the printed table).
const BYTES_PER_VALUE: usize = 24;

/// Runs `games sg`.
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    games::sg::parallel::set_threads(match args.get_one::<u64>("threads") {
        Some(&t) => t as usize,
        None => games::sg::parallel::default_threads(),
    });
    let text = args.get_one::<String>("RULE").map(String::as_str).unwrap_or_default();
    let rule = match Rule::parse(text) {
        Ok(r) => r,
        Err(e) => {
            super::io::error_line(&format!("games sg: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    // Ctrl-C (SIGINT) and SIGTERM stop a long run with the verdict so far (exit 130 / 143).
    games::harness::process::Supervisor::install();
    if let Some(path) = args.get_one::<std::path::PathBuf>("save")
        && let Err(e) = checkpoint::check_save_path(path)
    {
        super::io::error_line(&format!("games sg: --save {}: {e}", path.display()));
        return Ok(ExitCode::from(1));
    }
    let upto = args.get_one::<u64>("upto").copied();
    let ats: Vec<u64> =
        args.get_many::<u64>("at").map(|v| v.copied().collect()).unwrap_or_default();
    let heaps: Option<Vec<u64>> = args.get_many::<u64>("heaps").map(|v| v.copied().collect());
    let given_max = args.get_one::<u64>("max").copied();
    let max =
        given_max.unwrap_or_else(|| games::sg::values::default_max(&rule)).max(upto.unwrap_or(0));
    // Every heap asked about below the bound is answered from the table: compute only that
    // far (the proof search still stops earlier when it succeeds).
    let asked = ats.iter().chain(heaps.iter().flatten()).copied().max();
    let (search_max, stop_at_asked) = match asked {
        Some(a) if upto.is_none() && a <= max => (a.max(1), true),
        _ => (max, false),
    };
    // A heap asked past the bound may be answered from an observed pattern: see it long enough.
    let confirm_to = if asked.is_some_and(|a| a > max) { max.min(2000) } else { 0 };
    let closed = closed_form(&rule);
    let len_wanted = match (upto, closed) {
        (Some(n), _) => n.saturating_add(1),
        (None, Some(c)) => c.period().saturating_mul(2).clamp(20, 200),
        (None, None) => search_max.saturating_add(1),
    };
    let octal =
        rule.code().filter(|c| upto.is_none() && closed.is_none() && OctalMoves::of(c).is_some());
    // Bytes a value costs at the peak, by path: the streamed octal run keeps 2 bytes a value
    // (4 while its vector grows, plus the copy printed); the bounded run a fixed 150 MB; the
    // named rules' tables a few bytes; everything else also the certificate's suffix periods
    // and differences (4 bytes each) and the printed table.
    let bounded = args.get_flag("bounded");
    let (per_value, len_probed) = match (&octal, &rule) {
        (Some(_), _) if bounded => (1, len_wanted.min(256 << 20)),
        (Some(_), _) => (8, len_wanted),
        (None, Rule::SplitNim | Rule::Lunch | Rule::MultiSg(_) | Rule::Fibonacci) => {
            (8, len_wanted)
        }
        _ => (BYTES_PER_VALUE, len_wanted),
    };
    let probed = usize::try_from(len_probed)
        .ok()
        .and_then(|l| l.checked_mul(per_value))
        .ok_or(games::error::AllocError { bytes: usize::MAX, what: "the Grundy table" })
        .and_then(|b| games::error::probe(b, "the Grundy table"));
    if let Err(e) = probed {
        super::io::error_line(&e.render("sg"));
        return Ok(ExitCode::from(1));
    }
    // A checkpoint to continue from: only as far as this run goes.
    let resume = args.get_one::<std::path::PathBuf>("resume");
    let mut loaded_len = 0;
    let mut loaded = None;
    if let Some(path) = resume {
        match checkpoint::load(path, &rule) {
            Ok(mut v) => {
                loaded_len = v.len();
                v.truncate(usize::try_from(len_wanted).unwrap_or(usize::MAX));
                loaded = Some(v);
            }
            Err(e) => {
                super::io::error_line(&format!("games sg: --resume {}: {e}", path.display()));
                return Ok(ExitCode::from(1));
            }
        }
    }
    let mut prefix = Vec::new();
    let mut engine = match loaded {
        Some(Values::Narrow(v)) if octal.is_some() => {
            prefix = v;
            Engine::new(&rule)
        }
        Some(_) if octal.is_some() => {
            super::io::error_line(&format!(
                "games sg: --resume {}: {}",
                resume.map(|p| p.display().to_string()).unwrap_or_default(),
                games::sg::values::ResumeError::Wide
            ));
            return Ok(ExitCode::from(1));
        }
        Some(v) => match Engine::resume(&rule, v) {
            Ok(e) => e,
            Err(e) => {
                super::io::error_line(&format!(
                    "games sg: --resume {}: {e}",
                    resume.map(|p| p.display().to_string()).unwrap_or_default()
                ));
                return Ok(ExitCode::from(1));
            }
        },
        None => Engine::new(&rule),
    };
    let mut note = None;
    let mut computed = None;
    let mut period_values = Vec::new();
    let verdict = if let Some(code) = octal {
        let budget = if given_max.is_none() { long_run::WORK_PER_MINUTE } else { u64::MAX };
        match stream(&rule, &code, search_max, bounded, budget, stop_at_asked, &prefix) {
            Ok(run) => {
                engine.values = Values::Narrow(run.values);
                computed = Some(run.computed);
                period_values = run.period_values;
                note = run.note;
                run.verdict
            }
            Err(e) => {
                super::io::error_line(&format!("games sg: {e}"));
                return Ok(ExitCode::from(1));
            }
        }
    } else if let (Some(c), None) = (closed, upto) {
        match engine.extend_to(len_wanted - 1) {
            Ok(()) => {}
            Err(e) => note = Some(e.to_string()),
        }
        let _ = c;
        certificate::certify(&rule, &engine.values)
    } else {
        match explore(&rule, &mut engine, upto, search_max, confirm_to) {
            Ok(v) => v,
            Err(e) => {
                note = Some(e.to_string());
                certificate::certify(&rule, &engine.values)
            }
        }
    };
    if let (Some(path), Verdict::Periodic { proof: Proof::Proved { checked_to, .. }, .. }) =
        (resume, &verdict)
        && let Err(e) =
            checkpoint::recheck(&rule, &engine.values, *checked_to as usize + 1, loaded_len)
    {
        super::io::error_line(&format!("games sg: --resume {}: {e}", path.display()));
        return Ok(ExitCode::from(1));
    }
    if note.is_none()
        && !verdict.is_proved()
        && let Some(t) = certificate::largest_removal(&rule)
        && t >= engine.values.len() as u64
        && closed.is_none()
    {
        note = Some(format!(
            "no closed form for this set, and a proof reads more values than its largest amount t = {t}, past the table limit --max {max}; heaps from t on are not described by these values"
        ));
    }
    let signal = games::harness::process::interrupted();
    if let Some(sig) = signal
        && note.is_none()
    {
        note = Some(format!(
            "interrupted by {}: the verdict so far",
            games::harness::process::signal_name(sig)
        ));
    }
    // The checkpoint: every value computed (before the cut below), after an interruption too.
    // A table shorter than the one resumed from (a run that needed fewer) keeps the longer one.
    let mut save_error = None;
    if let Some(path) = args.get_one::<std::path::PathBuf>("save") {
        let res = if engine.values.len() < loaded_len
            && let Some(from) = resume
        {
            if std::fs::canonicalize(from).ok() == std::fs::canonicalize(path).ok() {
                Ok(())
            } else {
                std::fs::copy(from, path).map(|_| ()).map_err(checkpoint::CheckpointError::Io)
            }
        } else {
            checkpoint::save(path, &rule, &engine.values)
        };
        if let Err(e) = res {
            save_error = Some(format!("games sg: --save {}: {e}", path.display()));
        }
    }
    // Proved: print exactly the values the proof read.
    if upto.is_none()
        && let Verdict::Periodic { proof: Proof::Proved { checked_to, .. }, .. } = &verdict
    {
        engine.values.truncate(*checked_to as usize + 1);
        computed = None;
    }
    let values = std::mem::take(&mut engine.values);
    let computed_to = computed.map_or(values.len() as u64, |n| n).saturating_sub(1);
    let mut failure = None;
    if let Some(n) = upto
        && (values.len() as u64) <= n
    {
        failure = Some(format!(
            "--upto {n}: only G(0..={}) could be computed ({})",
            values.len().saturating_sub(1),
            note.as_deref().unwrap_or("stopped")
        ));
    }
    let mut engine = Engine::new(&rule);
    let period = match &verdict {
        Verdict::Periodic { n0, period, saltus, proof: Proof::Proved { .. } } => {
            Some((*n0, *period, *saltus))
        }
        _ => None,
    };
    let conjecture = match &verdict {
        Verdict::Periodic { n0, period, saltus, proof: Proof::Observed { .. } }
            if trusted_pattern(&rule, values.len() as u64, *n0, *period) =>
        {
            Some((*n0, *period, *saltus))
        }
        _ => None,
    };
    let mut oracle = Oracle {
        rule: &rule,
        closed,
        engine: &mut engine,
        values: &values,
        period_values: &period_values,
        verdict: &verdict,
        conjecture,
        computed_to,
        // Interrupted: answer from what is known, compute nothing more.
        max: if signal.is_some() { computed_to } else { max },
        used_conjecture: false,
    };
    let mut out = String::new();
    let mut at_json = Vec::new();
    for &n in &ats {
        if failure.is_some() {
            break;
        }
        oracle.used_conjecture = false;
        match oracle.value(n) {
            Ok(g) => {
                let label = oracle.label();
                match &label {
                    Some(l) => out.push_str(&format!("G({n}) = {g} ({l})\n")),
                    None => out.push_str(&format!("G({n}) = {g}\n")),
                }
                let basis = if label.is_some() {
                    "conjecture"
                } else if n < values.len() as u64 {
                    "table"
                } else {
                    "proved"
                };
                at_json.push(AtJson { n, g, basis, conjecture: label });
            }
            Err(why) => failure = Some(format!("G({n}): {why}")),
        }
    }
    let mut heaps_json = None;
    if failure.is_none()
        && let Some(heaps) = &heaps
    {
        oracle.used_conjecture = false;
        let mut gvals = Vec::new();
        for &h in heaps {
            match oracle.value(h) {
                Ok(g) => gvals.push(g),
                Err(why) => {
                    failure = Some(format!("G({h}): {why}"));
                    break;
                }
            }
        }
        if failure.is_none() {
            let mut g = |n: u64| oracle.value(n).ok();
            let found = play::winning_move(&rule, heaps, &mut g, period);
            let label = oracle.label();
            match found {
                Some((s, mv)) => {
                    let list: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
                    let gl: Vec<String> = gvals.iter().map(|h| h.to_string()).collect();
                    out.push_str(&format!(
                        "heaps {}: G = {}, nim-sum {s}: ",
                        list.join(" "),
                        gl.join(" ")
                    ));
                    let words = mv.as_ref().map(|m| m.words.clone());
                    if s == 0 {
                        out.push_str("P (the player to move loses)\n");
                    } else {
                        out.push_str("N (the player to move wins)\n");
                        match &words {
                            Some(w) => out.push_str(&format!("winning move: {w}\n")),
                            None => {
                                out.push_str("winning move: not found within the search bound\n")
                            }
                        }
                    }
                    if let Some(l) = &label {
                        out.push_str(&format!("({l})\n"));
                    }
                    heaps_json = Some(HeapsJson {
                        heaps: heaps.clone(),
                        values: gvals,
                        nim_sum: s,
                        winner: if s == 0 { "P" } else { "N" },
                        winning_move: words,
                        r#move: mv.map(|m| MoveJson {
                            heap: m.heap,
                            size: m.size,
                            leaves: m.leaves,
                            words: m.words,
                        }),
                        conjecture: label,
                    });
                }
                None => {
                    failure = Some("a value needed for the winning move is unknown".to_string())
                }
            }
        }
    }
    let line = match (&verdict, closed) {
        (Verdict::ClosedForm { .. }, Some(c)) => {
            let mut l = c.describe();
            if let Some(n) = &note {
                l.push_str(&format!("; stopped: {n}"));
            }
            l
        }
        _ => verdict_line(&verdict, &values, computed_to, note.as_deref()),
    };
    let report = if args.get_flag("json") {
        let report = Report {
            rule: rule.to_string(),
            name: rule.code().and_then(|c| games::sg::rule::name_of(&c)),
            code: rule.code().map(|c| games::sg::rule::code_to_string(&c)),
            values: values.clone(),
            verdict: verdict_json(&verdict, line.clone(), note.clone(), computed_to),
            at: at_json,
            heaps: heaps_json,
            stats: args.get_flag("stats").then(|| research_stats(&values)),
        };
        let mut s = serde_json::to_string(&report).context("encoding JSON")?;
        s.push('\n');
        s
    } else {
        let mut text = format!("rule {}", shortened(&rule.to_string()));
        if let Some(c) = rule.code() {
            let spelled = games::sg::rule::code_to_string(&c);
            if !matches!(rule, Rule::Code(_)) {
                text.push_str(&format!(" = {}", shortened(&spelled)));
            }
            if let Some(name) = games::sg::rule::name_of(&c) {
                text.push_str(&format!(" ({name})"));
            }
        }
        text.push('\n');
        if ats.is_empty() && heaps.is_none() {
            text.push_str(&table(&values, &verdict, upto.is_some()));
        }
        text.push_str(&out);
        text.push_str(&line);
        text.push('\n');
        if args.get_flag("stats") {
            text.push_str(&stats_text(&research_stats(&values)));
        }
        text
    };
    // The report first; a failure (exit 1) is said after it, whatever became of stdout. Files
    // come after the answers, so a file that cannot be written loses nothing printed.
    let mut code = super::io::finish(u8::from(failure.is_some()), report.as_bytes());
    if let Some(f) = failure {
        super::io::error_line(&format!("games sg: {f}"));
    }
    if let Some(e) = save_error {
        super::io::error_line(&e);
        code = ExitCode::from(1);
    }
    if let Some(sig) = signal {
        code = ExitCode::from(games::harness::process::interrupted_exit_code(sig));
    }
    if let Some(path) = args.get_one::<std::path::PathBuf>("svg") {
        let svg = svg(&rule, &values, &verdict);
        if let Err(e) = std::fs::write(path, svg) {
            super::io::error_line(&format!("games sg: writing {}: {e}", path.display()));
            code = ExitCode::from(1);
        }
    }
    Ok(code)
}

/// Can an observed pattern be offered as a conjecture past the table? Not when the table stops
/// before the largest amount a move removes has acted for a while (sub:1,5,10^9 looks periodic
/// long before 10^9): the pattern must have been seen over at least the largest removal past
/// its own two periods.
fn trusted_pattern(rule: &Rule, len: u64, n0: u64, period: u64) -> bool {
    match certificate::largest_removal(rule) {
        Some(t) => len > t.saturating_add(n0).saturating_add(period.saturating_mul(2)),
        None => true,
    }
}

/// Computes values until a certificate (or `upto` exactly, or `max`).
/// An observed pattern ends the search only past `confirm_to`.
fn explore(
    rule: &Rule,
    engine: &mut Engine,
    upto: Option<u64>,
    max: u64,
    confirm_to: u64,
) -> Result<Verdict, EngineError> {
    let progress = super::Progress::new("games sg", 0);
    if let Some(n) = upto {
        // In steps, for the progress line and Ctrl-C (a short table is reported by the caller).
        loop {
            let have = engine.values.len() as u64;
            let next = n.min(have.saturating_add((have / 16).max(256)));
            engine.extend_to(next)?;
            show_progress(&progress, engine.values.len() as u64, engine.values.width() as u64);
            if next == n || games::harness::process::interrupted().is_some() {
                break;
            }
        }
        progress.clear();
        return Ok(certificate::certify(rule, &engine.values));
    }
    let provable = certificate::provable(rule);
    // A finite subtraction set's values are bounded: a saltus seen before its largest amount
    // has acted (twice) is not a pattern of the game.
    let confirm_to =
        confirm_to.max(certificate::largest_removal(rule).map_or(0, |t| t.saturating_mul(2)));
    let mut len = 64u64.min(max + 1);
    loop {
        engine.extend_to(len - 1)?;
        // The first `len` values (a resumed table may hold more: the verdict is the one a run
        // from scratch reaches at this length).
        let v = certificate::certify(rule, &engine.values.prefix(len as usize));
        let done = match &v {
            Verdict::Periodic { proof: Proof::Proved { .. }, .. } => true,
            // A saltus means unbounded values: no plain period will ever come.
            Verdict::Periodic { saltus, .. } => {
                (!provable || (*saltus > 0 && !certificate::saltus_provable(rule)))
                    && len > confirm_to
            }
            Verdict::ClosedForm { .. } | Verdict::NoTheorem { .. } => true,
            Verdict::NotFound => false,
        };
        show_progress(&progress, len, engine.values.width() as u64);
        if done || len > max || games::harness::process::interrupted().is_some() {
            progress.clear();
            engine.values.truncate(len as usize);
            return Ok(v);
        }
        len = (len + (len / 8).max(16)).min(max + 1);
    }
}

/// The progress line of a run past its first second (on a terminal only): heaps computed,
/// values a second, memory of the table at `bytes` a value.
fn show_progress(line: &super::Progress, n: u64, bytes: u64) {
    let ms = line.elapsed().as_millis() as u64;
    if ms >= 1000 {
        let rate = n.saturating_mul(1000) / ms;
        let mib = n.saturating_mul(bytes) >> 20;
        line.show_text(&format!("n = {n}, {rate} values/s, about {mib} MiB"));
    }
}

/// What a streamed run found.
struct Streamed {
    values: Vec<u16>,
    verdict: Verdict,
    computed: u64,
    period_values: Vec<u16>,
    note: Option<String>,
}

/// Octal codes (the rare/common engine): values streamed through the period detector of
/// `long_run`, which stops at the first length holding every value the certificate reads, at
/// `max`, or when `budget` work units are spent (the default bound: about a minute).
fn stream(
    rule: &Rule,
    code: &games::sg::code::Code,
    max: u64,
    bounded: bool,
    budget: u64,
    stop_at_asked: bool,
    prefix: &[u16],
) -> Result<Streamed, String> {
    let memory =
        if bounded { Memory::Bounded { prefix: 1 << 22, ring: 1 << 26 } } else { Memory::Full };
    let want = usize::try_from(max.saturating_add(1)).map_err(|e| e.to_string())?;
    let line = super::Progress::new("games sg", 0);
    let mut progress = |n: usize| show_progress(&line, n as u64, 2);
    let run = if prefix.is_empty() {
        long_run::run_observed(code, want, memory, budget, &mut progress)
    } else {
        long_run::run_resumed(code, prefix, want, budget, &mut progress)
    };
    line.clear();
    let Some(run) = run else {
        return Err("not an octal code".to_string());
    };
    let mut note = run.stopped.map(|e| e.to_string());
    if run.interrupted {
        note = Some(format!(
            "interrupted at n = {}: the verdict so far",
            run.computed.saturating_sub(1)
        ));
    } else if run.out_of_work {
        note = Some(format!(
            "the default bound of about a minute of work (5 * 10^10 pairs of heaps looked at) was reached at n = {}; --max N computes to N whatever the time",
            run.computed.saturating_sub(1)
        ));
    }
    let verdict = match run.certificate {
        Some(c) if c.proved => Verdict::Periodic {
            n0: c.n0 as u64,
            period: c.period as u64,
            saltus: 0,
            proof: Proof::Proved {
                theorem: certificate::theorem_name(code).unwrap_or_default(),
                checked_to: c.checked as u64,
            },
        },
        Some(c) => Verdict::Periodic {
            n0: c.n0 as u64,
            period: c.period as u64,
            saltus: 0,
            proof: Proof::Observed {
                why:
                    "the split-parity condition for '!' does not hold (or its values were not kept)"
                        .to_string(),
            },
        },
        // No certificate: the full check over the values kept (it may still see a period).
        None if run.first.len() == run.computed && run.computed <= 1 << 22 => {
            certificate::certify(rule, &run.first)
        }
        None => Verdict::NotFound,
    };
    if note.is_none()
        && run.certificate.is_none()
        && run.computed as u64 > max
        && matches!(verdict, Verdict::NotFound)
    {
        note = Some(if stop_at_asked {
            format!(
                "computed only to the largest heap asked, n = {max} (without --at and --heaps the search goes on to a proof or --max)"
            )
        } else {
            format!("the --max bound {max} was reached; --max N searches further")
        });
    }
    Ok(Streamed {
        values: run.first,
        verdict,
        computed: run.computed as u64,
        period_values: run.period_values,
        note,
    })
}

/// G(n) for any n the verdict or the rule's theory determines.
struct Oracle<'a> {
    rule: &'a Rule,
    closed: Option<ClosedForm>,
    engine: &'a mut Engine,
    values: &'a Values,
    /// G(n0..n0 + p) of a proved period when `values` stops before them (bounded memory).
    period_values: &'a [u16],
    verdict: &'a Verdict,
    /// An observed (n0, p, saltus) that may answer past the table, labelled.
    conjecture: Option<(u64, u64, u64)>,
    computed_to: u64,
    max: u64,
    /// Whether an answer since the last reset came from the conjecture.
    used_conjecture: bool,
}

impl Oracle<'_> {
    /// The label of the answers since the last reset, when one came from an observed pattern.
    fn label(&self) -> Option<String> {
        let (_, p, s) = self.conjecture?;
        self.used_conjecture.then(|| {
            format!("conjecture: period {p}, saltus {s} observed to n = {}", self.computed_to)
        })
    }

    fn value(&mut self, n: u64) -> Result<u128, String> {
        if let Some(c) = self.closed {
            return Ok(c.value(n) as u128);
        }
        match self.rule {
            Rule::SplitNim => return Ok(games::theory::split::grundy(n)),
            Rule::Lunch => {
                return Ok(if n == 0 { 0 } else { games::theory::lunch::grundy(n) as u128 });
            }
            Rule::MultiSg(f) if n as u128 >= self.values.len() as u128 => {
                return match certificate::multi_sg_try(*f, n, 100_000_000) {
                    Ok(Some(g)) => Ok(g.into()),
                    Ok(None) => Err("too far for the quotient chain of multi-sg (more than 10^8 quotient blocks; n up to about 10^10 is in reach)".to_string()),
                    Err(e) => Err(format!("cannot allocate {} bytes for {}", e.bytes, e.what)),
                };
            }
            _ => {}
        }
        if let Verdict::Periodic { n0, period, saltus: 0, proof: Proof::Proved { .. } } =
            self.verdict
            && n >= *n0
            && n0 + period > self.values.len() as u64
            && self.period_values.len() as u64 == *period
        {
            // Bounded memory: the period's values came from the ring.
            return Ok(self.period_values[((n - n0) % period) as usize] as u128);
        }
        if let Verdict::Periodic { n0, period, .. } = self.verdict
            && n0 + period > self.values.len() as u64
            && n >= self.values.len() as u64
            && self.verdict.is_proved()
        {
            return Err(format!(
                "only G(0..{}) was kept (--bounded) and the period's values were not; rerun without --bounded",
                self.values.len()
            ));
        }
        if let Some(g) = certificate::value_at(self.verdict, self.values, n) {
            return Ok(g);
        }
        // Within --max the value is computed (exact), before any conjecture.
        let mut failed = None;
        if n <= self.max {
            match self.engine.extend_to(n) {
                Ok(()) => return Ok(self.engine.values.at(n as usize) as u128),
                Err(e) => failed = Some(e.to_string()),
            }
        }
        if let Some((n0, p, s)) = self.conjecture
            && n >= n0
            && n0 + p <= self.values.len() as u64
        {
            self.used_conjecture = true;
            let q = (n - n0) / p;
            let r = (n - n0) % p;
            return Ok(self.values.at((n0 + r) as usize) as u128 + q as u128 * s as u128);
        }
        if let Some(why) = failed {
            return Err(why);
        }
        let mut why = format!(
            "no period is proved and n is beyond --max {} (raise --max to compute it)",
            self.max
        );
        if let Some(t) = certificate::largest_removal(self.rule)
            && t > self.max
        {
            why.push_str(&format!(
                "; a period proof reads more than the largest amount t = {t} values, past the table limit"
            ));
        }
        Err(why)
    }
}

fn verdict_line(v: &Verdict, values: &Values, upto: u64, note: Option<&str>) -> String {
    let mut line = match v {
        Verdict::Periodic { n0, period, saltus, proof } => {
            let head = if *saltus == 0 {
                format!("periodic from n0 = {n0} with period {period}")
            } else {
                format!(
                    "arithmetic-periodic from n0 = {n0} with period {period} and saltus {saltus}"
                )
            };
            match proof {
                Proof::Proved { theorem, checked_to } => {
                    format!("{head} (proved: {theorem}, values checked to n = {checked_to})")
                }
                Proof::Observed { why } => {
                    format!("{head} (observed to n = {upto}, not proved: {why})")
                }
            }
        }
        Verdict::ClosedForm { what } => format!("closed form: {what}"),
        Verdict::NoTheorem { why } => format!("{why}; {}", stats(values)),
        Verdict::NotFound => format!("no period found up to n = {upto} ({})", stats(values)),
    };
    if let Some(n) = note {
        line.push_str(&format!("; stopped: {n}"));
    }
    line
}

/// Largest value, the rare/common split, the P-positions.
fn stats(values: &Values) -> String {
    if values.is_empty() {
        return "no values".to_string();
    }
    let st = research_stats(values);
    let split = match st.mask {
        None => "rare/common: no split".to_string(),
        Some(m) => format!("rare/common by mask {m}: {} rare, {} common", st.rare, st.common),
    };
    format!(
        "largest value {} at n = {}; {split}; {} P-positions, the last at n = {}",
        st.largest,
        st.largest_at,
        st.p_positions,
        st.last_p.unwrap_or(0)
    )
}

/// The research statistics of `--stats`: the rare/common split (as in the verdict), the last
/// rare heap, every value's frequency, the P-positions.
struct StatsJson {
    count: u64,
    largest: u32,
    largest_at: u64,
    p_positions: u64,
    last_p: Option<u64>,
    mask: Option<u32>,
    rare: u64,
    common: u64,
    last_rare_n: Option<u64>,
    last_rare_value: Option<u32>,
    /// (value, how many heaps have it), by value.
    frequencies: Vec<(u32, u64)>,
}

games::json_object!(StatsJson { "count" => count, "largest" => largest, "largest_at" => largest_at, "p_positions" => p_positions, "last_p" => last_p, "mask" => mask, "rare" => rare, "common" => common, "last_rare_n" => last_rare_n, "last_rare_value" => last_rare_value, "frequencies" => frequencies });

fn research_stats(values: &Values) -> StatsJson {
    match values {
        Values::Narrow(v) => stats_of(v),
        Values::Wide(v) => stats_of(v),
    }
}

fn stats_of<T: Copy + Into<u32>>(values: &[T]) -> StatsJson {
    let (largest_at, largest) = values
        .iter()
        .map(|&v| v.into())
        .enumerate()
        .max_by_key(|&(i, v)| (v, std::cmp::Reverse(i)))
        .map_or((0, 0), |(i, v)| (i as u64, v));
    let mut counts = vec![0u64; largest as usize + 1];
    for &v in values {
        counts[v.into() as usize] += 1;
    }
    // The rare mask: the bits (of the lowest ten) whose parity class of values is the smallest
    // (0 is always rare). A mask below 2^10 sees only a value's lowest ten bits: the counts are
    // summed by those first.
    let mut low = [0u64; 1024];
    for (v, &c) in counts.iter().enumerate() {
        low[v & 1023] += c;
    }
    let bits = 32 - largest.leading_zeros();
    let mut best = (u64::MAX, 0u32);
    for mask in 1..1u32 << bits.min(10) {
        let rare: u64 = low
            .iter()
            .enumerate()
            .filter(|&(v, &c)| c > 0 && (v as u32 & mask).count_ones().is_multiple_of(2))
            .map(|(_, &c)| c)
            .sum();
        if rare < best.0 {
            best = (rare, mask);
        }
    }
    let mask = (best.1 != 0).then_some(best.1);
    let is_rare = |v: u32| mask.is_some_and(|m| (v & m).count_ones().is_multiple_of(2));
    let len = values.len();
    let last_rare = (1..len).rev().map(|i| (i, values[i].into())).find(|&(_, v)| is_rare(v));
    StatsJson {
        count: len as u64,
        largest,
        largest_at,
        p_positions: counts[0],
        last_p: values.iter().rposition(|&v| v.into() == 0).map(|i| i as u64),
        mask,
        rare: if mask.is_some() { best.0 } else { 0 },
        common: if mask.is_some() { len as u64 - best.0 } else { 0 },
        last_rare_n: last_rare.map(|(i, _)| i as u64),
        last_rare_value: last_rare.map(|(_, v)| v),
        frequencies: counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(v, &c)| (v as u32, c))
            .collect(),
    }
}

fn stats_text(st: &StatsJson) -> String {
    let mut s = format!(
        "stats over G(0..={}): largest value {} at n = {}; ",
        st.count.saturating_sub(1),
        st.largest,
        st.largest_at
    );
    match st.last_p {
        Some(l) => s.push_str(&format!("{} P-positions, the last at n = {l}", st.p_positions)),
        None => s.push_str("no P-positions"),
    }
    match st.mask {
        Some(m) => {
            s.push_str(&format!(
                "; rare/common by mask {m}: {} rare, {} common",
                st.rare, st.common
            ));
            if let (Some(n), Some(v)) = (st.last_rare_n, st.last_rare_value) {
                s.push_str(&format!(", the last rare value {v} at n = {n}"));
            }
        }
        None => s.push_str("; rare/common: no split"),
    }
    s.push_str("\nfrequencies (value:count):");
    const SHOWN: usize = 100;
    for (v, c) in st.frequencies.iter().take(SHOWN) {
        s.push_str(&format!(" {v}:{c}"));
    }
    if st.frequencies.len() > SHOWN {
        s.push_str(&format!(
            " ... ({} more values; --json lists all)",
            st.frequencies.len() - SHOWN
        ));
    }
    s.push('\n');
    s
}

fn verdict_json(v: &Verdict, line: String, note: Option<String>, computed_to: u64) -> VerdictJson {
    let mut j = VerdictJson {
        computed_to,
        kind: "none",
        n0: None,
        period: None,
        saltus: None,
        proved: v.is_proved(),
        theorem: None,
        checked_to: None,
        note,
        line,
    };
    match v {
        Verdict::Periodic { n0, period, saltus, proof } => {
            j.kind = if *saltus == 0 { "periodic" } else { "arithmetic-periodic" };
            j.n0 = Some(*n0);
            j.period = Some(*period);
            j.saltus = Some(*saltus);
            if let Proof::Proved { theorem, checked_to } = proof {
                j.theorem = Some(theorem.clone());
                j.checked_to = Some(*checked_to);
            }
        }
        Verdict::ClosedForm { .. } => j.kind = "closed-form",
        Verdict::NoTheorem { .. } => j.kind = "no-theorem",
        Verdict::NotFound => {}
    }
    j
}

/// The values in rows: the period's width once known (up to 40), else 20. Past
/// [`FULL_TABLE`] values (and without `--upto`), only the first rows, the rows around n0 and
/// the rows around n0 + p (where the repetition starts), with a note.
fn table(values: &Values, v: &Verdict, all: bool) -> String {
    let width = match v {
        Verdict::Periodic { period, .. } if *period <= 40 => *period as usize,
        _ => 20,
    };
    let vw = values.max_value().to_string().len();
    let nw = values.len().saturating_sub(1).to_string().len();
    let rows = values.len().div_ceil(width);
    let mut shown = vec![all || values.len() <= FULL_TABLE; rows];
    for r in shown.iter_mut().take(5) {
        *r = true;
    }
    if let Verdict::Periodic { n0, period, .. } = v {
        for at in [*n0, n0 + period] {
            let r = (at / width as u64) as usize;
            let end = (r + 3).min(rows);
            for x in shown.iter_mut().take(end).skip(r.saturating_sub(2)) {
                *x = true;
            }
        }
    }
    let mut s = String::new();
    let mut gap = false;
    for (row, &show) in shown.iter().enumerate() {
        if !show {
            if !gap {
                s.push_str("...\n");
            }
            gap = true;
            continue;
        }
        gap = false;
        s.push_str(&format!("{:>nw$}:", row * width));
        for n in row * width..((row + 1) * width).min(values.len()) {
            s.push_str(&format!(" {:>vw$}", values.at(n)));
        }
        s.push('\n');
    }
    if shown.iter().any(|x| !x) {
        s.push_str(&format!(
            "(rows left out; --upto {} prints every value G(0..={}))\n",
            values.len() - 1,
            values.len() - 1
        ));
    }
    s
}

/// The most values printed in full by default.
const FULL_TABLE: usize = 2000;

/// The most columns an SVG draws: more values share a column (its lowest to highest value).
const SVG_COLUMNS: usize = 2000;

/// G(n) against n in the data's own coordinates (no rounding): one unit column per value, or
/// per block of values past [`SVG_COLUMNS`] (a bar from the block's least to its largest value),
/// so the file stays small whatever n. Columns holding a P-position (G = 0) are red; the
/// preperiod is shaded grey and one period blue; axes with the first and last n and value.
fn svg(rule: &Rule, values: &Values, v: &Verdict) -> String {
    let len = values.len().max(1);
    let cols = len.min(SVG_COLUMNS);
    // Column c holds the values n with n * cols / len = c.
    let col_of = |n: usize| (n as u128 * cols as u128 / len as u128) as usize;
    let top = values.max_value() as usize + 1;
    let mut lo = vec![u32::MAX; cols];
    let mut hi = vec![0u32; cols];
    // The rare values above 0 (0 is drawn red) of each column, by the mask of --stats, when
    // the split is a real one (at most a quarter of the values rare).
    let st = research_stats(values);
    let mask = st.mask.filter(|_| st.rare <= st.count / 4);
    let is_rare = |g: u32| g != 0 && mask.is_some_and(|m| (g & m).count_ones().is_multiple_of(2));
    let (mut rare_lo, mut rare_hi) = (vec![u32::MAX; cols], vec![0u32; cols]);
    for (n, g) in values.iter().enumerate() {
        let c = col_of(n);
        lo[c] = lo[c].min(g);
        hi[c] = hi[c].max(g);
        if is_rare(g) {
            rare_lo[c] = rare_lo[c].min(g);
            rare_hi[c] = rare_hi[c].max(g);
        }
    }
    let mut s = String::new();
    s.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"480\">\n");
    s.push_str("<rect width=\"900\" height=\"480\" fill=\"white\"/>\n");
    let per = if cols < len { format!(", {len} values in {cols} columns") } else { String::new() };
    s.push_str(&format!(
        "<text x=\"50\" y=\"20\" font-family=\"sans-serif\" font-size=\"14\">G(n) of {} for n = 0..{}, values 0..{}{per}</text>\n",
        xml_escape(&shortened(&rule.to_string())),
        len - 1,
        top - 1
    ));
    // Axes: x along the bottom, y on the left, with their end labels.
    s.push_str("<g stroke=\"black\" stroke-width=\"1\"><line x1=\"49\" y1=\"431\" x2=\"850\" y2=\"431\"/><line x1=\"49\" y1=\"30\" x2=\"49\" y2=\"431\"/></g>\n");
    s.push_str(&format!(
        "<g font-family=\"sans-serif\" font-size=\"11\"><text x=\"50\" y=\"445\">0</text><text x=\"850\" y=\"445\" text-anchor=\"end\">n = {}</text><text x=\"45\" y=\"431\" text-anchor=\"end\">0</text><text x=\"45\" y=\"40\" text-anchor=\"end\">{}</text></g>\n",
        len - 1,
        top - 1
    ));
    s.push_str(&format!(
        "<svg x=\"50\" y=\"30\" width=\"800\" height=\"400\" viewBox=\"0 0 {cols} {top}\" preserveAspectRatio=\"none\">\n"
    ));
    if let Verdict::Periodic { n0, period, .. } = v {
        let a = col_of((*n0 as usize).min(len));
        let b =
            col_of((*n0 as usize).saturating_add(*period as usize).min(len)).max(a + 1).min(cols);
        s.push_str(&format!(
            "<rect x=\"0\" y=\"0\" width=\"{a}\" height=\"{top}\" fill=\"#dddddd\"/>\n"
        ));
        s.push_str(&format!(
            "<rect x=\"{a}\" y=\"0\" width=\"{}\" height=\"{top}\" fill=\"#cce0ff\"/>\n",
            b.saturating_sub(a)
        ));
    }
    s.push_str("<g fill=\"black\">\n");
    for c in 0..cols {
        if lo[c] > hi[c] {
            continue;
        }
        let fill = if lo[c] == 0 { " fill=\"red\"" } else { "" };
        s.push_str(&format!(
            "<rect x=\"{c}\" y=\"{}\" width=\"1\" height=\"{}\"{fill}/>\n",
            top - 1 - hi[c] as usize,
            (hi[c] - lo[c]) as usize + 1
        ));
    }
    s.push_str("</g>\n");
    // Rare values over the black, at least 1/100 of the height so that one value shows.
    let tall = (top / 100).max(1);
    let mut any_rare = false;
    for c in (0..cols).filter(|&c| rare_lo[c] <= rare_hi[c]) {
        if !any_rare {
            s.push_str("<g fill=\"orange\">\n");
            any_rare = true;
        }
        let h = ((rare_hi[c] - rare_lo[c]) as usize + 1).max(tall);
        let y = (top - 1 - rare_hi[c] as usize).min(top - h);
        s.push_str(&format!("<rect x=\"{c}\" y=\"{y}\" width=\"1\" height=\"{h}\"/>\n"));
    }
    if any_rare {
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    let mut legend = match v {
        Verdict::Periodic { n0: 0, period, .. } => {
            format!("no preperiod; blue: one period of {period}; red: P-positions (G = 0)")
        }
        Verdict::Periodic { n0, period, .. } => format!(
            "grey: preperiod 0..{}; blue: one period of {period}; red: P-positions (G = 0)",
            n0 - 1
        ),
        _ => "no period marked; red: P-positions (G = 0)".to_string(),
    };
    if let (true, Some(m)) = (any_rare, mask) {
        legend.push_str(&format!("; orange: rare values (even popcount of G & {m})"));
    }
    s.push_str(&format!(
        "<text x=\"50\" y=\"470\" font-family=\"sans-serif\" font-size=\"12\">{}</text>\n</svg>\n",
        xml_escape(&legend)
    ));
    s
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
