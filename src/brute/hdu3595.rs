//! GG and MM by plain search over the WHOLE position (every game at once) with the real
//! every-game move rule; no steps, no Every-SG theorem. Also the per-game step table by its
//! definition, for the tests of the Euclid step rule.

use super::Tokens;
use super::search::Search;

/// Every position of one game (p, q) after one move: pick a pile of x >= 1 stones, remove a
/// positive multiple of x from the other pile.
pub fn game_moves(p: u64, q: u64) -> Vec<(u64, u64)> {
    let mut v = Vec::new();
    if p >= 1 {
        for k in 1..=q / p {
            v.push((p, q - k * p));
        }
    }
    if q >= 1 {
        for k in 1..=p / q {
            v.push((p - k * q, q));
        }
    }
    v
}

/// A game as (smaller, larger); None once it is finished (no move).
fn normal(p: u64, q: u64) -> Option<(u64, u64)> {
    game_moves(p, q).first()?;
    Some((p.min(q), p.max(q)))
}

/// Every whole position after one turn: one move in each unfinished game.
fn turns(s: &Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
    let mut partial: Vec<Vec<(u64, u64)>> = vec![Vec::new()];
    for &(p, q) in s {
        let options = game_moves(p, q);
        let mut grown = Vec::new();
        for prefix in &partial {
            for &(a, b) in &options {
                let mut t = prefix.clone();
                t.extend(normal(a, b));
                grown.push(t);
            }
        }
        partial = grown;
    }
    if s.is_empty() {
        return Vec::new();
    }
    for t in partial.iter_mut() {
        t.sort_unstable();
    }
    partial.sort();
    partial.dedup();
    partial
}

/// Does the first player (MM) win the whole game?
pub fn wins(games: &[(u64, u64)]) -> bool {
    let mut start: Vec<(u64, u64)> = games.iter().filter_map(|&(p, q)| normal(p, q)).collect();
    start.sort_unstable();
    Search::normal(turns).wins(&start)
}

/// Win/lose and Every-SG step of every single game (p, q) with p, q <= max, straight from the
/// definition: 0 when finished; a winning position adds 1 to the largest step among its losing
/// options; a losing one adds 1 to the smallest step among all its options.
pub fn step_table(max: usize) -> Vec<Vec<(bool, u32)>> {
    let mut t = vec![vec![(false, 0u32); max + 1]; max + 1];
    for sum in 0..=2 * max {
        for p in sum.saturating_sub(max)..=sum.min(max) {
            let q = sum - p;
            let options: Vec<(bool, u32)> = game_moves(p as u64, q as u64)
                .iter()
                .map(|&(a, b)| t[a as usize][b as usize])
                .collect();
            t[p][q] = if options.is_empty() {
                (false, 0)
            } else if let Some(best) = options.iter().filter(|o| !o.0).map(|o| o.1).max() {
                (true, best + 1)
            } else {
                (false, options.iter().map(|o| o.1).min().expect("options") + 1)
            };
        }
    }
    t
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let mut out = Vec::new();
    while !t.done() {
        let n = t.next() as usize;
        let games: Vec<(u64, u64)> = (0..n).map(|_| (t.next(), t.next())).collect();
        let budget = games.iter().try_fold(1u64, |acc, &(p, q)| {
            acc.checked_mul(p.checked_add(1)?)?
                .checked_mul(q.checked_add(1)?)
                .filter(|&v| v <= 5_000)
        });
        budget?;
        out.extend_from_slice(if wins(&games) { b"MM\n" } else { b"GG\n" });
    }
    Some(out)
}
