//! `games graph --staircase` and `--every-root`: staircase Nim on the graph (stones move along
//! the arcs toward the sinks, any number from one vertex to one successor). The theorem is
//! [`crate::theory::graph_staircase`]; where its condition fails (a vertex with stones has paths
//! of both parities to the sinks) the position is searched instead, within [`SEARCH_BUDGET`]
//! positions, and the output says which.

use super::read_graph;
use crate::error::{InputError, try_with_capacity};
use crate::out::Out;
use crate::scanner::Scanner;
use crate::theory::csr::Csr;
use crate::theory::graph_staircase::{self as theory, Undecided, Verdict};
use std::collections::HashMap;

/// The most positions the search explores when the theorem does not apply.
pub const SEARCH_BUDGET: usize = 1_000_000;
/// The most stone counts it stores (positions times vertices), and the most moves of one
/// position (stones times the largest out-degree).
pub const SEARCH_CELLS: usize = 20_000_000;

/// `n m`, the arcs, then `a_1 .. a_n` stones: one verdict.
pub(super) fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let (n, arcs) = read_graph(sc)?;
    let stones = read_stones(sc, n)?;
    sc.expect_eof()?;
    crate::error::probe(
        n.saturating_mul(40).saturating_add(arcs.len().saturating_mul(16)),
        "the staircase",
    )?;
    let succ = Csr::build::<true, _>(n, &arcs, Csr::default());
    let pred = Csr::build::<false, _>(n, &arcs, Csr::default());
    let mask = theory::depth_parities(&succ, &pred);
    match theory::decide(&succ, &mask, &stones) {
        Ok(v) => {
            out.str("staircase: proved (every path from a vertex with stones to a sink has one parity; P iff the XOR of the stones at odd depth is 0)\n");
            verdict(out, &v);
        }
        Err(Undecided::MixedParity(v)) => {
            let why = format!("vertex {} has paths of both parities to the sinks", v + 1);
            let limit = SEARCH_BUDGET.min(SEARCH_CELLS / n.max(1));
            match search(&succ, &stones, limit) {
                Some((positions, v)) => {
                    out.str("staircase: searched (")
                        .str(&why)
                        .str(", the theorem does not apply; ");
                    out.int(positions).str(" positions)\n");
                    verdict(out, &v);
                }
                None => {
                    out.str("staircase: unknown (").str(&why).str("; the search passed ");
                    out.int(limit).str(" positions or a position has more than ");
                    out.int(SEARCH_CELLS).str(" moves)\noutcome ?\n");
                }
            }
        }
        Err(Undecided::Cycle(v)) => {
            out.str("staircase: unknown (vertex ").int(v + 1);
            out.str(" reaches a cycle: play may never end; the theorem and the search need no cycle)\noutcome ?\n");
        }
    }
    Ok(())
}

fn verdict(out: &mut Out, v: &Verdict) {
    match v.winning {
        Some((from, to, k)) => {
            out.str("outcome N\nmove ").int(from + 1).byte(b' ').int(to + 1).byte(b' ').int(k).nl();
        }
        None => {
            out.str("outcome P\n");
        }
    }
}

/// `a_1 .. a_n`.
fn read_stones(sc: &mut Scanner<'_>, n: usize) -> Result<Vec<u64>, InputError> {
    let mut stones: Vec<u64> = try_with_capacity(sc.capacity_for(n as u64, 1), "the stones")?;
    for _ in 0..n {
        if stones.len() == stones.capacity() {
            crate::error::try_reserve(&mut stones, 1, "the stones")?;
        }
        stones.push(sc.u64("stone count")?);
    }
    Ok(stones)
}

