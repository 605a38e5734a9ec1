//! Sprague-Grundy values of any finite impartial game given as a directed graph, cycles
//! allowed: Smith's generalised Sprague-Grundy function γ, whose values are integers or ∞(K),
//! the outcome (P, N or D) of a single token and of a sum of tokens, and a winning or
//! draw-keeping move, computed by retrograde analysis (never recursion).
//!
//! # The game
//! Positions are the vertices of a finite directed graph (loops and repeated arcs allowed); a
//! move takes the token along an arc; the player who cannot move loses (normal play); play that
//! never ends is a draw. A *sum* has several tokens on the graph (several may share a vertex); a
//! move takes one token along one arc. The outcome of a position is `P` (the player to move
//! loses with best play), `N` (he wins) or `D` (neither side can force a win).
//!
//! # The function γ (Smith 1966; Fraenkel and Yesha 1986)
//! γ is computed level by level, `m = 0, 1, 2, ...`; at the start of level `m` every vertex is
//! *labelled* with an integer below `m`, labelled ∞, or *active* (no label yet). Level `m`:
//! 1. while some active vertex `u` has no follower labelled `m`, and every follower of `u` that is
//!    active or labelled ∞ has itself a follower labelled `m`, label `u` with `m`; the order in
//!    which vertices get their integer labels (over all levels) is the counter `c(u)`;
//! 2. every vertex still active that has no follower labelled `m` is labelled ∞.
//!
//! It stops when no vertex is active (at the latest after level `d + 1`, `d` the largest
//! out-degree: an active vertex at level `m` has followers of every value below `m`). A vertex
//! labelled ∞ gets the value ∞(K), K the set of integer values of its followers. The result has
//! three properties, which are all the proofs below use:
//! - (A) if γ(u) = m is an integer, the followers' integer values include every `j < m` and not
//!   `m`: `u` was active at every level `j < m`, so it was not labelled ∞ at the end of level
//!   `j`, so it had a follower labelled `j`; a follower labelled `m` after `u` would have been
//!   active and (by step 1 for `u`) already have a follower labelled `m`, which rules it out;
//! - (B) if γ(u) = m is an integer and a follower `v` has a larger or infinite value, then `v`
//!   has a follower `w` with γ(w) = m and `c(w) < c(u)`: when `u` was labelled, `v` was active
//!   or ∞, so step 1 asked for `w`;
//! - (C) if γ(u) = ∞(K), then `u` has a follower `v` with γ(v) = ∞(K') and `mex K ∉ K'`:
//!   `u` was labelled ∞ at the end of level `m' = mex K` (at that time it had followers of every
//!   value below `m'` and none of value `m'`), so step 1 failed for it: some follower `v`,
//!   active or ∞, had no follower labelled `m'`. That `v` was labelled ∞ at the end of level
//!   `m'` if it was still active, and `m' ∉ K'`.
//!
//! The definition "γ(u) = m when no follower has value m, every j < m does, and every follower
//! with a larger or infinite value has a follower of value m" is not enough without the
//! counter of (B): on the 2-cycle `u <-> v` both γ(u) = 0, γ(v) = ∞({0}) and the true
//! γ(u) = γ(v) = ∞({}) satisfy it, and the first would call a draw a loss. Fraenkel and Yesha
//! define γ by (A), (B) and (C) with some counter; everything below uses only these three
//! properties of the labelling computed here, so it holds for it as computed.
//!
//! # Sums and outcomes (Smith 1966; Winning Ways, ch. 12 "Games Eternal - Games Entailed")
//! For tokens on `u_1, ..., u_k` let `x` be the XOR of the integer values, and define Γ:
//! all values integers: Γ = x; exactly one infinite value ∞(K): Γ = ∞(K ⊕ x) (every element
//! XOR-ed with `x`); two or more infinite values: Γ = ∞({}). Then
//! - Γ = 0: P; Γ a positive integer, or ∞(L) with 0 ∈ L: N; Γ = ∞(L) with 0 ∉ L: D.
//!
//! One token is a sum with `k = 1` (Γ = γ), and a Nim heap `*j` is a vertex of value `j`; so
//! `u + *j` is P exactly when γ(u) = j, and for γ(u) = ∞(K) it is N for `j ∈ K` and D otherwise
//! (the brute force pins every value with exactly these sums).
//!
//! *Proof.* Γ's integer values of the followers of a sum are `L` when Γ = ∞(L) (a move changes
//! one token; only moving the one infinite token to an integer value gives an integer Γ, namely
//! `k' ⊕ x` for `k' ∈ K`), so a position with Γ = ∞(L), 0 ∉ L, has no move to Γ = 0.
//! 1. Γ = x > 0: some `u_i` has the highest bit of `x`, so `γ(u_i) ⊕ x < γ(u_i)`, and by (A)
//!    `u_i` has a follower of that value: moving there makes Γ = 0. Γ = ∞(L), 0 ∈ L: move the
//!    infinite token to its follower of value `x` (it exists as `x ∈ K`): Γ = 0.
//! 2. Γ = 0 is a loss for the player to move: whatever he does, his opponent answers to Γ = 0
//!    again. A move of token `i` to a smaller integer value is answered as in 1 on some token,
//!    lowering the sum of the integer values; a move to a larger or infinite value is answered by
//!    (B) on the same token, back to value γ(u_i) at a vertex of smaller counter. So each
//!    exchange lowers (sum of values, sum of counters) lexicographically, play is finite, and
//!    the player at Γ = 0 is the one who finally cannot move.
//! 3. Γ = ∞(L), 0 ∉ L: there is a move to a position of the same kind, so neither player ever
//!    has to leave the kind, and leaving it gives the opponent a win by 1 (no move leads to
//!    Γ = 0, so no one wins by staying): a draw. The move: with two or more infinite tokens,
//!    move one of them to an infinite follower (it has one, by (C)); with one, ∞(K), and `x ∉ K`
//!    (so `x >= m' = mex K`): if `x = m'`, move it to the follower ∞(K') of (C), `m' ∉ K'`;
//!    if `x > m'`, lower an integer token with the highest bit of `x ⊕ m'` so that the XOR of the
//!    integer values becomes `m'` (as in 1), giving ∞(K ⊕ m') without 0.
//!
//! Sources: C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51-81;
//! A. S. Fraenkel and Y. Yesha, "The generalized Sprague-Grundy function and its invariance
//! under certain mappings", J. Combin. Theory A 43 (1986) 165-177; Berlekamp, Conway, Guy,
//! *Winning Ways*, ch. 12.
//!
//! # The computation
//! On an acyclic graph every vertex gets an integer and the levels are unnecessary: one pass in
//! reverse topological order (Kahn's algorithm on the forward graph) takes the plain mex. On a
//! graph with a cycle the levels run as above with the reverse graph and counters of
//! [`retrograde`](super::retrograde): per active vertex a count of its arcs to vertices not yet
//! known to be harmless (active or ∞ vertices without a follower labelled `m`), decremented once
//! per arc; a vertex whose count reaches 0 is labelled and queued; a labelled vertex "hits" its
//! predecessors (they now have a follower labelled `m`), and a vertex hit for the first time in
//! the level decrements its predecessors' counts. Each vertex is labelled once, and is hit at
//! most once per level, so a level costs `O(active vertices + arcs into the vertices it
//! touches)`, at most `O(n + m)`, with `u32` indices and linear memory.

