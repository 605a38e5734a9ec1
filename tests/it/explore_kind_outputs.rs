//! `--list`, `--count`, `--svg` and `--check` in the kinds beyond the impartial tables
//! (issue 43): remoteness (normal and misère), scores and partizan values, on random games
//! given by python3 moves programs, against the truth of every box position computed here by
//! plain search over the real positions (never by the code under test):
//!
//! - remoteness: two heaps `a b`, a move subtracts one of a few random vectors `(x, y)` (in
//!   some games also vectors that add, kept inside the box: cycles and draws);
//!   each position's remoteness by Smith's retrograde analysis (0 with no move; a win moves
//!   to the quickest loss, a loss to the slowest win), the outcome from its parity;
//! - scores: the same moves, each with a random gain, and (in some games) a final gain `= G`
//!   where no move is left; the value is the greatest `gain - value(option)`;
//! - partizan: Left and Right subtract different vectors; each position's outcome class by
//!   minimax (who wins moving first, for each player), and its value by the simplest-number
//!   rule wherever its options are numbers with every Left option below every Right option
//!   (elsewhere only the outcome is compared).
//!
//! For each game: `--list` of every outcome and of `all` (text and JSON), `--count` (text and
//! JSON), `--svg` (the black cells are the positions whose player to move loses), `--check`
//! with a right program (agrees) and with one planted wrong line (caught at that position), and
//! a `--list` name of another kind refused with the kind's names.

use crate::common;

use common::{games, temp_dir, text};
use games::rng::Rng;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

/// A position of the two-heap box.
type Pos = (u64, u64);

/// The moves program of every kind: reads its rule (JSON) from the file named by argv[1].
const MOVES: &str = r#"import sys, json
spec = json.load(open(sys.argv[1]))
def side(vs, a, b, gains):
    out = []
    for v in vs:
        x, y = v[0], v[1]
        if x <= a and y <= b:
            out.append(f'{a - x} {b - y}' + (f' @ {v[2]}' if gains else ''))
    return '; '.join(out)
for line in sys.stdin:
    a, b = map(int, line.split())
    if spec['kind'] == 'partizan':
        print(side(spec['left'], a, b, False) + ' | ' + side(spec['right'], a, b, False))
    else:
        o = side(spec['moves'], a, b, spec['kind'] == 'score')
        for x, y in spec['loops']:
            if 0 <= a - x <= spec['hi'][0] and 0 <= b - y <= spec['hi'][1]:
                o += ('; ' if o else '') + f'{a - x} {b - y}'
        if not o and spec.get('end'):
            o = f'= {(2 * a + b) % 3 - 1}'
        print(o)
    sys.stdout.flush()
"#;

/// The `--check` program: the line for each position read from the file named by argv[1].
const ANSWERS: &str = r#"import sys
said = {}
for line in open(sys.argv[1]):
    p, v = line.rstrip('\n').split('=', 1)
    said[p] = v
for line in sys.stdin:
    print(said[' '.join(line.split())])
    sys.stdout.flush()
"#;

/// The final gain of a position without a move in a game with `end` (the program's rule).
fn end_gain(p: Pos) -> i64 {
    ((2 * p.0 + p.1) % 3) as i64 - 1
}

/// The options of `p` by the vectors `vs` (in the program's order).
fn apply(vs: &[(u64, u64, i64)], p: Pos) -> Vec<(Pos, i64)> {
    vs.iter().filter(|v| v.0 <= p.0 && v.1 <= p.1).map(|v| ((p.0 - v.0, p.1 - v.1), v.2)).collect()
}

/// Random distinct move vectors (`x`, `y` below 3, not both 0) with gains in -2..=3.
fn vectors(rng: &mut Rng, n: usize) -> Vec<(u64, u64, i64)> {
    let mut out: Vec<(u64, u64, i64)> = Vec::new();
    while out.len() < n {
        let (x, y) = (rng.below(3), rng.below(3));
        if (x, y) != (0, 0) && !out.iter().any(|v| (v.0, v.1) == (x, y)) {
            out.push((x, y, rng.below(6) as i64 - 2));
        }
    }
    out
}