/// `n m` (m = n - 1), the edges of a tree (undirected), then the stones: every root's verdict.
pub(super) fn every_root(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let n = sc.u64_in("vertex count n", 1, super::MAX_VERTICES)?;
    sc.u64_in("edge count m (a tree has n - 1)", n - 1, n - 1)?;
    let mut edges: Vec<(u32, u32)> = try_with_capacity(sc.capacity_for(n - 1, 2), "the edges")?;
    // A union-find: an edge inside one component would close a cycle.
    let mut comp: Vec<u32> = try_with_capacity(n as usize, "the tree")?;
    comp.extend(0..n as u32);
    for _ in 1..n {
        let a = sc.u64_in("vertex", 1, n)? as u32 - 1;
        let at = sc.peek_start();
        let b = sc.u64_in("vertex", 1, n)? as u32 - 1;
        let (ra, rb) = (root(&mut comp, a), root(&mut comp, b));
        if ra == rb {
            return Err(InputError {
                offset: at,
                expected: "an edge that joins two parts (n - 1 edges of a tree: no cycle)".into(),
                alloc: None,
            });
        }
        comp[ra as usize] = rb;
        if edges.len() == edges.capacity() {
            crate::error::try_reserve(&mut edges, 1, "the edges")?;
        }
        edges.push((a, b));
    }
    drop(comp);
    let stones = read_stones(sc, n as usize)?;
    sc.expect_eof()?;
    crate::error::probe((n as usize).saturating_mul(64), "every root")?;
    let all = theory::every_root(n as usize, &edges, &stones);
    out.str("staircase every root: proved (a tree: the depth parity is the parity of the distance to the root; P iff the XOR of the stones at odd depth is 0)\n");
    out.str("root outcome from to stones\n");
    for (r, v) in all.iter().enumerate() {
        out.int(r + 1);
        match v.winning {
            Some((from, to, k)) => {
                out.str(" N ").int(from + 1).byte(b' ').int(to + 1).byte(b' ').int(k).nl();
            }
            None => {
                out.str(" P - - -\n");
            }
        }
    }
    Ok(())
}

fn root(comp: &mut [u32], mut v: u32) -> u32 {
    while comp[v as usize] != v {
        comp[v as usize] = comp[comp[v as usize] as usize];
        v = comp[v as usize];
    }
    v
}

/// The game searched position by position (no cycle is reachable from the stones: the caller
/// checked): the positions explored and the verdict, or `None` past `limit` positions or when
/// a position has more than [`SEARCH_CELLS`] moves (the stones are never lost: every position
/// has as many as the first).
fn search(succ: &Csr, stones: &[u64], limit: usize) -> Option<(usize, Verdict)> {
    let total = stones.iter().try_fold(0u64, |s, &a| s.checked_add(a))?;
    let widest = succ.start.windows(2).map(|w| u64::from(w[1] - w[0])).max().unwrap_or(0);
    if total.checked_mul(widest)? > SEARCH_CELLS as u64 {
        return None;
    }
    let moves_of = |pos: &[u64]| -> Vec<(u32, u32, u64)> {
        let mut moves = Vec::new();
        for (v, &a) in pos.iter().enumerate() {
            for &w in &succ.tails[succ.start[v] as usize..succ.start[v + 1] as usize] {
                moves.extend((1..=a).map(|k| (v as u32, w, k)));
            }
        }
        moves
    };
    let apply = |pos: &[u64], (v, w, k): (u32, u32, u64)| {
        let mut p = pos.to_vec();
        p[v as usize] -= k;
        p[w as usize] += k;
        p
    };
    // Memo: true when the player to move wins.
    let mut memo: HashMap<Vec<u64>, bool> = HashMap::new();
    let mut stack = vec![(stones.to_vec(), moves_of(stones), 0usize)];
    while let Some((pos, moves, i)) = stack.last_mut() {
        if *i == moves.len() {
            memo.insert(std::mem::take(pos), false);
            stack.pop();
            continue;
        }
        let child = apply(pos, moves[*i]);
        match memo.get(&child) {
            Some(false) => {
                memo.insert(std::mem::take(pos), true);
                stack.pop();
            }
            Some(true) => *i += 1,
            None => {
                if memo.len() + stack.len() > limit {
                    return None;
                }
                let m = moves_of(&child);
                stack.push((child, m, 0));
            }
        }
    }
    let winning =
        moves_of(stones).into_iter().find(|&m| memo.get(&apply(stones, m)) == Some(&false));
    Some((memo.len(), Verdict { xor: 0, winning }))
}
