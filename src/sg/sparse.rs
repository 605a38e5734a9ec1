//! The fast Grundy-value engine for octal codes: the rare/common ("sparse space") method.
//!
//! An octal move removes `k` tokens from one heap and leaves zero, one or two heaps. With
//! `G(0..n)` known, `G(n)` is the mex of the one-heap options `G(n - k)`, of `0` where a move may
//! take the whole heap, and of the two-heap options `G(a) ^ G(b)` with `a + b = n - k`,
//! `a, b >= 1`. Enumerating those pairs costs `n / 2` per removal, quadratic in all.
//!
//! Sparse space (Winning Ways, chapter 4, "sparse space"; Gangolli and Plambeck, "A note on
//! periodicity in some octal games", 1989; Flammenkamp's octal tables; Beling's `ogsolve`, which
//! calls it the R/C split): in many octal games a few values are *rare* and the rest *common*,
//! where the common set `C` is XOR-free: `c1 ^ c2` is never in `C` for `c1, c2` in `C` (`0` is
//! never common, since `c ^ c = 0`). Then a two-heap option whose value lies in `C` must have a
//! rare heap among its two, so pairing only the rare heaps (the positions whose value is rare,
//! a short list) with their partners finds every option value that is common. Let `g` be the
//! mex of the one-heap options and those rare pairs. If `g` is common, or a value never seen
//! that can join `C` without breaking XOR-freeness, no pair of common heaps reaches it, so
//! `G(n) = g`. Otherwise (a rare candidate) the engine enumerates all pairs, stopping as soon as
//! the candidate, advanced past every value met, is common: the answer is again exact.
//!
//! The split is chosen from the values seen so far: most frequent first, each value joining `C`
//! when `C` stays XOR-free (greedy). It is rebuilt when the heap count reaches a power of two,
//! and sooner when the rare list grows fast; a rebuild rescans the values for the rare
//! positions, `O(n)`, amortised `O(1)` per value. Where the rare heaps are not sparse (more than
//! a third of all heaps, as in Kayles) the engine uses the plain bitset mex over all pairs.
//!
//! Unequal digits (`!`, Grundy's game `4!.0`) fit unchanged: the argument above only concerns
//! which pairs reach a value, and the forbidden pairs `a = b` are skipped on both paths.
//!
//! Values are 16-bit; a value of 65536 or more stops the engine with [`EngineError`]. The values
//! live in a [`Store`]: all of them ([`FullStore`]) or, for long runs in bounded memory, the
//! first values and a ring of recent ones (`long_run::BoundedStore`), where the engine refuses
//! (never guesses) when it would need a value no longer kept.

use super::code::{Code, Equality};

/// Words of a bitset over every 16-bit value.
const ALL_WORDS: usize = 1 << 10;

/// Why the engine stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineError {
    /// `G(n)` would be 65536 or more (values are 16-bit).
    ValueTooLarge { n: usize },
    /// Bounded memory: `G(n)` needs `G(needed)`, which is no longer kept.
    Forgotten { n: usize, needed: usize },
    /// Heap sizes past `u32::MAX` are not supported.
    TooLong,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::ValueTooLarge { n } => {
                write!(f, "G({n}) is 65536 or more (values are 16-bit)")
            }
            EngineError::Forgotten { n, needed } => write!(
                f,
                "bounded memory: G({n}) needs G({needed}), which is no longer kept (rerun with more memory)"
            ),
            EngineError::TooLong => write!(f, "heaps past 2^32 - 1 are beyond the engine"),
        }
    }
}

impl std::error::Error for EngineError {}

