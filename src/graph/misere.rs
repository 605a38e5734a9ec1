//! Misère play of one token on a `games graph` input: outcomes only, by the retrograde engine
//! with [`MISERE`](super::MISERE)'s rules (a player who cannot move wins; a vertex no arc
//! touches is therefore `N`).

use super::input::{read_positions, read_tokens};
use super::report::{MiserePosition, MisereReport, MisereVertices, json};
use super::touched::Touched;
use crate::error::InputError;
use crate::out::Out;
use crate::scanner::Scanner;
use crate::theory::retrograde::{self, ReverseGraph};

/// Reads the rest of the input (the positions) and writes the misère outcomes.
pub(super) fn misere(
    sc: &mut Scanner<'_>,
    out: &mut Out,
    n: usize,
    touched: &Touched,
    arcs: Vec<(u32, u32)>,
    as_json: bool,
) -> Result<(), InputError> {
    let graph = ReverseGraph::from_arcs(touched.len, &arcs);
    drop(arcs);
    let result = retrograde::outcomes(&graph, &super::MISERE);
    drop(graph);
    // An isolated vertex: the player to move cannot move, and wins.
    let inner = |c: Option<usize>| match c.map(|c| result.get(c, 0)) {
        None | Some(2) => "N",
        Some(0) => "P",
        Some(_) => "D",
    };
    let outcome = |v: u32| inner(touched.inner(v).map(|c| c as usize));
    if as_json {
        let positions = read_positions(sc, n as u64, true)?;
        let report = MisereReport {
            vertices: MisereVertices { n, touched, outcome: &inner },
            positions: positions.map(|p| {
                p.iter()
                    .enumerate()
                    .map(|(i, t)| MiserePosition {
                        position: i + 1,
                        tokens: t.iter().map(|&v| v as usize + 1).collect(),
                        outcome: outcome(t[0]),
                    })
                    .collect()
            }),
        };
        json(out, &report);
        return Ok(());
    }
    out.str("vertex outcome\n");
    for (v, c) in touched.each(n).enumerate() {
        out.int(v + 1).byte(b' ').str(inner(c)).nl();
    }
    if sc.at_eof() {
        return Ok(());
    }
    let q = sc.u64("position count q")?;
    out.str("position outcome\n");
    let mut tokens = Vec::new();
    for i in 0..q {
        read_tokens(sc, n as u64, &mut tokens, true)?;
        out.int(i + 1).byte(b' ').str(outcome(tokens[0])).nl();
    }
    sc.expect_eof()
}
