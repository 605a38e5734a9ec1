//! `hackenbush` (ByteDance Winter Camp 2019, "Continued Story"): Hackenbush on a rooted tree
//! whose edges have weights; every winning first move.

use super::generate::by_size;
use super::generate::effective;
use crate::error::{AllocError, InputError, probe};
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::hackenbush::{Tree, Weight, leaves_first, winning_moves};

pub static PROBLEM: Problem = Problem {
    name: "hackenbush",
    aliases: &["continued-story"],
    source: "ByteDance Winter Camp 2019 online, problem C (Continued Story)",
    summary: "Weighted-edge Hackenbush on a rooted tree: every winning first move",
    statement: include_str!("../../problems/hackenbush.md"),
    judge_limits: "n <= 1e6, w_i <= 1e9, sum n <= 1e6",
    our_limits: "n < 2^31 per test, 1 <= w_i < 2^64, any sum of n, linear time",
    solve,
    brute: crate::brute::hackenbush::answer,
    generate,
    judge: &crate::judge::problems::hackenbush::JUDGE,
};

/// The most nodes in one tree: node indices and Grundy values are `u32`, and values stay
/// below `n`, which keeps `u32::MAX` free as a marker.
pub const MAX_NODES: u64 = (1 << 31) - 1;

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let tests = sc.u64("test count T")?;
    // One tree at a time, read straight into the analysis' records, whose memory the next
    // tree reuses.
    let mut tree = Tree::new();
    for _ in 0..tests {
        let n = sc.u64_in("node count n", 1, MAX_NODES)?;
        let first_edge = sc.peek_start();
        tree.clear();
        let edges = sc.capacity_for(n - 1, 2);
        tree.try_reserve(edges).map_err(|_| AllocError {
            bytes: edges.saturating_mul(16),
            what: "the tree's nodes",
        })?;
        for _ in 1..n {
            let p = (sc.u64_in("parent", 1, n)? - 1) as u32;
            tree.push(p, Weight::of(sc.u64_in("edge weight", 1, u64::MAX)?));
        }
        // The rest of the work space (settling order, pointer jumping, queue): 20 bytes a node.
        probe(tree.len().saturating_mul(20), "the tree's Grundy values")?;
        let moves = match tree.winning_moves() {
            Ok(moves) => moves,
            Err(v) => return Err(cycle_error(sc.input(), first_edge, v as u64 + 1)),
        };
        out.int(moves.len()).nl();
        for (i, &c) in moves.iter().enumerate() {
            if i > 0 {
                out.byte(b' ');
            }
            out.int(c + 1);
        }
        out.nl();
    }
    sc.expect_eof()
}

/// The error at the parent token of `node` (1-based, >= 2), whose parent closes a cycle. The
/// test's edges start at `first_edge`; that token is number `2 (node - 2)` from there.
fn cycle_error(input: &[u8], first_edge: usize, node: u64) -> InputError {
    let mut rescan = Scanner::new(&input[first_edge..]);
    for _ in 0..2 * (node - 2) {
        rescan.word("token").ok();
    }
    let at = first_edge + rescan.peek_start();
    InputError::new(
        at,
        format!("a parent that keeps node {node} below the root 1 (this one closes a cycle)"),
    )
}

/// A weight that is often an edge case: 1, 2, odd / even at least 3, up to `max`.
fn weight(rng: &mut Rng, max: u64) -> u64 {
    match rng.below(6) {
        0 | 1 => 1,
        2 => 2.min(max),
        3 => max - rng.below(2.min(max)),
        _ => rng.range(1, max),
    }
}

/// Parents (1-based, index 0 and 1 unused) of a random tree of `n` nodes, in one of a few
/// shapes, with labels shuffled (so parents may come after children) half the time.
/// A random tree on 1..=n rooted at 1; `parent_first` keeps every parent below its child
/// (the judge's promise), otherwise the labels are shuffled half the time.
fn tree(rng: &mut Rng, n: usize, parent_first: bool) -> Vec<usize> {
    let mut parent = vec![0usize; n + 1];
    let shape = rng.below(5);
    for (v, slot) in parent.iter_mut().enumerate().skip(2) {
        *slot = match shape {
            0 => v - 1, // a path
            1 => 1,     // a star
            2 => {
                if v % 2 == 0 {
                    v - 1
                } else {
                    v - 2
                }
            } // a caterpillar (a spine with leaves)
            3 => v - 1 - rng.below(3.min(v as u64 - 1)) as usize, // a deep random tree
            _ => 1 + rng.index(v - 1), // a random recursive tree
        }
        .max(1);
    }
    if !parent_first && rng.chance(1, 2) && n > 2 {
        // Relabel 2..=n at random (the root stays 1).
        let mut label: Vec<usize> = (0..=n).collect();
        for i in (3..=n).rev() {
            let j = 2 + rng.index(i - 1);
            label.swap(i, j);
        }
        let mut relabelled = vec![0usize; n + 1];
        for v in 2..=n {
            relabelled[label[v]] = label[parent[v]];
        }
        parent = relabelled;
    }
    parent
}

/// Turns the position into a P-position when some winning first move keeps its edge (weight at
/// least 2 before the move): that move is made.
fn make_losing(parent: &[usize], w: &mut [u64]) {
    let n = parent.len() - 1;
    let p: Vec<u32> = (1..=n).map(|v| parent[v].saturating_sub(1) as u32).collect();
    let class: Vec<Weight> = (1..=n).map(|v| Weight::of(w[v])).collect();
    let order = leaves_first(&p).expect("generated trees are trees");
    if let Some(&c) = winning_moves(&p, &class, &order).iter().find(|&&c| w[c as usize + 1] >= 2) {
        w[c as usize + 1] -= 1;
    }
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let tests = by_size(size, rng.range(1, 3), rng.range(1, 5), rng.range(1, 3), rng.range(1, 3));
    let total = by_size(size, 0, 0, 1_000_000, 10_000_000);
    let max_w = by_size(size, 6, 1_000_000_000, 1_000_000_000, u64::MAX);
    let mut out = Out::new();
    out.int(tests).nl();
    for _ in 0..tests {
        let n = by_size(size, rng.range(1, 6), rng.range(1, 300), total / tests, total / tests)
            as usize;
        let parent = tree(rng, n, judge);
        let mut w: Vec<u64> = (0..=n).map(|_| weight(rng, max_w)).collect();
        if size == Size::Tiny {
            // Keep the brute force's state space (the product of w + 1) small.
            let mut product = 1u64;
            for x in w.iter_mut().skip(2) {
                if product * (*x + 1) > 3000 {
                    *x = 1;
                }
                product *= *x + 1;
            }
        }
        if rng.chance(1, 2) {
            make_losing(&parent, &mut w);
        }
        out.int(n).nl();
        for v in 2..=n {
            out.int(parent[v]).byte(b' ').int(w[v]).nl();
        }
    }
    out.into_bytes()
}
