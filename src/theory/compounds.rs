//! Two compounds of Winning Ways ch. 9 ("If you can't beat 'em, join 'em!") that the values of
//! [`super::remoteness`] do not decide, decided from the parts' game graphs (normal play: the
//! player who cannot move loses).
//!
//! **Diminished disjunctive compound** (a move in exactly one part; the game ends as soon as
//! any part has ended, i.e. has no move). Call a part's position *ended* (E) when it has no
//! move, and *ending* (T) when it has an option that is ended. **Theorem.** A compound with an
//! ended part is lost for the player to move (the game is over); otherwise one with an ending
//! part is won (move that part to its ended option: the opponent faces an ended game);
//! otherwise it is the disjunctive sum of the parts played in the *trimmed* graph G*, the
//! positions that are neither ended nor ending with the moves among them, and it is lost
//! exactly when the XOR of the parts' Grundy values in G* is 0 (Smith's generalised values
//! when G* has cycles: [`super::loopy`]). *Proof.* From a compound with no ended or ending
//! part, a move to an ending position hands the opponent an immediate win, so with best play
//! no one makes it unless every move does so, which loses exactly as having no move in G*
//! does; the other moves are the moves of G*, one part at a time: the disjunctive sum of the
//! G* games, where the player without a move loses (Sprague-Grundy, or Smith's theory of the
//! sum of loopy games). (The winner's move: the ended option, or a move of G* to value 0.)
//!
//! **Continued conjunctive compound** (a move in every part that can move; the game ends when
//! no part can). **Theorem** (Smith 1966; Winning Ways ch. 9 "suspense"; ONAG ch. 14). Define
//! the *suspense* S(v): 0 without a move; otherwise, if some option u has S(u) even (a loss
//! for the player then to move), 1 + the largest such S(u) (the winner delays); otherwise
//! 1 + the least S(u) (the loser hurries). A part is won by the player to move iff its S is
//! odd, S is the number of moves it lasts in best play, and the compound lasts as long as its
//! longest part: it is won iff the largest S of the parts is odd. *Proof sketch*: the player
//! who wins the part of largest suspense s plays its slow winning strategy there and its fast
//! strategy in every other part (fast wins in the parts he wins, fast losses in the others);
//! every other part ends within s moves (a part of suspense exactly s has the same winner),
//! and the last move, in the longest part, is his. [`suspense`] computes S in reverse
//! topological order on the acyclic part of the graph; a position that reaches a cycle gets
//! none (the theorem is for games that end).

use super::loopy::{Analysis, Graph as LoopyGraph, Outcome, analyse_graph};

/// A game graph: the options of v are `opts[start[v]..start[v + 1]]`.
#[derive(Clone, Copy, Debug)]
pub struct Graph<'a> {
    pub start: &'a [u32],
    pub opts: &'a [u32],
}

