//! A Chess Game by win/loss search over whole positions: the multiset of the chesses'
//! positions (a sorted tuple), a move takes one chess along one arc, the player who cannot move
//! loses. No Grundy values.

use super::Tokens;
use super::search::Search;

/// Does the player to move win with chesses on `chesses` of the DAG `next`?
pub fn wins(next: &[Vec<usize>], chesses: &[usize]) -> bool {
    let mut start = chesses.to_vec();
    start.sort_unstable();
    Search::normal(|s: &Vec<usize>| {
        let mut moves = Vec::new();
        for i in 0..s.len() {
            if i > 0 && s[i] == s[i - 1] {
                continue;
            }
            for &w in &next[s[i]] {
                let mut t = s.clone();
                t[i] = w;
                t.sort_unstable();
                moves.push(t);
            }
        }
        moves
    })
    .wins(&start)
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let mut out = Vec::new();
    while !t.done() {
        let n = t.next() as usize;
        let next: Vec<Vec<usize>> = (0..n)
            .map(|_| {
                let x = t.next() as usize;
                t.take(x).into_iter().map(|v| v as usize).collect()
            })
            .collect();
        while !t.done() {
            let m = t.next() as usize;
            if m == 0 {
                break;
            }
            let chesses: Vec<usize> = t.take(m).into_iter().map(|v| v as usize).collect();
            if (n as u64).checked_pow(m as u32).is_none_or(|states| states > 100_000) {
                return None;
            }
            out.extend_from_slice(if wins(&next, &chesses) { b"WIN\n" } else { b"LOSE\n" });
        }
    }
    Some(out)
}