/// A random game of `kind` and its box.
struct Game {
    kind: &'static str,
    misere: bool,
    end: bool,
    moves: Vec<(u64, u64, i64)>,
    left: Vec<(u64, u64, i64)>,
    right: Vec<(u64, u64, i64)>,
    /// Remoteness only: moves `(a - x, b - y)` that may go up, kept inside the box (cycles,
    /// hence draws).
    loops: Vec<(i64, i64)>,
    hi: Pos,
}

impl Game {
    fn random(rng: &mut Rng, kind: &'static str) -> Game {
        let n = 1 + rng.below(3) as usize;
        let (nl, nr) = (1 + rng.below(2) as usize, 1 + rng.below(2) as usize);
        Game {
            kind,
            misere: rng.chance(1, 2),
            end: rng.chance(1, 2),
            moves: vectors(rng, n),
            left: vectors(rng, nl),
            right: vectors(rng, nr),
            hi: (2 + rng.below(4), 2 + rng.below(4)),
            loops: match kind == "remoteness" && rng.chance(1, 2) {
                true => vec![(rng.below(3) as i64 - 1, -1), (-1, rng.below(3) as i64 - 1)],
                false => Vec::new(),
            },
        }
    }

    fn spec(&self) -> String {
        let vs = |v: &[(u64, u64, i64)]| {
            let items: Vec<String> =
                v.iter().map(|m| format!("[{},{},{}]", m.0, m.1, m.2)).collect();
            format!("[{}]", items.join(","))
        };
        format!(
            "{{\"kind\":\"{}\",\"end\":{},\"moves\":{},\"left\":{},\"right\":{},\"loops\":{:?},\"hi\":[{},{}]}}",
            self.kind,
            self.end && self.kind == "score",
            vs(&self.moves),
            vs(&self.left),
            vs(&self.right),
            self.loops.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
            self.hi.0,
            self.hi.1
        )
    }

    /// Every position of the box in box order (the last coordinate fastest).
    fn cells(&self) -> Vec<Pos> {
        (0..=self.hi.0).flat_map(|a| (0..=self.hi.1).map(move |b| (a, b))).collect()
    }

    fn flags(&self) -> Vec<String> {
        let mut f =
            vec![format!("--{}", if self.kind == "partizan" { "partizan" } else { self.kind })];
        if self.kind == "remoteness" && self.misere {
            f.push("--misere".into());
        }
        f
    }
}

/// A dyadic number `n / 2^e` scaled by `2^SCALE` (the test's values stay far inside).
const SCALE: u32 = 20;

/// The simplest number strictly between `lo` and `hi` (`None`: no bound), both scaled:
/// 0 when 0 is between; else the integer nearest 0 between; else the one number of the least
/// denominator `2^k` between (Conway's simplicity rule).
fn simplest(lo: Option<i64>, hi: Option<i64>) -> i64 {
    let one = 1i64 << SCALE;
    let above = |x: i64| lo.is_none_or(|l| x > l);
    let below = |x: i64| hi.is_none_or(|h| x < h);
    if above(0) && below(0) {
        return 0;
    }
    if hi.is_some_and(|h| h <= 0) {
        return -simplest(hi.map(|h| -h), lo.map(|l| -l));
    }
    let l = lo.expect("a lower bound at or above 0");
    for k in 0..=SCALE {
        let step = one >> k;
        let x = (l.div_euclid(step) + 1) * step;
        if below(x) {
            return x;
        }
    }
    panic!("no number between {lo:?} and {hi:?} within 2^-{SCALE}");
}

/// A scaled number as the table prints it: `3`, `-1/2`.
fn number_text(x: i64) -> String {
    let (mut n, mut e) = (x, SCALE);
    while e > 0 && n % 2 == 0 {
        n /= 2;
        e -= 1;
    }
    if e == 0 { n.to_string() } else { format!("{n}/{}", 1u64 << e) }
}

