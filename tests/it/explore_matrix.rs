//! The option × kind matrix of `games explore` (issue 43): every option, given to every kind
//! of value (Grundy values, misère outcomes, remoteness, scores, partizan values) and to
//! `--serve`, on a built-in game and on a moves program, is either refused with the one shared
//! message (`--OPTION is not available with KIND: why`, exit 2, nothing on stdout) or answered
//! like the exhaustive search written here, with a visible effect where the option has one. A
//! cell that is silently ignored (the output unchanged by an option that should change it) or
//! answered differently from the search fails.
//!
//! The game: two heaps `a b`; a move takes 1, 2 or 3 counters from one heap. Scores: taking k
//! counters gains k. Partizan: Left takes one counter from `a`, Right one from `b`. The truth
//! of every position of the box comes from plain recursion over the moves below, never from a
//! formula.

use crate::common;

use common::{games, temp_dir, text};
use std::collections::HashMap;
use std::path::Path;

const BOX: &str = "0..4,0..4";
const AT: (u64, u64) = (3, 4);

/// The options of every kind with a value to give them (hidden `--big-from` is left out).
const OPTIONS: &[&str] = &[
    "--outcomes",
    "--slice",
    "--to",
    "--max-options",
    "--winning",
    "--multiset",
    "--check",
    "--json",
    "--svg",
    "--no-table",
    "--list",
    "--count",
    "--patterns",
    "--search-budget",
    "--search-time",
    "--far-checks",
    "--far-starts",
    "--far-check-time",
    "--max-positions",
    "--max-starts",
    "--timeout",
    "--stream",
    "--at-file",
];

/// What a kind refuses, the test's own statement of the rule (the option, then the kinds).
const REFUSED: &[(&str, &[&str])] = &[
    ("--outcomes", &["remoteness", "score"]),
    ("--slice", &["remoteness", "score", "partizan"]),
    ("--to", &["misere", "remoteness", "score", "partizan"]),
    ("--max-options", &["remoteness", "score", "partizan"]),
    ("--multiset", &["remoteness", "score", "partizan"]),
    ("--far-starts", &["values", "misere", "remoteness", "score"]),
];

/// What `--serve` refuses besides its kind's refusals.
const REFUSED_WITH_SERVE: &[&str] = &[
    "--at-file",
    "--winning",
    "--to",
    "--max-options",
    "--slice",
    "--outcomes",
    "--no-table",
    "--svg",
    "--check",
    "--count",
    "--list",
    "--json",
];

/// The kinds, with their flag.
const KINDS: &[(&str, &[&str])] = &[
    ("values", &[]),
    ("misere", &["--misere"]),
    ("remoteness", &["--remoteness"]),
    ("score", &["--score"]),
    ("partizan", &["--partizan"]),
];

/// Heaps as written (two, or with `--multiset` the non-empty ones in order).
const IMPARTIAL: &str = "import sys\nfor line in sys.stdin:\n    h = list(map(int, line.split()))\n    o = [' '.join(str(x - k if j == i else x) for j, x in enumerate(h)) for i in range(len(h)) for k in (1, 2, 3) if k <= h[i]]\n    print('; '.join(x if x else '()' for x in o))\n    sys.stdout.flush()\n";
const SCORED: &str = "import sys\nfor line in sys.stdin:\n    a, b = map(int, line.split())\n    o = [f'{a - k} {b} @ {k}' for k in (1, 2, 3) if k <= a] + [f'{a} {b - k} @ {k}' for k in (1, 2, 3) if k <= b]\n    print('; '.join(o))\n    sys.stdout.flush()\n";
const PARTIZAN: &str = "import sys\nfor line in sys.stdin:\n    a, b = map(int, line.split())\n    left = f'{a - 1} {b}' if a > 0 else ''\n    right = f'{a} {b - 1}' if b > 0 else ''\n    print(f'{left} | {right}')\n    sys.stdout.flush()\n";
/// The user's formula for `--check`: a Grundy value per position, by its own recursion.
const CHECKER: &str = "import sys\nfrom functools import lru_cache\n@lru_cache(None)\ndef g(a, b):\n    s = {g(a - k, b) for k in (1, 2, 3) if k <= a} | {g(a, b - k) for k in (1, 2, 3) if k <= b}\n    m = 0\n    while m in s:\n        m += 1\n    return m\nfor line in sys.stdin:\n    a, b = map(int, line.split())\n    print(g(a, b))\n    sys.stdout.flush()\n";