use super::retrograde::ReverseGraph;
use crate::prefetch::prefetch;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// The stored value of a vertex with γ = ∞(K) (K is read off its followers).
const INFINITE: u32 = u32::MAX;
/// A vertex not labelled yet (only while the levels run).
const ACTIVE: u32 = u32::MAX - 1;

/// The value of a vertex: an integer, or ∞(K) with K the integer values of its followers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Finite(u32),
    Infinite(Vec<u32>),
}

/// The outcome of a position with best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
    /// Neither side can force a win.
    D,
}

impl Outcome {
    pub fn letter(self) -> u8 {
        match self {
            Outcome::P => b'P',
            Outcome::N => b'N',
            Outcome::D => b'D',
        }
    }
}

/// The outcome of a value (the theorem of the module documentation).
pub fn outcome_of(value: &Value) -> Outcome {
    match value {
        Value::Finite(0) => Outcome::P,
        Value::Finite(_) => Outcome::N,
        Value::Infinite(k) if k.contains(&0) => Outcome::N,
        Value::Infinite(_) => Outcome::D,
    }
}

/// A move of a sum: token `token` (0-based, in the order given) from `from` to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub token: usize,
    pub from: u32,
    pub to: u32,
}

/// The followers of every vertex, in compressed sparse row form: a [`ReverseGraph`] of the
/// reversed arcs, whose "predecessors" are the followers and whose "out-degrees" are in-degrees.
pub struct Followers(ReverseGraph);