/// One box position's truth: its outcome, its value as the table shows it (`None`: the test
/// does not value it), and what the `--check` program may say (the value's forms, the outcome).
#[derive(Clone, Debug)]
struct Truth {
    outcome: &'static str,
    value: Option<String>,
    /// The sort key of the value in the tally.
    key: i64,
    /// A wrong line of the check program at this position.
    wrong: String,
    /// Right lines.
    right: Vec<String>,
}

/// The truth of every position of the box, in box order.
fn truth(g: &Game) -> Vec<(Pos, Truth)> {
    match g.kind {
        "remoteness" => remoteness_truth(g),
        "score" => score_truth(g),
        _ => partizan_truth(g),
    }
}

/// The options of `p` in a remoteness game: its moves, then its moves that may go up.
fn remoteness_options(g: &Game, p: Pos) -> Vec<Pos> {
    let mut o: Vec<Pos> = apply(&g.moves, p).into_iter().map(|x| x.0).collect();
    for &(x, y) in &g.loops {
        let (a, b) = (p.0 as i64 - x, p.1 as i64 - y);
        if (0..=g.hi.0 as i64).contains(&a) && (0..=g.hi.1 as i64).contains(&b) {
            o.push((a as u64, b as u64));
        }
    }
    o
}

/// Smith's retrograde analysis, level by level: a position without a move has remoteness 0
/// (lost for its mover in normal play, won in misère); at level k, an undecided position with
/// an option lost for its mover of remoteness k - 1 is won in k (the fastest win), and one
/// whose options are all decided and won for their mover, the greatest remoteness k - 1, is
/// lost in k (the slowest loss); what is never decided is drawn (`None`).
fn remoteness_truth(g: &Game) -> Vec<(Pos, Truth)> {
    let wins = |r: u64| (r % 2 == 1) != g.misere;
    let letter = |r: u64| if wins(r) { "N" } else { "P" };
    let options: HashMap<Pos, Vec<Pos>> =
        g.cells().into_iter().map(|p| (p, remoteness_options(g, p))).collect();
    let mut r: HashMap<Pos, u64> = HashMap::new();
    for k in 0.. {
        let mut level = Vec::new();
        for p in g.cells().into_iter().filter(|p| !r.contains_key(p)) {
            let o: Vec<Option<u64>> = options[&p].iter().map(|q| r.get(q).copied()).collect();
            let fast = o.iter().flatten().any(|&x| !wins(x) && x + 1 == k);
            let all_won = o.iter().all(|x| x.is_some_and(wins));
            let slow = o.iter().flatten().max().map_or(0, |&x| x + 1);
            if fast || (all_won && slow == k) {
                level.push(p);
            }
        }
        // A level empty: no position can be decided at a later one.
        if level.is_empty() {
            break;
        }
        r.extend(level.into_iter().map(|p| (p, k)));
    }
    g.cells()
        .into_iter()
        .map(|p| {
            let Some(&v) = r.get(&p) else {
                let wrong = format!("{}1", letter(1));
                let right = vec!["D".to_string()];
                let t = Truth { outcome: "D", value: Some("D".into()), key: -1, wrong, right };
                return (p, t);
            };
            let (o, w) = (letter(v), letter(v + 1));
            let right = vec![format!("{o}{v}"), format!("{o} {v}"), o.to_string()];
            let wrong = format!("{w}{}", v + 1);
            let t =
                Truth { outcome: o, value: Some(format!("{o}{v}")), key: v as i64, wrong, right };
            (p, t)
        })
        .collect()
}

fn score_truth(g: &Game) -> Vec<(Pos, Truth)> {
    let mut s: HashMap<Pos, i64> = HashMap::new();
    for p in g.cells() {
        let o = apply(&g.moves, p);
        let v = match o.is_empty() {
            true if g.end => end_gain(p),
            _ => o.iter().map(|(q, gain)| gain - s[q]).max().unwrap_or(0),
        };
        s.insert(p, v);
    }
    let outcome = |v: i64| match v.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    g.cells()
        .into_iter()
        .map(|p| {
            let v = s[&p];
            let right = vec![v.to_string(), outcome(v).to_string()];
            let t = Truth {
                outcome: outcome(v),
                value: Some(v.to_string()),
                key: v,
                wrong: (v - 1).to_string(),
                right,
            };
            (p, t)
        })
        .collect()
}

