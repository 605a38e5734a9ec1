//! set-nim: the budget refusals, huge piles against the known periods, the judge's maxima
//! against the plain definition, and the harmless extras (duplicates, moves beyond every pile).

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
    let mut g = vec![0u32; n + 1];
    for x in 0..=n {
        let options: Vec<u32> = moves.iter().filter(|&&s| s as usize <= x).map(|&s| g[x - s as usize]).collect();
        g[x] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    g
}

#[test]
fn judge_maxima_match_the_definition() {
    let mut rng = Rng::new(893);
    for round in 0..20 {
        let mut moves: Vec<u64> = (0..100).map(|_| rng.range(1, if round % 2 == 0 { 10_000 } else { 300 })).collect();
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
        let want = if piles.iter().fold(0, |acc, &h| acc ^ g[h as usize]) == 0 { "No\n" } else { "Yes\n" };
        assert_eq!(solve(&input(&moves, &piles)).0, want, "round {round}");
    }
}

#[test]
fn huge_piles_follow_the_known_periods() {
    let mut rng = Rng::new(1846);
    for round in 0..150 {
        // S = {1..m} is the Bash game: sg(x) = x mod (m+1). Once m = 10^4, the most moves our
        // limits promise (the period shows after about 3.6 * 10^8 checks).
        let m = if round == 0 { 10_000 } else { rng.range(1, 300) };
        let moves: Vec<u64> = (1..=m).collect();
        let piles = [rng.next_u64(), rng.next_u64(), u64::MAX];
        let sum = piles.iter().fold(0, |acc, &h| acc ^ (h % (m + 1)));
        let want = if sum == 0 { "No\n" } else { "Yes\n" };
        assert_eq!(solve(&input(&moves, &piles)).0, want, "m {m} piles {piles:?}");
    }
    for _ in 0..200 {
        // S = {s}: sg(x) = floor(x / s) mod 2.
        let s = rng.range(1, 20_000);
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
fn beyond_the_budget_is_refused_at_the_largest_pile() {
    // A single move of 6 * 10^7: its window alone exceeds the 5 * 10^7 positions.
    let text = "1\n60000000\n3\n5 1000000000000000000 7\n";
    let (out, fault) = solve(text);
    let fault = fault.expect("refused");
    assert_eq!(out, "");
    assert_eq!(fault.offset, text.find("1000000000000000000").unwrap());
    let msg = fault.render("set-nim", text.as_bytes());
    assert!(msg.contains("line 4, column 3") && msg.contains("5*10^7 positions"), "{msg}");
    // The same move with piles below it is no problem: it can never be made.
    assert_eq!(solve("1\n60000000\n2\n5 59999999\n").0, "No\n");
}

#[test]
fn the_move_check_budget_is_enforced() {
    // Scaled down: the same loop with a small budget. 500 moves over 1..1000 need more than
    // 10^6 checks for 4000 positions, and no period has shown by then.
    let mut rng = Rng::new(5);
    let moves: Vec<u64> = (0..500).map(|_| rng.range(1, 1000)).collect();
    let small = Budget { positions: 1_000_000, move_checks: 1_000_000 };
    let full = GrundyTable::new(&moves, 1999, Budget::DEFAULT).unwrap();
    assert_eq!(full.period(), None);
    assert_eq!(GrundyTable::new(&moves, 4000, small).unwrap_err(), Exceeded::MoveChecks);
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
    assert!(fault.expected.contains("2*10^9 move checks"), "{}", fault.expected);
    // The same moves with a pile of 10^5 are fine: about 10^6 checks.
    let text = input(&moves, &[3, 100_000, 99_999]);
    assert!(solve(&text).1.is_none());
}