impl Followers {
    /// Builds the follower lists from arcs `(from, to)`. Panics on endpoints not below `n`
    /// (validate first).
    pub fn from_arcs(n: usize, arcs: &[(u32, u32)]) -> Self {
        Followers(ReverseGraph::from_arcs_forward(n, arcs))
    }

    #[inline]
    pub fn of(&self, v: usize) -> &[u32] {
        self.0.predecessors(v)
    }

    pub fn vertices(&self) -> usize {
        self.0.vertices()
    }

    #[inline]
    fn in_degree(&self, v: usize) -> u32 {
        self.0.out_degree(v)
    }

    /// Hints the processor to fetch where `v`'s followers start.
    #[inline(always)]
    fn prefetch_start(&self, v: usize) {
        self.0.prefetch_predecessors(v);
    }

    /// Hints the processor to fetch `v`'s followers.
    #[inline(always)]
    fn prefetch_list(&self, v: usize) {
        self.0.prefetch_predecessor_list(v);
    }
}

/// Kahn's algorithm: the vertices with every vertex before its followers, or `None` when the
/// graph has a cycle.
pub fn topological_order(next: &Followers) -> Option<Vec<u32>> {
    let n = next.vertices();
    let mut left: Vec<u32> = (0..n).map(|v| next.in_degree(v)).collect();
    let mut order: Vec<u32> = Vec::with_capacity(n);
    order.extend((0..n as u32).filter(|&v| left[v as usize] == 0));
    let mut head = 0;
    while head < order.len() {
        // The queue's next vertices are known: their memory is asked for ahead, in the order
        // it is needed (where the followers start, the followers, their counters).
        // On a deep graph the queue holds few vertices ahead of `head`, so the last ones are
        // the ones asked for (a vertex's start was asked for when it was queued).
        let last = order.len() - 1;
        next.prefetch_list(order[(head + AHEAD_LIST).min(last)] as usize);
        for &w in next.of(order[(head + AHEAD_WORDS).min(last)] as usize).iter().take(WORDS) {
            prefetch(left.as_ptr().wrapping_add(w as usize));
        }
        let u = order[head] as usize;
        head += 1;
        for &w in next.of(u) {
            let l = &mut left[w as usize];
            *l -= 1;
            if *l == 0 {
                next.prefetch_start(w as usize);
                order.push(w);
            }
        }
    }
    (order.len() == n).then_some(order)
}

/// How far ahead in a queue each memory access is asked for (as in `retrograde`).
const AHEAD_START: usize = 32;
const AHEAD_LIST: usize = 16;
const AHEAD_WORDS: usize = 8;
/// Followers per vertex whose word is asked for ahead.
const WORDS: usize = 8;

