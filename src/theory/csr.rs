//! The arcs of a game graph grouped by their head (compressed sparse row form), the one
//! builder behind every graph engine ([`retrograde`](super::retrograde)'s reverse graph and
//! [`loopy`](super::loopy)'s): for every vertex `w`, the tails of the arcs into `w`, in the
//! order the arcs were given, and every vertex's out-degree.
//!
//! # The method
//! A counting sort on the head (two passes over the arcs, `O(n + m)` time, no list per
//! vertex): count the arcs into every vertex, turn the counts into the ends of the blocks by
//! prefix sums, and place the arcs walking them backwards, decrementing the end of their head's
//! block, so every block keeps the input order. That is a stable sort, so the result is the
//! arcs sorted by head with ties in input order, whatever the path to it.
//!
//! When the counters do not fit in the caches, every arc of that sort costs four scattered
//! memory accesses (its tail's out-degree, its head's counter twice, its slot). Above
//! [`BUCKET_FROM`] vertices the sort is done in two steps: the arcs are first dealt, in input
//! order, into buckets of `2^BUCKET_SHIFT` consecutive heads (a few hundred write streams,
//! each writing whole cache lines: a tail, and the head's low bits as a `u16`, into the slots
//! of the bucket's range of the final array), then each bucket is sorted by the same counting
//! sort with its own block of counters, which stays in the level-2 cache. Dealing is stable and
//! so is the sort inside a bucket, so the result is the same. The extra memory is two bytes an
//! arc while it runs, plus a copy of the largest bucket.

use crate::prefetch::prefetch;

/// An arc as stored by a reader: `(tail, head)` or `[tail, head]` (the latter lets a solver read
/// the arcs into one flat `Vec<u32>` whose storage it hands on to the analysis afterwards).
pub trait ArcEnds: Copy {
    /// `(tail, head)`.
    fn ends(self) -> (u32, u32);
    /// The arc from `tail` to `head`.
    fn from_ends(tail: u32, head: u32) -> Self;
}

impl ArcEnds for (u32, u32) {
    #[inline(always)]
    fn ends(self) -> (u32, u32) {
        self
    }
    #[inline(always)]
    fn from_ends(tail: u32, head: u32) -> Self {
        (tail, head)
    }
}

impl ArcEnds for [u32; 2] {
    #[inline(always)]
    fn ends(self) -> (u32, u32) {
        (self[0], self[1])
    }
    #[inline(always)]
    fn from_ends(tail: u32, head: u32) -> Self {
        [tail, head]
    }
}

/// The arcs grouped by head, and the out-degrees.
#[derive(Default)]
pub struct Csr {
    /// `tails[start[w] .. start[w + 1]]` are the `v` with an arc `v -> w` (`n + 1` entries).
    pub start: Vec<u32>,
    pub tails: Vec<u32>,
    /// The number of arcs out of every vertex (`n` entries).
    pub out_degree: Vec<u32>,
}

/// Heads per bucket: `2^15` counters (128 KiB) stay in the level-2 cache (1 MiB here) beside
/// the bucket's arcs. At most 16: the low bits of a head are kept in a `u16`. (Measured, CPU
/// time of whole runs, 2^15 over 2^14 heads: game-draw 10^7 vertices 0.955, hdu1524 huge
/// 0.957; 2^13: 1.05.)
pub const BUCKET_SHIFT: u32 = 15;
/// The fewest vertices from which the arcs are dealt into buckets first. Below it the direct
/// sort's prefetched counters are served fast enough that dealing is one pass too many.
/// Measured (two random arcs a vertex, ns an arc, direct / bucketed): 2^16 vertices 3.0 / 5.4,
/// 2^18 3.5 / 5.4, 2^20 7.2 / 9.4, 2^21 13.9 / 10.7, 2^22 23.4 / 14.6, 2^24 30.9 / 19.1; and
/// whole runs of game-draw, bucketed over direct: 10^6 vertices 1.02, 10^7 vertices 0.94.
pub const BUCKET_FROM: usize = 1 << 21;
/// How far ahead the arcs' counters are fetched.
const AHEAD_ARCS: usize = 16;

impl Csr {
    /// Groups the arcs `(tail, head)` on vertices `0..n` by head (or, `SWAP`, the arcs read
    /// backwards, `(head, tail)`, by tail), in the storage of `reuse`. Panics if `n` or the
    /// number of arcs does not fit in a `u32`, or an endpoint is not below `n`: the caller
    /// validates its input first.
    pub fn build<const SWAP: bool, A: ArcEnds>(n: usize, arcs: &[A], reuse: Csr) -> Csr {
        Self::build_with::<SWAP, A>(n, arcs, reuse, BUCKET_FROM, BUCKET_SHIFT)
    }

