//! Hackenbush on a rooted tree with weighted edges ("Continued Story", ByteDance Winter Camp
//! 2019): a move decreases one edge's weight by one; an edge that reaches weight 0 is deleted,
//! with everything that no longer hangs from the root. The player without a move loses.
//!
//! # Branches
//! Write `e(w, S)` for the game "an edge of weight `w` from a node, with the game `S` (the
//! subtree below it) at its far end": a move either lowers `w` (at `w = 1` the whole branch
//! disappears) or is a move of `S`. Then, with `g = sg(S)`,
//!
//! - `sg e(1, S) = g + 1`;
//! - `sg e(w, S) = g` for even `w >= 2`, and `g XOR 1` for odd `w >= 3`.
//!
//! *Proof*, by induction on `w` plus the birthday of `S`. Recall that the options of `S` have
//! every value `0 .. g - 1` and never `g`.
//! - `w = 1`: the options are the empty game (value 0) and `e(1, S')`, of value `g' + 1` for the
//!   options `S'`: the set is `{0} ∪ {g' + 1}`, which holds `0 ..= g` and not `g + 1`.
//! - `w = 2`: the options are `e(1, S)` of value `g + 1` and `e(2, S')` of value `g'`: the set
//!   holds `0 .. g - 1` and `g + 1`, not `g`; the mex is `g`.
//! - `w >= 3`, parity `p = w mod 2`: the options are `e(w - 1, S)` of value `g XOR p XOR 1` and
//!   `e(w, S')` of value `g' XOR p`. The set misses `g XOR p` (`g' != g`). It holds every
//!   `x < g XOR p`: for `p = 0`, `x < g` is some `g'`; for `p = 1`, either `x XOR 1 < g` (so `x`
//!   is `g' XOR 1`) or, as `x < g XOR 1`, `g` is even and `x = g = g XOR p XOR 1`.
//!
//! So an edge of weight `w >= 2` acts like a stalk of `w` edges only through its parity, and an
//! edge of weight 1 is the colon principle's `1 : S`. The edges below one node are independent
//! games, so by the Sprague-Grundy theorem the value of a node is the XOR of its branches'
//! values, computed bottom-up; the first player wins iff the root's value is not 0.
//!
//! # Winning first moves
//! A move on the edge into `c` (parent `p`) changes only the values on the path from `c` to the
//! root. Call `need(v)` the value the subtree of `v` must take for the root's value to become 0,
//! everything outside it unchanged: `need(root) = 0`. For a child `c` of `p`, the branch of `c`
//! must then take `t = need(p) XOR sg(p) XOR branch(c)`.
//! - The move on the edge itself leaves the branch the value `after_cut`: 0 (weight 1, the
//!   branch is gone), `g + 1` (weight 2 becomes 1), or `g` / `g XOR 1` (weight `w - 1 >= 2`,
//!   even / odd). It wins iff that equals `t`.
//! - A move inside the subtree of `c` keeps the weight, so the subtree must take the value
//!   that the branch maps to `t`: the inverse of `x -> x + 1` (`t - 1`, none if `t = 0`) or of
//!   `x -> x XOR p`.
//!
//! Both passes run over an order with children before parents (found by peeling leaves when
//! parents may come after their children): no recursion, `O(n)` time and memory. Every value
//! fits in a `u32`: a subtree of `h` nodes has value at most `h - 1` (a branch adds at most one
//! to its subtree's value, and XOR never exceeds the sum).
//!
//! The game is Green Hackenbush with an edge of weight `w` drawn as `w` parallel edges, and the
//! formula agrees with the colon and fusion principles there (Berlekamp, Conway, Guy, *Winning
//! Ways*, vol. 1, ch. 7): `w >= 2` parallel edges lie on cycles, fusing their two ends turns
//! them into `w` loops worth `w mod 2` beside the subtree. The proof above is self-contained and
//! is checked against an exhaustive search over weight vectors (`src/brute/hackenbush.rs`).

