//! Family `lift`: a table that is `q` copies of a smaller one, `G(x) = q·H(⌊x/q⌋) + (Σ x) mod q`.
//!
//! Seen in games where a move changes the coordinates' sum by a multiple of `q` except for a
//! last step inside a block of `q` (take from one heap or from both, with a remainder game
//! played mod `q`): the value's residue mod `q` is the coordinates' sum mod `q`, and the
//! quotient `⌊G/q⌋` depends on the blocks `⌊x/q⌋` only. The quotient table `H` (the box's
//! whole blocks) is searched with every family and the grammar (Nim's `A XOR B`, `min(A, B)`),
//! so its own pattern answers beyond the box. Read off a table: observed only.

use super::{Answer, Covers, Formula, Frame, MIN_EVIDENCE, as_function, values_formula};
use crate::explore::space::{MAX_ARITY, Space};
use crate::explore::table::Table;

/// The largest block size tried.
pub const MAX_Q: u64 = 6;
/// The fewest whole blocks along each free coordinate.
pub const MIN_BLOCKS: u64 = 3;

/// `G(x) = q·H(⌊x/q⌋) + (Σ x) mod q`.
pub struct Lift {
    frame: Frame,
    q: u64,
    /// `H`, a formula of the quotient table (one coordinate per free coordinate).
    inner: Box<dyn Formula>,
}

impl Lift {
    fn code(&self, inner: String, d: &str) -> String {
        let names = self.frame.names();
        let q = self.q;
        let blocks: Vec<String> = names.iter().map(|n| format!("{n} / {q}")).collect();
        let (blocks, sum) = (blocks.join(", "), names.join(" + "));
        match d {
            "cpp" => {
                let args: Vec<String> = names.iter().map(|n| format!("long long {n}")).collect();
                format!(
                    "{inner}\nlong long G({}) {{\n    return {q} * H({blocks}) + ({sum}) % {q};\n}}\n",
                    args.join(", ")
                )
            }
            _ => {
                let blocks = blocks.replace(" / ", " // ");
                format!(
                    "{inner}\ndef G({}):\n    return {q} * H({blocks}) + ({sum}) % {q}\n",
                    names.join(", ")
                )
            }
        }
    }
}

impl Formula for Lift {
    fn family(&self) -> &'static str {
        "lift"
    }

    fn words(&self) -> String {
        let names = self.frame.names();
        let q = self.q;
        let blocks: Vec<String> = names.iter().map(|n| format!("floor({n}/{q})")).collect();
        format!(
            "G = {q}*H({}) + ({}) mod {q} ({q} copies of a smaller table); H on the blocks: [{}] {}",
            blocks.join(", "),
            names.join(" + "),
            self.inner.family(),
            self.inner.words()
        )
    }

    fn cpp(&self) -> String {
        self.code(as_function(&self.inner.cpp(), "H", &self.frame.names(), true), "cpp")
    }

    fn python(&self) -> String {
        self.code(as_function(&self.inner.python(), "H", &self.frame.names(), false), "py")
    }

    fn covers(&self) -> Covers {
        Covers::Values
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let x = self.frame.coords(p)?;
        let mut blocks = [0u64; MAX_ARITY];
        let mut rest = 0u64;
        for (i, &v) in x.iter().enumerate() {
            blocks[i] = v / self.q;
            rest += v % self.q;
        }
        let h = self.inner.at(&blocks)?.value?;
        let g = h.checked_mul(self.q)?.checked_add(rest % self.q)?;
        Some(Answer::of_value(g))
    }

    fn cost(&self) -> u64 {
        3 + self.inner.cost()
    }
}

/// The candidates: for each block size `q`, the quotient table's best value formula.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let frame = Frame::of(t);
    let k = frame.free.len();
    if k < 2 || frame.lo.iter().any(|&l| l != 0) || !t.all_finite() {
        return Vec::new();
    }
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    for q in 2..=MAX_Q {
        if let Some(inner) = quotient(t, &frame, q) {
            out.push(Box::new(Lift { frame: frame.clone(), q, inner }));
        }
    }
    out
}

/// The quotient table for block size `q`, if the table is `q` copies of it, and its best
/// value formula.
fn quotient(t: &Table, frame: &Frame, q: u64) -> Option<Box<dyn Formula>> {
    let blocks: Vec<u64> = frame.hi.iter().map(|&h| (h + 1) / q).collect();
    if blocks.iter().any(|&b| b < MIN_BLOCKS) {
        return None;
    }
    let qs = Space::from_ranges(&blocks.iter().map(|&b| (0, b - 1)).collect::<Vec<_>>());
    let mut h: Vec<Option<u32>> = vec![None; qs.cells()];
    for cell in 0..t.cells() {
        let p = t.position(cell);
        let x = || frame.free.iter().map(|&a| p[a]);
        let g = u64::from(t.value(cell)?);
        if g % q != x().map(|v| v % q).sum::<u64>() % q {
            return None;
        }
        if x().zip(&blocks).any(|(v, b)| v / q >= *b) {
            continue;
        }
        let qc = x().zip(&blocks).fold(0u64, |c, (v, b)| c * b + v / q) as usize;
        let hv = (g / q) as u32;
        if *h[qc].get_or_insert(hv) != hv {
            return None;
        }
    }
    let values: Vec<u32> = h.into_iter().collect::<Option<_>>()?;
    if values.len() < MIN_EVIDENCE || values.iter().all(|&v| v == values[0]) {
        return None;
    }
    // H = G on the blocks: the table is self-similar, G = q·G(⌊x/q⌋) + (Σ x) mod q at every
    // level, which the `digit-wise` family says with no last level. A lift would read the
    // last level the box shows off its corner and give it for every block beyond (base-3
    // Nim's value bounded by 26 on 0..26^2), wrong far away.
    let self_similar = (0..qs.cells()).all(|c| {
        let mut p = frame.fixed;
        let y = qs.position(c);
        frame.free.iter().enumerate().for_each(|(i, &a)| p[a] = y[i]);
        t.value_at(&p) == Some(values[c])
    });
    if self_similar {
        return None;
    }
    values_formula(&Table::from_grundy(qs, values))
}
