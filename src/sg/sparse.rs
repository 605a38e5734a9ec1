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
//! The long loops over pairs (the plain path, the rare pairs when values pass 63, the verifying
//! scan after its first `HEAD` pairs) read the values as slices ([`Store::window`]) in functions
//! of their own and set the option bits into four bitsets in turn (`Banks`), ORed together before a mex:
//! with one bitset, pairs whose values share a word form one chain of read-modify-writes through
//! memory. The pairs met, their order and the counters are those of the one-bitset loop.
//!
//! The verifying scan reads the first `FIRST` pairs of every split before the rest of any
//! (where a code has two splits or more: Kayles' candidates are mostly settled by the first
//! pairs of its second split); the value does not depend on the order the pairs are met in.
//! `block` verifies 64 heaps together over a prefix of their pairs (off by default: measured
//! no faster, `docs/sg.md`). `hunt` runs the scan as a search for the values it still has to
//! find (the unsettled values below the first settled one), 16 or 32 pairs compared at once
//! with AVX2: the same pairs, order and counters (Officers to 10^6: 3.90 -> 2.55 CPU s,
//! `docs/benchmarks.md`).
//!
//! Unequal digits (`!`, Grundy's game `4!.0`) fit unchanged: the argument above only concerns
//! which pairs reach a value, and the forbidden pairs `a = b` are skipped on both paths.
//!
//! Values are 16-bit; a value of 65536 or more stops the engine with [`EngineError`]. The values
//! live in a [`Store`]: all of them ([`FullStore`]) or, for long runs in bounded memory, the
//! first values and a ring of recent ones (`long_run::BoundedStore`), where the engine refuses
//! (never guesses) when it would need a value no longer kept.

use super::code::{Code, Equality};

mod block;
mod hunt;

pub use block::BlockMode;

/// Pairs of each split the verifying scan reads one by one before its four-bitset loop.
const HEAD: usize = 48;

/// Pairs of each split the verifying scan reads, one by one, before the rest of any split.
const FIRST: usize = 16;

/// Pairs read per verifying scan, on average so far, past which the scans hunt their targets
/// from the first pair on ([`Engine::verify`]).
const LONG_SCAN: u64 = 256;

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
    /// `G(lo..hi)` as one slice when the store holds them contiguously (`None`: read them one by
    /// one with [`Store::get`]). The rare pairs and the verifying scan read through it.
    #[inline(always)]
    fn window(&self, _lo: usize, _hi: usize) -> Option<&[u16]> {
        None
    }
    /// Where the store's contiguous parts meet: a window entirely below it or entirely at or
    /// above it is one slice when the store has it so (`0`: no seam).
    #[inline(always)]
    fn seam(&self) -> usize {
        0
    }
    /// Which values the store keeps once it holds `len` values (`len >= self.len()`): those
    /// below the first number and those at or above the second (a prefix and the recent values).
    /// The parallel engine reads a store frozen at the start of a block as the store would be
    /// later in the block. Default: every value, `(len, 0)`.
    #[inline(always)]
    fn kept_at(&self, len: usize) -> (usize, usize) {
        (len, 0)
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
    #[inline(always)]
    fn window(&self, lo: usize, hi: usize) -> Option<&[u16]> {
        self.values.get(lo..hi)
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
            if d.at_least.is_some() || d.heaps & !0b111 != 0 {
                return None;
            }
            if d.heaps == 0 {
                continue;
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
    /// Sparse steps whose candidate was not settled and needed a scan of pairs.
    pub full_scans: u64,
    /// Rebuilds of the rare/common split.
    pub rebuilds: u64,
    /// Pairs looked at by those scans.
    pub scanned_pairs: u64,
    /// Values whose precomputed pair set ([`Pre`], the parallel engine) did not settle the
    /// candidate, so that the remaining pairs were scanned.
    pub pre_misses: u64,
    /// Pairs read by the verifying scans, all of them (`scanned_pairs` counts up to the last
    /// candidate met, for the work bound of long runs).
    pub verify_pairs: u64,
    /// Values computed with a precomputed pair set ([`Pre`]).
    pub pre_steps: u64,
}

/// Two-heap options of one heap computed ahead (by the parallel engine, [`super::parallel`]):
/// for split `si` of the moves, every pair `(a, m - a)` with `lo[si] <= a <= hi[si]` is in `mask`
/// (a bitset of option values); the engine looks at the other pairs itself.
///
/// With `rare = Some((far, rebuilds))` the mask also holds every rare pair `(r, m - r)` whose two
/// heaps lie below `far` (`m - far < r < far`, `r` rare in the split the engine had after
/// `rebuilds` rebuilds, the rare heaps then known being exactly those below `far`); while the
/// engine has made no rebuild since, it pairs only the other rare heaps itself (`r <= m - far`
/// or `r >= far`), and all of them otherwise.
#[derive(Debug, Clone, Copy)]
pub struct Pre<'a> {
    /// Per split (in the order of [`OctalMoves::split`]): the smallest `a` covered.
    pub lo: &'a [u32],
    /// Per split: the largest `a` covered (none when below `lo`).
    pub hi: &'a [u32],
    /// The option values of the covered pairs.
    pub mask: &'a [u64],
    /// The rare pairs covered: below `far`, for the split of the given rebuild count.
    pub rare: Option<(usize, u64)>,
}

impl Parts {
    /// Work counters.
    pub(crate) fn stats(&self) -> EngineStats {
        self.stats
    }

    /// See [`Engine::words`].
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// Per class of the rare/common split: its splitting moves, its rare heaps and their values
    /// (ascending).
    pub(crate) fn rare_lists(&self) -> impl Iterator<Item = (&[(usize, bool)], &[u32], &[u16])> {
        self.classes.iter().map(|c| (&c.splits[..], &c.rare_pos[..], &c.rare_val[..]))
    }

    /// Per class of the split: the bitset of its common keys (`key = G << 1 | n & 1`) and how
    /// many there are (a key joins, never leaves, between rebuilds).
    pub(crate) fn common_sets(&self) -> impl Iterator<Item = (&[u64], usize)> {
        self.classes.iter().map(|c| (&c.common[..], c.common_list.len()))
    }
}

/// The engine's state without its store (moved between stores by the parallel engine).
#[derive(Debug, Clone)]
pub(crate) struct Parts {
    moves: OctalMoves,
    path: Path,
    classes: Vec<Class>,
    counts: Vec<u64>,
    max_value: u16,
    words: usize,
    opts: Vec<u64>,
    banks: Banks,
    last_rebuild: usize,
    stats: EngineStats,
    blocks: block::Blocks,
    settled_words: Option<[u64; 2]>,
}

/// Which path computes each value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    /// Sparse where it pays, plain elsewhere (the default).
    Auto,
    /// Always the plain bitset mex over all pairs (the reference path).
    Plain,
}