use crate::prefetch::{ask_huge_pages, prefetch};

/// What of an edge's weight matters: 1, 2, or the parity of a weight of at least 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Weight {
    One,
    Two,
    /// 3, 5, 7, ...
    OddAtLeast3,
    /// 4, 6, 8, ...
    EvenAtLeast4,
}

impl Weight {
    /// The class of a weight `w >= 1`.
    ///
    /// ```
    /// use games::theory::hackenbush::Weight;
    /// assert_eq!(Weight::of(1), Weight::One);
    /// assert_eq!(Weight::of(1_000_000_000), Weight::EvenAtLeast4);
    /// assert_eq!(Weight::of(u64::MAX), Weight::OddAtLeast3);
    /// ```
    #[inline]
    pub fn of(w: u64) -> Weight {
        debug_assert!(w >= 1);
        match w {
            0 | 1 => Weight::One,
            2 => Weight::Two,
            _ if w % 2 == 1 => Weight::OddAtLeast3,
            _ => Weight::EvenAtLeast4,
        }
    }
}

/// The Grundy value of a branch: an edge of this weight with a subtree of value `g` below it.
///
/// ```
/// use games::theory::hackenbush::{branch, Weight};
/// assert_eq!(branch(Weight::One, 4), 5);
/// assert_eq!(branch(Weight::Two, 4), 4);
/// assert_eq!(branch(Weight::OddAtLeast3, 4), 5);
/// assert_eq!(branch(Weight::EvenAtLeast4, 5), 5);
/// ```
#[inline]
pub fn branch(w: Weight, g: u32) -> u32 {
    match w {
        Weight::One => g + 1,
        Weight::Two | Weight::EvenAtLeast4 => g,
        Weight::OddAtLeast3 => g ^ 1,
    }
}

/// The branch's value after its edge's weight is lowered by one (0 when the edge goes).
///
/// ```
/// use games::theory::hackenbush::{after_cut, Weight};
/// assert_eq!(after_cut(Weight::One, 7), 0);
/// assert_eq!(after_cut(Weight::Two, 7), 8);        // weight 1 now
/// assert_eq!(after_cut(Weight::OddAtLeast3, 7), 7); // an even weight now
/// assert_eq!(after_cut(Weight::EvenAtLeast4, 7), 6);
/// ```
#[inline]
pub fn after_cut(w: Weight, g: u32) -> u32 {
    match w {
        Weight::One => 0,
        Weight::Two => g + 1,
        Weight::OddAtLeast3 => g,
        Weight::EvenAtLeast4 => g ^ 1,
    }
}

/// The subtree value that makes the branch worth `t` with the weight unchanged, if any: the
/// inverse of [`branch`].
///
/// ```
/// use games::theory::hackenbush::{subtree_target, Weight};
/// assert_eq!(subtree_target(Weight::One, 0), None);
/// assert_eq!(subtree_target(Weight::One, 3), Some(2));
/// assert_eq!(subtree_target(Weight::OddAtLeast3, 3), Some(2));
/// assert_eq!(subtree_target(Weight::Two, 3), Some(3));
/// ```
#[inline]
pub fn subtree_target(w: Weight, t: u32) -> Option<u32> {
    match w {
        Weight::One => t.checked_sub(1),
        Weight::Two | Weight::EvenAtLeast4 => Some(t),
        Weight::OddAtLeast3 => Some(t ^ 1),
    }
}

/// An order of a tree's nodes in which every node comes after all its children (the root last).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeavesFirst {
    /// Every parent has a smaller index than its children: `n - 1, ..., 1, 0`.
    ByIndex,
    /// The nodes in this order.
    Listed(Vec<u32>),
}

