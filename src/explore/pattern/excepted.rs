//! Family: a constant or periodic table (line, plane or space) with finitely many exceptional
//! cells, said in one line with the cells: "every position is N except the P-positions (0, 0),
//! (1, 2)", "G depends only on a mod 2, b mod 3 except at (1, 1) = 4".
//!
//! The search: for each choice of a period per free coordinate (smallest box of periods
//! first), every class of residues takes its value from the *outer* part of the box (cells
//! with some coordinate past the middle), which must follow the periodic table with no
//! exception at all; the exceptions, at most [`MAX_EXCEPTIONS`], may lie only in the inner
//! corner (every coordinate below the middle). So a table whose last row or column is special
//! is never reported as this family: the exceptions a far answer would trust are the ones
//! far from the box's edges.

use super::{Answer, Covers, Formula, Frame, MAX_ARITY};
use crate::explore::table::Table;

/// The most exceptional cells listed.
pub const MAX_EXCEPTIONS: usize = 8;

/// Periodic values or outcomes with listed exceptions.
#[derive(Debug, Clone)]
pub struct Excepted {
    frame: Frame,
    /// The period along each free coordinate (residues of the absolute coordinate).
    periods: Vec<u64>,
    /// The value (or letter) of each class of residues, row-major.
    cells: Vec<u32>,
    /// The exceptional cells (free coordinates) and their values (or letters).
    exceptions: Vec<(Vec<u64>, u32)>,
    outcomes: bool,
}

impl Excepted {
    fn class(&self, x: &[u64]) -> usize {
        let mut i = 0usize;
        for (k, &p) in self.periods.iter().enumerate() {
            i = i * p as usize + (x[k] % p) as usize;
        }
        i
    }

    fn letter(v: u32) -> char {
        v as u8 as char
    }

    fn show(&self, v: u32) -> String {
        if self.outcomes { Self::letter(v).to_string() } else { v.to_string() }
    }

    fn residues(&self) -> String {
        let parts: Vec<String> = self
            .periods
            .iter()
            .enumerate()
            .map(|(k, p)| format!("{} mod {p}", self.frame.name(k)))
            .collect();
        parts.join(", ")
    }

    /// The class index as code (`(a % 2) * 3 + b % 3`), with `%` (both languages).
    fn index_code(&self) -> String {
        let mut idx = String::new();
        for (k, &p) in self.periods.iter().enumerate() {
            let x = self.frame.name(k);
            let term = format!("{x} % {p}");
            idx = if idx.is_empty() { term } else { format!("({idx}) * {p} + {term}") };
        }
        if idx.is_empty() { "0".into() } else { idx }
    }

    fn args(&self) -> Vec<&'static str> {
        (0..self.frame.free.len()).map(|k| self.frame.name(k)).collect()
    }
}

impl Formula for Excepted {
    fn family(&self) -> &'static str {
        "exceptions"
    }

    fn words(&self) -> String {
        let constant = self.cells.iter().all(|&c| c == self.cells[0]);
        let exc: Vec<String> = self
            .exceptions
            .iter()
            .map(|(x, v)| {
                let at: Vec<String> = x.iter().map(|c| c.to_string()).collect();
                if self.outcomes {
                    format!("{} is {}", self.frame.cell_words(x), self.show(*v))
                } else {
                    format!("G({}) = {v}", at.join(", "))
                }
            })
            .collect();
        let n = self.exceptions.len();
        let cells = if n == 1 { "cell" } else { "cells" };
        if constant && self.outcomes {
            let all: Vec<String> =
                self.exceptions.iter().map(|(x, _)| self.frame.cell_words(x)).collect();
            let letters: Vec<char> = self.exceptions.iter().map(|e| Self::letter(e.1)).collect();
            let same = letters.iter().all(|&l| l == letters[0]);
            if same {
                return format!(
                    "every position is {} except the {}-position{} {}",
                    Self::letter(self.cells[0]),
                    letters[0],
                    if n == 1 { "" } else { "s" },
                    all.join(", ")
                );
            }
            return format!(
                "every position is {} except {n} {cells}: {}",
                Self::letter(self.cells[0]),
                exc.join(", ")
            );
        }
        if constant {
            return format!(
                "G = {} everywhere except {n} {cells}: {}",
                self.cells[0],
                exc.join(", ")
            );
        }
        let what = if self.outcomes { "the outcome" } else { "G" };
        let dims: Vec<String> = self.periods.iter().map(|p| p.to_string()).collect();
        let table: Vec<String> = self.cells.iter().map(|&c| self.show(c)).collect();
        format!(
            "{what} depends only on {} (a {} table: {}) except {n} {cells}: {}",
            self.residues(),
            dims.join(" x "),
            table.join(" "),
            exc.join(", ")
        )
    }

    fn cpp(&self) -> String {
        let args = self.args();
        let params: Vec<String> = args.iter().map(|a| format!("long long {a}")).collect();
        let mut body = String::new();
        for (x, v) in &self.exceptions {
            let cond: Vec<String> =
                args.iter().zip(x).map(|(a, v)| format!("{a} == {v}")).collect();
            let ret = if self.outcomes { (*v == b'P' as u32).to_string() } else { v.to_string() };
            body.push_str(&format!("    if ({}) return {ret};\n", cond.join(" && ")));
        }
        let (ty, name, table) = if self.outcomes {
            let s: String = self.cells.iter().map(|&c| Self::letter(c)).collect();
            ("bool", "isP", format!("    return \"{s}\"[{}] == 'P';\n", self.index_code()))
        } else {
            let v: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
            (
                "long long",
                "G",
                format!(
                    "    static const long long T[] = {{{}}};\n    return T[{}];\n",
                    v.join(", "),
                    self.index_code()
                ),
            )
        };
        format!("{ty} {name}({}) {{\n{body}{table}}}", params.join(", "))
    }

    fn python(&self) -> String {
        let args = self.args();
        let key =
            if args.len() == 1 { args[0].to_string() } else { format!("({})", args.join(", ")) };
        let exc: Vec<String> = self
            .exceptions
            .iter()
            .map(|(x, v)| {
                let k: Vec<String> = x.iter().map(|v| v.to_string()).collect();
                let k = if k.len() == 1 { k[0].clone() } else { format!("({})", k.join(", ")) };
                let v = if self.outcomes {
                    if *v == b'P' as u32 { "True".into() } else { "False".into() }
                } else {
                    v.to_string()
                };
                format!("{k}: {v}")
            })
            .collect();
        let (name, table) = if self.outcomes {
            let s: String = self.cells.iter().map(|&c| Self::letter(c)).collect();
            ("is_p", format!("\"{s}\"[{}] == \"P\"", self.index_code()))
        } else {
            let v: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
            ("G", format!("[{}][{}]", v.join(", "), self.index_code()))
        };
        format!(
            "EXCEPTIONS = {{{}}}\n\ndef {name}({}):\n    if {key} in EXCEPTIONS:\n        return EXCEPTIONS[{key}]\n    return {table}\n",
            exc.join(", "),
            args.join(", ")
        )
    }

    fn covers(&self) -> Covers {
        if self.outcomes { Covers::Outcomes } else { Covers::Values }
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let x = self.frame.coords(p)?;
        let v = match self.exceptions.iter().find(|e| e.0 == x) {
            Some(e) => e.1,
            None => self.cells[self.class(&x)],
        };
        if self.outcomes {
            let c = v as u8;
            return Some(Answer {
                value: (c == b'P' && !self.frame.misere).then_some(0),
                outcome: c,
            });
        }
        Some(Answer::of_value(v as u64))
    }

    fn lists_exceptions(&self) -> bool {
        true
    }

    fn cost(&self) -> u64 {
        self.cells.len() as u64 + 2 * self.exceptions.len() as u64 + 1
    }
}

