//! HDU 2516 beyond the generic tests: the mid-game theorem (limit >= smallest Zeckendorf term)
//! against a plain search for every small position, every opening up to 200 against the brute
//! force, the Fibonacci numbers near 2^64 computed independently in 128 bits, Zeckendorf
//! representations, and the refusal of n = 1.

use games::brute::search::Search;
use games::registry::{find, run};
use games::theory::fibonacci::{FIB, is_fibonacci, mover_wins, zeckendorf};

fn solve(input: &str) -> (String, Option<games::InputError>) {
    let p = find("hdu2516").unwrap();
    let (out, fault) = run(p, input.as_bytes());
    (String::from_utf8(out).unwrap(), fault)
}

#[test]
fn the_mid_game_theorem_matches_a_search_for_every_small_position() {
    // (stones, limit): the mover takes 1..=limit; taking the last stone wins.
    let mut search = Search::normal(|&(left, limit): &(u64, u64)| {
        (1..=limit.min(left)).map(|t| (left - t, 2 * t)).collect()
    });
    for stones in 1..=120u64 {
        for limit in 1..=stones + 1 {
            assert_eq!(
                mover_wins(stones, limit),
                search.wins(&(stones, limit)),
                "({stones}, {limit})"
            );
        }
    }
}

#[test]
fn every_opening_up_to_200_matches_the_brute_force() {
    let input: String = (2..=200).map(|n| format!("{n}\n")).chain(["0\n".to_string()]).collect();
    let (fast, fault) = solve(&input);
    assert!(fault.is_none());
    let slow = games::brute::hdu2516::answer(input.as_bytes()).expect("within the budget");
    assert_eq!(fast, String::from_utf8(slow).unwrap());
    assert_eq!(fast.lines().filter(|l| *l == "Second win").count(), 10); // 2 3 5 ... 144
}

#[test]
fn fibonacci_numbers_up_to_2_pow_64_computed_in_128_bits() {
    let mut fib: Vec<u128> = vec![1, 2];
    while fib[fib.len() - 1] + fib[fib.len() - 2] <= u64::MAX as u128 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    assert_eq!(fib.len(), FIB.len());
    assert!(fib.iter().zip(FIB.iter()).all(|(&a, &b)| a == b as u128));
    // The verdict on every Fibonacci number and on its neighbours, through the solver.
    let mut input = String::new();
    let mut want = String::new();
    for &f in &fib {
        for n in [f - 1, f, f + 1] {
            if (2..=u64::MAX as u128).contains(&n) {
                input.push_str(&format!("{n}\n"));
                let fibonacci = fib.contains(&n);
                want.push_str(if fibonacci { "Second win\n" } else { "First win\n" });
            }
        }
    }
    input.push_str("18446744073709551615\n0\n");
    want.push_str("First win\n");
    assert_eq!(solve(&input), (want, None));
}

#[test]
fn zeckendorf_representations_are_sums_of_non_adjacent_terms() {
    let mut rng = games::rng::Rng::new(11);
    for i in 0..20_000 {
        let n = if i < 1000 { i } else { rng.edgy(u64::MAX) | rng.next_u64() >> rng.below(64) };
        let z = zeckendorf(n);
        let sum: u128 = z.iter().map(|&i| FIB[i] as u128).sum();
        assert_eq!(sum, n as u128);
        assert!(z.windows(2).all(|w| w[0] >= w[1] + 2), "{n}: {z:?}");
        assert_eq!(is_fibonacci(n), z.len() == 1, "{n}");
    }
}

#[test]
fn one_stone_is_refused_and_the_sentinel_ends_the_input() {
    let input = "5\n1\n";
    let (out, fault) = solve(input);
    assert_eq!(out, "Second win\n");
    let fault = fault.expect("n = 1 refused");
    assert_eq!(fault.offset, 2);
    assert!(fault.render("hdu2516", input.as_bytes()).contains("at least 2"));
    assert_eq!(solve("4\n0\n"), ("First win\n".to_string(), None));
    assert_eq!(solve("4"), ("First win\n".to_string(), None));
    let (out, fault) = solve("4\n0\n4\n");
    assert_eq!(out, "First win\n");
    assert_eq!(fault.unwrap().offset, 4);
    let (_, fault) = solve("18446744073709551616\n");
    assert_eq!(fault.unwrap().offset, 0);
}

#[test]
fn is_fibonacci_agrees_with_a_binary_search_of_the_table() {
    let mut rng = games::rng::Rng::new(3);
    let check = |n: u64| assert_eq!(is_fibonacci(n), FIB.binary_search(&n).is_ok(), "{n}");
    for &f in FIB.iter() {
        for d in 0..3 {
            check(f.wrapping_sub(d));
            check(f.wrapping_add(d));
        }
    }
    for i in 0..64 {
        check(1 << i);
        check((1u64 << i).wrapping_sub(1));
    }
    for _ in 0..100_000 {
        check(rng.next_u64() >> rng.below(64));
    }
}