impl LeavesFirst {
    /// Calls `f` on every node, leaves first.
    #[inline]
    fn up(&self, n: usize, f: impl FnMut(usize)) {
        match self {
            LeavesFirst::ByIndex => (0..n).rev().for_each(f),
            LeavesFirst::Listed(order) => order.iter().map(|&v| v as usize).for_each(f),
        }
    }

    /// Calls `f` on every node, the root first and every node after its parent.
    #[inline]
    fn down(&self, n: usize, f: impl FnMut(usize)) {
        match self {
            LeavesFirst::ByIndex => (0..n).for_each(f),
            LeavesFirst::Listed(order) => order.iter().rev().map(|&v| v as usize).for_each(f),
        }
    }
}

/// Checks that `parent` (`parent[v]` for `v` in `1..n`, 0-based; the root is 0 and its entry is
/// ignored) is a tree hanging from the root, and orders it leaves first. When some node does not
/// hang from the root, the parent pointers close a cycle: the error is the largest node on one.
///
/// Parents given before their children cost one sequential check. Otherwise the order is found
/// by peeling leaves (Kahn's algorithm on the child counts): a node joins once all its children
/// have; the nodes on a cycle never do (each waits for its child on the cycle), and every other
/// node does, so the unpeeled nodes are exactly those on cycles. No recursion, `O(n)`.
///
/// ```
/// use games::theory::hackenbush::{leaves_first, LeavesFirst};
/// assert_eq!(leaves_first(&[0, 0, 1]), Ok(LeavesFirst::ByIndex));
/// assert_eq!(leaves_first(&[0, 2, 0]), Ok(LeavesFirst::Listed(vec![1, 2, 0])));
/// assert_eq!(leaves_first(&[0, 2, 3, 1, 0]), Err(3)); // 1 -> 2 -> 3 -> 1
/// assert_eq!(leaves_first(&[0, 1]), Err(1));          // a node that is its own parent
/// ```
pub fn leaves_first(parent: &[u32]) -> Result<LeavesFirst, u32> {
    let n = parent.len();
    assert!(n < u32::MAX as usize, "leaves_first: too many nodes for u32 indices");
    if (1..n).all(|v| (parent[v] as usize) < v) {
        return Ok(LeavesFirst::ByIndex);
    }
    let mut children = vec![0u32; n];
    for &p in &parent[1..] {
        children[p as usize] += 1;
    }
    let mut order: Vec<u32> = (0..n as u32).filter(|&v| children[v as usize] == 0).collect();
    order.reserve_exact(n - order.len());
    let mut head = 0;
    while head < order.len() {
        if let Some(&ahead) = order.get(head + 2 * AHEAD) {
            prefetch(parent.as_ptr().wrapping_add(ahead as usize));
        }
        if let Some(&ahead) = order.get(head + AHEAD) {
            prefetch(children.as_ptr().wrapping_add(parent[ahead as usize] as usize));
        }
        let v = order[head] as usize;
        head += 1;
        if v == 0 {
            continue;
        }
        let p = parent[v] as usize;
        children[p] -= 1;
        if children[p] == 0 {
            order.push(p as u32);
        }
    }
    if order.len() == n {
        return Ok(LeavesFirst::Listed(order));
    }
    let on_cycle = (0..n).rev().find(|&v| children[v] > 0).expect("an unpeeled node");
    Err(on_cycle as u32)
}

/// How far ahead nodes are fetched in the passes over a listed order.
const AHEAD: usize = 16;

/// The Grundy value of every subtree, given the parents, the weights of the edges into each
/// node (index 0 ignored) and an order from [`leaves_first`].
///
/// ```
/// use games::theory::hackenbush::{leaves_first, subtree_values, Weight};
/// // Root 0 with a path 0 -1- 1 -1- 2: the root is worth 2.
/// let parent = [0, 0, 1];
/// let w = [Weight::One; 3];
/// let order = leaves_first(&parent).unwrap();
/// assert_eq!(subtree_values(&parent, &w, &order), vec![2, 1, 0]);
/// ```
pub fn subtree_values(parent: &[u32], weight: &[Weight], order: &LeavesFirst) -> Vec<u32> {
    let n = parent.len();
    let mut g = vec![0u32; n];
    order.up(n, |v| {
        if v != 0 {
            let b = branch(weight[v], g[v]);
            g[parent[v] as usize] ^= b;
        }
    });
    g
}

