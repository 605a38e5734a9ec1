//! `games explore --partizan`: far answers from the whole pattern machinery (issue 43). Planted
//! partizan games with random parameters, whose values are numbers (checked by the oracle), are
//! explored on a small box; positions far past it, out of reach of `--far-starts 1`, are asked
//! alone and in sums. Every value given must be the one of the oracle, an exhaustive partizan
//! evaluation written here: a position's value is the simplest number strictly between Left's
//! best option and Right's best option (the simplicity theorem), an option's value the sum of
//! its parts', values as integers times 2^20 (a game needing finer numbers is drawn again).
//! Zero wrong far answers; some far answers must come from the patterns. Without python3 the
//! tests fail, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::{games, temp_dir, text};
use games::rng::Rng;
use std::collections::HashMap;
use std::path::Path;

/// Values are kept as integers times 2^SCALE.
pub const SCALE: u32 = 20;
const UNIT: i128 = 1 << SCALE;

/// The simplest number strictly between `lo` and `hi` (scaled; `None`: no bound), `None` when
/// the interval is empty or its simplest number is finer than 2^-SCALE.
pub fn simplest(lo: Option<i128>, hi: Option<i128>) -> Option<i128> {
    if let (Some(l), Some(h)) = (lo, hi)
        && l >= h
    {
        return None;
    }
    if lo.is_none_or(|l| l < 0) && hi.is_none_or(|h| h > 0) {
        return Some(0);
    }
    let inside = |c: i128| lo.is_none_or(|l| l < c) && hi.is_none_or(|h| c < h);
    // Coarsest steps first: integers, halves, quarters, ...; the one nearest to 0.
    for k in 0..=SCALE {
        let d = UNIT >> k;
        let c = match lo {
            Some(l) if l >= 0 => (l.div_euclid(d) + 1) * d,
            _ => {
                let h = hi.expect("one bound is on the far side of 0");
                -((-h).div_euclid(d) + 1) * d
            }
        };
        if inside(c) {
            return Some(c);
        }
    }
    None
}

/// A scaled value in the tool's notation: `3`, `-5/8`.
pub fn show(v: i128) -> String {
    let (mut n, mut e) = (v, SCALE);
    while e > 0 && n % 2 == 0 {
        n /= 2;
        e -= 1;
    }
    if e == 0 { n.to_string() } else { format!("{n}/{}", 1u64 << e) }
}

/// The outcome of a number: L (positive), R (negative), P (zero).
pub fn outcome(v: i128) -> char {
    match v.signum() {
        1 => 'L',
        -1 => 'R',
        _ => 'P',
    }
}

/// A planted game on two coordinates `x y`: each player moves by one of their vectors
/// (`x + dx, y + dy`, both at least 0; `dx + dy < 0`, so play ends), or, for the bounded
/// Cutcake, cuts a strip of width at most `c` (Left, across the width) or height at most `d`
/// (Right), leaving a sum of two cakes.
#[derive(Debug, Clone)]
pub enum Game {
    Vectors { left: Vec<(i64, i64)>, right: Vec<(i64, i64)> },
    Cutcake { c: u64, d: u64 },
}

/// A position: a sum of parts (each `x y`).
pub type Sum = Vec<(u64, u64)>;

impl Game {
    /// Each player's options of `(x, y)`, each a sum.
    pub fn options(&self, (x, y): (u64, u64), left: bool) -> Vec<Sum> {
        match self {
            Game::Vectors { left: l, right: r } => {
                let vs = if left { l } else { r };
                vs.iter()
                    .filter_map(|&(dx, dy)| {
                        let (a, b) = (x as i64 + dx, y as i64 + dy);
                        (a >= 0 && b >= 0).then(|| vec![(a as u64, b as u64)])
                    })
                    .collect()
            }
            Game::Cutcake { c, d } => {
                if left {
                    (1..=(*c).min(x.saturating_sub(1))).map(|a| vec![(a, y), (x - a, y)]).collect()
                } else {
                    (1..=(*d).min(y.saturating_sub(1))).map(|b| vec![(x, b), (x, y - b)]).collect()
                }
            }
        }
    }

