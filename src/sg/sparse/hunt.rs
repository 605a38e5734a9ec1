//! The verifying scan as a search for its targets (issue 49).
//!
//! After the one-heap options and the rare pairs, heap `n` has option set `O` and candidate `g`
//! (the mex of `O`), whose key is rare: the scan of [`super::Engine::scan_from`] reads the pairs
//! `(a, m - a)` until the candidate settles. Let `c` be the smallest value not in `O` that is
//! settled (its key common, or new and free to join, in every split) and `T` the values below
//! `c` not in `O` (none of them settled; `g` is the least). No pair of common heaps reaches `c`
//! (the module doc of [`super`]), so `G(n)` is the least value of `T` that no pair reaches, or
//! `c` when every one is reached; and the bitset scan, which moves its candidate each time a
//! pair reaches it, stops exactly when the last value of `T` is reached. So the scan only has
//! to find the pairs whose value lies in `T`: the pairs between them need no bit set, only a
//! membership test. A pair that reaches the least target moves the candidate, as in the bitset
//! scan, so the counters (`scanned_pairs`, `verify_pairs`) are the same; a pair that reaches
//! another target only removes it.
//!
//! Where every value is below 512 (Officers' reach 302) and the processor has AVX2, 32 pairs are
//! tested at once: their values packed to a low byte and a ninth bit, and the low byte looked up
//! in four 16-byte tables by its low nibble (one bit per high nibble, `vpshufb`), as in
//! byte-class tests of parsers. Else one pair at a time against the bitset of the targets.
//!
//! Where every value is below 64 the targets are one word, and a pair is handled without a
//! branch on its value (`word_hunt`): whether it reaches the least target is arithmetic (one
//! hit in two, unpredictable: `.454` to 10^7 1.82 -> 1.54 CPU s, `docs/sg.md`).

use super::{Engine, FIRST, Store, uncovered};

/// Targets are values below this (`c <= LIMIT`; else the bitset scan).
pub(super) const LIMIT: usize = 512;

/// What one slice of pairs gave: the candidate moves it made short of the last (their count and
/// the sum of their pair indices, the slice's first pair counting 0), and the index of the pair
/// that reached the last target (the scan is then over).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Found {
    pub(super) moves: u64,
    pub(super) index_sum: u64,
    pub(super) done: Option<usize>,
}

/// The values `T` the scan still looks for, and `c`.
#[derive(Debug, Clone)]
pub(super) struct Targets {
    /// Bitset of `T`, and of the targets at the start.
    bits: [u64; LIMIT / 64],
    start: [u64; LIMIT / 64],
    /// The least target (`settle` when none is left).
    least: usize,
    /// The settled value the candidate becomes once every target is reached.
    settle: usize,
    /// Per ninth bit and high half of the high nibble (`q = b8 * 2 + (h >> 3)`), per low
    /// nibble `l`: bit `h & 7` set when `b8 << 8 | h << 4 | l` is a target.
    table: [[u8; 16]; 4],
    /// Whether every value (so every pair's) is below 64.
    small: bool,
}

impl Targets {
    /// The targets for candidate `g` over the option bitset `opts` (a value past its words is
    /// not an option), every value so far at most `max`, `settled` telling the values whose key settles: `None` when the first
    /// settled value not in `opts` is past [`LIMIT`].
    pub(super) fn new(
        opts: &[u64],
        g: usize,
        max: usize,
        settled: impl Fn(usize) -> bool,
    ) -> Option<Self> {
        let mut t = Targets {
            small: max < 64,
            bits: [0; LIMIT / 64],
            start: [0; LIMIT / 64],
            least: g,
            settle: 0,
            table: [[0; 16]; 4],
        };
        let has = |v: usize| opts.get(v >> 6).is_some_and(|w| w >> (v & 63) & 1 != 0);
        let mut v = g;
        loop {
            if v > LIMIT {
                return None;
            }
            if !has(v) {
                if settled(v) {
                    break;
                }
                if v == LIMIT {
                    return None;
                }
                t.bits[v >> 6] |= 1 << (v & 63);
                t.table[v >> 7][v & 15] |= 1 << (v >> 4 & 7);
            }
            v += 1;
        }
        t.settle = v;
        t.start = t.bits;
        t.least = t.least_left();
        Some(t)
    }

