//! Staircase Nim on a directed graph: stones on the vertices; a move takes a positive number of
//! stones from one vertex and puts them on one successor (a vertex an arc leads to); stones on
//! a sink (no arc out) stay there forever. The player with no move loses.
//!
//! **Theorem** (staircase Nim, Winning Ways ch. 2 / vol. 3 "Staircase Nim"; on a rooted tree
//! with stones moving toward the root it is the classical "Nim on the staircase of a tree"):
//! suppose every path from a vertex holding stones to a sink has the same length parity, its
//! *depth parity* (so every vertex such a vertex reaches has one too, and an arc always goes
//! from odd to even depth or from even to odd), and the graph reachable from the stones has no
//! cycle. Then the position is P iff the XOR of the stones on the odd-depth vertices is 0.
//!
//! *Proof.* As on a staircase ([`super::staircase`]): a vertex of odd depth is not a sink, so
//! a positive XOR is made 0 by lowering one odd vertex (Bouton) and pushing the surplus one arc
//! on, onto an even vertex; from XOR 0 every move changes exactly one odd vertex (it lowers the
//! odd vertex it leaves, or raises the odd vertex it reaches from an even one), so the XOR
//! becomes non-zero. Every move lowers the sum over stones of their distance to the farthest
//! sink in a topological order (the reachable graph is acyclic), so play ends, with the player
//! facing XOR 0 stuck. Stones on even vertices are "mirrored away" as on a staircase.
//!
//! [`depth_parities`] checks the condition for every vertex at once by a Kahn pass in reverse
//! topological order (a bitmask of the parities of the paths to the sinks, the union of the
//! successors' masks flipped); the vertices that reach a cycle get no mask. On a tree whose
//! edges all point toward a root the depth parity is the parity of the distance to that root,
//! which is the colour of a 2-colouring of the tree compared with the root's: [`every_root`]
//! answers all n roots from the XORs of the two colour classes, in O(n).

use crate::theory::csr::Csr;

/// Some path from the vertex to a sink has even length.
pub const EVEN: u8 = 1;
/// Some path from the vertex to a sink has odd length.
pub const ODD: u8 = 2;

/// For every vertex the parities of the lengths of its paths to the sinks (`EVEN | ODD`), or
/// 0 when it reaches a cycle. `succ` groups the arcs by tail (`Csr::build::<true, _>`),
/// `pred` by head (`Csr::build::<false, _>`); O(n + m).
pub fn depth_parities(succ: &Csr, pred: &Csr) -> Vec<u8> {
    // `pred` counts the arcs out of each vertex (`succ`, read backwards, the arcs in).
    let n = pred.out_degree.len();
    let mut mask = vec![0u8; n];
    let mut left: Vec<u32> = pred.out_degree.clone();
    let mut queue: Vec<u32> = (0..n as u32).filter(|&v| left[v as usize] == 0).collect();
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head] as usize;
        head += 1;
        let out = &succ.tails[succ.start[v] as usize..succ.start[v + 1] as usize];
        mask[v] = if out.is_empty() {
            EVEN
        } else {
            out.iter().fold(0, |m, &s| m | flip(mask[s as usize]))
        };
        for &u in &pred.tails[pred.start[v] as usize..pred.start[v + 1] as usize] {
            left[u as usize] -= 1;
            if left[u as usize] == 0 {
                queue.push(u);
            }
        }
    }
    mask
}

fn flip(m: u8) -> u8 {
    (m & EVEN) << 1 | (m & ODD) >> 1
}

/// Why the theorem does not decide a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Undecided {
    /// A vertex with stones has paths of both parities to the sinks.
    MixedParity(u32),
    /// A vertex with stones reaches a cycle.
    Cycle(u32),
}

/// The theorem's verdict: the XOR of the odd-depth stones and, when it is not 0, a winning
/// move `(from, to, stones)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    pub xor: u64,
    pub winning: Option<(u32, u32, u64)>,
}

