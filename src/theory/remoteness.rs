//! Remoteness: who wins, and in how many moves, when the winner hurries and the loser delays
//! (Steinhaus 1925; C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966);
//! Berlekamp, Conway, Guy, *Winning Ways*, ch. 9 "If you can't beat 'em, join 'em!"; Conway,
//! *On Numbers and Games*, ch. 14 "How to play several games at once in a dozen different
//! ways").
//!
//! **Definition.** In a game graph (a token on a vertex, the player to move moves it along an
//! arc), the *remoteness* R(v) of a position is: 0 if v has no move; otherwise, if some option
//! u is a loss for the player to move there, 1 + min R(u) over those losing options (win as
//! fast as you can); otherwise 1 + max R(u) over all options (lose as slowly as you can). In
//! normal play a position with no move is lost, so R(v) is odd exactly when the player to move
//! wins (by induction: a win adds 1 to the even remoteness of a losing option, a loss adds 1 to
//! the odd remoteness of winning options). In misère play a position with no move is *won*
//! (remoteness 0), and R(v) is even exactly when the player to move wins. On a graph with
//! cycles, a position whose outcome is not forced by either player (a draw) has no remoteness.
//!
//! **Computation** ([`remoteness`]): retrograde analysis with a first-in-first-out queue. The
//! positions with no move are settled first (remoteness 0); when a settled position v is
//! taken from the queue, each unsettled predecessor u is settled as a win with R(v) + 1 if v is
//! lost for its mover, and otherwise has one more option known to be won by the opponent: when
//! that was its last option it is settled as a loss with R(v) + 1. The queue holds remotenesses
//! in nondecreasing order (each settles at the remoteness of the position being processed plus
//! one), so a win is settled by its fastest losing option and a loss by its slowest option:
//! exactly the definition. Positions never settled are draws. `O(n + m)` time, no recursion.
//!
//! **Conjunctive compound** (Winning Ways ch. 9, ONAG ch. 14): the player to move moves in
//! *every* component; the game ends as soon as one component has no move (normal play: the
//! player who cannot move there loses; misère: wins). **Theorem (Smith).** The compound's
//! remoteness is the *minimum* of the components' remotenesses, and the compound is won by
//! the player to move exactly when that component of least remoteness is won (all components
//! of least remoteness have the same parity, so they agree). *Proof sketch*: the player who
//! wins the component of least remoteness r plays its fast strategy there and any
//! remoteness-keeping move elsewhere; the game ends within r moves in that component, and no
//! other component of remoteness > r can end sooner because its winner's opponent delays it by
//! its own slow strategy (a component of remoteness exactly r has the same winner). Drawn
//! components (remoteness infinite) never end in either player's favour against a defending
//! opponent, so the minimum is over the finite ones, and the compound is drawn when there is
//! none ([`conjunctive`]).
//!
//! **Continued conjunctive compound** (ONAG ch. 14; the "Every-SG" game of contest lore): move
//! in every component that can still move; the game ends when none can. Its rule is the mirror
//! image, the *suspense* number (the winner delays, the loser hurries) and the *maximum*:
//! this project already has it for the Euclid game in [`crate::theory::every_sg`], whose
//! [`first_player_wins`](crate::theory::every_sg::first_player_wins) is the same parity test
//! as [`wins`] in normal play.
//!
//! **Selective compound** (Winning Ways ch. 9; ONAG ch. 14): the player to move moves in any
//! nonempty set of components; the game ends when no component can move (normal play). **Theorem.** On finite
//! games the compound is lost for the player to move exactly when every component is
//! ([`selective_wins`]): from a position with some won component, move each won component to
//! a lost option and leave the others; from all-lost components every move turns some
//! component into a won one. (Its remoteness is not a function of the components'
//! remotenesses alone in general, so only the outcome is given; `games explore --remoteness
//! --at 'A | B'` answers it so.)

use super::retrograde::ReverseGraph;

/// The remoteness of a drawn position (no finite remoteness).
pub const DRAW: u32 = u32::MAX;

/// Does the player to move win a position of remoteness `r` (not [`DRAW`])? Normal play: `r`
/// odd; misère: `r` even.
///
/// ```
/// use games::theory::remoteness::wins;
/// assert!(!wins(0, false) && wins(1, false) && wins(0, true) && !wins(3, true));
/// ```
#[inline]
pub fn wins(r: u32, misere: bool) -> bool {
    crate::theory::every_sg::first_player_wins(r) != misere
}