/// Four bitsets of option values, pair `j` of a long loop going to bitset `j % 4`: setting a bit
/// is a read-modify-write of one word, and with one bitset the next pair whose value falls in the
/// same word waits for it (a chain of dependent stores and loads through memory); four bitsets
/// make four independent chains. [`Banks::merge`] ORs them into the option set before a mex.
/// Values below 512 may go instead to `bytes`, one byte per value (set by a store, no read:
/// the rare pairs, [`Banks::rare_bytes`]).
#[derive(Debug, Clone)]
struct Banks {
    bits: Box<[[u64; ALL_WORDS]; 4]>,
    /// Whether some bank may hold a bit (they are cleared lazily).
    dirty: bool,
    bytes: Box<[u8; hunt::LIMIT]>,
    /// Whether some byte may be set.
    bytes_dirty: bool,
}

impl Banks {
    fn new() -> Self {
        Banks {
            bits: Box::new([[0; ALL_WORDS]; 4]),
            dirty: false,
            bytes: Box::new([0; hunt::LIMIT]),
            bytes_dirty: false,
        }
    }

    /// Clear the first `words` words of every bank, if used since the last clear.
    #[inline(always)]
    fn clear(&mut self, words: usize) {
        if self.dirty {
            for b in self.bits.iter_mut() {
                b[..words].fill(0);
            }
            self.dirty = false;
        }
        if self.bytes_dirty {
            self.bytes.fill(0);
            self.bytes_dirty = false;
        }
    }

    /// OR the first `words` words of every bank into `opts` (if used since the last clear), and
    /// the bytes (then cleared).
    #[inline(always)]
    fn merge(&mut self, opts: &mut [u64], words: usize) {
        if self.bytes_dirty {
            hunt::fold_bytes(&mut self.bytes[..(words * 64).min(hunt::LIMIT)], opts);
            self.bytes_dirty = false;
        }
        if !self.dirty {
            return;
        }
        for b in self.bits.iter() {
            for (o, &w) in opts[..words].iter_mut().zip(&b[..words]) {
                *o |= w;
            }
        }
    }

    /// [`Banks::rare`] into the bytes (every value below 512).
    #[inline(never)]
    fn rare_bytes(&mut self, pos: &[u32], val: &[u16], w: &[u16], top: usize) {
        self.bytes_dirty = true;
        let bytes = &mut *self.bytes;
        for (&p, &x) in pos.iter().zip(val) {
            let v = x ^ w[top - p as usize];
            bytes[v as usize % hunt::LIMIT] = 1;
        }
    }

    /// The rare pairs: `val[j] ^ w[top - pos[j]]` for every `j` (`w[top - r]` is the partner of
    /// rare heap `r`). Not inlined, like [`Banks::scan`].
    #[inline(never)]
    fn rare(&mut self, pos: &[u32], val: &[u16], w: &[u16], top: usize) {
        let bits = &mut *self.bits;
        let len = pos.len().min(val.len());
        let (pos, val) = (&pos[..len], &val[..len]);
        for (p, x) in pos.chunks_exact(4).zip(val.chunks_exact(4)) {
            for t in 0..4 {
                let v = x[t] ^ w[top - p[t] as usize];
                bits[t][(v >> 6) as usize] |= 1 << (v & 63);
            }
        }
        for j in len - len % 4..len {
            let v = val[j] ^ w[top - pos[j] as usize];
            bits[0][(v >> 6) as usize] |= 1 << (v & 63);
        }
    }

    /// Every pair `(lo[j], hi[len - 1 - j])` (the plain path).
    fn all(&mut self, lo: &[u16], hi: &[u16]) {
        pairs_into(&mut self.bits, lo, hi);
    }