    fn least_left(&self) -> usize {
        match self.bits.iter().position(|&w| w != 0) {
            Some(i) => i * 64 + self.bits[i].trailing_zeros() as usize,
            None => self.settle,
        }
    }

    /// The least target (the candidate), or the settled value when none is left.
    pub(super) fn candidate(&self) -> usize {
        self.least
    }

    /// The targets reached so far, into the option bitset `opts`.
    pub(super) fn reached_into(&self, opts: &mut [u64]) {
        for ((o, &s), &b) in opts.iter_mut().zip(&self.start).zip(&self.bits) {
            *o |= s & !b;
        }
    }

    #[inline(always)]
    fn contains(&self, v: u16) -> bool {
        self.bits.get(v as usize >> 6).is_some_and(|w| w >> (v & 63) & 1 != 0)
    }

    /// Pair `j` has value `v`: when `v` is a target, it is reached (the candidate moves when it
    /// is the least). Whether that was the last target.
    #[inline(always)]
    fn reach(&mut self, v: u16, j: usize, found: &mut Found) -> bool {
        if !self.contains(v) {
            return false;
        }
        let v = v as usize;
        self.bits[v >> 6] &= !(1 << (v & 63));
        self.table[v >> 7][v & 15] &= !(1 << (v >> 4 & 7));
        if v != self.least {
            return false;
        }
        self.least = self.least_left();
        if self.least == self.settle {
            found.done = Some(j);
            return true;
        }
        found.moves += 1;
        found.index_sum += j as u64;
        false
    }

