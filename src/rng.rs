//! A small, fast, seedable random generator (SplitMix64) for the input generators and the tests.
//!
//! SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014)
//! passes BigCrush, and because every seed goes through its mixing function, nearby seeds give
//! unrelated streams. Same seed, same numbers, on every platform.

/// SplitMix64 state.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

/// The SplitMix64 finaliser: a bijection on u64 that mixes every input bit into every output bit.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng { state: mix64(seed) }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix64(self.state)
    }

    /// Uniform in `0..n` (n > 0), by Lemire's multiply-shift (bias below 2^-64 * n).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    #[inline]
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Rng::range with lo > hi");
        if lo == 0 && hi == u64::MAX {
            return self.next_u64();
        }
        lo + self.below(hi - lo + 1)
    }

    /// Uniform index into a slice of length `n`.
    #[inline]
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// True with probability `num / den`.
    #[inline]
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// A value that is often an edge case: 0, 1, 2^k, 2^k - 1, near `max`, else uniform.
    pub fn edgy(&mut self, max: u64) -> u64 {
        let v = match self.below(8) {
            0 => 0,
            1 => 1,
            2 => max,
            3 => max.saturating_sub(self.below(3)),
            4 => 1u64.checked_shl(self.below(64) as u32).unwrap_or(0).wrapping_sub(self.below(2)),
            _ => self.range(0, max),
        };
        v.min(max)
    }

    /// A random element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u64> = (0..4).scan(Rng::new(7), |r, _| Some(r.next_u64())).collect();
        let b: Vec<u64> = (0..4).scan(Rng::new(7), |r, _| Some(r.next_u64())).collect();
        assert_eq!(a, b);
        assert_ne!(Rng::new(7).next_u64(), Rng::new(8).next_u64());
    }

    #[test]
    fn ranges_hold() {
        let mut r = Rng::new(1);
        for _ in 0..1000 {
            let v = r.range(5, 9);
            assert!((5..=9).contains(&v));
            assert!(r.edgy(10) <= 10);
        }
    }
}
