//! The rare/common engine on several cores ([`extend`]).
//!
//! The values are computed in blocks of consecutive heaps `[s, e)`. The options of a heap `n`
//! (`m = n - k` for a splitting move removing `k`) are of two kinds: *far* ones read only values
//! finished before the previous block, `G(0..f)`: the pairs `(a, m - a)` with `m - a < f`, and the
//! rare pairs `(r, m - r)` with both heaps below `f`; the others land inside the last two blocks:
//! the one-heap options, the pairs with `a <= m - f` (small `a`: the rare heaps smaller than
//! about two blocks), and the rare heaps born since `f`. While the main thread completes block
//! `[s, e)` in order, the workers compute for every heap of the *next* block the bitset of its far
//! options ([`Pre`]): every far rare pair, and the first `P` far pairs of each split (`P` per
//! block: more when more than 1 heap in 50 still needed a scan, fewer when the main thread
//! waited; on the plain path every far pair). The main thread then repairs each heap in order:
//! the bitset, the near rare pairs and one-heap options, the mex, and where the rare/common rule
//! does not settle that candidate, a scan of the pairs not covered. The option set is the
//! one-core set, so the value is identical: which pairs were looked at first never changes the
//! settled mex (see [`super::sparse`]). The far rare pairs are those of the split when the
//! workers started; after a rebuild the main thread pairs every rare heap itself.
//!
//! Blocks last about a millisecond of the main thread's work (64 to 2^14 heaps; `s / (4 T)` on
//! the plain path, `T` threads, which leaves the main thread about `1 / T` of the pairs). What
//! stays serial is the repair: for `.454` or `.106`, whose rare heaps are all small, it holds the
//! rare pairs, so they gain little; Officers `.6` (rare heaps everywhere, long scans) moves most
//! of its work to the workers. [`Timing`] says how the time was shared (`GAMES_SG_TIMING=1`
//! prints it).
//!
//! The workers are `std::thread::scope` threads for the whole run, fed one task per block over
//! channels; they read the finished values through a `RwLock` that the main thread takes for
//! writing only between blocks, when every task is done (no `unsafe`, no crate). The caller sees
//! the values once per block ([`Flow`]); a caller that stops inside a block gets the engine
//! brought back to that length (its state is a function of the values). `threads = 1` is the
//! one-core engine unchanged.

use super::sparse::{Engine, EngineError, EngineStats, FullStore, Pre, Store, pairs_into};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{RwLock, mpsc};

/// Heaps computed on one core before blocks start (blocks need `s` large against their length).
pub const START: usize = 1 << 12;
/// Longest block on the sparse path (a block is then about a millisecond of work).
const SPARSE_BLOCK: usize = 1 << 14;
/// Bitset words a heap's precomputed options may take (values below 2^12); larger values: one core.
const MAX_WORDS: usize = 64;

/// The values `G(0..s)` finished before the block (a store the workers read: every value, or
/// in bounded memory a prefix and the recent values), and the block's own values. It keeps what
/// the frozen store would keep at this length ([`Store::kept_at`]), so that the engine refuses
/// exactly where it would on one core.
#[derive(Debug)]
pub struct BlockStore<'a, F: Store = FullStore> {
    frozen: &'a F,
    local: Vec<u16>,
}

impl<F: Store> BlockStore<'_, F> {
    /// Whether `lo..hi` (below the length) is all kept.
    #[inline(always)]
    fn kept(&self, lo: usize, hi: usize) -> bool {
        let (a, b) = self.frozen.kept_at(self.len());
        hi <= a || lo >= b
    }
}

impl<F: Store> Store for BlockStore<'_, F> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.frozen.len() + self.local.len()
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u16 {
        let f = self.frozen.len();
        if i < f { self.frozen.get(i) } else { self.local[i - f] }
    }
    #[inline(always)]
    fn has(&self, i: usize) -> bool {
        i < self.len() && self.kept(i, i + 1)
    }
    #[inline(always)]
    fn push(&mut self, v: u16) {
        self.local.push(v);
    }
    #[inline(always)]
    fn complete(&self) -> bool {
        let len = self.len();
        let (a, b) = self.frozen.kept_at(len);
        a >= len || b == 0
    }
    #[inline(always)]
    fn oldest(&self) -> usize {
        self.frozen.kept_at(self.len()).1
    }
    #[inline(always)]
    fn seam(&self) -> usize {
        self.frozen.len()
    }
    #[inline(always)]
    fn kept_at(&self, len: usize) -> (usize, usize) {
        self.frozen.kept_at(len)
    }
    #[inline(always)]
    fn window(&self, lo: usize, hi: usize) -> Option<&[u16]> {
        let f = self.frozen.len();
        if !self.kept(lo, hi) {
            None
        } else if hi <= f {
            self.frozen.window(lo, hi)
        } else if lo >= f {
            self.local.get(lo - f..hi - f)
        } else {
            None
        }
    }
}

/// A store the blocks run on: the workers read it (shared between threads) while the main
/// thread computes a block, which is then appended. [`FullStore`] keeps every value;
/// `long_run::BoundedStore` a prefix and the recent values.
pub trait BlockValues: Store + Sync + Send + Sized {
    /// Append a block's values.
    fn append(&mut self, values: &[u16]);
    /// An empty store of the same shape.
    fn empty_like(&self) -> Self;
    /// Bring `engine` back to exactly `G(0..len)` (a run that stopped inside a block: `len` at
    /// least the block's start), as the one-core engine would be after those values.
    fn rewind(engine: &mut Engine<Self>, len: usize);
}

impl BlockValues for FullStore {
    fn append(&mut self, values: &[u16]) {
        self.values.extend_from_slice(values);
    }
    fn empty_like(&self) -> Self {
        FullStore::default()
    }
    fn rewind(engine: &mut Engine<Self>, len: usize) {
        let values = std::mem::take(&mut engine.store_mut().values);
        replay(engine, values, len);
    }
}

