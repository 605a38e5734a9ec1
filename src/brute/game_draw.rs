//! `game-draw` by the definition of the value of a game with infinite play, with no attractor and
//! no queue: the value of the game cut off after `h` moves (a cut-off game counts as infinite
//! play, a draw) is plain minimax over a finite tree, computed for `h = 0, 1, 2, ...` by one
//! synchronous update of every position per step, each player picking the successor he likes
//! best by his own order. Once a player can force reaching some set of end positions he can do
//! it within as many moves as there are positions, so from `h` = the number of positions on the
//! cut-off value is the true one; and as each step depends only on the last, the first `h` with
//! no change already gives it.

use super::Tokens;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    GennadyWins,
    GeorgiyWins,
    Draw,
}

/// How the player to move likes an outcome (higher is better): Gennady draw > win > loss,
/// Georgiy win > loss > draw.
fn taste(gennady: bool, o: Outcome) -> u8 {
    match (gennady, o) {
        (true, Outcome::Draw) | (false, Outcome::GeorgiyWins) => 2,
        (true, Outcome::GennadyWins) | (false, Outcome::GennadyWins) => 1,
        _ => 0,
    }
}

/// The outcome from every (vertex, Gennady to move?) position, `[v][0]` Gennady, `[v][1]` Georgiy.
fn solve(n: usize, arcs: &[(usize, usize)]) -> Vec<[Outcome; 2]> {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in arcs {
        next[a].push(b);
    }
    let mut value = vec![[Outcome::Draw; 2]; n];
    for step in 0.. {
        assert!(step <= 2 * n + 1, "brute game-draw: the cut-off values do not settle");
        let mut new = value.clone();
        for v in 0..n {
            for who in 0..2 {
                let gennady = who == 0;
                new[v][who] = if next[v].is_empty() {
                    if gennady { Outcome::GeorgiyWins } else { Outcome::GennadyWins }
                } else {
                    next[v]
                        .iter()
                        .map(|&w| value[w][1 - who])
                        .max_by_key(|&o| taste(gennady, o))
                        .expect("a move")
                };
            }
        }
        if new == value {
            break;
        }
        value = new;
    }
    value
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let n = t.next() as usize;
    let m = t.next() as usize;
    if n > 60 || m > 400 {
        return None;
    }
    let arcs: Vec<(usize, usize)> =
        (0..m).map(|_| (t.next() as usize - 1, t.next() as usize - 1)).collect();
    let value = solve(n, &arcs);
    let mut out = Vec::new();
    for who in 0..2 {
        for v in &value {
            out.push(match (v[who], who) {
                (Outcome::Draw, _) => b'D',
                (Outcome::GennadyWins, 0) | (Outcome::GeorgiyWins, 1) => b'W',
                _ => b'L',
            });
        }
        out.push(b'\n');
    }
    Some(out)
}
