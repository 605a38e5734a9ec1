//! The generic exact engine: Grundy values G(0), G(1), ... of one heap for every rule family,
//! kept 16-bit while they fit and 32-bit from the first value above 65535 on ([`Values`]); a
//! value past 2^32 - 1 (or past 65535 where an engine keeps 16-bit values: the rare/common
//! engine, the composition sets of three or more heaps) is refused rather than wrapped.
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
pub use super::table::{Table, Values};
use std::fmt;

/// Why the engine stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// G(n) does not fit the values this path keeps (`bits`: 16 for the rare/common engine and
    /// the composition sets of three or more heaps, 32 otherwise).
    Overflow {
        /// The first heap whose value does not fit.
        n: u64,
        /// The width of the values kept.
        bits: u8,
    },
    /// The rule's own engine cannot go this far (the bound is named).
    TooFar {
        /// The largest heap this rule's engine handles.
        limit: u64,
    },
    /// A signal (Ctrl-C, SIGTERM: [`crate::harness::process::interrupted`]) stopped the run before G(n).
    Interrupted {
        /// The heap whose value was not computed.
        n: u64,
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
            EngineError::Overflow { n, bits: 16 } => write!(
                f,
                "G({n}) is above 65535, past the 16-bit values this engine keeps (the rare/common engine of octal codes, the sets of three or more heaps)"
            ),
            EngineError::Overflow { n, bits } => {
                write!(f, "G({n}) is above 2^{bits} - 1, past the values this explorer keeps")
            }
            EngineError::Budget { n } => write!(
                f,
                "the work bound for moves leaving three or more heaps was reached at n = {n} (2^27 kept set values or 2^31 steps)"
            ),
            EngineError::Interrupted { n } => {
                write!(f, "interrupted at n = {n}: the values so far")
            }
            EngineError::TooFar { limit } => {
                write!(f, "this rule's table goes to n = {limit} at most")
            }
        }
    }
}

impl std::error::Error for EngineError {}

/// Why a checkpoint's values cannot continue a run ([`Engine::resume`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResumeError {
    /// The values differ from the rule's at heap `n` (or cannot be the rule's values).
    Mismatch {
        /// The first heap whose value is not the rule's.
        n: u64,
    },
    /// Computing the prefix again stopped.
    Engine(EngineError),
    /// Values above 65535 for the 16-bit rare/common engine.
    Wide,
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResumeError::Mismatch { n } => {
                write!(f, "its values are not this rule's (they differ at n = {n})")
            }
            ResumeError::Engine(e) => write!(f, "checking its values: {e}"),
            ResumeError::Wide => write!(
                f,
                "values above 65535 cannot go on in the 16-bit rare/common engine of octal codes"
            ),
        }
    }
}

/// G(0..=upto) for `rule`: the entry point the command (and the merge) routes through.
///
/// ```
/// use games::sg::{rule::Rule, values::grundy_values};
/// let kayles = Rule::parse("0.77").unwrap();
/// assert_eq!(grundy_values(&kayles, 11).unwrap(), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// ```
///
/// The values come as `u32` whatever their size (the engine's own table, [`Engine::values`],
/// keeps them in 16 bits while they fit).
pub fn grundy_values(rule: &Rule, upto: u64) -> Result<Vec<u32>, EngineError> {
    let mut engine = Engine::new(rule);
    engine.extend_to(upto)?;
    Ok(match engine.values {
        Values::Narrow(v) => v.into_iter().map(u32::from).collect(),
        Values::Wide(v) => v,
    })
}

/// A default bound on the table for `rule`, by the cost of its moves: subtraction sets kept as
/// ranges 10^7 (the sliding-window engine); octal codes (the
/// rare/common engine) 10^8, 10^5 with unequal splits; otherwise partitions into three or
/// more unequal (or not-all-equal) heaps are enumerated one by one (exponential: 60), three or
/// more heaps otherwise, or a repeating tail that splits, cost O(n^2) per value (2000),
/// everything else O(n) per value (20000: Lasker's Nim in about 0.1 s).
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
    // A repeating tail whose digits split: every amount taken may split the rest, O(n^2) per
    // value (0.[7] to 2000: about 0.7 s).
    if code.tail.iter().any(|d| d.heaps >> 2 != 0 || d.at_least.is_some()) {
        max = 2000;
    }
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
    pub values: Values,
    /// The generic code path's scratch and composition sets.
    state: CodeState,
    /// The rare/common engine, for every code it accepts (octal, `!` included): then `values`
    /// is a copy of its values and the generic code path is not used.
    sparse: Option<super::sparse::Engine>,
    /// A proved closed form: values read off it.
    closed: Option<super::closed::ClosedForm>,
    /// The range engine, for subtraction sets kept as ranges without a closed form.
    ranges: Option<RangeEngine>,
}

