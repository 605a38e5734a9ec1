//! `games graph --edge-heaps`: Nim on graphs (a token; the mover lowers the heap of an edge at
//! the token and crosses it). `n m`, then m lines `u v w` (an undirected edge and its heap),
//! then the token's vertex. Paths and odd rings by the theorems of
//! [`crate::theory::edge_nim`]; any other component of the token is searched position by
//! position within [`SEARCH_BUDGET`] positions and [`MOVE_BUDGET`] moves, or `unknown`.

use super::MAX_VERTICES;
use crate::error::{InputError, try_with_capacity};
use crate::out::Out;
use crate::scanner::Scanner;
use crate::theory::edge_nim::{self, Edge, Shape};
use std::collections::HashMap;

/// The most positions the search stores.
pub const SEARCH_BUDGET: usize = 1_000_000;
/// The most moves it looks at.
pub const MOVE_BUDGET: u64 = 100_000_000;

pub(super) fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let n = sc.u64_in("vertex count n", 1, MAX_VERTICES)?;
    let m = sc.u64_in("edge count m", 0, u64::from(u32::MAX))?;
    let mut edges: Vec<Edge> = try_with_capacity(sc.capacity_for(m, 3), "the edges")?;
    for _ in 0..m {
        let a = sc.u64_in("vertex", 1, n)? as u32 - 1;
        let b = sc.u64_in("vertex", 1, n)? as u32 - 1;
        let heap = sc.u64("edge heap")?;
        if edges.len() == edges.capacity() {
            crate::error::try_reserve(&mut edges, 1, "the edges")?;
        }
        edges.push(Edge { a, b, heap });
    }
    let token = sc.u64_in("token vertex", 1, n)? as u32 - 1;
    sc.expect_eof()?;
    crate::error::probe(
        (n as usize).saturating_mul(24).saturating_add(edges.len() * 8),
        "the edge lists",
    )?;
    let mut incident: Vec<Vec<u32>> = vec![Vec::new(); n as usize];
    for (i, e) in edges.iter().enumerate() {
        incident[e.a as usize].push(i as u32);
        if e.b != e.a {
            incident[e.b as usize].push(i as u32);
        }
    }
    let shape = edge_nim::shape(&edges, &incident, token);
    let winning = match edge_nim::decide(&shape) {
        Some(w) => {
            out.str(match shape {
                Shape::Path(..) => "edge-heaps: proved (the token's edges with heaps form a path; N iff the edges on one side of the token are odd in number)\n",
                _ => "edge-heaps: proved (the token's edges with heaps form a cycle of odd length: N)\n",
            });
            w.map(|e| (e, 0))
        }
        None => match search(&edges, &incident, token) {
            Some((positions, w)) => {
                out.str("edge-heaps: searched (no path or odd cycle: no theorem; ").int(positions);
                out.str(" positions)\n");
                w
            }
            None => {
                out.str("edge-heaps: unknown (no path or odd cycle, and the search passed ");
                out.int(SEARCH_BUDGET)
                    .str(" positions or ")
                    .int(MOVE_BUDGET)
                    .str(" moves)\noutcome ?\n");
                return Ok(());
            }
        },
    };
    match winning {
        Some((e, left)) => {
            let Edge { a, b, .. } = edges[e as usize];
            let to = if a == token { b } else { a };
            out.str("outcome N\nmove ").int(e + 1).byte(b' ').int(to + 1).byte(b' ').int(left).nl();
        }
        None => {
            out.str("outcome P\n");
        }
    }
    Ok(())
}

/// A search over (token, heaps): the positions stored and the winning move `(edge, heap left)`
/// of the start (None when lost), or `None` past the budgets.
fn search(
    edges: &[Edge],
    incident: &[Vec<u32>],
    token: u32,
) -> Option<(usize, Option<(u32, u64)>)> {
    type Pos = (u32, Vec<u64>);
    let heaps: Vec<u64> = edges.iter().map(|e| e.heap).collect();
    if heaps.len() > 10_000 {
        return None;
    }
    let mut memo: HashMap<Pos, bool> = HashMap::new();
    let mut work = 0u64;
    // A frame: the position, the next incident edge to try and the next value to leave.
    let mut stack: Vec<(Pos, usize, u64)> = vec![((token, heaps.clone()), 0, 0)];
    let child = |(t, h): &Pos, k: usize, x: u64| -> Option<Pos> {
        let e = *incident[*t as usize].get(k)?;
        let Edge { a, b, .. } = edges[e as usize];
        let mut h2 = h.clone();
        h2[e as usize] = x;
        Some((if a == *t { b } else { a }, h2))
    };
    while let Some((pos, k, x)) = stack.last_mut() {
        work += 1;
        if work > MOVE_BUDGET {
            return None;
        }
        let Some(&e) = incident[pos.0 as usize].get(*k) else {
            let done = std::mem::take(pos);
            memo.insert(done, false);
            stack.pop();
            continue;
        };
        if *x >= pos.1[e as usize] {
            (*k, *x) = (*k + 1, 0);
            continue;
        }
        let next = child(pos, *k, *x)?;
        match memo.get(&next) {
            Some(false) => {
                let done = std::mem::take(pos);
                memo.insert(done, true);
                stack.pop();
            }
            Some(true) => *x += 1,
            None => {
                if memo.len() + stack.len() > SEARCH_BUDGET {
                    return None;
                }
                stack.push((next, 0, 0));
            }
        }
    }
    let start: Pos = (token, heaps);
    for (k, &e) in incident[token as usize].iter().enumerate() {
        for x in 0..start.1[e as usize] {
            if memo.get(&child(&start, k, x)?) == Some(&false) {
                return Some((memo.len(), Some((e, x))));
            }
        }
    }
    Some((memo.len(), None))
}