    /// The moves program, in Python.
    pub fn program(&self) -> String {
        let body = match self {
            Game::Vectors { left, right } => format!(
                "L = {left:?}\nR = {right:?}\ndef opts(x, y, V):\n    return [f'{{x + a}} {{y + b}}' for a, b in V if x + a >= 0 and y + b >= 0]\nfor line in sys.stdin:\n    x, y = map(int, line.split())\n    print(';'.join(opts(x, y, L)) + ' | ' + ';'.join(opts(x, y, R)), flush=True)\n"
            ),
            Game::Cutcake { c, d } => format!(
                "for line in sys.stdin:\n    w, h = map(int, line.split())\n    left = [f'{{a}} {{h}} + {{w - a}} {{h}}' for a in range(1, min({c}, w - 1) + 1)]\n    right = [f'{{w}} {{b}} + {{w}} {{h - b}}' for b in range(1, min({d}, h - 1) + 1)]\n    print(';'.join(left) + ' | ' + ';'.join(right), flush=True)\n"
            ),
        };
        format!("import sys\n{body}")
    }

    /// The box the tool explores.
    pub fn boxed(&self) -> &'static str {
        match self {
            Game::Vectors { .. } => "0..15,0..15",
            Game::Cutcake { .. } => "1..16,1..16",
        }
    }

    /// Is `(x, y)` in the box?
    pub fn in_box(&self, (x, y): (u64, u64)) -> bool {
        match self {
            Game::Vectors { .. } => x <= 15 && y <= 15,
            Game::Cutcake { .. } => (1..=16).contains(&x) && (1..=16).contains(&y),
        }
    }
}

/// The exhaustive values of a game: every position with `x + y < limit` (vectors) or
/// `x, y < limit` (Cutcake, from 1).
pub struct Oracle {
    pub game: Game,
    pub limit: u64,
    values: HashMap<(u64, u64), i128>,
}

impl Oracle {
    /// Every value, options first; `None` when some position is not a number (or too fine).
    pub fn new(game: Game, limit: u64) -> Option<Oracle> {
        let mut o = Oracle { game, limit, values: HashMap::new() };
        let order: Vec<(u64, u64)> = match o.game {
            Game::Vectors { .. } => {
                (0..limit).flat_map(|s| (0..=s).map(move |x| (x, s - x))).collect()
            }
            Game::Cutcake { .. } => {
                (1..limit).flat_map(|w| (1..limit).map(move |h| (w, h))).collect()
            }
        };
        for p in order {
            let side = |left: bool, o: &Oracle| -> Option<Vec<i128>> {
                o.game.options(p, left).iter().map(|s| o.sum(s)).collect()
            };
            let (l, r) = (side(true, &o)?, side(false, &o)?);
            let v = simplest(l.iter().copied().max(), r.iter().copied().min())?;
            o.values.insert(p, v);
        }
        Some(o)
    }

    /// The value of a sum whose parts are all known.
    pub fn sum(&self, s: &[(u64, u64)]) -> Option<i128> {
        s.iter().map(|p| self.values.get(p).copied()).sum()
    }

    /// Are there fractions among the values?
    pub fn fractions(&self) -> bool {
        self.values.values().any(|v| v % UNIT != 0)
    }

    /// A random position the oracle knows, outside the box, at least `least` from the origin.
    pub fn far(&self, rng: &mut Rng, least: u64) -> (u64, u64) {
        loop {
            let (x, y) = match self.game {
                Game::Vectors { .. } => {
                    let s = least + rng.below(self.limit - least);
                    let x = rng.below(s + 1);
                    (x, s - x)
                }
                Game::Cutcake { .. } => {
                    (1 + rng.below(self.limit - 1), 1 + rng.below(self.limit - 1))
                }
            };
            if !self.game.in_box((x, y)) && x + y >= least && self.values.contains_key(&(x, y)) {
                return (x, y);
            }
        }
    }
}