/// The remoteness of every vertex of `graph` (built from the game's arcs `(from, to)` with
/// [`ReverseGraph::from_arcs`]); [`DRAW`] for the drawn ones. See the module documentation.
///
/// ```
/// use games::theory::retrograde::ReverseGraph;
/// use games::theory::remoteness::{remoteness, DRAW};
/// // 0 -> 1 -> 2, 0 -> 2, 3 <-> 4
/// let g = ReverseGraph::from_arcs(5, &[(0, 1), (1, 2), (0, 2), (3, 4), (4, 3)]);
/// // Normal play: 0 wins at once by 0 -> 2; misère: 0 -> 2 would lose, 0 -> 1 wins in 2.
/// assert_eq!(remoteness(&g, false), vec![1, 1, 0, DRAW, DRAW]);
/// assert_eq!(remoteness(&g, true), vec![2, 1, 0, DRAW, DRAW]);
/// ```
pub fn remoteness(graph: &ReverseGraph, misere: bool) -> Vec<u32> {
    let n = graph.vertices();
    let mut r = vec![DRAW; n];
    let mut left: Vec<u32> = (0..n).map(|v| graph.out_degree(v)).collect();
    let mut queue: Vec<u32> = Vec::new();
    for v in 0..n {
        if left[v] == 0 {
            r[v] = 0;
            queue.push(v as u32);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head] as usize;
        head += 1;
        let next = r[v] + 1;
        let lost = !wins(r[v], misere);
        for &u in graph.predecessors(v) {
            let u = u as usize;
            if r[u] != DRAW {
                continue;
            }
            if !lost {
                left[u] -= 1;
                if left[u] > 0 {
                    continue;
                }
            }
            r[u] = next;
            queue.push(u as u32);
        }
    }
    r
}

/// One position's remoteness from its options' (all finite: an acyclic game), by the
/// definition: 0 with no option; 1 + the least losing option's; else 1 + the greatest.
///
/// ```
/// use games::theory::remoteness::of_options;
/// assert_eq!(of_options([], false), 0);
/// assert_eq!(of_options([1, 2, 4], false), 3);
/// assert_eq!(of_options([1, 3], false), 4);
/// ```
pub fn of_options(options: impl IntoIterator<Item = u32>, misere: bool) -> u32 {
    let (mut fast, mut slow, mut any) = (u32::MAX, 0u32, false);
    for r in options {
        any = true;
        if !wins(r, misere) {
            fast = fast.min(r);
        }
        slow = slow.max(r);
    }
    match (any, fast) {
        (false, _) => 0,
        (true, u32::MAX) => slow + 1,
        (true, f) => f + 1,
    }
}

/// The remoteness of a conjunctive compound from its components' (the minimum of the finite
/// ones; [`DRAW`] when every component is drawn, or there are none).
///
/// ```
/// use games::theory::remoteness::{conjunctive, DRAW};
/// assert_eq!(conjunctive(&[4, 3, DRAW]), 3);
/// assert_eq!(conjunctive(&[DRAW]), DRAW);
/// ```
pub fn conjunctive(parts: &[u32]) -> u32 {
    parts.iter().copied().min().unwrap_or(DRAW)
}