/// The precomputed pairs of heaps `start..end`: per heap, `lo` per split and `words` mask words;
/// `rare`: the far rare pairs are in the masks too (see [`Pre::rare`]).
struct Masks {
    start: usize,
    end: usize,
    splits: usize,
    words: usize,
    lo: Vec<u32>,
    hi: Vec<u32>,
    mask: Vec<u64>,
    rare: Option<(usize, u64)>,
    /// Pairs read for these heaps (without the rare pairs), and whether by scanning until
    /// settled.
    scanned: u64,
    by_scan: bool,
}

impl Masks {
    fn pre(&self, n: usize) -> Option<Pre<'_>> {
        if n < self.start || n >= self.end {
            return None;
        }
        let i = n - self.start;
        Some(Pre {
            lo: &self.lo[i * self.splits..(i + 1) * self.splits],
            hi: &self.hi[i * self.splits..(i + 1) * self.splits],
            mask: &self.mask[i * self.words..(i + 1) * self.words],
            rare: self.rare,
        })
    }
}

/// One class of the split: its splitting moves, its rare heaps and their values.
type RareClass = (Vec<(usize, bool)>, Vec<u32>, Vec<u16>);

/// A copy of the rare heaps of each class of the split (positions below the values frozen when
/// it was taken), kept up to date by appending; taken afresh after a rebuild.
#[derive(Default)]
struct RareCopy {
    rebuilds: u64,
    classes: Vec<RareClass>,
    /// Per class, the common keys when the copy was brought up to date (see
    /// [`scan_until_settled`]), and how many there were.
    common: Vec<(Vec<u64>, usize)>,
}

impl RareCopy {
    /// Bring the copy to the engine's split (`rebuilds`: its rebuild count).
    fn update(&mut self, parts: &super::sparse::Parts) {
        let rebuilds = parts.stats().rebuilds;
        if rebuilds != self.rebuilds || self.classes.len() != parts.rare_lists().count() {
            self.classes.clear();
            self.rebuilds = rebuilds;
        }
        let fresh = self.common.len() != parts.common_sets().count()
            || self.common.iter().zip(parts.common_sets()).any(|(c, (_, count))| c.1 != count);
        if self.classes.is_empty() || fresh {
            self.common = parts.common_sets().map(|(bits, count)| (bits.to_vec(), count)).collect();
        }
        if self.classes.is_empty() {
            self.classes = parts
                .rare_lists()
                .map(|(sp, pos, val)| (sp.to_vec(), pos.to_vec(), val.to_vec()))
                .collect();
            return;
        }
        for (c, (_, pos, val)) in self.classes.iter_mut().zip(parts.rare_lists()) {
            let have = c.1.len();
            c.1.extend_from_slice(&pos[have..]);
            c.2.extend_from_slice(&val[have..]);
        }
    }
}

/// What a worker computes for heaps `start..end`, reading only `values` (the frozen `G(0..s)`).
struct Job<'a, S> {
    values: &'a S,
    splits: &'a [(usize, bool)],
    /// At most this many middle pairs per split.
    pairs: usize,
    words: usize,
    /// The rare heaps to pair (far rare pairs), with the split's rebuild count.
    rare: Option<&'a RareCopy>,
    /// Scan each heap's far pairs until its candidate is settled (see [`scan_until_settled`])
    /// instead of taking the first `pairs`; needs `rare`.
    scan: bool,
    /// Candidates settled past the first before a scan stops, besides one per near rare pair of
    /// the heap (the options the workers cannot see, the one-heap moves into the block and the
    /// rare pairs whose partner is not finished, may reach the first ones).
    margin: usize,
    /// At most this many of the near rare pairs count in the margin.
    near_margin: usize,
}

/// The middle pairs of heaps `start..end` that read only `values` (at most `pairs` per split,
/// or with `scan` as many as settle the candidate), and with `rare` the rare pairs whose two
/// heaps lie below `values.len()`. In bounded memory only pairs still kept at heap `end` are
/// taken (the engine reads the others itself, and refuses where the one-core engine would); the
/// far rare pairs only when all of them are.
fn compute<S: Store>(
    job: &Job<S>,
    (start, end): (usize, usize),
    cancel: &AtomicBool,
    scratch: &mut Scratch,
) -> Masks {
    let (splits, words) = (job.splits, job.words);
    let count = end - start;
    // The values kept at heap `end`: below `prefix` and from `recent` on.
    let kept = job.values.kept_at(end);
    let mut rare_ok = true;
    let mut out = Masks {
        start,
        end,
        splits: splits.len(),
        words,
        lo: vec![1; count * splits.len()],
        hi: vec![0; count * splits.len()],
        mask: vec![0; count * words],
        rare: job.rare.map(|r| (job.values.len(), r.rebuilds)),
        scanned: 0,
        by_scan: job.scan && job.rare.is_some(),
    };
    for n in start..end {
        if (n - start) & 7 == 0 && cancel.load(Ordering::Relaxed) {
            out.end = n;
            break;
        }
        let i = n - start;
        let mask = &mut out.mask[i * words..(i + 1) * words];
        let span = i * splits.len()..(i + 1) * splits.len();
        let (lo, hi) = (&mut out.lo[span.clone()], &mut out.hi[span]);
        for b in scratch.banks.iter_mut() {
            b[..words].fill(0);
        }
        let mut near = 0;
        if let Some(rare) = job.rare {
            match far_rare_pairs(job.values, rare, n, &mut scratch.banks, kept) {
                Some(count) => near = count,
                None => rare_ok = false,
            }
        }
        match job.rare {
            Some(rare) if job.scan => {
                let margin = job.margin + near.min(job.near_margin);
                scan_until_settled(job, (rare, margin), (n, kept), (lo, hi, mask), scratch)
            }
            _ => first_pairs(job, (n, kept), (lo, hi, mask)),
        }
        merge_banks(&scratch.banks, mask);
        out.scanned += lo
            .iter()
            .zip(hi.iter())
            .map(|(&a, &b)| u64::from(b.saturating_sub(a)) + u64::from(b >= a))
            .sum::<u64>();
    }
    if !rare_ok {
        // Some partner is no longer kept: the engine pairs every rare heap itself (the bits
        // set are options of their heaps all the same).
        out.rare = None;
    }
    out
}

