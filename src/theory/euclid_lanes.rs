//! The largest Every-SG step over many Euclid games ([`max_step`]), with many division chains
//! in flight at once.
//!
//! HDU 3595 needs only `T`, the largest step over a test's games (see [`super::every_sg`]).
//! One game's step is a chain of dependent divisions, and the processor's integer divider
//! barely overlaps independent ones (four chains side by side gained 11%), so the chains are
//! run in sixteen lanes of AVX-512 floating-point division instead, which is pipelined; a lane
//! whose game is finished takes the next game at once (the order of games does not matter for
//! a maximum). Without AVX-512 the scalar kernel runs four chains side by side.
//!
//! **Exactness.** No verdict depends on floating point. For b >= a >= 1 below 2^63 the lane
//! computes Q' = trunc(fl(fl(b) / fl(a))) and then the remainder b - Q' a in exact 64-bit
//! integers, corrected once in each direction: if it wrapped (Q' = Q + 1) or is at least a
//! (Q' = Q - 1). One correction suffices when Q < 2^51: the three roundings make a relative
//! error below 2^-51, so |fl(b / a) - b / a| < 1 and Q' is Q - 1, Q or Q + 1. A lane whose
//! estimate is 2^50 or more is redone with the integer divider. The product Q' a is at most
//! b + a < 2^64 (piles below 2^63), so it does not wrap; the difference b - Q' a wraps exactly
//! when Q' = Q + 1, and then exceeds b.
//!
//! **The fold, forwards.** [`super::every_sg::euclid_step`] folds the kinds of the divisions
//! from the last one back to the first: state (w, s) starts at (N, 1) after the division of
//! remainder 0, and a division of quotient >= 2 maps (w, s) to (N, s + 1 + [w]), one of
//! quotient 1 to (not w, s + 1). A lane cannot keep the kinds of 92 divisions; it keeps the
//! composition M of the maps met so far, applied last to (N, 1). Only the step is needed, and
//! M(w) adds `add[w]` to s: composing M with a map f gives add'[P] = 1 + add[N] (both kinds
//! send P to N with +1), and add'[N] = 2 + add[N] (quotient >= 2: N to N with +2) or
//! 1 + add[P] (quotient 1: N to P with +1). The identity has add = [0, 0]; the game's step is
//! 1 + add[N] when the chain ends.

/// The largest Every-SG step over the Euclid games `pairs` (0 when there are none, or every
/// game is finished). Equal to the maximum of [`super::every_sg::euclid_step`] over them.
///
/// ```
/// use games::theory::euclid_lanes::max_step;
/// use games::theory::every_sg::euclid_step;
/// let pairs = [(2, 5), (0, 7), (3, 3), (12345, 678910), (1, u64::MAX >> 1)];
/// let expected = pairs.iter().map(|&(p, q)| euclid_step(p, q).step).max().unwrap();
/// assert_eq!(max_step(&pairs), expected);
/// assert_eq!(max_step(&[]), 0);
/// ```
pub fn max_step(pairs: &[(u64, u64)]) -> u32 {
    Kernel::best().max_step(pairs)
}

/// The kernels: which one runs is decided once per process ([`Kernel::best`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Four chains side by side on the integer divider.
    Scalar,
    /// Sixteen lanes of AVX-512 floating-point division (AVX-512F and AVX-512DQ).
    Avx512,
}

impl Kernel {
    pub const ALL: [Kernel; 2] = [Kernel::Scalar, Kernel::Avx512];

    /// The fastest kernel this processor can run.
    pub fn best() -> Kernel {
        if Kernel::Avx512.is_available() { Kernel::Avx512 } else { Kernel::Scalar }
    }

