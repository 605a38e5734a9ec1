//! The generic exact engine: Grundy values G(0), G(1), ... of one heap for every rule family,
//! 16-bit, with an overflow past 65535 refused rather than wrapped.
//!
//! **Codes.** G(n) = mex of the option values; a move that removes k tokens and leaves j heaps
//! of sizes a_1 + ... + a_j = n - k has value G(a_1) ^ ... ^ G(a_j) (Sprague-Grundy). The mex is
//! taken with a stamp array (one `u32` per possible value, stamped with n + 1: no clearing).
//! Two heaps are a loop over the smaller part (O(n) per digit, O(n^2) for the table: the
//! sparse engine in `sparse.rs` replaces this for octal codes); three or more heaps with no
//! size condition use the sets X_j(m) = { XOR of a composition of m into j parts }, built by
//! X_j(m) = U_a G(a) ^ X_{j-1}(m - a), and "j or more heaps" the sets
//! Y_j(m) = U_a G(a) ^ Y_{j-1}(m - a), Y_1(m) = {G(m)} U Y_2(m). Equal heaps (`=`) cancel in
//! pairs: j equal parts give G(m / j) for odd j and 0 for even j. Pairwise-unequal and
//! not-all-equal conditions on three or more heaps are enumerated partition by partition
//! (exponential: only for small n).
//!
//! Every code the rare/common engine accepts ([`super::sparse::OctalMoves::of`]: octal digits,
//! `!` included) is computed by it ([`Engine`] holds one and copies its values); the loops above
//! serve the other codes (three or more heaps, `?`, `=`, repeating tails).
//!
//! **Subtraction games kept as ranges** (`sub:`/`allbut:` sets too large for a code, see
//! [`Rule::SubRanges`]) use [`RangeEngine`]: the options of n are the heaps in one window
//! [n - b, n - a] per range [a, b]; each window slides by one heap per n, so a count per value of
//! the heaps inside the windows (one added, one dropped per range and n) and a two-level bitset
//! of the values present give the mex in O(ranges + mex / 4096) per value. Rules with a proved
//! closed form ([`super::closed`]: one range, {1, 2, k}) are read off the formula.
//!
//! **Named rules** reuse the project's proved theory: `split-nim` (the odious numbers,
//! [`crate::theory::split`]), `multi-sg:F` (the divisor sweep, [`crate::theory::multi_sg`]),
//! `hdu6892` (Omega of the odd part, [`crate::theory::lunch`]), `hdu1848` (the table of
//! [`crate::theory::fibonacci_subtraction`]).

use super::code::{Code, Digit, Equality};
use super::rule::Rule;
use std::fmt;

/// Why the engine stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// G(n) is above 65535 (it does not fit the 16-bit values).
    Overflow {
        /// The first heap whose value does not fit.
        n: u64,
    },
    /// The rule's own engine cannot go this far (the bound is named).
    TooFar {
        /// The largest heap this rule's engine handles.
        limit: u64,
    },
    /// The work or memory bound was reached before G(n) (composition sets past
    /// [`MAX_SET_ENTRIES`] values, or work for three or more heaps past [`MAX_PARTITIONS`]).
    Budget {
        /// The heap whose value was not computed.
        n: u64,
    },
}

/// Bound on the values kept in the composition sets X_j(m), Y_j(m) (2 bytes each).
pub const MAX_SET_ENTRIES: u64 = 1 << 27;

/// Bound on the work for three or more heaps: partitions enumerated one by one (size
/// conditions) plus values inserted into composition sets (about 10-20 s).
pub const MAX_PARTITIONS: u64 = 1 << 31;

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Overflow { n } => {
                write!(f, "G({n}) is above 65535, past the 16-bit values this explorer keeps")
            }
            EngineError::Budget { n } => write!(
                f,
                "the work bound for moves leaving three or more heaps was reached at n = {n} (2^27 kept set values or 2^31 steps)"
            ),
            EngineError::TooFar { limit } => {
                write!(f, "this rule's table goes to n = {limit} at most")
            }
        }
    }
}

impl std::error::Error for EngineError {}

/// G(0..=upto) for `rule`: the entry point the command (and the merge) routes through.
///
/// ```
/// use games::sg::{rule::Rule, values::grundy_values};
/// let kayles = Rule::parse("0.77").unwrap();
/// assert_eq!(grundy_values(&kayles, 11).unwrap(), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// ```
pub fn grundy_values(rule: &Rule, upto: u64) -> Result<Vec<u16>, EngineError> {
    let mut engine = Engine::new(rule);
    engine.extend_to(upto)?;
    Ok(engine.values)
}