    /// The pairs `(lo[j], hi[len - 1 - j])` in order, each reaching the target it hits, until
    /// the last target is reached or the pairs end. `small`: every value of the slices is below
    /// [`LIMIT`].
    pub(super) fn hunt(&mut self, lo: &[u16], hi: &[u16], small: bool) -> Found {
        let len = lo.len().min(hi.len());
        let (lo, hi) = (&lo[..len], &hi[hi.len() - len..]);
        let mut found = Found::default();
        #[cfg(target_arch = "x86_64")]
        if small && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2 (checked just above).
            unsafe { self.hunt_avx2(lo, hi, &mut found) };
            return found;
        }
        let _ = small;
        self.hunt_from(lo, hi, 0, &mut found);
        found
    }

    /// [`Targets::hunt`] one pair at a time from pair `from` (`lo` and `hi` of equal length).
    fn hunt_from(&mut self, lo: &[u16], hi: &[u16], from: usize, found: &mut Found) {
        let len = lo.len();
        if self.small {
            return self.hunt_word(lo, hi, from, found);
        }
        for j in from..len {
            if self.reach(lo[j] ^ hi[len - 1 - j], j, found) {
                return;
            }
        }
    }

    /// [`Targets::hunt_from`] where every value is below 64: the targets below 64 in a register
    /// (those above cannot be reached).
    fn hunt_word(&mut self, lo: &[u16], hi: &[u16], from: usize, found: &mut Found) {
        let len = lo.len();
        let mut t = self.bits[0];
        for j in from..len {
            let v = (lo[j] ^ hi[len - 1 - j]) as usize & 63;
            if t >> v & 1 == 0 {
                continue;
            }
            t &= !(1 << v);
            self.table[0][v & 15] &= !(1 << (v >> 4));
            if v != self.least {
                continue;
            }
            self.bits[0] = t;
            self.least = self.least_left();
            if self.least == self.settle {
                found.done = Some(j);
                return;
            }
            found.moves += 1;
            found.index_sum += j as u64;
        }
        self.bits[0] = t;
    }

    /// [`Targets::hunt`] 32 pairs at a time (every value below 512): the partners reversed by
    /// one shuffle, the 32 values packed to bytes and looked up in the tables; the pairs of a
    /// chunk with a target are then reached in order.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn hunt_avx2(&mut self, lo: &[u16], hi: &[u16], found: &mut Found) {
        use std::arch::x86_64::*;
        const STEP: usize = 32;
        let len = lo.len();
        let rev = _mm256_setr_epi8(
            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6,
            7, 4, 5, 2, 3, 0, 1,
        );
        let bit = _mm256_setr_epi8(
            1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64,
            -128, 1, 2, 4, 8, 16, 32, 64, -128,
        );
        // SAFETY: each table row is 16 bytes.
        let tables = |t: &[[u8; 16]; 4]| {
            t.map(|row| unsafe {
                _mm256_broadcastsi128_si256(_mm_loadu_si128(row.as_ptr() as *const __m128i))
            })
        };
        let mut tab = tables(&self.table);
        let (byte, nib, zero) =
            (_mm256_set1_epi16(0xff), _mm256_set1_epi8(0x0f), _mm256_setzero_si256());
        // The 16 values of pairs j..j + 16.
        let values = |j: usize| {
            // SAFETY: lo[j..j + 16] and hi[len - j - 16..len - j] lie inside the slices.
            let (x, y) = unsafe {
                (
                    _mm256_loadu_si256(lo.as_ptr().add(j) as *const __m256i),
                    _mm256_loadu_si256(hi.as_ptr().add(len - j - 16) as *const __m256i),
                )
            };
            _mm256_xor_si256(x, _mm256_permute4x64_epi64(_mm256_shuffle_epi8(y, rev), 0x4e))
        };
        let mut j = 0;
        while j + STEP <= len {
            let (v0, v1) = (values(j), values(j + 16));
            let low = _mm256_packus_epi16(_mm256_and_si256(v0, byte), _mm256_and_si256(v1, byte));
            let b8 = _mm256_packus_epi16(_mm256_srli_epi16(v0, 8), _mm256_srli_epi16(v1, 8));
            let b8 = _mm256_cmpgt_epi8(b8, zero);
            let l = _mm256_and_si256(low, nib);
            let sel = _mm256_shuffle_epi8(bit, _mm256_and_si256(_mm256_srli_epi16(low, 4), nib));
            let r = _mm256_blendv_epi8(
                _mm256_blendv_epi8(
                    _mm256_shuffle_epi8(tab[0], l),
                    _mm256_shuffle_epi8(tab[1], l),
                    low,
                ),
                _mm256_blendv_epi8(
                    _mm256_shuffle_epi8(tab[2], l),
                    _mm256_shuffle_epi8(tab[3], l),
                    low,
                ),
                b8,
            );
            if _mm256_testz_si256(r, sel) == 0 {
                let miss = _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(r, sel), zero));
                // Bytes 0-7: pairs 0-7, 8-15: pairs 16-23, 16-23: pairs 8-15, 24-31: 24-31.
                let m = !miss as u32;
                let mut pairs = m & 0xff00_00ff | (m >> 16 & 0xff) << 8 | (m >> 8 & 0xff) << 16;
                while pairs != 0 {
                    let i = j + pairs.trailing_zeros() as usize;
                    pairs &= pairs - 1;
                    if self.reach(lo[i] ^ hi[len - 1 - i], i, found) {
                        return;
                    }
                }
                tab = tables(&self.table);
            }
            j += STEP;
        }
        self.hunt_from(lo, hi, j, found);
    }
}

/// OR the set bytes of `bytes` (one per value) into the bitset `opts` as bits, and clear them.
pub(super) fn fold_bytes(bytes: &mut [u8], opts: &mut [u64]) {
    for (chunk, o) in bytes.chunks_exact_mut(64).zip(opts.iter_mut()) {
        *o |= word_of(chunk);
        chunk.fill(0);
    }
}

/// Bit `i` set where byte `i` of the 64 is not zero.
#[inline(always)]
fn word_of(chunk: &[u8]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        let mut w = 0u64;
        for (q, part) in chunk.chunks_exact(16).enumerate() {
            // SAFETY: SSE2 is part of x86-64; `part` is 16 bytes.
            let zero = unsafe {
                let x = _mm_loadu_si128(part.as_ptr() as *const __m128i);
                _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) as u64
            };
            w |= (!zero & 0xffff) << (16 * q);
        }
        w
    }
    #[cfg(not(target_arch = "x86_64"))]
    chunk.iter().enumerate().fold(0, |w, (i, &b)| w | ((b != 0) as u64) << i)
}

