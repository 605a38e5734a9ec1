//! multi-sg (江南乐): the divisor sweep against the classic block method and against the game
//! searched position by position; limits; the one-line output on faults.

use games::brute::multi_sg::wins;
use games::registry::{find, run};
use games::theory::multi_sg::{MAX_PILE, grundy_table, grundy_table_by_blocks};

fn solve(input: &str) -> (String, Option<String>) {
    let p = find("multi-sg").unwrap();
    let (out, fault) = run(p, input.as_bytes());
    (String::from_utf8(out).unwrap(), fault.map(|f| f.render(p.name, input.as_bytes())))
}

#[test]
fn sweep_matches_the_block_method() {
    for f in [0, 1, 2, 3, 4, 5, 7, 10, 31, 100, 1000, 4321, 29_999, 30_000, 30_001, u64::MAX] {
        assert_eq!(grundy_table(f, 30_000), grundy_table_by_blocks(f, 30_000), "F = {f}");
    }
    for max in 0..40 {
        for f in 0..6 {
            assert_eq!(
                grundy_table(f, max),
                grundy_table_by_blocks(f, max),
                "F = {f}, max = {max}"
            );
        }
    }
}

#[test]
fn grundy_values_match_the_searched_game() {
    // Two piles x, y are a lost position exactly when g(x) = g(y): this checks every value, not
    // only whether it is zero. A split keeps the number of stones, so x + y <= 24 is quick.
    for f in 0..=7u64 {
        let g = grundy_table(f, 24);
        for x in 0..=24u64 {
            assert_eq!(wins(f, &[x]), Some(g[x as usize] != 0), "F = {f}, pile {x}");
            for y in x..=24 - x {
                let lost = g[x as usize] == g[y as usize];
                assert_eq!(wins(f, &[x, y]), Some(!lost), "F = {f}, piles {x} {y}");
            }
        }
    }
}

#[test]
fn judge_size_games_match_the_block_method() {
    let g = grundy_table_by_blocks(1, 99_999);
    let piles = [99_999u64, 65_536, 12_345, 99_998, 3, 77_777];
    let mut input = format!("{} 1\n", piles.len() * piles.len());
    let mut want = Vec::new();
    for &a in &piles {
        for &b in &piles {
            input.push_str(&format!("2 {a} {b}\n"));
            want.push(if g[a as usize] == g[b as usize] { "0" } else { "1" });
        }
    }
    assert_eq!(solve(&input), (format!("{}\n", want.join(" ")), None));
}

#[test]
fn piles_beyond_the_limit_are_refused_where_they_stand() {
    let (out, fault) = solve(&format!("2 1\n1 5\n2 3 {}\n", MAX_PILE + 1));
    assert_eq!(out, "1\n", "the first game's answer is kept");
    let msg = fault.expect("refused");
    assert!(
        msg.starts_with("games multi-sg: line 3, column 5: expected pile size of at most 10000000"),
        "{msg}"
    );
    // A pile below F never moves: any size is fine, and F itself is unbounded.
    let (out, fault) = solve("2 18446744073709551615\n1 18446744073709551614\n2 0 1\n");
    assert_eq!((out.as_str(), fault), ("0 0\n", None));
    let (_, fault) = solve("1 18446744073709551615\n1 18446744073709551615\n");
    assert!(
        fault.unwrap().starts_with(
            "games multi-sg: line 2, column 3: expected pile size of at most 10000000"
        )
    );
}

#[test]
fn the_largest_accepted_pile_works() {
    // g(10^7) and g(10^7 - 1) are computed once; the pair (x, x) is always lost.
    let (out, fault) =
        solve(&format!("3 2\n2 {m} {m}\n1 {m}\n1 {n}\n", m = MAX_PILE, n = MAX_PILE - 1));
    assert_eq!(fault, None);
    let mut memo = std::collections::HashMap::new();
    let bit = |v: u64| if v != 0 { "1" } else { "0" };
    let (top, below) = (grundy_at(2, MAX_PILE, &mut memo), grundy_at(2, MAX_PILE - 1, &mut memo));
    assert_eq!(out, format!("0 {} {}\n", bit(top), bit(below)));
    // The memo recursion is itself the table's: checked on the first values.
    let g = grundy_table_by_blocks(2, 3000);
    for x in 0..=3000u64 {
        assert_eq!(grundy_at(2, x, &mut memo), u64::from(g[x as usize]), "pile {x}");
    }
}

/// The Grundy value of one pile of `x` (splits into `m >= 2` piles as even as possible, from
/// piles of at least `f` stones), by the test's own recursion over only the values it needs:
/// the options' values are `g(q + 1)` (r times) and `g(q)` (m - r times), `q = x / m`,
/// `r = x % m`; for a run of `m` with the same `q`, which of the two parts count (odd
/// multiplicity) depends only on the parity of `m`, so two `m` of each run suffice.
fn grundy_at(f: u64, x: u64, memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
    if x < f.max(2) {
        return 0;
    }
    if let Some(&g) = memo.get(&x) {
        return g;
    }
    let mut seen = Vec::new();
    let mut m = 2;
    while m <= x {
        let q = x / m;
        let last = x / q; // the last m with the same quotient
        for m in [m, m + 1].into_iter().filter(|&k| k <= last) {
            let r = x % m;
            let mut v = 0;
            if r % 2 == 1 {
                v ^= grundy_at(f, q + 1, memo);
            }
            if (m - r) % 2 == 1 {
                v ^= grundy_at(f, q, memo);
            }
            seen.push(v);
        }
        m = last + 1;
    }
    let g = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(x, g);
    g
}

#[test]
fn faults_keep_the_completed_games_on_one_line() {
    // g(2) = 1, g(3) = 2 for F = 1 (by hand: 2 -> 1+1 has value 0; 3 -> 2+1 = 1 or 1+1+1 = 0).
    assert_eq!(solve("3 1\n1 2\n1 3\n1 x\n").0, "1 1\n");
    assert_eq!(solve("3 1\n1 2\n1 3\n").0, "1 1\n");
    assert_eq!(solve("3 1\n1 2\n1").0, "1\n");
    assert_eq!(solve("3 1\n1").0, "");
    assert_eq!(solve("3 1\n1 2\n1 3\n2 3 3\n junk").0, "1 1 0\n");
    assert_eq!(solve("0 1\n"), ("\n".to_string(), None));
    assert_eq!(solve("0 1\n 7").0, "\n");
}