/// The Grundy value of every vertex of an acyclic graph, given a topological order: the mex of
/// the followers' values, taken from the sinks up.
pub fn grundy_acyclic(next: &Followers, order: &[u32]) -> Vec<u32> {
    let n = next.vertices();
    let mut value = vec![0u32; n];
    // seen[g] == stamp: some follower of the current vertex has value g.
    let mut seen: Vec<u32> = Vec::new();
    for (i, &u) in order.iter().enumerate().rev() {
        if let Some(j) = i.checked_sub(AHEAD_START) {
            next.prefetch_start(order[j] as usize);
        }
        if let Some(j) = i.checked_sub(AHEAD_LIST) {
            next.prefetch_list(order[j] as usize);
        }
        if let Some(j) = i.checked_sub(AHEAD_WORDS) {
            for &w in next.of(order[j] as usize).iter().take(WORDS) {
                prefetch(value.as_ptr().wrapping_add(w as usize));
            }
        }
        let followers = next.of(u as usize);
        let stamp = u + 1;
        if seen.len() <= followers.len() {
            seen.resize(followers.len() + 1, 0);
        }
        for &w in followers {
            let g = value[w as usize] as usize;
            if g < seen.len() {
                seen[g] = stamp;
            }
        }
        // The mex is at most the number of followers, and seen has one more entry.
        let mex = seen[..=followers.len()].iter().position(|&s| s != stamp);
        value[u as usize] = mex.unwrap_or(followers.len()) as u32;
    }
    value
}

/// The generalised Sprague-Grundy function of a whole graph.
pub struct Analysis {
    next: Followers,
    /// An integer value, or [`INFINITE`].
    value: Vec<u32>,
    acyclic: bool,
    levels: u32,
    /// The followers of the vertices that sums have asked about, by value (see [`Table`]), so
    /// that many positions on a vertex of large degree cost one scan of its followers.
    tables: RefCell<HashMap<u32, Rc<Table>>>,
}

/// A vertex's followers arranged for the moves of sums.
struct Table {
    /// One follower per integer value, as (value, follower), sorted by value.
    by_value: Vec<(u32, u32)>,
    /// A follower with an infinite value, if any.
    infinite: Option<u32>,
    /// For a vertex with value ∞(K): a follower ∞(K') with `mex K ∉ K'` (property (C)).
    keeper: OnceCell<Option<u32>>,
}

impl Table {
    fn with_value(&self, g: u32) -> Option<u32> {
        self.by_value.binary_search_by_key(&g, |p| p.0).ok().map(|i| self.by_value[i].1)
    }

    /// The mex of the integer values of the followers.
    fn mex(&self) -> u32 {
        let gap = self.by_value.iter().enumerate().find(|&(j, p)| j as u32 != p.0);
        gap.map_or(self.by_value.len(), |(j, _)| j) as u32
    }
}

/// Computes γ for the graph on vertices `0..n` with the given arcs (endpoints below `n`, which
/// the caller validates; `n < 2^32 - 1`, at most [`super::retrograde::MAX_ARCS`] arcs). The
/// arcs are consumed.
///
/// ```
/// use games::theory::loopy::{analyse, Value, Outcome};
/// // 0 -> 1 -> 2 (a sink), and the 2-cycle 3 <-> 4 with an exit 4 -> 2.
/// let a = analyse(5, vec![(0, 1), (1, 2), (3, 4), (4, 3), (4, 2)]);
/// assert_eq!(a.value(0), Value::Finite(0));
/// assert_eq!(a.value(1), Value::Finite(1));
/// assert_eq!(a.value(4), Value::Finite(1)); // 4 -> 2 wins; 3 -> 4 only loses
/// assert_eq!(a.value(3), Value::Finite(0));
/// let b = analyse(2, vec![(0, 1), (1, 0)]);
/// assert_eq!(b.value(0), Value::Infinite(vec![]));
/// assert_eq!(b.outcome(0), Outcome::D);
/// ```
pub fn analyse(n: usize, arcs: Vec<(u32, u32)>) -> Analysis {
    let next = Followers::from_arcs(n, &arcs);
    if let Some(order) = topological_order(&next) {
        drop(arcs);
        let value = grundy_acyclic(&next, &order);
        let levels = value.iter().max().map_or(0, |&g| g + 1);
        return Analysis { next, value, acyclic: true, levels, tables: RefCell::default() };
    }
    let back = ReverseGraph::from_arcs(n, &arcs);
    drop(arcs);
    let (value, levels) = grundy_levels(&back);
    Analysis { next, value, acyclic: false, levels, tables: RefCell::default() }
}