    /// [`Banks::all`] when every value is below 64: the bits of one word, in four registers.
    #[inline(never)]
    fn word(lo: &[u16], hi: &[u16]) -> u64 {
        let len = lo.len().min(hi.len());
        let (lo, hi) = (&lo[..len], &hi[hi.len() - len..]);
        let mut acc = [0u64; 4];
        for (x, y) in lo.chunks_exact(4).zip(hi.rchunks_exact(4)) {
            for (t, a) in acc.iter_mut().enumerate() {
                *a |= 1 << ((x[t] ^ y[3 - t]) & 63);
            }
        }
        for j in len - len % 4..len {
            acc[0] |= 1 << ((lo[j] ^ hi[len - 1 - j]) & 63);
        }
        acc[0] | acc[1] | acc[2] | acc[3]
    }

    /// Pairs `(lo[j], hi[len - 1 - j])` in order, until one reaches `g`: its index (every pair up
    /// to it is set, none after), or `None` (every pair is set). Its own function (not inlined),
    /// so that its loop keeps its state in registers.
    #[inline(never)]
    fn scan(&mut self, lo: &[u16], hi: &[u16], g: u16) -> Option<usize> {
        let len = lo.len().min(hi.len());
        let (lo, hi) = (&lo[..len], &hi[hi.len() - len..]);
        let bits = &mut *self.bits;
        let mut base = 0;
        for (x, y) in lo.chunks_exact(4).zip(hi.rchunks_exact(4)) {
            let v = [x[0] ^ y[3], x[1] ^ y[2], x[2] ^ y[1], x[3] ^ y[0]];
            if v.contains(&g) {
                for (t, &w) in v.iter().enumerate() {
                    bits[t][(w >> 6) as usize] |= 1 << (w & 63);
                    if w == g {
                        return Some(base + t);
                    }
                }
            }
            for (t, &w) in v.iter().enumerate() {
                bits[t][(w >> 6) as usize] |= 1 << (w & 63);
            }
            base += 4;
        }
        for j in base..len {
            let w = lo[j] ^ hi[len - 1 - j];
            bits[j & 3][(w >> 6) as usize] |= 1 << (w & 63);
            if w == g {
                return Some(j);
            }
        }
        None
    }
}

/// The pairs `(a, m - a)` of split `si` the engine looks at itself, as two ranges of `a`: all of
/// `1..=m / 2` (without `m / 2` for an unequal split of an even `m`, the forbidden equal split)
/// but those that `pre` covers.
#[inline(always)]
fn uncovered(pre: Option<Pre>, si: usize, m: usize, unequal: bool) -> [(usize, usize); 2] {
    let top = if unequal && m.is_multiple_of(2) { m / 2 } else { m / 2 + 1 };
    match pre {
        Some(p) if p.lo[si] <= p.hi[si] => {
            let a = (p.lo[si] as usize).clamp(1, top);
            [(1, a), ((p.hi[si] as usize + 1).clamp(a, top), top)]
        }
        _ => [(1, top), (top, top)],
    }
}

/// The pairs `(lo[j], hi[len - 1 - j])` in order into the bitset word `acc` (every value below
/// 64) until one reaches `g`: its `j` (the pairs after it are not set).
#[inline(always)]
fn word_until(lo: &[u16], hi: &[u16], g: usize, acc: &mut u64) -> Option<usize> {
    let len = lo.len().min(hi.len());
    let (lo, hi) = (&lo[..len], &hi[hi.len() - len..]);
    let mut w = *acc;
    for j in 0..len {
        let v = lo[j] ^ hi[len - 1 - j];
        w |= 1 << (v & 63);
        if v as usize == g {
            *acc = w;
            return Some(j);
        }
    }
    *acc = w;
    None
}

/// Keys: a value with its heap's parity, `G(i) << 1 | i & 1`.
const KEYS: usize = 1 << 17;

/// The rare/common split for the splitting moves whose removal has parity `d`.
///
/// With keys `x(i) = G(i) << 1 | (i & 1)`, a split of heap `n` removing `k` (`k & 1 = d`) into
/// Four bitsets over every 16-bit value (see [`Banks`]; an index `v >> 6` is always in bounds).
pub(crate) type Bitsets = [[u64; ALL_WORDS]; 4];

/// Every pair `(lo[j], hi[len - 1 - j])` into `bits`, pair `j` into bitset `j % 4`. Not
/// inlined, like [`Banks::scan`], so that its loop keeps its state in registers.
#[inline(never)]
pub(crate) fn pairs_into(bits: &mut Bitsets, lo: &[u16], hi: &[u16]) {
    let len = lo.len().min(hi.len());
    let (lo, hi) = (&lo[..len], &hi[hi.len() - len..]);
    for (x, y) in lo.chunks_exact(4).zip(hi.rchunks_exact(4)) {
        for t in 0..4 {
            let v = x[t] ^ y[3 - t];
            bits[t][(v >> 6) as usize] |= 1 << (v & 63);
        }
    }
    for j in len - len % 4..len {
        let v = lo[j] ^ hi[len - 1 - j];
        bits[0][(v >> 6) as usize] |= 1 << (v & 63);
    }
}

