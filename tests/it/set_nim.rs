//! set-nim: the budget refusals, huge piles against the known periods, the judge's maxima
//! against the plain definition, and the harmless extras (duplicates, moves beyond every pile).

use games::brute::search::grundy_table;
use games::registry::{find, run};
use games::rng::Rng;
use games::theory::subtraction::{Budget, Exceeded, GrundyTable};

fn solve(input: &str) -> (String, Option<games::InputError>) {
    let (out, fault) = run(find("set-nim").unwrap(), input.as_bytes());
    (String::from_utf8(out).unwrap(), fault)
}

fn input(moves: &[u64], piles: &[u64]) -> String {
    let line = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    format!("{}\n{}\n{}\n{}\n", moves.len(), line(moves), piles.len(), line(piles))
}

/// sg by the definition, over 0..=n (no stamps, no period).
fn definition(moves: &[u64], n: usize) -> Vec<u32> {
    let options = |x: usize| -> Vec<usize> {
        moves.iter().filter(|&&s| s as usize <= x).map(|&s| x - s as usize).collect()
    };
    grundy_table(n, options).into_iter().map(|v| v as u32).collect()
}

#[test]
fn judge_maxima_match_the_definition() {
    let mut rng = Rng::new(893);
    for round in 0..20 {
        let mut moves: Vec<u64> =
            (0..100).map(|_| rng.range(1, if round % 2 == 0 { 10_000 } else { 300 })).collect();
        moves.sort_unstable();
        moves.dedup();
        let g = definition(&moves, 10_000);
        let mut piles: Vec<u64> = (0..100).map(|_| rng.range(1, 10_000)).collect();
        if round % 3 == 0 {
            // Make it a loss on purpose: the last pile takes the value that cancels the rest.
            let rest = piles[..99].iter().fold(0, |acc, &h| acc ^ g[h as usize]);
            if let Some(h) = (1..=10_000).find(|&h| g[h] == rest) {
                piles[99] = h as u64;
            }
        }
        let want =
            if piles.iter().fold(0, |acc, &h| acc ^ g[h as usize]) == 0 { "No\n" } else { "Yes\n" };
        assert_eq!(solve(&input(&moves, &piles)).0, want, "round {round}");
    }
}

#[test]
fn huge_piles_follow_the_known_periods() {
    let mut rng = Rng::new(1846);
    for round in 0..150 {
        // S = {1..m} is the Bash game: sg(x) = x mod (m+1). Once m = 10^4, the most moves our
        // limits promise (the period m + 1 shows when 2m + 1 values are known, after about
        // 1.5 * 10^8 checks).
        let m = if round == 0 { 10_000 } else { rng.range(1, 300) };
        let moves: Vec<u64> = (1..=m).collect();
        let piles = [rng.next_u64(), rng.next_u64(), u64::MAX];
        let sum = piles.iter().fold(0, |acc, &h| acc ^ (h % (m + 1)));
        let want = if sum == 0 { "No\n" } else { "Yes\n" };
        assert_eq!(solve(&input(&moves, &piles)).0, want, "m {m} piles {piles:?}");
    }
    for round in 0..205 {
        // S = {s}: sg(x) = floor(x / s) mod 2, period 2s, seen when 3s values are known. Up to
        // s = 10^7 (our limit for moves): a table of 3 * 10^7 one-byte values.
        let s = match round {
            0 => 10_000_000,
            1 => 9_999_999,
            2..=4 => rng.range(1_000_000, 10_000_000),
            _ => rng.range(1, 20_000),
        };
        let piles = [rng.next_u64(), rng.range(0, 10 * s)];
        let sum = piles.iter().fold(0, |acc, &h| acc ^ ((h / s) % 2));
        let want = if sum == 0 { "No\n" } else { "Yes\n" };
        assert_eq!(solve(&input(&[s], &piles)).0, want, "s {s} piles {piles:?}");
    }
}

