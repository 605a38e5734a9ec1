//! Family: periodic with exceptions on a recognisable sequence. The line follows a short
//! period except at the members of a known sequence ([`Seq`]: squares, powers, Fibonacci
//! numbers, ...), which all share one value: "P iff n ≡ 0 mod 3, or n is a square". Such a
//! table otherwise shows as a period after a long preperiod that hides the exceptions (and
//! answers wrongly past the box at every later member).
//!
//! The search: for each sequence and each period `p` up to [`MAX_PERIOD`], the non-members
//! must be periodic (each residue one value) and the members one value; at least
//! [`MIN_BREAKS`] members must break the period (else it is a plain period) and at least
//! [`MIN_BREAKS`] members lie past the box's middle. Values, else outcomes.

use super::sequence::{Seq, all_seqs};
use super::{Answer, Covers, Formula, line, var};
use crate::explore::space::Coords;
use crate::explore::table::Table;

/// The longest period tried.
pub const MAX_PERIOD: u64 = 12;
/// The fewest members that differ from the period.
pub const MIN_BREAKS: usize = 3;

/// `G(n) = v` for members of the sequence, else `T[n mod p]` (absolute `n`).
#[derive(Debug, Clone)]
pub struct SeqExceptions {
    arity: usize,
    axis: usize,
    base: Coords,
    start: u64,
    seq: Seq,
    p: u64,
    /// The value (or letter) of each residue of `n` mod `p`.
    period: Vec<u32>,
    /// The members' value (or letter).
    member: u32,
    outcomes: bool,
    misere: bool,
}

impl SeqExceptions {
    fn x(&self) -> &'static str {
        var(self.arity, self.axis)
    }

    fn show(&self, v: u32) -> String {
        if self.outcomes { (v as u8 as char).to_string() } else { v.to_string() }
    }
}

impl Formula for SeqExceptions {
    fn family(&self) -> &'static str {
        "period+sequence"
    }

    fn words(&self) -> String {
        let x = self.x();
        let seq = self.seq.words();
        let from = self.start;
        let ps: Vec<String> = (0..self.p)
            .filter(|&r| self.period[r as usize] == b'P' as u32)
            .map(|r| r.to_string())
            .collect();
        if self.outcomes && self.member == b'P' as u32 && !ps.is_empty() {
            let m = if ps.len() == 1 {
                format!("= {}", ps[0])
            } else {
                format!("in {{{}}}", ps.join(", "))
            };
            return format!(
                "for {x} >= {from}: P iff {x} mod {} {m}, or {x} is one of {seq}",
                self.p
            );
        }
        if self.outcomes && self.member != b'P' as u32 && !ps.is_empty() {
            let m = if ps.len() == 1 {
                format!("= {}", ps[0])
            } else {
                format!("in {{{}}}", ps.join(", "))
            };
            return format!(
                "for {x} >= {from}: P iff {x} mod {} {m} and {x} is not one of {seq} (those are {})",
                self.p,
                self.show(self.member)
            );
        }
        let vals: Vec<String> = self.period.iter().map(|&v| self.show(v)).collect();
        let what = if self.outcomes { "the outcome" } else { "G" };
        format!(
            "for {x} >= {from}: {what} is {} at {seq}, else depends on {x} mod {} only ({} for residues 0..{})",
            self.show(self.member),
            self.p,
            vals.join(" "),
            self.p - 1
        )
    }

    fn cpp(&self) -> String {
        let x = self.x();
        let (head, member, ret) = if self.outcomes {
            let s: String = self.period.iter().map(|&c| c as u8 as char).collect();
            (
                format!("bool isP(long long {x}) {{  // {x} >= {}\n", self.start),
                (self.member == b'P' as u32).to_string(),
                format!("\"{s}\"[{x} % {}] == 'P'", self.p),
            )
        } else {
            let v: Vec<String> = self.period.iter().map(|c| c.to_string()).collect();
            (
                format!(
                    "long long G(long long {x}) {{  // {x} >= {}\n    static const long long T[] = {{{}}};\n",
                    self.start,
                    v.join(", ")
                ),
                self.member.to_string(),
                format!("T[{x} % {}]", self.p),
            )
        };
        format!("{}{head}    if (inS({x})) return {member};\n    return {ret};\n}}", self.seq.cpp())
    }

    fn python(&self) -> String {
        let x = self.x();
        let (name, member, table) = if self.outcomes {
            let s: String = self.period.iter().map(|&c| c as u8 as char).collect();
            let m = if self.member == b'P' as u32 { "True" } else { "False" };
            ("is_p", m.to_string(), format!("\"{s}\"[{x} % {}] == \"P\"", self.p))
        } else {
            let v: Vec<String> = self.period.iter().map(|c| c.to_string()).collect();
            ("G", self.member.to_string(), format!("[{}][{x} % {}]", v.join(", "), self.p))
        };
        format!(
            "import math\n\n{}\ndef {name}({x}):  # {x} >= {}\n    if in_s({x}):\n        return {member}\n    return {table}\n",
            self.seq.python(),
            self.start
        )
    }

    fn covers(&self) -> Covers {
        if self.outcomes { Covers::Outcomes } else { Covers::Values }
    }

    fn at(&self, q: &[u64]) -> Option<Answer> {
        if (0..self.arity).any(|a| a != self.axis && q[a] != self.base[a]) {
            return None;
        }
        let n = q[self.axis];
        if n < self.start {
            return None;
        }
        let v = if self.seq.contains(n) { self.member } else { self.period[(n % self.p) as usize] };
        if self.outcomes {
            let c = v as u8;
            return Some(Answer { value: (c == b'P' && !self.misere).then_some(0), outcome: c });
        }
        Some(Answer::of_value(v as u64))
    }

    fn cost(&self) -> u64 {
        self.p + self.seq.cost() + 1
    }
}