    /// [`Csr::build`] with the bucketing threshold and width given (tests use small ones).
    pub fn build_with<const SWAP: bool, A: ArcEnds>(
        n: usize,
        arcs: &[A],
        reuse: Csr,
        bucket_from: usize,
        shift: u32,
    ) -> Csr {
        assert!(n < u32::MAX as usize, "Csr: too many vertices for u32 indices");
        assert!(arcs.len() <= u32::MAX as usize, "Csr: too many arcs for u32 indices");
        assert!(shift <= 16, "Csr: the low bits of a head must fit in a u16");
        let Csr { start, tails, out_degree } = reuse;
        let parts = (zeros(start, n + 1), zeros(tails, arcs.len()), zeros(out_degree, n));
        if n >= bucket_from {
            bucketed::<SWAP, A>(arcs, parts, shift)
        } else {
            direct::<SWAP, A>(arcs, parts)
        }
    }
}

/// The arc `(tail, head)`, read backwards if `SWAP`.
#[inline(always)]
fn ends<const SWAP: bool, A: ArcEnds>(arc: &A) -> (u32, u32) {
    let (a, b) = arc.ends();
    if SWAP { (b, a) } else { (a, b) }
}

/// The counting sort with all counters in one array. `start`, `tails`, `out_degree` are zeros.
fn direct<const SWAP: bool, A: ArcEnds>(
    arcs: &[A],
    (mut start, mut tails, mut out_degree): (Vec<u32>, Vec<u32>, Vec<u32>),
) -> Csr {
    for (i, arc) in arcs.iter().enumerate() {
        if let Some((t, h)) = arcs.get(i + AHEAD_ARCS).map(ends::<SWAP, A>) {
            prefetch(out_degree.as_ptr().wrapping_add(t as usize));
            prefetch(start.as_ptr().wrapping_add(h as usize));
        }
        let (tail, head) = ends::<SWAP, A>(arc);
        out_degree[tail as usize] += 1;
        start[head as usize] += 1;
    }
    // start[w] first counts the arcs into w, then becomes the end of w's block, and after
    // the placing pass (backwards, decrementing) its start.
    let mut sum = 0u32;
    for s in start.iter_mut() {
        sum += *s;
        *s = sum;
    }
    for (i, arc) in arcs.iter().enumerate().rev() {
        if let Some((_, h)) = i.checked_sub(AHEAD_ARCS).map(|j| ends::<SWAP, A>(&arcs[j])) {
            prefetch(start.as_ptr().wrapping_add(h as usize));
        }
        let (tail, head) = ends::<SWAP, A>(arc);
        let slot = &mut start[head as usize];
        *slot -= 1;
        tails[*slot as usize] = tail;
    }
    Csr { start, tails, out_degree }
}

/// The counting sort in two steps (see the module documentation): deal into buckets of
/// `2^shift` heads, then sort every bucket with its own counters.
fn bucketed<const SWAP: bool, A: ArcEnds>(
    arcs: &[A],
    (mut start, mut tails, mut out_degree): (Vec<u32>, Vec<u32>, Vec<u32>),
    shift: u32,
) -> Csr {
    let n = out_degree.len();
    let mask = (1u32 << shift) - 1;
    let buckets = (n >> shift) + 1;
    // fill[b + 1]: first the number of arcs into bucket b; then fill[b] is where bucket b's
    // next arc is dealt.
    let mut fill = vec![0u32; buckets + 1];
    for (i, arc) in arcs.iter().enumerate() {
        if let Some((t, _)) = arcs.get(i + AHEAD_ARCS).map(ends::<SWAP, A>) {
            prefetch(out_degree.as_ptr().wrapping_add(t as usize));
        }
        let (tail, head) = ends::<SWAP, A>(arc);
        out_degree[tail as usize] += 1;
        fill[(head >> shift) as usize + 1] += 1;
    }
    for b in 1..=buckets {
        fill[b] += fill[b - 1];
    }
    // bounds[b]..bounds[b + 1]: bucket b's slots in `tails` (and in `low`).
    let bounds = fill.clone();
    let mut low = vec![0u16; arcs.len()];
    for arc in arcs {
        let (tail, head) = ends::<SWAP, A>(arc);
        let slot = &mut fill[(head >> shift) as usize];
        tails[*slot as usize] = tail;
        low[*slot as usize] = (head & mask) as u16;
        *slot += 1;
    }
    let largest = bounds.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
    let mut dealt = vec![0u32; largest as usize];
    for b in 0..buckets {
        let (lo, hi) = (b << shift, ((b + 1) << shift).min(n));
        let range = bounds[b] as usize..bounds[b + 1] as usize;
        let (low, dealt) = (&low[range.clone()], &mut dealt[..range.len()]);
        let counters = &mut start[lo..hi];
        for &l in low {
            counters[l as usize] += 1;
        }
        // As in `direct`: counts, then ends, then (placing backwards) starts.
        let mut sum = bounds[b];
        for s in counters.iter_mut() {
            sum += *s;
            *s = sum;
        }
        dealt.copy_from_slice(&tails[range]);
        for (&tail, &l) in dealt.iter().zip(low).rev() {
            let slot = &mut counters[l as usize];
            *slot -= 1;
            tails[*slot as usize] = tail;
        }
    }
    start[n] = arcs.len() as u32;
    Csr { start, tails, out_degree }
}

