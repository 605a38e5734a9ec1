//! luogu1247: the printed move replayed and checked on large inputs (64-bit piles, half of them
//! lost on purpose), the order among winning moves, k = 0, and the 64-bit limit.

use games::registry::{find, run};
use games::rng::Rng;

fn solve(input: &str) -> (String, Option<games::InputError>) {
    let (out, fault) = run(find("luogu1247").unwrap(), input.as_bytes());
    (String::from_utf8(out).unwrap(), fault)
}

fn text(piles: &[u64]) -> String {
    format!("{}\n{}\n", piles.len(), piles.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
}

/// Checks an answer by replaying it: `lose` only when the XOR is 0; otherwise the move is legal,
/// the second line is the position after it, that position has XOR 0, and no move on an
/// earlier pile, nor a smaller move on the same pile, also leaves XOR 0.
fn check(piles: &[u64], answer: &str) {
    let xor = piles.iter().fold(0, |a, &p| a ^ p);
    if xor == 0 {
        assert_eq!(answer, "lose\n");
        return;
    }
    let mut lines = answer.split('\n');
    let first: Vec<u64> = lines.next().unwrap().split(' ').map(|t| t.parse().unwrap()).collect();
    let (a, b) = (first[0], first[1] as usize);
    assert!(a >= 1 && (1..=piles.len()).contains(&b) && a <= piles[b - 1], "move {a} {b}");
    let after: Vec<u64> = lines.next().unwrap().split(' ').map(|t| t.parse().unwrap()).collect();
    assert_eq!(lines.collect::<Vec<_>>(), [""], "exactly two lines");
    let mut want = piles.to_vec();
    want[b - 1] -= a;
    assert!(after == want, "second line is not the position after the move");
    assert_eq!(after.iter().fold(0, |acc, &p| acc ^ p), 0, "the move does not win");
    // The only way to zero the XOR from pile i is to leave piles[i] ^ xor there.
    for (i, &p) in piles[..b - 1].iter().enumerate() {
        assert!(p ^ xor >= p, "pile {} also had a winning move", i + 1);
    }
}

#[test]
fn large_inputs_replay_correctly() {
    let mut rng = Rng::new(1247);
    for round in 0..12 {
        let k = 100_000;
        let mut piles: Vec<u64> = (0..k).map(|_| rng.edgy(u64::MAX)).collect();
        if round % 2 == 0 {
            let rest = piles[1..].iter().fold(0, |a, &p| a ^ p);
            piles[0] = rest;
        } else if round % 4 == 1 {
            // Only the very last pile can move: the others are below the XOR's top bit.
            for p in piles.iter_mut() {
                *p >>= 2;
            }
            let rest = piles[..k - 1].iter().fold(0, |a, &p| a ^ p);
            piles[k - 1] = rest | (1 << 63);
        }
        let (out, fault) = solve(&text(&piles));
        assert!(fault.is_none());
        check(&piles, &out);
        if round % 4 == 1 {
            assert!(out.starts_with(&format!("{} {k}\n", 1u64 << 63)), "{}", &out[..40]);
        }
    }
}

#[test]
fn small_inputs_replay_correctly() {
    let mut rng = Rng::new(12);
    for _ in 0..5000 {
        let piles: Vec<u64> = (0..rng.range(1, 6)).map(|_| rng.range(0, 40)).collect();
        let (out, _) = solve(&text(&piles));
        check(&piles, &out);
    }
}

#[test]
fn edges() {
    // k = 0: no pile, no move: lost, and no second line.
    assert_eq!(solve("0\n").0, "lose\n");
    assert_eq!(solve("1\n0\n").0, "lose\n");
    assert_eq!(solve("2\n18446744073709551615 0\n").0, "18446744073709551615 1\n0 0\n");
    assert_eq!(solve("2\n0 18446744073709551615\n").0, "18446744073709551615 2\n0 0\n");
    assert_eq!(
        solve("3\n18446744073709551615 18446744073709551614 2\n").0,
        "3 1\n18446744073709551612 18446744073709551614 2\n"
    );
}

#[test]
fn a_pile_past_2_pow_64_is_refused_at_its_token() {
    let input = "3\n1 2\n18446744073709551616\n";
    let (out, fault) = solve(input);
    let fault = fault.expect("refused");
    assert_eq!(out, "");
    assert_eq!(fault.offset, 6);
    assert!(fault.render("luogu1247", input.as_bytes()).contains("line 3, column 1"));
}

#[test]
fn every_layout_of_the_pile_line_gives_the_same_answer() {
    // The canonical layout is copied around the changed pile; any other is re-read and written
    // out. Both must give the same bytes, whichever pile changes (first, middle, last).
    let mut rng = Rng::new(1248);
    for round in 0..300 {
        let k = rng.range(1, 40) as usize;
        let mut piles: Vec<u64> =
            (0..k).map(|_| rng.edgy(if round % 2 == 0 { 1000 } else { u64::MAX })).collect();
        // Make pile j the only one that can move: the others lose their top bits.
        let j = rng.index(k);
        let top = 1u64 << rng.range(1, 62);
        for (i, p) in piles.iter_mut().enumerate() {
            if i != j {
                *p %= top;
            }
        }
        let rest = piles.iter().enumerate().filter(|&(i, _)| i != j).fold(0, |a, (_, &p)| a ^ p);
        piles[j] = rest | top | rng.range(0, top - 1);
        let canonical = text(&piles);
        let (want, _) = solve(&canonical);
        check(&piles, &want);
        assert!(want.starts_with(&format!(
            "{} {}\n",
            piles[j] - (piles[j] ^ piles.iter().fold(0, |a, &p| a ^ p)),
            j + 1
        )));
        let odd_layouts = [
            canonical.replace(' ', "  "),
            canonical.replace(' ', "\t").replace('\n', "\r\n"),
            canonical.replacen(&format!("\n{}", piles[0]), &format!("\n+{}", piles[0]), 1),
            canonical.replacen(&format!("\n{}", piles[0]), &format!("\n000{}", piles[0]), 1),
            format!("{k}\n{}\n", piles.iter().map(u64::to_string).collect::<Vec<_>>().join("\n")),
            canonical.trim_end().to_string(),
        ];
        for layout in odd_layouts {
            assert_eq!(solve(&layout).0, want, "layout {layout:?}");
        }
    }
}
