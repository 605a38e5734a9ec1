//! Undirected vertex Geography by maximum matching.
//!
//! **The game.** A token stands on a vertex v of an undirected graph; v counts as visited.
//! The players alternately move the token along an edge to a vertex not yet visited, which then
//! counts as visited. The player who cannot move loses.
//!
//! **Theorem** (A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
//! Theoretical Computer Science 112 (1993) 371-381, Theorem on undirected vertex geography):
//! the player to move from v wins iff every maximum matching of the graph covers v.
//!
//! *Proof.* If every maximum matching covers v, fix one, M, and always move along M: from the
//! token's vertex x to its mate. The opponent then moves to some y; if y were not covered by M,
//! the path v .. y (alternating, starting with an M edge at v) would give, by exchanging its
//! edges, a maximum matching missing v. So y has a mate, not yet visited (a visited vertex's
//! mate is visited), and the mover is never stuck. If some maximum matching M misses v, the
//! opponent plays the strategy above with M: the first player's move to y is to a covered
//! vertex (else M + vy is larger), and so on.
//!
//! **Every vertex at once** (the Gallai-Edmonds decomposition, L. Lovász and M. D. Plummer,
//! *Matching Theory*, ch. 3): D(G), the vertices some maximum matching misses, are the outer
//! (even) vertices of Edmonds' alternating forest grown from all the vertices a maximum
//! matching leaves free. So [`outcomes`] finds one maximum matching by Edmonds' blossom
//! algorithm (J. Edmonds, "Paths, trees, and flowers", 1965; contraction by a union-find of
//! blossom bases, a greedy matching first, each free vertex searched once: a search that fails
//! leaves a Hungarian tree that no later augmenting path can use, so its vertices are set
//! aside), then grows the forest from every free vertex: v is P iff it is outer. The winning
//! move from an N vertex is its mate. Work: O(V E) in the worst case, counted ([`Budget`]).

use crate::theory::csr::Csr;

const NONE: u32 = u32::MAX;

/// A bound on the edge scans of the matching (deterministic: it counts work, not time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget(pub u64);

/// The verdict on every vertex: `mate[v]` of the maximum matching found, and `p[v]` (the
/// player to move from v loses: some maximum matching misses v).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcomes {
    pub mate: Vec<u32>,
    pub p: Vec<bool>,
    /// The size of a maximum matching.
    pub matching: usize,
}

/// The work passed the budget: the edge scans spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverBudget(pub u64);

/// Edmonds' search state over a graph given as adjacency lists (`adj`, both directions).
struct Search<'a> {
    adj: &'a Csr,
    mate: Vec<u32>,
    /// 0 unlabelled, 1 outer, 2 inner.
    kind: Vec<u8>,
    /// For an inner vertex, the outer vertex it was reached from (and, once inside a blossom,
    /// the link that lets an augmenting path go round it).
    pre: Vec<u32>,
    /// The union-find of blossom bases.
    base: Vec<u32>,
    seen: Vec<u64>,
    /// One stamp per LCA walk (64 bits: the walks are bounded by the edge scans, past 2^32).
    stamp: u64,
    dead: Vec<bool>,
    touched: Vec<u32>,
    queue: Vec<u32>,
    scans: u64,
}

impl<'a> Search<'a> {
    fn new(adj: &'a Csr, n: usize) -> Self {
        Search {
            adj,
            mate: vec![NONE; n],
            kind: vec![0; n],
            pre: vec![NONE; n],
            base: (0..n as u32).collect(),
            seen: vec![0; n],
            stamp: 0,
            dead: vec![false; n],
            touched: Vec::new(),
            queue: Vec::new(),
            scans: 0,
        }
    }

