//! split-nim: the closed form against the definition sg(x) = mex{sg(a) XOR sg(b) : a, b < x}
//! (a real brute force over pairs) for every x up to 300; the 65-bit values; whole-game search
//! over every small position.

use games::brute::split_nim::wins;
use games::registry::{find, run};
use games::rng::Rng;
use games::theory::split::{grundy, odious, p_position, p_position_by_parity, pile_of};

fn solve(input: &str) -> String {
    let (out, fault) = run(find("split-nim").unwrap(), input.as_bytes());
    assert!(fault.is_none(), "{input}");
    String::from_utf8(out).unwrap()
}

#[test]
fn closed_form_matches_the_definition_up_to_300() {
    const N: usize = 300;
    let mut g = vec![0u64; N + 1];
    let mut seen = vec![false; 4096];
    for x in 1..=N {
        seen.iter_mut().for_each(|s| *s = false);
        for a in 0..x {
            for b in 0..x {
                seen[(g[a] ^ g[b]) as usize] = true;
            }
        }
        g[x] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    for (x, &v) in g.iter().enumerate() {
        assert_eq!(grundy(x as u64), v as u128, "x = {x}");
    }
    // And the first values of the odious numbers (OEIS A000069), written out.
    assert_eq!(&g[1..12], &[1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21]);
}

#[test]
fn values_are_odious_increasing_and_invertible_across_64_bits() {
    let mut rng = Rng::new(894);
    for _ in 0..100_000 {
        let x = rng.edgy(u64::MAX).max(1);
        let v = grundy(x);
        assert!(odious(v), "x = {x}");
        assert_eq!(pile_of(v), Some(x));
        if x < u64::MAX {
            let w = grundy(x + 1);
            assert!(w > v && w - v <= 3, "x = {x}");
        }
    }
    // Evil values are never reached, 0 only by the empty pile.
    assert_eq!(pile_of(0), Some(0));
    assert_eq!(pile_of(3), None);
    assert_eq!(pile_of(1u128 << 66 | 1), None);
}

#[test]
fn the_65th_bit_is_kept() {
    // sg(2^63 + 1) = 2^64 exactly: a 64-bit solver that wraps would see 0 and answer No.
    assert_eq!(grundy((1 << 63) + 1), 1u128 << 64);
    assert_eq!(solve("1\n9223372036854775809\n"), "Yes\n");
    // Piles whose values cancel in the low 64 bits but not in the 65th:
    // sg(2^63 + 2) = 2^64 + 3 and sg(1) ^ sg(2) = 1 ^ 2 = 3, so the XOR is exactly 2^64.
    let a = (1u64 << 63) + 2;
    assert_eq!(grundy(a) ^ grundy(1) ^ grundy(2), 1u128 << 64);
    assert_eq!(solve(&format!("3\n1 {a} 2\n")), "Yes\n");
    assert_eq!(solve("2\n18446744073709551615 18446744073709551615\n"), "No\n");
}

#[test]
fn both_forms_of_the_verdict_agree() {
    let mut rng = Rng::new(65);
    for _ in 0..20_000 {
        let n = rng.range(0, 6) as usize;
        let mut piles: Vec<u64> = (0..n).map(|_| rng.edgy(u64::MAX)).collect();
        if n > 0 && rng.chance(1, 2) {
            let rest = piles[1..].iter().fold(0u128, |acc, &x| acc ^ grundy(x));
            if let Some(x) = pile_of(rest) {
                piles[0] = x;
            }
        }
        let xor = piles.iter().filter(|&&x| x > 0).fold(0u64, |acc, &x| acc ^ (x - 1));
        let count = piles.iter().filter(|&&x| x > 0).count() as u64;
        assert_eq!(
            p_position(piles.iter().copied()),
            p_position_by_parity(xor, count),
            "{piles:?}"
        );
    }
}

#[test]
fn theorem_matches_whole_game_search_on_every_small_position() {
    let mut lost = 0;
    for a in 0..=4u64 {
        for b in a..=4 {
            for c in b..=4 {
                let piles = [a, b, c];
                let searched = wins(&piles);
                assert_eq!(!p_position(piles), searched, "{piles:?}");
                lost += usize::from(!searched);
            }
        }
    }
    for piles in [[1u64, 2, 3, 4], [5, 5, 0, 0], [1, 6, 0, 0], [2, 3, 5, 0]] {
        assert_eq!(!p_position(piles), wins(&piles), "{piles:?}");
    }
    assert!(lost >= 5, "{lost}");
}

#[test]
fn a_pile_past_2_pow_64_is_refused_at_its_token() {
    let text = "2\n5 18446744073709551616\n";
    let (out, fault) = run(find("split-nim").unwrap(), text.as_bytes());
    let fault = fault.expect("refused");
    assert!(out.is_empty());
    assert_eq!(fault.offset, 4);
    assert!(fault.expected.contains("below 2^64"), "{}", fault.expected);
}