    /// Can this processor run the kernel?
    pub fn is_available(self) -> bool {
        match self {
            Kernel::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => {
                std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512dq")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx512 => false,
        }
    }

    /// [`max_step`] with this kernel; a kernel the processor lacks runs the scalar one.
    pub fn max_step(self, pairs: &[(u64, u64)]) -> u32 {
        match self {
            // SAFETY: the processor has AVX-512F and AVX-512DQ (checked just now).
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 if self.is_available() => unsafe { avx512::max_step(pairs) },
            _ => scalar_max_step(pairs),
        }
    }
}

/// The scalar kernel: four chains side by side ([`super::every_sg::euclid_steps`]).
fn scalar_max_step(pairs: &[(u64, u64)]) -> u32 {
    use super::every_sg::{euclid_step, euclid_steps};
    let mut chunks = pairs.chunks_exact(4);
    let mut max = 0;
    for four in &mut chunks {
        let four = [four[0], four[1], four[2], four[3]];
        max = euclid_steps(four).iter().fold(max, |m, s| m.max(s.step));
    }
    chunks.remainder().iter().fold(max, |m, &(p, q)| m.max(euclid_step(p, q).step))
}

/// The largest pile the lanes accept: below 2^63, so that a + b < 2^64 (the test for a
/// wrapped remainder needs it); larger games go to the integer divider.
pub const MAX_PILE: u64 = (1 << 63) - 1;

#[cfg(target_arch = "x86_64")]
mod avx512 {
    //! The AVX-512 kernel: two vectors of eight lanes. Must only run on a processor with
    //! AVX-512F and AVX-512DQ.
    use super::MAX_PILE;
    use std::arch::x86_64::*;

    const LANES: usize = 16;

    /// A lane's game, ready to run: (a, b) with 1 <= a <= b, and the fold reset; finished
    /// games (a pile of 0, step 0) are skipped, piles above [`MAX_PILE`] are folded here.
    fn next_game(
        games: &mut std::slice::Iter<'_, (u64, u64)>,
        max: &mut u32,
    ) -> Option<(u64, u64)> {
        for &(p, q) in games.by_ref() {
            let (a, b) = if p <= q { (p, q) } else { (q, p) };
            if a == 0 {
                continue;
            }
            if b > MAX_PILE {
                *max = (*max).max(super::super::every_sg::euclid_step(a, b).step);
                continue;
            }
            return Some((a, b));
        }
        None
    }

    /// The lane state spilled to memory: piles, the fold's two counters.
    #[repr(C, align(64))]
    struct Spill {
        a: [u64; LANES],
        b: [u64; LANES],
        add_p: [u64; LANES],
        add_n: [u64; LANES],
    }

