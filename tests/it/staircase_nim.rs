//! staircase-nim: the odd-stair theorem against whole-staircase search, exhaustively on small
//! staircases; large structured inputs whose answer is known by construction; the 64-bit limit.

use games::brute::staircase_nim::wins;
use games::registry::{find, run};
use games::rng::Rng;
use games::theory::staircase::{odd_stair_sum, p_position};

fn solve(input: &str) -> (String, Option<games::InputError>) {
    let (out, fault) = run(find("staircase-nim").unwrap(), input.as_bytes());
    (String::from_utf8(out).unwrap(), fault)
}

/// Every staircase of `n` stairs with at most `most` stones per stair.
fn all_staircases(n: usize, most: u64) -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|v| (0..=most).map(move |a| [v.clone(), vec![a]].concat()))
            .collect();
    }
    all
}

#[test]
fn theorem_matches_the_search_on_every_small_staircase() {
    let mut lost = 0;
    for (n, most) in [(1, 6), (2, 4), (3, 3), (4, 3), (5, 1)] {
        for stairs in all_staircases(n, most) {
            let searched = wins(&stairs);
            assert_eq!(!p_position(odd_stair_sum(&stairs)), searched, "stairs {stairs:?}");
            lost += usize::from(!searched);
        }
    }
    // Many lost positions, so the check is not one-sided.
    assert!(lost > 50, "{lost}");
}

#[test]
fn even_stairs_never_matter_and_odd_stairs_always_do() {
    let mut rng = Rng::new(892);
    let n = 100_000usize;
    // Odd stairs (1, 3, ...) in equal pairs: their XOR is 0 whatever the even stairs hold.
    let mut stairs = vec![0u64; n];
    let odd: Vec<usize> = (0..n).step_by(2).collect();
    for pair in odd.chunks(2) {
        let v = rng.next_u64();
        for &i in pair {
            stairs[i] = v;
        }
    }
    if odd.len() % 2 == 1 {
        stairs[*odd.last().unwrap()] = 0;
    }
    for i in (1..n).step_by(2) {
        stairs[i] = rng.next_u64();
    }
    let text = |s: &[u64]| {
        format!("{}\n{}\n", s.len(), s.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
    };
    assert_eq!(solve(&text(&stairs)).0, "No\n");
    // Changing an even stair keeps the loss; changing one odd stair turns it into a win.
    stairs[1] ^= 12345;
    assert_eq!(solve(&text(&stairs)).0, "No\n");
    stairs[n - 2] ^= 1 << 63;
    assert_eq!(solve(&text(&stairs)).0, "Yes\n");
}

#[test]
fn extremes_and_empty() {
    assert_eq!(solve("1\n18446744073709551615\n").0, "Yes\n");
    assert_eq!(solve("2\n0 18446744073709551615\n").0, "No\n");
    assert_eq!(solve("3\n18446744073709551615 1 18446744073709551615\n").0, "No\n");
    assert_eq!(solve("0\n").0, "No\n");
}

#[test]
fn a_stone_count_past_2_pow_64_is_refused_at_its_token() {
    let input = "3\n1 18446744073709551616 2\n";
    let (out, fault) = solve(input);
    let fault = fault.expect("refused");
    assert_eq!(out, "");
    assert_eq!(fault.offset, 4);
    assert!(fault.render("staircase-nim", input.as_bytes()).contains("line 2, column 3"));
    assert!(fault.expected.contains("below 2^64"), "{}", fault.expected);
}