/// A default bound on the table for `rule`, by the cost of its moves: subtraction sets kept as
/// ranges 10^7 (the sliding-window engine); octal codes (the
/// rare/common engine) 10^8, 10^5 with unequal splits; otherwise partitions into three or
/// more unequal (or not-all-equal) heaps are enumerated one by one (exponential: 60), three or
/// more heaps otherwise cost O(n^2) per value (2000), everything else O(n) per value (20000).
pub fn default_max(rule: &Rule) -> u64 {
    if matches!(rule, Rule::SubRanges(_) | Rule::AllButRanges(_)) {
        // The range engine: O(ranges) per value, 4 bytes a value.
        return 10_000_000;
    }
    let Some(code) = rule.code() else { return 20_000 };
    if let Some(m) = super::sparse::OctalMoves::of(&code) {
        // The rare/common engine: 10^8 values (200 MB) at millions a second; unequal splits
        // (Grundy's game, about 10^5 values a second) 10^5.
        return if m.has_unequal() { 100_000 } else { 100_000_000 };
    }
    let mut max = 20_000;
    for d in code.digits.iter().chain(code.tail.iter()) {
        let many = d.at_least.is_some() || d.heaps >> 3 != 0;
        if many {
            max = max.min(match d.equality {
                Equality::Unequal | Equality::NotAllEqual => 60,
                _ => 2000,
            });
        }
    }
    max
}

/// An incremental table: `extend_to` computes only what is missing.
pub struct Engine {
    rule: Rule,
    code: Option<Code>,
    /// G(0..len).
    pub values: Vec<u16>,
    stamp: Vec<u32>,
    /// X_j(m) for j = 2.. (index j - 2), kept when some unconditioned digit leaves 3 or more.
    exact: Vec<Vec<Vec<u16>>>,
    /// Y_j(m) for j = 1.. (index j - 1), "j or more heaps" with no size condition.
    more: Vec<Vec<Vec<u16>>>,
    /// A scratch set builder.
    set: SetBuilder,
    /// Values kept in `exact` and `more`.
    kept: u64,
    /// Partitions enumerated so far.
    enumerated: u64,
    /// The rare/common engine, for every code it accepts (octal, `!` included): then `values`
    /// is a copy of its values and the generic code path is not used.
    sparse: Option<super::sparse::Engine>,
    /// A proved closed form: values read off it.
    closed: Option<super::closed::ClosedForm>,
    /// The range engine, for subtraction sets kept as ranges without a closed form.
    ranges: Option<RangeEngine>,
}

/// The sliding-window engine for subtraction games given as ranges of amounts (see the module
/// doc). Values are 32-bit (a value is at most n).
#[derive(Debug, Clone)]
pub struct RangeEngine {
    ranges: Vec<(u64, u64)>,
    /// G(0..len).
    pub values: Vec<u32>,
    /// Per value: how many heaps inside the current windows have it.
    count: Vec<u32>,
    /// Bit v: count[v] > 0.
    present: Vec<u64>,
    /// Bit w: word w of `present` is all ones.
    full: Vec<u64>,
}

impl RangeEngine {
    /// An empty table for the amounts in `ranges` (sorted, disjoint; `u64::MAX` ends an
    /// open-ended range).
    pub fn new(ranges: Vec<(u64, u64)>) -> RangeEngine {
        RangeEngine {
            ranges,
            values: Vec::new(),
            count: Vec::new(),
            present: Vec::new(),
            full: Vec::new(),
        }
    }

    fn add(&mut self, v: u32) {
        let v = v as usize;
        if v >= self.count.len() {
            let len = (v + 1).next_power_of_two().max(4096);
            self.count.resize(len, 0);
            self.present.resize(len / 64, 0);
            self.full.resize(len / 4096, 0);
        }
        self.count[v] += 1;
        if self.count[v] == 1 {
            let w = v / 64;
            self.present[w] |= 1 << (v % 64);
            if self.present[w] == u64::MAX {
                self.full[w / 64] |= 1 << (w % 64);
            }
        }
    }

    fn remove(&mut self, v: u32) {
        let v = v as usize;
        self.count[v] -= 1;
        if self.count[v] == 0 {
            let w = v / 64;
            self.present[w] &= !(1 << (v % 64));
            self.full[w / 64] &= !(1 << (w % 64));
        }
    }

