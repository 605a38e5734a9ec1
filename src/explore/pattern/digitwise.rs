//! Family `digit-wise`: values read digit by digit in a base `k = 2..10`, on two or more
//! coordinates from 0: the self-similar rule
//!
//! `G(x) = J(G(floor(x / k)), T(x mod k))`, `G(0) = 0`,
//!
//! with `floor(x / k)` and `x mod k` taken on every coordinate (the last base-k digit of each
//! dropped, and those digits), `T` a table of the `k^r` digit tuples (read off the box's first
//! block: `T(d) = G(d)`) and the join `J` one of
//! - `k·y + t` (place): G's base-k digits are `T` of the coordinates' digits, column by
//!   column. `T = (d_1 + ... + d_r) mod k` is the digit-wise sum mod k (base-k Nim's value;
//!   k = 2 is Nim's XOR), `T = min`, `T = max` the digit-wise min and max;
//! - `y + t` (sum over the columns): `T = d_1 + ... + d_r` is the sum of the coordinates'
//!   base-k digit sums;
//! - `(y + t) mod m`, m = 2..10 (the same, mod m: `(popcount(a) + popcount(b)) mod 3`);
//! - `y XOR t`.
//!
//! Proof of the evaluation: unrolling the rule along the levels of `x` (each step divides
//! every coordinate by `k`, so `x` reaches 0 after at most `log_k(max x) + 1 <= 64` steps)
//! gives `G(x)` from `G(0) = 0` and the digit columns of `x` alone, read from the most
//! significant column down; no other value of `G` is used. So the rule, once it holds on the
//! box, says `G` everywhere, exactly, in integers (`None` past 2^64).
//!
//! This is item 3 of issue 44 read for several coordinates: `x mod k` alone is bounded and
//! contracts nothing; the contraction is `floor(x / k)`, and `F` depends on `x mod k`
//! (the one-coordinate rules `G(n) = F(n mod k, G(floor(n / k)))` are [`super::selfsimilar`]).
//!
//! Read off a table the rule is observed only. The evidence asked: the box starts at 0 on
//! every free coordinate and reaches `2k - 1` on each (every coordinate shows a second digit),
//! the cells past the first block (which `T` is read from) number `k^r` at least, and so do
//! those where `y = G(floor(x / k))` is not 0 (the join is seen at work as often as `T` has
//! entries, not only at `y = 0`). The candidates are at most 9 bases times 12 joins, each
//! checked cell by cell up to the first wrong one; `T`'s formula (for the words only: the
//! answers use the table itself) is a named one (sum mod k, sum, min, max) or the families'
//! best formula of the `k^r` digit tuples, searched only for a rule that holds.

use super::{Answer, Covers, Formula, Frame, values_formula};
use crate::explore::space::{MAX_ARITY, Space};
use crate::explore::table::Table;

/// The largest base tried.
pub const MAX_BASE: u64 = 10;
/// The largest modulus of the join `(y + t) mod m`.
pub const MAX_MOD: u64 = 10;

/// How a level's value joins the value of the levels above it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Join {
    /// `k·y + t`.
    Place,
    /// `y + t`.
    Sum,
    /// `(y + t) mod m`.
    SumMod(u64),
    /// `y XOR t`.
    Xor,
}

impl Join {
    fn eval(self, k: u64, y: u64, t: u64) -> Option<u64> {
        match self {
            Join::Place => y.checked_mul(k)?.checked_add(t),
            Join::Sum => y.checked_add(t),
            Join::SumMod(m) => Some((y % m + t % m) % m),
            Join::Xor => Some(y ^ t),
        }
    }

    /// The join as an expression of `y` and `t` (the same in C++, Python and words).
    fn code(self, k: u64) -> String {
        match self {
            Join::Place => format!("{k} * y + t"),
            Join::Sum => "y + t".into(),
            Join::SumMod(m) => format!("(y + t) % {m}"),
            Join::Xor => "(y ^ t)".into(),
        }
    }

