//! Family: P-positions given by linear relations among the coordinates (2-D to 4-D).
//!
//! - *Lines* ([`OnLine`]): P exactly where `w·x = c` (`a - b = 1`, `b = 2a + 1` written
//!   `2a - b = -1`, `a + b = c` in 3-D), in 2-D also with the mirrored line (`w1·a + w0·b =
//!   c`), with at most [`MAX_EXCEPTIONS`] exceptional cells, all in the box's inner corner
//!   (the outer part follows the rule alone).
//! - *Half-planes* ([`HalfPlane`]): P exactly where `w·x >= c` (a rational threshold: `b <
//!   3a/2` is `3a - 2b >= 1`), in 2-D optionally cut by the diagonal (`a <= b < α·a`).
//!   Irrational thresholds are the `threshold` family ([`super::beatty`]).
//!
//! Weights are small integers (|w| <= 4 in 2-D, 2 in 3-D, 1 in 4-D); everything is exact
//! `i128` arithmetic on the absolute coordinates.

use super::{Answer, Covers, Formula, Frame};
use crate::explore::table::Table;
use crate::theory::modular::gcd;

/// The most exceptional cells a line may have.
pub const MAX_EXCEPTIONS: usize = 6;
/// The fewest P-positions (and N-positions) the outer part must show.
pub const MIN_SEEN: usize = 4;

fn dot(w: &[i64], x: &[u64]) -> i128 {
    w.iter().zip(x).map(|(&w, &x)| w as i128 * x as i128).sum()
}

/// `2a - b`, `a + b - c`: a linear form in words (and in code: the same text with `*`).
fn form(frame: &Frame, w: &[i64], star: bool) -> String {
    let mut s = String::new();
    for (i, &k) in w.iter().enumerate() {
        if k == 0 {
            continue;
        }
        let x = frame.name(i);
        let mag = k.unsigned_abs();
        let term = match (mag, star) {
            (1, _) => x.to_string(),
            (m, true) => format!("{m} * {x}"),
            (m, false) => format!("{m}{x}"),
        };
        if s.is_empty() {
            s = if k < 0 { format!("-{term}") } else { term };
        } else {
            s.push_str(if k < 0 { " - " } else { " + " });
            s.push_str(&term);
        }
    }
    s
}

/// Weight vectors with entries in `-r..=r`, gcd 1, not all zero.
fn weights(dims: usize, r: i64) -> Vec<Vec<i64>> {
    let mut out: Vec<Vec<i64>> = vec![Vec::new()];
    for _ in 0..dims {
        out = out
            .into_iter()
            .flat_map(|v| {
                (-r..=r).map(move |k| {
                    let mut w = v.clone();
                    w.push(k);
                    w
                })
            })
            .collect();
    }
    out.retain(|w| w.iter().fold(0, |g, &k| gcd(g, k.unsigned_abs())) == 1);
    out.sort_by_key(|w| w.iter().map(|k| k.unsigned_abs()).sum::<u64>());
    out
}

/// P exactly on `w·x = c` (and the mirrored line), with listed exceptions.
#[derive(Debug, Clone)]
pub struct OnLine {
    frame: Frame,
    lines: Vec<Vec<i64>>,
    c: i128,
    /// Cells where the rule does not hold (free coordinates, is P).
    exceptions: Vec<(Vec<u64>, bool)>,
}

impl OnLine {
    fn rule(&self, x: &[u64]) -> bool {
        self.lines.iter().any(|w| dot(w, x) == self.c)
    }
}