/// Every choice of periods (one per free coordinate, each up to `max`), smallest product
/// first.
fn period_boxes(dims: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..dims {
        out = out
            .into_iter()
            .flat_map(|v| {
                (1..=max).map(move |p| {
                    let mut w = v.clone();
                    w.push(p);
                    w
                })
            })
            .collect();
    }
    out.sort_by_key(|v| (v.iter().product::<u64>(), v.clone()));
    out
}

/// Candidates: values (a finite table), else outcomes.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let frame = Frame::of(t);
    let dims = frame.free.len();
    // Planes and lines, up to four free coordinates: the period boxes tried number max^dims
    // (3^16 would be 43 million on a 16-coordinate box).
    if dims == 0 || dims > 4 {
        return Vec::new();
    }
    let max = match dims {
        1 => 12,
        2 => 6,
        3 => 4,
        _ => 3,
    };
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    for outcomes in [false, true] {
        if !outcomes && !t.all_finite() {
            continue;
        }
        if outcomes && (!out.is_empty() || t.outcome.contains(&b'?')) {
            continue;
        }
        let key = |c: usize| if outcomes { t.outcome[c] as u32 } else { t.grundy[c] };
        for periods in period_boxes(dims, max) {
            if (0..dims).any(|k| (frame.hi[k] - frame.lo[k]).div_ceil(2) < 2 * periods[k]) {
                continue;
            }
            if let Some(f) = fit(t, &frame, &periods, &key, outcomes) {
                out.push(Box::new(f));
                break;
            }
        }
    }
    out
}

/// The periodic table with `periods` read off the outer part, and its exceptions, if the
/// outer part has none and the inner corner at most [`MAX_EXCEPTIONS`] (at least one).
fn fit(
    t: &Table,
    frame: &Frame,
    periods: &[u64],
    key: &dyn Fn(usize) -> u32,
    outcomes: bool,
) -> Option<Excepted> {
    let size: u64 = periods.iter().product();
    let mut f = Excepted {
        frame: frame.clone(),
        periods: periods.to_vec(),
        cells: Vec::new(),
        exceptions: Vec::new(),
        outcomes,
    };
    let mut cells = vec![u32::MAX; size as usize];
    let dims = frame.free.len();
    let coords = |c: usize| -> [u64; MAX_ARITY] {
        let p = t.position(c);
        let mut x = [0u64; MAX_ARITY];
        for (k, &a) in frame.free.iter().enumerate() {
            x[k] = p[a];
        }
        x
    };
    for c in super::scattered(t.cells()) {
        let x = coords(c);
        let x = &x[..dims];
        if frame.inner(x) {
            continue;
        }
        let slot = &mut cells[f.class(x)];
        if *slot == u32::MAX {
            *slot = key(c);
        } else if *slot != key(c) {
            return None;
        }
    }
    if cells.contains(&u32::MAX) {
        return None;
    }
    f.cells = cells;
    for c in 0..t.cells() {
        let x = coords(c);
        let x = &x[..dims];
        if !frame.inner(x) {
            continue;
        }
        let v = key(c);
        if v != f.cells[f.class(x)] {
            if f.exceptions.len() == MAX_EXCEPTIONS {
                return None;
            }
            f.exceptions.push((x.to_vec(), v));
        }
    }
    (!f.exceptions.is_empty()).then_some(f)
}