/// The level algorithm of the module documentation on the reverse graph: the integer values
/// and [`INFINITE`], and the number of levels run.
fn grundy_levels(back: &ReverseGraph) -> (Vec<u32>, u32) {
    let n = back.vertices();
    let mut vertex = vec![Word { value: ACTIVE, done: 0, pending: 0, hit: 0 }; n];
    let mut active: Vec<u32> = (0..n as u32).collect();
    // Vertices labelled in this level, and vertices hit in this level, each closed over in
    // turn (the order does not matter: a count only reaches 0 once every follower it counts is
    // hit, and a hit vertex is never labelled).
    let mut labelled: Vec<u32> = Vec::new();
    let mut hits: Vec<u32> = Vec::new();
    let mut level: u32 = 0;
    while !active.is_empty() {
        let stamp = level + 1;
        labelled.clear();
        hits.clear();
        for &u in &active {
            let x = &mut vertex[u as usize];
            x.pending = back.out_degree(u as usize) - x.done;
            if x.pending == 0 {
                x.value = level;
                labelled.push(u);
            }
        }
        let (mut head_labelled, mut head_hits) = (0, 0);
        while head_labelled < labelled.len() || head_hits < hits.len() {
            while head_labelled < labelled.len() {
                ask_ahead(back, &vertex, &labelled, head_labelled);
                let w = labelled[head_labelled] as usize;
                head_labelled += 1;
                for &v in back.predecessors(w) {
                    let x = &mut vertex[v as usize];
                    x.done += 1;
                    if (x.value != ACTIVE && x.value != INFINITE) || x.hit == stamp {
                        continue;
                    }
                    x.hit = stamp;
                    hits.push(v);
                }
            }
            while head_hits < hits.len() {
                ask_ahead(back, &vertex, &hits, head_hits);
                let v = hits[head_hits] as usize;
                head_hits += 1;
                for &u in back.predecessors(v) {
                    let x = &mut vertex[u as usize];
                    if x.value != ACTIVE || x.hit == stamp {
                        continue;
                    }
                    x.pending -= 1;
                    if x.pending == 0 {
                        x.value = level;
                        labelled.push(u);
                    }
                }
            }
        }
        active.retain(|&u| {
            let x = &mut vertex[u as usize];
            if x.value != ACTIVE {
                return false;
            }
            if x.hit != stamp {
                x.value = INFINITE;
                return false;
            }
            true
        });
        level += 1;
    }
    (vertex.iter().map(|x| x.value).collect(), level)
}

/// The level algorithm's state of a vertex, in one 16-byte word so that a predecessor is
/// checked and updated with one memory access.
#[derive(Clone, Copy)]
struct Word {
    /// The label: an integer, [`INFINITE`] or [`ACTIVE`].
    value: u32,
    /// Arcs to vertices with an integer label (all below the current level).
    done: u32,
    /// For an active vertex not hit in this level: its arcs to active or ∞ vertices not yet
    /// hit in this level.
    pending: u32,
    /// `level + 1` when the vertex has a follower labelled in this level.
    hit: u32,
}

/// Asks for the memory of the queue's next vertices ahead of time: where their predecessors
/// start, the predecessor lists, the predecessors' words (as `retrograde` does).
#[inline(always)]
fn ask_ahead(back: &ReverseGraph, vertex: &[Word], queue: &[u32], head: usize) {
    if let Some(&v) = queue.get(head + AHEAD_START) {
        back.prefetch_predecessors(v as usize);
    }
    if let Some(&v) = queue.get(head + AHEAD_LIST) {
        back.prefetch_predecessor_list(v as usize);
    }
    if let Some(&v) = queue.get(head + AHEAD_WORDS) {
        for &u in back.predecessors(v as usize).iter().take(WORDS) {
            prefetch(vertex.as_ptr().wrapping_add(u as usize));
        }
    }
}