    #[target_feature(enable = "avx512f,avx512dq")]
    pub(super) fn max_step(pairs: &[(u64, u64)]) -> u32 {
        let mut games = pairs.iter();
        let mut max = 0u32;
        // A lane with no game holds a = b = 1 (its remainder is 0 at once) and is not live.
        let mut s = Spill { a: [1; LANES], b: [1; LANES], add_p: [0; LANES], add_n: [0; LANES] };
        let mut live: u32 = 0;
        for k in 0..LANES {
            if let Some((a, b)) = next_game(&mut games, &mut max) {
                (s.a[k], s.b[k]) = (a, b);
                live |= 1 << k;
            }
        }
        let one = _mm512_set1_epi64(1);
        let two = _mm512_set1_epi64(2);
        let hard_quotient = _mm512_set1_pd((1u64 << 50) as f64);
        while live != 0 {
            // SAFETY: `Spill` is 64-byte aligned and each array holds exactly 16 u64.
            let (mut a, mut b, mut add_p, mut add_n) = unsafe {
                let at =
                    |x: &[u64; LANES], h: usize| _mm512_load_si512(x.as_ptr().add(8 * h).cast());
                (
                    [at(&s.a, 0), at(&s.a, 1)],
                    [at(&s.b, 0), at(&s.b, 1)],
                    [at(&s.add_p, 0), at(&s.add_p, 1)],
                    [at(&s.add_n, 0), at(&s.add_n, 1)],
                )
            };
            // Run every lane until one finishes its game or needs the integer divider.
            let (done, hard) = loop {
                let mut done: u32 = 0;
                let mut hard: u32 = 0;
                for h in 0..2 {
                    let q_est = _mm512_div_pd(_mm512_cvtepu64_pd(b[h]), _mm512_cvtepu64_pd(a[h]));
                    let big_q = _mm512_cmp_pd_mask::<_CMP_GE_OQ>(q_est, hard_quotient);
                    let mut q = _mm512_cvttpd_epu64(q_est);
                    let mut rem = _mm512_sub_epi64(b[h], _mm512_mullo_epi64(q, a[h]));
                    // Q' = Q + 1: the difference wrapped, to 2^64 - (Q' a - b) >= 2^64 - a,
                    // which is above b as a + b < 2^64 (otherwise it is r or r + a <= b).
                    let over = _mm512_cmpgt_epu64_mask(rem, b[h]);
                    q = _mm512_mask_sub_epi64(q, over, q, one);
                    rem = _mm512_mask_add_epi64(rem, over, rem, a[h]);
                    // Q' = Q - 1: the remainder is still at least a.
                    let under = _mm512_cmpge_epu64_mask(rem, a[h]);
                    q = _mm512_mask_add_epi64(q, under, q, one);
                    rem = _mm512_mask_sub_epi64(rem, under, rem, a[h]);
                    let ends = _mm512_cmpeq_epu64_mask(rem, _mm512_setzero_si512());
                    // Lanes that end keep their fold (read on the spill); a hard lane keeps
                    // everything and is redone exactly.
                    let step = !ends & !big_q;
                    let quotient_big = _mm512_cmpge_epu64_mask(q, two);
                    let n_via_p = _mm512_add_epi64(add_p[h], one);
                    let n_via_n = _mm512_add_epi64(add_n[h], two);
                    let new_n = _mm512_mask_blend_epi64(quotient_big, n_via_p, n_via_n);
                    add_p[h] = _mm512_mask_add_epi64(add_p[h], step, add_n[h], one);
                    add_n[h] = _mm512_mask_mov_epi64(add_n[h], step, new_n);
                    let new_b = a[h];
                    a[h] = _mm512_mask_mov_epi64(a[h], step, rem);
                    b[h] = _mm512_mask_mov_epi64(b[h], step, new_b);
                    done |= u32::from(ends & !big_q) << (8 * h);
                    hard |= u32::from(big_q) << (8 * h);
                }
                let (done, hard) = (done & live, hard & live);
                if done | hard != 0 {
                    break (done, hard);
                }
            };
            // SAFETY: as for the loads.
            unsafe {
                let put = |x: &mut [u64; LANES], h: usize, v: __m512i| {
                    _mm512_store_si512(x.as_mut_ptr().add(8 * h).cast(), v)
                };
                for h in 0..2 {
                    put(&mut s.a, h, a[h]);
                    put(&mut s.b, h, b[h]);
                    put(&mut s.add_p, h, add_p[h]);
                    put(&mut s.add_n, h, add_n[h]);
                }
            }
            let mut hard = hard;
            while hard != 0 {
                let k = hard.trailing_zeros() as usize;
                hard &= hard - 1;
                // One exact division, the same step as the lanes take.
                let (a, b) = (s.a[k], s.b[k]);
                let (q, rem) = (b / a, b % a);
                if rem == 0 {
                    max = max.max(1 + s.add_n[k] as u32);
                    refill(&mut s, k, &mut games, &mut max, &mut live);
                    continue;
                }
                let new_n = if q >= 2 { s.add_n[k] + 2 } else { s.add_p[k] + 1 };
                s.add_p[k] = s.add_n[k] + 1;
                s.add_n[k] = new_n;
                (s.a[k], s.b[k]) = (rem, a);
            }
            let mut done = done;
            while done != 0 {
                let k = done.trailing_zeros() as usize;
                done &= done - 1;
                max = max.max(1 + s.add_n[k] as u32);
                refill(&mut s, k, &mut games, &mut max, &mut live);
            }
        }
        max
    }

