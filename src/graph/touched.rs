//! The vertices an input's arcs touch, renumbered for the analysis, and a position's value,
//! outcome and move read back through that renumbering. Isolated vertices (no arc in or out)
//! never enter the analysis: their value is 0 and their outcome `P` (`N` in misère play).

use crate::error::InputError;
use crate::theory::loopy::{Analysis, Move, Outcome, Value};

/// Bytes the analysis may take a vertex and an arc beyond the arcs themselves, checked with
/// [`crate::error::probe`] before it runs: at the peak of a graph with a cycle, the CSR lists
/// (8 a vertex, 4 an arc), the acyclic pass's records (16), the level words (16), value list
/// (4) and queues (12); the follower lists asked for by positions come after the records are
/// freed, and the misère retrograde engine takes less.
const BYTES_PER_VERTEX: usize = 56;
const BYTES_PER_ARC: usize = 8;

/// The vertices that the arcs touch, renumbered `0..t` in increasing order. A vertex no arc
/// touches is isolated: no move out (value 0, `P`; `N` in misère play) and none in, so it
/// changes nothing for the others and needs no entry in the analysis. When the arcs have fewer
/// endpoints than there are vertices (`2m < n`), the analysis runs on the touched vertices
/// only, so its memory follows the input and not the claimed `n`; otherwise every vertex keeps
/// its number (the work arrays are then bounded by the arcs read). The renumbering keeps the
/// order, so the moves chosen are the same either way.
pub(super) struct Touched {
    /// The touched vertices, sorted; `None` when every vertex keeps its number.
    ids: Option<Vec<u32>>,
    /// Vertices of the analysis.
    pub(super) len: usize,
}

impl Touched {
    /// Renumbers the endpoints of `arcs` (all below `n`) in place.
    pub(super) fn renumber(n: usize, arcs: &mut [(u32, u32)]) -> Result<Touched, InputError> {
        if n <= arcs.len().saturating_mul(2) {
            return Ok(Touched { ids: None, len: n });
        }
        let mut ids: Vec<u32> =
            crate::error::try_with_capacity(arcs.len() * 2, "the graph's touched vertices")?;
        ids.extend(arcs.iter().flat_map(|&(a, b)| [a, b]));
        ids.sort_unstable();
        ids.dedup();
        let rank = |v: u32| ids.partition_point(|&x| x < v) as u32;
        for arc in arcs.iter_mut() {
            *arc = (rank(arc.0), rank(arc.1));
        }
        let len = ids.len();
        Ok(Touched { ids: Some(ids), len })
    }

    /// `v`'s number in the analysis, or `None` when it is isolated.
    pub(super) fn inner(&self, v: u32) -> Option<u32> {
        match &self.ids {
            None => Some(v),
            Some(ids) => ids.binary_search(&v).ok().map(|i| i as u32),
        }
    }

    /// The vertex numbered `c` in the analysis.
    pub(super) fn outer(&self, c: u32) -> u32 {
        match &self.ids {
            None => c,
            Some(ids) => ids[c as usize],
        }
    }

    /// For each vertex `0..n` in order, its number in the analysis or `None` when isolated
    /// (one merge over the sorted ids: no lookup, no per-vertex memory).
    pub(super) fn each(&self, n: usize) -> impl Iterator<Item = Option<usize>> + '_ {
        let mut next = 0usize;
        (0..n).map(move |v| match &self.ids {
            None => Some(v),
            Some(ids) => {
                if ids.get(next).is_some_and(|&x| x as usize == v) {
                    next += 1;
                    Some(next - 1)
                } else {
                    None
                }
            }
        })
    }

    /// Checks that the analysis of `arcs` arcs can have its memory.
    pub(super) fn probe(&self, arcs: usize) -> Result<(), InputError> {
        let bytes = self
            .len
            .saturating_mul(BYTES_PER_VERTEX)
            .saturating_add(arcs.saturating_mul(BYTES_PER_ARC));
        crate::error::probe(bytes, "the graph analysis")?;
        Ok(())
    }
}

/// A position's tokens on touched vertices, in the analysis' numbering, and where each stands
/// in the position's list (tokens on isolated vertices have value 0 and no move: they change
/// neither the value nor the outcome, and are never the token moved).
fn inner_tokens(touched: &Touched, tokens: &[u32], inner: &mut Vec<u32>, at: &mut Vec<usize>) {
    inner.clear();
    at.clear();
    for (i, &t) in tokens.iter().enumerate() {
        if let Some(c) = touched.inner(t) {
            inner.push(c);
            at.push(i);
        }
    }
}

/// The value, outcome and move of a position (`tokens` 0-based vertices), through the
/// renumbering.
pub(super) fn position(
    a: &Analysis,
    touched: &Touched,
    tokens: &[u32],
    scratch: &mut (Vec<u32>, Vec<usize>),
) -> (Value, Outcome, Option<Move>) {
    let (inner, at) = scratch;
    inner_tokens(touched, tokens, inner, at);
    let value = a.sum_value(inner);
    let (outcome, mv) = a.sum_outcome(inner);
    let mv = mv.map(|Move { token, from, to }| Move {
        token: at[token],
        from: touched.outer(from),
        to: touched.outer(to),
    });
    (value, outcome, mv)
}