/// Where computed values live. `get(i)` is only called when `has(i)`.
pub trait Store {
    /// Values computed so far (`G(0..len)`).
    fn len(&self) -> usize;
    /// `G(i)`.
    fn get(&self, i: usize) -> u16;
    /// Whether `G(i)` is kept (`i < len`).
    fn has(&self, i: usize) -> bool;
    /// Append `G(len)`.
    fn push(&mut self, v: u16);
    /// Whether every value computed so far is kept.
    fn complete(&self) -> bool;
    /// The smallest index still kept after the prefix (all of `oldest..len` is kept).
    fn oldest(&self) -> usize;
    /// Whether nothing has been computed yet.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Every value, in one vector.
#[derive(Debug, Clone, Default)]
pub struct FullStore {
    /// `G(0), G(1), ...`
    pub values: Vec<u16>,
}

impl Store for FullStore {
    #[inline(always)]
    fn len(&self) -> usize {
        self.values.len()
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u16 {
        self.values[i]
    }
    #[inline(always)]
    fn has(&self, _i: usize) -> bool {
        true
    }
    #[inline(always)]
    fn push(&mut self, v: u16) {
        self.values.push(v);
    }
    #[inline(always)]
    fn complete(&self) -> bool {
        true
    }
    #[inline(always)]
    fn oldest(&self) -> usize {
        0
    }
}

/// The moves of an octal code, sorted by kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalMoves {
    /// `k`: a heap of exactly `k` may be taken away.
    pub take_all: Vec<usize>,
    /// `k >= 1`: `k` tokens may be taken leaving one heap.
    pub take: Vec<usize>,
    /// `(k, unequal)`: `k` tokens may be taken leaving two heaps (`unequal`: of unequal sizes).
    pub split: Vec<(usize, bool)>,
    /// The largest number of tokens a move removes (`t` in the Guy-Smith theorem).
    pub t: usize,
}

impl OctalMoves {
    /// The moves of `code` when it is octal in the engine's sense: finitely many digits, each
    /// leaving at most two heaps, no `{j+}` counts, conditions `Any` or `Unequal` only, and no
    /// move that removes nothing but a split (`4.`) may be anything but a split. `None` otherwise.
    pub fn of(code: &Code) -> Option<OctalMoves> {
        if !code.tail.is_empty() {
            return None;
        }
        let mut m = OctalMoves { take_all: Vec::new(), take: Vec::new(), split: Vec::new(), t: 0 };
        for (k, d) in code.digits.iter().enumerate() {
            if d.heaps == 0 {
                continue;
            }
            if d.at_least.is_some() || d.heaps & !0b111 != 0 {
                return None;
            }
            let unequal = match d.equality {
                Equality::Any => false,
                Equality::Unequal => true,
                Equality::NotAllEqual | Equality::AllEqual => return None,
            };
            if k == 0 && d.heaps & 0b011 != 0 {
                return None;
            }
            if d.heaps & 1 != 0 {
                m.take_all.push(k);
            }
            if d.heaps & 2 != 0 {
                m.take.push(k);
            }
            if d.heaps & 4 != 0 {
                m.split.push((k, unequal));
            }
            m.t = k;
        }
        Some(m)
    }

    /// Whether some split must leave two unequal heaps (the plain Guy-Smith theorem then does not
    /// apply).
    pub fn has_unequal(&self) -> bool {
        self.split.iter().any(|&(_, u)| u)
    }
}

/// Counters of the work done.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EngineStats {
    /// Values computed on the sparse path.
    pub sparse_steps: u64,
    /// Values computed by the plain mex over all pairs.
    pub plain_steps: u64,
    /// Sparse steps whose candidate was rare and needed a scan of all pairs.
    pub full_scans: u64,
    /// Rebuilds of the rare/common split.
    pub rebuilds: u64,
}

/// Which path computes each value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    /// Sparse where it pays, plain elsewhere (the default).
    Auto,
    /// Always the plain bitset mex over all pairs (the reference path).
    Plain,
}

/// The streaming engine: computes `G(0), G(1), ...` in order into its [`Store`].
#[derive(Debug, Clone)]
pub struct Engine<S: Store = FullStore> {
    moves: OctalMoves,
    store: S,
    path: Path,
    /// How often each value occurred.
    counts: Vec<u64>,
    /// Bitset: the common values.
    common: Vec<u64>,
    /// The common values, as a list (for the XOR-free check).
    common_list: Vec<u16>,
    /// Positions `>= 1` whose value is rare, ascending, and their values.
    rare_pos: Vec<u32>,
    rare_val: Vec<u16>,
    /// Largest value so far, and the bitset words that cover every option value.
    max_value: u16,
    words: usize,
    /// Scratch bitset of option values.
    opts: Vec<u64>,
    /// Heap count at the last rebuild, and the rare list's length then.
    last_rebuild: usize,
    rare_at_rebuild: usize,
    stats: EngineStats,
}

/// The values `G(0..upto)` of an octal code, or `None` when the code is not one this engine
/// handles (see [`OctalMoves::of`]) or a value passes 65535.
pub fn grundy_values(code: &Code, upto: usize) -> Option<Vec<u16>> {
    let mut e = Engine::new(code)?;
    e.extend_to(upto).ok()?;
    Some(e.into_store().values)
}