/// Every winning first move, as the (0-based) child node of the edge to lower, in increasing
/// order; empty when the root's value is 0.
///
/// ```
/// use games::theory::hackenbush::{leaves_first, winning_moves, Weight};
/// // A root with two leaves, weights 1 and 3: values 1 XOR 1 = 0, a P-position.
/// let parent = [0, 0, 0];
/// let order = leaves_first(&parent).unwrap();
/// assert!(winning_moves(&parent, &[Weight::One, Weight::One, Weight::OddAtLeast3], &order).is_empty());
/// // Weights 1 and 2: value 1 XOR 0 = 1. Removing the weight-1 edge leaves the weight-2 leaf
/// // (worth 0); lowering the 2 to 1 leaves two weight-1 leaves (1 XOR 1 = 0). Both win.
/// assert_eq!(winning_moves(&parent, &[Weight::One, Weight::One, Weight::Two], &order), vec![1, 2]);
/// // A path 0 -1- 1 -2- 2: worth 1 + 0 = 1. Only cutting the top edge wins; lowering the 2
/// // makes the path worth 2.
/// let parent = [0, 0, 1];
/// let order = leaves_first(&parent).unwrap();
/// assert_eq!(winning_moves(&parent, &[Weight::One, Weight::One, Weight::Two], &order), vec![1]);
/// ```
pub fn winning_moves(parent: &[u32], weight: &[Weight], order: &LeavesFirst) -> Vec<u32> {
    let n = parent.len();
    // Values stay below n <= 2^31, so no value or target is u32::MAX (NONE).
    assert!(n <= 1 << 31, "winning_moves: too many nodes");
    let g = subtree_values(parent, weight, order);
    if n == 0 || g[0] == 0 {
        return Vec::new();
    }
    const NONE: u32 = u32::MAX;
    let mut need = vec![NONE; n];
    need[0] = 0;
    let mut wins = vec![false; n];
    order.down(n, |c| {
        if c == 0 {
            return;
        }
        let p = parent[c] as usize;
        if need[p] == NONE {
            return;
        }
        let w = weight[c];
        let t = need[p] ^ g[p] ^ branch(w, g[c]);
        wins[c] = after_cut(w, g[c]) == t;
        need[c] = subtree_target(w, t).unwrap_or(NONE);
    });
    (1..n as u32).filter(|&c| wins[c as usize]).collect()
}

/// Every winning first move (as [`winning_moves`]), or the largest node on a cycle of the
/// parent pointers (as [`leaves_first`]): the same answers, computed by [`Tree`] for speed on
/// large trees whose parents may come after their children.
///
/// ```
/// use games::theory::hackenbush::{tree_winning_moves, Weight};
/// let w = [Weight::One, Weight::One, Weight::Two];
/// assert_eq!(tree_winning_moves(&[0, 0, 0], &w), Ok(vec![1, 2]));
/// assert_eq!(tree_winning_moves(&[0, 2, 0], &w), Ok(vec![1]));
/// assert_eq!(tree_winning_moves(&[0, 2, 3, 1, 0], &[Weight::One; 5]), Err(3));
/// ```
pub fn tree_winning_moves(parent: &[u32], weight: &[Weight]) -> Result<Vec<u32>, u32> {
    let n = parent.len();
    assert!(n <= 1 << 31, "tree_winning_moves: too many nodes");
    assert_eq!(weight.len(), n, "tree_winning_moves: one weight a node");
    if n == 0 {
        return Ok(Vec::new());
    }
    let mut tree = Tree::new();
    for v in 1..n {
        tree.push(parent[v], weight[v]);
    }
    tree.winning_moves()
}

