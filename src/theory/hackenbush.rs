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

use crate::prefetch::prefetch;

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
/// parent pointers (as [`leaves_first`]): the same answers, computed for speed on large trees
/// whose parents may come after their children.
///
/// The leaves are peeled in one sweep over the nodes by index (reading `parent` and `weight` in
/// order), and a node is settled (its subtree value final, its branch added to its parent's) as
/// soon as its last child is: a node that becomes ready behind the sweep waits in a short
/// first-in-first-out queue while its memory is asked for. A node's child counter and value
/// share one record, as do, later, its target and value (one cache line a node per pass), and
/// the settling order is kept with each node's parent and weight, so the pass from the root
/// down reads it in sequence. Same `O(n)` time, no recursion; 16 bytes a node beyond the input.
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
    if (1..n).all(|v| (parent[v] as usize) < v) {
        return Ok(winning_moves(parent, weight, &LeavesFirst::ByIndex));
    }
    const LOW: u32 = !(1 << 31);
    // node[v] = [children not yet settled (later: the target value need(v)), subtree value,
    // parent | low bit of the weight's class << 31, ancestor ahead | high bit << 31].
    let ahead = ancestors_ahead(parent);
    let mut node: Vec<[u32; 4]> = parent
        .iter()
        .zip(weight)
        .zip(&ahead)
        .map(|((&p, &w), &a)| {
            let class = w as u32;
            [0, 0, p | (class & 1) << 31, a | (class >> 1) << 31]
        })
        .collect();
    drop(ahead);
    node[0][2] &= !LOW;
    for v in 1..n {
        if let Some(&ahead) = parent.get(v + SWEEP_AHEAD) {
            prefetch(node.as_ptr().wrapping_add(ahead as usize));
        }
        node[parent[v] as usize][0] += 1;
    }
    // The settling order: (node, parent) with the weight's class in the two top bits (both
    // indices are below 2^31).
    let mut order: Vec<[u32; 2]> = Vec::with_capacity(n);
    let mut queue: Vec<u32> = Vec::new();
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
        if let Some(&ahead) = parent.get(v + SWEEP_AHEAD) {
            prefetch(node.as_ptr().wrapping_add(ahead as usize));
        }
        if node[v][0] == 0 {
            settle(v, v, &mut node, &mut order, &mut queue);
        }
        // Drain the queue, lagging behind its tail so that the hints have time to land.
        while queue.len() - head > QUEUE_LAG {
            if let Some(&ahead) = queue.get(head + QUEUE_LAG / 2) {
                prefetch(node.as_ptr().wrapping_add((node[ahead as usize][2] & LOW) as usize));
            }
            let q = queue[head] as usize;
            head += 1;
            settle(q, v + 1, &mut node, &mut order, &mut queue);
        }
    }
    while head < queue.len() {
        let q = queue[head] as usize;
        head += 1;
        settle(q, n, &mut node, &mut order, &mut queue);
    }
    drop(queue);
    if order.len() < n {
        let on_cycle = (0..n).rev().find(|&v| node[v][0] > 0).expect("an unsettled node");
        return Err(on_cycle as u32);
    }
    if node[0][1] == 0 {
        return Ok(Vec::new());
    }
    // From the root down (the settling order backwards): need(root) = 0, and a child's
    // target follows from its parent's (see the module documentation). The counters (all 0
    // now) hold the targets; NONE: no move inside that subtree wins.
    const NONE: u32 = u32::MAX;
    node[0][0] = 0;
    let mut wins = Vec::new();
    // The root is settled last: order[n - 1].
    for i in (0..n - 1).rev() {
        if let Some(ahead) = i.checked_sub(AHEAD) {
            let [c, p] = order[ahead];
            prefetch(node.as_ptr().wrapping_add((c & LOW) as usize));
            prefetch(node.as_ptr().wrapping_add((p & LOW) as usize));
        }
        let [c, p] = order[i];
        let w = class(c >> 31 | (p >> 31) << 1);
        let (c, p) = ((c & LOW) as usize, (p & LOW) as usize);
        let [need_p, g_p, _, _] = node[p];
        if need_p == NONE {
            node[c][0] = NONE;
            continue;
        }
        let g_c = node[c][1];
        let t = need_p ^ g_p ^ branch(w, g_c);
        if after_cut(w, g_c) == t {
            wins.push(c as u32);
        }
        node[c][0] = subtree_target(w, t).unwrap_or(NONE);
    }
    wins.sort_unstable();
    Ok(wins)
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

/// For every node, its ancestor `2^JUMPS` levels up (the root where the path is shorter; any
/// node of a cycle on a cycle), by pointer jumping: `JUMPS` passes of `a(v) <- a(a(v))`. Each
/// pass reads at random, but every read is independent of the others, so many are in flight at
/// once, unlike a walk up a chain.
fn ancestors_ahead(parent: &[u32]) -> Vec<u32> {
    let n = parent.len();
    let mut from = parent.to_vec();
    from[0] = 0;
    let mut to = vec![0u32; n];
    for _ in 0..JUMPS {
        for v in 0..n {
            if let Some(&ahead) = from.get(v + SWEEP_AHEAD) {
                prefetch(from.as_ptr().wrapping_add(ahead as usize));
            }
            to[v] = from[from[v] as usize];
        }
        std::mem::swap(&mut from, &mut to);
    }
    from
}

/// The ancestor asked for while settling a node is `2^JUMPS` levels up.
const JUMPS: u32 = 4;
/// How many queued nodes wait before they are settled (their memory hints land meanwhile).
const QUEUE_LAG: usize = 32;
/// How far ahead of the sweep a parent's record is asked for.
const SWEEP_AHEAD: usize = 64;