/// The options of a position (both kinds of move: from `a`, from `b`).
fn options(a: u64, b: u64) -> Vec<(u64, u64, i64)> {
    let mut o = Vec::new();
    for k in 1..=3u64 {
        if k <= a {
            o.push((a - k, b, k as i64));
        }
        if k <= b {
            o.push((a, b - k, k as i64));
        }
    }
    o
}

/// The exhaustive truth of every position up to `n` on each heap.
struct Truth {
    grundy: HashMap<(u64, u64), u64>,
    misere_p: HashMap<(u64, u64), bool>,
    remoteness: HashMap<(u64, u64), u64>,
    score: HashMap<(u64, u64), i64>,
    /// Partizan values (Left takes one from `a`, Right one from `b`): integers here.
    partizan: HashMap<(u64, u64), i64>,
}

/// The simplest integer strictly between `lo` and `hi` (`None`: no bound), the value of a
/// partizan position whose options are integers at least 2 apart (a game of halves panics).
fn simplest_integer(lo: Option<i64>, hi: Option<i64>) -> i64 {
    if let (Some(l), Some(h)) = (lo, hi) {
        assert!(h - l >= 2, "no integer strictly between {l} and {h}");
    }
    match (lo, hi) {
        (Some(l), _) if l >= 0 => l + 1,
        (_, Some(h)) if h <= 0 => h - 1,
        _ => 0,
    }
}

fn truth(n: u64) -> Truth {
    let mut t = Truth {
        grundy: HashMap::new(),
        misere_p: HashMap::new(),
        remoteness: HashMap::new(),
        score: HashMap::new(),
        partizan: HashMap::new(),
    };
    // Row-major from 0: every option of (a, b) comes earlier.
    for a in 0..=n {
        for b in 0..=n {
            let o = options(a, b);
            let seen: Vec<u64> = o.iter().map(|&(x, y, _)| t.grundy[&(x, y)]).collect();
            let mex = (0..).find(|m| !seen.contains(m)).unwrap();
            t.grundy.insert((a, b), mex);
            let mp = !o.is_empty() && o.iter().all(|&(x, y, _)| !t.misere_p[&(x, y)]);
            t.misere_p.insert((a, b), mp);
            // Normal play remoteness: a win moves to the quickest loss, a loss to the slowest win.
            let r = if o.is_empty() {
                0
            } else {
                let losing: Vec<u64> = o
                    .iter()
                    .map(|&(x, y, _)| t.remoteness[&(x, y)])
                    .filter(|r| r % 2 == 0)
                    .collect();
                match losing.iter().min() {
                    Some(&r) => r + 1,
                    None => 1 + o.iter().map(|&(x, y, _)| t.remoteness[&(x, y)]).max().unwrap(),
                }
            };
            t.remoteness.insert((a, b), r);
            let s = o.iter().map(|&(x, y, k)| k - t.score[&(x, y)]).max().unwrap_or(0);
            t.score.insert((a, b), s);
            let left = (a > 0).then(|| t.partizan[&(a - 1, b)]);
            let right = (b > 0).then(|| t.partizan[&(a, b - 1)]);
            t.partizan.insert((a, b), simplest_integer(left, right));
        }
    }
    t
}

/// The partizan value of `(a, b)` (Left takes one from `a`, Right one from `b`) by the same
/// recursion as [`truth`], row by row over every position below it.
fn partizan_far(a: u64, b: u64) -> i64 {
    let w = b as usize + 1;
    let mut v: Vec<i64> = Vec::with_capacity((a as usize + 1) * w);
    for x in 0..=a as usize {
        for y in 0..w {
            let left = (x > 0).then(|| v[(x - 1) * w + y]);
            let right = (y > 0).then(|| v[x * w + y - 1]);
            v.push(simplest_integer(left, right));
        }
    }
    v[a as usize * w + b as usize]
}