impl<'a> Graph<'a> {
    pub fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn options(&self, v: usize) -> &'a [u32] {
        &self.opts[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

/// The suspense number of every position, `None` where it reaches a cycle.
///
/// ```
/// use games::theory::compounds::{Graph, suspense};
/// // 2 -> 1 -> 0 and 2 -> 0: S(0) = 0, S(1) = 1; from 2 the only losing option is 0 (S even),
/// // so S(2) = 1.
/// let (start, opts) = ([0u32, 0, 1, 3], [0u32, 1, 0]);
/// let s = suspense(Graph { start: &start, opts: &opts });
/// assert_eq!(s, vec![Some(0), Some(1), Some(1)]);
/// ```
pub fn suspense(g: Graph<'_>) -> Vec<Option<u32>> {
    let n = g.len();
    let mut s: Vec<Option<u32>> = vec![None; n];
    for v in reverse_topological(g) {
        let opts = g.options(v as usize);
        let mut best_even: Option<u32> = None;
        let mut least = u32::MAX;
        for &u in opts {
            let Some(su) = s[u as usize] else { unreachable!("options come first") };
            if su % 2 == 0 {
                best_even = Some(best_even.map_or(su, |b| b.max(su)));
            }
            least = least.min(su);
        }
        s[v as usize] = Some(if opts.is_empty() {
            0
        } else {
            best_even.map_or(least, |b| b).saturating_add(1)
        });
    }
    s
}

/// The positions that do not reach a cycle, every one after its options.
fn reverse_topological(g: Graph<'_>) -> Vec<u32> {
    let n = g.len();
    let mut left: Vec<u32> = (0..n).map(|v| g.options(v).len() as u32).collect();
    let mut preds_start = vec![0u32; n + 1];
    for &u in g.opts {
        preds_start[u as usize + 1] += 1;
    }
    for i in 0..n {
        preds_start[i + 1] += preds_start[i];
    }
    let mut fill = preds_start.clone();
    let mut preds = vec![0u32; g.opts.len()];
    for v in 0..n {
        for &u in g.options(v) {
            preds[fill[u as usize] as usize] = v as u32;
            fill[u as usize] += 1;
        }
    }
    let mut order: Vec<u32> = (0..n as u32).filter(|&v| left[v as usize] == 0).collect();
    let mut head = 0;
    while head < order.len() {
        let u = order[head] as usize;
        head += 1;
        for &v in &preds[preds_start[u] as usize..preds_start[u + 1] as usize] {
            left[v as usize] -= 1;
            if left[v as usize] == 0 {
                order.push(v);
            }
        }
    }
    order
}

/// A position's role in a diminished disjunctive compound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// No move: a compound holding it is over.
    Ended,
    /// An option is ended: the `u32` is that option.
    Ending(u32),
    /// A position of the trimmed graph G*: its number there.
    Trimmed(u32),
}

/// The trimmed graph G* of a game graph and every position's role.
pub struct Trimmed {
    pub role: Vec<Role>,
    /// G*'s positions (their numbers in the game graph).
    pub positions: Vec<u32>,
    pub analysis: Analysis,
}

/// G* and its values.
///
/// ```
/// use games::theory::compounds::{Graph, Role, trim};
/// // A path 3 -> 2 -> 1 -> 0: 0 ended, 1 ending, 2 and 3 in G* (2 has no move there).
/// let (start, opts) = ([0u32, 0, 1, 2, 3], [0u32, 1, 2]);
/// let t = trim(Graph { start: &start, opts: &opts });
/// assert_eq!(t.role[0], Role::Ended);
/// assert_eq!(t.role[1], Role::Ending(0));
/// assert!(matches!(t.role[2], Role::Trimmed(_)) && matches!(t.role[3], Role::Trimmed(_)));
/// ```
pub fn trim(g: Graph<'_>) -> Trimmed {
    let n = g.len();
    let mut role: Vec<Role> = (0..n)
        .map(|v| if g.options(v).is_empty() { Role::Ended } else { Role::Trimmed(0) })
        .collect();
    for (v, r) in role.iter_mut().enumerate() {
        if *r != Role::Ended
            && let Some(&u) = g.options(v).iter().find(|&&u| g.options(u as usize).is_empty())
        {
            *r = Role::Ending(u);
        }
    }
    let mut positions = Vec::new();
    for (v, r) in role.iter_mut().enumerate() {
        if let Role::Trimmed(i) = r {
            *i = positions.len() as u32;
            positions.push(v as u32);
        }
    }
    let mut arcs = Vec::new();
    for &v in &positions {
        let Role::Trimmed(a) = role[v as usize] else { continue };
        for &u in g.options(v as usize) {
            if let Role::Trimmed(b) = role[u as usize] {
                arcs.push((a, b));
            }
        }
    }
    let analysis = analyse_graph(LoopyGraph::from_arcs(positions.len(), arcs));
    Trimmed { role, positions, analysis }
}

/// The diminished disjunctive compound of the positions `parts` (numbers in the game graph):
/// its outcome and, when the theorem's first two cases decide it, the part (0-based) that
/// has ended or is ending.
pub fn diminished(t: &Trimmed, parts: &[u32]) -> (Outcome, Option<(usize, Role)>) {
    if let Some(i) = parts.iter().position(|&v| t.role[v as usize] == Role::Ended) {
        return (Outcome::P, Some((i, Role::Ended)));
    }
    if let Some(i) = parts.iter().position(|&v| matches!(t.role[v as usize], Role::Ending(_))) {
        return (Outcome::N, Some((i, t.role[parts[i] as usize])));
    }
    let inner: Vec<u32> = parts
        .iter()
        .map(|&v| match t.role[v as usize] {
            Role::Trimmed(c) => c,
            _ => unreachable!("ended and ending parts answered above"),
        })
        .collect();
    (t.analysis.sum_outcome(&inner).0, None)
}

/// The continued conjunctive compound of `parts`: the largest suspense and the outcome, or
/// `None` when a part reaches a cycle.
pub fn continued(suspense: &[Option<u32>], parts: &[u32]) -> Option<(u32, Outcome)> {
    let mut most = 0;
    for &v in parts {
        most = most.max(suspense[v as usize]?);
    }
    Some((most, if most % 2 == 1 { Outcome::N } else { Outcome::P }))
}