    fn all() -> Vec<Join> {
        let mut j = vec![Join::Place, Join::Sum, Join::Xor];
        j.extend((2..=MAX_MOD).map(Join::SumMod));
        j
    }
}

/// A named digit function `T` of the `r` digits of a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Named {
    SumMod,
    Sum,
    Min,
    Max,
}

impl Named {
    fn eval(self, k: u64, d: &[u64]) -> u64 {
        match self {
            Named::SumMod => d.iter().sum::<u64>() % k,
            Named::Sum => d.iter().sum(),
            Named::Min => d.iter().copied().min().unwrap_or(0),
            Named::Max => d.iter().copied().max().unwrap_or(0),
        }
    }

    fn words(self, k: u64, names: &[&str]) -> String {
        let ds: Vec<String> = names.iter().map(|n| format!("{n}_i")).collect();
        match self {
            Named::SumMod => format!("({}) mod {k}", ds.join(" + ")),
            Named::Sum => ds.join(" + "),
            Named::Min => format!("min({})", ds.join(", ")),
            Named::Max => format!("max({})", ds.join(", ")),
        }
    }

    /// What the whole rule is, in known words, with this join.
    fn known(self, k: u64, join: Join) -> Option<String> {
        Some(match (self, join) {
            (Named::SumMod, Join::Place) if k == 2 => "Nim's value: the XOR".into(),
            (Named::SumMod, Join::Place) => {
                format!("the digit-wise sum mod {k}: base-{k} Nim's value")
            }
            (Named::Min, Join::Place) => format!("the digit-wise min in base {k}"),
            (Named::Max, Join::Place) => format!("the digit-wise max in base {k}"),
            (Named::Sum, Join::Sum) => format!("the sum of the base-{k} digit sums"),
            (Named::Sum, Join::SumMod(m)) => format!("the sum of the base-{k} digit sums, mod {m}"),
            _ => return None,
        })
    }
}

/// `G(x) = J(G(floor(x / k)), T(x mod k))`, `G(0) = 0`.
pub struct DigitWise {
    frame: Frame,
    k: u64,
    join: Join,
    /// `T` of every digit tuple, the first coordinate's digit the most significant index.
    digits: Vec<u64>,
    /// `T` in words: a named function, another family's formula of the digit table, or the list.
    t_words: String,
    /// A named `T`, for the rule's known name.
    named: Option<Named>,
}

impl DigitWise {
    /// `G(x)` for the free coordinates `x`, in at most 64 levels; `None` past 2^64.
    pub fn value(&self, x: &[u64]) -> Option<u64> {
        let mut x = x.to_vec();
        let mut levels: Vec<usize> = Vec::new();
        while x.iter().any(|&v| v != 0) {
            levels.push(x.iter().fold(0u64, |c, &v| c * self.k + v % self.k) as usize);
            x.iter_mut().for_each(|v| *v /= self.k);
        }
        let mut y = 0u64;
        for &i in levels.iter().rev() {
            y = self.join.eval(self.k, y, self.digits[i])?;
        }
        Some(y)
    }

    fn code(&self, cpp: bool) -> String {
        let names = self.frame.names();
        let k = self.k;
        let table: Vec<String> = self.digits.iter().map(|v| v.to_string()).collect();
        let index = names.iter().fold(String::new(), |acc, n| {
            if acc.is_empty() { format!("{n} % {k}") } else { format!("({acc}) * {k} + {n} % {k}") }
        });
        let zero: Vec<String> = names.iter().map(|n| format!("{n} == 0")).collect();
        if cpp {
            let params: Vec<String> = names.iter().map(|n| format!("long long {n}")).collect();
            let down: Vec<String> = names.iter().map(|n| format!("{n} / {k}")).collect();
            format!(
                "long long G({}) {{\n    static const long long T[] = {{{}}};\n    if ({}) return \
                 0;\n    long long y = G({}), t = T[{index}];\n    return {};\n}}\n",
                params.join(", "),
                table.join(", "),
                zero.join(" && "),
                down.join(", "),
                self.join.code(k)
            )
        } else {
            let down: Vec<String> = names.iter().map(|n| format!("{n} // {k}")).collect();
            format!(
                "T = [{}]\n\ndef G({}):\n    if {}:\n        return 0\n    y, t = G({}), T[{index}]\n    \
                 return {}\n",
                table.join(", "),
                names.join(", "),
                zero.join(" and "),
                down.join(", "),
                self.join.code(k)
            )
        }
    }
}