/// A tree read edge by edge (node 0 is the root, node `v >= 1` is the `v`-th edge's child),
/// with the work space of its analysis, which the next tree reuses ([`Tree::clear`]).
///
/// [`Tree::winning_moves`] gives the answers of [`winning_moves`] (or the cycle of
/// [`leaves_first`]). When every parent comes before its child, the passes run by index.
/// Otherwise the leaves are peeled in one sweep over the nodes by index, and a node is settled
/// (its subtree value final, its branch added to its parent's) as soon as its last child is: a
/// node that becomes ready behind the sweep waits in a short first-in-first-out queue while its
/// memory is asked for. Each node is one 16-byte record (child counter, later its target; its
/// value; its parent and weight class; an ancestor 16 levels up), and settling a node asks for
/// that ancestor's record: on a chain of nodes each waiting for the one below (a path with
/// shuffled labels) the peeling would otherwise wait on memory at every step. The ancestors
/// come from pointer jumping, four passes whose random reads are independent of each other.
/// The settling order is kept with each node's parent and weight, so the pass from the root
/// down reads it in sequence. `O(n)` time, no recursion; 36 bytes a node.
///
/// ```
/// use games::theory::hackenbush::{Tree, Weight};
/// let mut tree = Tree::new();
/// tree.push(2, Weight::One); // node 1 hangs from node 2
/// tree.push(0, Weight::Two); // node 2 from the root
/// assert_eq!(tree.winning_moves(), Ok(vec![1]));
/// tree.clear();
/// tree.push(0, Weight::One);
/// tree.push(0, Weight::Two);
/// assert_eq!(tree.winning_moves(), Ok(vec![1, 2]));
/// ```
#[derive(Debug, Clone)]
pub struct Tree {
    /// `node[v] = [children not yet settled (later: the target value need(v)), subtree value,
    /// parent | low bit of the weight's class << 31, ancestor ahead | high bit << 31]`.
    node: Vec<[u32; 4]>,
    /// Does every parent come before its child?
    parents_first: bool,
    /// The settling order: (node, parent), the weight's class in the two top bits.
    order: Vec<[u32; 2]>,
    /// The pointer jumping's two generations.
    jumps: [Vec<u32>; 2],
    queue: Vec<u32>,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree::new()
    }
}

/// The low 31 bits of a record's word (an index or value); the top bit carries a class bit.
const LOW: u32 = !(1 << 31);

impl Tree {
    /// A tree with only its root.
    pub fn new() -> Tree {
        Tree {
            node: vec![[0; 4]],
            parents_first: true,
            order: Vec::new(),
            jumps: [Vec::new(), Vec::new()],
            queue: Vec::new(),
        }
    }

    /// Back to a tree with only its root (the memory stays for the next tree).
    pub fn clear(&mut self) {
        self.node.clear();
        self.node.push([0; 4]);
        self.parents_first = true;
    }

    /// Room for `edges` more edges, or the allocator's refusal.
    pub fn try_reserve(&mut self, edges: usize) -> Result<(), std::collections::TryReserveError> {
        self.node.try_reserve_exact(edges)?;
        ask_huge_pages(&self.node);
        Ok(())
    }

    /// The number of nodes (the root included).
    pub fn len(&self) -> usize {
        self.node.len()
    }

    /// Never: there is always the root.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Adds the next node, hanging from `parent` (any node index, this one's or a later one's
    /// included, below `2^31 - 1`) by an edge of class `w`.
    #[inline]
    pub fn push(&mut self, parent: u32, w: Weight) {
        let v = self.node.len();
        assert!(parent < LOW && v < LOW as usize, "Tree::push: too many nodes");
        self.parents_first &= (parent as usize) < v;
        let class = w as u32;
        self.node.push([0, 0, parent | (class & 1) << 31, (class >> 1) << 31]);
    }

