//! `games graph --remoteness`: every vertex's outcome and remoteness (one token, the winner
//! hurrying and the loser delaying; normal or misère play; drawn vertices have none), and each
//! position `k t_1 ... t_k` answered as the *conjunctive compound* of its tokens (every token
//! moves each turn; the game ends when one cannot): its remoteness is the least of the tokens'
//! (Smith's rule). The mathematics is [`crate::theory::remoteness`].

use super::input::read_tokens;
use crate::error::InputError;
use crate::out::Out;
use crate::scanner::Scanner;
use crate::theory::remoteness::{self, DRAW, wins};
use crate::theory::retrograde::ReverseGraph;

fn letter(r: u32, misere: bool) -> u8 {
    match r {
        DRAW => b'D',
        r if wins(r, misere) => b'N',
        _ => b'P',
    }
}

fn entry(out: &mut Out, r: u32, misere: bool, json: bool) {
    if json {
        out.str("\"outcome\":\"").byte(letter(r, misere)).byte(b'"');
        if r != DRAW {
            out.str(",\"remoteness\":").int(r as usize);
        }
        return;
    }
    out.byte(letter(r, misere)).byte(b' ');
    if r == DRAW {
        out.byte(b'-')
    } else {
        out.int(r as usize)
    };
}

/// The vertices and the positions after the arcs (already read, 0-based, on `n` vertices).
pub(super) fn solve(
    sc: &mut Scanner<'_>,
    out: &mut Out,
    n: usize,
    arcs: &[(u32, u32)],
    misere: bool,
    json: bool,
) -> Result<(), InputError> {
    let r = remoteness::remoteness(&ReverseGraph::from_arcs(n, arcs), misere);
    out.str(if json { "{\"vertices\":[" } else { "vertex outcome remoteness\n" });
    for (v, &rv) in r.iter().enumerate() {
        if json {
            out.str(if v == 0 { "{\"vertex\":" } else { ",{\"vertex\":" }).int(v + 1).byte(b',');
            entry(out, rv, misere, true);
            out.byte(b'}');
        } else {
            out.int(v + 1).byte(b' ');
            entry(out, rv, misere, false);
            out.nl();
        }
    }
    if json {
        out.byte(b']');
    }
    if !sc.at_eof() {
        let q = sc.u64("position count q")?;
        out.str(if json {
            ",\"positions\":["
        } else {
            "position outcome remoteness (conjunctive compound of its tokens)\n"
        });
        let mut tokens = Vec::new();
        for i in 0..q {
            read_tokens(sc, n as u64, &mut tokens, false)?;
            let parts: Vec<u32> = tokens.iter().map(|&t| r[t as usize]).collect();
            let rc = remoteness::conjunctive(&parts);
            if json {
                out.str(if i == 0 { "{\"position\":" } else { ",{\"position\":" })
                    .int(i as usize + 1)
                    .byte(b',');
                entry(out, rc, misere, true);
                out.byte(b'}');
            } else {
                out.int(i as usize + 1).byte(b' ');
                entry(out, rc, misere, false);
                out.nl();
            }
        }
        if json {
            out.byte(b']');
        }
        sc.expect_eof()?;
    }
    if json {
        out.str("}\n");
    }
    Ok(())
}