/// The far pairs `(a, m - a)` of a split: partner `m - a` finished (`a >= m - known + 1`), `a`
/// up to `top` (the largest `a`, without the equal split when it is forbidden); `None` when the
/// split has no pair.
///
/// In bounded memory (`kept = (prefix, recent)`, `recent > 0`: the values below `prefix` and from
/// `recent` on are kept) `top` is lowered so that the partners `m - top..=m - a` are all in the
/// prefix or all recent, and so are the heaps `a..=top`.
fn far_range(
    n: usize,
    (k, unequal): (usize, bool),
    known: usize,
    (prefix, recent): (usize, usize),
) -> Option<(usize, usize)> {
    if n < k + 2 {
        return None;
    }
    let m = n - k;
    let mut top = if unequal && m.is_multiple_of(2) { m / 2 - 1 } else { m / 2 };
    let a = (m.saturating_sub(known) + 1).max(1);
    if recent > 0 {
        if m - a >= prefix {
            top = top.min(m.saturating_sub(recent));
        }
        if a < recent {
            top = top.min(prefix.saturating_sub(1));
        }
    }
    Some((a, top))
}

/// The first `job.pairs` far pairs of each split of heap `n` into `mask`, with their ranges.
fn first_pairs<S: Store>(
    job: &Job<S>,
    (n, kept): (usize, (usize, usize)),
    (lo, hi, mask): (&mut [u32], &mut [u32], &mut [u64]),
) {
    let (values, words) = (job.values, job.words);
    for (si, &split) in job.splits.iter().enumerate() {
        let Some((a, top)) = far_range(n, split, values.len(), kept) else { continue };
        let b = top.min(a.saturating_add(job.pairs - 1));
        if a > b {
            continue;
        }
        let m = n - split.0;
        let (Some(left), Some(right)) = (values.window(a, b + 1), values.window(m - b, m - a + 1))
        else {
            continue;
        };
        (lo[si], hi[si]) = (a as u32, b as u32);
        if words == 1 {
            mask[0] |= or_bits(left, right);
        } else if left.len() >= 256 {
            or_words(left, right, mask);
        } else {
            for (&x, &y) in left.iter().zip(right.iter().rev()) {
                let v = x ^ y;
                mask[v as usize >> 6] |= 1 << (v & 63);
            }
        }
    }
}

/// The first-pairs count `P` from which the workers scan until settled (see [`Blocks::adapt`];
/// [`set_scan_from`] changes it).
const SCAN_FROM: usize = 1024;
static SCAN_FROM_NOW: AtomicUsize = AtomicUsize::new(SCAN_FROM);

/// Scan until settled from `P >= p` on (`0`: from the first block; tests use it to run both
/// ways of sharing the work on the same codes). The values never depend on it.
pub fn set_scan_from(p: usize) {
    SCAN_FROM_NOW.store(p, Ordering::Relaxed);
}
/// Pairs a heap below which the scans go back to `P` pairs (see [`Blocks::adapt`]).
const SCAN_BACK: u64 = 1024;
/// Threads from which the workers may scan until settled. Measured on 16 cores (Officers to
/// 10^6, docs/benchmarks.md): with 2 threads the lone worker is the bottleneck and `P` pairs
/// let the main thread take a larger share; with 4 the two ways were even; with 8 and 16
/// scanning was faster.
const SCAN_THREADS: usize = 8;

/// The most pairs of a split a worker scans for one heap (a guard: a candidate that only the
/// near pairs reach would otherwise send it through every far pair).
const SCAN_PAIRS: usize = 1 << 16;

/// A number from the environment (the measurement knobs of [`Blocks`]).
fn env_number(name: &str) -> Option<usize> {
    std::env::var(name).ok()?.parse().ok()
}

/// Pairs of each split read between two looks at the candidate in [`scan_until_settled`]: 16
/// at first (games such as `.106` settle within a few dozen pairs), doubling up to 256.
const CHUNKS: (usize, usize) = (16, 256);

/// A worker's scratch space for [`scan_until_settled`]: four bitsets (pair `j` into bitset
/// `j % 4`: four independent chains of read-modify-writes) and a cursor per split.
struct Scratch {
    banks: Box<Banks>,
    cursors: Vec<Option<(usize, usize)>>,
}

/// Whether the key of value `g` at heap `n` was common in every class of the split copied in
/// `rare` (so no pair of common heaps reaches `g`: see [`super::sparse`]).
fn settled_in_copy(rare: &RareCopy, n: usize, g: usize) -> bool {
    let x = g << 1 | (n & 1);
    !rare.common.is_empty()
        && rare.common.iter().all(|(c, _)| c.get(x >> 6).is_some_and(|w| w >> (x & 63) & 1 != 0))
}