    /// Every winning first move, as the child node of the edge to lower, in increasing order
    /// (empty when the root's value is 0), or the largest node on a cycle of parent pointers.
    /// Panics when a parent is not a node.
    pub fn winning_moves(&mut self) -> Result<Vec<u32>, u32> {
        let n = self.node.len();
        if self.parents_first {
            return Ok(self.by_index());
        }
        // The child counters, and the parents as the pointer jumping's first generation.
        let node = &mut self.node[..];
        let parent = &mut self.jumps[0];
        parent.clear();
        parent.reserve_exact(n);
        ask_huge_pages(parent);
        parent.push(0);
        for v in 1..n {
            if let Some(ahead) = node.get(v + SWEEP_AHEAD) {
                prefetch(node.as_ptr().wrapping_add((ahead[2] & LOW) as usize));
            }
            let p = node[v][2] & LOW;
            parent.push(p);
            node[p as usize][0] += 1;
        }
        self.ancestors_ahead();
        let node = &mut self.node[..];
        let order = &mut self.order;
        order.clear();
        order.reserve_exact(n);
        ask_huge_pages(order);
        let queue = &mut self.queue;
        queue.clear();
        let mut head = 0;
        // Settles `v` (all its children are): its branch goes into its parent's value; a parent
        // left without unsettled children behind the sweep (`p < sweep`) joins the queue. The
        // ancestor ahead of `v` is asked for: on a chain of nodes that each wait for the one
        // below, that is the node settled a few steps from now.
        #[inline(always)]
        fn settle(
            v: usize,
            sweep: usize,
            node: &mut [[u32; 4]],
            order: &mut Vec<[u32; 2]>,
            queue: &mut Vec<u32>,
        ) {
            let [_, g, p_bits, a_bits] = node[v];
            order.push([v as u32 | (p_bits & !LOW), (p_bits & LOW) | (a_bits & !LOW)]);
            if v == 0 {
                return;
            }
            prefetch(node.as_ptr().wrapping_add((a_bits & LOW) as usize));
            let p = (p_bits & LOW) as usize;
            let b = branch(class(p_bits >> 31 | (a_bits >> 31) << 1), g);
            let rec = &mut node[p];
            rec[1] ^= b;
            rec[0] -= 1;
            if rec[0] == 0 && p < sweep {
                queue.push(p as u32);
            }
        }
        for v in 0..n {
            // The parent of a leaf ahead (the nodes the sweep will settle).
            if let Some(&[0, _, p, _]) = node.get(v + SWEEP_AHEAD) {
                prefetch(node.as_ptr().wrapping_add((p & LOW) as usize));
            }
            if node[v][0] == 0 {
                settle(v, v, node, order, queue);
            }
            // Drain the queue, lagging behind its tail so that the hints have time to land.
            while queue.len() - head > QUEUE_LAG {
                if let Some(&ahead) = queue.get(head + QUEUE_LAG / 2) {
                    prefetch(node.as_ptr().wrapping_add((node[ahead as usize][2] & LOW) as usize));
                }
                let q = queue[head] as usize;
                head += 1;
                settle(q, v + 1, node, order, queue);
            }
        }
        while head < queue.len() {
            let q = queue[head] as usize;
            head += 1;
            settle(q, n, node, order, queue);
        }
        if order.len() < n {
            let on_cycle = (0..n).rev().find(|&v| node[v][0] > 0).expect("an unsettled node");
            return Err(on_cycle as u32);
        }
        if node[0][1] == 0 {
            return Ok(Vec::new());
        }
        // From the root down (the settling order backwards; the root is settled last).
        node[0][0] = 0;
        let mut wins = Vec::new();
        for i in (0..n - 1).rev() {
            if let Some(ahead) = i.checked_sub(AHEAD) {
                let [c, p] = order[ahead];
                prefetch(node.as_ptr().wrapping_add((c & LOW) as usize));
                prefetch(node.as_ptr().wrapping_add((p & LOW) as usize));
            }
            let [c, p] = order[i];
            let w = class(c >> 31 | (p >> 31) << 1);
            let (c, p) = ((c & LOW) as usize, (p & LOW) as usize);
            if settle_target(node, c, p, w) {
                wins.push(c as u32);
            }
        }
        wins.sort_unstable();
        Ok(wins)
    }

