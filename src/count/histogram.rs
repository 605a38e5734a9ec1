//! The values counted: distinct values with their weights (how many heaps or choices have
//! them), from a `games sg` table or a file of values, and the linear map of their span onto
//! (Z/2)^d that lets the transform be as small as the rank of the values over GF(2).
//!
//! The map: a basis of the span by Gaussian elimination over GF(2) (one pivot per top bit),
//! each reduced row remembering which chosen values (the generators) XOR to it. The coordinate
//! vector of a value in the span is the XOR of the remembered sets of the rows that reduce it
//! to 0; it is linear and one-to-one, so it keeps every XOR relation, and a value outside the
//! span is no XOR sum of the values at all.

use crate::error::{AllocError, InputError, try_reserve, try_with_capacity};
use crate::scanner::Scanner;

/// Distinct values (increasing) with their weights (each at least 1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram {
    pairs: Vec<(u64, u64)>,
}

impl Histogram {
    /// From any list of values (a choice may repeat a value).
    pub fn from_values(mut values: Vec<u64>) -> Histogram {
        values.sort_unstable();
        let mut pairs: Vec<(u64, u64)> = Vec::new();
        for v in values {
            match pairs.last_mut() {
                Some(last) if last.0 == v => last.1 += 1,
                _ => pairs.push((v, 1)),
            }
        }
        Histogram { pairs }
    }

    /// From (value, weight) pairs in any order; zero weights are dropped, equal values merged.
    pub fn from_weights(mut pairs: Vec<(u64, u64)>) -> Histogram {
        pairs.sort_unstable();
        let mut out: Vec<(u64, u64)> = Vec::new();
        for (v, w) in pairs.into_iter().filter(|p| p.1 > 0) {
            match out.last_mut() {
                Some(last) if last.0 == v => last.1 = last.1.saturating_add(w),
                _ => out.push((v, w)),
            }
        }
        Histogram { pairs: out }
    }

    /// From a Grundy table G(0..=N) (one heap of each size).
    pub fn from_table(values: &[u32]) -> Histogram {
        let max = values.iter().copied().max().unwrap_or(0) as usize;
        if max < 1 << 22 {
            let mut count = vec![0u64; max + 1];
            for &g in values {
                count[g as usize] += 1;
            }
            let pairs = count
                .into_iter()
                .enumerate()
                .filter(|p| p.1 > 0)
                .map(|(v, c)| (v as u64, c))
                .collect();
            return Histogram { pairs };
        }
        Histogram::from_values(values.iter().map(|&g| g as u64).collect())
    }

    /// The values of a file: one non-negative integer (below 2^64) a line; any blank space
    /// separates them. An error has the offset of the bad token.
    pub fn parse(input: &[u8]) -> Result<Histogram, InputError> {
        let mut sc = Scanner::new(input);
        let mut values: Vec<u64> = Vec::new();
        while !sc.at_eof() {
            let v = sc.u64("a value (a whole number from 0 to 2^64 - 1)")?;
            if values.len() == values.capacity() {
                // The file's size is the user's: every allocation sized by it is fallible.
                let more = values.len().max(1024);
                try_reserve(&mut values, more, "the values of the file")?;
            }
            values.push(v);
        }
        Ok(Histogram::try_from_values(values)?)
    }

    /// [`Histogram::from_values`], its one allocation (the distinct values) fallible.
    pub fn try_from_values(mut values: Vec<u64>) -> Result<Histogram, AllocError> {
        values.sort_unstable();
        let distinct = 1 + values.windows(2).filter(|w| w[0] != w[1]).count();
        let mut pairs: Vec<(u64, u64)> = try_with_capacity(distinct, "the distinct values")?;
        for v in values {
            match pairs.last_mut() {
                Some(last) if last.0 == v => last.1 += 1,
                _ => pairs.push((v, 1)),
            }
        }
        Ok(Histogram { pairs })
    }

    /// This histogram less `other`'s weights (each value's weight at least 0): the heaps
    /// A..=N as those of 0..=N less those of 0..A.
    pub fn minus(&self, other: &Histogram) -> Histogram {
        let pairs = self
            .pairs
            .iter()
            .map(|&(v, w)| {
                let less =
                    other.pairs.binary_search_by_key(&v, |p| p.0).map_or(0, |i| other.pairs[i].1);
                (v, w.saturating_sub(less))
            })
            .collect();
        Histogram::from_weights(pairs)
    }

    /// (value, weight), values increasing.
    pub fn pairs(&self) -> &[(u64, u64)] {
        &self.pairs
    }

    /// The sum of the weights.
    pub fn total(&self) -> u128 {
        self.pairs.iter().map(|p| p.1 as u128).sum()
    }

    /// The basis of the span and each distinct value's coordinates.
    pub fn coordinates(&self) -> (Basis, Vec<u64>) {
        let mut basis = Basis::default();
        let coords = self.pairs.iter().map(|&(v, _)| basis.insert(v)).collect();
        (basis, coords)
    }
}

/// A basis of a subspace of GF(2)^64 with coordinates relative to the values inserted.
#[derive(Clone, Debug)]
pub struct Basis {
    /// By top bit: the reduced row and the set of generators that XOR to it.
    rows: [Option<(u64, u64)>; 64],
    rank: u32,
}

impl Default for Basis {
    fn default() -> Self {
        Basis { rows: [None; 64], rank: 0 }
    }
}

impl Basis {
    /// The dimension.
    pub fn rank(&self) -> u32 {
        self.rank
    }

    /// Reduces `v`: what is left and the generators used.
    fn reduce(&self, mut v: u64) -> (u64, u64) {
        let mut used = 0u64;
        while v != 0 {
            let top = 63 - v.leading_zeros() as usize;
            match self.rows[top] {
                Some((row, set)) => {
                    v ^= row;
                    used ^= set;
                }
                None => break,
            }
        }
        (v, used)
    }

    /// Adds `v` to the span (a new generator when it is outside); its coordinates.
    pub fn insert(&mut self, v: u64) -> u64 {
        let (rest, used) = self.reduce(v);
        if rest == 0 {
            return used;
        }
        let new = 1u64 << self.rank;
        self.rank += 1;
        let top = 63 - rest.leading_zeros() as usize;
        self.rows[top] = Some((rest, used ^ new));
        new
    }

    /// The coordinates of `v`, or `None` outside the span.
    pub fn coordinates(&self, v: u64) -> Option<u64> {
        let (rest, used) = self.reduce(v);
        (rest == 0).then_some(used)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn coordinates_keep_every_xor_relation() {
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let bits = rng.next_u64() % 64 + 1;
            let values: Vec<u64> = (0..rng.next_u64() % 12)
                .map(|_| rng.next_u64() >> (64 - bits) & !(rng.next_u64() & rng.next_u64()))
                .collect();
            let h = Histogram::from_values(values.clone());
            let (basis, coords) = h.coordinates();
            assert!(coords.iter().all(|&c| c < 1 << basis.rank()));
            // XOR of any subset maps to the XOR of the coordinates; 0 only from 0.
            for mask in 0u32..(1 << h.pairs().len()).min(256) {
                let (mut v, mut c) = (0u64, 0u64);
                for (i, (&(x, _), &cx)) in h.pairs().iter().zip(&coords).enumerate() {
                    if mask >> i & 1 == 1 {
                        v ^= x;
                        c ^= cx;
                    }
                }
                assert_eq!(basis.coordinates(v), Some(c));
                assert_eq!(v == 0, c == 0);
            }
        }
    }
}