/// The far pairs of heap `n`, split by split in chunks of [`CHUNKS`], until the candidate (the
/// mex of the far rare pairs and the pairs so far) is settled by the split the workers copied,
/// and then `margin` more candidates, each counted as reached (the options the worker cannot
/// see may reach the first ones); or until the far pairs, or the `job.pairs` of each split,
/// run out. Only real pairs go into
/// `mask`: the value stays the one-core value whatever the scan covers, and the main thread
/// scans the rest where the candidate it sees is not settled.
fn scan_until_settled<S: Store>(
    job: &Job<S>,
    (rare, margin): (&RareCopy, usize),
    (n, kept): (usize, (usize, usize)),
    (lo, hi, mask): (&mut [u32], &mut [u32], &mut [u64]),
    scratch: &mut Scratch,
) {
    let (values, words) = (job.values, job.words);
    scratch.cursors.clear();
    for (si, &split) in job.splits.iter().enumerate() {
        let range = far_range(n, split, values.len(), kept);
        if let Some((a, _)) = range {
            (lo[si], hi[si]) = (a as u32, a as u32 - 1);
        }
        // At most `job.pairs` pairs of the split (the balance of the work, see `adapt`).
        scratch.cursors.push(range.map(|(a, top)| (a, top.min(a.saturating_add(job.pairs - 1)))));
    }
    let banks = &mut scratch.banks;
    let mut counted = [0u64; MAX_WORDS];
    let mut settled = 0;
    let mut chunk = CHUNKS.0;
    loop {
        // The candidate: the least value not among the options so far and those counted.
        loop {
            let free = (0..words)
                .map(|w| {
                    mask[w] | banks[0][w] | banks[1][w] | banks[2][w] | banks[3][w] | counted[w]
                })
                .enumerate()
                .find(|&(_, x)| x != !0);
            let Some((w, x)) = free else { break };
            let g = w * 64 + (!x).trailing_zeros() as usize;
            if !settled_in_copy(rare, n, g) {
                break;
            }
            settled += 1;
            if settled > margin {
                return;
            }
            counted[w] |= 1 << (g & 63);
        }
        let mut any = false;
        for (si, cursor) in scratch.cursors.iter_mut().enumerate() {
            let Some((a, top)) = *cursor else { continue };
            if a > top {
                continue;
            }
            let m = n - job.splits[si].0;
            let to = (a + chunk - 1).min(top);
            let (Some(left), Some(right)) =
                (values.window(a, to + 1), values.window(m - to, m - a + 1))
            else {
                *cursor = None;
                continue;
            };
            if words == 1 {
                banks[0][0] |= or_bits(left, right);
            } else {
                pairs_into(banks, left, right);
            }
            hi[si] = to as u32;
            *cursor = Some((to + 1, top));
            any = true;
        }
        if !any {
            break;
        }
        chunk = (chunk * 2).min(CHUNKS.1);
    }
}

/// OR the four bitsets into `mask`.
fn merge_banks(banks: &Banks, mask: &mut [u64]) {
    for (w, m) in mask.iter_mut().enumerate() {
        *m |= banks[0][w] | banks[1][w] | banks[2][w] | banks[3][w];
    }
}

/// The rare pairs `(r, m - r)` of heap `n` with both heaps below `values.len()` (the engine's
/// own part is the others: see [`Pre::rare`]) into `banks`; the number of rare pairs left to the
/// engine because their partner is not finished (the near ones), or `None` when a partner is
/// not kept (`kept = (prefix, recent)`: kept below `prefix` and from `recent` on).
fn far_rare_pairs<S: Store>(
    values: &S,
    rare: &RareCopy,
    n: usize,
    banks: &mut Banks,
    (prefix, recent): (usize, usize),
) -> Option<usize> {
    let known = values.len();
    let mut near = 0;
    for (splits, pos, val) in &rare.classes {
        for &(k, unequal) in splits {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let from = pos.partition_point(|&r| r as usize + known <= m);
            let to = pos.partition_point(|&r| (r as usize) < m.min(known));
            near += from;
            if from >= to {
                continue;
            }
            // Without the equal split where it is forbidden (at most one rare heap r = m / 2).
            let mid = if unequal && m.is_multiple_of(2) {
                from + pos[from..to].partition_point(|&r| (r as usize) < m / 2)
            } else {
                to
            };
            let skip = usize::from(mid < to && pos[mid] as usize * 2 == m);
            for (a, b) in [(from, mid), (mid + skip, to)] {
                if a >= b {
                    continue;
                }
                // The partners m - pos[b - 1] ..= m - pos[a], all kept?
                let (first, last) = (m - pos[b - 1] as usize, m - pos[a] as usize);
                let straddles = recent > 0 && !(last < prefix || first >= recent);
                let forgotten = |r: &u32| m - *r as usize >= prefix && m - (*r as usize) < recent;
                if straddles && pos[a..b].iter().any(forgotten) {
                    return None;
                }
                rare_into(banks, &pos[a..b], &val[a..b], values, m);
            }
        }
    }
    Some(near)
}

/// Four bitsets over every 16-bit value: pair `j` of a loop goes to bitset `j % 4` (four
/// independent chains of read-modify-writes; an index `v >> 6` is always in bounds).
type Banks = super::sparse::Bitsets;

/// `val[j] ^ G(m - pos[j])` for every `j` into `banks` (every partner kept).
#[inline(never)]
fn rare_into<S: Store>(banks: &mut Banks, pos: &[u32], val: &[u16], values: &S, m: usize) {
    let len = pos.len().min(val.len());
    let (pos, val) = (&pos[..len], &val[..len]);
    for (p, x) in pos.chunks_exact(4).zip(val.chunks_exact(4)) {
        for t in 0..4 {
            let v = x[t] ^ values.get(m - p[t] as usize);
            banks[t][(v >> 6) as usize] |= 1 << (v & 63);
        }
    }
    for j in len - len % 4..len {
        let v = val[j] ^ values.get(m - pos[j] as usize);
        banks[0][(v >> 6) as usize] |= 1 << (v & 63);
    }
}