impl Engine<FullStore> {
    /// An engine keeping every value, or `None` when the code is not octal in this engine's sense.
    pub fn new(code: &Code) -> Option<Self> {
        Some(Self::with_store(OctalMoves::of(code)?, FullStore::default(), Path::Auto))
    }

    /// Every value computed so far.
    pub fn values(&self) -> &[u16] {
        &self.store.values
    }
}

impl<S: Store> Engine<S> {
    /// An engine over `moves` writing into `store` (which must be empty).
    pub fn with_store(moves: OctalMoves, store: S, path: Path) -> Self {
        let common = vec![0u64; ALL_WORDS];
        Engine {
            moves,
            store,
            path,
            counts: vec![0; 1 << 16],
            common,
            common_list: Vec::new(),
            rare_pos: Vec::new(),
            rare_val: Vec::new(),
            max_value: 0,
            words: 1,
            opts: vec![0; ALL_WORDS],
            last_rebuild: 0,
            rare_at_rebuild: 0,
            stats: EngineStats::default(),
        }
    }

    /// The moves of the code.
    pub fn moves(&self) -> &OctalMoves {
        &self.moves
    }

    /// The store of values.
    pub fn store(&self) -> &S {
        &self.store
    }

    /// The store, consuming the engine.
    pub fn into_store(self) -> S {
        self.store
    }

    /// Values computed so far.
    pub fn len(&self) -> usize {
        self.store.len()
    }

    /// Whether nothing has been computed.
    pub fn is_empty(&self) -> bool {
        self.store.len() == 0
    }

    /// Work counters.
    pub fn stats(&self) -> EngineStats {
        self.stats
    }

    /// The largest value so far.
    pub fn max_value(&self) -> u16 {
        self.max_value
    }

    /// The common values (sorted) and the number of rare positions `>= 1`.
    pub fn split(&self) -> (Vec<u16>, usize) {
        let mut c = self.common_list.clone();
        c.sort_unstable();
        (c, self.rare_pos.len())
    }

    /// How often each value occurred (index = value).
    pub fn counts(&self) -> &[u64] {
        &self.counts[..=self.max_value as usize]
    }

    /// Compute values until `len() >= n`.
    pub fn extend_to(&mut self, n: usize) -> Result<(), EngineError> {
        while self.store.len() < n {
            self.next_value()?;
        }
        Ok(())
    }

    #[inline(always)]
    fn is_common(&self, v: u16) -> bool {
        self.common[v as usize >> 6] >> (v & 63) & 1 != 0
    }

    /// Whether `v`, never seen, may join the common set (it stays XOR-free).
    fn may_join(&self, v: u16) -> bool {
        v != 0 && self.common_list.iter().all(|&c| !self.is_common(c ^ v))
    }

    /// Whether candidate `g` is certainly the mex without a scan of all pairs.
    #[inline(always)]
    fn settled(&self, g: u16) -> bool {
        self.is_common(g) || (self.counts[g as usize] == 0 && self.may_join(g))
    }

    #[inline(always)]
    fn mex(&self) -> usize {
        for (w, &x) in self.opts[..self.words].iter().enumerate() {
            if x != !0 {
                return w * 64 + (!x).trailing_zeros() as usize;
            }
        }
        self.words * 64
    }

    #[inline(always)]
    fn set(opts: &mut [u64], v: u16) {
        opts[v as usize >> 6] |= 1 << (v & 63);
    }

    fn get(&self, n: usize, i: usize) -> Result<u16, EngineError> {
        if self.store.has(i) {
            Ok(self.store.get(i))
        } else {
            Err(EngineError::Forgotten { n, needed: i })
        }
    }

    /// Every two-heap option of heap `n` into `opts` (the plain path).
    fn all_pairs(&mut self, n: usize) -> Result<(), EngineError> {
        if !self.store.complete() {
            return Err(EngineError::Forgotten {
                n,
                needed: self.store.oldest().saturating_sub(1),
            });
        }
        for si in 0..self.moves.split.len() {
            let (k, unequal) = self.moves.split[si];
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            for a in 1..=m / 2 {
                if unequal && 2 * a == m {
                    continue;
                }
                let v = self.store.get(a) ^ self.store.get(m - a);
                Self::set(&mut self.opts, v);
            }
        }
        Ok(())
    }