impl<S: Store> Engine<S> {
    /// [`Engine::verify`] as a search for the targets, in the same order of pairs (with `first`,
    /// the pairs `1..FIRST` of every split before the rest of any) and with the same counters,
    /// where every value is kept; `None` when there are too many targets (nothing done then).
    pub(super) fn verify_hunt(&mut self, n: usize, g: usize, first: bool) -> Option<usize> {
        let max = self.max_value as usize;
        let mut t = Targets::new(&self.opts[..=self.words], g, max, |v| self.settled(n, v))?;
        let from = if first { FIRST } else { 1 };
        if first {
            for si in 0..self.moves.split.len() {
                let k = self.moves.split[si].0;
                let found = self.hunt_range(&mut t, n - k, (1, FIRST));
                if let Some(i) = found.done {
                    self.stats.scanned_pairs += i as u64;
                    return Some(t.settle);
                }
            }
        }
        for si in 0..self.moves.split.len() {
            let (k, unequal) = self.moves.split[si];
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let top = uncovered(None, si, m, unequal)[0].1;
            let from = from.min(top);
            let found = self.hunt_range(&mut t, m, (from, top));
            if let Some(i) = found.done {
                self.stats.scanned_pairs += i as u64;
                self.stats.verify_pairs += (i + 1 - from) as u64;
                return Some(t.settle);
            }
            self.stats.verify_pairs += (top - from) as u64;
        }
        Some(t.candidate())
    }

    /// The pairs `(a, m - a)`, `from <= a < to`, hunted in order: the moves short of the last
    /// counted, the pair of the last returned (as an index `a`).
    fn hunt_range(&mut self, t: &mut Targets, m: usize, (from, to): (usize, usize)) -> Found {
        let small = (self.max_value as usize) < LIMIT;
        let mut found =
            match self.store.window(from, to).zip(self.store.window(m + 1 - to, m + 1 - from)) {
                Some((lo, hi)) => t.hunt(lo, hi, small),
                None => {
                    let mut found = Found::default();
                    for (j, a) in (from..to).enumerate() {
                        if t.reach(self.store.get(a) ^ self.store.get(m - a), j, &mut found) {
                            break;
                        }
                    }
                    found
                }
            };
        self.stats.scanned_pairs += found.index_sum + from as u64 * found.moves;
        found.done = found.done.map(|j| from + j);
        found
    }
}

impl<S: Store> Engine<S> {
    /// [`Engine::verify_hunt`] where every value is below 64: the targets in one word, found
    /// from a cached word of the settled values; `None` when no value below 64 settles, or the
    /// store does not give the pairs as slices (nothing done then).
    pub(super) fn verify_word(&mut self, n: usize, g: usize, first: bool) -> Option<usize> {
        let settled = match self.settled_words {
            Some(w) => w[n & 1],
            None => {
                let w = [0, 1]
                    .map(|p| (0..64).filter(|&v| self.settled(p, v)).fold(0u64, |w, v| w | 1 << v));
                self.settled_words = Some(w);
                w[n & 1]
            }
        };
        let free = !self.opts[0];
        let settle = (free & settled).trailing_zeros() as usize;
        if settle == 64 {
            return None;
        }
        let mut t = free & !settled & ((1u64 << settle) - 1);
        debug_assert_eq!(t.trailing_zeros() as usize, g);
        let from = if first { FIRST } else { 1 };
        let splits = self.moves.split.len();
        // The first pairs of every split (`head`, not counted in `verify_pairs`), then the rest
        // of each.
        for i in if first { 0 } else { splits }..2 * splits {
            let (k, unequal) = self.moves.split[i % splits];
            let m = n.saturating_sub(k);
            let (a, b) = if i < splits {
                (1, FIRST)
            } else if n < k + 2 {
                continue;
            } else {
                let top = uncovered(None, i - splits, m, unequal)[0].1;
                (from.min(top), top)
            };
            if a >= b {
                continue;
            }
            let (done, moves, sum) = self.word_range(m, (a, b), &mut t)?;
            self.stats.scanned_pairs += sum + a as u64 * moves;
            let counted = i >= splits;
            if let Some(j) = done {
                self.stats.scanned_pairs += (a + j) as u64;
                if counted {
                    self.stats.verify_pairs += j as u64 + 1;
                }
                return Some(settle);
            }
            if counted {
                self.stats.verify_pairs += (b - a) as u64;
            }
        }
        Some(if t == 0 { settle } else { t.trailing_zeros() as usize })
    }
}

