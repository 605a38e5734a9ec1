//! Reference solver for the built-in games of `games explore --game`: a plain retrograde
//! analysis over the real positions, sharing nothing with `explore::builtin`.
//!
//! Every position from 0 to the box's upper ends is visited in increasing mixed-radix order
//! (every option lowers some coordinate and raises none, so it comes earlier: no recursion).
//! Each position's options are listed from the game's definition (Wythoff: the same amount t
//! from every heap of a nonempty set; Nim: any amount from one heap; a `games sg` rule: this
//! reference's own reader and move lister [`super::rule`], not `sg::rule` / `sg::moves`, a move
//! leaving several heaps being a sum).
//! Normal play: the value is the mex of the options' values (a sum's value is the XOR of its
//! parts'). Misère play: a position is P iff it has a move and every option is N; a position
//! with no move is N (the player to move cannot move, and wins). Misère is refused (`None`) for
//! rules whose moves may leave two or more heaps.

use super::rule::{Rule, options as rule_options};

/// A game as the brute force knows it.
#[derive(Debug, Clone)]
pub enum Game {
    /// Wythoff on this many heaps.
    Wythoff(usize),
    /// Nim on this many heaps.
    Nim(usize),
    /// One heap of a `games sg` rule.
    Rule(Rule),
}

/// Reads `wythoff`, `wythoff:K`, `nim:K` or a `games sg` rule; `None` otherwise.
pub fn game(name: &str) -> Option<Game> {
    if name == "wythoff" {
        return Some(Game::Wythoff(2));
    }
    if let Some(k) = name.strip_prefix("wythoff:") {
        return k.parse().ok().map(Game::Wythoff);
    }
    if let Some(k) = name.strip_prefix("nim:") {
        return k.parse().ok().map(Game::Nim);
    }
    super::rule::parse(name).map(Game::Rule)
}

/// The number of coordinates.
pub fn arity(g: &Game) -> usize {
    match g {
        Game::Wythoff(k) | Game::Nim(k) => *k,
        Game::Rule(_) => 1,
    }
}

/// Every option of `pos`, each a list of independent components (one for Wythoff and Nim;
/// the heaps left for a rule, possibly none).
pub fn options(g: &Game, pos: &[u64]) -> Vec<Vec<Vec<u64>>> {
    let mut out = Vec::new();
    match g {
        Game::Wythoff(k) => {
            for set in 1..(1u32 << k) {
                let chosen: Vec<usize> = (0..*k).filter(|&i| set >> i & 1 == 1).collect();
                let most = chosen.iter().map(|&i| pos[i]).min().unwrap_or(0);
                for t in 1..=most {
                    let mut q = pos.to_vec();
                    for &i in &chosen {
                        q[i] -= t;
                    }
                    out.push(vec![q]);
                }
            }
        }
        Game::Nim(k) => {
            for i in 0..*k {
                for t in 1..=pos[i] {
                    let mut q = pos.to_vec();
                    q[i] -= t;
                    out.push(vec![q]);
                }
            }
        }
        Game::Rule(r) => {
            for heaps in rule_options(r, pos[0]) {
                out.push(heaps.into_iter().filter(|&h| h > 0).map(|h| vec![h]).collect());
            }
        }
    }
    out
}

/// The box's answers, in its cell order (row-major, the last coordinate fastest).
pub struct Solved {
    /// Normal play: each cell's Grundy value (empty in misère play).
    pub grundy: Vec<u64>,
    /// Each cell's outcome, `P` or `N`.
    pub outcome: Vec<u8>,
}

/// Solves `g` on the box `ranges` (inclusive), `None` when the positions below the box exceed
/// `budget` or misère play is asked of a rule whose moves may leave several heaps.
pub fn solve(g: &Game, ranges: &[(u64, u64)], misere: bool, budget: u64) -> Option<Solved> {
    let k = arity(g);
    assert_eq!(ranges.len(), k, "brute: the box has the wrong number of coordinates");
    let dims: Vec<u64> = ranges.iter().map(|r| r.1 + 1).collect();
    let total = dims.iter().try_fold(1u64, |a, &d| a.checked_mul(d))?;
    if total > budget {
        return None;
    }
    let index = |p: &[u64]| -> usize {
        let mut i = 0u64;
        for a in 0..k {
            i = i * dims[a] + p[a];
        }
        i as usize
    };
    let decode = |mut i: u64| -> Vec<u64> {
        let mut p = vec![0u64; k];
        for a in (0..k).rev() {
            p[a] = i % dims[a];
            i /= dims[a];
        }
        p
    };
    let mut value = vec![0u64; total as usize];
    let mut wins = vec![false; total as usize];
    for i in 0..total {
        let pos = decode(i);
        let opts = options(g, &pos);
        if misere {
            if opts.iter().any(|o| o.len() > 1) {
                return None;
            }
            // An option with no component is the empty position: N for the one who faces it.
            let leads_to_p = opts.iter().any(|o| o.first().is_some_and(|q| !wins[index(q)]));
            wins[i as usize] = opts.is_empty() || leads_to_p;
        } else {
            let mut seen: Vec<u64> =
                opts.iter().map(|o| o.iter().fold(0, |x, q| x ^ value[index(q)])).collect();
            seen.sort_unstable();
            seen.dedup();
            let mex = seen.iter().enumerate().find(|&(v, &s)| v as u64 != s).map(|(v, _)| v);
            value[i as usize] = mex.unwrap_or(seen.len()) as u64;
            wins[i as usize] = value[i as usize] != 0;
        }
    }
    let mut out = Solved { grundy: Vec::new(), outcome: Vec::new() };
    let cells = ranges.iter().map(|r| r.1 - r.0 + 1).product::<u64>();
    for c in 0..cells {
        let mut p = vec![0u64; k];
        let mut rest = c;
        for a in (0..k).rev() {
            let w = ranges[a].1 - ranges[a].0 + 1;
            p[a] = ranges[a].0 + rest % w;
            rest /= w;
        }
        let i = index(&p);
        if !misere {
            out.grundy.push(value[i]);
        }
        out.outcome.push(if wins[i] { b'N' } else { b'P' });
    }
    Some(out)
}
