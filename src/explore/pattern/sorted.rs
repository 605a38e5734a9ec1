//! Family `sorted`: a formula of the coordinates sorted, least first (issue 44, order
//! statistics). Many games of several heaps do not care which heap is which, and their rule
//! speaks of the least heap, the largest, the one in the middle, or how many heaps equal the
//! least: "take from a smallest heap", "the largest heap must shrink". A formula of the
//! sorted coordinates `s1 <= s2 <= ...` says this in a few symbols where a formula of the
//! coordinates themselves needs `min`, `max` and a median nobody writes.
//!
//! The table must be symmetric (every free coordinate the same range, every permutation of
//! them the same entry); the grammar ([`super::grammar`]) then searches the cells whose free
//! coordinates do not decrease, with the others left out, and the formula found there is
//! evaluated at any position after sorting its coordinates. [`super::find`] verifies it on
//! every cell of the box like any formula; beyond the box it is a conjecture. It runs only
//! where the plain grammar found nothing (a symmetric formula of the coordinates themselves
//! is kept as it is).

use super::grammar::search::{self, Budget};
use super::{Answer, Covers, Formula, Frame};
use crate::explore::space::{Coords, MAX_ARITY};
use crate::explore::table::Table;

/// A formula of the sorted free coordinates.
pub struct Sorted {
    frame: Frame,
    inner: Box<dyn Formula>,
}

impl Sorted {
    /// `p` with its free coordinates sorted, least first, if `p` lies on the table's space.
    fn sort(&self, p: &[u64]) -> Option<Coords> {
        let mut x = self.frame.coords(p)?;
        x.sort_unstable();
        let mut q: Coords = [0; MAX_ARITY];
        let n = p.len().min(MAX_ARITY);
        q[..n].copy_from_slice(&p[..n]);
        for (i, &a) in self.frame.free.iter().enumerate() {
            q[a] = x[i];
        }
        Some(q)
    }

    /// The inner formula's function renamed `NAME_sorted`, then `NAME` sorting its arguments.
    fn code(&self, cpp: bool) -> String {
        let values = self.inner.covers() == Covers::Values;
        let name = match (values, cpp) {
            (true, _) => "G",
            (false, true) => "isP",
            (false, false) => "is_p",
        };
        let names = self.frame.names();
        let k = names.len();
        let inner = if cpp { self.inner.cpp() } else { self.inner.python() };
        let def = if cpp { format!(" {name}(") } else { format!("def {name}(") };
        let renamed = inner.replacen(&def, &def.replace('(', "_sorted("), 1);
        let args = names.join(", ");
        if cpp {
            let ret = if values { "long long" } else { "bool" };
            let params: Vec<String> = names.iter().map(|a| format!("long long {a}")).collect();
            let spread: Vec<String> = (0..k).map(|i| format!("s[{i}]")).collect();
            format!(
                "{renamed}\n// the coordinates sorted, least first\n{ret} {name}({}) {{\n    \
                 long long s[] = {{{args}}};\n    std::sort(s, s + {k});\n    return \
                 {name}_sorted({});\n}}\n",
                params.join(", "),
                spread.join(", ")
            )
        } else {
            format!(
                "{renamed}\n# the coordinates sorted, least first\ndef {name}({args}):\n    \
                 return {name}_sorted(*sorted(({args},)))\n"
            )
        }
    }
}

impl Formula for Sorted {
    fn family(&self) -> &'static str {
        "sorted"
    }

    fn words(&self) -> String {
        let names = self.frame.names();
        format!(
            "on the coordinates sorted, {} (the least first): {}",
            names.join(" <= "),
            self.inner.words()
        )
    }

    fn cpp(&self) -> String {
        self.code(true)
    }

    fn python(&self) -> String {
        self.code(false)
    }

    fn covers(&self) -> Covers {
        self.inner.covers()
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        self.inner.at(&self.sort(p)?)
    }

    fn cost(&self) -> u64 {
        self.inner.cost() + 1
    }

    fn lists_exceptions(&self) -> bool {
        self.inner.lists_exceptions()
    }

    fn rational_slope(&self) -> bool {
        self.inner.rational_slope()
    }
}

/// Is the table the same under every permutation of its free coordinates (all of one range)?
pub fn symmetric(t: &Table) -> bool {
    let frame = Frame::of(t);
    let k = frame.free.len();
    let same_range =
        frame.lo.iter().all(|&l| l == frame.lo[0]) && frame.hi.iter().all(|&h| h == frame.hi[0]);
    if k < 2 || !same_range {
        return false;
    }
    // Adjacent transpositions generate every permutation.
    (0..t.cells()).all(|c| {
        let p = t.position(c);
        frame.free.windows(2).all(|w| {
            let mut q = p;
            q.swap(w[0], w[1]);
            t.space
                .index(&q)
                .is_some_and(|d| t.grundy[d] == t.grundy[c] && t.outcome[d] == t.outcome[c])
        })
    })
}

/// Candidates for a symmetric table: the grammar's shortest formulas of its cells with
/// nondecreasing free coordinates (half the grammar's candidate budget; formulas of the
/// outcomes only if `outcomes`, where none is known yet).
pub fn detect(t: &Table, outcomes: bool) -> Vec<Box<dyn Formula>> {
    if !symmetric(t) {
        return Vec::new();
    }
    let frame = Frame::of(t);
    let mut half = t.clone();
    for c in 0..t.cells() {
        let p = t.position(c);
        if frame.free.windows(2).any(|w| p[w[0]] > p[w[1]]) {
            half.outcome[c] = b'?';
        }
    }
    let mut budget = Budget::default();
    budget.candidates /= 2;
    budget.outcomes = outcomes;
    search::search(&half, &budget)
        .into_iter()
        .map(|g| Box::new(Sorted { frame: frame.clone(), inner: Box::new(g) }) as Box<dyn Formula>)
        .collect()
}