#[test]
fn the_table_is_sized_by_the_largest_pile() {
    // No period can show before 40 here (m = 37): exactly 0..=40 is computed.
    let t = GrundyTable::new(&[5, 37, 1_000_000_000], 40, Budget::DEFAULT).unwrap();
    assert_eq!(t.computed(), 41);
    assert_eq!(t.period(), None);
    // With a period, far less than the pile.
    let t = GrundyTable::new(&[2, 5], 10_000_000, Budget::DEFAULT).unwrap();
    assert!(t.computed() < 100, "{}", t.computed());
    let g = definition(&[2, 5], 1000);
    for (x, &v) in g.iter().enumerate() {
        assert_eq!(t.grundy(x as u64), v);
    }
}

#[test]
fn duplicates_and_moves_beyond_every_pile_change_nothing() {
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let moves: Vec<u64> = (0..rng.range(1, 6)).map(|_| rng.range(1, 40)).collect();
        let piles: Vec<u64> = (0..rng.range(1, 6)).map(|_| rng.range(0, 200)).collect();
        let plain = solve(&input(&moves, &piles)).0;
        let top = piles.iter().copied().max().unwrap();
        let mut extra = moves.clone();
        extra.extend_from_slice(&moves);
        extra.extend([top + 1, u64::MAX, top + rng.range(1, 1000)]);
        assert_eq!(solve(&input(&extra, &piles)).0, plain, "moves {moves:?} piles {piles:?}");
    }
}

#[test]
fn a_move_of_zero_is_refused_at_its_token() {
    let text = "3\n2 0 5\n1\n7\n";
    let (out, fault) = solve(text);
    let fault = fault.expect("refused");
    assert_eq!(out, "");
    assert_eq!(fault.offset, 4);
    assert!(fault.expected.contains("move size"), "{}", fault.expected);
}

#[test]
fn a_single_move_of_ten_million_reaches_any_pile() {
    // sg(x) = floor(x / 10^7) mod 2: period 2 * 10^7 from 0, proved by the window of 10^7
    // values at 2 * 10^7; the table stops at 3 * 10^7, well within its 10^8 one-byte positions.
    assert_eq!(solve("1 10000000 1 1000000000000000000").0, "No\n"); // 10^11 blocks of 10^7
    assert_eq!(solve("1 10000000 1 50000000").0, "Yes\n"); // 5
    assert_eq!(solve("1 10000000 1 18446744073709551615").0, "No\n"); // 1844674407370
    assert_eq!(solve("1 10000000 2 18446744073709551615 10000000").0, "Yes\n"); // 0 ^ 1
    let t = GrundyTable::new(&[10_000_000], u64::MAX, Budget::DEFAULT).unwrap();
    assert_eq!((t.period(), t.computed()), (Some(20_000_000), 30_000_000));
}

#[test]
fn two_moves_up_to_ten_million_reach_any_pile() {
    // S = {a, b}: sg repeats with period a + b from 0 (checked over all a < b <= 40 in the
    // theory's unit tests), so a huge pile has the value of its remainder, which the table
    // reaches directly (below a + 2b, where no repeat can be proved yet).
    let mut rng = Rng::new(2);
    for (a, b) in [
        (9_999_991, 10_000_000),
        (1, 10_000_000),
        (rng.range(1, 5_000_000), rng.range(5_000_000, 10_000_000)),
    ] {
        let huge = u64::MAX - rng.range(0, 1 << 40);
        let small = huge % (a + b);
        let far = solve(&format!("2 {a} {b} 2 {huge} 1")).0;
        let near = solve(&format!("2 {a} {b} 2 {small} 1")).0;
        assert_eq!(far, near, "{a} {b} {huge}");
    }
}