impl<S: Store> Engine<S> {
    /// [`word_hunt`] over the pairs `(a, m - a)`, `a` in `a..b`, sixteen at a time where the
    /// processor has AVX2 and the store gives sixteen values on each side (the last chunk may
    /// read past `b`: its extra pairs are masked off). `None` when the store does not give the
    /// pairs as slices (before any pair is read).
    fn word_range(
        &self,
        m: usize,
        (a, b): (usize, usize),
        t: &mut u64,
    ) -> Option<(Option<usize>, u64, u64)> {
        let (lo, hi) = self.store.window(a, b).zip(self.store.window(m + 1 - b, m + 1 - a))?;
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            let (mut moves, mut sum) = (0, 0);
            let mut c = a;
            while c < b && c + 16 <= m + 1 && t.count_ones() <= 12 {
                let (Some(x), Some(y)) =
                    (self.store.window(c, c + 16), self.store.window(m + 1 - c - 16, m + 1 - c))
                else {
                    break;
                };
                // SAFETY: the processor has AVX2 (checked just above).
                let mut hits = unsafe { hits16(x, y, *t) } & (u32::MAX >> (32 - (b - c).min(16)));
                while hits != 0 {
                    let j = hits.trailing_zeros() as usize;
                    hits &= hits - 1;
                    let (done, mv, _) = word_hunt(&x[j..=j], &y[15 - j..16 - j], t);
                    if done.is_some() {
                        return Some((Some(c + j - a), moves, sum));
                    }
                    moves += mv;
                    sum += mv * (c + j - a) as u64;
                }
                c += 16;
            }
            if c >= b {
                return Some((None, moves, sum));
            }
            let (done, mv, sm) = word_hunt(&lo[c - a..], &hi[..b - c], t);
            return Some((done.map(|j| c - a + j), moves + mv, sum + sm + (c - a) as u64 * mv));
        }
        Some(word_hunt(lo, hi, t))
    }
}

/// The pairs among the sixteen `(x[j], y[15 - j])` whose value (below 64) is in the word `t`: bit
/// `j` set (every value compared with every target, at most 64).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn hits16(x: &[u16], y: &[u16], t: u64) -> u32 {
    use std::arch::x86_64::*;
    let rev = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7,
        4, 5, 2, 3, 0, 1,
    );
    let (x, y) = (&x[..16], &y[..16]);
    // SAFETY: x and y are 16 values each.
    let v = unsafe {
        let a = _mm256_loadu_si256(x.as_ptr() as *const __m256i);
        let b = _mm256_loadu_si256(y.as_ptr() as *const __m256i);
        _mm256_xor_si256(a, _mm256_permute4x64_epi64::<0x4e>(_mm256_shuffle_epi8(b, rev)))
    };
    let mut hit = _mm256_setzero_si256();
    let mut w = t;
    while w != 0 {
        let target = w.trailing_zeros() as i16;
        w &= w - 1;
        hit = _mm256_or_si256(hit, _mm256_cmpeq_epi16(v, _mm256_set1_epi16(target)));
    }
    // One byte a pair: the sixteen in order in the low half.
    let packed = _mm256_permute4x64_epi64::<0xd8>(_mm256_packs_epi16(hit, hit));
    _mm256_movemask_epi8(packed) as u32 & 0xffff
}