/// The bits `1 << (x ^ y)` for `x` in `left` and `y` in `right` read backwards (every value below
/// 64), with four accumulators so that the loop is not one chain of dependent ORs.
#[inline]
fn or_bits(left: &[u16], right: &[u16]) -> u64 {
    let len = left.len().min(right.len());
    let mut acc = [0u64; 4];
    let mut j = 0;
    while j + 4 <= len {
        for (t, a) in acc.iter_mut().enumerate() {
            *a |= 1u64 << ((left[j + t] ^ right[len - 1 - j - t]) & 63);
        }
        j += 4;
    }
    while j < len {
        acc[0] |= 1u64 << ((left[j] ^ right[len - 1 - j]) & 63);
        j += 1;
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}

/// [`or_bits`] for values of any size below `64 * mask.len()` (at most [`MAX_WORDS`] words), with
/// four bitsets so that the loop is four chains of read-modify-writes, not one (long runs of
/// pairs: the four bitsets are cleared per call).
#[inline(never)]
fn or_words(left: &[u16], right: &[u16], mask: &mut [u64]) {
    let len = left.len().min(right.len());
    let (left, right) = (&left[..len], &right[right.len() - len..]);
    let mut acc = [[0u64; MAX_WORDS]; 4];
    for (x, y) in left.chunks_exact(4).zip(right.rchunks_exact(4)) {
        for t in 0..4 {
            let v = x[t] ^ y[3 - t];
            acc[t][v as usize >> 6] |= 1 << (v & 63);
        }
    }
    for j in len - len % 4..len {
        let v = left[j] ^ right[len - 1 - j];
        acc[0][v as usize >> 6] |= 1 << (v & 63);
    }
    for (w, m) in mask.iter_mut().enumerate() {
        *m |= acc[0][w] | acc[1][w] | acc[2][w] | acc[3][w];
    }
}

/// Threads for the octal engine in this process (see [`set_threads`]); 1 until set.
static THREADS: AtomicUsize = AtomicUsize::new(1);

/// Use `n` threads (at least 1) for the octal codes computed from now on by
/// [`super::values::Engine`] and [`super::long_run`] (`games sg -j N` sets it).
pub fn set_threads(n: usize) {
    THREADS.store(n.max(1), Ordering::Relaxed);
}

/// The threads set by [`set_threads`].
pub fn threads() -> usize {
    THREADS.load(Ordering::Relaxed)
}

/// The number of threads to use by default: all the machine's cores.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What the caller of [`extend`] wants after a block of values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Go,
    /// Stop here.
    Stop,
    /// Stop with `G(0..len)` exactly (`len` at most the values so far; the engine is then the
    /// one-core engine after those values).
    StopAt(usize),
}

/// Where the time of the last [`extend`] went, in nanoseconds: the main thread's own work (the
/// ordered part of each block, the caller's per-block step, merging), which no other thread can
/// share, and the workers' precomputation, summed over the workers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Timing {
    /// Threads used.
    pub threads: usize,
    /// Blocks computed on several threads.
    pub blocks: u64,
    /// Wall time of the whole call.
    pub wall_ns: u64,
    /// Time the main thread worked (not waiting for the workers): the serial part.
    pub serial_ns: u64,
    /// Time the workers worked, summed.
    pub workers_ns: u64,
    /// Heaps whose far pairs the workers scanned until settled, and the pairs they read.
    pub scanned_heaps: u64,
    pub scanned_pairs: u64,
}

impl Timing {
    /// The serial fraction of the work: serial / (serial + workers), in per mille (exact
    /// integers; 1000 when nothing ran on the workers).
    pub fn serial_per_mille(&self) -> u64 {
        let all = self.serial_ns + self.workers_ns;
        (self.serial_ns.saturating_mul(1000)).checked_div(all).unwrap_or(1000)
    }
}

impl Timing {
    /// One line: `sg timing: threads T blocks B wall W s serial S s workers K s serial-fraction F`
    /// (seconds with three decimals, F in per mille as a decimal fraction).
    pub fn line(&self) -> String {
        let sec = |ns: u64| format!("{}.{:03}", ns / 1_000_000_000, ns / 1_000_000 % 1000);
        let f = self.serial_per_mille();
        format!(
            "sg timing: threads {} blocks {} wall {} s serial {} s workers {} s serial-fraction {}.{:03} scanned-heaps {} pairs-per-heap {}",
            self.threads,
            self.blocks,
            sec(self.wall_ns),
            sec(self.serial_ns),
            sec(self.workers_ns),
            f / 1000,
            f % 1000,
            self.scanned_heaps,
            self.scanned_pairs.checked_div(self.scanned_heaps).unwrap_or(0)
        )
    }
}

static LAST_TIMING: std::sync::Mutex<Timing> = std::sync::Mutex::new(Timing {
    threads: 1,
    blocks: 0,
    wall_ns: 0,
    serial_ns: 0,
    workers_ns: 0,
    scanned_heaps: 0,
    scanned_pairs: 0,
});

/// The [`Timing`] of the last [`extend`] in this process.
pub fn last_timing() -> Timing {
    LAST_TIMING.lock().map(|t| *t).unwrap_or_default()
}

/// CPU time of the calling thread in nanoseconds, where the system says (Linux:
/// `/proc/thread-self/schedstat`, its first field); `None` elsewhere. Time spent waiting is not
/// counted, so that a busy machine does not inflate the serial part.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn nanos(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// Compute values until `len() >= upto` with `threads` threads, calling
/// `on_block(values, from, stats)` after each block with the values so far (`from`: the first
/// one new since the last call) and the engine's counters; its
/// [`Flow`] stops the run. With `threads <= 1`, or values too large for the precomputed bitsets,
/// the one-core engine runs (one value a block). The values are those of
/// [`Engine::next_value`].
pub fn extend(
    engine: &mut Engine<FullStore>,
    upto: usize,
    threads: usize,
    on_block: &mut dyn FnMut(&[u16], usize, EngineStats) -> Flow,
) -> Result<(), EngineError> {
    extend_from(engine, upto, threads, START, on_block)
}

/// The engine after exactly `G(0..len)` (a run that stopped inside a block): the values are
/// fed to a fresh engine as if computed (its state is a function of the values alone).
fn replay(engine: &mut Engine<FullStore>, mut values: Vec<u16>, len: usize) {
    values.truncate(len);
    let mut fresh =
        Engine::with_store(engine.moves().clone(), FullStore::default(), super::sparse::Path::Auto);
    for &g in &values {
        // Values below 2^16 from an engine that accepted them: a refusal is impossible here.
        let _ = fresh.push_known(g);
    }
    *engine = fresh;
}

/// [`extend`] with blocks from heap `start` on (at least 64; tests use small ones so that short
/// runs go through many blocks).
pub fn extend_from(
    engine: &mut Engine<FullStore>,
    upto: usize,
    threads: usize,
    start: usize,
    on_block: &mut dyn FnMut(&[u16], usize, EngineStats) -> Flow,
) -> Result<(), EngineError> {
    extend_store(engine, upto, threads, start, &mut |st: &FullStore, from, stats| {
        on_block(&st.values, from, stats)
    })
}