/// Does the player to move win the selective compound of finite components with these
/// remotenesses (normal play)? Exactly when some component is won.
///
/// ```
/// use games::theory::remoteness::selective_wins;
/// assert!(!selective_wins(&[0, 2, 4]) && selective_wins(&[2, 1]));
/// ```
pub fn selective_wins(parts: &[u32]) -> bool {
    parts.iter().any(|&r| wins(r, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A random acyclic game: arcs go from higher to lower vertices.
    fn random_dag(rng: &mut Rng, n: usize) -> Vec<Vec<u32>> {
        (0..n)
            .map(|v| {
                let k = if v == 0 { 0 } else { rng.below(4) as usize };
                (0..k).map(|_| rng.below(v as u64) as u32).collect()
            })
            .collect()
    }

    /// Plays out every line: (wins, length) under win-fast / lose-slow, by plain recursion on
    /// small games (no memo).
    fn brute(opts: &[Vec<u32>], v: usize, misere: bool) -> (bool, u32) {
        if opts[v].is_empty() {
            return (misere, 0);
        }
        let results: Vec<(bool, u32)> =
            opts[v].iter().map(|&u| brute(opts, u as usize, misere)).collect();
        match results.iter().filter(|x| !x.0).map(|x| x.1).min() {
            Some(fast) => (true, fast + 1),
            None => (false, results.iter().map(|x| x.1).max().unwrap_or(0) + 1),
        }
    }

    fn arcs(opts: &[Vec<u32>]) -> Vec<(u32, u32)> {
        let mut a = Vec::new();
        for (v, o) in opts.iter().enumerate() {
            a.extend(o.iter().map(|&u| (v as u32, u)));
        }
        a
    }

    #[test]
    fn random_finite_games_against_playing_every_line() {
        let mut rng = Rng::new(36);
        for _ in 0..300 {
            let n = 1 + rng.below(14) as usize;
            let opts = random_dag(&mut rng, n);
            let g = ReverseGraph::from_arcs(n, &arcs(&opts));
            for misere in [false, true] {
                let r = remoteness(&g, misere);
                for (v, &rv) in r.iter().enumerate() {
                    let (w, len) = brute(&opts, v, misere);
                    assert_eq!((wins(rv, misere), rv), (w, len), "{opts:?} {v} {misere}");
                }
            }
        }
    }

    /// The conjunctive compound of two games, played out on the product graph, against the
    /// min rule; the selective compound's outcome against its product graph.
    #[test]
    fn compounds_against_the_product_game() {
        let mut rng = Rng::new(914);
        for _ in 0..150 {
            let (n1, n2) = (1 + rng.below(7) as usize, 1 + rng.below(7) as usize);
            let (a, b) = (random_dag(&mut rng, n1), random_dag(&mut rng, n2));
            // Conjunctive: a move moves both; no move once either has none.
            let conj: Vec<Vec<u32>> = (0..n1 * n2)
                .map(|p| {
                    let (x, y) = (p / n2, p % n2);
                    let mut o = Vec::new();
                    for &u in &a[x] {
                        for &w in &b[y] {
                            o.push(u * n2 as u32 + w);
                        }
                    }
                    o
                })
                .collect();
            // Selective: any nonempty set of components.
            let sel: Vec<Vec<u32>> = (0..n1 * n2)
                .map(|p| {
                    let (x, y) = (p / n2, p % n2);
                    let mut o: Vec<u32> = a[x].iter().map(|&u| u * n2 as u32 + y as u32).collect();
                    o.extend(b[y].iter().map(|&w| (x * n2) as u32 + w));
                    o.extend(conj[p].iter().copied());
                    o
                })
                .collect();
            for misere in [false, true] {
                let ra = remoteness(&ReverseGraph::from_arcs(n1, &arcs(&a)), misere);
                let rb = remoteness(&ReverseGraph::from_arcs(n2, &arcs(&b)), misere);
                for (x, &rx) in ra.iter().enumerate() {
                    for (y, &ry) in rb.iter().enumerate() {
                        let want = brute(&conj, x * n2 + y, misere);
                        let r = conjunctive(&[rx, ry]);
                        assert_eq!((wins(r, misere), r), want, "{a:?} {b:?} {x} {y}");
                        if !misere {
                            let s = brute(&sel, x * n2 + y, false).0;
                            assert_eq!(selective_wins(&[rx, ry]), s);
                        }
                    }
                }
            }
        }
    }

    /// Subtraction game S = {1, 2} (Bash with M = 2): remoteness of heap n is 2 floor(n / 3)
    /// when n = 0 (mod 3) (a loss, each round of two moves takes 3) and 2 floor(n / 3) + 1
    /// otherwise; S = {1, 3, 4}: the P-positions are 0, 2 (mod 7), known from `games sg`.
    #[test]
    fn small_subtraction_games() {
        let sub = |set: &[u32], n: usize| {
            let mut a = Vec::new();
            for h in 0..n as u32 {
                a.extend(set.iter().filter(|&&t| t <= h).map(|&t| (h, h - t)));
            }
            remoteness(&ReverseGraph::from_arcs(n, &a), false)
        };
        let r = sub(&[1, 2], 60);
        for (n, &rn) in r.iter().enumerate() {
            let want = 2 * (n as u32 / 3) + u32::from(n % 3 != 0);
            assert_eq!(rn, want, "heap {n}");
        }
        let r = sub(&[1, 3, 4], 70);
        for (n, &rn) in r.iter().enumerate() {
            assert_eq!(!wins(rn, false), n % 7 == 0 || n % 7 == 2, "heap {n}");
        }
        // S(1, 3, 4) worked by hand from the definition: heap 7 (a loss) has options 6, 4, 3
        // of remotenesses 3, 1, 1, so 4; heap 8 wins through 7 in 5; heap 9 loses in 6.
        assert_eq!(r[..10], [0, 1, 2, 1, 1, 3, 3, 4, 5, 6]);
    }

    #[test]
    fn cycles_are_draws_and_forced_wins_through_cycles_count() {
        // 0 <-> 1, 1 -> 2 (terminal): at 1 the mover wins at once; 0's only option is won.
        let g = ReverseGraph::from_arcs(3, &[(0, 1), (1, 0), (1, 2)]);
        assert_eq!(remoteness(&g, false), vec![2, 1, 0]);
        let g = ReverseGraph::from_arcs(2, &[(0, 0), (0, 1), (1, 1)]);
        assert_eq!(remoteness(&g, false), vec![DRAW, DRAW]);
    }
}
