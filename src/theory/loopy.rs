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
//! First one acyclic pass settles every vertex from which no cycle can be reached (all of them
//! on an acyclic graph): Kahn's algorithm on the reverse graph, from the sinks, where a vertex
//! settles when its last follower does and takes the plain mex of its followers' values, kept
//! as bits in the same record as its count. Such a vertex has an integer value equal to its
//! plain mex (by (A) and (C), by induction from the sinks), so the levels need not compute it
//! (see `grundy_levels` for why its effect on the other vertices is known in advance). On the
//! vertices left, the levels run as above with the reverse graph and counters as in
//! [`retrograde`](super::retrograde): per active vertex a count of its arcs to vertices not yet
//! known to be harmless (active or ∞ vertices without a follower labelled `m`), decremented once
//! per arc; a vertex whose count reaches 0 is labelled and queued; a labelled vertex "hits" its
//! predecessors (they now have a follower labelled `m`), and a vertex hit for the first time in
//! the level decrements its predecessors' counts. Each vertex is labelled once, and is hit at
//! most once per level, so a level costs `O(active vertices + arcs into the vertices it
//! touches)`, at most `O(n + m)`, with `u32` indices and linear memory.

use super::csr::Csr;
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
/// reversed arcs, whose "predecessors" are the followers, in the order the arcs were given.
/// Built only when asked for: moves of sums, K of ∞ vertices when they own over a quarter of
/// the arcs, and settled values of 31 and more next to vertices that reach a cycle.
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
}

/// The arcs as they are read, for a [`Graph`] on vertices `0..n`.
pub struct ArcReader {
    arcs: Vec<(u32, u32)>,
    vertices: usize,
}

impl ArcReader {
    /// For vertices `0..n` (`n < 2^32 - 1`), with room for `capacity` arcs.
    pub fn new(n: usize, capacity: usize) -> Self {
        assert!(n < u32::MAX as usize, "ArcReader: too many vertices for u32 indices");
        ArcReader { arcs: Vec::with_capacity(capacity), vertices: n }
    }

    /// A move from `tail` to `head`. Panics on an endpoint not below `n` (validate first).
    #[inline]
    pub fn push(&mut self, tail: u32, head: u32) {
        self.arcs.push((tail, head));
    }

    /// Room for `more` arcs.
    pub fn reserve(&mut self, more: usize) {
        self.arcs.reserve(more);
    }

    pub fn len(&self) -> usize {
        self.arcs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.arcs.is_empty()
    }

    /// The arcs read so far, in input order.
    pub fn into_arcs(self) -> Vec<(u32, u32)> {
        self.arcs
    }

    /// The graph: the arcs grouped by their head ([`Csr::build`]), in input order within each
    /// group, and every vertex's number of moves.
    pub fn finish(self) -> Graph {
        let ArcReader { arcs, vertices } = self;
        let Csr { start, tails, out_degree } =
            Csr::build::<false, _>(vertices, &arcs, Csr::default());
        Graph { arcs, start, tails, degree: out_degree }
    }
}

/// A graph for the analysis: its arcs in input order (for the follower lists, built when
/// needed), the tails of the arcs into every vertex (CSR) and every vertex's number of moves.
pub struct Graph {
    arcs: Vec<(u32, u32)>,
    /// `tails[start[w] .. start[w + 1]]`: the vertices with a move to `w`.
    start: Vec<u32>,
    tails: Vec<u32>,
    degree: Vec<u32>,
}

impl Graph {
    /// The graph on vertices `0..n` with the given arcs (endpoints below `n`).
    pub fn from_arcs(n: usize, arcs: Vec<(u32, u32)>) -> Self {
        ArcReader { arcs, vertices: n }.finish()
    }

    pub fn vertices(&self) -> usize {
        self.degree.len()
    }

    /// The arcs, in input order.
    pub fn arcs(&self) -> &[(u32, u32)] {
        &self.arcs
    }

    /// The vertices with a move to `w`, with multiplicity.
    #[inline]
    fn predecessors(&self, w: usize) -> &[u32] {
        &self.tails[self.start[w] as usize..self.start[w + 1] as usize]
    }