/// `a + b = n - k` has `x(a) ^ x(b) = (G(a) ^ G(b)) << 1 | (n & 1) ^ d`, so it reaches value `g`
/// exactly when `x(a) ^ x(b) ^ T = d` with `T = g << 1 | n & 1`, the key `G(n) = g` would get.
/// The common keys `C` are *d-free*: `c1 ^ c2 ^ c3 != d` for all `c1, c2, c3` in `C`. So when
/// `T` is common no pair of common heaps reaches `g`, and pairing the rare heaps finds every such
/// option. (For `d = 0` and without the parity bit this is the XOR-free split of the module doc;
/// the parity bit lets a value be common at even heaps and rare at odd ones, as in `.106`.)
#[derive(Debug, Clone)]
struct Class {
    d: u32,
    /// The splitting moves of this parity: `(k, unequal)`.
    splits: Vec<(usize, bool)>,
    /// Bitset over keys: the common keys, and their list.
    common: Vec<u64>,
    common_list: Vec<u32>,
    /// Positions `>= 1` whose key is rare, ascending, and their values.
    rare_pos: Vec<u32>,
    rare_val: Vec<u16>,
    rare_at_rebuild: usize,
}

impl Class {
    fn new(d: u32, splits: Vec<(usize, bool)>) -> Self {
        Class {
            d,
            splits,
            common: vec![0; KEYS / 64],
            common_list: Vec::new(),
            rare_pos: Vec::new(),
            rare_val: Vec::new(),
            rare_at_rebuild: 0,
        }
    }

    #[inline(always)]
    fn is_common(&self, x: u32) -> bool {
        self.common[x as usize >> 6] >> (x & 63) & 1 != 0
    }

    /// Whether key `x` may join `C` with `C` staying d-free: `x != d` and `x ^ c ^ d` is not
    /// common for any common `c` (the triples that involve `x` twice reduce to these).
    fn may_join(&self, x: u32) -> bool {
        x != self.d && self.common_list.iter().all(|&c| !self.is_common(x ^ c ^ self.d))
    }

    fn join(&mut self, x: u32) {
        self.common[x as usize >> 6] |= 1 << (x & 63);
        self.common_list.push(x);
    }
}