impl Formula for OnLine {
    fn family(&self) -> &'static str {
        "lines"
    }

    fn words(&self) -> String {
        let eqs: Vec<String> = self
            .lines
            .iter()
            .map(|w| format!("{} = {}", form(&self.frame, w, false), self.c))
            .collect();
        let on = if eqs.len() == 1 {
            format!("on the line {}", eqs[0])
        } else {
            format!("on the lines {} (mirror images)", eqs.join(" and "))
        };
        let exc = if self.exceptions.is_empty() {
            String::new()
        } else {
            let e: Vec<String> = self
                .exceptions
                .iter()
                .map(|(x, p)| {
                    format!("{} is {}", self.frame.cell_words(x), if *p { "P" } else { "N" })
                })
                .collect();
            format!(", except: {}", e.join(", "))
        };
        format!("P-positions lie exactly {on}{exc}")
    }

    fn cpp(&self) -> String {
        let args = self.frame.names();
        let params: Vec<String> = args.iter().map(|a| format!("long long {a}")).collect();
        let mut body = String::new();
        for (x, p) in &self.exceptions {
            let cond: Vec<String> =
                args.iter().zip(x).map(|(a, v)| format!("{a} == {v}")).collect();
            body.push_str(&format!("    if ({}) return {p};\n", cond.join(" && ")));
        }
        let eqs: Vec<String> = self
            .lines
            .iter()
            .map(|w| format!("(__int128)({}) == {}", form(&self.frame, w, true), self.c))
            .collect();
        format!("bool isP({}) {{\n{body}    return {};\n}}", params.join(", "), eqs.join(" || "))
    }

    fn python(&self) -> String {
        let args = self.frame.names();
        let mut body = String::new();
        for (x, p) in &self.exceptions {
            let cond: Vec<String> =
                args.iter().zip(x).map(|(a, v)| format!("{a} == {v}")).collect();
            let p = if *p { "True" } else { "False" };
            body.push_str(&format!("    if {}:\n        return {p}\n", cond.join(" and ")));
        }
        let eqs: Vec<String> = self
            .lines
            .iter()
            .map(|w| format!("{} == {}", form(&self.frame, w, true), self.c))
            .collect();
        format!("def is_p({}):\n{body}    return {}\n", args.join(", "), eqs.join(" or "))
    }

    fn covers(&self) -> Covers {
        Covers::Outcomes
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let x = self.frame.coords(p)?;
        let is_p = match self.exceptions.iter().find(|e| e.0 == x) {
            Some(e) => e.1,
            None => self.rule(&x),
        };
        Some(Answer::of_p(is_p, self.frame.misere))
    }

    fn cost(&self) -> u64 {
        let w: u64 = self.lines[0].iter().map(|k| k.unsigned_abs()).sum();
        w + self.lines.len() as u64 + 1 + 2 * self.exceptions.len() as u64
    }
}

/// P exactly where every `w·x >= c` holds.
#[derive(Debug, Clone)]
pub struct HalfPlane {
    frame: Frame,
    sides: Vec<(Vec<i64>, i128)>,
}

impl HalfPlane {
    fn conds(&self, star: bool) -> Vec<String> {
        self.sides.iter().map(|(w, c)| format!("{} >= {c}", form(&self.frame, w, star))).collect()
    }
}

impl Formula for HalfPlane {
    fn family(&self) -> &'static str {
        "half-plane"
    }

    fn words(&self) -> String {
        format!("P exactly when {}", self.conds(false).join(" and "))
    }

    fn cpp(&self) -> String {
        let params: Vec<String> =
            self.frame.names().iter().map(|a| format!("long long {a}")).collect();
        let conds: Vec<String> = self
            .sides
            .iter()
            .map(|(w, c)| format!("(__int128)({}) >= {c}", form(&self.frame, w, true)))
            .collect();
        format!("bool isP({}) {{\n    return {};\n}}", params.join(", "), conds.join(" && "))
    }

    fn python(&self) -> String {
        format!(
            "def is_p({}):\n    return {}\n",
            self.frame.names().join(", "),
            self.conds(true).join(" and ")
        )
    }

    fn covers(&self) -> Covers {
        Covers::Outcomes
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let x = self.frame.coords(p)?;
        let is_p = self.sides.iter().all(|(w, c)| dot(w, &x) >= *c);
        Some(Answer::of_p(is_p, self.frame.misere))
    }

    fn cost(&self) -> u64 {
        self.sides.iter().map(|(w, _)| 1 + w.iter().map(|k| k.unsigned_abs()).sum::<u64>()).sum()
    }
}

/// The table's cells: free coordinates (flat, `dims` a cell) and P flags.
struct Cells {
    dims: usize,
    x: Vec<u64>,
    p: Vec<bool>,
}