    /// Hints the processor to fetch where `w`'s predecessors start.
    #[inline(always)]
    fn prefetch_start(&self, w: usize) {
        prefetch(self.start.as_ptr().wrapping_add(w));
    }

    /// Hints the processor to fetch `w`'s predecessor list (reads where it starts).
    #[inline(always)]
    fn prefetch_list(&self, w: usize) {
        prefetch(self.tails.as_ptr().wrapping_add(self.start[w] as usize));
    }
}

/// How far ahead in a queue each memory access is asked for (as in `retrograde`).
const AHEAD_START: usize = 32;
const AHEAD_LIST: usize = 16;
const AHEAD_WORDS: usize = 8;
/// Followers per vertex whose word is asked for ahead.
const WORDS: usize = 8;

/// A vertex in the acyclic pass, one 16-byte record so that a predecessor is updated with one
/// memory access, and so that the vertex's predecessor list is known as soon as it settles
/// (the list is asked for then, not one dependent load later).
#[derive(Clone, Copy)]
struct Tally {
    /// Followers not settled yet; 0 once the vertex is settled.
    left: u32,
    /// While `left > 0`: bit `g` (g < 31) when a settled follower has value `g`, bit 31 when
    /// one has a value of 31 or more. Once settled: the Grundy value.
    seen: u32,
    /// The vertex's predecessors: `tails[from..to]` of its [`Graph`].
    from: u32,
    to: u32,
}

impl Tally {
    #[inline]
    fn settled(self) -> bool {
        self.left == 0
    }
}

/// Values below this are bits of [`Tally::seen`]; larger ones share its top bit.
const BITS: u32 = 31;

/// The acyclic pass: settles every vertex from which no cycle can be reached (the sinks first,
/// then every vertex whose followers are all settled: Kahn's algorithm on the reverse graph),
/// with its plain mex, read off the `seen` bits when its last follower settles, in the same
/// memory access. Returns the records and the number of vertices settled (all of them exactly
/// when the graph is acyclic). Unsettled vertices keep `left` = their arcs to unsettled
/// vertices and `seen` = the values of their settled followers.
fn settle(g: &Graph) -> (Vec<Tally>, usize) {
    let n = g.vertices();
    let mut wide = Wide::new(&g.degree);
    let mut tally: Vec<Tally> = g
        .degree
        .iter()
        .zip(g.start.windows(2))
        .map(|(&d, s)| Tally { left: d, seen: 0, from: s[0], to: s[1] })
        .collect();
    let tails = &g.tails[..];
    let mut order: Vec<u32> = Vec::with_capacity(n);
    order.extend((0..n as u32).filter(|&v| g.degree[v as usize] == 0));
    let mut head = 0;
    while head < order.len() {
        // The queue's next vertices are known: their predecessors' records are asked for
        // ahead (a vertex's list was asked for when it was queued). On deep graphs the queue
        // is mostly short, and this pass is a chain of two dependent loads per vertex: its
        // list, then its predecessors' records.
        let last = order.len() - 1;
        let ahead = tally[order[(head + SETTLE_WORDS).min(last)] as usize];
        for &v in tails[ahead.from as usize..ahead.to as usize].iter().take(WORDS) {
            prefetch(tally.as_ptr().wrapping_add(v as usize));
        }
        let w = tally[order[head] as usize];
        head += 1;
        let bit = 1u32 << w.seen.min(BITS);
        for &v in &tails[w.from as usize..w.to as usize] {
            let t = &mut tally[v as usize];
            t.seen |= bit;
            if w.seen >= BITS
                && let Some(wide) = &mut wide
            {
                wide.see(v as usize, w.seen);
            }
            t.left -= 1;
            if t.left == 0 {
                prefetch(tails.as_ptr().wrapping_add(t.from as usize));
                // Bits 0..mex-1 are set and bit mex is not; all 32 set: the mex is 31 or more
                // (the vertex has 32 distinct follower values, so it is wide) and its wide
                // bits decide.
                let mut mex = (!t.seen).trailing_zeros();
                if mex == 32 {
                    mex = wide.as_ref().map_or(BITS, |wide| wide.mex(v as usize));
                }
                tally[v as usize].seen = mex;
                order.push(v);
            }
        }
    }
    (tally, order.len())
}

