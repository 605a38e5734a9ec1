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
use games::sg::report::{
    AtJson, HeapsJson, MoveJson, Report, research_stats, shortened, stats_text, svg, table,
    verdict_json, verdict_line,
};
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

/// Estimated bytes a run of `len` values takes at its peak (the values, their copies, the
/// certificate's suffix periods and the printed table).
const BYTES_PER_VALUE: usize = 24;

/// What `games sg` was asked, read from the options.
struct Request<'a> {
    args: &'a ArgMatches,
    rule: Rule,
    upto: Option<u64>,
    ats: Vec<u64>,
    heaps: Option<Vec<u64>>,
    given_max: Option<u64>,
    /// The table bound: `--max`, or the rule's default, and at least `--upto`.
    max: u64,
    /// How far the search computes (the largest heap asked, when every heap asked is within).
    search_max: u64,
    stop_at_asked: bool,
    /// A heap asked past the bound may be answered from an observed pattern: see it this long.
    confirm_to: u64,
    closed: Option<ClosedForm>,
    /// Values the run wants: `--upto` + 1, a closed form's sample, or the search bound + 1.
    len_wanted: u64,
    /// The octal code, when the rare/common engine streams this rule.
    octal: Option<games::sg::code::Code>,
    bounded: bool,
}

/// What the computation found.
struct Computed {
    verdict: Verdict,
    values: Values,
    /// Values computed, when more than `values` holds (a streamed run keeps a prefix).
    computed: Option<u64>,
    period_values: Vec<u16>,
    note: Option<String>,
    /// Values read back from `--resume`.
    loaded_len: usize,
}

/// The answers to `--at` and `--heaps`, as text and as JSON, or the first failure.
#[derive(Default)]
struct Answers {
    text: String,
    at: Vec<AtJson>,
    heaps: Option<HeapsJson>,
    failure: Option<String>,
}

/// Runs `games sg`: parse, compute, answer, report.
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    games::sg::parallel::set_threads(match args.get_one::<u64>("threads") {
        Some(&t) => t as usize,
        None => games::sg::parallel::default_threads(),
    });
    let req = match Request::parse(args) {
        Ok(req) => req,
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
    let signal = games::harness::process::interrupted();
    c.explain_stop(&req, signal);
    let save_error = save(&req, &c).err();
    // Proved: print exactly the values the proof read.
    if req.upto.is_none()
        && let Verdict::Periodic { proof: Proof::Proved { checked_to, .. }, .. } = &c.verdict
    {
        c.values.truncate(*checked_to as usize + 1);
        c.computed = None;
    }
    let computed_to = c.computed.map_or(c.values.len() as u64, |n| n).saturating_sub(1);
    let answers = answer(&req, &c, computed_to, signal.is_some());
    let line = match (&c.verdict, req.closed) {
        (Verdict::ClosedForm { .. }, Some(closed)) => {
            let mut l = closed.describe();
            if let Some(n) = &c.note {
                l.push_str(&format!("; stopped: {n}"));
            }
            l
        }
        _ => verdict_line(&c.verdict, &c.values, computed_to, c.note.as_deref()),
    };
    let report = if args.get_flag("json") {
        json_report(&req, &c, answers.at, answers.heaps, line, computed_to)?
    } else {
        text_report(&req, &c, &answers.text, &line)
    };
    // The report first; a failure (exit 1) is said after it, whatever became of stdout. Files
    // come after the answers, so a file that cannot be written loses nothing printed.
    let mut code = super::io::finish(u8::from(answers.failure.is_some()), report.as_bytes());
    if let Some(f) = answers.failure {
        super::io::error_line(&format!("games sg: {f}"));
    }
    if let Some(e) = save_error {
        super::io::error_line(&e);
        code = ExitCode::from(1);
    }
    if let Some(sig) = signal {
        super::io::error_line(&format!(
            "games sg: interrupted by {}",
            games::harness::process::signal_name(sig)
        ));
        code = ExitCode::from(games::harness::process::interrupted_exit_code(sig));
    }
    if let Some(path) = args.get_one::<std::path::PathBuf>("svg") {
        let svg = svg(&req.rule, &c.values, &c.verdict);
        if let Err(e) = std::fs::write(path, svg) {
            super::io::error_line(&format!("games sg: writing {}: {e}", path.display()));
            code = ExitCode::from(1);
        }
    }
    Ok(code)
}

