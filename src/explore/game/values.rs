//! Values of an explored game: Grundy values where play always ends, Smith's ∞(K) through the
//! loopy engine where it need not, misère outcomes by retrograde analysis.
//!
//! **Terminating positions.** A position is *terminating* when no cycle can be reached from it
//! through options and their parts. Those are peeled from the sinks (Kahn's order on the
//! dependency graph "position -> every part of every option"), and each gets
//! G = mex { XOR of an option's parts' values } once all its parts are known (Sprague-Grundy).
//!
//! **Loopy positions** (the rest) go to [`crate::theory::loopy`], on a graph of the loopy
//! positions plus a nim heap `*x` (a vertex with arcs to `*0 .. *x-1`) for every option whose
//! parts are all terminating, `x` the XOR of their values. This is exact: a terminating game of
//! Grundy value `x`, and so a sum of them, is labelled `x` by Smith's levels at level `x`
//! whatever else the graph holds, and at every level `m < x` it has a follower labelled `m`;
//! these are the only facts the levels ask about a follower, and `*x` has them too.
//! An option that is a sum with a loopy part has no such vertex: Smith's theory gives the
//! outcome of a sum, not a graph for it. Such a position is *undecided*, and so is everything
//! that reaches it; the table says so (`?`) and the notes name one such option.
//!
//! **Misère** (single game, the player who cannot move wins): [`crate::theory::retrograde`]
//! with the misère rules of `games graph`. Misère play does not decompose into sums, so a game
//! with options that are sums is refused.

use crate::explore::reach::Reach;
use crate::explore::space::Space;
use crate::explore::table::{LOOPY, NO_VALUE, Table};
use crate::theory::loopy::{self, Value};
use crate::theory::retrograde::{self, ReverseGraph};

/// The largest nim heap built for a sum of terminating parts inside a loopy game.
pub const MAX_HEAP_GADGET: u32 = 4096;

/// Positions that reach no cycle, peeled in order, with their Grundy values; `u32::MAX` for
/// the others (every position the search expanded, inside the box or beyond it).
#[allow(clippy::needless_range_loop)]
pub fn terminating(reach: &Reach) -> Vec<u32> {
    let n = reach.expanded();
    // dependents[w]: every (position) that has w as a part, once per occurrence.
    let mut count = vec![0u32; n + 1];
    for &w in &reach.parts {
        count[w as usize + 1] += 1;
    }
    for i in 0..n {
        count[i + 1] += count[i];
    }
    let mut dependents = vec![0u32; reach.parts.len()];
    let mut fill = count.clone();
    let mut pending = vec![0u32; n];
    for v in 0..n {
        for o in reach.options(v) {
            for &w in reach.parts_of(o) {
                dependents[fill[w as usize] as usize] = v as u32;
                fill[w as usize] += 1;
                pending[v] += 1;
            }
        }
    }
    drop(fill);
    let mut grundy = vec![u32::MAX; n];
    let mut queue: Vec<u32> = (0..n as u32).filter(|&v| pending[v as usize] == 0).collect();
    let mut seen: Vec<u32> = Vec::new();
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head] as usize;
        head += 1;
        grundy[v] = match reach.known[v] {
            crate::explore::reach::UNKNOWN => mex_of_options(reach, v, &grundy, &mut seen),
            g => g,
        };
        for &u in &dependents[count[v] as usize..count[v + 1] as usize] {
            pending[u as usize] -= 1;
            if pending[u as usize] == 0 {
                queue.push(u);
            }
        }
    }
    grundy
}

/// mex over the options of v of the XOR of their parts' values (all known).
fn mex_of_options(reach: &Reach, v: usize, grundy: &[u32], seen: &mut Vec<u32>) -> u32 {
    let options = reach.options(v);
    let stamp = v as u32 + 1;
    if seen.len() < options.len() + 1 {
        seen.resize(options.len() + 1, 0);
    }
    for o in options {
        let x = reach.parts_of(o).iter().fold(0u32, |x, &w| x ^ grundy[w as usize]);
        if (x as usize) < seen.len() {
            seen[x as usize] = stamp;
        }
    }
    (0..).find(|&g| seen[g as usize] != stamp).unwrap_or(0)
}

/// The normal-play table of the box.
#[allow(clippy::needless_range_loop)]
pub fn normal(space: &Space, reach: &Reach) -> Result<Table, String> {
    let mut table = Table::try_new(space.clone(), false).map_err(|e| e.to_string())?;
    table.explored = reach.expanded();
    let grundy = terminating(reach);
    let loopy: Vec<usize> = (0..reach.expanded()).filter(|&v| grundy[v] == u32::MAX).collect();
    if loopy.is_empty() {
        for cell in 0..space.cells() {
            let g = grundy[reach.of_cell(cell)];
            table.grundy[cell] = g;
            table.outcome[cell] = if g == 0 { b'P' } else { b'N' };
        }
        return Ok(table);
    }
    loopy_values(space, reach, &grundy, &loopy, &mut table)?;
    Ok(table)
}