    /// Lane k takes the next game, or holds a = b = 1 and leaves `live` when there is none.
    fn refill(
        s: &mut Spill,
        k: usize,
        games: &mut std::slice::Iter<'_, (u64, u64)>,
        max: &mut u32,
        live: &mut u32,
    ) {
        (s.add_p[k], s.add_n[k]) = (0, 0);
        match next_game(games, max) {
            Some((a, b)) => (s.a[k], s.b[k]) = (a, b),
            None => {
                (s.a[k], s.b[k]) = (1, 1);
                *live &= !(1 << k);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theory::every_sg::euclid_step;

    fn expected(pairs: &[(u64, u64)]) -> u32 {
        pairs.iter().map(|&(p, q)| euclid_step(p, q).step).max().unwrap_or(0)
    }

    #[test]
    fn every_kernel_agrees_with_one_game_at_a_time() {
        let mut rng = crate::rng::Rng::new(59);
        let pick = |rng: &mut crate::rng::Rng| match rng.below(7) {
            0 => 0,
            1 => rng.below(20),
            2 => rng.below(1001),
            3 => u64::MAX >> rng.below(64),
            4 => rng.below(64),
            5 => (1 << 53) + rng.below(1 << 12) - (1 << 11),
            _ => rng.next_u64() >> rng.below(2),
        };
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            for round in 0..4_000 {
                let len = rng.below(if round % 10 == 0 { 200 } else { 40 }) as usize;
                let mut pairs: Vec<(u64, u64)> =
                    (0..len).map(|_| (pick(&mut rng), pick(&mut rng))).collect();
                if round % 3 == 0 {
                    // A test whose maximum is one game among many small ones.
                    for p in pairs.iter_mut() {
                        (p.0, p.1) = (p.0 % 50, p.1 % 50);
                    }
                    if let Some(last) = pairs.last_mut() {
                        *last = (pick(&mut rng), pick(&mut rng));
                    }
                }
                assert_eq!(kernel.max_step(&pairs), expected(&pairs), "{kernel:?} {pairs:?}");
                // Each game alone, so a wrong step cannot hide under a larger one.
                for &pair in pairs.iter().take(8) {
                    assert_eq!(kernel.max_step(&[pair]), expected(&[pair]), "{kernel:?} {pair:?}");
                }
            }
        }
    }

    #[test]
    fn huge_quotients_long_chains_and_the_largest_piles() {
        let (mut f, mut g) = (1u64, 2u64);
        let mut fibs = vec![(1, 1), (1, 2)];
        while let Some(h) = f.checked_add(g) {
            (f, g) = (g, h);
            fibs.push((f, g));
        }
        let mut cases: Vec<Vec<(u64, u64)>> = vec![
            vec![],
            vec![(0, 0)],
            vec![(1, MAX_PILE)],
            vec![(3, MAX_PILE), (MAX_PILE, MAX_PILE - 1)],
            vec![(1, u64::MAX), (u64::MAX, u64::MAX - 1), (2, u64::MAX)],
            vec![((1 << 51) + 1, (1 << 62) + 3), (7, (1 << 52) * 7 - 1)],
            fibs.clone(),
            fibs.iter().map(|&(a, b)| (b, a)).collect(),
        ];
        for k in 1..64 {
            cases.push(vec![(1, (1u64 << k) - 1), (3, (1u64 << k) + 1), ((1 << k) - 1, 1 << k)]);
        }
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            for pairs in &cases {
                assert_eq!(kernel.max_step(pairs), expected(pairs), "{kernel:?} {pairs:?}");
                for &pair in pairs {
                    assert_eq!(kernel.max_step(&[pair]), expected(&[pair]), "{kernel:?} {pair:?}");
                }
            }
        }
    }
}
