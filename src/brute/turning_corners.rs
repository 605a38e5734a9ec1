//! Turning Corners by search over sets of lit cells (as a bitmask over the board), with the
//! real toggle moves: no Grundy values, no nim products.

use super::Tokens;
use super::search::Search;
use std::collections::BTreeSet;

/// Boards of more 1-based cells than this are beyond the search.
const MAX_CELLS: u64 = 16;

/// Does the player to move win with these lights lit? `None` beyond the budget.
pub fn wins(lights: &[(u64, u64)]) -> Option<bool> {
    // A cell listed twice is toggled back off. Lights on row or column 0 take part in no move
    // (a move needs 1 <= x1 <= x2 and 1 <= y1 <= y2): leave them out.
    let mut lit = BTreeSet::new();
    for &(x, y) in lights {
        if x >= 1 && y >= 1 && !lit.insert((x, y)) {
            lit.remove(&(x, y));
        }
    }
    let w = lit.iter().map(|c| c.0).max().unwrap_or(0);
    let h = lit.iter().map(|c| c.1).max().unwrap_or(0);
    if w.checked_mul(h)? > MAX_CELLS {
        return None;
    }
    let (w, h) = (w as usize, h as usize);
    let bit = move |x: usize, y: usize| 1u32 << ((x - 1) * h + (y - 1));
    let start = lit.iter().fold(0u32, |s, &(x, y)| s | bit(x as usize, y as usize));
    let mut search = Search::normal(move |&s: &u32| {
        let mut next = Vec::new();
        for x2 in 1..=w {
            for y2 in 1..=h {
                if s & bit(x2, y2) == 0 {
                    continue;
                }
                for x1 in 1..=x2 {
                    for y1 in 1..=y2 {
                        // The corners as a set: a degenerate rectangle toggles each cell once.
                        let corners = bit(x1, y1) | bit(x1, y2) | bit(x2, y1) | bit(x2, y2);
                        next.push(s ^ corners);
                    }
                }
            }
        }
        next
    });
    Some(search.wins(&start))
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut tok = Tokens::new(input);
    let cases = tok.next();
    let mut out = String::new();
    for _ in 0..cases {
        let n = tok.next() as usize;
        let lights: Vec<(u64, u64)> = (0..n).map(|_| (tok.next(), tok.next())).collect();
        out.push_str(if wins(&lights)? {
            "Have a try, lxhgww.\n"
        } else {
            "Don't waste your time.\n"
        });
    }
    Some(out.into_bytes())
}