/// A value type of the generic code path (16 or 32 bits).
trait Val: Copy + Into<u32> + std::ops::BitXor<Output = Self> {}
impl Val for u16 {}
impl Val for u32 {}

/// What the generic code path keeps besides the values.
struct CodeState {
    /// One stamp per possible option value, stamped with n + 1 (no clearing).
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
    /// The largest value among G(0..top_len).
    top: u32,
    top_len: usize,
    /// A repeating one-digit tail leaving at most one heap (`[3]`: take any amount from the
    /// code's length on): the values G(m), 1 <= m < `tail_len`, of the heaps it leaves are kept
    /// as a bitset that only grows (`tail_seen`) with its mex (`tail_mex`), instead of a loop
    /// over every amount per heap. `tail`: (code length, leaves one heap, leaves none).
    tail: Option<(usize, bool, bool)>,
    tail_seen: Vec<u64>,
    tail_len: usize,
    tail_mex: usize,
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
        let tail = code.as_ref().and_then(|c| match c.tail.as_slice() {
            [d] if d.at_least.is_none() && d.heaps & !0b11 == 0 => {
                Some((c.digits.len(), d.heaps & 0b10 != 0, d.heaps & 0b01 != 0))
            }
            _ => None,
        });
        Engine {
            rule: rule.clone(),
            code,
            values: Values::new(),
            state: CodeState {
                stamp: vec![0; 65537],
                exact: vec![Vec::new(); exact_len],
                more: vec![Vec::new(); more_max],
                set: SetBuilder::new(),
                kept: 0,
                enumerated: 0,
                top: 0,
                top_len: 0,
                tail,
                tail_seen: Vec::new(),
                tail_len: 1,
                tail_mex: 0,
            },
            sparse,
            closed,
            ranges,
        }
    }

    /// A table for `rule` continuing from `values` = G(0..len) read back from a checkpoint.
    /// The engines whose state is the values themselves (the generic code path without
    /// composition sets, the rare/common engine, which is re-fed them) take them as they are;
    /// the others compute the prefix again and check it against `values` (their prefix is
    /// cheap): `Err` with the first heap where the two differ.
    pub fn resume(rule: &Rule, values: Values) -> Result<Engine, ResumeError> {
        let mut e = Engine::new(rule);
        let len = values.len();
        let generic = e.closed.is_none()
            && e.ranges.is_none()
            && e.sparse.is_none()
            && !matches!(rule, Rule::SplitNim | Rule::Lunch | Rule::MultiSg(_) | Rule::Fibonacci)
            && e.code.is_some()
            && e.state.exact.is_empty()
            && e.state.more.is_empty();
        if let Some(fast) = e.sparse.as_mut() {
            let Values::Narrow(v) = &values else {
                return Err(ResumeError::Wide);
            };
            for (n, &g) in v.iter().enumerate() {
                fast.push_known(g).map_err(|_| ResumeError::Mismatch { n: n as u64 })?;
            }
            e.values = values;
            return Ok(e);
        }
        if generic {
            e.values = values;
            return Ok(e);
        }
        if len > 0 {
            e.extend_to(len as u64 - 1).map_err(ResumeError::Engine)?;
        }
        if let Some(n) = (0..len).find(|&i| e.values.at(i) != values.at(i)) {
            return Err(ResumeError::Mismatch { n: n as u64 });
        }
        Ok(e)
    }

    /// Computes G(n) for every n up to `upto`.
    pub fn extend_to(&mut self, upto: u64) -> Result<(), EngineError> {
        let have = self.values.len() as u64;
        if upto < have {
            return Ok(());
        }
        let wide =
            |n: u64, g: u128| u32::try_from(g).map_err(|_| EngineError::Overflow { n, bits: 32 });
        if let Some(c) = self.closed {
            for n in have..=upto {
                let g = wide(n, c.value(n) as u128)?;
                self.values.push(g);
            }
            return Ok(());
        }
        if let Some(r) = self.ranges.as_mut() {
            for _ in have..=upto {
                let g = r.next_value()?;
                self.values.push(g);
            }
            return Ok(());
        }
        match self.rule.clone() {
            Rule::SplitNim => {
                for n in have..=upto {
                    let g = wide(n, crate::theory::split::grundy(n))?;
                    self.values.push(g);
                }
            }
            Rule::Lunch => {
                for n in have..=upto {
                    let g = if n == 0 { 0 } else { crate::theory::lunch::grundy(n) };
                    self.values.push(g as u32); // at most 64
                }
            }
            Rule::MultiSg(f) => {
                let limit = crate::theory::multi_sg::MAX_PILE;
                if upto > limit {
                    return Err(EngineError::TooFar { limit });
                }
                self.values =
                    Values::Narrow(crate::theory::multi_sg::grundy_table(f, upto as usize));
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
                self.values =
                    Values::Narrow((0..=upto as usize).map(|x| t.get(x) as u16).collect());
            }
            _ => {
                if let Some(fast) = self.sparse.as_mut() {
                    return extend_sparse(fast, &mut self.values, upto);
                }
                if upto >= u32::MAX as u64 {
                    return Err(EngineError::TooFar { limit: u32::MAX as u64 - 1 });
                }
                for n in have..=upto {
                    if n % 256 == 0 && crate::harness::process::interrupted().is_some() {
                        return Err(EngineError::Interrupted { n });
                    }
                    self.push_code_value(n)?;
                }
            }
        }
        Ok(())
    }

    fn push_code_value(&mut self, n: u64) -> Result<(), EngineError> {
        let Some(code) = self.code.as_ref() else { return Ok(()) };
        let st = &mut self.state;
        let mex = match &self.values {
            Values::Narrow(g) => st.mex(code, g, n)?,
            Values::Wide(g) => st.mex(code, g, n)?,
        };
        let sets = !st.exact.is_empty() || !st.more.is_empty();
        if mex > 65535 && sets {
            return Err(EngineError::Overflow { n, bits: 16 });
        }
        let Ok(mex) = u32::try_from(mex) else {
            return Err(EngineError::Overflow { n, bits: 32 });
        };
        self.values.push(mex);
        if !st.more.is_empty() {
            // Y_1(n) = {G(n)} U Y_2(n).
            let nu = n as usize;
            st.set.insert(mex as u16);
            for i in 0..st.more[1][nu].len() {
                let v = st.more[1][nu][i];
                st.set.insert(v);
            }
            let s = st.set.take();
            st.kept += s.len() as u64;
            st.more[0].push(s);
        }
        Ok(())
    }
}

