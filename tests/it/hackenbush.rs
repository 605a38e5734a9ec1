//! `hackenbush`: the branch lemma and the XOR rule against Grundy values computed by definition
//! over the real positions, every winning move of every small tree against the exhaustive
//! search, large trees with answers known by hand (paths and stars of 10^6 nodes, parents given
//! before or after their children), relabelling invariance, and the limit and tree errors.

use games::registry::{find, run};
use games::rng::Rng;
use games::theory::hackenbush::{Weight, branch, leaves_first, subtree_values};
use std::collections::HashMap;

fn solve(input: &str) -> (String, Option<(usize, String)>) {
    let p = find("hackenbush").unwrap();
    let (out, fault) = run(p, input.as_bytes());
    (String::from_utf8(out).unwrap(), fault.map(|e| (e.offset, e.render(p.name, input.as_bytes()))))
}

fn fails_at(input: &str, at: usize, message_part: &str) {
    let (_, fault) = solve(input);
    let (offset, message) = fault.unwrap_or_else(|| panic!("accepted {input:?}"));
    assert_eq!(offset, at, "{input:?}: {message}");
    assert!(message.contains(message_part), "{message:?} should mention {message_part:?}");
}

/// The Grundy value of a position (the current weights, 0 = gone) by definition: the mex of
/// the values of its options. `children[v]` lists v's children; node 0 is the root.
struct Grundy {
    children: Vec<Vec<usize>>,
    memo: HashMap<Vec<u64>, u64>,
}

impl Grundy {
    fn new(parent: &[usize]) -> Self {
        let mut children = vec![Vec::new(); parent.len()];
        for (v, &p) in parent.iter().enumerate().skip(1) {
            children[p].push(v);
        }
        Grundy { children, memo: HashMap::new() }
    }

    fn value(&mut self, w: &[u64]) -> u64 {
        if let Some(&g) = self.memo.get(w) {
            return g;
        }
        let mut seen = Vec::new();
        for c in 1..w.len() {
            if w[c] == 0 {
                continue;
            }
            let mut next = w.to_vec();
            next[c] -= 1;
            if next[c] == 0 {
                let mut stack = vec![c];
                while let Some(v) = stack.pop() {
                    next[v] = 0;
                    stack.extend_from_slice(&self.children[v]);
                }
            }
            seen.push(self.value(&next));
        }
        let g = games::brute::search::mex_of(&seen);
        self.memo.insert(w.to_vec(), g);
        g
    }
}

/// A random tree (0-based parents, parent[0] = 0) with parents before children.
fn random_tree(rng: &mut Rng, n: usize) -> Vec<usize> {
    (0..n).map(|v| if v == 0 { 0 } else { rng.index(v) }).collect()
}

#[test]
fn branch_lemma_matches_grundy_values_by_definition() {
    // e(w, S): a new root with one edge of weight w down to the root of S.
    let mut rng = Rng::new(1);
    for _ in 0..300 {
        let n = rng.range(1, 4) as usize;
        let parent = random_tree(&mut rng, n);
        let weights: Vec<u64> = (0..n).map(|v| if v == 0 { 0 } else { rng.range(1, 3) }).collect();
        let g = Grundy::new(&parent).value(&weights);
        for w in 1..=7u64 {
            // Shift S down by one: new root 0, S's root becomes 1.
            let mut big_parent = vec![0usize; n + 1];
            let mut big_w = vec![0u64; n + 1];
            big_w[1] = w;
            for v in 1..n {
                big_parent[v + 1] = parent[v] + 1;
                big_w[v + 1] = weights[v];
            }
            let whole = Grundy::new(&big_parent).value(&big_w);
            assert_eq!(
                whole,
                branch(Weight::of(w), g as u32) as u64,
                "w={w} S={parent:?} {weights:?}"
            );
        }
    }
}

#[test]
fn subtree_values_match_grundy_values_by_definition() {
    let mut rng = Rng::new(2);
    for _ in 0..400 {
        let n = rng.range(1, 7) as usize;
        let parent = random_tree(&mut rng, n);
        let weights: Vec<u64> = (0..n).map(|v| if v == 0 { 0 } else { rng.range(1, 4) }).collect();
        if weights.iter().map(|w| w + 1).product::<u64>() > 20_000 {
            continue;
        }
        let want = Grundy::new(&parent).value(&weights);
        let p32: Vec<u32> = parent.iter().map(|&p| p as u32).collect();
        let class: Vec<Weight> = weights.iter().map(|&w| Weight::of(w.max(1))).collect();
        let order = leaves_first(&p32).unwrap();
        assert_eq!(subtree_values(&p32, &class, &order)[0] as u64, want, "{parent:?} {weights:?}");
    }
}