/// [`extend_from`] on any [`BlockValues`] store (bounded memory: `long_run::BoundedStore`),
/// `on_block` seeing the store after each block. The values, and where the engine refuses one
/// no longer kept, are those of the one-core engine over the same store.
pub fn extend_store<S: BlockValues>(
    engine: &mut Engine<S>,
    upto: usize,
    threads: usize,
    start: usize,
    on_block: &mut dyn FnMut(&S, usize, EngineStats) -> Flow,
) -> Result<(), EngineError> {
    let clock = std::time::Instant::now();
    let start = start.max(64);
    if engine.len() >= upto {
        return Ok(());
    }
    if threads <= 1 || engine.moves().split.is_empty() {
        // The one-core engine, unchanged.
        let mut res = Ok(());
        while engine.len() < upto {
            if let Err(e) = engine.next_value() {
                res = Err(e);
                break;
            }
            let len = engine.len();
            match on_block(engine.store(), len - 1, engine.stats()) {
                Flow::Go => {}
                Flow::Stop => break,
                Flow::StopAt(l) => {
                    if l < len {
                        S::rewind(engine, l);
                    }
                    break;
                }
            }
        }
        let wall = nanos(clock.elapsed());
        if let Ok(mut t) = LAST_TIMING.lock() {
            *t = Timing { threads: 1, wall_ns: wall, serial_ns: wall, ..Timing::default() };
        }
        return res;
    }
    let mut run = Blocks::new(engine, threads, start);
    let res = run.go(engine, upto, on_block);
    let mut timing = run.timing;
    timing.wall_ns = nanos(clock.elapsed());
    if let Ok(mut t) = LAST_TIMING.lock() {
        *t = timing;
    }
    if std::env::var_os("GAMES_SG_TIMING").is_some() {
        // A diagnostics line for the benchmark scripts (stderr; the output is unchanged).
        eprintln!("{}", timing.line());
    }
    res
}

/// The state of a run in blocks (see the module doc).
struct Blocks {
    threads: usize,
    start: usize,
    splits: Vec<(usize, bool)>,
    /// Pairs per split the workers take on the sparse path (adapted per block).
    pairs: usize,
    /// Heaps of a block on the sparse path (adapted per block).
    len: usize,
    /// `GAMES_SG_PAIRS=P`: `P` pairs per split whatever the balance (for measurements).
    fixed_pairs: Option<usize>,
    /// `GAMES_SG_BLOCK=L`: blocks of `L` heaps on the sparse path (for measurements).
    fixed_len: Option<usize>,
    /// Whether the workers scan until settled (see [`Blocks::adapt`]), and the most pairs of a
    /// split they then scan for one heap.
    scanning: bool,
    scan_cap: usize,
    /// `P` from which the workers scan until settled: [`SCAN_FROM`] with at least
    /// [`SCAN_THREADS`] threads, never with fewer (`GAMES_SG_SCAN_FROM` for measurements).
    scan_from: usize,
    /// [`Job::margin`] (the one-heap moves, plus one) and [`Job::near_margin`] (0);
    /// `GAMES_SG_MARGIN` and `GAMES_SG_NEAR` for measurements.
    margin: (usize, usize),
    timing: Timing,
}

/// What the workers share with the main thread: the finished values `G(0..s)` (written by the
/// main thread between blocks only, while no worker holds them) and the copy of the rare heaps.
struct Shared<S> {
    values: RwLock<S>,
    rare: RwLock<RareCopy>,
    cancel: AtomicBool,
    /// The workers' CPU time, summed as they end (0 where it cannot be read).
    worker_cpu: AtomicU64,
}

/// One worker's task: heaps `range`, reading `G(0..known)`.
#[derive(Clone, Copy)]
struct Task {
    range: (usize, usize),
    known: usize,
    pairs: usize,
    words: usize,
    rare: bool,
    /// See [`Job::scan`].
    scan: bool,
    margin: usize,
    near_margin: usize,
}

/// A worker: computes the masks of the tasks it receives until its channel closes. A panic in
/// a task (a bug) sends no masks: those heaps are then computed without them, the same values.
fn worker<S: BlockValues>(
    shared: &Shared<S>,
    splits: &[(usize, bool)],
    tasks: mpsc::Receiver<Task>,
    results: mpsc::Sender<(Option<Masks>, u64)>,
) {
    let cpu0 = thread_cpu_ns();
    // The worker's bitsets and cursors, for all its tasks.
    let mut scratch = Scratch { banks: Box::new([[0; 1 << 10]; 4]), cursors: Vec::new() };
    for task in tasks {
        let clock = std::time::Instant::now();
        let masks = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let values = shared.values.read().unwrap_or_else(|e| e.into_inner());
            let rare = shared.rare.read().unwrap_or_else(|e| e.into_inner());
            let job = Job {
                values: &*values,
                splits,
                pairs: task.pairs,
                words: task.words,
                rare: task.rare.then_some(&*rare),
                scan: task.scan,
                margin: task.margin,
                near_margin: task.near_margin,
            };
            // The values are appended only when every task of a block is done.
            let range = if values.len() == task.known { task.range } else { (0, 0) };
            compute(&job, range, &shared.cancel, &mut scratch)
        }))
        .ok();
        if results.send((masks, nanos(clock.elapsed()))).is_err() {
            break;
        }
    }
    if let (Some(a), Some(b)) = (cpu0, thread_cpu_ns()) {
        shared.worker_cpu.fetch_add(b.saturating_sub(a), Ordering::Relaxed);
    }
}

impl Blocks {
    fn new<S: Store>(engine: &Engine<S>, threads: usize, start: usize) -> Self {
        let scan_from = match SCAN_FROM_NOW.load(Ordering::Relaxed) {
            0 => 0,
            _ if threads < SCAN_THREADS => usize::MAX,
            p => p,
        };
        let scan_from = env_number("GAMES_SG_SCAN_FROM").unwrap_or(scan_from);
        Blocks {
            threads,
            start,
            splits: engine.moves().split.clone(),
            pairs: 64,
            len: 1024,
            fixed_pairs: env_number("GAMES_SG_PAIRS"),
            fixed_len: env_number("GAMES_SG_BLOCK"),
            scanning: scan_from == 0,
            scan_from,
            scan_cap: SCAN_PAIRS,
            margin: (
                env_number("GAMES_SG_MARGIN").unwrap_or(engine.moves().take.len() + 1),
                env_number("GAMES_SG_NEAR").unwrap_or(0),
            ),
            timing: Timing { threads, ..Timing::default() },
        }
    }

