//! `games explore --partizan`: the far checks (`--far-checks`, sampled far positions) and the
//! patterns of tables whose values are not all numbers (issue 43). Planted partizan games with
//! random parameters (python3 moves programs): partizan subtraction games (Left subtracts an
//! element of one set, Right of another; their values are nimbers, ups, switches and numbers)
//! and two-coordinate games of moves by vectors. Every far answer is judged by an exhaustive
//! evaluation written here: canonical forms built by the definition (dominated options
//! removed, reversible ones bypassed, Conway's order by its recursion), equal games having one
//! form, so that the tool's printed value, read back into a form here, must be the very form
//! of the position. The games are kept small enough for that: positions up to a few hundred,
//! and games drawn again until every value's form, written out as a tree (a number one
//! node), has at most 60 nodes (numbers, nimbers, ups, switches and small hot games; the forms of some subtraction
//! games double in size at each position). Zero wrong far answers; some must come from a pattern over
//! values that are not numbers. A game that changes its rule far past the box is caught by
//! the far checks (its pattern refuted at a sampled position, the answers `unknown`), where
//! without them the pattern answers. Without python3 the tests fail, unless
//! `GAMES_TEST_NO_PYTHON=1`.

use crate::common;
use crate::explore_partizan_grammar::{Game, script};

use common::{games, temp_dir, text};
use games::rng::Rng;
use std::collections::HashMap;

/// Games as canonical forms: form `i` is `{left | right}`, its options canonical forms; the
/// canonical forms are interned, so that two equal games have one number. Forms that are not
/// canonical yet (while one is simplified) are kept apart, not interned.
pub struct Forms {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    index: HashMap<(Vec<usize>, Vec<usize>), usize>,
    le_memo: HashMap<(usize, usize), bool>,
    sum_memo: HashMap<(usize, usize), usize>,
    numbers: HashMap<(i64, u32), usize>,
    number_memo: HashMap<usize, bool>,
}

impl Forms {
    pub fn new() -> Forms {
        let mut f = Forms {
            nodes: Vec::new(),
            index: HashMap::new(),
            le_memo: HashMap::new(),
            sum_memo: HashMap::new(),
            numbers: HashMap::new(),
            number_memo: HashMap::new(),
        };
        f.intern(Vec::new(), Vec::new());
        f
    }

