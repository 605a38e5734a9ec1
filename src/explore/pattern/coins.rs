//! Family `coins`: values additive over the binary digits of `n` under XOR,
//! `G(n) = g(j1) XOR g(j2) XOR ...` over the digits `j` of `n` that are 1, with `G(0) = 0`.
//!
//! A coin-turning game whose position is its set of heads written as a bitmask has this shape:
//! a position is the disjunctive sum of its single heads (Winning Ways ch. 14, "Turning
//! Turtles"; Berlekamp, Conway and Guy), so `g(j) = G(2^j)`. Read off a table, it is observed
//! only: the table must be a line from 0 holding at least [`MIN_EVIDENCE`] single heads (up to
//! `2^8 - 1`), every entry must be the XOR of its digits' values, and `g` itself needs a
//! formula of its own (found on `G(1), G(2), G(4), ...` by the families and the grammar) for
//! an answer past the box.

use super::{Answer, Covers, Formula, Frame, MIN_EVIDENCE, as_function, values_formula};
use crate::explore::space::Space;
use crate::explore::table::Table;

/// `G(n)` = XOR of `g(j)` over the 1-digits `j` of `n`, `g` a formula of the digit's index.
pub struct Coins {
    frame: Frame,
    /// `g(j) = G(2^j)`, a formula of a 1-D table indexed by `j`.
    digit: Box<dyn Formula>,
}

impl Coins {
    fn g(&self, j: u64) -> Option<u64> {
        let mut p = [0u64; crate::explore::space::MAX_ARITY];
        p[0] = j;
        self.digit.at(&p)?.value
    }
}

impl Formula for Coins {
    fn family(&self) -> &'static str {
        "coins"
    }

    fn words(&self) -> String {
        let n = self.frame.name(0);
        format!(
            "G({n}) = XOR of g(j) over the binary digits j of {n} that are 1 (each 1-digit a \
             coin of its own); g(j) = G(2^j): [{}] {}",
            self.digit.family(),
            self.digit.words()
        )
    }

    fn cpp(&self) -> String {
        let n = self.frame.name(0);
        format!(
            "{}\nlong long G(long long {n}) {{\n    long long r = 0;\n    for (int j = 0; j < 63; \
             j++) if ({n} >> j & 1) r ^= g(j);\n    return r;\n}}\n",
            as_function(&self.digit.cpp(), "g", &["n"], true)
        )
    }

    fn python(&self) -> String {
        let n = self.frame.name(0);
        format!(
            "{}\ndef G({n}):\n    r = 0\n    for j in range({n}.bit_length()):\n        if {n} >> \
             j & 1:\n            r ^= g(j)\n    return r\n",
            as_function(&self.digit.python(), "g", &["n"], false)
        )
    }

    fn covers(&self) -> Covers {
        Covers::Values
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let n = *self.frame.coords(p)?.first()?;
        let mut g = 0u64;
        for j in (0..64).filter(|&j| n >> j & 1 == 1) {
            g ^= self.g(j)?;
        }
        Some(Answer::of_value(g))
    }

    fn cost(&self) -> u64 {
        2 + self.digit.cost()
    }
}

/// The candidate of a line from 0 whose values are the XOR of their digits' values.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let frame = Frame::of(t);
    if frame.free.len() != 1 || frame.lo[0] != 0 || !t.all_finite() {
        return Vec::new();
    }
    let hi = frame.hi[0];
    let digits = 64 - hi.leading_zeros() as u64;
    if digits < MIN_EVIDENCE as u64 {
        return Vec::new();
    }
    // The line's values by n (the table's cells run along its one free coordinate).
    let v: Vec<u64> = (0..t.cells()).map(|c| u64::from(t.grundy[c])).collect();
    let additive =
        v[0] == 0 && (1..v.len()).all(|n| v[n] == v[n & (n - 1)] ^ v[n & n.wrapping_neg()]);
    // `G(n) = n` is Nim's line, said more simply by the other families.
    if !additive || (0..v.len()).all(|n| v[n] == n as u64) {
        return Vec::new();
    }
    let g: Vec<u32> = (0..digits).map(|j| t.grundy[1usize << j]).collect();
    // One value at every digit is `c * parity(popcount(n))`, said more simply by the grammar.
    if g.iter().all(|&x| x == g[0]) {
        return Vec::new();
    }
    let line = Table::from_grundy(Space::from_ranges(&[(0, digits - 1)]), g);
    let Some(digit) = values_formula(&line) else {
        return Vec::new();
    };
    vec![Box::new(Coins { frame, digit })]
}