    /// Compute to `upto` (see [`extend_from`]): the workers live for the whole run.
    fn go<S: BlockValues>(
        &mut self,
        engine: &mut Engine<S>,
        upto: usize,
        on_block: &mut dyn FnMut(&S, usize, EngineStats) -> Flow,
    ) -> Result<(), EngineError> {
        // Work on the engine by value (its parts move between stores without copies).
        let placeholder = Engine::with_store(
            engine.moves().clone(),
            engine.store().empty_like(),
            super::sparse::Path::Auto,
        );
        let (parts, store) = std::mem::replace(engine, placeholder).into_parts();
        let shared = Shared {
            values: RwLock::new(store),
            rare: RwLock::new(RareCopy::default()),
            cancel: AtomicBool::new(false),
            worker_cpu: AtomicU64::new(0),
        };
        let cpu0 = thread_cpu_ns();
        let (result_tx, results) = mpsc::channel();
        let splits = self.splits.clone();
        let (parts, stop_at, result) = std::thread::scope(|sc| {
            let mut tasks = Vec::new();
            for _ in 1..self.threads {
                let (tx, rx) = mpsc::channel();
                let (shared, splits, result_tx) = (&shared, &splits[..], result_tx.clone());
                sc.spawn(move || worker(shared, splits, rx, result_tx));
                tasks.push(tx);
            }
            drop(result_tx);
            let out = self.blocks(parts, &shared, &tasks, &results, upto, on_block);
            drop(tasks);
            out
        });
        // CPU times where the system gives them (the clocks of the blocks otherwise).
        if let (Some(a), Some(b)) = (cpu0, thread_cpu_ns()) {
            self.timing.serial_ns = b.saturating_sub(a);
            self.timing.workers_ns = shared.worker_cpu.load(Ordering::Relaxed);
        }
        let store = shared.values.into_inner().unwrap_or_else(|e| e.into_inner());
        *engine = Engine::from_parts(parts, store);
        if let Some(l) = stop_at
            && l < engine.len()
        {
            S::rewind(engine, l);
        }
        result
    }

    /// The loop over blocks of [`Blocks::go`]: the engine's parts back, where the caller asked
    /// to stop, and the engine's refusal if any.
    fn blocks<S: BlockValues>(
        &mut self,
        mut parts: super::sparse::Parts,
        shared: &Shared<S>,
        tasks: &[mpsc::Sender<Task>],
        results: &mpsc::Receiver<(Option<Masks>, u64)>,
        upto: usize,
        on_block: &mut dyn FnMut(&S, usize, EngineStats) -> Flow,
    ) -> (super::sparse::Parts, Option<usize>, Result<(), EngineError>) {
        let mut pending: Vec<Masks> = Vec::new();
        let mut last_plain_steps = parts.stats().plain_steps;
        let threads = self.threads;
        loop {
            let s = shared.values.read().map_or(0, |v| v.len());
            if s >= upto {
                return (parts, None, Ok(()));
            }
            let (stats0, words) = (parts.stats(), parts.words());
            // The plain path was taken in the last block: the workers then take every pair
            // below, in blocks of s / (4 T) (the main thread's pairs reach back about two
            // blocks, so it keeps about 1 / T of a plain heap's pairs).
            let plain = stats0.plain_steps > last_plain_steps;
            last_plain_steps = stats0.plain_steps;
            let parallel = s >= self.start && words <= MAX_WORDS;
            let sparse_len = self.len.min(s / (4 * threads)).max(64);
            let block = |s: usize| if plain { (s / (4 * threads)).max(64) } else { sparse_len };
            pending.sort_unstable_by_key(|m| m.start);
            let len = if !parallel {
                self.start.min(upto - s).max(1)
            } else {
                covered_from(&pending, s).unwrap_or_else(|| block(s))
            };
            let e = (s + len).min(upto);
            let next = (e, (e + block(e)).min(upto));
            let cur: Vec<Masks> =
                std::mem::take(&mut pending).into_iter().filter(|m| m.start < e).collect();
            let rare = parallel && !plain;
            if rare && let Ok(mut r) = shared.rare.write() {
                r.update(&parts);
            }
            // The tasks of the next block, one per worker.
            shared.cancel.store(false, Ordering::Relaxed);
            let sent = if parallel && next.0 < next.1 {
                self.send_tasks(tasks, next, (s, words), (plain, rare))
            } else {
                0
            };
            // The block itself, in order, on this thread.
            let clock = std::time::Instant::now();
            let (p, local, misses, res) = {
                let guard = shared.values.read().unwrap_or_else(|e| e.into_inner());
                ordered(parts, &*guard, (s, e), &cur, &shared.cancel)
            };
            parts = p;
            let main_time = clock.elapsed();
            let (fresh, scans) = self.gather(results, sent);
            let waited = clock.elapsed() - main_time;
            let clock = std::time::Instant::now();
            let flow = {
                let mut values = shared.values.write().unwrap_or_else(|e| e.into_inner());
                values.append(&local);
                if local.is_empty() { Flow::Go } else { on_block(&values, s, parts.stats()) }
            };
            self.timing.serial_ns += nanos(main_time) + nanos(clock.elapsed());
            self.timing.blocks += u64::from(sent > 0);
            self.adapt(plain, !cur.is_empty(), (e - s, misses, scans), (main_time, waited));
            pending = fresh;
            // A stop inside the block comes before a refusal after it (the one-core run never
            // reaches the refused heap).
            match flow {
                Flow::StopAt(l) => return (parts, Some(l), Ok(())),
                _ if res.is_err() => return (parts, None, res),
                Flow::Go => {}
                Flow::Stop => return (parts, None, Ok(())),
            }
        }
    }

