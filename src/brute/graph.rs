//! The reference for `games graph`: win/loss/draw of sums of tokens by a plain fixed point over
//! the product of the token positions, with no Sprague-Grundy theory and no levels. A position
//! (a tuple of vertices) is a loss for the player to move (`P`) once every move leads to a
//! known win, a win (`N`) once some move leads to a known loss; repeating until nothing changes
//! leaves exactly the draws (`D`): the positions where neither player can force the game to
//! end his way (a win or loss is forced within finitely many moves, and a forced finite play is
//! found after as many sweeps as its length). Values are then pinned with a Nim heap:
//! γ(u) = j exactly when u + *j is `P`; γ(u) = ∞(K) when no j does, and then K = { j : u + *j
//! is `N` }. This is the definition the theorem promises, checked over real positions.

use crate::theory::loopy::Outcome;

/// A game graph: the followers of each vertex.
pub type Graph = Vec<Vec<usize>>;

pub fn graph(n: usize, arcs: &[(usize, usize)]) -> Graph {
    let mut g = vec![Vec::new(); n];
    for &(a, b) in arcs {
        g[a].push(b);
    }
    g
}

/// The Nim heap `*h` as a graph on `0..=h`: from `i` to every smaller size.
pub fn heap(h: usize) -> Graph {
    (0..=h).map(|i| (0..i).collect()).collect()
}

/// The outcome of every tuple of the product of `games` (one token on each), indexed in mixed
/// radix (first component most significant). `stuck_wins`: misère (the player who cannot move
/// wins).
pub fn product_outcomes(games: &[&Graph], stuck_wins: bool) -> Vec<Outcome> {
    let sizes: Vec<usize> = games.iter().map(|g| g.len()).collect();
    let total: usize = sizes.iter().product();
    let decode = |mut s: usize| -> Vec<usize> {
        let mut t = vec![0; sizes.len()];
        for i in (0..sizes.len()).rev() {
            t[i] = s % sizes[i];
            s /= sizes[i];
        }
        t
    };
    let encode = |t: &[usize]| t.iter().zip(&sizes).fold(0, |s, (&x, &z)| s * z + x);
    let moves: Vec<Vec<usize>> = (0..total)
        .map(|s| {
            let t = decode(s);
            let mut m = Vec::new();
            for (i, g) in games.iter().enumerate() {
                for &w in &g[t[i]] {
                    let mut u = t.clone();
                    u[i] = w;
                    m.push(encode(&u));
                }
            }
            m
        })
        .collect();
    let mut known: Vec<Option<Outcome>> = vec![None; total];
    loop {
        let mut changed = false;
        for s in 0..total {
            if known[s].is_some() {
                continue;
            }
            if moves[s].is_empty() {
                known[s] = Some(if stuck_wins { Outcome::N } else { Outcome::P });
            } else if moves[s].iter().any(|&t| known[t] == Some(Outcome::P)) {
                known[s] = Some(Outcome::N);
            } else if moves[s].iter().all(|&t| known[t] == Some(Outcome::N)) {
                known[s] = Some(Outcome::P);
            } else {
                continue;
            }
            changed = true;
        }
        if !changed {
            break;
        }
    }
    known.into_iter().map(|o| o.unwrap_or(Outcome::D)).collect()
}

/// The outcome of tokens on `tokens` of `g` (normal play).
pub fn sum_outcome(g: &Graph, tokens: &[usize]) -> Outcome {
    let games: Vec<&Graph> = tokens.iter().map(|_| g).collect();
    let all = product_outcomes(&games, false);
    let index = tokens.iter().fold(0, |s, &t| s * g.len() + t);
    all[index]
}

/// A value pinned by Nim heaps: `Ok(j)` for γ = j, `Err(K)` for ∞(K).
pub type Pinned = Result<usize, Vec<usize>>;

/// Every vertex's value, pinned by the outcomes of `u + *j` for `j` up to the largest
/// out-degree plus one (an integer value or an element of K is at most the out-degree).
pub fn values(g: &Graph) -> Vec<Pinned> {
    let h = g.iter().map(Vec::len).max().unwrap_or(0) + 1;
    let nim = heap(h);
    let all = product_outcomes(&[g, &nim], false);
    (0..g.len())
        .map(|u| {
            let row = &all[u * (h + 1)..(u + 1) * (h + 1)];
            let zero: Vec<usize> = (0..=h).filter(|&j| row[j] == Outcome::P).collect();
            match zero[..] {
                [j] => Ok(j),
                [] => Err((0..=h).filter(|&j| row[j] == Outcome::N).collect()),
                _ => panic!("brute graph: u + *j is P for two heaps j at vertex {u}"),
            }
        })
        .collect()
}

/// Misère outcomes of one token on every vertex.
pub fn misere(g: &Graph) -> Vec<Outcome> {
    product_outcomes(&[g], true)
}
