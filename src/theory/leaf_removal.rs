//! The leaf-removal game on a forest (HackerRank "Bob and Ben"): a move removes one node; if the
//! node is a leaf (exactly one edge) the rest of its tree stays, otherwise its whole tree
//! vanishes. The player with no move loses.
//!
//! **Theorem.** The Grundy value of a tree depends only on its number of nodes `m`:
//! `sg = 1` for `m = 1`, `0` for `m = 2`, `1` for odd `m >= 3`, `2` for even `m >= 4`
//! ([`grundy`]). The shape (in the problem, the constant `k`) plays no part.
//!
//! Proof, by induction on `m`, for every tree at once. Removing a leaf of a tree leaves a tree
//! with `m - 1` nodes (a leaf is no cut vertex); removing a non-leaf empties the tree (value 0).
//! - `m = 1`: the lone node has no edge, so it is not a leaf; removing it makes the tree vanish,
//!   which here is the same as removing it: the only option has value 0, so `sg = 1`. (Reading
//!   it as a leaf changes nothing.)
//! - `m = 2`: both nodes are leaves; either removal leaves one node: options `{1}`, `sg = 0`.
//! - `m >= 3`: a tree with three or more nodes has a node of degree at least 2 (a tree whose
//!   degrees are all 1 is a single edge) and at least two leaves, so the options are exactly
//!   `{0, sg(m - 1)}`: for `m = 3`, `{0, 0}` gives 1; for `m = 4`, `{0, 1}` gives 2; and then
//!   odd `m` sees `{0, 2}` (value 1), even `m` sees `{0, 1}` (value 2).
//!
//! A forest is a sum of its trees, so by the Sprague-Grundy theorem the player to move (Bob,
//! first) loses exactly when the XOR of the tree values is 0.
//!
//! In the problem, tree `i` has nodes `1..=m` and, for `j = 1..m-1`, an edge from `j + 1` to
//! `max(1, floor(j / k))`. For any `k >= 1` that parent is at most `j`, so every node after the
//! first hangs on an earlier one: a tree (a path for `k = 1`, a star once `k >= m - 1`).
//! `k = 0` would divide by zero.

/// The Grundy value of any tree with `nodes >= 1` nodes under leaf removal (0 for no nodes).
///
/// ```
/// use games::theory::leaf_removal::grundy;
/// let values: Vec<u8> = (0..8).map(grundy).collect();
/// assert_eq!(values, [0, 1, 0, 1, 2, 1, 2, 1]);
/// assert_eq!(grundy(u64::MAX), 1);
/// ```
#[inline]
pub fn grundy(nodes: u64) -> u8 {
    match nodes {
        0 => 0,
        1 => 1,
        2 => 0,
        m if m % 2 == 1 => 1,
        _ => 2,
    }
}

/// Is a forest whose trees have these Grundy values lost for the player to move?
///
/// ```
/// use games::theory::leaf_removal::{grundy, p_position};
/// assert!(p_position([grundy(1), grundy(1)].into_iter()));  // Bob loses: BEN
/// assert!(!p_position([grundy(3)].into_iter()));            // BOB
/// ```
#[inline]
pub fn p_position(values: impl Iterator<Item = u8>) -> bool {
    values.fold(0u8, |acc, v| acc ^ v) == 0
}