impl Formula for DigitWise {
    fn family(&self) -> &'static str {
        "digit-wise"
    }

    fn words(&self) -> String {
        let names = self.frame.names();
        let k = self.k;
        let down: Vec<String> = names.iter().map(|n| format!("floor({n} / {k})")).collect();
        let rems: Vec<String> = names.iter().map(|n| format!("{n} mod {k}")).collect();
        let zeros: Vec<&str> = names.iter().map(|_| "0").collect();
        let known = self.named.and_then(|n| n.known(k, self.join));
        format!(
            "G({}) = {} with y = G({}), t = T({}); G({}) = 0 (digit by digit in base {k}, \
             the most significant column first; T on a column's digits {}: {}){}",
            names.join(", "),
            self.join.code(k),
            down.join(", "),
            rems.join(", "),
            zeros.join(", "),
            names.iter().map(|n| format!("{n}_i")).collect::<Vec<_>>().join(", "),
            self.t_words,
            known.map_or(String::new(), |w| format!(": {w}"))
        )
    }

    fn cpp(&self) -> String {
        self.code(true)
    }

    fn python(&self) -> String {
        self.code(false)
    }

    fn covers(&self) -> Covers {
        Covers::Values
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let x = self.frame.coords(p)?;
        Some(Answer::of_value(self.value(&x)?))
    }

    fn cost(&self) -> u64 {
        // The base and the join, and T: a named function 1 (before the outcomes alone of
        // `digits`, which say less), another family's formula 4, a list its entries.
        3 + match (self.named, self.t_words.starts_with('[')) {
            (Some(_), _) => 1,
            (None, true) => 4,
            (None, false) => self.digits.len() as u64,
        }
    }
}

/// The candidates of a table of two or more free coordinates from 0, with every value known.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let frame = Frame::of(t);
    let r = frame.free.len();
    let origin = t.space.index(&frame.fixed).and_then(|c| t.value(c));
    if r < 2 || t.misere || !t.all_finite() || frame.lo.iter().any(|&l| l != 0) || origin != Some(0)
    {
        return Vec::new();
    }
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    let mut found: Vec<(u64, Join)> = Vec::new();
    for k in 2..=MAX_BASE {
        if frame.hi.iter().any(|&h| h < 2 * k - 1) {
            continue;
        }
        let Some(digits) = first_block(t, &frame, k) else { continue };
        // A rule in base k0 is the same rule in base k0^j, its digits grouped: said once.
        let grouped = |j: Join| found.iter().any(|&(k0, j0)| j0 == j && is_power_of(k, k0));
        let joins: Vec<Join> = Join::all()
            .into_iter()
            .filter(|&j| !grouped(j) && holds(t, &frame, k, j, &digits))
            .collect();
        found.extend(joins.iter().map(|&j| (k, j)));
        if joins.is_empty() {
            continue;
        }
        let named = [Named::SumMod, Named::Sum, Named::Min, Named::Max]
            .into_iter()
            .find(|n| tuples(k, r).enumerate().all(|(i, d)| n.eval(k, &d) == digits[i]));
        let t_words = match named {
            Some(n) => n.words(k, &frame.names()),
            None => digit_formula(k, r, &digits),
        };
        for join in joins {
            let (frame, digits, t_words) = (frame.clone(), digits.clone(), t_words.clone());
            out.push(Box::new(DigitWise { frame, k, join, digits, t_words, named }));
        }
    }
    out
}