/// `--far-checks` in partizan mode: the far position 1000,1000 (too far for `--far-starts`)
/// is answered from the pattern with the value of the search, with `--far-checks 0` (`r`) and
/// with the default far checks (`plain`), which sample far positions and say so; `0` samples
/// none.
fn far_checked(r: &Run, plain: &Run) -> Result<(), String> {
    let want = format!("at 1000 1000: value {}, ", partizan_far(1000, 1000));
    for (what, run) in [("--far-checks 0", r), ("the default far checks", plain)] {
        if !run.stdout.lines().any(|l| l.starts_with(&want)) {
            return Err(format!("{what}: no line '{want}...': {}", run.stdout));
        }
    }
    let sampled = |run: &Run| run.stdout.contains("far checks: the partizan rule checked at");
    match (sampled(r), sampled(plain)) {
        (false, true) => Ok(()),
        (a, b) => Err(format!("far positions sampled: {a} with --far-checks 0, {b} by default")),
    }
}

/// One run of a cell.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[String], stdin: &[u8]) -> Run {
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = games(&argv, stdin);
    Run { code: out.status.code(), stdout: text(&out.stdout), stderr: text(&out.stderr) }
}

/// The arguments of a cell: the kind's flag, the game, the box, the option, the asked position
/// (left out where the option takes the report's place).
fn cell_args(
    kind: &[&str],
    game: &[String],
    option: Option<&str>,
    serve: bool,
    dir: &Path,
) -> Vec<String> {
    let mut args: Vec<String> = vec!["explore".into()];
    args.extend(kind.iter().map(|s| s.to_string()));
    args.extend(game.iter().cloned());
    args.extend(["--box".into(), BOX.into()]);
    if serve {
        args.push("--serve".into());
    }
    let replaces_report = matches!(option, Some("--list" | "--count"));
    if !serve && !replaces_report {
        args.extend(["--at".into(), format!("{},{}", AT.0, AT.1)]);
    }
    let Some(option) = option else { return args };
    args.push(option.to_string());
    let value: Option<String> = match option {
        "--slice" => Some("1=5".into()),
        "--to" | "--max-options" => {
            args.push(if option == "--to" { "1".into() } else { "100".into() });
            args.push("--winning".into());
            Some(format!("{},{}", AT.0, AT.1))
        }
        "--winning" => Some(format!("{},{}", AT.0, AT.1)),
        "--check" => Some(format!("python3 {}", dir.join(checker_of(kind)).display())),
        // One drawing a kind: the kinds run at once.
        "--svg" => Some(dir.join(format!("map{}.svg", kind.join(""))).display().to_string()),
        // The outcome whose player to move loses (scores: `loss`).
        "--list" if kind.contains(&"--score") => Some("loss".into()),
        "--list" => Some("P".into()),
        "--patterns" => Some("0".into()),
        "--search-budget" => Some("30000000".into()),
        "--search-time" => Some("300".into()),
        "--far-starts" => Some("100".into()),
        "--far-checks" => Some("0".into()),
        "--far-check-time" => Some("30".into()),
        "--max-positions" => Some("10".into()),
        "--max-starts" => Some("1000".into()),
        "--timeout" => Some("30".into()),
        "--at-file" => Some(dir.join("at.txt").display().to_string()),
        _ => None,
    };
    args.extend(value);
    args
}

/// The `--check` program of a kind (its flags): Grundy values for the impartial kinds, else the
/// truth of the kind as its table writes values.
fn checker_of(kind: &[&str]) -> &'static str {
    match kind.first() {
        Some(&"--remoteness") => "checker_remoteness.py",
        Some(&"--score") => "checker_score.py",
        Some(&"--partizan") => "checker_partizan.py",
        _ => "checker.py",
    }
}

/// A `--check` program that says `said(a, b)` at every position of the box.
fn truth_checker(said: impl Fn(u64, u64) -> String) -> String {
    let mut lines = String::from("import sys\nsaid = {\n");
    for a in 0..=4u64 {
        for b in 0..=4u64 {
            lines.push_str(&format!("    '{a} {b}': '{}',\n", said(a, b)));
        }
    }
    lines.push_str("}\nfor line in sys.stdin:\n    print(said[' '.join(line.split())])\n    sys.stdout.flush()\n");
    lines
}

/// Is `(a, b)` lost for its player to move in `kind` (the P-positions of the drawing and of
/// `--list P`; scores: `--list loss`)?
fn lost(kind: &str, t: &Truth, p: &(u64, u64)) -> bool {
    match kind {
        "values" => t.grundy[p] == 0,
        "misere" => t.misere_p[p],
        "remoteness" => t.remoteness[p].is_multiple_of(2),
        "score" => t.score[p] < 0,
        _ => t.partizan[p] == 0,
    }
}