/// Decides the position `stones` (one count a vertex) by the theorem, or says why it cannot.
///
/// ```
/// use games::theory::csr::Csr;
/// use games::theory::graph_staircase::{decide, depth_parities};
/// // 2 -> 1 <- 3, 4 -> 2: vertices 2 and 3 (0-based 1, 2) are odd, 4 (3) even.
/// let arcs = [(1u32, 0u32), (2, 0), (3, 1)];
/// let succ = Csr::build::<true, _>(4, &arcs, Csr::default());
/// let pred = Csr::build::<false, _>(4, &arcs, Csr::default());
/// let mask = depth_parities(&succ, &pred);
/// let v = decide(&succ, &mask, &[9, 5, 3, 7]).unwrap();
/// assert_eq!(v.xor, 5 ^ 3);
/// assert_eq!(v.winning, Some((1, 0, 2))); // vertex 2: 5 stones to 5 XOR 6 = 3
/// ```
pub fn decide(succ: &Csr, mask: &[u8], stones: &[u64]) -> Result<Verdict, Undecided> {
    let mut xor = 0;
    for (v, (&m, &a)) in mask.iter().zip(stones).enumerate() {
        if a == 0 {
            continue;
        }
        match m {
            0 => return Err(Undecided::Cycle(v as u32)),
            EVEN => {}
            ODD => xor ^= a,
            _ => return Err(Undecided::MixedParity(v as u32)),
        }
    }
    let winning = (xor != 0)
        .then(|| {
            (0..mask.len()).find(|&v| mask[v] == ODD && stones[v] ^ xor < stones[v]).map(|v| {
                let to = succ.tails[succ.start[v] as usize];
                (v as u32, to, stones[v] - (stones[v] ^ xor))
            })
        })
        .flatten();
    Ok(Verdict { xor, winning })
}

/// Every root of a tree at once: stones move toward the root along the tree's edges
/// (`edges` undirected, n - 1 of them, connected: the caller checks). For each root r, the
/// XOR of the stones at odd distance from r and a winning move `(from, to, stones)` when it is
/// not 0. O(n).
pub fn every_root(n: usize, edges: &[(u32, u32)], stones: &[u64]) -> Vec<Verdict> {
    let adj = Csr::build::<false, _>(n, &both_ways(edges), Csr::default());
    let colour = two_colouring(&adj, n);
    let mut class = [0u64; 2];
    for v in 0..n {
        class[colour[v] as usize] ^= stones[v];
    }
    // For each colour c, the vertex of colour c whose stones a winning move lowers, and for
    // every r, the neighbour of that vertex on the way to r.
    let mut toward: [Option<(u32, Vec<u32>)>; 2] = [None, None];
    for c in 0..2 {
        let x = class[c];
        if let Some(u) = (0..n).find(|&v| colour[v] as usize == c && stones[v] ^ x < stones[v]) {
            toward[c] = Some((u as u32, first_steps(&adj, n, u)));
        }
    }
    (0..n)
        .map(|r| {
            let odd = 1 - colour[r] as usize;
            let xor = class[odd];
            let winning = (xor != 0)
                .then(|| {
                    toward[odd].as_ref().map(|(u, step)| {
                        let u = *u as usize;
                        (u as u32, step[r], stones[u] - (stones[u] ^ xor))
                    })
                })
                .flatten();
            Verdict { xor, winning }
        })
        .collect()
}

/// Each edge as two arcs.
fn both_ways(edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    edges.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect()
}

/// A 2-colouring of a forest by breadth-first search (`adj[v]` the neighbours of v).
fn two_colouring(adj: &Csr, n: usize) -> Vec<u8> {
    let mut colour = vec![u8::MAX; n];
    let mut queue = Vec::with_capacity(n);
    for s in 0..n {
        if colour[s] != u8::MAX {
            continue;
        }
        colour[s] = 0;
        queue.clear();
        queue.push(s as u32);
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head] as usize;
            head += 1;
            for &w in &adj.tails[adj.start[v] as usize..adj.start[v + 1] as usize] {
                if colour[w as usize] == u8::MAX {
                    colour[w as usize] = 1 - colour[v];
                    queue.push(w);
                }
            }
        }
    }
    colour
}

/// For every vertex r of the tree, the neighbour of `u` on the path from `u` to r (`u` itself
/// for r = u).
fn first_steps(adj: &Csr, n: usize, u: usize) -> Vec<u32> {
    let mut step = vec![u32::MAX; n];
    step[u] = u as u32;
    let mut queue = vec![u as u32];
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head] as usize;
        head += 1;
        for &w in &adj.tails[adj.start[v] as usize..adj.start[v + 1] as usize] {
            if step[w as usize] == u32::MAX {
                step[w as usize] = if v == u { w } else { step[v] };
                queue.push(w);
            }
        }
    }
    step
}
