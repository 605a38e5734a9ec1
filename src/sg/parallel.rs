//! The rare/common engine on several cores ([`extend`]).
//!
//! The values are computed in blocks of consecutive heaps `[s, e)`. Most pairs `(a, m - a)` of a
//! heap `n` in a block (`m = n - k` for a splitting move removing `k`) lie in the middle,
//! `a` near `m / 2`, and read only values far below the block; the few with `a` small read
//! values inside the block. While the main thread computes block `[s, e)` in order, worker
//! threads compute for every heap of the *next* block the option values of its middle pairs
//! (those reading only `G(0..s)`, which no longer change) into a bitset per heap ([`Pre`]). The
//! main thread then does, in order, what depends on the block itself: the one-heap options, the
//! pairs with a rare heap, and either the candidate check (sparse path: OR the bitset in, take the
//! mex; only when that does not settle the candidate, scan the remaining pairs) or the remaining
//! pairs (plain path). The value is the mex of the same option set as on one core, so it is
//! identical: which pairs were looked at first never changes the settled mex (see
//! [`super::sparse`]). Rare values born inside a block and rebuilds of the rare/common split
//! only touch the main thread's part.
//!
//! On the sparse path the workers cover `P` middle pairs per heap, `P` adapted per block (doubled
//! when more than 1 in 20 heaps still needed a scan, lowered when almost none did); on the plain
//! path they cover every pair below the block, and the block length `s / (4 T)` (`T` threads)
//! leaves the main thread about `1 / T` of the pairs. The speed-up on the sparse path is bounded
//! by the main thread's ordered part (about half of the work for `.454`); the plain path
//! (quadratic, Officers `.6`) scales with the number of threads.
//!
//! Threads are `std::thread::scope` threads spawned per block (a block is milliseconds of work,
//! a spawn microseconds): the workers borrow the finished values `G(0..s)` directly (no copy, no
//! lock, no `unsafe`), which a persistent pool could not do while the main thread appends.
//! `std` rather than a pool crate: the project takes no new crates, and fork-join per block is
//! all this needs. `threads = 1` is the one-core engine unchanged.

use super::sparse::{Engine, EngineError, EngineStats, FullStore, Pre, Store};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Heaps computed on one core before blocks start (blocks need `s` large against their length).
const START: usize = 1 << 12;
/// Longest block on the sparse path (a block is then about a millisecond of work).
const SPARSE_BLOCK: usize = 1 << 14;
/// Bitset words a heap's precomputed options may take (values below 2^12); larger values: one core.
const MAX_WORDS: usize = 64;

/// The values `G(0..s)` finished before the block, and the block's own values.
#[derive(Debug)]
pub struct BlockStore<'a> {
    frozen: &'a [u16],
    local: Vec<u16>,
}

impl Store for BlockStore<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.frozen.len() + self.local.len()
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u16 {
        match self.frozen.get(i) {
            Some(&v) => v,
            None => self.local[i - self.frozen.len()],
        }
    }
    #[inline(always)]
    fn has(&self, i: usize) -> bool {
        i < self.len()
    }
    #[inline(always)]
    fn push(&mut self, v: u16) {
        self.local.push(v);
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
    fn seam(&self) -> usize {
        self.frozen.len()
    }
    #[inline(always)]
    fn window(&self, lo: usize, hi: usize) -> Option<&[u16]> {
        let f = self.frozen.len();
        if hi <= f {
            self.frozen.get(lo..hi)
        } else if lo >= f {
            self.local.get(lo - f..hi - f)
        } else {
            None
        }
    }
}

/// The precomputed pairs of heaps `start..end`: per heap, `lo` per split and `words` mask words.
struct Masks {
    start: usize,
    end: usize,
    splits: usize,
    words: usize,
    lo: Vec<u32>,
    mask: Vec<u64>,
}

impl Masks {
    fn pre(&self, n: usize) -> Option<Pre<'_>> {
        if n < self.start || n >= self.end {
            return None;
        }
        let i = n - self.start;
        Some(Pre {
            lo: &self.lo[i * self.splits..(i + 1) * self.splits],
            mask: &self.mask[i * self.words..(i + 1) * self.words],
        })
    }
}