/// The drawing of the moves program's box: its black cells are the truth's lost positions.
fn svg_right(kind: &str, args: &[String], t: &Truth) -> Result<(), String> {
    let at = args.iter().position(|a| a == "--svg").ok_or("no --svg")?;
    let svg = std::fs::read_to_string(&args[at + 1]).map_err(|e| format!("no drawing: {e}"))?;
    let drawn = crate::explore_kind_outputs::black_cells(&svg);
    let want: std::collections::BTreeSet<(u64, u64)> = (0..=4u64)
        .flat_map(|a| (0..=4u64).map(move |b| (a, b)))
        .filter(|p| lost(kind, t, p))
        .collect();
    if drawn == want { Ok(()) } else { Err(format!("black {drawn:?}, lost {want:?}")) }
}

/// The line answering the asked position.
fn at_line(out: &str) -> Option<&str> {
    // Every kind writes the position `3 4` (older `--remoteness` echoed `3,4` as written).
    let (plain, written) = (format!("at {} {}:", AT.0, AT.1), format!("at {},{}:", AT.0, AT.1));
    out.lines().find(|l| l.starts_with(&plain) || l.starts_with(&written))
}

/// The partizan player's replies to `3 4 ?`, then `L` and `R` at `3 4`, `0 2` and `2 0`: the
/// value and outcome of the truth, and each move legal and winning for its side (Left: to a
/// value >= 0; Right: <= 0), or `none` exactly when that side has no such move.
fn partizan_served(r: &Run, t: &Truth) -> Result<(), String> {
    let lines: Vec<&str> = r.stdout.lines().collect();
    if r.code != Some(0) || lines.len() != 5 {
        return Err(format!("exit {:?}, replies {lines:?}: {}", r.code, r.stderr.trim()));
    }
    let v = t.partizan[&AT];
    let class = match v.signum() {
        1 => "L",
        -1 => "R",
        _ => "P",
    };
    if lines[0] != format!("{v} {class}") {
        return Err(format!("'3 4 ?' -> '{}', not '{v} {class}'", lines[0]));
    }
    for (reply, (left, (a, b))) in
        lines[1..].iter().zip([(true, AT), (false, AT), (true, (0, 2)), (false, (2, 0))])
    {
        let option = if left { (a > 0).then(|| (a - 1, b)) } else { (b > 0).then(|| (a, b - 1)) };
        let wins = |p: &(u64, u64)| if left { t.partizan[p] >= 0 } else { t.partizan[p] <= 0 };
        let good = option.filter(wins);
        let want = good.map_or("none".to_string(), |(x, y)| format!("{x} {y}"));
        if *reply != want {
            return Err(format!(
                "{} {a} {b} -> '{reply}', not '{want}'",
                if left { 'L' } else { 'R' }
            ));
        }
    }
    Ok(())
}

/// The answer at the asked position agrees with the truth of the kind.
fn answer_right(kind: &str, out: &str, t: &Truth) -> Result<(), String> {
    let Some(line) = at_line(out) else { return Err("no answer line".into()) };
    let want = match kind {
        "values" => format!("value {}", t.grundy[&AT]),
        "misere" => format!("outcome {}", if t.misere_p[&AT] { 'P' } else { 'N' }),
        "remoteness" => format!("remoteness {}", t.remoteness[&AT]),
        "score" => format!("value {}", t.score[&AT]),
        _ => format!("value {}", t.partizan[&AT]),
    };
    if line.contains(&want) { Ok(()) } else { Err(format!("'{line}' lacks '{want}'")) }
}

/// A refusal by the shared rule (or clap's own refusal of two options that exclude each
/// other): exit 2, nothing on stdout, one line naming the option.
fn refused_right(option: &str, r: &Run) -> Result<(), String> {
    if r.code != Some(2) || !r.stdout.is_empty() {
        return Err(format!("not refused (exit {:?})", r.code));
    }
    // `--to` and `--max-options` come with the `--winning` they need, which may be refused
    // first.
    let shared = r.stderr.contains(&format!("{option} is not available with"))
        || (matches!(option, "--to" | "--max-options")
            && r.stderr.contains("--winning is not available with"));
    let clap = r.stderr.contains("cannot be used with") && r.stderr.contains(option);
    if shared && r.stderr.lines().count() == 1 || clap {
        Ok(())
    } else {
        Err(format!("refused without the shared message: {}", r.stderr.trim()))
    }
}