impl Cells {
    fn of(t: &Table, frame: &Frame) -> Cells {
        let dims = frame.free.len();
        let mut x = Vec::with_capacity(t.cells() * dims);
        for c in 0..t.cells() {
            let p = t.position(c);
            x.extend(frame.free.iter().map(|&a| p[a]));
        }
        Cells { dims, x, p: t.outcome.iter().map(|&o| o == b'P').collect() }
    }
    fn at(&self, i: usize) -> &[u64] {
        &self.x[i * self.dims..(i + 1) * self.dims]
    }
    fn len(&self) -> usize {
        self.p.len()
    }
}

/// Candidates for tables of two to four free coordinates, outcomes P or N.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let frame = Frame::of(t);
    let dims = frame.free.len();
    if !(2..=4).contains(&dims) || t.outcome.iter().any(|&o| o != b'P' && o != b'N') {
        return Vec::new();
    }
    let all = Cells::of(t, &frame);
    let r = [4, 4, 2, 1][dims - 1];
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    let ws = weights(dims, r);
    for w in &ws {
        if w.iter().find(|&&k| k != 0).is_some_and(|&k| k < 0) {
            continue; // a line and its negative are the same
        }
        if let Some(f) = on_line(&frame, &all, w) {
            out.push(Box::new(f));
            break;
        }
    }
    let ps: Vec<usize> = (0..all.len()).filter(|&i| all.p[i]).collect();
    if dims == 2 && ps.len() >= 2 * MIN_SEEN && all.len() - ps.len() >= 2 * MIN_SEEN {
        let diagonals: [Option<(Vec<i64>, i128)>; 3] =
            [None, Some((vec![-1, 1], 0)), Some((vec![1, -1], 0))];
        'found: for extra in &diagonals {
            for w in &ws {
                let mut sides = extra.iter().cloned().collect::<Vec<_>>();
                let c = ps.iter().map(|&i| dot(w, all.at(i))).min().unwrap_or(0);
                sides.push((w.clone(), c));
                let f = HalfPlane { frame: frame.clone(), sides };
                let rule = |x: &[u64]| f.sides.iter().all(|(w, c)| dot(w, x) >= *c);
                if super::scattered(all.len()).all(|i| rule(all.at(i)) == all.p[i]) {
                    out.push(Box::new(f));
                    break 'found;
                }
            }
        }
    }
    out
}

/// The line (or mirrored pair) through the outer part's P-positions, if it explains them all
/// and the inner corner has few exceptions.
fn on_line(frame: &Frame, all: &Cells, w: &[i64]) -> Option<OnLine> {
    let first = (0..all.len()).find(|&i| all.p[i] && !frame.inner(all.at(i)))?;
    let first = all.at(first);
    let mut variants: Vec<(Vec<Vec<i64>>, i128)> = vec![(vec![w.to_vec()], dot(w, first))];
    if w.len() == 2 && w[0] != w[1] {
        let m = vec![w[1], w[0]];
        for c in [dot(w, first), dot(&m, first)] {
            variants.push((vec![w.to_vec(), m.clone()], c));
        }
    }
    'variant: for (lines, c) in variants {
        let mut f = OnLine { frame: frame.clone(), lines, c, exceptions: Vec::new() };
        let (mut ps, mut ns) = (0usize, 0usize);
        for i in super::scattered(all.len()) {
            let (x, p) = (all.at(i), all.p[i]);
            if frame.inner(x) {
                continue;
            }
            if f.rule(x) != p {
                continue 'variant;
            }
            if p { ps += 1 } else { ns += 1 }
        }
        if ps < MIN_SEEN || ns < MIN_SEEN {
            continue;
        }
        for i in 0..all.len() {
            let (x, p) = (all.at(i), all.p[i]);
            if frame.inner(x) && f.rule(x) != p {
                if f.exceptions.len() == MAX_EXCEPTIONS {
                    continue 'variant;
                }
                f.exceptions.push((x.to_vec(), p));
            }
        }
        return Some(f);
    }
    None
}
