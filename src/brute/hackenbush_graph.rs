//! Hackenbush pictures played edge by edge: a position is the set of edges still standing (a
//! bit mask); a move deletes one edge of the mover's colour, then every edge that no longer
//! reaches the ground (vertex 0) through standing edges is deleted too. No values, no
//! decomposition into components, no fusion: plain minimax over whole positions, optionally
//! summed with an explicit game tree (to check a claimed value `v` by playing `G - v`).

use std::collections::HashMap;

/// A picture: `n` vertices, edges `(u, v, colour)` with colour `b'g'`, `b'b'` or `b'r'`.
#[derive(Debug, Clone)]
pub struct Picture {
    pub n: usize,
    pub edges: Vec<(usize, usize, u8)>,
}

/// A game tree given by its nodes' Left and Right options (indices of other nodes).
#[derive(Debug, Clone, Default)]
pub struct Tree {
    pub left: Vec<Vec<usize>>,
    pub right: Vec<Vec<usize>>,
}

/// Parses `n m` and `m` lines `u v [c]` (assumes a valid input).
pub fn parse(input: &[u8]) -> Picture {
    let text = std::str::from_utf8(input).expect("brute: not UTF-8");
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    let n: usize = tokens[0].parse().expect("n");
    let m: usize = tokens[1].parse().expect("m");
    let mut edges = Vec::new();
    let mut i = 2;
    for _ in 0..m {
        let u: usize = tokens[i].parse().expect("u");
        let v: usize = tokens[i + 1].parse().expect("v");
        i += 2;
        let mut c = b'g';
        if let Some(t) = tokens.get(i)
            && matches!(*t, "g" | "b" | "r")
        {
            c = t.as_bytes()[0];
            i += 1;
        }
        edges.push((u, v, c));
    }
    Picture { n, edges }
}

impl Picture {
    /// The edges of `mask` connected to the ground.
    fn prune(&self, mask: u64) -> u64 {
        let mut reached = vec![false; self.n];
        reached[0] = true;
        let mut kept = 0u64;
        let mut changed = true;
        while changed {
            changed = false;
            for (i, &(u, v, _)) in self.edges.iter().enumerate() {
                if mask >> i & 1 == 1 && kept >> i & 1 == 0 && (reached[u] || reached[v]) {
                    reached[u] = true;
                    reached[v] = true;
                    kept |= 1 << i;
                    changed = true;
                }
            }
        }
        kept
    }

    /// Every edge standing, pruned.
    pub fn start(&self) -> u64 {
        assert!(self.edges.len() <= 63, "brute: at most 63 edges");
        self.prune((1u64 << self.edges.len()) - 1)
    }

    /// The position after cutting edge `e` from `mask`.
    pub fn cut(&self, mask: u64, e: usize) -> u64 {
        self.prune(mask & !(1u64 << e))
    }

    fn can_cut(&self, e: usize, left: bool) -> bool {
        let c = self.edges[e].2;
        c == b'g' || (c == b'b') == left
    }
}

/// Does the player to move (`left`) win the sum of the picture at `mask` and `tree` at `node`?
pub fn wins(
    p: &Picture,
    tree: &Tree,
    mask: u64,
    node: usize,
    left: bool,
    memo: &mut HashMap<(u64, usize, bool), bool>,
) -> bool {
    if let Some(&v) = memo.get(&(mask, node, left)) {
        return v;
    }
    let mut win = false;
    for e in 0..p.edges.len() {
        if mask >> e & 1 == 1
            && p.can_cut(e, left)
            && !wins(p, tree, p.cut(mask, e), node, !left, memo)
        {
            win = true;
            break;
        }
    }
    if !win && node < tree.left.len() {
        let opts = if left { &tree.left[node] } else { &tree.right[node] };
        win = opts.iter().any(|&o| !wins(p, tree, mask, o, !left, memo));
    }
    memo.insert((mask, node, left), win);
    win
}

/// Who wins moving first: (Left, Right), on the picture alone.
pub fn first_player_wins(p: &Picture) -> (bool, bool) {
    let empty = Tree::default();
    let mut memo = HashMap::new();
    let s = p.start();
    (wins(p, &empty, s, 0, true, &mut memo), wins(p, &empty, s, 0, false, &mut memo))
}

/// Whether the picture plus `tree` at `root` is a second-player win (the sum is 0).
pub fn sum_is_zero(p: &Picture, tree: &Tree, root: usize) -> bool {
    let mut memo = HashMap::new();
    let s = p.start();
    !wins(p, tree, s, root, true, &mut memo) && !wins(p, tree, s, root, false, &mut memo)
}

/// The edges (1-based) whose cut wins for Left moving first, and for Right.
pub fn winning_moves(p: &Picture) -> (Vec<usize>, Vec<usize>) {
    let empty = Tree::default();
    let mut memo = HashMap::new();
    let s = p.start();
    let (mut l, mut r) = (Vec::new(), Vec::new());
    for e in 0..p.edges.len() {
        if s >> e & 1 == 0 {
            continue;
        }
        let next = p.cut(s, e);
        if p.can_cut(e, true) && !wins(p, &empty, next, 0, false, &mut memo) {
            l.push(e + 1);
        }
        if p.can_cut(e, false) && !wins(p, &empty, next, 0, true, &mut memo) {
            r.push(e + 1);
        }
    }
    (l, r)
}