/// The effect of an accepted option in a report (against the run without it).
fn effect_right(
    (kind, source): (&str, &str),
    option: &str,
    r: &Run,
    plain: &Run,
    t: &Truth,
) -> Result<(), String> {
    let verdict_exit = option == "--check" && r.code == Some(1);
    if r.code != Some(0) && option != "--max-positions" && !verdict_exit {
        return Err(format!("exit {:?}: {}", r.code, r.stderr.trim()));
    }
    let same = r.stdout == plain.stdout;
    let answers = |out: &str| -> Vec<String> {
        // The far position's label may count the far checks: the answers in the box only.
        let asked = |l: &&str| {
            (l.starts_with("at ") && !l.starts_with("at 1000 1000")) || l.starts_with("winning ")
        };
        out.lines().filter(asked).map(String::from).collect()
    };
    let patterns = |out: &str| out.lines().any(|l| l.starts_with("1. ["));
    match option {
        // Safety caps and budgets far above the need, and the far checks of answers in the
        // box: the same answers (the notes may name a cap).
        "--search-budget" | "--search-time" | "--far-check-time" | "--timeout" | "--max-starts"
        | "--stream" | "--far-checks" | "--far-starts" => {
            if answers(&r.stdout) == answers(&plain.stdout) {
                Ok(())
            } else {
                Err(format!("the answers changed: {:?}", answers(&r.stdout)))
            }
        }
        // The misère table prints outcomes already.
        "--outcomes" if kind == "misere" => Ok(()),
        "--patterns" if same && !patterns(&plain.stdout) => Ok(()),
        "--max-positions" => {
            if r.code == Some(1) && r.stderr.contains("max-positions") {
                Ok(())
            } else {
                Err(format!("a budget of 10 positions did not stop a box of 25: {}", r.stderr))
            }
        }
        "--list" | "--count" => tally_right((kind, source), option, r, t),
        "--json" => serde_json::from_str::<serde_json::Value>(&r.stdout)
            .map(|_| ())
            .map_err(|e| format!("not JSON: {e}")),
        "--svg" => Ok(()),
        // The checker gives Grundy values: it agrees with the moves program's table, differs
        // from nim's, and misère tables (outcomes only) refuse its values in one line.
        "--check" => match (kind, source) {
            ("values" | "remoteness" | "score" | "partizan", "program")
                if r.stderr.contains("agrees") =>
            {
                Ok(())
            }
            ("values" | "remoteness", "built-in") if r.stderr.starts_with("check: ") => Ok(()),
            ("misere", _) if r.code == Some(1) && r.stderr.contains("outcomes only") => Ok(()),
            _ => Err(format!("no verdict: {}", r.stderr)),
        },
        "--at-file" => {
            let asked = r.stdout.lines().filter(|l| l.starts_with("at ")).count();
            if asked == 3 { Ok(()) } else { Err(format!("{asked} answers for 3 asked")) }
        }
        "--winning" | "--to" | "--max-options" => winning_right((kind, source), r, t),
        // Every other option changes what the report shows.
        _ => {
            if same {
                Err("silently ignored: the report is unchanged".into())
            } else {
                Ok(())
            }
        }
    }
}