impl<'a> Request<'a> {
    /// The options, or the rule's parse error (a usage error).
    fn parse(args: &'a ArgMatches) -> Result<Request<'a>, String> {
        let text = args.get_one::<String>("RULE").map(String::as_str).unwrap_or_default();
        let rule = Rule::parse(text).map_err(|e| e.to_string())?;
        let upto = args.get_one::<u64>("upto").copied();
        let ats: Vec<u64> =
            args.get_many::<u64>("at").map(|v| v.copied().collect()).unwrap_or_default();
        let heaps: Option<Vec<u64>> = args.get_many::<u64>("heaps").map(|v| v.copied().collect());
        let given_max = args.get_one::<u64>("max").copied();
        let max = given_max
            .unwrap_or_else(|| games::sg::values::default_max(&rule))
            .max(upto.unwrap_or(0));
        // Every heap asked about below the bound is answered from the table: compute only that
        // far (the proof search still stops earlier when it succeeds).
        let asked = ats.iter().chain(heaps.iter().flatten()).copied().max();
        let (search_max, stop_at_asked) = match asked {
            Some(a) if upto.is_none() && a <= max => (a.max(1), true),
            _ => (max, false),
        };
        let confirm_to = if asked.is_some_and(|a| a > max) { max.min(2000) } else { 0 };
        let closed = closed_form(&rule);
        let len_wanted = match (upto, closed) {
            (Some(n), _) => n.saturating_add(1),
            (None, Some(c)) => c.period().saturating_mul(2).clamp(20, 200),
            (None, None) => search_max.saturating_add(1),
        };
        let octal = rule
            .code()
            .filter(|c| upto.is_none() && closed.is_none() && OctalMoves::of(c).is_some());
        let bounded = args.get_flag("bounded");
        Ok(Request {
            args,
            rule,
            upto,
            ats,
            heaps,
            given_max,
            max,
            search_max,
            stop_at_asked,
            confirm_to,
            closed,
            len_wanted,
            octal,
            bounded,
        })
    }

    /// Checks that the table this run builds can have its memory.
    ///
    /// Bytes a value costs at the peak, by path: the streamed octal run keeps 2 bytes a value
    /// (4 while its vector grows, plus the copy printed); the bounded run a fixed 150 MB; the
    /// named rules' tables a few bytes; everything else also the certificate's suffix periods
    /// and differences (4 bytes each) and the printed table.
    fn probe_memory(&self) -> Result<(), games::error::AllocError> {
        let (per_value, len_probed) = match (&self.octal, &self.rule) {
            (Some(_), _) if self.bounded => (1, self.len_wanted.min(256 << 20)),
            (Some(_), _) => (8, self.len_wanted),
            (None, Rule::SplitNim | Rule::Lunch | Rule::MultiSg(_) | Rule::Fibonacci) => {
                (8, self.len_wanted)
            }
            _ => (BYTES_PER_VALUE, self.len_wanted),
        };
        usize::try_from(len_probed)
            .ok()
            .and_then(|l| l.checked_mul(per_value))
            .ok_or(games::error::AllocError { bytes: usize::MAX, what: "the Grundy table" })
            .and_then(|b| games::error::probe(b, "the Grundy table"))
            .map(|_| ())
    }

    /// The `--resume` path, for messages.
    fn resume_path(&self) -> Option<&std::path::PathBuf> {
        self.args.get_one::<std::path::PathBuf>("resume")
    }
}

/// The engine to run (resumed from a checkpoint when asked), the prefix an octal stream
/// continues from, and how many values the checkpoint held.
fn start(req: &Request<'_>) -> Result<(Engine, Vec<u16>, usize), String> {
    let Some(path) = req.resume_path() else {
        return Ok((Engine::new(&req.rule), Vec::new(), 0));
    };
    let at = |e: &dyn std::fmt::Display| format!("--resume {}: {e}", path.display());
    let mut loaded = checkpoint::load(path, &req.rule).map_err(|e| at(&e))?;
    let loaded_len = loaded.len();
    // A checkpoint to continue from: only as far as this run goes.
    loaded.truncate(usize::try_from(req.len_wanted).unwrap_or(usize::MAX));
    match loaded {
        Values::Narrow(v) if req.octal.is_some() => Ok((Engine::new(&req.rule), v, loaded_len)),
        _ if req.octal.is_some() => Err(at(&games::sg::values::ResumeError::Wide)),
        v => Ok((Engine::resume(&req.rule, v).map_err(|e| at(&e))?, Vec::new(), loaded_len)),
    }
}

/// Runs the engine: the octal stream, a closed form's sample, or the table-walking search.
fn compute(req: &Request<'_>) -> Result<Computed, String> {
    let (mut engine, prefix, loaded_len) = start(req)?;
    let mut c = Computed {
        verdict: Verdict::NotFound,
        values: Values::default(),
        computed: None,
        period_values: Vec::new(),
        note: None,
        loaded_len,
    };
    c.verdict = if let Some(code) = &req.octal {
        let budget = if req.given_max.is_none() { long_run::WORK_PER_MINUTE } else { u64::MAX };
        let run = stream(
            &req.rule,
            code,
            req.search_max,
            req.bounded,
            budget,
            req.stop_at_asked,
            &prefix,
        )?;
        engine.values = Values::Narrow(run.values);
        c.computed = Some(run.computed);
        c.period_values = run.period_values;
        c.note = run.note;
        run.verdict
    } else if let (Some(_), None) = (req.closed, req.upto) {
        if let Err(e) = engine.extend_to(req.len_wanted - 1) {
            c.note = Some(e.to_string());
        }
        certificate::certify(&req.rule, &engine.values)
    } else {
        match explore(&req.rule, &mut engine, req.upto, req.search_max, req.confirm_to) {
            Ok(v) => v,
            Err(e) => {
                c.note = Some(e.to_string());
                certificate::certify(&req.rule, &engine.values)
            }
        }
    };
    c.values = std::mem::take(&mut engine.values);
    // A proof that reads values from a checkpoint rests on the rule, not on the file: those
    // values are computed again (a forged file with a valid hash is refused here).
    if let (Some(path), Verdict::Periodic { proof: Proof::Proved { checked_to, .. }, .. }) =
        (req.resume_path(), &c.verdict)
    {
        checkpoint::recheck(&req.rule, &c.values, *checked_to as usize + 1, loaded_len)
            .map_err(|e| format!("--resume {}: {e}", path.display()))?;
    }
    Ok(c)
}

impl Computed {
    /// Says why the run stopped where no proof came: the rule's largest removal past the
    /// table, or a signal.
    fn explain_stop(&mut self, req: &Request<'_>, signal: Option<i32>) {
        if self.note.is_none()
            && !self.verdict.is_proved()
            && let Some(t) = certificate::largest_removal(&req.rule)
            && t >= self.values.len() as u64
            && req.closed.is_none()
        {
            self.note = Some(format!(
                "no closed form for this set, and a proof reads more values than its largest amount t = {t}, past the table limit --max {}; heaps from t on are not described by these values",
                req.max
            ));
        }
        if let Some(sig) = signal
            && self.note.is_none()
        {
            self.note = Some(format!(
                "interrupted by {}: the verdict so far",
                games::harness::process::signal_name(sig)
            ));
        }
    }
}

/// The checkpoint of `--save`: every value computed, after an interruption too. A table
/// shorter than the one resumed from (a run that needed fewer) keeps the longer one.
fn save(req: &Request<'_>, c: &Computed) -> Result<(), String> {
    let Some(path) = req.args.get_one::<std::path::PathBuf>("save") else { return Ok(()) };
    let res = if c.values.len() < c.loaded_len
        && let Some(from) = req.resume_path()
    {
        if std::fs::canonicalize(from).ok() == std::fs::canonicalize(path).ok() {
            Ok(())
        } else {
            std::fs::copy(from, path).map(|_| ()).map_err(checkpoint::CheckpointError::Io)
        }
    } else {
        checkpoint::save(path, &req.rule, &c.values)
    };
    res.map_err(|e| format!("games sg: --save {}: {e}", path.display()))
}

/// The answers to `--at` and `--heaps` from the table, the proof, the rule's theory or (said
/// so) an observed pattern.
fn answer(req: &Request<'_>, c: &Computed, computed_to: u64, interrupted: bool) -> Answers {
    let mut answers = Answers::default();
    if let Some(n) = req.upto
        && (c.values.len() as u64) <= n
    {
        answers.failure = Some(format!(
            "--upto {n}: only G(0..={}) could be computed ({})",
            c.values.len().saturating_sub(1),
            c.note.as_deref().unwrap_or("stopped")
        ));
        return answers;
    }
    let mut engine = Engine::new(&req.rule);
    let conjecture = match &c.verdict {
        Verdict::Periodic { n0, period, saltus, proof: Proof::Observed { .. } }
            if trusted_pattern(&req.rule, c.values.len() as u64, *n0, *period) =>
        {
            Some((*n0, *period, *saltus))
        }
        _ => None,
    };
    let mut oracle = Oracle {
        rule: &req.rule,
        closed: req.closed,
        engine: &mut engine,
        values: &c.values,
        period_values: &c.period_values,
        verdict: &c.verdict,
        conjecture,
        computed_to,
        // Interrupted: answer from what is known, compute nothing more.
        max: if interrupted { computed_to } else { req.max },
        used_conjecture: false,
    };
    for &n in &req.ats {
        oracle.used_conjecture = false;
        match oracle.value(n) {
            Ok(g) => {
                let label = oracle.label();
                match &label {
                    Some(l) => answers.text.push_str(&format!("G({n}) = {g} ({l})\n")),
                    None => answers.text.push_str(&format!("G({n}) = {g}\n")),
                }
                let basis = if label.is_some() {
                    "conjecture"
                } else if n < c.values.len() as u64 {
                    "table"
                } else {
                    "proved"
                };
                answers.at.push(AtJson { n, g, basis, conjecture: label });
            }
            Err(why) => {
                answers.failure = Some(format!("G({n}): {why}"));
                return answers;
            }
        }
    }
    if let Some(heaps) = &req.heaps {
        let period = match &c.verdict {
            Verdict::Periodic { n0, period, saltus, proof: Proof::Proved { .. } } => {
                Some((*n0, *period, *saltus))
            }
            _ => None,
        };
        play_heaps(&req.rule, heaps, &mut oracle, period, &mut answers);
    }
    answers
}

/// `--heaps`: every heap's value, the nim-sum, the winner and a winning move.
fn play_heaps(
    rule: &Rule,
    heaps: &[u64],
    oracle: &mut Oracle<'_>,
    period: Option<(u64, u64, u64)>,
    answers: &mut Answers,
) {
    oracle.used_conjecture = false;
    let mut gvals = Vec::new();
    for &h in heaps {
        match oracle.value(h) {
            Ok(g) => gvals.push(g),
            Err(why) => {
                answers.failure = Some(format!("G({h}): {why}"));
                return;
            }
        }
    }
    let mut g = |n: u64| oracle.value(n).ok();
    let found = play::winning_move(rule, heaps, &mut g, period);
    let label = oracle.label();
    let Some((s, mv)) = found else {
        answers.failure = Some("a value needed for the winning move is unknown".to_string());
        return;
    };
    let out = &mut answers.text;
    let list: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
    let gl: Vec<String> = gvals.iter().map(|h| h.to_string()).collect();
    out.push_str(&format!("heaps {}: G = {}, nim-sum {s}: ", list.join(" "), gl.join(" ")));
    let words = mv.as_ref().map(|m| m.words.clone());
    if s == 0 {
        out.push_str("P (the player to move loses)\n");
    } else {
        out.push_str("N (the player to move wins)\n");
        match &words {
            Some(w) => out.push_str(&format!("winning move: {w}\n")),
            None => out.push_str("winning move: not found within the search bound\n"),
        }
    }
    if let Some(l) = &label {
        out.push_str(&format!("({l})\n"));
    }
    answers.heaps = Some(HeapsJson {
        heaps: heaps.to_vec(),
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

/// The `--json` document.
fn json_report(
    req: &Request<'_>,
    c: &Computed,
    at: Vec<AtJson>,
    heaps: Option<HeapsJson>,
    line: String,
    computed_to: u64,
) -> Result<String> {
    let rule = &req.rule;
    let report = Report {
        rule: rule.to_string(),
        name: rule.code().and_then(|c| games::sg::rule::name_of(&c)),
        code: rule.code().map(|c| games::sg::rule::code_to_string(&c)),
        values: c.values.clone(),
        verdict: verdict_json(&c.verdict, line, c.note.clone(), computed_to),
        at,
        heaps,
        stats: req.args.get_flag("stats").then(|| research_stats(&c.values)),
    };
    let mut s = serde_json::to_string(&report).context("encoding JSON")?;
    s.push('\n');
    Ok(s)
}

/// The text report: the rule, the table (without `--at`/`--heaps`), the answers, the verdict
/// line and `--stats`.
fn text_report(req: &Request<'_>, c: &Computed, answers: &str, line: &str) -> String {
    let rule = &req.rule;
    let mut text = format!("rule {}", shortened(&rule.to_string()));
    if let Some(code) = rule.code() {
        let spelled = games::sg::rule::code_to_string(&code);
        if !matches!(rule, Rule::Code(_)) {
            text.push_str(&format!(" = {}", shortened(&spelled)));
        }
        match games::sg::rule::name_of(&code) {
            Some(name) => text.push_str(&format!(" ({name})")),
            None if matches!(rule, Rule::Code(_)) => {
                text.push_str(&format!(": {}", games::sg::rule::spelled_out(&code)));
            }
            None => {}
        }
    }
    text.push('\n');
    if req.ats.is_empty() && req.heaps.is_none() {
        text.push_str(&table(&c.values, &c.verdict, req.upto.is_some()));
    }
    text.push_str(answers);
    text.push_str(line);
    text.push('\n');
    if req.args.get_flag("stats") {
        text.push_str(&stats_text(&research_stats(&c.values)));
    }
    text
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
    let verdict = streamed_verdict(rule, code, &run);
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

/// The verdict of a streamed run: its certificate (proved when the split-parity condition
/// holds), else the full check over the values kept.
fn streamed_verdict(rule: &Rule, code: &games::sg::code::Code, run: &long_run::LongRun) -> Verdict {
    match run.certificate {
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
    }
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