fn partizan_truth(g: &Game) -> Vec<(Pos, Truth)> {
    // Who wins moving first: Left when some Left option is not won by Right moving first.
    let mut left_first: HashMap<Pos, bool> = HashMap::new();
    let mut right_first: HashMap<Pos, bool> = HashMap::new();
    let mut number: HashMap<Pos, Option<i64>> = HashMap::new();
    for p in g.cells() {
        let (ls, rs) = (apply(&g.left, p), apply(&g.right, p));
        left_first.insert(p, ls.iter().any(|(q, _)| !right_first[q]));
        right_first.insert(p, rs.iter().any(|(q, _)| !left_first[q]));
        let lv: Option<Vec<i64>> = ls.iter().map(|(q, _)| number[q]).collect();
        let rv: Option<Vec<i64>> = rs.iter().map(|(q, _)| number[q]).collect();
        let v = match (lv, rv) {
            (Some(lv), Some(rv)) => {
                let (lo, hi) = (lv.iter().max().copied(), rv.iter().min().copied());
                match (lo, hi) {
                    (Some(l), Some(h)) if l >= h => None,
                    _ => Some(simplest(lo, hi)),
                }
            }
            _ => None,
        };
        number.insert(p, v);
    }
    g.cells()
        .into_iter()
        .map(|p| {
            let o = match (left_first[&p], right_first[&p]) {
                (true, true) => "N",
                (true, false) => "L",
                (false, true) => "R",
                (false, false) => "P",
            };
            let value = number[&p].map(number_text);
            let mut right = vec![o.to_string(), o.to_ascii_lowercase()];
            right.extend(value.clone());
            let wrong = match number[&p] {
                Some(x) => number_text(x + (1 << (SCALE - 1))),
                None => if o == "P" { "N" } else { "P" }.to_string(),
            };
            let key = number[&p].unwrap_or(0);
            (p, Truth { outcome: o, value, key, wrong, right })
        })
        .collect()
}

/// The kind's outcome names, in the tally's order, and the one the drawing blackens.
fn names(kind: &str) -> (&'static [&'static str], &'static str) {
    match kind {
        "remoteness" => (&["P", "N", "D"], "P"),
        "score" => (&["win", "draw", "loss"], "loss"),
        _ => (&["L", "R", "N", "P"], "P"),
    }
}

/// The black cells of an SVG drawing of a box (24-pixel squares from (40, 40), a rectangle
/// spanning a run of them), as (row, column) from the box's low corner.
pub fn black_cells(svg: &str) -> BTreeSet<Pos> {
    let attr = |tag: &str, name: &str| -> u64 {
        let from = tag.find(&format!(" {name}=\"")).expect("attribute") + name.len() + 3;
        tag[from..].split('"').next().unwrap().parse().unwrap()
    };
    let mut black = BTreeSet::new();
    for tag in svg.split('<').filter(|t| t.starts_with("rect ") && t.contains("#000000")) {
        let (x, y, w, h) =
            (attr(tag, "x"), attr(tag, "y"), attr(tag, "width"), attr(tag, "height"));
        for i in 0..w / 24 {
            for j in 0..h / 24 {
                black.insert(((y - 40) / 24 + j, (x - 40) / 24 + i));
            }
        }
    }
    black
}