/// The pairs `(lo[j], hi[len - 1 - j])` in order (every value below 64), each clearing its bit
/// of the targets `t`: the pair that cleared the last one, and the candidate moves short of it
/// (their count and the sum of their `j`).
#[inline(always)]
fn word_hunt(lo: &[u16], hi: &[u16], t: &mut u64) -> (Option<usize>, u64, u64) {
    let len = lo.len().min(hi.len());
    let (lo, hi) = (&lo[..len], &hi[hi.len() - len..]);
    let (mut moves, mut sum) = (0, 0);
    let mut w = *t;
    for j in 0..len {
        let v = (lo[j] ^ hi[len - 1 - j]) & 63;
        // Whether the pair reaches the least target, without a branch (hits are frequent and
        // unpredictable; a pair that reaches no target changes nothing): the pair that empties
        // the targets reaches the least.
        let least = (w & w.wrapping_neg()) >> v & 1;
        w &= !(1 << v);
        if w == 0 {
            *t = 0;
            return (Some(j), moves, sum);
        }
        moves += least;
        sum += j as u64 & least.wrapping_neg();
    }
    *t = w;
    (None, moves, sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift).
    fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// The vector kernels find the same pairs, moves and targets as one pair at a time.
    #[test]
    fn kernels_match_one_pair_at_a_time() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..400 {
            let bound = if round % 2 == 0 { 512 } else { 64 };
            let len = (rng(&mut seed) % 300) as usize;
            let lo: Vec<u16> = (0..len).map(|_| (rng(&mut seed) % bound) as u16).collect();
            let hi: Vec<u16> = (0..len).map(|_| (rng(&mut seed) % bound) as u16).collect();
            let opts: Vec<u64> = (0..8).map(|_| rng(&mut seed) | rng(&mut seed)).collect();
            let g = (0..512).find(|&v| opts[v >> 6] >> (v & 63) & 1 == 0).unwrap_or(512);
            let cut = g + (rng(&mut seed) % 40) as usize;
            let settled = |v: usize| v >= cut && v.is_multiple_of(3);
            let Some(mut fast) = Targets::new(&opts, g, bound as usize - 1, settled) else {
                continue;
            };
            let mut slow = fast.clone();
            let a = fast.hunt(&lo, &hi, true);
            let mut b = Found::default();
            slow.hunt_from(&lo, &hi, 0, &mut b);
            assert_eq!(
                (a.moves, a.index_sum, a.done),
                (b.moves, b.index_sum, b.done),
                "round {round}"
            );
            assert_eq!((fast.bits, fast.least), (slow.bits, slow.least), "round {round}");
            if bound == 64 && len >= 16 {
                let t = fast.bits[0] | rng(&mut seed) & rng(&mut seed);
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("avx2") && t.count_ones() <= 12 {
                    // SAFETY: the processor has AVX2.
                    let hits = unsafe { hits16(&lo[..16], &hi[len - 16..], t) };
                    for j in 0..16 {
                        let v = lo[j] ^ hi[len - 1 - j];
                        assert_eq!(hits >> j & 1 == 1, t >> v & 1 == 1, "round {round} pair {j}");
                    }
                }
            }
        }
    }

    /// The branch-free word hunt against the bitset scan it stands for: every pair's value set
    /// in a word of seen values, the candidate the least target not seen, a move each time a
    /// pair reaches the candidate, the end when every target is seen.
    #[test]
    fn word_hunt_is_the_bitset_scan() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for round in 0..3000 {
            let len = (rng(&mut seed) % 120) as usize;
            let spread = 1 + rng(&mut seed) % 64;
            let lo: Vec<u16> = (0..len).map(|_| (rng(&mut seed) % spread) as u16).collect();
            let hi: Vec<u16> = (0..len).map(|_| (rng(&mut seed) % spread) as u16).collect();
            let targets = (rng(&mut seed) & rng(&mut seed) & (!0u64 >> (rng(&mut seed) % 64)))
                | 1 << (rng(&mut seed) % spread);
            let (mut seen, mut candidate) = (0u64, targets.trailing_zeros());
            let mut expected = (None, 0u64, 0u64);
            for j in 0..len {
                let v = lo[j] ^ hi[len - 1 - j];
                seen |= 1 << v;
                if targets & !seen == 0 {
                    expected.0 = Some(j);
                    break;
                }
                if v as u32 == candidate {
                    candidate = (targets & !seen).trailing_zeros();
                    expected.1 += 1;
                    expected.2 += j as u64;
                }
            }
            let mut t = targets;
            let found = word_hunt(&lo, &hi, &mut t);
            assert_eq!(found, expected, "round {round}");
            assert_eq!(t, targets & !seen, "round {round}");
        }
    }

    /// Bytes fold into the bitset they stand for.
    #[test]
    fn bytes_fold_into_bits() {
        let mut bytes = [0u8; LIMIT];
        for v in [0, 5, 63, 64, 200, 301, 511] {
            bytes[v] = 1;
        }
        let mut opts = [0u64; 9];
        fold_bytes(&mut bytes, &mut opts);
        assert_eq!(opts[0], 1 | 1 << 5 | 1 << 63);
        assert_eq!(opts[1], 1);
        assert_eq!(opts[3], 1 << (200 - 192));
        assert_eq!(opts[4], 1 << (301 - 256));
        assert_eq!(opts[7], 1 << 63);
        assert!(bytes.iter().all(|&b| b == 0));
    }
}