/// How far ahead in the acyclic pass's queue the predecessors' records are asked for.
const SETTLE_WORDS: usize = 16;

/// The follower values of [`BITS`] and more seen by the vertices with more than [`BITS`]
/// moves (only those can have such a mex): for each, one bit per value from `BITS` to its
/// number of moves `d` (a mex is at most `d`), after a header word holding the bit words' count.
struct Wide {
    /// Where each wide vertex's header is in `bits`; [`NOT_WIDE`] for the others.
    at: Vec<u32>,
    bits: Vec<u64>,
}

const NOT_WIDE: u32 = u32::MAX;

impl Wide {
    /// `None` when no vertex has more than [`BITS`] moves (then no mex reaches `BITS`).
    fn new(degree: &[u32]) -> Option<Wide> {
        if degree.iter().all(|&d| d <= BITS) {
            return None;
        }
        let mut bits = Vec::new();
        let at = degree
            .iter()
            .map(|&d| {
                if d <= BITS {
                    return NOT_WIDE;
                }
                let words = (d - BITS) as usize / 64 + 1;
                let at = bits.len() as u32;
                bits.push(words as u64);
                bits.resize(bits.len() + words, 0);
                at
            })
            .collect();
        Some(Wide { at, bits })
    }

    /// Follower value `g >= BITS` for vertex `v`.
    #[inline]
    fn see(&mut self, v: usize, g: u32) {
        let at = self.at[v];
        if at != NOT_WIDE {
            let (i, at) = (((g - BITS) / 64) as u64, at as usize);
            if i < self.bits[at] {
                self.bits[at + 1 + i as usize] |= 1 << ((g - BITS) % 64);
            }
        }
    }

    /// The least value of `BITS` or more that `v` has not seen.
    fn mex(&self, v: usize) -> u32 {
        let at = self.at[v];
        if at == NOT_WIDE {
            return BITS;
        }
        let at = at as usize;
        let words = &self.bits[at + 1..at + 1 + self.bits[at] as usize];
        let gap = words.iter().position(|&w| w != u64::MAX);
        let i = gap.unwrap_or(words.len());
        BITS + 64 * i as u32 + words.get(i).map_or(0, |w| (!w).trailing_zeros())
    }
}

/// The Grundy value of every vertex when the graph is acyclic, else `None`.
pub fn grundy_if_acyclic(g: &Graph) -> Option<Vec<u32>> {
    let (tally, settled) = settle(g);
    (settled == g.vertices()).then(|| tally.iter().map(|t| t.seen).collect())
}

/// True when the arcs on vertices `0..n` close no cycle.
pub fn is_acyclic(n: usize, arcs: &[(u32, u32)]) -> bool {
    let g = Graph::from_arcs(n, arcs.to_vec());
    settle(&g).1 == n
}

/// The generalised Sprague-Grundy function of a whole graph.
pub struct Analysis {
    arcs: Vec<(u32, u32)>,
    /// The follower lists, built from `arcs` on first use.
    next: OnceCell<Followers>,
    /// The arcs out of vertices with an infinite value, sorted by tail (input order kept for
    /// each), gathered on first use; `None` when they are too many (then `next` serves).
    loopy_arcs: OnceCell<Option<Vec<(u32, u32)>>>,
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
    analyse_graph(Graph::from_arcs(n, arcs))
}

/// [`analyse`] on a graph read with an [`ArcReader`]: the acyclic pass settles every vertex
/// that reaches no cycle, and the levels run on the rest only.
pub fn analyse_graph(mut g: Graph) -> Analysis {
    let next = OnceCell::new();
    let (tally, settled) = settle(&g);
    let n = g.vertices();
    let (value, levels) = if settled == n {
        // The move counts are no longer needed: their memory takes the values (no fresh pages).
        let mut value = std::mem::take(&mut g.degree);
        value.iter_mut().zip(&tally).for_each(|(x, t)| *x = t.seen);
        let top = value.iter().max().map_or(0, |&g| g + 1);
        (value, top)
    } else {
        let top = tally.iter().filter(|t| t.settled()).map(|t| t.seen + 1).max().unwrap_or(0);
        let (value, levels) = grundy_levels(&g, &tally, &next);
        (value, levels.max(top))
    };
    drop(tally);
    Analysis::new(g, next, value, settled == n, levels)
}