impl Analysis {
    pub fn vertices(&self) -> usize {
        self.value.len()
    }

    /// True when the graph has no cycle (every value is an integer).
    pub fn acyclic(&self) -> bool {
        self.acyclic
    }

    /// The number of levels (on an acyclic graph: the largest value plus one).
    pub fn levels(&self) -> u32 {
        self.levels
    }

    pub fn followers(&self, v: usize) -> &[u32] {
        self.next.of(v)
    }

    /// The integer value of `v`, or `None` for ∞(K).
    #[inline]
    pub fn grundy(&self, v: usize) -> Option<u32> {
        let g = self.value[v];
        (g != INFINITE).then_some(g)
    }

    /// The value of `v`, with K sorted.
    pub fn value(&self, v: usize) -> Value {
        match self.grundy(v) {
            Some(g) => Value::Finite(g),
            None => Value::Infinite(self.loopy_set(v)),
        }
    }

    /// K for ∞(K): the distinct integer values of the followers, sorted.
    pub fn loopy_set(&self, v: usize) -> Vec<u32> {
        let mut k: Vec<u32> =
            self.next.of(v).iter().filter_map(|&w| self.grundy(w as usize)).collect();
        k.sort_unstable();
        k.dedup();
        k
    }

    /// The outcome of a single token on `v`.
    pub fn outcome(&self, v: usize) -> Outcome {
        match self.grundy(v) {
            Some(0) => Outcome::P,
            Some(_) => Outcome::N,
            None if self.has_follower_of_value(v, 0) => Outcome::N,
            None => Outcome::D,
        }
    }

    fn has_follower_of_value(&self, v: usize, g: u32) -> bool {
        self.next.of(v).iter().any(|&w| self.value[w as usize] == g)
    }

    /// `v`'s [`Table`], built on first use: `O(d log d)` once for out-degree `d`.
    fn table(&self, v: usize) -> Rc<Table> {
        if let Some(t) = self.tables.borrow().get(&(v as u32)) {
            return Rc::clone(t);
        }
        let mut by_value: Vec<(u32, u32)> =
            self.next.of(v).iter().filter_map(|&w| Some((self.grundy(w as usize)?, w))).collect();
        by_value.sort_unstable();
        by_value.dedup_by_key(|p| p.0);
        let infinite = self.next.of(v).iter().copied().find(|&w| self.grundy(w as usize).is_none());
        let t = Rc::new(Table { by_value, infinite, keeper: OnceCell::new() });
        self.tables.borrow_mut().insert(v as u32, Rc::clone(&t));
        t
    }

    fn follower_of_value(&self, v: usize, g: u32) -> Option<u32> {
        self.table(v).with_value(g)
    }

    /// Γ of the sum of tokens on `tokens` (the theorem of the module documentation).
    pub fn sum_value(&self, tokens: &[u32]) -> Value {
        let (x, infinite, count) = self.split(tokens);
        match (count, infinite) {
            (0, _) => Value::Finite(x),
            (1, Some(i)) => {
                let table = self.table(tokens[i] as usize);
                let mut k: Vec<u32> = table.by_value.iter().map(|p| p.0 ^ x).collect();
                k.sort_unstable();
                Value::Infinite(k)
            }
            _ => Value::Infinite(Vec::new()),
        }
    }

    /// The XOR of the integer values, the first token with an infinite value, and how many
    /// tokens have one.
    fn split(&self, tokens: &[u32]) -> (u32, Option<usize>, usize) {
        let (mut x, mut first, mut count) = (0u32, None, 0usize);
        for (i, &t) in tokens.iter().enumerate() {
            match self.grundy(t as usize) {
                Some(g) => x ^= g,
                None => {
                    count += 1;
                    first.get_or_insert(i);
                }
            }
        }
        (x, first, count)
    }