    fn mex(&self) -> u64 {
        for (i, &f) in self.full.iter().enumerate() {
            if f != u64::MAX {
                let w = i * 64 + f.trailing_ones() as usize;
                return (w * 64) as u64 + self.present[w].trailing_ones() as u64;
            }
        }
        (self.full.len() * 4096) as u64
    }

    /// Computes G(len) and appends it; `Err` with the heap past 2^32 - 2.
    pub fn next_value(&mut self) -> Result<u32, EngineError> {
        let n = self.values.len() as u64;
        if n >= u32::MAX as u64 {
            return Err(EngineError::TooFar { limit: u32::MAX as u64 - 1 });
        }
        for i in 0..self.ranges.len() {
            let (a, b) = self.ranges[i];
            if a > n {
                break;
            }
            let v = self.values[(n - a) as usize];
            self.add(v);
            if b != u64::MAX && n > b {
                let old = self.values[(n - 1 - b) as usize];
                self.remove(old);
            }
        }
        let g = self.mex() as u32;
        self.values.push(g);
        Ok(g)
    }
}

struct SetBuilder {
    bits: Vec<u64>,
    list: Vec<u16>,
    /// Inserts so far (the work bound).
    work: u64,
}

impl SetBuilder {
    fn new() -> SetBuilder {
        SetBuilder { bits: vec![0; 1024], list: Vec::new(), work: 0 }
    }
    fn insert(&mut self, v: u16) {
        self.work += 1;
        let (w, b) = ((v >> 6) as usize, v & 63);
        if self.bits[w] >> b & 1 == 0 {
            self.bits[w] |= 1 << b;
            self.list.push(v);
        }
    }
    fn take(&mut self) -> Vec<u16> {
        for &v in &self.list {
            self.bits[(v >> 6) as usize] = 0;
        }
        let mut out = std::mem::take(&mut self.list);
        out.sort_unstable();
        out
    }
}

impl Engine {
    /// An empty table for `rule`.
    pub fn new(rule: &Rule) -> Engine {
        let code = rule.code();
        // The largest exact heap count and the largest open-ended "j or more" of unconditioned
        // digits: they decide which composition sets are kept.
        let (mut exact_max, mut more_max) = (0usize, 0usize);
        if let Some(c) = &code {
            for d in c.digits.iter().chain(c.tail.iter()) {
                if d.equality == Equality::Any {
                    exact_max =
                        exact_max.max((64 - d.heaps.leading_zeros() as usize).saturating_sub(1));
                    if let Some(j) = d.at_least {
                        more_max = more_max.max((j as usize).max(3));
                    }
                }
            }
        }
        let exact_len = if exact_max >= 3 { exact_max - 1 } else { 0 };
        let sparse = code.as_ref().and_then(super::sparse::Engine::new);
        let closed = super::closed::closed_form(rule);
        let ranges = match rule {
            Rule::SubRanges(_) | Rule::AllButRanges(_) if closed.is_none() => {
                rule.amount_ranges().map(RangeEngine::new)
            }
            _ => None,
        };
        Engine {
            rule: rule.clone(),
            code,
            values: Vec::new(),
            stamp: vec![0; 65537],
            exact: vec![Vec::new(); exact_len],
            more: vec![Vec::new(); more_max],
            set: SetBuilder::new(),
            kept: 0,
            enumerated: 0,
            sparse,
            closed,
            ranges,
        }
    }