/// Is `k` a power `k0^j` of `k0` (j >= 2)?
fn is_power_of(k: u64, k0: u64) -> bool {
    let mut p = k0 * k0;
    while p < k {
        p *= k0;
    }
    p == k
}

/// Every digit tuple of `r` base-`k` digits, in index order (the first digit slowest).
fn tuples(k: u64, r: usize) -> impl Iterator<Item = Vec<u64>> {
    (0..k.pow(r as u32)).map(move |mut i| {
        let mut d = vec![0u64; r];
        for j in (0..r).rev() {
            d[j] = i % k;
            i /= k;
        }
        d
    })
}

/// The full position of free coordinates `x`.
fn full(frame: &Frame, x: &[u64]) -> [u64; MAX_ARITY] {
    let mut p = frame.fixed;
    for (i, &a) in frame.free.iter().enumerate() {
        p[a] = x[i];
    }
    p
}

/// `T(d) = G(d)` on the box's first block (every coordinate below `k`).
fn first_block(t: &Table, frame: &Frame, k: u64) -> Option<Vec<u64>> {
    tuples(k, frame.free.len()).map(|d| t.value_at(&full(frame, &d)).map(u64::from)).collect()
}

/// Does the rule with join `join` give every cell of the box, with the evidence the module
/// asks for (cells past the first block, and as many with `y != 0`, as `T` has entries; for
/// `(y + t) mod m` a sum `y + t >= m` somewhere: a modulus that never wraps is not seen)?
fn holds(t: &Table, frame: &Frame, k: u64, join: Join, digits: &[u64]) -> bool {
    // The free coordinates of the cell, counted up in cell order (the last fastest; every
    // free coordinate starts at 0, a fixed one has width 1), and their strides.
    let r = frame.free.len();
    let mut stride = vec![1usize; r];
    for i in (0..r.saturating_sub(1)).rev() {
        stride[i] = stride[i + 1] * t.space.width(frame.free[i + 1]) as usize;
    }
    let mut x = vec![0u64; r];
    let (mut past, mut joined, mut wraps) = (0usize, 0usize, false);
    for cell in 0..t.cells() {
        if cell > 0 {
            let mut i = r - 1;
            x[i] += 1;
            while x[i] > frame.hi[i] {
                x[i] = 0;
                i -= 1;
                x[i] += 1;
            }
        }
        let (mut i, mut down) = (0u64, 0usize);
        for j in 0..r {
            i = i * k + x[j] % k;
            down += (x[j] / k) as usize * stride[j];
        }
        if down == 0 {
            continue;
        }
        let (Some(g), Some(y)) = (t.value(cell), t.value(down)) else { return false };
        let (y, d) = (u64::from(y), digits[i as usize]);
        if join.eval(k, y, d) != Some(u64::from(g)) {
            return false;
        }
        past += 1;
        wraps |= matches!(join, Join::SumMod(m) if y + d >= m);
        joined += usize::from(y != 0);
    }
    past >= digits.len() && joined >= digits.len() && (wraps || !matches!(join, Join::SumMod(_)))
}

/// `T` in words when it is no named function: the best formula the families find on the
/// digit table (`[family] words`), else the list of its entries.
fn digit_formula(k: u64, r: usize, digits: &[u64]) -> String {
    let values: Option<Vec<u32>> = digits.iter().map(|&v| u32::try_from(v).ok()).collect();
    let space = Space::from_ranges(&vec![(0, k - 1); r]);
    if let Some(f) = values.and_then(|v| values_formula(&Table::from_grundy(space, v))) {
        return format!("[{}] {}", f.family(), f.words());
    }
    let list: Vec<String> = digits.iter().map(|v| v.to_string()).collect();
    format!("the list {} (the digit tuples in order, the last digit fastest)", list.join(" "))
}