impl CodeState {
    /// G(n) = the mex of the options of n, given g = G(0..n); builds the composition sets of n.
    fn mex<T: Val>(&mut self, code: &Code, g: &[T], n: u64) -> Result<usize, EngineError> {
        let nu = n as usize;
        self.widen_stamps(g);
        let mark = nu as u32 + 1;
        self.compose(g, nu);
        let top = self.absorb_tail(code, g, nu, mark);
        for k in 0..=top.min(nu) {
            let d = code.digit(k);
            if d != Digit::ZERO {
                self.mark_options(d, g, nu - k, mark, n)?;
            }
        }
        if self.kept > MAX_SET_ENTRIES || self.enumerated + self.set.work > MAX_PARTITIONS {
            return Err(EngineError::Budget { n });
        }
        Ok(self.least_unmarked(mark))
    }

    /// Every option value (a XOR of values) is below the power of two above the largest value:
    /// the stamps cover it, and one more for the mex.
    fn widen_stamps<T: Val>(&mut self, g: &[T]) {
        for &x in g.iter().skip(self.top_len) {
            self.top = self.top.max(x.into());
        }
        self.top_len = g.len();
        let need = (self.top as usize + 1).next_power_of_two() + 1;
        if self.stamp.len() < need {
            self.stamp.resize(need, 0);
        }
    }