/// A random planted game whose values (up to `limit`) are numbers; `fractions`: with some
/// value that is not an integer.
pub fn planted(rng: &mut Rng, limit: u64, fractions: bool) -> Oracle {
    let vectors: Vec<(i64, i64)> =
        (-3..3).flat_map(|dx| (-3..3).map(move |dy| (dx, dy))).filter(|(a, b)| a + b < 0).collect();
    loop {
        let pick = |rng: &mut Rng| -> Vec<(i64, i64)> {
            let mut v: Vec<(i64, i64)> = Vec::new();
            for _ in 0..1 + rng.below(2) {
                let m = vectors[rng.below(vectors.len() as u64) as usize];
                if !v.contains(&m) {
                    v.push(m);
                }
            }
            v
        };
        let (left, right) = (pick(rng), pick(rng));
        if let Some(o) = Oracle::new(Game::Vectors { left, right }, limit)
            && o.fractions() == fractions
        {
            return o;
        }
    }
}

pub fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    format!("python3 {}", path.display())
}

/// A sum as `--at` and `--serve` take it.
pub fn written(s: &[(u64, u64)]) -> String {
    if s.is_empty() {
        return "()".into();
    }
    s.iter().map(|(x, y)| format!("{x} {y}")).collect::<Vec<_>>().join(" + ")
}

/// Asks the far positions of one planted game; returns (answers from a pattern, answers in
/// all, asked). Panics on a wrong value.
fn judge(o: &Oracle, dir: &Path, name: &str, rng: &mut Rng) -> (usize, usize, usize) {
    let cmd = script(dir, name, &o.game.program());
    let mut asked: Vec<Sum> = (0..10).map(|_| vec![o.far(rng, 40)]).collect();
    asked.push(vec![o.far(rng, 40), o.far(rng, 40)]);
    asked.push(vec![o.far(rng, 40), (1, 1)]);
    let texts: Vec<String> = asked.iter().map(|s| written(s)).collect();
    let mut args =
        vec!["explore", "--partizan", "--moves", &cmd, "--box", o.game.boxed(), "--json"];
    args.extend(["--far-starts", "1", "--no-table"]);
    for t in &texts {
        args.extend(["--at", t.as_str()]);
    }
    let out = games(&args, b"");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{:?}: not JSON ({e}): {}", o.game, text(&out.stderr)));
    let at = doc["at"].as_array().expect("at");
    assert_eq!(at.len(), asked.len(), "{doc}");
    let (mut from_pattern, mut answered) = (0, 0);
    for (a, s) in at.iter().zip(&asked) {
        let Some(said) = a["value"].as_str() else {
            assert!(a["basis"].as_str().is_some_and(|b| b.starts_with("unknown: ")), "{a}");
            continue;
        };
        let want = o.sum(s).expect("the oracle knows the asked positions");
        assert_eq!(said, show(want), "{:?} at {s:?}: {a}\n{doc}", o.game);
        assert_eq!(a["outcome"].as_str(), Some(outcome(want).to_string().as_str()), "{a}");
        answered += 1;
        if a["basis"] == "conjecture" {
            from_pattern += 1;
            assert!(a["label"].as_str().is_some_and(|l| l.contains("partizan rule holds")), "{a}");
        }
    }
    (from_pattern, answered, asked.len())
}

#[test]
fn planted_partizan_games_answer_far_positions_from_checked_patterns() {
    if !common::have_python("the partizan pattern tests") {
        return;
    }
    let dir = temp_dir("planted");
    let mut rng = Rng::new(4343);
    let (mut from_pattern, mut answered, mut asked) = (0, 0, 0);
    let mut games: Vec<Oracle> = Vec::new();
    for i in 0..6 {
        games.push(planted(&mut rng, 160, i % 2 == 0));
    }
    for (c, d) in [(1 + rng.below(3), 1 + rng.below(3)), (2 + rng.below(3), 1 + rng.below(2))] {
        games.push(Oracle::new(Game::Cutcake { c, d }, 120).expect("bounded Cutcake: numbers"));
    }
    for (i, o) in games.iter().enumerate() {
        let (p, a, n) = judge(o, &dir, &format!("g{i}.py"), &mut rng);
        eprintln!("{:?}: {p} of {n} far answers from a pattern, {a} answered", o.game);
        from_pattern += p;
        answered += a;
        asked += n;
    }
    // No wrong value above; and the patterns do answer far away (where none covers a position,
    // or the rule cannot be checked there, the answer is unknown, never a guess).
    assert!(
        from_pattern * 5 >= asked,
        "{from_pattern} of {asked} from a pattern ({answered} answered)"
    );
}