#[test]
fn every_option_in_every_kind_is_answered_or_refused_by_the_one_rule() {
    if !common::have_python("the option x kind matrix") {
        return;
    }
    let dir = temp_dir("matrix");
    let write = |name: &str, body: &str| {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        format!("python3 {}", p.display())
    };
    let impartial = write("impartial.py", IMPARTIAL);
    let scored = write("scored.py", SCORED);
    let partizan = write("partizan.py", PARTIZAN);
    write("checker.py", CHECKER);
    let t = truth(4);
    let remoteness = |a, b| {
        let r = t.remoteness[&(a, b)];
        format!("{}{r}", if r % 2 == 1 { 'N' } else { 'P' })
    };
    write("checker_remoteness.py", &truth_checker(remoteness));
    write("checker_score.py", &truth_checker(|a, b| t.score[&(a, b)].to_string()));
    write("checker_partizan.py", &truth_checker(|a, b| t.partizan[&(a, b)].to_string()));
    std::fs::write(dir.join("at.txt"), "3 4\n2 3\n").unwrap();
    // One thread a kind: the runs wait on the moves programs more than they compute.
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = KINDS
            .iter()
            .map(|&k| {
                let programs = (&impartial, &scored, &partizan);
                let (dir, t) = (&dir, &t);
                scope.spawn(move || kind_cells(k, programs, dir, t))
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a kind's cells")).collect()
    });
    let cells: usize = results.iter().map(|r| r.0).sum();
    let failures: Vec<String> = results.into_iter().flat_map(|r| r.1).collect();
    assert!(
        failures.is_empty(),
        "{} of {cells} cells fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The cells of one kind: how many were run, and the failures.
fn kind_cells(
    (kind, flag): (&str, &[&str]),
    (impartial, scored, partizan): (&String, &String, &String),
    dir: &Path,
    t: &Truth,
) -> (usize, Vec<String>) {
    let dir = dir.to_path_buf();
    let mut failures = Vec::new();
    let mut cells = 0;
    let program = match kind {
        "score" => &scored,
        "partizan" => &partizan,
        _ => &impartial,
    };
    let mut games: Vec<(&str, Vec<String>)> =
        vec![("program", vec!["--moves".into(), program.to_string()])];
    if matches!(kind, "values" | "misere" | "remoteness") {
        games.push(("built-in", vec!["--game".into(), "nim:2".into()]));
    } else {
        // The built-in games are impartial and unscored: the kind refuses them.
        cells += 1;
        let game = ["--game".to_string(), "nim:2".to_string()];
        if let Err(e) =
            refused_right("--game", &run(&cell_args(flag, &game, None, false, &dir), b""))
        {
            failures.push(format!("{kind} --game nim:2: {e}"));
        }
    }
    for (source, game) in &games {
        // The built-in nim:2 is another game: its cells check refusals and effects, the
        // answers are checked on the moves program's game.
        let plain = run(&cell_args(flag, game, None, false, &dir), b"");
        if *source == "program"
            && let Err(e) = answer_right(kind, &plain.stdout, t)
        {
            failures.push(format!("{kind} {source} plain: {e}"));
        }
        for &option in OPTIONS {
            if *source == "built-in" && matches!(option, "--stream" | "--multiset") {
                continue; // a moves program's options (clap refuses them with --game)
            }
            cells += 1;
            if let Err(e) = option_cell((kind, flag), (*source, game), option, &plain, &dir, t) {
                failures.push(format!("{kind} {source} {option}: {e}"));
            }
        }
    }
    let (n, more) = serve_cells((kind, flag), &games[0].1, &dir, t);
    failures.extend(more);
    (cells + n, failures)
}

/// One option's cell of one kind on one game: refused by the one rule, or its effect and
/// answers right (the failure names the arguments).
fn option_cell(
    (kind, flag): (&str, &[&str]),
    (source, game): (&str, &[String]),
    option: &str,
    plain: &Run,
    dir: &Path,
    t: &Truth,
) -> Result<(), String> {
    let mut args = cell_args(flag, game, Some(option), false, dir);
    // The far checks act on answers past the box: both runs ask one.
    let far = ["--at".to_string(), "1000,1000".to_string()];
    let plain_far;
    let mut plain = plain;
    if option == "--far-checks" {
        args.extend(far.iter().cloned());
        let mut p = cell_args(flag, game, None, false, dir);
        p.extend(far.iter().cloned());
        plain_far = run(&p, b"");
        plain = &plain_far;
    }
    let r = run(&args, b"");
    let refused = REFUSED.iter().any(|(o, ks)| *o == option && ks.contains(&kind));
    let verdict = if refused {
        refused_right(option, &r)
    } else {
        effect_right((kind, source), option, &r, plain, t).and_then(|()| {
            match (source, option) {
                // A report that ends on a verdict (exit 1) may stop before its answers.
                ("program", o)
                    if r.code == Some(0)
                        && !matches!(o, "--list" | "--count" | "--max-positions" | "--json") =>
                {
                    answer_right(kind, &r.stdout, t)
                }
                _ => Ok(()),
            }
        })
    };
    let verdict = match (kind, option) {
        ("partizan", "--far-checks") => verdict.and_then(|()| far_checked(&r, plain)),
        (_, "--svg") if source == "program" => verdict.and_then(|()| svg_right(kind, &args, t)),
        _ => verdict,
    };
    verdict.map_err(|e| format!("{e}\n  {args:?}"))
}

/// `--list` and `--count`: the positions where the player to move loses, listed or counted,
/// as the search has them (the built-in game is Nim: something listed).
fn tally_right(
    (kind, source): (&str, &str),
    option: &str,
    r: &Run,
    t: &Truth,
) -> Result<(), String> {
    if option == "--list" {
        let listed: Vec<&str> = r.stdout.lines().collect();
        let want = (0..=4u64)
            .flat_map(|a| (0..=4u64).map(move |b| (a, b)))
            .filter(|p| lost(kind, t, p))
            .count();
        match source {
            "program" if listed.len() != want => Err(format!("{} listed, {want} P", listed.len())),
            "program" => Ok(()),
            _ if listed.is_empty() => Err("nothing listed".into()),
            _ => Ok(()),
        }
    } else {
        let all = (0..=4u64).flat_map(|a| (0..=4u64).map(move |b| (a, b)));
        let n = all.filter(|p| lost(kind, t, p)).count();
        let line = format!("\n{} {n}\n", if kind == "score" { "loss" } else { "P" });
        if !r.stdout.starts_with("positions 25\n") {
            Err("no tally of 25 positions".into())
        } else if source == "program" && !r.stdout.contains(&line) {
            Err(format!("no line '{}' in {}", line.trim(), r.stdout))
        } else {
            Ok(())
        }
    }
}

/// `--winning` (with `--to`, `--max-options`): a winning line, with the remoteness of the
/// position in a remoteness table of the moves program's game.
fn winning_right((kind, source): (&str, &str), r: &Run, t: &Truth) -> Result<(), String> {
    let line = r.stdout.lines().find(|l| l.starts_with("winning "));
    match line {
        None => Err("no winning line".into()),
        // The best moves of a remoteness table come with the position's remoteness
        // (the truth is the moves program's game; the built-in one is Nim).
        Some(l)
            if (kind, source) == ("remoteness", "program")
                && !l.contains(&format!("remoteness {},", t.remoteness[&AT])) =>
        {
            Err(format!("'{l}' lacks remoteness {}", t.remoteness[&AT]))
        }
        Some(_) => Ok(()),
    }
}

/// The `--serve` cells of one kind: it plays (`3 4 ?` answers the kind's value; partizan
/// requests name the side to move), and refuses what prints a report. How many were run, and
/// the failures.
fn serve_cells(
    (kind, flag): (&str, &[&str]),
    game: &[String],
    dir: &Path,
    t: &Truth,
) -> (usize, Vec<String>) {
    let (mut cells, mut failures) = (0, Vec::new());
    // --serve: every kind plays; partizan requests name the side to move.
    if kind == "partizan"
        && let Err(e) = partizan_served(
            &run(&cell_args(flag, game, None, true, dir), b"3 4 ?\nL 3 4\nR 3 4\nL 0 2\nR 2 0\n"),
            t,
        )
    {
        failures.push(format!("partizan --serve: {e}"));
    }
    let served = run(&cell_args(flag, game, None, true, dir), b"3 4 ?\n");
    let want_value = match kind {
        "partizan" => format!("{} ", t.partizan[&AT]),
        "values" | "remoteness" => format!("{}", t.remoteness[&AT]),
        "misere" => String::new(),
        "score" => format!("{}", t.score[&AT]),
        _ => unreachable!(),
    };
    if served.code != Some(0) || !served.stdout.contains(&want_value) {
        failures.push(format!(
            "{kind} --serve '3 4 ?': exit {:?}, '{}' lacks '{want_value}'",
            served.code,
            served.stdout.trim()
        ));
    }
    for &option in REFUSED_WITH_SERVE {
        cells += 1;
        let mut args = cell_args(flag, game, Some(option), true, dir);
        if option == "--at-file" {
            args.retain(|a| a != "--at" && a != "3,4");
        }
        let r = run(&args, b"3 4\n");
        if let Err(e) = refused_right(option, &r) {
            failures.push(format!("{kind} --serve {option}: {e}\n  {args:?}"));
        }
    }
    (cells, failures)
}