    fn neighbours(&self, v: u32) -> &'a [u32] {
        let v = v as usize;
        &self.adj.tails[self.adj.start[v] as usize..self.adj.start[v + 1] as usize]
    }

    fn find(&mut self, mut v: u32) -> u32 {
        let mut root = v;
        while self.base[root as usize] != root {
            root = self.base[root as usize];
        }
        while self.base[v as usize] != root {
            let next = self.base[v as usize];
            self.base[v as usize] = root;
            v = next;
        }
        root
    }

    fn label(&mut self, v: u32, kind: u8) {
        if self.kind[v as usize] == 0 {
            self.touched.push(v);
        }
        self.kind[v as usize] = kind;
        if kind == 1 {
            self.queue.push(v);
        }
    }

    /// Forgets the labels of the last search.
    fn reset(&mut self) {
        for &v in &self.touched {
            let v = v as usize;
            self.kind[v] = 0;
            self.pre[v] = NONE;
            self.base[v] = v as u32;
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// The base of the smallest blossom holding outer vertices `x` and `y` of one tree, or
    /// `None` when they lie in different trees.
    fn lca(&mut self, x: u32, y: u32) -> Option<u32> {
        self.stamp += 1;
        let (mut x, mut y) = (Some(self.find(x)), Some(self.find(y)));
        loop {
            if let Some(a) = x {
                if self.seen[a as usize] == self.stamp {
                    return Some(a);
                }
                self.seen[a as usize] = self.stamp;
                let m = self.mate[a as usize];
                x = if m == NONE { None } else { Some(self.find(self.pre[m as usize])) };
            } else if y.is_none() {
                return None;
            }
            std::mem::swap(&mut x, &mut y);
        }
    }

    /// Contracts the path from `x` up to the base `b` into the blossom (y: the outer vertex
    /// across the closing edge).
    fn shrink(&mut self, mut x: u32, mut y: u32, b: u32) {
        while self.find(x) != b {
            self.pre[x as usize] = y;
            y = self.mate[x as usize];
            if self.kind[y as usize] == 2 {
                self.label(y, 1);
            }
            if self.base[x as usize] == x {
                self.base[x as usize] = b;
            }
            if self.base[y as usize] == y {
                self.base[y as usize] = b;
            }
            x = self.pre[y as usize];
        }
    }

    /// Grows the forest from the queue. Returns a free inner vertex reached (an augmenting
    /// path ends there) when `augment`; otherwise labels the whole forest.
    fn grow(&mut self, augment: bool, budget: Budget) -> Result<Option<u32>, OverBudget> {
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head];
            head += 1;
            for &y in self.neighbours(x) {
                self.scans += 1;
                if self.scans > budget.0 {
                    return Err(OverBudget(self.scans));
                }
                if self.dead[y as usize]
                    || self.find(x) == self.find(y)
                    || self.kind[y as usize] == 2
                {
                    continue;
                }
                if self.kind[y as usize] == 0 {
                    self.label(y, 2);
                    self.pre[y as usize] = x;
                    let m = self.mate[y as usize];
                    if m == NONE {
                        if augment {
                            return Ok(Some(y));
                        }
                        continue;
                    }
                    self.label(m, 1);
                } else if let Some(b) = self.lca(x, y) {
                    self.shrink(x, y, b);
                    self.shrink(y, x, b);
                }
            }
        }
        Ok(None)
    }

    /// Flips the augmenting path ending at the free vertex `y`.
    fn flip(&mut self, mut y: u32) {
        while y != NONE {
            let x = self.pre[y as usize];
            let next = self.mate[x as usize];
            self.mate[y as usize] = x;
            self.mate[x as usize] = y;
            y = next;
        }
    }
}

/// Every vertex's outcome in undirected vertex Geography (`adj` lists each edge both ways;
/// loops are ignored), with the budget on edge scans.
///
/// ```
/// use games::theory::csr::Csr;
/// use games::theory::geography::{Budget, outcomes};
/// // A path 0 - 1 - 2: the matchings {01} and {12} miss 2 and 0; every one covers 1.
/// let arcs = [(0u32, 1u32), (1, 0), (1, 2), (2, 1)];
/// let adj = Csr::build::<false, _>(3, &arcs, Csr::default());
/// let o = outcomes(&adj, Budget(1000)).unwrap();
/// assert_eq!(o.p, vec![true, false, true]);
/// assert_eq!(o.matching, 1);
/// ```
pub fn outcomes(adj: &Csr, budget: Budget) -> Result<Outcomes, OverBudget> {
    let n = adj.out_degree.len();
    let mut s = Search::new(adj, n);
    // A greedy matching first.
    for v in 0..n as u32 {
        if s.mate[v as usize] == NONE
            && let Some(&w) =
                s.neighbours(v).iter().find(|&&w| w != v && s.mate[w as usize] == NONE)
        {
            s.mate[v as usize] = w;
            s.mate[w as usize] = v;
        }
    }
    for root in 0..n as u32 {
        if s.mate[root as usize] != NONE || s.dead[root as usize] {
            continue;
        }
        s.label(root, 1);
        match s.grow(true, budget)? {
            Some(y) => {
                s.flip(y);
                s.reset();
            }
            None => {
                // A Hungarian tree: set aside for the rest of the matching.
                for i in 0..s.touched.len() {
                    let v = s.touched[i] as usize;
                    s.dead[v] = true;
                }
                s.reset();
            }
        }
    }
    // The forest from every free vertex at once, on the whole graph.
    s.dead.iter_mut().for_each(|d| *d = false);
    for v in 0..n as u32 {
        if s.mate[v as usize] == NONE {
            s.label(v, 1);
        }
    }
    s.grow(false, budget)?;
    let p = (0..n).map(|v| s.kind[v] == 1).collect();
    let matching = s.mate.iter().filter(|&&m| m != NONE).count() / 2;
    Ok(Outcomes { mate: s.mate, p, matching })
}
