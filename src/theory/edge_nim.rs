//! Nim on graphs (M. Fukuyama, "A Nim game played on graphs", Theoretical Computer Science 304
//! (2003) 387-399): every edge of an undirected graph holds a heap; a token stands on a
//! vertex. A move chooses an edge at the token's vertex with a positive heap, lowers that heap
//! to any smaller value (0 included) and moves the token across it. The player who cannot move
//! loses. Every move lowers the sum of the heaps, so play ends.
//!
//! Only the edges with positive heaps matter, and only the component of the token among them.
//!
//! **Theorem (paths).** When that component is a path, let L and R be the numbers of its edges
//! on either side of the token. The player to move wins iff L or R is odd; the winning move
//! crosses the first edge on an odd side and empties it.
//! *Proof*, by induction on the sum of the heaps. With L = R = 0 there is no move. If L is odd,
//! crossing the first edge on that side and emptying it leaves the opponent at an end of a path
//! of L - 1 edges: sides L - 1 and 0, both even, a loss by induction. If L and R are both even,
//! a move crosses (say) the first edge on the left and leaves it at x: with x = 0 the opponent
//! has sides L - 1 (odd) and 0; with x > 0 the edge crossed is still there, and the opponent
//! has sides L - 1 and R + 1, the latter odd; either way the opponent wins by induction.
//!
//! **Theorem (odd rings).** When the component is a cycle with an odd number m of edges (all
//! heaps positive), the player to move wins: emptying either edge at the token while crossing
//! it leaves the opponent at an end of a path of m - 1 edges, sides m - 1 and 0, both even.
//! Even cycles have no such rule (two edges a, b: lost iff a = b, like Nim; longer ones depend
//! on the heaps in no simple way): they, and every other component, are searched.
//!
//! [`shape`] finds the component and its shape in O(n + m).

/// An edge: its ends and its heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub a: u32,
    pub b: u32,
    pub heap: u64,
}

/// The token's component among the edges with positive heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// A path: the edges (indices) from the token to each end, nearest first.
    Path(Vec<u32>, Vec<u32>),
    /// A cycle with an odd number of edges: the two edges at the token.
    OddRing(u32, u32),
    /// Anything else (an even cycle, a vertex of degree 3 or more, a loop, a repeated edge).
    Other,
}

/// The shape of the token's component; `incident[v]` lists the edges at v (indices into
/// `edges`, each edge at both ends, a loop once).
pub fn shape(edges: &[Edge], incident: &[Vec<u32>], token: u32) -> Shape {
    let live = |v: u32| -> Vec<u32> {
        incident[v as usize].iter().copied().filter(|&e| edges[e as usize].heap > 0).collect()
    };
    let other = |e: u32, v: u32| {
        let Edge { a, b, .. } = edges[e as usize];
        if a == v { b } else { a }
    };
    let at = live(token);
    if at.len() > 2 || at.iter().any(|&e| edges[e as usize].a == edges[e as usize].b) {
        return Shape::Other;
    }
    // Walk each side until an end (degree 1) or back at the token (a cycle).
    let mut sides: Vec<Vec<u32>> = Vec::new();
    for &first in &at {
        let mut side = vec![first];
        let (mut v, mut came) = (other(first, token), first);
        loop {
            if v == token {
                // Round the cycle: the other side is the same cycle walked backwards.
                let m = side.len();
                return if m % 2 == 1 && m >= 3 && at.len() == 2 {
                    Shape::OddRing(at[0], at[1])
                } else {
                    Shape::Other
                };
            }
            let here = live(v);
            if here.len() > 2 || here.iter().any(|&e| edges[e as usize].a == edges[e as usize].b) {
                return Shape::Other;
            }
            let Some(&next) = here.iter().find(|&&e| e != came) else { break };
            side.push(next);
            came = next;
            v = other(next, v);
        }
        sides.push(side);
    }
    let right = sides.pop().unwrap_or_default();
    let left = sides.pop().unwrap_or_default();
    Shape::Path(left, right)
}

/// The theorem's verdict, when the shape has one: `Some(None)` lost, `Some(Some(edge))` won by
/// crossing `edge` and emptying it; `None` for [`Shape::Other`].
pub fn decide(shape: &Shape) -> Option<Option<u32>> {
    match shape {
        Shape::Path(left, right) => {
            Some([left, right].into_iter().find(|s| s.len() % 2 == 1).map(|s| s[0]))
        }
        Shape::OddRing(e, _) => Some(Some(*e)),
        Shape::Other => None,
    }
}
