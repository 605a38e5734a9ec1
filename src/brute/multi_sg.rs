//! Even splitting by search over whole positions (sorted multisets of piles), with the real
//! moves: no Grundy values, no quotient blocks.

use super::Tokens;
use super::search::Search;

/// The most stones in moving piles a search takes on. A split keeps the number of stones, so
/// every position is a partition of at most this many: fewer than 30 000 of them.
const MAX_STONES: u64 = 30;

/// Does the player to move win? `None` beyond the budget.
pub fn wins(f: u64, piles: &[u64]) -> Option<bool> {
    // Piles below F, or of one stone or none, never move again: leave them out of the state.
    let active = |x: u64| x >= f && x >= 2;
    let mut start: Vec<u64> = piles.iter().copied().filter(|&x| active(x)).collect();
    start.sort_unstable();
    if start.iter().sum::<u64>() > MAX_STONES {
        return None;
    }
    let mut search = Search::normal(|s: &Vec<u64>| {
        let mut next = Vec::new();
        for i in 0..s.len() {
            if i > 0 && s[i] == s[i - 1] {
                continue; // the same pile size gives the same moves
            }
            let x = s[i];
            for m in 2..=x {
                let (q, r) = (x / m, x % m);
                let mut t: Vec<u64> = s[..i].iter().chain(&s[i + 1..]).copied().collect();
                t.extend(std::iter::repeat_n(q + 1, r as usize).filter(|&p| active(p)));
                t.extend(std::iter::repeat_n(q, (m - r) as usize).filter(|&p| active(p)));
                t.sort_unstable();
                next.push(t);
            }
        }
        next
    });
    Some(search.wins(&start))
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut tok = Tokens::new(input);
    let t = tok.next();
    let f = tok.next();
    let mut verdicts = Vec::new();
    for _ in 0..t {
        let n = tok.next() as usize;
        let piles = tok.take(n);
        verdicts.push(if wins(f, &piles)? { "1" } else { "0" });
    }
    Some(format!("{}\n", verdicts.join(" ")).into_bytes())
}