    /// The composition sets of n itself (they need G below n only; values are 16-bit here).
    fn compose<T: Val>(&mut self, g: &[T], nu: usize) {
        let g16 = |i: usize| -> u16 { g[i].into() as u16 };
        for j in 2..2 + self.exact.len() {
            for a in 1..nu {
                if j == 2 {
                    self.set.insert(g16(a) ^ g16(nu - a));
                } else {
                    for &v in &self.exact[j - 3][nu - a] {
                        self.set.insert(g16(a) ^ v);
                    }
                }
            }
            let s = self.set.take();
            self.kept += s.len() as u64;
            self.exact[j - 2].push(s);
        }
        for j in (2..=self.more.len()).rev() {
            for a in 1..nu {
                let ga = g16(a);
                for &v in &self.more[j - 2][nu - a] {
                    self.set.insert(ga ^ v);
                }
            }
            let s = self.set.take();
            self.kept += s.len() as u64;
            self.more[j - 1].push(s);
        }
    }

    /// The one-digit tail: the heaps m = n - k for k >= its start (see `tail`) go into the
    /// growing bitset. Returns the largest k the digit loop must still look at.
    fn absorb_tail<T: Val>(&mut self, code: &Code, g: &[T], nu: usize, mark: u32) -> usize {
        let Some((start, one, none)) = self.tail else {
            return if code.tail.is_empty() { code.digits.len() - 1 } else { nu };
        };
        if one {
            while self.tail_len + start <= nu {
                let v = g[self.tail_len].into() as usize;
                if self.tail_seen.len() <= v / 64 {
                    self.tail_seen.resize(v / 64 + 1, 0);
                }
                self.tail_seen[v / 64] |= 1 << (v % 64);
                self.tail_len += 1;
            }
            // The least value >= 1 the tail does not give (0 comes from m = 0 only).
            self.tail_mex = self.tail_mex.max(1);
            while self.in_tail(self.tail_mex) {
                self.tail_mex += 1;
            }
        }
        if none && nu >= start {
            self.stamp[0] = mark;
        }
        start.saturating_sub(1)
    }

    /// Whether the tail's bitset holds value v.
    fn in_tail(&self, v: usize) -> bool {
        self.tail_seen.get(v / 64).is_some_and(|w| w >> (v % 64) & 1 == 1)
    }