    /// Both passes by index, for a tree whose parents all come before their children.
    fn by_index(&mut self) -> Vec<u32> {
        let node = &mut self.node[..];
        for v in (1..node.len()).rev() {
            let [_, g, p_bits, a_bits] = node[v];
            let b = branch(class(p_bits >> 31 | (a_bits >> 31) << 1), g);
            node[(p_bits & LOW) as usize][1] ^= b;
        }
        if node[0][1] == 0 {
            return Vec::new();
        }
        node[0][0] = 0;
        let mut wins = Vec::new();
        for c in 1..node.len() {
            let [_, _, p_bits, a_bits] = node[c];
            let w = class(p_bits >> 31 | (a_bits >> 31) << 1);
            if settle_target(node, c, (p_bits & LOW) as usize, w) {
                wins.push(c as u32);
            }
        }
        wins
    }

    /// Fills every record's ancestor ahead, from the parents in `jumps[0]`: `2^JUMPS` levels up (the root where the path is
    /// shorter; a node of a cycle on the cycle), by pointer jumping: `JUMPS` passes of
    /// `a(v) <- a(a(v))`. Each pass reads at random, but every read is independent of the
    /// others, so many are in flight at once, unlike a walk up a chain.
    fn ancestors_ahead(&mut self) {
        let node = &mut self.node;
        let [from, to] = &mut self.jumps;
        to.clear();
        to.reserve_exact(node.len());
        ask_huge_pages(to);
        to.resize(node.len(), 0);
        for round in 1..=JUMPS {
            for v in 0..node.len() {
                if let Some(&ahead) = from.get(v + SWEEP_AHEAD) {
                    prefetch(from.as_ptr().wrapping_add(ahead as usize));
                }
                let a = from[from[v] as usize];
                if round == JUMPS {
                    node[v][3] = (node[v][3] & !LOW) | a;
                } else {
                    to[v] = a;
                }
            }
            std::mem::swap(from, to);
        }
    }
}

/// The pass down at child `c` of `p`, whose target (in `node[p][0]`) is final: `need(c)` into
/// `node[c][0]` from `need(p)` (see the module documentation; `NONE`: no move inside that
/// subtree wins), and whether lowering the edge into `c` wins.
#[inline(always)]
fn settle_target(node: &mut [[u32; 4]], c: usize, p: usize, w: Weight) -> bool {
    // Values stay below n <= 2^31, so no value or target is NONE.
    const NONE: u32 = u32::MAX;
    let [need_p, g_p, _, _] = node[p];
    if need_p == NONE {
        node[c][0] = NONE;
        return false;
    }
    let g_c = node[c][1];
    let t = need_p ^ g_p ^ branch(w, g_c);
    node[c][0] = subtree_target(w, t).unwrap_or(NONE);
    after_cut(w, g_c) == t
}

/// The weight class from its two bits (`Weight as u32`).
#[inline(always)]
fn class(bits: u32) -> Weight {
    match bits & 3 {
        0 => Weight::One,
        1 => Weight::Two,
        2 => Weight::OddAtLeast3,
        _ => Weight::EvenAtLeast4,
    }
}

/// The ancestor asked for while settling a node is `2^JUMPS` levels up.
const JUMPS: u32 = 4;
/// How many queued nodes wait before they are settled (their memory hints land meanwhile).
const QUEUE_LAG: usize = 32;
/// How far ahead of the sweep a parent's record is asked for.
const SWEEP_AHEAD: usize = 64;