/// A planted game whose value changes far away (Right gains a move past a threshold): the
/// patterns of the box are refuted there by the rule, never answered wrong.
#[test]
fn a_rule_that_changes_past_the_box_is_never_answered_from_the_box() {
    if !common::have_python("the partizan pattern tests") {
        return;
    }
    let dir = temp_dir("changes");
    // Left: x -> x - 1; Right: y -> y - 1; from x + y >= 60 Right may also move x -> x - 2.
    let cmd = script(
        &dir,
        "changes.py",
        "import sys\nfor line in sys.stdin:\n    x, y = map(int, line.split())\n    left = [f'{x - 1} {y}'] if x > 0 else []\n    right = [f'{x} {y - 1}'] if y > 0 else []\n    if x + y >= 60 and x >= 2:\n        right.append(f'{x - 2} {y}')\n    print(';'.join(left) + ' | ' + ';'.join(right), flush=True)\n",
    );
    // The oracle: every position with x + y <= 160, `None` where the value is not a number.
    let mut truth: HashMap<(u64, u64), Option<i128>> = HashMap::new();
    for t in 0..=160u64 {
        for x in 0..=t {
            let y = t - x;
            let get = |q: (u64, u64)| truth[&q];
            let left: Option<Vec<i128>> = (x > 0).then(|| get((x - 1, y))).into_iter().collect();
            let mut right: Vec<Option<i128>> = Vec::new();
            if y > 0 {
                right.push(get((x, y - 1)));
            }
            if t >= 60 && x >= 2 {
                right.push(get((x - 2, y)));
            }
            let right: Option<Vec<i128>> = right.into_iter().collect();
            let v = match (left, right) {
                (Some(l), Some(r)) => simplest(l.into_iter().max(), r.into_iter().min()),
                _ => None,
            };
            truth.insert((x, y), v);
        }
    }
    let ask = |at: &str, checks: &str| -> serde_json::Value {
        let args = [
            "explore",
            "--partizan",
            "--moves",
            &cmd,
            "--box",
            "0..12,0..12",
            "--json",
            "--no-table",
            "--far-starts",
            "1",
            "--far-checks",
            checks,
            "--at",
            at,
        ];
        let out = games(&args, b"");
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        doc["at"][0].clone()
    };
    // Past the threshold the box's `x - y` is refuted by the rule: unknown, or the truth.
    for (x, y) in [(100u64, 50u64), (70, 20), (40, 41)] {
        let a = ask(&format!("{x} {y}"), "32");
        match (a["value"].as_str(), truth[&(x, y)]) {
            (None, _) => {
                assert!(a["basis"].as_str().unwrap_or_default().starts_with("unknown: "), "{a}")
            }
            (Some(said), Some(t)) => assert_eq!(said, show(t), "{x} {y}: {a}"),
            (Some(said), None) => panic!("{x} {y}: {said} for a value that is not a number"),
        }
    }
    // Below it: x - y, from a pattern whose rule holds there, when nothing is checked past the
    // threshold (`--far-checks 0`); the far checks sample past it and refute the pattern.
    let near = ask("30 20", "0");
    assert_eq!(near["value"], "10", "{near}");
    assert_eq!(near["basis"], "conjecture", "{near}");
    let sampled = ask("30 20", "32");
    let basis = sampled["basis"].as_str().unwrap_or_default();
    assert!(basis.starts_with("unknown: ") && basis.contains("sampled far position"), "{sampled}");
}