    /// Stamps the values of the options of digit `d` on a heap of m tokens left.
    fn mark_options<T: Val>(
        &mut self,
        d: Digit,
        g: &[T],
        m: usize,
        mark: u32,
        n: u64,
    ) -> Result<(), EngineError> {
        let has = |j: usize| leaves(d, j);
        let stamp = &mut self.stamp;
        if m == 0 {
            if has(0) {
                stamp[0] = mark;
            }
            return Ok(());
        }
        if has(1) {
            stamp[g[m].into() as usize] = mark;
        }
        if m >= 2 && has(2) {
            match d.equality {
                Equality::Any => {
                    for a in 1..=m / 2 {
                        stamp[(g[a] ^ g[m - a]).into() as usize] = mark;
                    }
                }
                Equality::Unequal | Equality::NotAllEqual => {
                    for a in 1..m.div_ceil(2) {
                        stamp[(g[a] ^ g[m - a]).into() as usize] = mark;
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
            return Ok(());
        }
        self.mark_many(d, g, m, most, mark, n)
    }

    /// The options of digit `d` that leave three to `most` heaps of m tokens in all.
    fn mark_many<T: Val>(
        &mut self,
        d: Digit,
        g: &[T],
        m: usize,
        most: usize,
        mark: u32,
        n: u64,
    ) -> Result<(), EngineError> {
        let has = |j: usize| leaves(d, j);
        let stamp = &mut self.stamp;
        match d.equality {
            Equality::AllEqual => {
                for j in 3..=most {
                    if has(j) && m.is_multiple_of(j) {
                        stamp[if j % 2 == 1 { g[m / j].into() as usize } else { 0 }] = mark;
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
                for j in (3..=most).filter(|&j| has(j)) {
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
        Ok(())
    }

    /// The mex: below `floor` every value is an option (0, then the tail's values).
    fn least_unmarked(&self, mark: u32) -> usize {
        let mut floor = 0usize;
        if self.stamp[0] == mark || self.in_tail(0) {
            floor = self.tail_mex.max(1);
        }
        let mex = (floor..self.stamp.len()).find(|&v| self.stamp[v] != mark && !self.in_tail(v));
        mex.unwrap_or(self.stamp.len())
    }
}

/// Whether digit `d` may leave exactly `j` nonempty heaps.
fn leaves(d: Digit, j: usize) -> bool {
    (j < 64 && d.heaps >> j & 1 == 1) || d.at_least.is_some_and(|a| j >= a as usize)
}

/// Calls `visit` with the XOR of every partition of `m` into `j` parts satisfying `equality`
/// (pairwise unequal, or not all equal), enumerated with an explicit stack; stops when `left`
/// partitions have been visited.
fn each_partition_xor<T: Val>(
    g: &[T],
    m: usize,
    j: usize,
    equality: Equality,
    left: &mut u64,
    mut visit: impl FnMut(u32),
) {
    let strict = equality == Equality::Unequal;
    // parts[i] nondecreasing (strictly increasing when `strict`); the last part takes the rest.
    let mut parts = vec![0usize; j];
    let mut sums = vec![0usize; j + 1];
    let mut xors = vec![0u32; j + 1];
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
        xors[i + 1] = xors[i] ^ g[lo].into();
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
                    visit(xors[i + 1] ^ g[last].into());
                }
            }
            continue;
        }
        i += 1;
        parts[i] = if strict { lo } else { lo - 1 };
    }
}

/// The rare/common engine's values up to `upto`, appended to `values` (a signal stops it
/// between values, the values so far kept).
fn extend_sparse(
    fast: &mut super::sparse::Engine,
    values: &mut Values,
    upto: u64,
) -> Result<(), EngineError> {
    let want = usize::try_from(upto)
        .ok()
        .and_then(|u| u.checked_add(1))
        .ok_or(EngineError::TooFar { limit: u32::MAX as u64 })?;
    // A signal stops the run between values (the values so far are kept).
    let mut stopped = false;
    let res = super::parallel::extend(fast, want, super::parallel::threads(), &mut |_, _, _| {
        stopped = crate::harness::process::interrupted().is_some();
        if stopped { super::parallel::Flow::Stop } else { super::parallel::Flow::Go }
    });
    if let Values::Narrow(v) = values {
        v.extend_from_slice(&fast.values()[v.len()..]);
    }
    if stopped && res.is_ok() && fast.len() < want {
        return Err(EngineError::Interrupted { n: fast.len() as u64 });
    }
    res.map_err(|e| match e {
        super::sparse::EngineError::ValueTooLarge { n } => {
            EngineError::Overflow { n: n as u64, bits: 16 }
        }
        _ => EngineError::TooFar { limit: u32::MAX as u64 },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the reference's own reading and moves (`brute::rule`, not `sg::moves`).
    fn check(rule: &str, n: u64) {
        let r = Rule::parse(rule).unwrap();
        let fast: Vec<u64> = grundy_values(&r, n).unwrap().into_iter().map(u64::from).collect();
        let brute = crate::brute::rule::parse(rule).unwrap();
        assert_eq!(fast, crate::brute::rule::values(&brute, n), "{rule}");
    }

    #[test]
    fn agrees_with_the_naive_mex() {
        for rule in [
            "0.77", "0.07", "0.137", "4.07", "4!.0", "0.3F", "4.0", "8.0", "0.7!", "0.7?", "0.7=",
            "0.[3]", "0.F?", "0.8!", "0.8?", "0.8=", "0.{2+}", "0.{1,3+}", "0.{3+}!", "0.{3+}=",
            "0.{3+}?", "0.*", "0.{4}", "0.&16;", "0.{2,4}=", "8!.0", "8?.0", "C.0", "0.1[7]",
            "4.[3]", "0.[2]", "0.[1]", "4.3[3]", "0.37[2]", "4.0[3]", "0.7[3]", "4!.[3]", "C.[2]",
        ] {
            check(rule, 24);
        }
    }
}