/// The streaming engine: computes `G(0), G(1), ...` in order into its [`Store`].
#[derive(Debug, Clone)]
pub struct Engine<S: Store = FullStore> {
    moves: OctalMoves,
    store: S,
    path: Path,
    /// One split per parity of the removal of the splitting moves (one or two).
    classes: Vec<Class>,
    /// How often each key occurred.
    counts: Vec<u64>,
    /// Largest value so far, and the bitset words that cover every option value.
    max_value: u16,
    words: usize,
    /// Scratch bitset of option values.
    opts: Vec<u64>,
    /// Four more, filled in turn by the long loops over pairs (see [`Banks`]).
    banks: Banks,
    /// Heap count at the last rebuild.
    last_rebuild: usize,
    stats: EngineStats,
    /// Block verification ([`block`]).
    blocks: block::Blocks,
    /// Per parity of the heap: bit `v` set when value `v < 64` is settled ([`Engine::settled`]);
    /// `None` when to be computed again (a key seen for the first time, a rebuild, an undo).
    settled_words: Option<[u64; 2]>,
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
        let classes = (0..2u32)
            .map(|d| {
                Class::new(
                    d,
                    moves.split.iter().copied().filter(|&(k, _)| k as u32 & 1 == d).collect(),
                )
            })
            .filter(|c| !c.splits.is_empty())
            .collect();
        Engine {
            moves,
            store,
            path,
            classes,
            counts: vec![0; KEYS],
            max_value: 0,
            words: 1,
            opts: vec![0; ALL_WORDS + 1],
            banks: Banks::new(),
            last_rebuild: 0,
            stats: EngineStats::default(),
            blocks: block::Blocks::new(),
            settled_words: None,
        }
    }

    /// The state without the store, and the store.
    pub(crate) fn into_parts(self) -> (Parts, S) {
        let Engine {
            moves,
            store,
            path,
            classes,
            counts,
            max_value,
            words,
            opts,
            banks,
            last_rebuild,
            stats,
            blocks,
            settled_words,
        } = self;
        (
            Parts {
                moves,
                path,
                classes,
                counts,
                max_value,
                words,
                opts,
                banks,
                last_rebuild,
                stats,
                blocks,
                settled_words,
            },
            store,
        )
    }

    /// An engine from a state and a store that holds exactly the values that state has seen.
    pub(crate) fn from_parts(p: Parts, store: S) -> Self {
        Engine {
            moves: p.moves,
            store,
            path: p.path,
            classes: p.classes,
            counts: p.counts,
            max_value: p.max_value,
            words: p.words,
            opts: p.opts,
            banks: p.banks,
            last_rebuild: p.last_rebuild,
            stats: p.stats,
            blocks: p.blocks,
            settled_words: p.settled_words,
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

    /// The store, to take its values (the engine is then to be replaced).
    pub(crate) fn store_mut(&mut self) -> &mut S {
        &mut self.store
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

    /// Block verification ([`block`]): tables built, heaps settled by a table, and the prefix
    /// length now chosen (pairs per split; 0: off).
    pub fn block_stats(&self) -> (u64, u64, usize) {
        self.blocks.stats()
    }

    /// The rare heaps of each class of the split (by parity of removal), ascending.
    pub fn rare_positions(&self) -> Vec<&[u32]> {
        self.classes.iter().map(|c| &c.rare_pos[..]).collect()
    }

    /// The number of rare positions, summed over the splits (one per parity of removal).
    pub fn rare_heaps(&self) -> usize {
        self.classes.iter().map(|c| c.rare_pos.len()).sum()
    }

    /// For each split (by parity of removal): the common values at even heaps, at odd heaps.
    pub fn common_values(&self) -> Vec<(Vec<u16>, Vec<u16>)> {
        self.classes
            .iter()
            .map(|c| {
                let mut list = c.common_list.clone();
                list.sort_unstable();
                let even = list.iter().filter(|&&x| x & 1 == 0).map(|&x| (x >> 1) as u16).collect();
                let odd = list.iter().filter(|&&x| x & 1 == 1).map(|&x| (x >> 1) as u16).collect();
                (even, odd)
            })
            .collect()
    }

    /// Appends a value known to be `G(len())` (read back from a checkpoint): the engine's state
    /// becomes what computing it would have made it (`record` is the same step).
    pub fn push_known(&mut self, g: u16) -> Result<(), EngineError> {
        let n = self.store.len();
        if n >= u32::MAX as usize {
            return Err(EngineError::TooLong);
        }
        self.record(n, g);
        Ok(())
    }

    /// Undoes the step that recorded `G(n) = g`, the last value of the engine, when no rebuild
    /// of the split came after it (the store is truncated by the caller; the work counters are
    /// left as they are; [`Engine::refresh_max`] once done). A key whose count falls to zero
    /// and is common joined the split at `n` (a rebuild joins only keys seen, and later joins
    /// were undone first), so it is the last one that joined.
    pub(crate) fn unrecord(&mut self, n: usize, g: u16) {
        let x = (g as u32) << 1 | (n as u32 & 1);
        let count = &mut self.counts[x as usize];
        *count = count.saturating_sub(1);
        let gone = *count == 0;
        self.blocks.forget();
        self.settled_words = None;
        for c in &mut self.classes {
            if c.rare_pos.last() == Some(&(n as u32)) {
                c.rare_pos.pop();
                c.rare_val.pop();
            }
            if gone && c.common_list.last() == Some(&x) {
                c.common_list.pop();
                c.common[x as usize >> 6] &= !(1 << (x & 63));
            }
        }
    }

    /// The largest value and the bitset words again from the counts (after [`Engine::unrecord`]).
    pub(crate) fn refresh_max(&mut self) {
        let top = self.counts.iter().rposition(|&c| c > 0).unwrap_or(0);
        self.max_value = (top >> 1) as u16;
        let bits = 16 - self.max_value.leading_zeros() as usize;
        self.words = ((1usize << bits) / 64).max(1);
    }

    /// Compute values until `len() >= n`.
    pub fn extend_to(&mut self, n: usize) -> Result<(), EngineError> {
        while self.store.len() < n {
            self.next_value()?;
        }
        Ok(())
    }

    /// Whether candidate `g` for heap `n` is certainly the mex without a scan of all pairs: in
    /// every split its key is common, or new and free to join.
    #[inline(always)]
    fn settled(&self, n: usize, g: usize) -> bool {
        let x = (g as u32) << 1 | (n as u32 & 1);
        self.classes
            .iter()
            .all(|c| c.is_common(x) || (self.counts[x as usize] == 0 && c.may_join(x)))
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

    #[inline(always)]
    fn get(&self, n: usize, i: usize) -> Result<u16, EngineError> {
        if self.store.has(i) {
            Ok(self.store.get(i))
        } else {
            Err(EngineError::Forgotten { n, needed: i })
        }
    }

    fn forgotten(&self, n: usize) -> EngineError {
        EngineError::Forgotten { n, needed: self.store.oldest().saturating_sub(1) }
    }

    /// Every two-heap option of heap `n` into `opts` (the plain path).
    fn all_pairs(&mut self, n: usize, pre: Option<Pre>) -> Result<(), EngineError> {
        if !self.store.complete() {
            return Err(self.forgotten(n));
        }
        if let Some(p) = pre {
            for (o, &w) in self.opts.iter_mut().zip(p.mask) {
                *o |= w;
            }
        }
        for si in 0..self.moves.split.len() {
            let (k, unequal) = self.moves.split[si];
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let seam = self.store.seam();
            for (mut a, stop) in uncovered(pre, si, m, unequal) {
                while a < stop {
                    // As in `verify`: pairs a..to, their partners on one side of the seam.
                    let to = if a + seam <= m && m + 1 - seam < stop { m + 1 - seam } else { stop };
                    match self.store.window(a, to).zip(self.store.window(m + 1 - to, m + 1 - a)) {
                        Some((lo, hi)) if self.words == 1 => self.opts[0] |= Banks::word(lo, hi),
                        Some((lo, hi)) => {
                            self.banks.dirty = true;
                            self.banks.all(lo, hi);
                        }
                        None => {
                            for i in a..to {
                                let v = self.store.get(i) ^ self.store.get(m - i);
                                Self::set(&mut self.opts, v);
                            }
                        }
                    }
                    a = to;
                }
            }
        }
        self.banks.merge(&mut self.opts, self.words);
        Ok(())
    }

    /// Scan all pairs until the candidate is settled; returns the exact mex. The scan starts at
    /// the smallest heaps, whose partners are the most recent ones. In bounded memory a pair no
    /// longer kept is passed over: the candidate settled by the pairs kept is the value all the
    /// same (no pair of common heaps reaches it), and the scan refuses, naming the first pair
    /// passed over, only when no candidate settles. So whether it refuses does not depend on
    /// the order the pairs are met in (the parallel engine meets them in another order).
    /// With `pre`, its pairs are already in `opts` and only the pairs below its `lo` are scanned.
    fn verify(&mut self, n: usize, g: usize, pre: Option<Pre>) -> Result<usize, EngineError> {
        self.stats.full_scans += 1;
        // With two splits or more, the first FIRST pairs of each before the rest of any.
        let kmax = self.moves.split.last().map_or(0, |s| s.0);
        let first = self.moves.split.len() > 1 && n >= kmax + 2 * FIRST + 2;
        // Where scans are long (Officers), the whole scan hunts its targets; where they are
        // short (`.454`, `.106`), the first pairs one by one cost less than finding the targets.
        let long = self.stats.verify_pairs > LONG_SCAN * self.stats.full_scans;
        if pre.is_none()
            && self.words == 1
            && self.store.complete()
            && let Some(g) = self.verify_word(n, g, first)
        {
            return Ok(g);
        }
        if pre.is_none()
            && long
            && self.store.complete()
            && let Some(g) = self.verify_hunt(n, g, first)
        {
            return Ok(g);
        }
        if pre.is_none() && first && self.store.complete() {
            return match self.head(n, g, FIRST)? {
                block::Head::Settled(g) => Ok(g),
                block::Head::Open(g) => Ok(self.scan_from(n, g, None, FIRST)?.0),
            };
        }
        Ok(self.scan_from(n, g, pre, 1)?.0)
    }

    /// [`Engine::verify`] over the pairs `(a, m - a)` with `a >= from` only (the others are
    /// already in `opts`): the exact mex, the split it settled in (`split.len()`: none, every
    /// pair was read) and the pairs read.
    pub(super) fn scan_from(
        &mut self,
        n: usize,
        mut g: usize,
        pre: Option<Pre>,
        from: usize,
    ) -> Result<(usize, usize, u64), EngineError> {
        let words = self.words;
        let mut missing = None;
        let mut read = 0u64;
        // The values the scan looks for (`hunt`), found again after the pairs read one by one.
        let mut targets = None;
        for si in 0..self.moves.split.len() {
            let (k, unequal) = self.moves.split[si];
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let ranges = uncovered(pre, si, m, unequal).map(|(a, b)| (a.max(from).min(b), b));
            for (mut a, stop) in ranges {
                while a < stop {
                    let (to, hit) =
                        self.next_hit(n, m, (a, stop), &mut g, &mut targets, &mut missing);
                    let Some(i) = hit else {
                        a = to;
                        continue;
                    };
                    a = i + 1;
                    self.stats.scanned_pairs += i as u64;
                    self.banks.merge(&mut self.opts, words);
                    g = self.mex();
                    if g > u16::MAX as usize {
                        return Err(EngineError::ValueTooLarge { n });
                    }
                    if self.settled(n, g) {
                        let here = (i + 1 - ranges[0].0.min(i + 1)) as u64;
                        self.stats.verify_pairs += here;
                        return Ok((g, si, read + here));
                    }
                }
            }
            let all = ranges.iter().map(|&(a, b)| (b - a) as u64).sum::<u64>();
            self.stats.verify_pairs += all;
            read += all;
        }
        if let Some(needed) = missing {
            // The candidate (the mex of every option kept) did not settle.
            return Err(EngineError::Forgotten { n, needed });
        }
        self.banks.merge(&mut self.opts, words);
        Ok((self.mex(), self.moves.split.len(), read))
    }

    /// The next pair of `(a, m - a)`, `a` in `a..stop`, that moves candidate `g` (with targets,
    /// `hunt`: that reaches the last target, the earlier moves counted and `g` moved here):
    /// where the pairs read end, and the pair found (its value is then in `opts`). The pairs
    /// `(a..to, m - a down to m - to + 1)` end where the partners cross the store's seam. The
    /// first HEAD pairs go one by one straight into `opts` (most candidates are met there, as in
    /// `.106`); the others, as two slices when the store has them so, to the targets or into
    /// the banks; else one by one (bounded memory).
    fn next_hit(
        &mut self,
        n: usize,
        m: usize,
        (a, stop): (usize, usize),
        g: &mut usize,
        targets: &mut Option<hunt::Targets>,
        missing: &mut Option<usize>,
    ) -> (usize, Option<usize>) {
        let seam = self.store.seam();
        let to = if a + seam <= m && m + 1 - seam < stop { m + 1 - seam } else { stop };
        let head = a < HEAD;
        let to = if head { to.min(HEAD) } else { to };
        let slices = if head {
            None
        } else {
            self.store.window(a, to).zip(self.store.window(m + 1 - to, m + 1 - a))
        };
        let Some((lo, hi)) = slices else {
            *targets = None;
            return (to, self.one_by_one(m, (a, to), *g, missing));
        };
        if targets.as_ref().is_none_or(|t| t.candidate() != *g) {
            // The banks' pairs count as met (a bitset scan of an earlier slice left them there).
            self.banks.merge(&mut self.opts, self.words);
            let max = self.max_value as usize;
            *targets =
                hunt::Targets::new(&self.opts[..=self.words], *g, max, |v| self.settled(n, v));
        }
        let Some(t) = targets else {
            self.banks.dirty = true;
            return (to, self.banks.scan(lo, hi, *g as u16).map(|j| a + j));
        };
        let found = t.hunt(lo, hi, (self.max_value as usize) < hunt::LIMIT);
        t.reached_into(&mut self.opts);
        *g = t.candidate();
        // The moves short of the last, as the bitset scan counts them (the last: the caller).
        self.stats.scanned_pairs += found.index_sum + a as u64 * found.moves;
        (to, found.done.map(|j| a + j))
    }

    /// The pairs `(i, m - i)`, `a <= i < to`, one by one into `opts` until one reaches `g`: its
    /// `i`. A pair no longer kept is passed over, the first one noted in `missing`.
    pub(super) fn one_by_one(
        &mut self,
        m: usize,
        (a, to): (usize, usize),
        g: usize,
        missing: &mut Option<usize>,
    ) -> Option<usize> {
        if self.words == 1
            && let Some((lo, hi)) =
                self.store.window(a, to).zip(self.store.window(m + 1 - to, m + 1 - a))
        {
            // Every value below 64: the bits in a register (no read-modify-write of `opts`).
            return word_until(lo, hi, g, &mut self.opts[0]).map(|j| a + j);
        }
        for i in a..to {
            if !(self.store.has(i) && self.store.has(m - i)) {
                let needed = if self.store.has(i) { m - i } else { i };
                *missing = missing.or(Some(needed));
                continue;
            }
            let v = self.store.get(i) ^ self.store.get(m - i);
            Self::set(&mut self.opts, v);
            if v as usize == g {
                return Some(i);
            }
        }
        None
    }

    /// Compute and store the next value `G(len())`, returning it.
    pub fn next_value(&mut self) -> Result<u16, EngineError> {
        self.next_value_pre(None)
    }

    /// [`Engine::next_value`] with some pairs computed ahead ([`Pre`]); the value is the same.
    pub fn next_value_pre(&mut self, pre: Option<Pre>) -> Result<u16, EngineError> {
        let n = self.store.len();
        if n >= u32::MAX as usize {
            return Err(EngineError::TooLong);
        }
        if pre.is_some() {
            self.stats.pre_steps += 1;
        }
        let words = self.words;
        self.opts[..=words].fill(0);
        self.banks.clear(words);
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
        let sparse =
            self.path == Path::Auto && self.classes.iter().all(|c| c.rare_pos.len() * 3 < n);
        let g = if sparse && !self.classes.is_empty() {
            self.stats.sparse_steps += 1;
            // Values below 64 (one bitset word) and, in bounded memory, every partner of a rare
            // heap still kept (the rare heaps are >= 1, so the partners are >= m - last rare).
            let small = self.words == 1
                && (self.store.complete()
                    || self.classes.iter().all(|c| {
                        c.rare_pos.last().is_none_or(|&r| {
                            n.saturating_sub(r as usize + self.moves.t + 1) >= self.store.oldest()
                        })
                    }));
            // The rare pairs the precomputed mask covers (see `Pre`): none when the split was
            // rebuilt since it was computed.
            let far = pre
                .and_then(|p| p.rare)
                .filter(|&(_, rebuilds)| rebuilds == self.stats.rebuilds)
                .map(|(far, _)| far);
            if let Some(p) = pre
                && far.is_some()
            {
                for (o, &w) in self.opts.iter_mut().zip(p.mask) {
                    *o |= w;
                }
            }
            for ci in 0..self.classes.len() {
                for si in 0..self.classes[ci].splits.len() {
                    let (k, unequal) = self.classes[ci].splits[si];
                    if n < k + 2 {
                        continue;
                    }
                    let m = n - k;
                    let pos = &self.classes[ci].rare_pos;
                    // (The last rare heap is usually below m: no search then.)
                    let count = match pos.last() {
                        Some(&r) if r as usize >= m => pos.partition_point(|&r| (r as usize) < m),
                        _ => pos.len(),
                    };
                    // Without a mask: every rare heap below m. With one: those whose partner is
                    // at or past `far`, and those born at or past `far`.
                    let (near, born) = match far {
                        Some(f) if count > 0 && pos[count - 1] as usize + f > m => {
                            let near = pos[..count].partition_point(|&r| r as usize + f <= m);
                            (near, pos[..count].partition_point(|&r| (r as usize) < f).max(near))
                        }
                        _ => (count, count),
                    };
                    for (lo, hi) in [(0, near), (born, count)] {
                        if lo < hi {
                            self.rare_pairs(ci, (m, unequal), (lo, hi), small)?;
                        }
                    }
                }
            }
            self.banks.merge(&mut self.opts, words);
            let mut g = self.mex();
            if g <= u16::MAX as usize
                && !self.settled(n, g)
                && let Some(p) = pre
            {
                // The pairs computed ahead, then (rarely) the rest: the candidate is settled by
                // the same rule whatever the order the pairs are met in.
                if far.is_none() {
                    for (o, &w) in self.opts.iter_mut().zip(p.mask) {
                        *o |= w;
                    }
                    g = self.mex();
                }
                if g <= u16::MAX as usize && !self.settled(n, g) {
                    self.stats.pre_misses += 1;
                    g = self.verify(n, g, pre)?;
                }
                g
            } else if g <= u16::MAX as usize && !self.settled(n, g) {
                match self.verify_block(n, g) {
                    Some(found) => found?,
                    None => self.verify(n, g, None)?,
                }
            } else {
                g
            }
        } else {
            self.stats.plain_steps += 1;
            self.all_pairs(n, pre)?;
            self.mex()
        };
        if g > u16::MAX as usize {
            return Err(EngineError::ValueTooLarge { n });
        }
        let g = g as u16;
        self.record(n, g);
        Ok(g)
    }

    /// The rare pairs `(r, m - r)` of class `ci` for the rare heaps `pos[lo..hi]` (all `< m`)
    /// into the option set; `small`: every value below 64 and every partner kept.
    fn rare_pairs(
        &mut self,
        ci: usize,
        (m, unequal): (usize, bool),
        (lo, hi): (usize, usize),
        small: bool,
    ) -> Result<(), EngineError> {
        let n = self.store.len();
        let c = &self.classes[ci];
        if small && !(unequal && m.is_multiple_of(2)) {
            // Every value below 64 and every partner kept: one word, four accumulators (no
            // chain of dependent read-modify-writes of `opts`).
            let (pos, val) = (&c.rare_pos[lo..hi], &c.rare_val[lo..hi]);
            let count = pos.len();
            let mut acc = [0u64; 4];
            let mut j = 0;
            while j + 4 <= count {
                for (t, a) in acc.iter_mut().enumerate() {
                    let v = val[j + t] ^ self.store.get(m - pos[j + t] as usize);
                    *a |= 1 << (v & 63);
                }
                j += 4;
            }
            while j < count {
                acc[0] |= 1 << ((val[j] ^ self.store.get(m - pos[j] as usize)) & 63);
                j += 1;
            }
            self.opts[0] |= acc[0] | acc[1] | acc[2] | acc[3];
            return Ok(());
        }
        let mut from = lo;
        if !(unequal && m.is_multiple_of(2)) {
            // The partners m - r as slices, on each side of the store's seam, while the store
            // has them so; the rest one by one.
            let seam = self.store.seam();
            let cut = lo + c.rare_pos[lo..hi].partition_point(|&r| m - r as usize >= seam);
            for (a, b) in [(lo, cut), (cut, hi)] {
                if a == b {
                    from = b;
                    continue;
                }
                let (first, last) = (c.rare_pos[a] as usize, c.rare_pos[b - 1] as usize);
                let Some(w) = self.store.window(m - last, m + 1 - first) else { break };
                let (pos, val) = (&c.rare_pos[a..b], &c.rare_val[a..b]);
                if (self.max_value as usize) < hunt::LIMIT {
                    self.banks.rare_bytes(pos, val, w, last);
                } else {
                    self.banks.dirty = true;
                    self.banks.rare(pos, val, w, last);
                }
                from = b;
            }
        }
        for j in from..hi {
            let r = c.rare_pos[j] as usize;
            let b = m - r;
            if unequal && b == r {
                continue;
            }
            if !self.store.has(b) {
                return Err(EngineError::Forgotten { n, needed: b });
            }
            Self::set(&mut self.opts, c.rare_val[j] ^ self.store.get(b));
        }
        Ok(())
    }

    fn record(&mut self, n: usize, g: u16) {
        let x = (g as u32) << 1 | (n as u32 & 1);
        let new = self.counts[x as usize] == 0;
        self.counts[x as usize] += 1;
        if new {
            self.settled_words = None;
        }
        self.store.push(g);
        if g > self.max_value {
            self.max_value = g;
            let bits = 16 - g.leading_zeros() as usize;
            self.words = ((1usize << bits) / 64).max(1);
        }
        let mut due = (n + 1).is_power_of_two() && n + 1 >= 64;
        for c in &mut self.classes {
            if new && c.may_join(x) {
                c.join(x);
            }
            if n >= 1 && !c.is_common(x) {
                c.rare_pos.push(n as u32);
                c.rare_val.push(g);
                due |= c.rare_pos.len() > 2 * c.rare_at_rebuild + 64
                    && n + 1 >= self.last_rebuild + self.last_rebuild / 4;
            }
        }
        if due && self.path == Path::Auto && self.store.complete() {
            self.rebuild();
        }
    }

    /// Choose the common keys afresh from the counts (most frequent first, greedy, d-free) and
    /// list the rare positions again.
    fn rebuild(&mut self) {
        self.stats.rebuilds += 1;
        self.settled_words = None;
        let top = ((self.max_value as usize) << 1) | 1;
        let mut order: Vec<u32> =
            (0..=top as u32).filter(|&x| self.counts[x as usize] > 0).collect();
        order.sort_by(|&a, &b| {
            self.counts[b as usize].cmp(&self.counts[a as usize]).then(a.cmp(&b))
        });
        let len = self.store.len();
        for c in &mut self.classes {
            c.common.iter_mut().for_each(|w| *w = 0);
            c.common_list.clear();
            for &x in &order {
                if c.may_join(x) {
                    c.join(x);
                }
            }
            c.rare_pos.clear();
            c.rare_val.clear();
            for i in 1..len {
                let v = self.store.get(i);
                if !c.is_common((v as u32) << 1 | (i as u32 & 1)) {
                    c.rare_pos.push(i as u32);
                    c.rare_val.push(v);
                }
            }
            c.rare_at_rebuild = c.rare_pos.len();
        }
        self.last_rebuild = len;
    }
}