    /// Computes G(n) for every n up to `upto`.
    pub fn extend_to(&mut self, upto: u64) -> Result<(), EngineError> {
        let have = self.values.len() as u64;
        if upto < have {
            return Ok(());
        }
        if let Some(c) = self.closed {
            for n in have..=upto {
                let g = c.value(n);
                if g > 65535 {
                    return Err(EngineError::Overflow { n });
                }
                self.values.push(g as u16);
            }
            return Ok(());
        }
        if let Some(r) = self.ranges.as_mut() {
            for n in have..=upto {
                let g = r.next_value()?;
                if g > 65535 {
                    return Err(EngineError::Overflow { n });
                }
                self.values.push(g as u16);
            }
            return Ok(());
        }
        match self.rule.clone() {
            Rule::SplitNim => {
                for n in have..=upto {
                    let g = crate::theory::split::grundy(n);
                    if g > 65535 {
                        return Err(EngineError::Overflow { n });
                    }
                    self.values.push(g as u16);
                }
            }
            Rule::Lunch => {
                for n in have..=upto {
                    let g = if n == 0 { 0 } else { crate::theory::lunch::grundy(n) };
                    self.values.push(g as u16); // at most 64
                }
            }
            Rule::MultiSg(f) => {
                let limit = crate::theory::multi_sg::MAX_PILE;
                if upto > limit {
                    return Err(EngineError::TooFar { limit });
                }
                self.values = crate::theory::multi_sg::grundy_table(f, upto as usize);
            }
            Rule::Fibonacci => {
                let limit = 1u64 << 32;
                if upto >= limit {
                    return Err(EngineError::TooFar { limit: limit - 1 });
                }
                let mut t =
                    crate::theory::fibonacci_subtraction::GrundyTable::with_ceiling(upto as usize);
                t.reserve(upto as usize);
                t.extend_to(upto as usize);
                self.values = (0..=upto as usize).map(|x| t.get(x) as u16).collect();
            }
            _ => {
                if let Some(fast) = self.sparse.as_mut() {
                    let want = usize::try_from(upto)
                        .ok()
                        .and_then(|u| u.checked_add(1))
                        .ok_or(EngineError::TooFar { limit: u32::MAX as u64 })?;
                    let res = super::parallel::extend(
                        fast,
                        want,
                        super::parallel::threads(),
                        &mut |_, _| true,
                    );
                    self.values.extend_from_slice(&fast.values()[have as usize..]);
                    return res.map_err(|e| match e {
                        super::sparse::EngineError::ValueTooLarge { n } => {
                            EngineError::Overflow { n: n as u64 }
                        }
                        _ => EngineError::TooFar { limit: u32::MAX as u64 },
                    });
                }
                for n in have..=upto {
                    self.push_code_value(n)?;
                }
            }
        }
        Ok(())
    }

    fn push_code_value(&mut self, n: u64) -> Result<(), EngineError> {
        let Some(code) = self.code.as_ref() else { return Ok(()) };
        let nu = n as usize;
        let g = &self.values;
        let mark = nu as u32 + 1;
        let stamp = &mut self.stamp;
        // The composition sets of n itself (they need G below n only).
        for j in 2..2 + self.exact.len() {
            for a in 1..nu {
                if j == 2 {
                    self.set.insert(g[a] ^ g[nu - a]);
                } else {
                    for &v in &self.exact[j - 3][nu - a] {
                        self.set.insert(g[a] ^ v);
                    }
                }
            }
            let s = self.set.take();
            self.kept += s.len() as u64;
            self.exact[j - 2].push(s);
        }
        for j in (2..=self.more.len()).rev() {
            for (a, &ga) in g.iter().enumerate().take(nu).skip(1) {
                for &v in &self.more[j - 2][nu - a] {
                    self.set.insert(ga ^ v);
                }
            }
            let s = self.set.take();
            self.kept += s.len() as u64;
            self.more[j - 1].push(s);
        }
        let top = if code.tail.is_empty() { code.digits.len() - 1 } else { nu };
        for k in 0..=top.min(nu) {
            let d = code.digit(k);
            if d == Digit::ZERO {
                continue;
            }
            let m = nu - k;
            let has = |j: usize| {
                (j < 64 && d.heaps >> j & 1 == 1) || d.at_least.is_some_and(|a| j >= a as usize)
            };
            if m == 0 {
                if has(0) {
                    stamp[0] = mark;
                }
                continue;
            }
            if has(1) {
                stamp[g[m] as usize] = mark;
            }
            if m >= 2 && has(2) {
                match d.equality {
                    Equality::Any => {
                        for a in 1..=m / 2 {
                            stamp[(g[a] ^ g[m - a]) as usize] = mark;
                        }
                    }
                    Equality::Unequal | Equality::NotAllEqual => {
                        for a in 1..m.div_ceil(2) {
                            stamp[(g[a] ^ g[m - a]) as usize] = mark;
                        }
                    }
                    Equality::AllEqual => {
                        if m.is_multiple_of(2) {
                            stamp[0] = mark;
                        }
                    }
                }
            }
            // Three or more heaps.
            let most = if d.at_least.is_some() {
                m
            } else {
                (64 - d.heaps.leading_zeros() as usize).saturating_sub(1).min(m)
            };
            if most < 3 {
                continue;
            }
            match d.equality {
                Equality::AllEqual => {
                    for j in 3..=most {
                        if has(j) && m.is_multiple_of(j) {
                            stamp[if j % 2 == 1 { g[m / j] as usize } else { 0 }] = mark;
                        }
                    }
                }
                Equality::Any => {
                    let open = d.at_least.map_or(usize::MAX, |a| a.max(3) as usize);
                    for j in 3..open.min(most + 1) {
                        if has(j) {
                            for &v in &self.exact[j - 2][m] {
                                stamp[v as usize] = mark;
                            }
                        }
                    }
                    if open <= m {
                        // Y_open(m): compositions into `open` or more parts.
                        for &v in &self.more[open - 1][m] {
                            stamp[v as usize] = mark;
                        }
                    }
                }
                Equality::Unequal | Equality::NotAllEqual => {
                    for j in 3..=most {
                        if has(j) {
                            let mut left = MAX_PARTITIONS.saturating_sub(self.enumerated);
                            let before = left;
                            each_partition_xor(g, m, j, d.equality, &mut left, |v| {
                                stamp[v as usize] = mark
                            });
                            self.enumerated += before - left;
                            if left == 0 {
                                return Err(EngineError::Budget { n });
                            }
                        }
                    }
                }
            }
        }
        if self.kept > MAX_SET_ENTRIES || self.enumerated + self.set.work > MAX_PARTITIONS {
            return Err(EngineError::Budget { n });
        }
        let mex = (0..=65536usize).find(|&v| stamp[v] != mark).unwrap_or(65536);
        if mex > 65535 {
            return Err(EngineError::Overflow { n });
        }
        self.values.push(mex as u16);
        if !self.more.is_empty() {
            // Y_1(n) = {G(n)} U Y_2(n).
            self.set.insert(mex as u16);
            for i in 0..self.more[1][nu].len() {
                let v = self.more[1][nu][i];
                self.set.insert(v);
            }
            let s = self.set.take();
            self.kept += s.len() as u64;
            self.more[0].push(s);
        }
        Ok(())
    }
}

