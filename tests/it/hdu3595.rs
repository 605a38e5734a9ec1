//! hdu3595 (GG and MM): the Euclid step rule against win/lose and step computed by their
//! definition for every small pair, the Every-SG theorem against a plain search of whole
//! multi-game positions with the every-game move rule, 63-bit extremes, and the limits.

use games::brute::hdu3595::{step_table, wins};
use games::registry::{find, run};
use games::theory::every_sg::{Step, euclid_step};

fn answer(input: &str) -> String {
    let (out, fault) = run(find("gg-and-mm").unwrap(), input.as_bytes());
    assert!(fault.is_none(), "{input:?} refused");
    String::from_utf8(out).unwrap()
}

#[test]
fn step_rule_matches_the_definition_for_every_pair_up_to_300() {
    const MAX: usize = 300;
    let table = step_table(MAX);
    for (p, row) in table.iter().enumerate() {
        for (q, &(wins, step)) in row.iter().enumerate() {
            assert_eq!(euclid_step(p as u64, q as u64), Step { wins, step }, "({p}, {q})");
        }
    }
    // The forced case a < b < 2a: (2, 3) has the single move to (1, 2), an N position.
    assert_eq!(table[2][3], (false, 2));
    assert_eq!(table[3][5], (true, 3));
}

#[test]
fn whole_positions_match_the_every_game_search() {
    let games: Vec<(u64, u64)> = (0..=5).flat_map(|p| (p..=5).map(move |q| (p, q))).collect();
    let show = |g: &[(u64, u64)]| {
        let lines: Vec<String> = g.iter().map(|(p, q)| format!("{p} {q}")).collect();
        format!("{}\n{}\n", g.len(), lines.join("\n"))
    };
    let mut checked = 0;
    for (i, &a) in games.iter().enumerate() {
        for &b in &games[i..] {
            let want = if wins(&[a, b]) { "MM\n" } else { "GG\n" };
            assert_eq!(answer(&show(&[a, b])), want, "games {a:?} {b:?}");
            checked += 1;
        }
    }
    let small: Vec<(u64, u64)> = games.iter().copied().filter(|&(p, q)| p <= 3 && q <= 4).collect();
    for (i, &a) in small.iter().enumerate() {
        for (j, &b) in small.iter().enumerate().skip(i) {
            for &c in &small[j..] {
                let want = if wins(&[a, b, c]) { "MM\n" } else { "GG\n" };
                assert_eq!(answer(&show(&[a, b, c])), want, "games {a:?} {b:?} {c:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 700, "{checked}");
}

#[test]
fn fibonacci_pairs_are_forced_all_the_way_down() {
    // (F_k, F_(k+1)) for k >= 2: every move is forced down to (1, 2), where the mover takes all.
    // So the game lasts exactly k - 1 moves, and the mover wins exactly when k - 1 is odd.
    let mut fib = vec![0u64, 1];
    while let Some(next) =
        fib[fib.len() - 1].checked_add(fib[fib.len() - 2]).filter(|&f| f < 1 << 63)
    {
        fib.push(next);
    }
    assert_eq!(fib.len(), 93); // F_0 .. F_92 = 7540113804746346429
    for k in 2..fib.len() - 1 {
        let step = k as u32 - 1;
        assert_eq!(euclid_step(fib[k], fib[k + 1]), Step { wins: step % 2 == 1, step }, "F_{k}");
        assert_eq!(euclid_step(fib[k + 1], fib[k]), Step { wins: step % 2 == 1, step }, "F_{k}");
    }
    let (f90, f91, f92) = (fib[90], fib[91], fib[92]);
    assert_eq!(answer(&format!("1\n{f91} {f92}\n")), "GG\n"); // 90 moves
    assert_eq!(answer(&format!("1\n{f90} {f91}\n")), "MM\n"); // 89 moves
    assert_eq!(answer(&format!("3\n{f91} {f92}\n1 2\n{f90} {f91}\n")), "GG\n");
}

#[test]
fn extremes() {
    const M: u64 = (1 << 63) - 1;
    assert_eq!(euclid_step(M, M), Step { wins: true, step: 1 });
    assert_eq!(euclid_step(M, 1), Step { wins: true, step: 1 });
    assert_eq!(euclid_step(M, 0), Step { wins: false, step: 0 });
    // (M - 1, M): forced to (1, M - 1), then the whole pile goes: 2 moves.
    assert_eq!(euclid_step(M - 1, M), Step { wins: false, step: 2 });
    // (2, M): M = 2 * (2^62 - 1) + 1; (1, 2) below it is N of step 1, so the winner keeps the
    // game long through (2, 3): 3 moves.
    assert_eq!(euclid_step(2, M), Step { wins: true, step: 3 });
    assert_eq!(answer(&format!("2\n{M} {M}\n{} {M}\n0\n1\n0 {M}\n", M - 1)), "GG\nGG\nGG\n");
}

#[test]
fn limits_are_enforced_at_the_token() {
    let p = find("hdu3595").unwrap();
    let input = b"1\n1 1\n2\n3 4\n9223372036854775808 1\n";
    let (out, fault) = run(p, input);
    assert_eq!(out, b"MM\n");
    let f = fault.expect("2^63 is refused");
    assert_eq!(f.offset, 12);
    assert!(f.render("hdu3595", input).contains("pile size of at most 9223372036854775807"));
    // A test cut short at the end of input.
    let (out, fault) = run(p, b"1\n2 2\n2\n1 1\n");
    assert_eq!(out, b"MM\n");
    assert_eq!(fault.unwrap().offset, 12);
    assert_eq!(answer(""), "");
}