/// The middle pairs of heaps `start..end` that read only `values` (at most `pairs` per split).
fn compute(
    values: &[u16],
    splits: &[(usize, bool)],
    (start, end): (usize, usize),
    pairs: usize,
    words: usize,
    cancel: &AtomicBool,
) -> Masks {
    let count = end - start;
    let mut out = Masks {
        start,
        end,
        splits: splits.len(),
        words,
        lo: vec![1; count * splits.len()],
        mask: vec![0; count * words],
    };
    let known = values.len();
    for n in start..end {
        if (n - start) & 63 == 0 && cancel.load(Ordering::Relaxed) {
            out.end = n;
            break;
        }
        let i = n - start;
        let mask = &mut out.mask[i * words..(i + 1) * words];
        for (si, &(k, unequal)) in splits.iter().enumerate() {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            // The largest a, without the equal split when it is forbidden.
            let hi = if unequal && m.is_multiple_of(2) { m / 2 - 1 } else { m / 2 };
            // a >= m - known + 1: the partner m - a is finished.
            let lo = (hi + 1).saturating_sub(pairs).max(m.saturating_sub(known) + 1).max(1);
            let lo = lo.min(hi + 1);
            out.lo[i * splits.len() + si] = lo as u32;
            if lo > hi {
                continue;
            }
            let left = &values[lo..=hi];
            let right = &values[m - hi..=m - lo];
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
    out
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

/// The number of threads to use by default: the machine's cores, at most 16.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).min(16)
}

/// Compute values until `len() >= upto` with `threads` threads, calling `on_value` after each
/// value with the values so far; it returns `false` to stop. With `threads <= 1`, or values too
/// large for the precomputed bitsets, the one-core engine runs. The values are those of
/// [`Engine::next_value`].
pub fn extend(
    engine: &mut Engine<FullStore>,
    upto: usize,
    threads: usize,
    on_value: &mut dyn FnMut(&dyn Store, EngineStats) -> bool,
) -> Result<(), EngineError> {
    extend_from(engine, upto, threads, START, on_value)
}

/// [`extend`] with blocks from heap `start` on (at least 64; tests use small ones so that short
/// runs go through many blocks).
pub fn extend_from(
    engine: &mut Engine<FullStore>,
    upto: usize,
    threads: usize,
    start: usize,
    on_value: &mut dyn FnMut(&dyn Store, EngineStats) -> bool,
) -> Result<(), EngineError> {
    let start = start.max(64);
    if engine.len() >= upto {
        return Ok(());
    }
    if threads <= 1 || engine.moves().split.is_empty() {
        // The one-core engine, unchanged.
        while engine.len() < upto {
            engine.next_value()?;
            if !on_value(engine.store(), engine.stats()) {
                break;
            }
        }
        return Ok(());
    }
    // Work on the engine by value (its parts move between stores without copies).
    let placeholder =
        Engine::with_store(engine.moves().clone(), FullStore::default(), super::sparse::Path::Auto);
    let owned = std::mem::replace(engine, placeholder);
    let (mut parts, full) = owned.into_parts();
    let mut values = full.values;
    let splits = engine.moves().split.clone();
    let mut pending: Vec<Masks> = Vec::new();
    let mut pairs = 64usize;
    let mut result = Ok(());
    let mut stop = false;
    let mut last_plain_steps = parts.stats().plain_steps;
    while values.len() < upto && !stop {
        let s = values.len();
        let threads = if splits.is_empty() { 1 } else { threads.max(1) };
        let (stats0, words) = (parts.stats(), parts.words());
        // The plain path was taken in the last block: the workers then take every pair below.
        let plain = stats0.plain_steps > last_plain_steps;
        last_plain_steps = stats0.plain_steps;
        let parallel = threads > 1 && s >= start && words <= MAX_WORDS;
        // Block lengths: s / (4 T) (the main thread's pairs reach back about two blocks, so it
        // keeps about 1 / T of a plain heap's pairs), at most SPARSE_BLOCK on the sparse path.
        let block = |s: usize| {
            if plain {
                (s / (4 * threads)).max(64)
            } else {
                (s / (4 * threads)).clamp(64, SPARSE_BLOCK)
            }
        };
        let len = if parallel { block(s) } else { start.min(upto - s).max(1) };
        let e = (s + len).min(upto);
        let job = (e, (e + block(e)).min(upto));
        let cur: Vec<Masks> =
            std::mem::take(&mut pending).into_iter().filter(|m| m.start < e).collect();
        let cancel = AtomicBool::new(false);
        let job_pairs = if plain { usize::MAX } else { pairs };
        let frozen: &[u16] = &values;
        let clock = std::time::Instant::now();
        let (new_parts, local, fresh, misses, slow_workers) = std::thread::scope(|sc| {
            let mut handles = Vec::new();
            if parallel && job.0 < job.1 {
                let workers = threads - 1;
                let chunk = (job.1 - job.0).div_ceil(workers);
                let mut a = job.0;
                while a < job.1 {
                    let b = (a + chunk).min(job.1);
                    let (splits, cancel) = (&splits, &cancel);
                    handles.push(
                        sc.spawn(move || compute(frozen, splits, (a, b), job_pairs, words, cancel)),
                    );
                    a = b;
                }
            }
            let mut eng = Engine::from_parts(parts, BlockStore { frozen, local: Vec::new() });
            let misses0 = eng.stats().pre_misses;
            let mut ci = 0;
            for n in s..e {
                while ci < cur.len() && cur[ci].end <= n {
                    ci += 1;
                }
                let pre = cur.get(ci).and_then(|m| m.pre(n));
                if let Err(err) = eng.next_value_pre(pre) {
                    result = Err(err);
                    stop = true;
                    break;
                }
                if !on_value(eng.store(), eng.stats()) {
                    stop = true;
                    break;
                }
            }
            let misses = eng.stats().pre_misses - misses0;
            if stop {
                cancel.store(true, Ordering::Relaxed);
            }
            let main_time = clock.elapsed();
            let fresh: Vec<Masks> = handles.into_iter().filter_map(|h| h.join().ok()).collect();
            let waited = clock.elapsed() - main_time;
            let (p, st) = eng.into_parts();
            (p, st.local, fresh, misses, waited * 20 > main_time)
        });
        parts = new_parts;
        values.extend_from_slice(&local);
        if !cur.is_empty() && !plain {
            let heaps = (e - s) as u64;
            // Balance: fewer pairs when the main thread waited for the workers, more when the
            // workers had time to spare and more than 1 heap in 50 still needed a scan. (The
            // values never depend on this: only how the work is shared.)
            if slow_workers {
                pairs = (pairs * 3 / 4).max(8);
            } else if misses * 50 > heaps {
                pairs = (pairs * 5 / 4 + 1).min(1 << 20);
            }
        }
        pending = fresh;
    }
    *engine = Engine::from_parts(parts, FullStore { values });
    result
}