/// Calls `visit` with the XOR of every partition of `m` into `j` parts satisfying `equality`
/// (pairwise unequal, or not all equal), enumerated with an explicit stack; stops when `left`
/// partitions have been visited.
fn each_partition_xor(
    g: &[u16],
    m: usize,
    j: usize,
    equality: Equality,
    left: &mut u64,
    mut visit: impl FnMut(u16),
) {
    let strict = equality == Equality::Unequal;
    // parts[i] nondecreasing (strictly increasing when `strict`); the last part takes the rest.
    let mut parts = vec![0usize; j];
    let mut sums = vec![0usize; j + 1];
    let mut xors = vec![0u16; j + 1];
    let mut i = 0usize;
    parts[0] = 0;
    loop {
        // Advance part i.
        parts[i] += 1;
        let remaining_parts = j - i; // including part i
        let lo = parts[i];
        // Minimum total of parts i.. given part i = lo.
        let need = if strict {
            remaining_parts * lo + remaining_parts * (remaining_parts - 1) / 2
        } else {
            remaining_parts * lo
        };
        if sums[i] + need > m {
            if i == 0 {
                return;
            }
            i -= 1;
            continue;
        }
        sums[i + 1] = sums[i] + lo;
        xors[i + 1] = xors[i] ^ g[lo];
        if i + 2 == j {
            let last = m - sums[i + 1];
            let ok = if strict { last > lo } else { true };
            if ok {
                let all_equal = last == lo && parts[..=i].iter().all(|&p| p == lo);
                if strict || !all_equal {
                    if *left == 0 {
                        return;
                    }
                    *left -= 1;
                    visit(xors[i + 1] ^ g[last]);
                }
            }
            continue;
        }
        i += 1;
        parts[i] = if strict { lo } else { lo - 1 };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sg::moves::naive_values;

    fn check(rule: &str, n: u64) {
        let r = Rule::parse(rule).unwrap();
        let fast: Vec<u64> = grundy_values(&r, n).unwrap().into_iter().map(u64::from).collect();
        assert_eq!(fast, naive_values(&r, n), "{rule}");
    }

    #[test]
    fn agrees_with_the_naive_mex() {
        for rule in [
            "0.77", "0.07", "0.137", "4.07", "4!.0", "0.3F", "4.0", "8.0", "0.7!", "0.7?", "0.7=",
            "0.[3]", "0.F?", "0.8!", "0.8?", "0.8=", "0.{2+}", "0.{1,3+}", "0.{3+}!", "0.{3+}=",
            "0.{3+}?", "0.*", "0.{4}", "0.&16;", "0.{2,4}=", "8!.0", "8?.0", "C.0", "0.1[7]",
        ] {
            check(rule, 24);
        }
    }
}