/// Candidates for a 1-D table: values if all are integers, else (or also) outcomes.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let Some(l) = line(t) else { return Vec::new() };
    let len = l.outcome.len();
    if len < 24 || l.outcome.contains(&b'?') {
        return Vec::new();
    }
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    for outcomes in [false, true] {
        if (!outcomes && !t.all_finite()) || (outcomes && !out.is_empty()) {
            continue;
        }
        let key: Vec<u32> =
            if outcomes { l.outcome.iter().map(|&c| c as u32).collect() } else { l.grundy.clone() };
        'seq: for seq in all_seqs() {
            let member: Vec<bool> = (0..len).map(|i| seq.contains(l.start + i as u64)).collect();
            let mid = len / 2;
            if member[mid..].iter().filter(|&&m| m).count() < MIN_BREAKS {
                continue;
            }
            let Some(mv) = (0..len).find(|&i| member[i]).map(|i| key[i]) else { continue };
            if (0..len).any(|i| member[i] && key[i] != mv) {
                continue;
            }
            for p in 1..=MAX_PERIOD.min(len as u64 / 4) {
                if let Some(period) = fit(&l.start, &key, &member, p) {
                    let breaks = (0..len)
                        .filter(|&i| member[i] && period[((l.start + i as u64) % p) as usize] != mv)
                        .count();
                    if breaks < MIN_BREAKS {
                        continue 'seq;
                    }
                    out.push(Box::new(SeqExceptions {
                        arity: t.space.arity(),
                        axis: l.axis,
                        base: l.base,
                        start: l.start,
                        seq,
                        p,
                        period,
                        member: mv,
                        outcomes,
                        misere: t.misere,
                    }));
                    continue 'seq;
                }
            }
        }
    }
    out
}

/// The value of each residue mod `p` of the non-members, if each residue has one value (and
/// every residue is seen).
fn fit(start: &u64, key: &[u32], member: &[bool], p: u64) -> Option<Vec<u32>> {
    let mut period = vec![u32::MAX; p as usize];
    for (i, &k) in key.iter().enumerate() {
        if member[i] {
            continue;
        }
        let r = ((start + i as u64) % p) as usize;
        if period[r] == u32::MAX {
            period[r] = k;
        } else if period[r] != k {
            return None;
        }
    }
    (!period.contains(&u32::MAX)).then_some(period)
}