/// Every parent vector (1-based, nodes 2..=n) that is a tree rooted at 1, parents in any order.
fn all_trees(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut p = vec![1usize; n + 1];
    loop {
        let is_tree = (2..=n).all(|v| {
            let mut x = v;
            for _ in 0..n {
                if x == 1 {
                    return true;
                }
                x = p[x];
            }
            x == 1
        });
        if is_tree {
            out.push(p.clone());
        }
        // Next vector in 1..=n per slot 2..=n.
        let mut i = 2;
        while i <= n && p[i] == n {
            p[i] = 1;
            i += 1;
        }
        if i > n {
            return out;
        }
        p[i] += 1;
    }
}

#[test]
fn every_small_tree_and_weighting_matches_the_exhaustive_search() {
    // All rooted labelled trees of up to 5 nodes (parents before or after their children),
    // every weight in 1..=3 (1..=4 up to 4 nodes): one input with all of them as tests.
    let p = find("hackenbush").unwrap();
    let mut tests = Vec::new();
    for n in 1..=5usize {
        let max_w: u64 = if n <= 4 { 4 } else { 3 };
        for tree in all_trees(n) {
            let edges = n - 1;
            for code in 0..max_w.pow(edges as u32) {
                let mut c = code;
                let mut text = format!("{n}\n");
                for parent in &tree[2..=n] {
                    text.push_str(&format!("{parent} {}\n", c % max_w + 1));
                    c /= max_w;
                }
                tests.push(text);
            }
        }
    }
    assert_eq!(all_trees(5).len(), 125);
    let input = format!("{}\n{}", tests.len(), tests.concat());
    let (fast, fault) = run(p, input.as_bytes());
    assert!(fault.is_none());
    let brute = (p.brute)(input.as_bytes()).expect("within the search budget");
    if fast != brute {
        let (f, b) = (String::from_utf8_lossy(&fast), String::from_utf8_lossy(&brute));
        let (fl, bl): (Vec<&str>, Vec<&str>) = (f.lines().collect(), b.lines().collect());
        let i = (0..fl.len()).find(|&i| fl[i] != bl[i]).unwrap();
        panic!("test {}: {}\nfast {:?}\nbrute {:?}", i / 2 + 1, tests[i / 2], fl[i], bl[i]);
    }
}

fn path_input(n: usize, weight: impl Fn(usize) -> u64) -> String {
    let mut s = format!("1\n{n}\n");
    for v in 2..=n {
        s.push_str(&format!("{} {}\n", v - 1, weight(v)));
    }
    s
}

#[test]
fn long_paths_have_known_answers() {
    let n = 1_000_000usize;
    // Weight 1 everywhere: the path is worth n - 1; only cutting the root's edge leaves 0.
    assert_eq!(solve(&path_input(n, |_| 1)).0, "1\n2\n");
    // Weight 2 everywhere: every branch keeps its subtree's value, 0.
    assert_eq!(solve(&path_input(n, |_| 2)).0, "0\n\n");
    // Odd weights >= 3 everywhere: every branch flips the parity, the path is worth
    // (n - 1) mod 2, and lowering any edge to an even weight flips the root back to 0.
    let odd = |v: usize| if v.is_multiple_of(2) { 3 } else { u64::MAX };
    let all: Vec<String> = (2..=n).map(|v| v.to_string()).collect();
    let want = format!("{}\n{}\n", n - 1, all.join(" "));
    assert_eq!(solve(&path_input(n, odd)).0, want);
    assert_eq!(solve(&path_input(n - 1, odd)).0, "0\n\n");
    // The same weight-1 path with parents after children: root 1 -> n -> n-1 -> ... -> 2.
    let mut s = format!("1\n{n}\n");
    for v in 2..=n {
        s.push_str(&format!("{} 1\n", if v == n { 1 } else { v + 1 }));
    }
    assert_eq!(solve(&s).0, format!("1\n{n}\n"));
}

#[test]
fn stars_have_known_answers() {
    // n - 1 leaves of weight 1 under the root: worth (n - 1) mod 2; when odd, removing any
    // leaf wins.
    for n in [1_000_000usize, 999_999] {
        let mut s = format!("1\n{n}\n");
        for _ in 2..=n {
            s.push_str("1 1\n");
        }
        let out = solve(&s).0;
        if (n - 1) % 2 == 1 {
            let all: Vec<String> = (2..=n).map(|v| v.to_string()).collect();
            assert_eq!(out, format!("{}\n{}\n", n - 1, all.join(" ")));
        } else {
            assert_eq!(out, "0\n\n");
        }
    }
}