/// The level algorithm alone on the whole graph, without the acyclic pass first: the
/// computation as the module documentation states it, kept as a reference for the tests.
#[doc(hidden)]
pub fn analyse_by_levels(n: usize, arcs: Vec<(u32, u32)>) -> Analysis {
    let g = Graph::from_arcs(n, arcs);
    let next = OnceCell::new();
    let tally: Vec<Tally> =
        g.degree.iter().map(|&d| Tally { left: d.max(1), seen: 0, from: 0, to: 0 }).collect();
    let (value, levels) = grundy_levels(&g, &tally, &next);
    let acyclic = settle(&g).1 == n;
    Analysis::new(g, next, value, acyclic, levels)
}

/// The level algorithm of the module documentation, run on the vertices the acyclic pass left
/// (`tally[u].value == ACTIVE`: those that reach a cycle). A settled vertex `w` of value `g`
/// is one the levels would label `g` at level `g` (it reaches no cycle: by (A) and (C) its
/// value is its plain mex, and a level's labels do not depend on the order in which step 1
/// finds them), and at every level `m < g` it would be active and hit (it has a follower of
/// value `m`). So for an unsettled `u` its settled followers count as done, never as pending,
/// and `u` is hit at level `m` when one of them has value `m` (its `seen` bits; values of 31
/// and more from the follower lists). Returns the values and the number of levels run.
fn grundy_levels(g: &Graph, tally: &[Tally], next: &OnceCell<Followers>) -> (Vec<u32>, u32) {
    let n = g.vertices();
    let mut vertex: Vec<Word> = tally
        .iter()
        .zip(&g.degree)
        .map(|(t, &d)| match t.settled() {
            true => Word { value: t.seen, done: d, pending: 0, hit: 0 },
            false => Word { value: ACTIVE, done: d - t.left.min(d), pending: 0, hit: 0 },
        })
        .collect();
    let mut active: Vec<u32> = (0..n as u32).filter(|&u| !tally[u as usize].settled()).collect();
    // Settled values of BITS and more among an active vertex's followers, sorted.
    let mut large: HashMap<u32, Vec<u32>> = HashMap::new();
    for &u in &active {
        if tally[u as usize].seen >> BITS != 0 {
            let followers = next.get_or_init(|| Followers::from_arcs(n, &g.arcs));
            let mut k: Vec<u32> = followers
                .of(u as usize)
                .iter()
                .filter(|&&w| tally[w as usize].settled())
                .map(|&w| tally[w as usize].seen)
                .filter(|&x| x >= BITS)
                .collect();
            k.sort_unstable();
            k.dedup();
            large.insert(u, k);
        }
    }
    // Some settled follower of `u` has value `m`; has one above `m`.
    let settled_hit = |u: u32, m: u32| {
        if m < BITS {
            tally[u as usize].seen >> m & 1 != 0
        } else {
            large.get(&u).is_some_and(|k| k.binary_search(&m).is_ok())
        }
    };
    let settled_above = |u: u32, m: u32| {
        if m < BITS {
            tally[u as usize].seen >> (m + 1) != 0
        } else {
            large.get(&u).and_then(|k| k.last()).is_some_and(|&x| x > m)
        }
    };
    // Vertices labelled ∞ that settled followers will still hit at a later level.
    let mut watch: Vec<u32> = Vec::new();
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
            if settled_hit(u, level) {
                x.hit = stamp;
                hits.push(u);
                continue;
            }
            x.pending = g.degree[u as usize] - x.done;
            if x.pending == 0 {
                x.value = level;
                labelled.push(u);
            }
        }
        watch.retain(|&v| {
            if settled_hit(v, level) {
                vertex[v as usize].hit = stamp;
                hits.push(v);
            }
            settled_above(v, level)
        });
        let (mut head_labelled, mut head_hits) = (0, 0);
        while head_labelled < labelled.len() || head_hits < hits.len() {
            while head_labelled < labelled.len() {
                ask_ahead(g, &vertex, &labelled, head_labelled);
                let w = labelled[head_labelled] as usize;
                head_labelled += 1;
                for &v in g.predecessors(w) {
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
                ask_ahead(g, &vertex, &hits, head_hits);
                let v = hits[head_hits] as usize;
                head_hits += 1;
                for &u in g.predecessors(v) {
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
                if settled_above(u, level) {
                    watch.push(u);
                }
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
    /// Arcs to vertices with an integer label (all below the current level), counting every
    /// arc to a settled vertex from the start.
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
fn ask_ahead(g: &Graph, vertex: &[Word], queue: &[u32], head: usize) {
    if let Some(&v) = queue.get(head + AHEAD_START) {
        g.prefetch_start(v as usize);
    }
    if let Some(&v) = queue.get(head + AHEAD_LIST) {
        g.prefetch_list(v as usize);
    }
    if let Some(&v) = queue.get(head + AHEAD_WORDS) {
        for &u in g.predecessors(v as usize).iter().take(WORDS) {
            prefetch(vertex.as_ptr().wrapping_add(u as usize));
        }
    }
}

impl Analysis {
    /// The analysis of `g` from its values, keeping the arcs for follower lists asked later.
    fn new(
        g: Graph,
        next: OnceCell<Followers>,
        value: Vec<u32>,
        acyclic: bool,
        levels: u32,
    ) -> Self {
        let Graph { arcs, .. } = g;
        Analysis {
            arcs,
            next,
            loopy_arcs: OnceCell::new(),
            value,
            acyclic,
            levels,
            tables: RefCell::default(),
        }
    }

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

    /// The follower lists, built on first use.
    fn follow(&self) -> &Followers {
        self.next.get_or_init(|| Followers::from_arcs(self.value.len(), &self.arcs))
    }

    pub fn followers(&self, v: usize) -> &[u32] {
        self.follow().of(v)
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
            self.loopy_followers(v).iter().filter_map(|&w| self.grundy(w as usize)).collect();
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
        self.loopy_followers(v).iter().any(|&w| self.value[w as usize] == g)
    }

    /// The followers of `v`, a vertex with an infinite value, in input order: the output asks
    /// for K and the outcome of every such vertex, and there are usually few of them, so the
    /// arcs out of them are gathered in one pass over the arcs rather than every vertex's
    /// follower lists built (unless they are more than a quarter of the arcs).
    fn loopy_followers(&self, v: usize) -> Vec<u32> {
        let gathered = self.loopy_arcs.get_or_init(|| {
            if self.next.get().is_some() {
                return None;
            }
            // One bit a vertex (n / 8 bytes, cache-resident where the values are not).
            let mut infinite = vec![0u64; self.value.len().div_ceil(64)];
            for (v, &g) in self.value.iter().enumerate() {
                infinite[v / 64] |= u64::from(g == INFINITE) << (v % 64);
            }
            let mut out: Vec<(u32, u32)> = Vec::new();
            for &(a, b) in &self.arcs {
                if infinite[a as usize / 64] >> (a % 64) & 1 != 0 {
                    if out.len() >= self.arcs.len() / 4 {
                        return None;
                    }
                    out.push((a, b));
                }
            }
            out.sort_by_key(|p| p.0);
            Some(out)
        });
        match gathered {
            Some(out) => {
                let lo = out.partition_point(|p| (p.0 as usize) < v);
                let hi = out.partition_point(|p| p.0 as usize <= v);
                out[lo..hi].iter().map(|p| p.1).collect()
            }
            None => self.follow().of(v).to_vec(),
        }
    }

    /// `v`'s [`Table`], built on first use: `O(d log d)` once for out-degree `d`.
    fn table(&self, v: usize) -> Rc<Table> {
        if let Some(t) = self.tables.borrow().get(&(v as u32)) {
            return Rc::clone(t);
        }
        let mut by_value: Vec<(u32, u32)> = self
            .follow()
            .of(v)
            .iter()
            .filter_map(|&w| Some((self.grundy(w as usize)?, w)))
            .collect();
        by_value.sort_unstable();
        by_value.dedup_by_key(|p| p.0);
        let infinite =
            self.follow().of(v).iter().copied().find(|&w| self.grundy(w as usize).is_none());
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
            self.follow().of(u).iter().copied().find(|&w| {
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