#[test]
fn beyond_the_table_budget_is_refused_at_the_largest_pile() {
    // A single move of 10^8: the first repeat of windows that long cannot show within the 10^8
    // one-byte positions, so a pile beyond them is refused at once.
    let text = "1\n100000000\n3\n5 1000000000000000000 7\n";
    let (out, fault) = solve(text);
    let fault = fault.expect("refused");
    assert_eq!(out, "");
    assert_eq!(fault.offset, text.find("1000000000000000000").unwrap());
    let msg = fault.render("set-nim", text.as_bytes());
    assert!(
        msg.contains(
            "line 4, column 3: expected a pile the table budget reaches (below 100000000)"
        ),
        "{msg}"
    );
    assert!(
        msg.contains(
            "no period can be detected within the table budget of 10^8 bytes (100000000 positions"
        ),
        "{msg}"
    );
    // The same move with piles below it is no problem: it can never be made.
    assert_eq!(solve("1\n100000000\n2\n5 99999999\n").0, "No\n");
    // A single move s needs 3s values: s = 33333333 just fits the 10^8 positions (the period
    // 2s shows at 99999999 values), s = 33333334 does not, and is refused when they run out.
    assert_eq!(solve("1 33333333 1 18446744073709551615").0, "Yes\n"); // 553402327745 blocks
    let text = "1 33333334 1 18446744073709551615";
    let (out, fault) = solve(text);
    let fault = fault.expect("refused");
    assert_eq!((out.as_str(), fault.offset), ("", 13));
    let msg = fault.expected;
    assert!(
        msg.contains(
            "no period of the Grundy values was detected within the table budget of 10^8 bytes"
        ),
        "{msg}"
    );
}

#[test]
fn the_work_budget_is_enforced() {
    // Scaled down: the same loop with a small budget. 500 moves over 1..1000 need more than
    // 10^6 work units for 4000 positions, and no period has shown by then.
    let mut rng = Rng::new(5);
    let moves: Vec<u64> = (0..500).map(|_| rng.range(1, 1000)).collect();
    let small = Budget { table_bytes: 1_000_000, work: 1_000_000 };
    let full = GrundyTable::new(&moves, 1999, Budget::DEFAULT).unwrap();
    assert_eq!(full.period(), None);
    assert_eq!(
        GrundyTable::new(&moves, 4000, small).unwrap_err(),
        Exceeded::Work { at_once: false }
    );
    let g = definition(&moves, 1999);
    for (x, &v) in g.iter().enumerate() {
        assert_eq!(full.grundy(x as u64), v);
    }
}

#[test]
fn hopeless_work_is_refused_at_once() {
    // 10^4 moves spread over 1..10^7 and a pile of 10^7: no period can show before the pile,
    // and the table up to it needs about 5 * 10^10 move checks, more than the 2 * 10^9 allowed.
    let moves: Vec<u64> = (0..10_000).map(|i| 1000 * i + 7).collect();
    let text = input(&moves, &[3, 10_000_000, 10_000_000]);
    let (out, fault) = solve(&text);
    let fault = fault.expect("refused");
    assert_eq!(out, "");
    assert_eq!(fault.offset, text.find(" 10000000").unwrap() + 1);
    assert!(
        fault.expected.contains("exceed the budget of 2*10^9 work units by themselves"),
        "{}",
        fault.expected
    );
    // Within reach of the checks, but no period and too many of them: refused when the budget
    // runs out (scaled down in the_work_budget_is_enforced; the message here).
    let mut rng = Rng::new(10);
    let moves: Vec<u64> = (0..2000).map(|_| rng.range(1, 20_000)).collect();
    let text = input(&moves, &[10_000_000]);
    let (out, fault) = solve(&text);
    let fault = fault.expect("refused");
    assert_eq!((out.as_str(), fault.offset), ("", text.rfind("10000000").unwrap()));
    assert!(fault.expected.contains("no period of the Grundy values was detected, nor this pile reached, within the budget of 2*10^9 work units"), "{}", fault.expected);
    // The same moves with a pile of 10^5 are fine: about 10^6 checks.
    let text = input(&moves, &[3, 100_000, 99_999]);
    assert!(solve(&text).1.is_none());
}
