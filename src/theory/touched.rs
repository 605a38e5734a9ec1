//! The vertices that some arc names, numbered densely: a graph on `n` vertices of which only a
//! few carry arcs costs its analysis per *touched* vertex, not per vertex.
//!
//! A vertex no arc names is a sink nobody can reach: its outcome is decided by the rules alone
//! (the player to move is stuck), whatever the rest of the graph is, so a solver needs it only
//! to write its answer. [`Touched`] keeps one bit per vertex (is it named by an arc?) and one
//! `u32` per 64 vertices (how many touched vertices come before), so the dense number of a
//! touched vertex `v` is that count plus the population count of the bits below `v` in its
//! word: about 1.5 bits a vertex in all. Dense numbers keep the vertices' order, so a graph
//! whose vertices are all touched is renumbered by the identity and is left alone.

use super::csr::ArcEnds;

/// Which of the vertices `0..n` some arc names, and their dense numbers.
pub struct Touched {
    /// Bit `v % 64` of word `v / 64`: is `v` an endpoint of some arc?
    bits: Vec<u64>,
    /// `before[k]`: the number of touched vertices below `64 k`.
    before: Vec<u32>,
    count: usize,
    n: usize,
}

impl Touched {
    /// Marks the endpoints of `arcs` (every endpoint below `n`; panics otherwise, the caller
    /// validates first).
    ///
    /// ```
    /// use games::theory::touched::Touched;
    /// let t = Touched::mark(200, &[(150, 3), (3, 3)]);
    /// assert_eq!(t.count(), 2);
    /// assert_eq!((t.id(3), t.id(150), t.id(4)), (Some(0), Some(1), None));
    /// ```
    pub fn mark<A: ArcEnds>(n: usize, arcs: &[A]) -> Self {
        let mut bits = vec![0u64; n.div_ceil(64)];
        for (a, b) in arcs.iter().map(|arc| arc.ends()) {
            bits[a as usize / 64] |= 1 << (a % 64);
            bits[b as usize / 64] |= 1 << (b % 64);
        }
        let mut before = Vec::with_capacity(bits.len());
        let mut count = 0u32;
        for &w in &bits {
            before.push(count);
            count += w.count_ones();
        }
        Touched { bits, before, count: count as usize, n }
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.n
    }

    /// The number of touched vertices.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Whether every vertex is touched (the dense numbers are then the vertices themselves).
    pub fn all(&self) -> bool {
        self.count == self.n
    }

    /// The dense number of `v`, if it is touched.
    #[inline]
    pub fn id(&self, v: usize) -> Option<u32> {
        let w = self.bits[v / 64];
        let below = w & ((1u64 << (v % 64)) - 1);
        (w >> (v % 64) & 1 == 1).then(|| self.before[v / 64] + below.count_ones())
    }

    /// Rewrites every endpoint of `arcs` (all of them marked by [`Touched::mark`]) by its dense
    /// number.
    pub fn renumber<A: ArcEnds>(&self, arcs: &mut [A]) {
        let dense = |v: u32| {
            let (k, r) = (v as usize / 64, v % 64);
            self.before[k] + (self.bits[k] & ((1u64 << r) - 1)).count_ones()
        };
        for arc in arcs {
            let (a, b) = arc.ends();
            *arc = A::from_ends(dense(a), dense(b));
        }
    }

    /// Walks the vertices in order, calling `each(Some(id), 1)` for a touched vertex with dense
    /// number `id` and `each(None, len)` for `len >= 1` untouched vertices in a row (a whole
    /// word of untouched vertices is one call).
    pub fn for_each(&self, mut each: impl FnMut(Option<u32>, usize)) {
        for (k, &w) in self.bits.iter().enumerate() {
            let len = (self.n - 64 * k).min(64);
            if w == 0 {
                each(None, len);
                continue;
            }
            let mut id = self.before[k];
            for r in 0..len {
                if w >> r & 1 == 1 {
                    each(Some(id), 1);
                    id += 1;
                } else {
                    each(None, 1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_numbers_follow_the_vertex_order() {
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..300 {
            let n = 1 + rng.index(400);
            let m = rng.index(20);
            let mut arcs: Vec<(u32, u32)> =
                (0..m).map(|_| (rng.index(n) as u32, rng.index(n) as u32)).collect();
            let t = Touched::mark(n, &arcs);
            let mut named: Vec<u32> = arcs.iter().flat_map(|&(a, b)| [a, b]).collect();
            named.sort_unstable();
            named.dedup();
            assert_eq!(t.count(), named.len());
            assert_eq!(t.all(), named.len() == n);
            for v in 0..n {
                let want = named.binary_search(&(v as u32)).ok().map(|i| i as u32);
                assert_eq!(t.id(v), want);
            }
            let mut seen = Vec::new();
            t.for_each(|id, len| seen.extend(std::iter::repeat_n(id, len)));
            assert_eq!(seen, (0..n).map(|v| t.id(v)).collect::<Vec<_>>());
            let before = arcs.clone();
            t.renumber(&mut arcs);
            for (&(a, b), &(x, y)) in before.iter().zip(&arcs) {
                assert_eq!((Some(x), Some(y)), (t.id(a as usize), t.id(b as usize)));
            }
        }
    }
}