/// Smith's values of the loopy positions (see the module documentation).
fn loopy_values(
    space: &Space,
    reach: &Reach,
    grundy: &[u32],
    loopy: &[usize],
    table: &mut Table,
) -> Result<(), String> {
    let n = reach.expanded();
    const NONE: u32 = u32::MAX;
    let mut vertex = vec![NONE; n];
    for (i, &v) in loopy.iter().enumerate() {
        vertex[v] = i as u32;
    }
    // Undecided: a sum option with a loopy part, then everything loopy that reaches one.
    let mut undecided = vec![false; n];
    let mut first_reason: Option<String> = None;
    let mut stack = Vec::new();
    for &v in loopy {
        for o in reach.options(v) {
            let parts = reach.parts_of(o);
            if parts.len() > 1 && parts.iter().any(|&w| vertex[w as usize] != NONE) {
                if first_reason.is_none() {
                    let text: Vec<String> = parts.iter().map(|&w| reach.show(w as usize)).collect();
                    first_reason = Some(format!(
                        "position '{}' has the option '{}', a sum with a part on a cycle",
                        reach.show(v),
                        text.join(" + ")
                    ));
                }
                if !undecided[v] {
                    undecided[v] = true;
                    stack.push(v);
                }
            }
        }
    }
    if !stack.is_empty() {
        // Reverse arcs among loopy positions (single-part options only matter now).
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); loopy.len()];
        for &v in loopy {
            for o in reach.options(v) {
                for &w in reach.parts_of(o) {
                    if vertex[w as usize] != NONE {
                        preds[vertex[w as usize] as usize].push(v as u32);
                    }
                }
            }
        }
        while let Some(w) = stack.pop() {
            for &u in &preds[vertex[w] as usize] {
                if !undecided[u as usize] {
                    undecided[u as usize] = true;
                    stack.push(u as usize);
                }
            }
        }
    }
    // The graph: decided loopy positions, then the nim heaps *0..=top.
    let decided: Vec<usize> = loopy.iter().copied().filter(|&v| !undecided[v]).collect();
    let mut id = vec![NONE; n];
    for (i, &v) in decided.iter().enumerate() {
        id[v] = i as u32;
    }
    let mut arcs: Vec<(u32, u32)> = Vec::new();
    let mut heaps: Vec<(u32, u32)> = Vec::new(); // (tail, heap value)
    let mut top = 0u32;
    for &v in &decided {
        for o in reach.options(v) {
            let parts = reach.parts_of(o);
            if parts.len() == 1 && id[parts[0] as usize] != NONE {
                arcs.push((id[v], id[parts[0] as usize]));
            } else {
                let x = parts.iter().fold(0u32, |x, &w| x ^ grundy[w as usize]);
                if x > MAX_HEAP_GADGET {
                    return Err(format!(
                        "a loopy position has an option of Grundy value {x}; values above {MAX_HEAP_GADGET} next to cycles are not supported"
                    ));
                }
                top = top.max(x);
                heaps.push((id[v], x));
            }
        }
    }
    let base = decided.len() as u32;
    let heap_count = if heaps.is_empty() { 0 } else { top + 1 };
    for (tail, x) in heaps {
        arcs.push((tail, base + x));
    }
    for x in 0..heap_count {
        for y in 0..x {
            arcs.push((base + x, base + y));
        }
    }
    let analysis = loopy::analyse((base + heap_count) as usize, arcs);
    for cell in 0..space.cells() {
        let v = reach.of_cell(cell);
        if grundy[v] != u32::MAX {
            table.grundy[cell] = grundy[v];
            table.outcome[cell] = if grundy[v] == 0 { b'P' } else { b'N' };
        } else if id[v] != NONE {
            let u = id[v] as usize;
            match analysis.value(u) {
                Value::Finite(g) => table.grundy[cell] = g,
                Value::Infinite(k) => {
                    table.grundy[cell] = LOOPY;
                    table.loopy.insert(cell, k);
                }
            }
            table.outcome[cell] = analysis.outcome(u).letter();
        } else {
            table.grundy[cell] = NO_VALUE;
            table.outcome[cell] = b'?';
        }
    }
    let open = (0..space.cells()).filter(|&c| table.outcome[c] == b'?').count();
    if let Some(reason) = first_reason {
        table.notes.push(format!(
            "{open} positions of the box are undecided (?): an option that is a sum lies on a cycle, and Smith's theory gives a sum's outcome, not a graph to play it in; for example {reason}"
        ));
    }
    Ok(())
}

/// The misère table (outcomes of the single game; the player who cannot move wins).
pub fn misere(space: &Space, reach: &Reach) -> Result<Table, String> {
    if reach.has_sums {
        // Options that are sums: each position's outcome by the exhaustive search of misère
        // sums (misère play does not decompose, so the retrograde over positions cannot).
        let sums = super::misere_sums::MisereSums::of_reach(reach, space);
        let mut table = Table::try_new(space.clone(), true).map_err(|e| e.to_string())?;
        table.explored = reach.expanded();
        super::misere_sums::fill(&mut table, &sums, "the box's positions");
        return Ok(table);
    }
    // Vertex n is the empty game `()` (no move), the target of options with no part.
    let n = reach.expanded();
    let mut arcs = Vec::with_capacity(reach.parts.len());
    for v in 0..n {
        for o in reach.options(v) {
            arcs.push((v as u32, reach.parts_of(o).first().copied().unwrap_or(n as u32)));
        }
    }
    let graph = ReverseGraph::from_arcs(n + 1, &arcs);
    drop(arcs);
    let result = retrograde::outcomes(&graph, &crate::graph::MISERE);
    let mut table = Table::try_new(space.clone(), true).map_err(|e| e.to_string())?;
    table.explored = n;
    for cell in 0..space.cells() {
        table.outcome[cell] = match result.get(reach.of_cell(cell), 0) {
            2 => b'N',
            0 => b'P',
            _ => b'D',
        };
    }
    Ok(table)
}