#[test]
fn relabelling_a_large_random_tree_relabels_the_answer() {
    // The same tree with parents before children (one fast path) and with the labels 2..=n
    // shuffled (peeling leaves): the winning moves must correspond.
    let mut rng = Rng::new(3);
    let n = 300_000usize;
    let parent: Vec<usize> =
        (0..=n).map(|v| if v <= 1 { 0 } else { 1 + rng.index(v - 1) }).collect();
    let weight: Vec<u64> = (0..=n).map(|_| rng.range(1, 4)).collect();
    let mut label: Vec<usize> = (0..=n).collect();
    for i in (3..=n).rev() {
        label.swap(i, 2 + rng.index(i - 1));
    }
    let mut plain = format!("1\n{n}\n");
    for v in 2..=n {
        plain.push_str(&format!("{} {}\n", parent[v], weight[v]));
    }
    let mut by_new = vec![(0usize, 0u64); n + 1];
    for v in 2..=n {
        by_new[label[v]] = (label[parent[v]], weight[v]);
    }
    let mut shuffled = format!("1\n{n}\n");
    for &(p, w) in &by_new[2..] {
        shuffled.push_str(&format!("{p} {w}\n"));
    }
    let parse = |out: String| -> Vec<usize> {
        let mut lines = out.lines();
        let count: usize = lines.next().unwrap().parse().unwrap();
        let moves: Vec<usize> = lines
            .next()
            .unwrap()
            .split(' ')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(moves.len(), count);
        moves
    };
    let a = parse(solve(&plain).0);
    let mut b = parse(solve(&shuffled).0);
    let mut a_relabelled: Vec<usize> = a.iter().map(|&v| label[v]).collect();
    a_relabelled.sort_unstable();
    b.sort_unstable();
    assert_eq!(a_relabelled, b);
}

#[test]
fn limits_and_malformed_trees_fail_at_the_token() {
    fails_at("1\n0\n", 2, "node count n in 1..=2147483647");
    fails_at("1\n2147483648\n", 2, "node count n in 1..=2147483647");
    fails_at("1\n2\n1 0\n", 6, "edge weight of at least 1");
    fails_at("1\n3\n1 1\n4 1\n", 8, "parent in 1..=3");
    fails_at("1\n3\n1 1\n0 1\n", 8, "parent in 1..=3");
    // 2 -> 3 -> 4 -> 2: the largest node on the cycle is 4, its parent token is "2" on line 5.
    let input = "1\n4\n3 1\n4 1\n2 1\n";
    fails_at(input, input.rfind("2 1").unwrap(), "node 4");
    // A node that is its own parent.
    fails_at("1\n3\n1 5\n3 1\n", 8, "node 3");
    // A fault in the second test keeps the first test's answer.
    let (out, fault) = solve("2\n2\n1 1\n3\n3 1\n2 1\n");
    assert_eq!(out, "1\n2\n");
    assert!(fault.unwrap().1.contains("node 3"));
    // The largest weight is fine.
    assert_eq!(solve("1\n2\n1 18446744073709551615\n").0, "1\n2\n");
    fails_at("1\n2\n1 18446744073709551616\n", 6, "edge weight");
}

/// The one-sweep solver (`tree_winning_moves`) against the reference passes (`leaves_first`,
/// `winning_moves`) on random trees with shuffled labels, long paths (the settling queue's
/// chains), stars and caterpillars, sizes from 1 to past the queue's lag, and parent arrays
/// with cycles (same largest node on a cycle); also through one `Tree` whose work space every
/// round reuses (as `games hackenbush` does from one test to the next).
#[test]
fn one_sweep_solver_matches_the_reference_passes() {
    use games::theory::hackenbush::{Tree, tree_winning_moves, winning_moves};
    let mut rng = Rng::new(1212);
    let mut tree = Tree::new();
    let classes = [Weight::One, Weight::Two, Weight::OddAtLeast3, Weight::EvenAtLeast4];
    let mut cycles = 0;
    for round in 0..3000 {
        let n = 1 + rng.index(if round % 10 == 0 { 5000 } else { 200 });
        let shape = rng.below(4);
        // A tree in index order (parent below child), then relabelled at random (root stays 0).
        let mut parent: Vec<u32> = (0..n)
            .map(|v| match (v, shape) {
                (0, _) => 0,
                (_, 0) => v as u32 - 1,
                (_, 1) => 0,
                (_, 2) => (v as u32 - 1) & !1,
                _ => rng.index(v) as u32,
            })
            .collect();
        if rng.chance(3, 4) && n > 2 {
            let mut label: Vec<u32> = (0..n as u32).collect();
            for i in (2..n).rev() {
                label.swap(i, 1 + rng.index(i));
            }
            let mut relabelled = vec![0u32; n];
            for v in 1..n {
                relabelled[label[v] as usize] = label[parent[v] as usize];
            }
            parent = relabelled;
        }
        if rng.chance(1, 10) && n > 2 {
            // A parent pointer that may close a cycle.
            let v = 1 + rng.index(n - 1);
            parent[v] = 1 + rng.index(n - 1) as u32;
        }
        let weight: Vec<Weight> = (0..n).map(|_| classes[rng.index(4)]).collect();
        let want = leaves_first(&parent).map(|order| winning_moves(&parent, &weight, &order));
        cycles += want.is_err() as usize;
        assert_eq!(tree_winning_moves(&parent, &weight), want, "{parent:?} {weight:?}");
        tree.clear();
        for v in 1..n {
            tree.push(parent[v], weight[v]);
        }
        assert_eq!(tree.len(), n);
        assert_eq!(tree.winning_moves(), want, "reused: {parent:?} {weight:?}");
    }
    assert!(cycles > 20, "only {cycles} parent arrays with a cycle");
}