    /// The outcome of the sum, and a move: for `N` a winning move (to a P-position), for `D` one
    /// that keeps the draw (to a D-position), for `P` none.
    pub fn sum_outcome(&self, tokens: &[u32]) -> (Outcome, Option<Move>) {
        let (x, infinite, count) = self.split(tokens);
        let mv = |token: usize, to: u32| Move { token, from: tokens[token], to };
        match (count, infinite) {
            (0, _) if x == 0 => (Outcome::P, None),
            (0, _) => (Outcome::N, self.lower_to(tokens, x, 0).map(|(i, to)| mv(i, to))),
            (1, Some(i)) => {
                let u = tokens[i] as usize;
                if let Some(to) = self.follower_of_value(u, x) {
                    return (Outcome::N, Some(mv(i, to)));
                }
                let mex = self.table(u).mex();
                let keep = if x == mex {
                    self.keeper(u).map(|to| mv(i, to))
                } else {
                    // x > mex: make the XOR of the integer tokens `mex`.
                    self.lower_to(tokens, x, mex).map(|(j, to)| mv(j, to))
                };
                (Outcome::D, keep)
            }
            (_, None) => (Outcome::D, None),
            (_, Some(i)) => {
                let to = self.table(tokens[i] as usize).infinite;
                (Outcome::D, to.map(|to| mv(i, to)))
            }
        }
    }

    /// A move of a token with an integer value that changes the XOR of the integer values from
    /// `x` to `target` (`target < x`): a token whose value has the highest bit of `x ⊕ target`
    /// moves to its follower of value `g ⊕ x ⊕ target < g` (by (A)): (token, new vertex).
    fn lower_to(&self, tokens: &[u32], x: u32, target: u32) -> Option<(usize, u32)> {
        let d = x ^ target;
        let top = 1u32 << (31 - d.leading_zeros());
        tokens.iter().enumerate().find_map(|(i, &t)| {
            let g = self.grundy(t as usize)?;
            (g & top != 0)
                .then(|| self.follower_of_value(t as usize, g ^ d))
                .flatten()
                .map(|to| (i, to))
        })
    }

    /// For `u` with value ∞(K): a follower with value ∞(K') where `mex K ∉ K'`, found once.
    fn keeper(&self, u: usize) -> Option<u32> {
        let table = self.table(u);
        *table.keeper.get_or_init(|| {
            let mex = table.mex();
            self.next.of(u).iter().copied().find(|&w| {
                self.grundy(w as usize).is_none()
                    && self.table(w as usize).with_value(mex).is_none()
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_cycle_is_a_draw_not_a_loss() {
        let a = analyse(2, vec![(0, 1), (1, 0)]);
        assert!(!a.acyclic());
        assert_eq!(a.value(0), Value::Infinite(vec![]));
        assert_eq!(a.value(1), Value::Infinite(vec![]));
    }

    #[test]
    fn loop_with_exit_to_a_p_position() {
        // 0 has a loop and a move to the sink 1: 0 wins (moves to 1), value ∞({0}).
        let a = analyse(2, vec![(0, 0), (0, 1)]);
        assert_eq!(a.value(0), Value::Infinite(vec![0]));
        assert_eq!(a.outcome(0), Outcome::N);
        assert_eq!(a.value(1), Value::Finite(0));
    }

    #[test]
    fn sums_follow_the_rule() {
        // 0: loop only, ∞({}); 1: sink 0; 2 -> 1: value 1; 3 -> {3, 1}: ∞({0}).
        let a = analyse(4, vec![(0, 0), (2, 1), (3, 3), (3, 1)]);
        assert_eq!(a.sum_value(&[3, 2]), Value::Infinite(vec![1]));
        assert_eq!(a.sum_outcome(&[3, 2]).0, Outcome::D);
        assert_eq!(a.sum_outcome(&[3, 1]), (Outcome::N, Some(Move { token: 0, from: 3, to: 1 })));
        assert_eq!(a.sum_value(&[0, 3]), Value::Infinite(vec![]));
        assert_eq!(a.sum_outcome(&[2, 2]), (Outcome::P, None));
        assert_eq!(a.sum_outcome(&[]), (Outcome::P, None));
    }
}