    /// Scan all pairs until the candidate is settled; returns the exact mex.
    fn verify(&mut self, n: usize, mut g: usize) -> Result<usize, EngineError> {
        if !self.store.complete() {
            return Err(EngineError::Forgotten {
                n,
                needed: self.store.oldest().saturating_sub(1),
            });
        }
        self.stats.full_scans += 1;
        for si in 0..self.moves.split.len() {
            let (k, unequal) = self.moves.split[si];
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            for a in 1..=m / 2 {
                if unequal && 2 * a == m {
                    continue;
                }
                let v = self.store.get(a) ^ self.store.get(m - a);
                Self::set(&mut self.opts, v);
                if v as usize == g {
                    g = self.mex();
                    if g > u16::MAX as usize {
                        return Err(EngineError::ValueTooLarge { n });
                    }
                    if self.settled(g as u16) {
                        return Ok(g);
                    }
                }
            }
        }
        Ok(g)
    }

    /// Compute and store the next value `G(len())`, returning it.
    pub fn next_value(&mut self) -> Result<u16, EngineError> {
        let n = self.store.len();
        if n >= u32::MAX as usize {
            return Err(EngineError::TooLong);
        }
        let words = self.words;
        self.opts[..words].fill(0);
        if self.opts.len() > words {
            self.opts[words] = 0;
        }
        for &k in &self.moves.take_all {
            if n == k {
                Self::set(&mut self.opts, 0);
            }
        }
        for i in 0..self.moves.take.len() {
            let k = self.moves.take[i];
            if n > k {
                let v = self.get(n, n - k)?;
                Self::set(&mut self.opts, v);
            }
        }
        let sparse = self.path == Path::Auto && self.rare_pos.len() * 3 < n;
        let g = if sparse && !self.moves.split.is_empty() {
            self.stats.sparse_steps += 1;
            for si in 0..self.moves.split.len() {
                let (k, unequal) = self.moves.split[si];
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                for j in 0..self.rare_pos.len() {
                    let r = self.rare_pos[j] as usize;
                    if r >= m {
                        break;
                    }
                    let b = m - r;
                    if unequal && b == r {
                        continue;
                    }
                    let gb = self.get(n, b)?;
                    Self::set(&mut self.opts, self.rare_val[j] ^ gb);
                }
            }
            let g = self.mex();
            if g <= u16::MAX as usize && !self.settled(g as u16) { self.verify(n, g)? } else { g }
        } else {
            self.stats.plain_steps += 1;
            self.all_pairs(n)?;
            self.mex()
        };
        if g > u16::MAX as usize {
            return Err(EngineError::ValueTooLarge { n });
        }
        let g = g as u16;
        self.record(n, g);
        Ok(g)
    }

    fn record(&mut self, n: usize, g: u16) {
        if self.counts[g as usize] == 0 && self.may_join(g) {
            self.common[g as usize >> 6] |= 1 << (g & 63);
            self.common_list.push(g);
        }
        self.counts[g as usize] += 1;
        self.store.push(g);
        if g > self.max_value {
            self.max_value = g;
            let bits = 16 - g.leading_zeros() as usize;
            self.words = ((1usize << bits) / 64).max(1);
        }
        if n >= 1 && !self.is_common(g) {
            self.rare_pos.push(n as u32);
            self.rare_val.push(g);
        }
        let len = n + 1;
        let due = (len.is_power_of_two() && len >= 64)
            || (self.rare_pos.len() > 2 * self.rare_at_rebuild + 64
                && len >= self.last_rebuild + self.last_rebuild / 4);
        if due && self.path == Path::Auto && self.store.complete() {
            self.rebuild();
        }
    }

    /// Choose the common set afresh from the counts (most frequent first, greedy, XOR-free) and
    /// list the rare positions again.
    fn rebuild(&mut self) {
        self.stats.rebuilds += 1;
        let mut order: Vec<u16> =
            (1..=self.max_value).filter(|&v| self.counts[v as usize] > 0).collect();
        order.sort_by(|&a, &b| {
            self.counts[b as usize].cmp(&self.counts[a as usize]).then(a.cmp(&b))
        });
        self.common.iter_mut().for_each(|w| *w = 0);
        self.common_list.clear();
        for v in order {
            if self.may_join(v) {
                self.common[v as usize >> 6] |= 1 << (v & 63);
                self.common_list.push(v);
            }
        }
        self.rare_pos.clear();
        self.rare_val.clear();
        for i in 1..self.store.len() {
            let v = self.store.get(i);
            if !self.is_common(v) {
                self.rare_pos.push(i as u32);
                self.rare_val.push(v);
            }
        }
        self.last_rebuild = self.store.len();
        self.rare_at_rebuild = self.rare_pos.len();
    }
}
