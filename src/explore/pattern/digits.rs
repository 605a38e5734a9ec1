//! Family: conditions on the binary digits across coordinates (2-D to 4-D). `P` exactly when,
//! for every bit position, the number of coordinates with a 1 there is divisible by `m`:
//! `m = 2` is Nim (Bouton), `m = k + 1` is Moore's Nim_k (move in up to `k` heaps). The values
//! as a nim-sum of one-coordinate functions are the `nim-sum` family ([`super::plane`]).
//!
//! The candidates are `m = 2` to one more than the number of free coordinates; [`super::find`]
//! keeps the ones that reproduce every entry. Coordinates are the absolute ones.

use super::{Answer, Covers, Formula, Frame};
use crate::explore::table::Table;

/// `P` exactly when every bit column sums to a multiple of `m`.
#[derive(Debug, Clone)]
pub struct BitColumns {
    frame: Frame,
    m: u64,
}

impl Formula for BitColumns {
    fn family(&self) -> &'static str {
        "digits"
    }

    fn words(&self) -> String {
        let args = self.frame.names().join(", ");
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
        let top = 64 - x.iter().fold(0u64, |a, &v| a | v).leading_zeros();
        let is_p = (0..top).all(|i| x.iter().map(|v| (v >> i) & 1).sum::<u64>() % self.m == 0);
        Some(Answer::of_p(is_p, self.frame.misere))
    }

    fn cost(&self) -> u64 {
        // After a formula of the values of the same size (a nim-sum says more).
        4
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
    (2..=k + 1)
        .map(|m| Box::new(BitColumns { frame: frame.clone(), m }) as Box<dyn Formula>)
        .collect()
}