/// `len` zeros in `v`'s storage (a new buffer, `v` empty, is zeroed by the allocator for free),
/// on 2 MiB pages if the system grants them ([`crate::prefetch::ask_huge_pages`]).
fn zeros(mut v: Vec<u32>, len: usize) -> Vec<u32> {
    if v.capacity() < len {
        v = vec![0; len];
    } else {
        v.clear();
        v.resize(len, 0);
    }
    crate::prefetch::ask_huge_pages(&v);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The CSR of a plain stable sort by head.
    fn plain(n: usize, arcs: &[(u32, u32)], swap: bool) -> Csr {
        let mut sorted: Vec<(u32, u32)> =
            arcs.iter().map(|&(a, b)| if swap { (b, a) } else { (a, b) }).collect();
        sorted.sort_by_key(|&(_, h)| h);
        let mut start = vec![0u32; n + 1];
        let mut out_degree = vec![0u32; n];
        for &(t, h) in &sorted {
            start[h as usize + 1] += 1;
            out_degree[t as usize] += 1;
        }
        for w in 0..n {
            start[w + 1] += start[w];
        }
        Csr { start, tails: sorted.iter().map(|a| a.0).collect(), out_degree }
    }

    fn same(a: &Csr, b: &Csr) -> bool {
        a.start == b.start && a.tails == b.tails && a.out_degree == b.out_degree
    }

    /// Random arc lists (repeated arcs, loops, isolated vertices, stars, empty lists), `n` from
    /// 1 up past the bucketing threshold, lowered so that the buckets (of 1, 2, 4, ... heads,
    /// and a last one cut short) are exercised; both directions; storage reused from graph to graph.
    #[test]
    fn builder_gives_a_plain_sort() {
        let mut rng = Rng::new(2024);
        let mut reuse = Csr::default();
        let mut bucketed_cases = 0;
        for round in 0..3000 {
            let n = 1 + if round % 10 == 0 { rng.index(3000) } else { rng.index(90) };
            let mut arcs = Vec::new();
            let star = rng.chance(1, 10).then(|| rng.index(n) as u32);
            for _ in 0..rng.index(3 * n + 2) {
                let a = rng.index(n) as u32;
                let b = match (star, rng.index(10)) {
                    (Some(s), 0..=5) => s,
                    (_, 0) => a,
                    _ => rng.index(n) as u32,
                };
                let copies = if rng.chance(1, 8) { 1 + rng.index(5) } else { 1 };
                arcs.extend(std::iter::repeat_n((a, b), copies));
            }
            // Leave some vertices isolated: no arc names those of one residue.
            if rng.chance(1, 2) && n > 3 {
                arcs.retain(|&(a, b)| a % 3 != 1 && b % 3 != 1);
            }
            let (bucket_from, shift) = (rng.index(2 * n + 2), rng.index(7) as u32);
            bucketed_cases += (n >= bucket_from) as usize;
            let swap = rng.chance(1, 2);
            // Now and then the arcs as `[tail, head]` words.
            let words: Vec<[u32; 2]> = arcs.iter().map(|&(a, b)| [a, b]).collect();
            let got = match (swap, round % 3 == 0) {
                (true, false) => Csr::build_with::<true, _>(n, &arcs, reuse, bucket_from, shift),
                (false, false) => Csr::build_with::<false, _>(n, &arcs, reuse, bucket_from, shift),
                (true, true) => Csr::build_with::<true, _>(n, &words, reuse, bucket_from, shift),
                (false, true) => Csr::build_with::<false, _>(n, &words, reuse, bucket_from, shift),
            };
            assert!(same(&got, &plain(n, &arcs, swap)), "{n} {arcs:?} {bucket_from} {shift}");
            reuse = got;
        }
        assert!(bucketed_cases > 1000, "{bucketed_cases}");
    }

    /// The real threshold and width, on a graph past them, with a bucket left empty.
    #[test]
    fn builder_at_full_width() {
        let mut rng = Rng::new(7);
        let n = BUCKET_FROM + 12345;
        let arcs: Vec<(u32, u32)> = (0..2 * n)
            .map(|_| (rng.index(n) as u32, rng.index(n) as u32))
            .filter(|&(_, h)| h >> BUCKET_SHIFT != 1)
            .collect();
        for swap in [false, true] {
            let got = if swap {
                Csr::build::<true, _>(n, &arcs, Csr::default())
            } else {
                Csr::build::<false, _>(n, &arcs, Csr::default())
            };
            assert!(same(&got, &plain(n, &arcs, swap)));
        }
    }

    #[test]
    fn no_vertices() {
        let got = Csr::build::<false, (u32, u32)>(0, &[], Csr::default());
        assert_eq!((got.start, got.tails, got.out_degree), (vec![0], vec![], vec![]));
    }
}
