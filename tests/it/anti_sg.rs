//! hdu1907 (misère Nim) and hdu2509 (Be the Winner): the SJ theorem against misère searches of
//! whole positions, the Grundy value of a row under run removal against a mex over real splits,
//! large structured cases with answers known by counting, and the limits.

use games::brute;
use games::brute::search::mex_of;
use games::registry::{find, run};
use games::theory::anti_sg::{AntiSg, run_removal_grundy};

fn answer(name: &str, input: &str) -> String {
    let (out, fault) = run(find(name).unwrap(), input.as_bytes());
    assert!(fault.is_none(), "{name}: {input:?} refused");
    String::from_utf8(out).unwrap()
}

/// Every multiset of `len` values in 0..=max (non-decreasing vectors).
fn multisets(len: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..len {
        let mut next = Vec::new();
        for v in &all {
            for x in v.last().copied().unwrap_or(0)..=max {
                let mut w = v.clone();
                w.push(x);
                next.push(w);
            }
        }
        all = next;
    }
    all
}

#[test]
fn row_grundy_is_a_mex_over_real_run_removals() {
    const MAX: usize = 60;
    let mut sg = vec![0u64; MAX + 1];
    for g in 1..=MAX {
        let mut options = Vec::new();
        for left in 0..g {
            for right in 0..g - left {
                options.push(sg[left] ^ sg[right]);
            }
        }
        sg[g] = mex_of(&options);
        assert_eq!(run_removal_grundy(g as u64), sg[g], "row of {g}");
    }
}

#[test]
fn misere_nim_matches_the_search_on_every_small_position() {
    let mut cases = 0;
    for len in 0..=4 {
        for piles in multisets(len, 6) {
            let text: Vec<String> = piles.iter().map(u64::to_string).collect();
            let input = format!("1\n{len}\n{}\n", text.join(" "));
            let want = if brute::hdu1907::wins(&piles) { "John\n" } else { "Brother\n" };
            assert_eq!(answer("hdu1907", &input), want, "piles {piles:?}");
            cases += 1;
        }
    }
    assert_eq!(cases, 1 + 7 + 28 + 84 + 210);
}

#[test]
fn be_the_winner_matches_the_search_on_every_position_up_to_14_apples() {
    // All multisets of non-empty groups with at most 14 apples in all.
    let mut checked = 0;
    for len in 0..=5 {
        for groups in multisets(len, 14) {
            if groups.contains(&0) || groups.iter().sum::<u64>() > 14 {
                continue;
            }
            let text: Vec<String> = groups.iter().map(u64::to_string).collect();
            let input = format!("{len}\n{}\n", text.join(" "));
            let want = if brute::hdu2509::wins(&groups) { "Yes\n" } else { "No\n" };
            assert_eq!(answer("hdu2509", &input), want, "groups {groups:?}");
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn the_zero_value_hypothesis_matters() {
    // The SJ theorem needs every component of value 0 to be finished. A single component Z of
    // value 0 that still has a move shows why: E (no move, value 0), A -> E (value 1),
    // B -> E, A (value 2), Z -> B (value 0). SJ would call Z (all values <= 1, XOR 0) a win for
    // the mover, but the only move is to B, the opponent answers with A, and the mover has to
    // make the last move.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    enum P {
        E,
        A,
        B,
        Z,
    }
    let moves = |p: &P| -> Vec<P> {
        match p {
            P::E => vec![],
            P::A => vec![P::E],
            P::B => vec![P::E, P::A],
            P::Z => vec![P::B],
        }
    };
    let mut search = brute::search::Search::misere(|p: &P| moves(p));
    let mut sum = AntiSg::new();
    sum.add(0);
    assert!(sum.first_player_wins());
    assert!(!search.wins(&P::Z));
}

#[test]
fn large_structured_cases() {
    // n piles of one: misère Nim is won exactly when n is even.
    for n in [99_999usize, 100_000] {
        let input = format!("1\n{n}\n{}\n", vec!["1"; n].join(" "));
        assert_eq!(answer("hdu1907", &input), if n % 2 == 0 { "John\n" } else { "Brother\n" });
        let input = format!("{n}\n{}\n", vec!["1"; n].join(" "));
        assert_eq!(answer("hdu2509", &input), if n % 2 == 0 { "Yes\n" } else { "No\n" });
    }
    // One pile above one among any number of ones: always a first-player win (cut the big pile
    // to leave an odd number of ones).
    let max = u64::MAX.to_string();
    for ones in [0usize, 1, 2, 7, 1000] {
        let mut v = vec!["1".to_string(); ones];
        v.push(max.clone());
        let input = format!("1\n{}\n{}\n", v.len(), v.join(" "));
        assert_eq!(answer("hdu1907", &input), "John\n");
    }
    // Pairs of equal big piles (XOR 0, values >= 2): a loss, at the 64-bit edge too.
    let input = format!("1\n4\n{max} {max} 18446744073709551614 18446744073709551614\n");
    assert_eq!(answer("hdu1907", &input), "Brother\n");
    let input = format!("4\n{max} {max} 2 2\n5\n{max} {max} 2 2 1\n");
    assert_eq!(answer("hdu2509", &input), "No\nYes\n");
}

#[test]
fn limits_and_edges() {
    assert_eq!(answer("hdu1907", "1\n0\n"), "John\n");
    assert_eq!(answer("hdu1907", "2\n3\n0 0 0\n1\n0\n"), "John\nJohn\n");
    assert_eq!(answer("hdu2509", ""), "");
    assert_eq!(answer("hdu2509", "0\n1\n0"), "Yes\nYes\n");
    // A case cut short at end of input is an error after the complete cases.
    let p = find("be-the-winner").unwrap();
    let (out, fault) = run(p, b"1\n1\n2\n5\n");
    assert_eq!(out, b"No\n");
    assert_eq!(fault.unwrap().offset, 8);
    let p = find("anti-nim").unwrap();
    let (out, fault) = run(p, b"2\n1\n1\n2\n18446744073709551615 18446744073709551616\n");
    assert_eq!(out, b"Brother\n");
    assert_eq!(fault.unwrap().offset, 29);
}