    fn intern(&mut self, l: Vec<usize>, r: Vec<usize>) -> usize {
        if let Some(&i) = self.index.get(&(l.clone(), r.clone())) {
            return i;
        }
        self.nodes.push((l.clone(), r.clone()));
        self.index.insert((l, r), self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    /// A game not interned (not canonical yet).
    fn raw(&mut self, l: Vec<usize>, r: Vec<usize>) -> usize {
        self.nodes.push((l, r));
        self.nodes.len() - 1
    }

    /// `g <= h`: no Left option of `g` is `>= h`, and no Right option of `h` is `<= g`.
    pub fn le(&mut self, g: usize, h: usize) -> bool {
        if g == h {
            return true;
        }
        if let Some(&v) = self.le_memo.get(&(g, h)) {
            return v;
        }
        let gl = self.nodes[g].0.clone();
        let hr = self.nodes[h].1.clone();
        let v = !gl.iter().any(|&x| self.le(h, x)) && !hr.iter().any(|&y| self.le(y, g));
        self.le_memo.insert((g, h), v);
        v
    }

    /// The canonical form of `{l | r}` (options canonical).
    pub fn make(&mut self, mut l: Vec<usize>, mut r: Vec<usize>) -> usize {
        loop {
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            // Dominated options: Left keeps the greatest, Right the least.
            let keep_l: Vec<usize> = l
                .iter()
                .copied()
                .filter(|&x| !l.iter().any(|&y| y != x && self.le(x, y)))
                .collect();
            let keep_r: Vec<usize> = r
                .iter()
                .copied()
                .filter(|&x| !r.iter().any(|&y| y != x && self.le(y, x)))
                .collect();
            let g = self.raw(keep_l.clone(), keep_r.clone());
            // Reversible options, bypassed.
            let mut changed = false;
            let (mut nl, mut nr) = (Vec::new(), Vec::new());
            for &x in &keep_l {
                let xr = self.nodes[x].1.clone();
                match xr.into_iter().find(|&y| self.le(y, g)) {
                    Some(y) => {
                        nl.extend(self.nodes[y].0.clone());
                        changed = true;
                    }
                    None => nl.push(x),
                }
            }
            for &x in &keep_r {
                let xl = self.nodes[x].0.clone();
                match xl.into_iter().find(|&y| self.le(g, y)) {
                    Some(y) => {
                        nr.extend(self.nodes[y].1.clone());
                        changed = true;
                    }
                    None => nr.push(x),
                }
            }
            if !changed {
                return self.intern(keep_l, keep_r);
            }
            (l, r) = (nl, nr);
        }
    }

    /// `g + h`.
    pub fn add(&mut self, g: usize, h: usize) -> usize {
        let key = (g.min(h), g.max(h));
        if let Some(&s) = self.sum_memo.get(&key) {
            return s;
        }
        let (gl, gr) = self.nodes[g].clone();
        let (hl, hr) = self.nodes[h].clone();
        let mut l: Vec<usize> = gl.iter().map(|&x| self.add(x, h)).collect();
        l.extend(hl.iter().map(|&y| self.add(g, y)).collect::<Vec<_>>());
        let mut r: Vec<usize> = gr.iter().map(|&x| self.add(x, h)).collect();
        r.extend(hr.iter().map(|&y| self.add(g, y)).collect::<Vec<_>>());
        let s = self.make(l, r);
        self.sum_memo.insert(key, s);
        s
    }

    /// The number `n / 2^e` by its definition: an integer is `{n - 1 | }` (or `{ | n + 1}`), a
    /// fraction of odd `n` is `{(n - 1) / 2^e | (n + 1) / 2^e}`.
    pub fn number(&mut self, n: i64, e: u32) -> usize {
        let (mut n, mut e) = (n, e);
        while e > 0 && n % 2 == 0 {
            n /= 2;
            e -= 1;
        }
        if let Some(&x) = self.numbers.get(&(n, e)) {
            return x;
        }
        let x = if e > 0 {
            let (a, b) = (self.number(n - 1, e), self.number(n + 1, e));
            self.make(vec![a], vec![b])
        } else if n > 0 {
            let a = self.number(n - 1, 0);
            self.make(vec![a], vec![])
        } else if n < 0 {
            let b = self.number(n + 1, 0);
            self.make(vec![], vec![b])
        } else {
            0
        };
        self.numbers.insert((n, e), x);
        x
    }

    /// `*n`.
    fn star(&mut self, n: usize) -> usize {
        let below: Vec<usize> = (0..n).map(|k| self.star(k)).collect();
        if n == 0 { 0 } else { self.make(below.clone(), below) }
    }

    /// Reads a value as the tool prints it (CGSuite's notation: `3`, `-5/8`, `*`, `*3`, `^`,
    /// `v*`, `1/2*`, `{1|-1}`, `{0,*|^}`), into its canonical form here.
    pub fn parse(&mut self, s: &str) -> usize {
        let b = s.as_bytes();
        let mut at = 0;
        let g = self.value(b, &mut at);
        assert_eq!(at, b.len(), "'{s}': unread text from {at}");
        g
    }

    fn value(&mut self, b: &[u8], at: &mut usize) -> usize {
        if b.get(*at) == Some(&b'{') {
            *at += 1;
            let l = self.side(b, at, b'|');
            let r = self.side(b, at, b'}');
            return self.make(l, r);
        }
        let start = *at;
        while *at < b.len() && (b[*at] == b'-' || b[*at] == b'/' || b[*at].is_ascii_digit()) {
            *at += 1;
        }
        let num = std::str::from_utf8(&b[start..*at]).unwrap();
        let mut g = match num.split_once('/') {
            _ if num.is_empty() => 0,
            None => self.number(num.parse().unwrap(), 0),
            Some((n, d)) => {
                let d: u64 = d.parse().unwrap();
                self.number(n.parse().unwrap(), d.trailing_zeros())
            }
        };
        while *at < b.len() && matches!(b[*at], b'*' | b'^' | b'v') {
            let c = b[*at];
            *at += 1;
            let part = match c {
                b'*' => {
                    let s = *at;
                    while *at < b.len() && b[*at].is_ascii_digit() {
                        *at += 1;
                    }
                    let k = std::str::from_utf8(&b[s..*at]).unwrap();
                    self.star(if k.is_empty() { 1 } else { k.parse().unwrap() })
                }
                b'^' => {
                    let star = self.star(1);
                    self.make(vec![0], vec![star])
                }
                _ => {
                    let star = self.star(1);
                    self.make(vec![star], vec![0])
                }
            };
            g = self.add(g, part);
        }
        g
    }

    fn side(&mut self, b: &[u8], at: &mut usize, end: u8) -> Vec<usize> {
        let mut out = Vec::new();
        if b.get(*at) == Some(&end) {
            *at += 1;
            return out;
        }
        loop {
            out.push(self.value(b, at));
            let c = b.get(*at).copied();
            *at += 1;
            match c {
                Some(b',') => continue,
                Some(c) if c == end => return out,
                _ => panic!("'{}': bad value at {at}", String::from_utf8_lossy(b)),
            }
        }
    }

    /// The size of `g` written out as a tree (its options, theirs, ...; a number counts one),
    /// counted up to `most` (then `most + 1`): the games here are kept to values the tool
    /// prints in a few hundred characters (a form shared by many options prints once per
    /// option).
    pub fn printed(&mut self, g: usize, most: usize) -> usize {
        if self.is_number(g) {
            return 1;
        }
        let (l, r) = self.nodes[g].clone();
        let mut n = 1;
        for &x in l.iter().chain(&r) {
            n += self.printed(x, most);
            if n > most {
                return most + 1;
            }
        }
        n
    }

    /// Is `g` a number (every option a number, Left's below Right's)?
    pub fn is_number(&mut self, g: usize) -> bool {
        if let Some(&v) = self.number_memo.get(&g) {
            return v;
        }
        let (l, r) = self.nodes[g].clone();
        let v = l.iter().chain(&r).all(|&x| self.is_number(x))
            && l.iter().all(|&x| r.iter().all(|&y| !self.le(y, x)));
        self.number_memo.insert(g, v);
        v
    }
}

/// A planted 1-D partizan subtraction game: Left subtracts an element of `left`, Right of
/// `right`; with `extra = (side, from, to)`, from position `from` on that side (Left: true)
/// may also move to position `to` (the rule that changes far past the box).
#[derive(Debug, Clone)]
pub struct Subtraction {
    pub left: Vec<u64>,
    pub right: Vec<u64>,
    pub extra: Option<(bool, u64, u64)>,
}

impl Subtraction {
    pub fn options(&self, n: u64, left: bool) -> Vec<u64> {
        let set = if left { &self.left } else { &self.right };
        let mut out: Vec<u64> = set.iter().filter(|&&s| s <= n).map(|&s| n - s).collect();
        if let Some((side, from, to)) = self.extra
            && side == left
            && n >= from
        {
            out.push(to);
        }
        out
    }

    pub fn program(&self) -> String {
        let (side, from, to) = self.extra.unwrap_or((true, u64::MAX, 0));
        let who = if side { "left" } else { "right" };
        format!(
            "import sys\nL = {:?}\nR = {:?}\nfor line in sys.stdin:\n    n = int(line)\n    left = [str(n - s) for s in L if s <= n]\n    right = [str(n - s) for s in R if s <= n]\n    if n >= {from}:\n        {who}.append('{to}')\n    print(';'.join(left) + ' | ' + ';'.join(right), flush=True)\n",
            self.left, self.right
        )
    }

    /// The form of every position below `limit`; `None` as soon as one is larger than
    /// [`SMALL`] written out.
    pub fn values(&self, f: &mut Forms, limit: u64) -> Option<Vec<usize>> {
        let mut v: Vec<usize> = Vec::new();
        for n in 0..limit {
            let l = self.options(n, true).iter().map(|&m| v[m as usize]).collect();
            let r = self.options(n, false).iter().map(|&m| v[m as usize]).collect();
            let g = f.make(l, r);
            if f.printed(g, SMALL) > SMALL {
                return None;
            }
            v.push(g);
        }
        Some(v)
    }
}

/// The form of every position `x + y < limit` of a two-coordinate game (options are sums);
/// `None` as soon as one is larger than [`SMALL`] written out.
fn vector_values(game: &Game, f: &mut Forms, limit: u64) -> Option<HashMap<(u64, u64), usize>> {
    let mut v: HashMap<(u64, u64), usize> = HashMap::new();
    for s in 0..limit {
        for x in 0..=s {
            let p = (x, s - x);
            let mut side = |left: bool, v: &HashMap<(u64, u64), usize>| -> Vec<usize> {
                game.options(p, left)
                    .iter()
                    .map(|sum| sum.iter().fold(0, |acc, q| f.add(acc, v[q])))
                    .collect()
            };
            let (l, r) = (side(true, &v), side(false, &v));
            let g = f.make(l, r);
            if f.printed(g, SMALL) > SMALL {
                return None;
            }
            v.insert(p, g);
        }
    }
    Some(v)
}

/// One `--at` answer read from the JSON report: the value's form (`None`: no value, with the
/// error), whether it came from a pattern, and its label.
struct Said {
    form: Option<usize>,
    pattern: bool,
    label: String,
}

/// Runs `explore --partizan --json` with `args` and the positions `at`; the answers.
fn ask(f: &mut Forms, args: &[&str], at: &[String]) -> (Vec<Said>, serde_json::Value) {
    let mut all: Vec<&str> = vec!["explore", "--partizan", "--json", "--no-table"];
    all.extend_from_slice(args);
    for a in at {
        all.extend(["--at", a.as_str()]);
    }
    let out = games(&all, b"");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{all:?}: not JSON ({e}): {}", text(&out.stderr)));
    let said = doc["at"]
        .as_array()
        .expect("at")
        .iter()
        .map(|a| {
            let form = a["value"].as_str().map(|v| f.parse(v));
            if form.is_none() {
                let basis = a["basis"].as_str().unwrap_or_default();
                assert!(basis.starts_with("unknown: ") && a.get("error").is_none(), "{a}");
            }
            let label = a["label"].as_str().or(a["basis"].as_str()).unwrap_or("").to_string();
            Said { form, pattern: a["basis"] == "conjecture", label }
        })
        .collect();
    (said, doc)
}

/// The largest tree of a value kept in the planted games ([`Forms::printed`]).
const SMALL: usize = 60;

/// Random nonempty subsets of 1..=4.
pub fn subset(rng: &mut Rng) -> Vec<u64> {
    loop {
        let s: Vec<u64> = (1..=4).filter(|_| rng.chance(1, 2)).collect();
        if !s.is_empty() {
            return s;
        }
    }
}

#[test]
fn far_answers_of_planted_games_match_canonical_forms() {
    if !common::have_python("the partizan far-check tests") {
        return;
    }
    let dir = temp_dir("far_checks");
    let mut rng = Rng::new(4345);
    let mut f = Forms::new();
    let (mut answered, mut from_pattern, mut not_numbers, mut asked) = (0, 0, 0, 0);
    for i in 0..8 {
        let (game, values) = loop {
            let game = Subtraction { left: subset(&mut rng), right: subset(&mut rng), extra: None };
            if let Some(values) = game.values(&mut f, 400) {
                break (game, values);
            }
        };
        let cmd = script(&dir, &format!("s{i}.py"), &game.program());
        let ns: Vec<u64> = (0..8).map(|_| 100 + rng.below(300)).collect();
        let at: Vec<String> = ns.iter().map(|n| n.to_string()).collect();
        let args = ["--moves", &cmd, "--box", "0..59", "--far-starts", "1", "--far-checks", "8"];
        let (said, doc) = ask(&mut f, &args, &at);
        for (s, &n) in said.iter().zip(&ns) {
            asked += 1;
            let Some(g) = s.form else { continue };
            assert_eq!(g, values[n as usize], "{game:?} at {n}: {}\n{doc}", s.label);
            answered += 1;
            if s.pattern {
                from_pattern += 1;
                not_numbers += usize::from(!f.is_number(g));
                assert!(s.label.contains("partizan rule holds here"), "{}", s.label);
                assert!(s.label.contains("far positions sampled"), "{}", s.label);
            }
        }
    }
    for i in 0..4 {
        let vectors: Vec<(i64, i64)> = (-2..2)
            .flat_map(|dx| (-2..2).map(move |dy| (dx, dy)))
            .filter(|(a, b)| a + b < 0)
            .collect();
        let (game, values) = loop {
            let mut pick = || vec![vectors[rng.below(vectors.len() as u64) as usize]];
            let game = Game::Vectors { left: pick(), right: pick() };
            if let Some(values) = vector_values(&game, &mut f, 90) {
                break (game, values);
            }
        };
        let cmd = script(&dir, &format!("v{i}.py"), &game.program());
        let ps: Vec<(u64, u64)> = (0..6)
            .map(|_| {
                let s = 40 + rng.below(49);
                let x = rng.below(s + 1);
                (x, s - x)
            })
            .collect();
        let at: Vec<String> = ps.iter().map(|(x, y)| format!("{x} {y}")).collect();
        let args = ["--moves", &cmd, "--box", "0..15,0..15", "--far-starts", "1"];
        let (said, doc) = ask(&mut f, &args, &at);
        for (s, p) in said.iter().zip(&ps) {
            asked += 1;
            let Some(g) = s.form else { continue };
            assert_eq!(g, values[p], "{game:?} at {p:?}: {}\n{doc}", s.label);
            answered += 1;
            from_pattern += usize::from(s.pattern);
            not_numbers += usize::from(s.pattern && !f.is_number(g));
        }
    }
    eprintln!(
        "{answered} of {asked} far positions answered, {from_pattern} from a pattern, {not_numbers} of them not numbers"
    );
    assert!(not_numbers >= 5, "{not_numbers} far answers from patterns of forms");
}

/// Games that change their rule from a threshold far past the box (2,000 to 500,000):
/// Left subtracts 1 (the value is `n`) and Right may also move to a small position there
/// (`{n - 1 | m}`, a hot game); or both subtract 1 (`0`, `*` in turn) and Left may also move to
/// an odd position there (`{0, * | 0}` at odd `n`). The box shows `value = n` (or the period
/// `0, *`); without far checks the pattern answers the positions below the threshold, rightly;
/// with them its patterns are sampled past the threshold and refuted there: every answer is
/// `unknown` naming the sampled position, or right and checked at the samples too.
#[test]
fn a_rule_that_changes_far_past_the_box_is_caught_by_the_far_checks() {
    if !common::have_python("the partizan far-check tests") {
        return;
    }
    let dir = temp_dir("far_checks_change");
    let mut rng = Rng::new(4346);
    let mut f = Forms::new();
    let mut unknown = 0;
    for i in 0..4 {
        let from = 2_000 + rng.below(500_000);
        let game = if i % 2 == 0 {
            Subtraction { left: vec![1], right: vec![], extra: Some((false, from, rng.below(30))) }
        } else {
            let to = 1 + 2 * rng.below(5);
            Subtraction { left: vec![1], right: vec![1], extra: Some((true, from, to)) }
        };
        let values = game.values(&mut f, 400).expect("integers, 0 and *: small forms");
        let cmd = script(&dir, &format!("c{i}.py"), &game.program());
        let ns: Vec<u64> = (0..5).map(|_| 100 + rng.below(300)).collect();
        let at: Vec<String> = ns.iter().map(|n| n.to_string()).collect();
        let base = ["--moves", &cmd, "--box", "0..59", "--far-starts", "1"];
        let mut off = base.to_vec();
        off.extend(["--far-checks", "0"]);
        let (said, doc) = ask(&mut f, &off, &at);
        for (s, &n) in said.iter().zip(&ns) {
            let g = s.form.unwrap_or_else(|| panic!("{game:?} at {n}: {}\n{doc}", s.label));
            assert_eq!(g, values[n as usize], "{game:?} at {n}");
            assert!(s.pattern && !s.label.contains("sampled"), "{}", s.label);
        }
        let mut on = base.to_vec();
        on.extend(["--far-checks", "16"]);
        let (said, doc) = ask(&mut f, &on, &at);
        for (s, &n) in said.iter().zip(&ns) {
            match s.form {
                None => {
                    assert!(
                        s.label.contains("unknown") && s.label.contains("sampled"),
                        "{}",
                        s.label
                    );
                    unknown += 1;
                }
                Some(g) => {
                    assert_eq!(g, values[n as usize], "{game:?} at {n}");
                    assert!(s.label.contains("far positions sampled"), "{}", s.label);
                }
            }
        }
        let patterns = doc["patterns"].as_array().expect("patterns");
        let refuted = |p: &serde_json::Value| {
            p["refuted_at"].as_str().is_some_and(|r| r.contains("sampled far position"))
        };
        assert!(patterns.iter().any(refuted), "{game:?}: nothing refuted\n{doc}");
        assert!(doc["far_checks"].as_u64().is_some_and(|n| n > 0), "{doc}");
    }
    assert!(unknown >= 10, "{unknown} of 20 answers unknown");
}

/// `--serve` without `--stream`: a far part that no pattern covers is explored within its
/// own `--max-starts` (each level of its moves one start of the program), not the smaller
/// `--far-starts`, and answered as the forms here say; one out of reach of that budget is
/// `unknown` naming it, and the parts asked after it are answered as before.
#[test]
fn serve_explores_far_parts_no_pattern_covers() {
    if !common::have_python("the partizan far-check tests") {
        return;
    }
    let dir = temp_dir("far_checks_serve");
    let mut f = Forms::new();
    // Left: x - 1 or y - 2; Right: y - 1. A 16 x 16 box shows rows only (no pattern of the
    // positions with x > 15).
    let game = Game::Vectors { left: vec![(-1, 0), (0, -2)], right: vec![(0, -1)] };
    let values = vector_values(&game, &mut f, 75).expect("switches of numbers: small forms");
    let cmd = script(&dir, "serve.py", &game.program());
    let mut rng = Rng::new(4347);
    let asked: Vec<(u64, u64)> = (0..3).map(|_| (20 + rng.below(20), 20 + rng.below(30))).collect();
    let mut lines = String::new();
    for (i, (x, y)) in asked.iter().enumerate() {
        if i == 1 {
            lines.push_str("100000 100000 ?\n");
        }
        lines.push_str(&format!("{x} {y} ?\n"));
    }
    let args = ["explore", "--partizan", "--serve", "--moves", &cmd, "--box", "0..15,0..15"];
    let mut args = args.to_vec();
    args.extend(["--far-starts", "4", "--max-starts", "80", "--far-checks", "4"]);
    let out = games(&args, lines.as_bytes());
    let replies: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    let stderr = text(&out.stderr);
    assert_eq!(replies.len(), 4, "{replies:?}\n{stderr}");
    for (i, p) in asked.iter().enumerate() {
        let reply = &replies[if i == 0 { 0 } else { i + 1 }];
        let (value, outcome) = reply.rsplit_once(' ').expect("VALUE OUTCOME");
        assert_eq!(f.parse(value), values[p], "{p:?}: '{reply}'\n{stderr}");
        assert_eq!(outcome.len(), 1, "{reply}");
    }
    assert_eq!(replies[1], "unknown", "{replies:?}");
    assert!(
        stderr.contains("(--max-starts, the budget of a position no pattern covers)"),
        "{stderr}"
    );
    // With a budget of 4 starts the same parts are out of reach: unknown, naming it.
    let mut small = args.clone();
    for a in small.iter_mut() {
        if *a == "80" {
            *a = "4";
        }
    }
    let out = games(&small, format!("{} {} ?\n", asked[0].0, asked[0].1).as_bytes());
    assert_eq!(text(&out.stdout).trim(), "unknown", "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("4 batches of the moves program (--max-starts"),
        "{}",
        text(&out.stderr)
    );
}
