//! Family: conditions on the digits across coordinates (2-D to 4-D). `P` exactly when, for
//! every digit position, the digits of the coordinates there sum to a multiple of `m`:
//! - in base 2, `m = 2` is Nim (Bouton: the XOR is 0), `m = k + 1` is Moore's Nim_k (move in
//!   up to `k` heaps; Moore 1910): the number of coordinates with a 1 there;
//! - in base `b = 3..10`, `m = b`: the digit-wise sum mod b of the coordinates is 0 (base-b
//!   Nim; in 2-D, b's digits are the complements mod b of a's).
//!
//! The values as a nim-sum of one-coordinate functions are the `nim-sum` family
//! ([`super::plane`]).
//!
//! The candidates are base 2 with `m = 2` to one more than the number of free coordinates,
//! and every base 3 to 10 whose second digit the box shows on every coordinate;
//! [`super::find`] keeps the ones that reproduce every entry. Coordinates are the absolute
//! ones. Exact: digits are taken by integer division, any coordinate up to 2^63 - 1.

use super::{Answer, Covers, Formula, Frame};
use crate::explore::table::Table;

/// The largest base tried.
pub const MAX_BASE: u64 = 10;

/// `P` exactly when every digit column (base `base`) sums to a multiple of `m`.
#[derive(Debug, Clone)]
pub struct BitColumns {
    frame: Frame,
    base: u64,
    m: u64,
}

/// Does every base-`base` digit column of `x` sum to a multiple of `m`? (`x` is used up.)
pub fn columns_divisible(mut x: Vec<u64>, base: u64, m: u64) -> bool {
    while x.iter().any(|&v| v != 0) {
        if x.iter().map(|v| v % base).sum::<u64>() % m != 0 {
            return false;
        }
        x.iter_mut().for_each(|v| *v /= base);
    }
    true
}

impl Formula for BitColumns {
    fn family(&self) -> &'static str {
        "digits"
    }

    fn words(&self) -> String {
        let args = self.frame.names().join(", ");
        if self.base != 2 {
            let b = self.base;
            return format!(
                "P exactly when, at every base-{b} digit position, the digits of {args} there sum to a multiple of {} (base-{b} Nim: the digit-wise sum mod {b} is 0)",
                self.m
            );
        }
        let known = match self.m {
            2 => " (Nim: the XOR is 0)".to_string(),
            m => format!(" (as in Moore's Nim with moves in up to {} heaps)", m - 1),
        };
        format!(
            "P exactly when, at every bit position, the number of {args} with a 1 there is a multiple of {}{known}",
            self.m
        )
    }

    fn cpp(&self) -> String {
        let args = self.frame.names();
        let params: Vec<String> = args.iter().map(|a| format!("long long {a}")).collect();
        if self.base != 2 {
            let (b, m) = (self.base, self.m);
            let sum: Vec<String> = args.iter().map(|a| format!("{a} % {b}")).collect();
            let step: Vec<String> = args.iter().map(|a| format!("{a} /= {b};")).collect();
            let any: Vec<String> = args.iter().map(|a| format!("{a} > 0")).collect();
            return format!(
                "bool isP({}) {{\n    for (; {}; ) {{\n        if (({}) % {m} != 0) return false;\n        {}\n    }}\n    return true;\n}}",
                params.join(", "),
                any.join(" || "),
                sum.join(" + "),
                step.join(" ")
            );
        }
        let sum: Vec<String> = args.iter().map(|a| format!("(({a} >> i) & 1)")).collect();
        format!(
            "bool isP({}) {{\n    for (int i = 0; i < 63; i++)\n        if (({}) % {} != 0) return false;\n    return true;\n}}",
            params.join(", "),
            sum.join(" + "),
            self.m
        )
    }

    fn python(&self) -> String {
        let args = self.frame.names();
        if self.base != 2 {
            let (b, m) = (self.base, self.m);
            let sum: Vec<String> = args.iter().map(|a| format!("{a} // {b}**i % {b}")).collect();
            return format!(
                "def is_p({}):\n    return all(({}) % {m} == 0 for i in range(40))\n",
                args.join(", "),
                sum.join(" + "),
            );
        }
        let sum: Vec<String> = args.iter().map(|a| format!("(({a} >> i) & 1)")).collect();
        format!(
            "def is_p({}):\n    return all(({}) % {} == 0 for i in range(63))\n",
            args.join(", "),
            sum.join(" + "),
            self.m
        )
    }

    fn covers(&self) -> Covers {
        Covers::Outcomes
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let x = self.frame.coords(p)?;
        Some(Answer::of_p(columns_divisible(x, self.base, self.m), self.frame.misere))
    }

    fn cost(&self) -> u64 {
        // After a formula of the values of the same size (a nim-sum says more); a base
        // other than 2 is one constant more.
        if self.base == 2 { 4 } else { 5 }
    }
}

/// Candidates for a table of two or more free coordinates, outcomes P or N.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let frame = Frame::of(t);
    let k = frame.free.len() as u64;
    // Two bits at least on every coordinate, so that bit columns are seen at all.
    let narrow = frame.hi.iter().any(|&h| h < 3);
    if k < 2 || narrow || t.outcome.iter().any(|&o| o != b'P' && o != b'N') {
        return Vec::new();
    }
    let mut out: Vec<Box<dyn Formula>> = (2..=k + 1)
        .map(|m| Box::new(BitColumns { frame: frame.clone(), base: 2, m }) as Box<dyn Formula>)
        .collect();
    // A base whose second digit every coordinate shows (the box reaches 2b - 1 at least:
    // a first digit 1 with every last digit), so that a digit column is seen at all.
    for base in 3..=MAX_BASE {
        if frame.hi.iter().all(|&h| h >= 2 * base - 1) {
            out.push(Box::new(BitColumns { frame: frame.clone(), base, m: base }));
        }
    }
    out
}
