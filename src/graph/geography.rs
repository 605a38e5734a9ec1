//! `games graph --geography`: undirected vertex Geography from every vertex, by maximum
//! matching ([`crate::theory::geography`]): the arcs are read as undirected edges (loops are
//! never a move), and every vertex gets its outcome and, when it is N, the winning move.

use super::read_graph;
use crate::error::InputError;
use crate::out::Out;
use crate::scanner::Scanner;
use crate::theory::csr::Csr;
use crate::theory::geography::{self, Budget};

/// The most edge scans of the matching (about a minute of work at worst; typical graphs take
/// a few times their edges).
pub const BUDGET: u64 = 1 << 34;

pub(super) fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let (n, arcs) = read_graph(sc)?;
    sc.expect_eof()?;
    crate::error::probe(
        n.saturating_mul(48).saturating_add(arcs.len().saturating_mul(16)),
        "the matching",
    )?;
    let both: Vec<(u32, u32)> =
        arcs.iter().filter(|(a, b)| a != b).flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    drop(arcs);
    let adj = Csr::build::<false, _>(n, &both, Csr::default());
    drop(both);
    match geography::outcomes(&adj, Budget(BUDGET)) {
        Ok(o) => {
            out.str("geography: proved (Fraenkel, Scheinerman, Ullman 1993: the player to move from v wins iff every maximum matching covers v; a maximum matching has ");
            out.int(o.matching).str(" edges)\nvertex outcome move\n");
            for v in 0..n {
                out.int(v + 1);
                if o.p[v] {
                    out.str(" P -\n");
                } else {
                    out.str(" N ").int(o.mate[v] + 1).nl();
                }
            }
        }
        Err(e) => {
            out.str("geography: unknown (the matching passed ").int(e.0).str(" edge scans)\n");
        }
    }
    Ok(())
}