/// One run: exit code, stdout, stderr.
fn run(args: &[String]) -> (Option<i32>, String, String) {
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = games(&argv, b"");
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// Every check of one game; the failures, each naming the game.
fn check_game(g: &Game, dir: &Path, id: usize) -> Vec<String> {
    let spec = dir.join(format!("game{id}.json"));
    std::fs::write(&spec, g.spec()).unwrap();
    let mut base: Vec<String> = vec!["explore".into()];
    base.extend(g.flags());
    let moves = format!("python3 {} {}", dir.join("moves.py").display(), spec.display());
    base.extend(["--moves".into(), moves, "--box".into(), format!("0..{},0..{}", g.hi.0, g.hi.1)]);
    let with = |extra: &[&str]| -> Vec<String> {
        let mut a = base.clone();
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let t = truth(g);
    let mut fails = Vec::new();
    let mut expect = |what: &str, ok: bool, detail: String| {
        if !ok {
            fails.push(format!("game {id} {} ({}): {what}: {detail}", g.kind, g.spec()));
        }
    };
    list_checks(g, &t, &with, &mut expect);
    // --count (partizan's tally is its own, checked by its classes).
    count_checks(g, &t, &with, &mut expect);
    check_checks((g, id, dir), &t, &with, &mut expect);
    fails
}

/// `--list` of every outcome and of `all` (text and JSON), and of a name of another kind.
fn list_checks(
    g: &Game,
    t: &[(Pos, Truth)],
    with: &dyn Fn(&[&str]) -> Vec<String>,
    expect: &mut dyn FnMut(&str, bool, String),
) {
    let (names, lost) = names(g.kind);
    let pos = |p: &Pos| format!("{} {}", p.0, p.1);
    // --list OUTCOME: the positions of that outcome in box order.
    for &o in names {
        let want: String =
            t.iter().filter(|x| x.1.outcome == o).map(|x| pos(&x.0) + "\n").collect();
        let (code, out, err) = run(&with(&["--list", o]));
        expect(&format!("--list {o}"), code == Some(0) && out == want, format!("{out:?} {err}"));
    }
    // --list all: every position, its value (where the test values it) and outcome.
    let (code, out, err) = run(&with(&["--list", "all"]));
    let lines: Vec<&str> = out.lines().collect();
    let ok = code == Some(0) && lines.len() == t.len();
    expect("--list all", ok, format!("{} lines: {err}", lines.len()));
    for ((p, x), line) in t.iter().zip(&lines) {
        let words: Vec<&str> = line.split(' ').collect();
        let (head, value, o) =
            (words[..2].join(" "), words[2..words.len() - 1].join(" "), words[words.len() - 1]);
        let value_ok = x.value.as_ref().is_none_or(|v| *v == value);
        expect(
            "--list all line",
            head == pos(p) && o == x.outcome && value_ok,
            format!("{line:?} vs {x:?}"),
        );
    }
    let (code, out, _) = run(&with(&["--list", "all", "--json"]));
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    let entries = doc["positions"].as_array().cloned().unwrap_or_default();
    expect(
        "--list all --json",
        code == Some(0) && entries.len() == t.len() && doc["count"] == t.len(),
        out.clone(),
    );
    for ((p, x), e) in t.iter().zip(&entries) {
        let ok = e["position"] == serde_json::json!([p.0, p.1])
            && e["outcome"] == x.outcome
            && x.value.as_ref().is_none_or(|v| e["value"] == v.as_str());
        expect("--list all --json entry", ok, format!("{e} vs {x:?}"));
    }
    let (code, out, _) = run(&with(&["--list", lost, "--json"]));
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    let want: Vec<serde_json::Value> = t
        .iter()
        .filter(|x| x.1.outcome == lost)
        .map(|x| serde_json::json!([x.0.0, x.0.1]))
        .collect();
    expect(
        "--list --json",
        code == Some(0) && doc["positions"] == serde_json::json!(want) && doc["list"] == lost,
        out,
    );
    // A name of another kind: exit 2, the kind's names listed.
    let other = if g.kind == "score" { "P" } else { "win" };
    let (code, out, err) = run(&with(&["--list", other]));
    expect(
        "--list of another kind",
        code == Some(2) && out.is_empty() && err.contains(&names.join(", ")),
        err,
    );
}

/// `--svg` and a right `--check` in one run, then a `--check` with one planted wrong line.
fn check_checks(
    (g, id, dir): (&Game, usize, &Path),
    t: &[(Pos, Truth)],
    with: &dyn Fn(&[&str]) -> Vec<String>,
    expect: &mut dyn FnMut(&str, bool, String),
) {
    let (_, lost) = names(g.kind);
    let pos = |p: &Pos| format!("{} {}", p.0, p.1);
    // --svg and a right --check in one run.
    let svg = dir.join(format!("game{id}.svg"));
    let answers = dir.join(format!("game{id}.right"));
    let mut rng = Rng::new(id as u64 + 77);
    let right: String =
        t.iter().map(|(p, x)| format!("{}={}\n", pos(p), rng.pick(&x.right))).collect();
    std::fs::write(&answers, right).unwrap();
    let checker = format!("python3 {} {}", dir.join("answers.py").display(), answers.display());
    let args = with(&["--no-table", "--svg", svg.to_str().unwrap(), "--check", &checker]);
    let (code, _, err) = run(&args);
    let agreed = format!("check: your program agrees with the table on all {} positions", t.len());
    expect("--check right", code == Some(0) && err.contains(&agreed), err);
    let drawn = black_cells(&std::fs::read_to_string(&svg).unwrap_or_default());
    let want: BTreeSet<Pos> = t.iter().filter(|x| x.1.outcome == lost).map(|x| x.0).collect();
    expect("--svg black cells", drawn == want, format!("{drawn:?} vs {want:?}"));
    // A planted wrong line: caught at its position, exit 1.
    let k = rng.index(t.len());
    let planted: String = t
        .iter()
        .enumerate()
        .map(|(i, (p, x))| {
            format!("{}={}\n", pos(p), if i == k { x.wrong.clone() } else { x.right[0].clone() })
        })
        .collect();
    let answers = dir.join(format!("game{id}.wrong"));
    std::fs::write(&answers, planted).unwrap();
    let checker = format!("python3 {} {}", dir.join("answers.py").display(), answers.display());
    let (code, _, err) = run(&with(&["--no-table", "--check", &checker]));
    let at = format!("check: first disagreement at position '{}': your program says", pos(&t[k].0));
    expect(
        "--check planted",
        code == Some(1) && err.contains(&at),
        format!("{err} (planted {:?} at {k})", t[k]),
    );
}

/// `--count` and `--count --json` against the truth's tally.
fn count_checks(
    g: &Game,
    t: &[(Pos, Truth)],
    with: &dyn Fn(&[&str]) -> Vec<String>,
    expect: &mut dyn FnMut(&str, bool, String),
) {
    let (names, _) = names(g.kind);
    let counts: Vec<(&str, usize)> =
        names.iter().map(|&n| (n, t.iter().filter(|x| x.1.outcome == n).count())).collect();
    let (code, out, err) = run(&with(&["--count"]));
    let mut want = format!("positions {}\n", t.len());
    for (n, c) in &counts {
        want.push_str(&format!("{n} {c}\n"));
    }
    if g.kind == "partizan" {
        // The partizan tally (its own module) lists values too: the classes are checked.
        expect(
            "--count classes",
            code == Some(0) && out.starts_with(&want),
            format!("{out} {err}"),
        );
        return;
    }
    let mut values: BTreeMap<i64, (String, usize)> = BTreeMap::new();
    for x in t.iter().map(|x| &x.1) {
        values.entry(x.key).or_insert((x.value.clone().unwrap_or_default(), 0)).1 += 1;
    }
    for (v, c) in values.values() {
        want.push_str(&format!("value {v} {c}\n"));
    }
    expect("--count", code == Some(0) && out == want, format!("{out:?} vs {want:?} {err}"));
    let (code, out, _) = run(&with(&["--count", "--json"]));
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    let mut ok = code == Some(0) && doc["positions"] == t.len() && doc["undecided"] == 0;
    for (n, c) in &counts {
        ok &= doc[n] == *c;
    }
    let listed: Vec<serde_json::Value> =
        values.values().map(|(v, c)| serde_json::json!({"value": v, "count": c})).collect();
    ok &= doc["values"] == serde_json::json!(listed);
    expect("--count --json", ok, out);
}

#[test]
fn list_count_svg_and_check_agree_with_the_search_in_every_kind() {
    if !common::have_python("the outputs of every kind") {
        return;
    }
    let dir = temp_dir("kinds");
    std::fs::write(dir.join("moves.py"), MOVES).unwrap();
    std::fs::write(dir.join("answers.py"), ANSWERS).unwrap();
    let mut rng = Rng::new(0x43);
    let mut games = Vec::new();
    for kind in ["remoteness", "score", "partizan"] {
        for _ in 0..5 {
            games.push(Game::random(&mut rng, kind));
        }
    }
    // The random games reach what the checks are about: both plays of remoteness, final
    // gains, every score outcome, every partizan class, fractions and positions the test
    // does not value.
    let truths: Vec<(&Game, Vec<(Pos, Truth)>)> = games.iter().map(|g| (g, truth(g))).collect();
    let seen = |kind: &str, f: &dyn Fn(&Game, &Truth) -> bool| {
        truths.iter().any(|(g, t)| g.kind == kind && t.iter().any(|x| f(g, &x.1)))
    };
    assert!(seen("remoteness", &|g, _| g.misere) && seen("remoteness", &|g, _| !g.misere));
    assert!(seen("remoteness", &|_, x| x.outcome == "D"));
    assert!(seen("score", &|g, _| g.end));
    for o in ["win", "draw", "loss"] {
        assert!(seen("score", &|_, x| x.outcome == o), "no score game has outcome {o}");
    }
    for o in ["L", "R", "N", "P"] {
        assert!(seen("partizan", &|_, x| x.outcome == o), "no partizan game has outcome {o}");
    }
    assert!(seen("partizan", &|_, x| x.value.as_ref().is_some_and(|v| v.contains('/'))));
    assert!(seen("partizan", &|_, x| x.value.is_none()));
    // One thread a kind: the runs wait on the python programs more than they compute.
    let fails: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = games
            .chunks(5)
            .enumerate()
            .map(|(c, chunk)| {
                let dir = &dir;
                scope.spawn(move || {
                    let each = chunk.iter().enumerate();
                    each.flat_map(|(i, g)| check_game(g, dir, c * 5 + i)).collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a kind's games")).collect()
    });
    assert!(fails.is_empty(), "{} failures:\n{}", fails.len(), fails.join("\n"));
}

#[test]
fn the_search_of_this_test_values_known_games() {
    // Partizan: {0 | } = 1, {0 | 1} = 1/2, {-1 | } = 0, { | -2} = -3, {1/2 | 1} = 3/4.
    let n = |x: i64| x << SCALE;
    assert_eq!(number_text(simplest(Some(n(0)), None)), "1");
    assert_eq!(number_text(simplest(Some(n(0)), Some(n(1)))), "1/2");
    assert_eq!(number_text(simplest(Some(n(-1)), None)), "0");
    assert_eq!(number_text(simplest(None, Some(n(-2)))), "-3");
    assert_eq!(number_text(simplest(Some(n(1) / 2), Some(n(1)))), "3/4");
    assert_eq!(number_text(simplest(Some(n(3) + n(1) / 4), Some(n(4)))), "7/2");
    // Subtraction of 1 or 2 from one heap: remoteness 0 1 1 2 3 3 4 ... (P every third).
    let g = Game {
        kind: "remoteness",
        misere: false,
        end: false,
        moves: vec![(1, 0, 0), (2, 0, 0)],
        left: Vec::new(),
        right: Vec::new(),
        loops: Vec::new(),
        hi: (6, 0),
    };
    let got: Vec<String> = truth(&g).into_iter().map(|x| x.1.value.unwrap()).collect();
    assert_eq!(got, ["P0", "N1", "N1", "P2", "N3", "N3", "P4"]);
}
