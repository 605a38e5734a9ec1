//! Bob and Ben beyond the generic tests: the tree value (0, 1 or 2 by size alone) against a
//! search over the actual trees, for every size up to 12 and many shapes (k); large symmetric
//! forests whose answer the mirror strategy gives; and the refusal of m = 0 and k = 0.

use games::brute::bob_and_ben::bob_wins;
use games::registry::{find, run};
use games::rng::Rng;
use games::theory::leaf_removal::grundy;

fn solve(input: &str) -> (String, Option<games::InputError>) {
    let p = find("bob-and-ben").unwrap();
    let (out, fault) = run(p, input.as_bytes());
    (String::from_utf8(out).unwrap(), fault)
}

const SHAPES: [u64; 7] = [1, 2, 3, 4, 5, 100, u64::MAX];

#[test]
fn tree_values_match_the_search_over_the_real_trees() {
    // A tree alone: the mover wins exactly when its value is not 0.
    for m in 1..=12u64 {
        for k in SHAPES {
            assert_eq!(bob_wins(&[(m, k)]), grundy(m) != 0, "tree ({m}, {k})");
        }
    }
    // The value itself: a tree beside a reference tree of value v (sizes 2, 1, 4 have values
    // 0, 1, 2, each confirmed by the first two checks below) is lost for the mover exactly when
    // the two values are equal.
    assert!(!bob_wins(&[(2, 2)]) && bob_wins(&[(1, 2)]) && bob_wins(&[(4, 2)]));
    assert!(bob_wins(&[(4, 2), (1, 2)]), "so the 4-node tree is not 1 either: it is 2");
    for m in 1..=12u64 {
        for k in SHAPES {
            for (reference, v) in [(2u64, 0u8), (1, 1), (4, 2)] {
                for rk in [1, 3] {
                    let lost = !bob_wins(&[(m, k), (reference, rk)]);
                    assert_eq!(lost, grundy(m) == v, "tree ({m}, {k}) beside ({reference}, {rk})");
                }
            }
        }
    }
}

#[test]
fn mirrored_forests_are_lost_for_bob() {
    // Any forest made of pairs of identical trees is lost for the player to move (copy every
    // move in the twin tree), and one extra single node makes it won (take it, then copy).
    let mut rng = Rng::new(77);
    let mut input = String::from("4\n");
    let mut want = String::new();
    for extra in [false, true, false, true] {
        let trees: Vec<(u64, u64)> =
            (0..50_000).map(|_| (rng.edgy(u64::MAX).max(1), rng.edgy(u64::MAX).max(1))).collect();
        let mut forest: Vec<(u64, u64)> = trees.iter().chain(trees.iter()).copied().collect();
        if extra {
            forest.push((1, rng.range(1, 100)));
        }
        // Shuffle, so that twins are far apart.
        for i in (1..forest.len()).rev() {
            forest.swap(i, rng.index(i + 1));
        }
        input.push_str(&format!("{}\n", forest.len()));
        for (m, k) in forest {
            input.push_str(&format!("{m} {k}\n"));
        }
        want.push_str(if extra { "BOB\n" } else { "BEN\n" });
    }
    assert_eq!(solve(&input), (want, None));
}

#[test]
fn small_random_forests_match_the_search() {
    let mut rng = Rng::new(5);
    for _ in 0..300 {
        let n = rng.range(1, 4);
        let mut trees = Vec::new();
        let mut nodes = 0;
        for _ in 0..n {
            let m = rng.range(1, 7);
            if nodes + m <= 16 {
                nodes += m;
                trees.push((m, *rng.pick(&SHAPES)));
            }
        }
        let mut input = format!("1\n{}\n", trees.len());
        for (m, k) in &trees {
            input.push_str(&format!("{m} {k}\n"));
        }
        let want = if bob_wins(&trees) { "BOB\n" } else { "BEN\n" };
        assert_eq!(solve(&input).0, want, "{trees:?}");
    }
}

#[test]
fn zero_nodes_and_zero_constants_are_refused_where_they_stand() {
    let input = "2\n1\n3 2\n1\n0 2\n";
    let (out, fault) = solve(input);
    assert_eq!(out, "BOB\n");
    let fault = fault.expect("m = 0 refused");
    assert_eq!(fault.offset, input.rfind("0 2").unwrap());
    assert!(fault.render("bob-and-ben", input.as_bytes()).contains("node count m of at least 1"));

    let input = "1\n2\n3 2\n5 0\n";
    let (out, fault) = solve(input);
    assert_eq!(out, "");
    let fault = fault.expect("k = 0 refused");
    assert_eq!(fault.offset, input.len() - 2);
    assert!(
        fault.render("bob-and-ben", input.as_bytes()).contains("tree constant k of at least 1")
    );

    // k = 1 (a path) is a tree and accepted; so are the 64-bit extremes; an empty forest is BEN.
    let extremes =
        "3\n1\n18446744073709551615 18446744073709551615\n1\n18446744073709551614 1\n0\n";
    assert_eq!(solve(extremes), ("BOB\nBOB\nBEN\n".to_string(), None));
}