    /// Send the tasks of the block `next` (the heaps split evenly, one task per worker), reading
    /// `G(0..known)`; how many were sent.
    fn send_tasks(
        &self,
        tasks: &[mpsc::Sender<Task>],
        next: (usize, usize),
        (known, words): (usize, usize),
        (plain, rare): (bool, bool),
    ) -> usize {
        let chunk = (next.1 - next.0).div_ceil(tasks.len().max(1));
        // Scan until settled on the sparse path (at most `scan_cap` pairs of a split), unless a
        // pair count is fixed.
        let scan = rare && self.fixed_pairs.is_none() && self.scanning;
        let pairs = if plain {
            usize::MAX
        } else if scan {
            self.scan_cap
        } else {
            self.pairs
        };
        let (margin, near_margin) = self.margin;
        let (mut a, mut sent) = (next.0, 0);
        for tx in tasks {
            if a >= next.1 {
                break;
            }
            let b = (a + chunk).min(next.1);
            let task = Task { range: (a, b), known, pairs, words, rare, scan, margin, near_margin };
            sent += usize::from(tx.send(task).is_ok());
            a = b;
        }
        sent
    }

    /// The masks of the `sent` tasks, and the pairs and heaps of those scanned until settled.
    fn gather(
        &mut self,
        results: &mpsc::Receiver<(Option<Masks>, u64)>,
        sent: usize,
    ) -> (Vec<Masks>, (u64, u64)) {
        let mut fresh: Vec<Masks> = Vec::new();
        for _ in 0..sent {
            let Ok((m, t)) = results.recv() else { break };
            fresh.extend(m);
            self.timing.workers_ns += t;
        }
        let scans = fresh
            .iter()
            .filter(|m| m.by_scan)
            .fold((0, 0), |(p, h), m| (p + m.scanned, h + (m.end - m.start) as u64));
        self.timing.scanned_pairs += scans.0;
        self.timing.scanned_heaps += scans.1;
        (fresh, scans)
    }

    /// Balance the work (the values never depend on it, only how it is shared). On the sparse
    /// path the workers first take the first `P` far pairs of each heap: fewer when the main
    /// thread waited for them, more when more than 1 heap in 50 still needed a scan, and blocks
    /// of about a millisecond of the main thread's work. When `P` passes [`SCAN_FROM`] (long
    /// scans, as in Officers), they scan each heap until its candidate is settled instead; the
    /// main thread's own work then grows with the block (the rare heaps below about two blocks
    /// pair with heaps inside them): blocks of 256 to 2048 heaps, shorter when the main thread
    /// had no time to wait for the workers, longer when it waited longer than its own time. When
    /// the scans average under [`SCAN_BACK`] pairs a heap, back to `P` pairs.
    fn adapt(
        &mut self,
        plain: bool,
        had_masks: bool,
        (heaps, misses, (scanned, scanned_heaps)): (usize, u64, (u64, u64)),
        (main_time, waited): (std::time::Duration, std::time::Duration),
    ) {
        if let Some(fixed) = self.fixed_pairs {
            self.pairs = fixed;
        } else if self.scanning {
            if scanned_heaps > 0 && scanned < SCAN_BACK * scanned_heaps {
                self.scanning = false;
                self.pairs = (2 * scanned / scanned_heaps).max(64) as usize;
                self.len = self.len.min(1024);
            } else if let Some(average) = scanned.checked_div(scanned_heaps) {
                // A heap's scan stops at 4 times the average (a candidate that only the pairs
                // the workers cannot see reach would otherwise take every far pair).
                self.scan_cap = (4 * average as usize).clamp(1024, SCAN_PAIRS);
            }
        } else if had_masks && !plain {
            if waited * 20 > main_time {
                self.pairs = (self.pairs * 3 / 4).max(8);
            } else if misses * 50 > heaps as u64 {
                self.pairs = (self.pairs * 5 / 4 + 1).min(1 << 20);
            }
            if self.pairs >= self.scan_from {
                self.scanning = true;
                self.scan_cap = (4 * self.pairs).clamp(1024, SCAN_PAIRS);
            }
        }
        let (main, wait) = (main_time.as_micros(), waited.as_micros());
        if let Some(len) = self.fixed_len {
            self.len = len.max(64);
        } else if self.scanning {
            if wait * 4 < main {
                self.len = (self.len / 2).max(256);
            } else if wait > main && heaps >= self.len {
                self.len = (self.len * 2).min(2048);
            }
        } else if main < 500 && heaps >= self.len {
            self.len = (self.len * 2).min(SPARSE_BLOCK);
        } else if main > 2000 {
            self.len = (self.len / 2).max(64);
        }
    }
}

/// The block `[s, e)` on the main thread, in order: each value with the masks `cur` computed
/// during the last block. The engine's parts back, the block's values, how many heaps still
/// needed a scan, and the engine's refusal if any (the workers are then told to stop).
fn ordered<S: Store>(
    parts: super::sparse::Parts,
    frozen: &S,
    (s, e): (usize, usize),
    cur: &[Masks],
    cancel: &AtomicBool,
) -> (super::sparse::Parts, Vec<u16>, u64, Result<(), EngineError>) {
    let mut eng = Engine::from_parts(parts, BlockStore { frozen, local: Vec::new() });
    let misses0 = eng.stats().pre_misses;
    let mut ci = 0;
    let mut res = Ok(());
    for n in s..e {
        while ci < cur.len() && cur[ci].end <= n {
            ci += 1;
        }
        let pre = cur.get(ci).and_then(|m| m.pre(n));
        if let Err(err) = eng.next_value_pre(pre) {
            res = Err(err);
            cancel.store(true, Ordering::Relaxed);
            break;
        }
    }
    let misses = eng.stats().pre_misses - misses0;
    let (p, st) = eng.into_parts();
    (p, st.local, misses, res)
}

/// The block is the heaps whose masks the workers computed during the last one: how many
/// heaps from `s` on the `pending` masks (sorted by start) cover without a gap, if any.
fn covered_from(pending: &[Masks], s: usize) -> Option<usize> {
    let mut covered = s;
    for m in pending {
        if m.start == covered {
            covered = m.end;
        }
    }
    (covered > s).then(|| covered - s)
}
