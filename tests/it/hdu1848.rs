//! HDU 1848 beyond the generic tests: every position with piles up to 30 against the search
//! over triples, the Grundy table against its definition (and the byte bound) up to 10^6, lazy
//! growth in pieces against one build, and the pile limit.

use games::brute::search::mex_of;
use games::registry::{find, run};
use games::theory::fibonacci_subtraction::GrundyTable;

fn solve(input: &str) -> (String, Option<games::InputError>) {
    let p = find("hdu1848").unwrap();
    let (out, fault) = run(p, input.as_bytes());
    (String::from_utf8(out).unwrap(), fault)
}

#[test]
fn every_position_up_to_30_matches_the_search_over_triples() {
    let mut input = String::new();
    for a in 0..=30u64 {
        for b in a..=30 {
            for c in b..=30 {
                if (a, b, c) != (0, 0, 0) {
                    input.push_str(&format!("{c} {a} {b}\n"));
                }
            }
        }
    }
    input.push_str("0 0 0\n");
    let (fast, fault) = solve(&input);
    assert!(fault.is_none());
    let slow = games::brute::hdu1848::answer(input.as_bytes()).expect("within the search budget");
    assert_eq!(fast, String::from_utf8(slow).unwrap());
    // Both verdicts occur, in the proportions of a real game.
    let losses = fast.lines().filter(|l| *l == "Nacci").count();
    assert!(losses > 100 && losses < fast.lines().count() / 2, "{losses}");
}

/// The Fibonacci numbers 1, 2, 3, 5, ... up to `max`, computed here.
fn fibs(max: usize) -> Vec<usize> {
    let mut v = vec![1, 2];
    while v[v.len() - 1] + v[v.len() - 2] <= max {
        v.push(v[v.len() - 1] + v[v.len() - 2]);
    }
    v
}

#[test]
fn the_table_is_the_mex_of_the_options_and_fits_the_bound() {
    const H: usize = 1_000_000;
    let f = fibs(H);
    let mut t = GrundyTable::with_ceiling(H);
    t.extend_to(H);
    let mut largest = 0;
    for x in 0..=H {
        let options: Vec<u64> =
            f.iter().filter(|&&s| s <= x).map(|&s| t.get(x - s) as u64).collect();
        let g = t.get(x);
        assert_eq!(g as u64, mex_of(&options), "sg({x})");
        // A mex of s values is at most s: the byte (and 64-bit mask) bound of the theory.
        assert!(g as usize <= options.len() && g < 64, "sg({x}) = {g}");
        largest = largest.max(g);
    }
    assert!(largest >= 10, "the values do grow: {largest}");
}

#[test]
fn growing_in_pieces_equals_one_build() {
    let mut whole = GrundyTable::with_ceiling(200_000);
    whole.extend_to(200_000);
    let mut pieces = GrundyTable::with_ceiling(200_000);
    let mut rng = games::rng::Rng::new(7);
    for _ in 0..300 {
        let h = rng.range(0, 200_000) as usize;
        pieces.extend_to(h);
        assert!(pieces.len() > h);
        let x = rng.range(0, h as u64) as usize;
        assert_eq!(pieces.get(x), whole.get(x), "sg({x})");
    }
    pieces.extend_to(200_000);
    assert!((0..=200_000).all(|x| pieces.get(x) == whole.get(x)));
}

#[test]
fn piles_up_to_the_limit_are_accepted_and_past_it_refused() {
    // Within the limit (10^7 keeps the test quick; 10^8 itself is the same code, one more
    // factor of ten in table size).
    let (out, fault) = solve("10000000 9999999 0\n0 0 0\n");
    assert!(fault.is_none());
    assert_eq!(out.lines().count(), 1);
    // One past the limit: refused at that token, before any table is built, and the answers
    // before it are kept.
    let input = "1 1 1\n2 100000001 3\n";
    let (out, fault) = solve(input);
    assert_eq!(out, "Fibo\n");
    let fault = fault.expect("refused");
    assert_eq!(fault.offset, input.find("100000001").unwrap());
    let msg = fault.render("hdu1848", input.as_bytes());
    assert!(msg.contains("at most 100000000"), "{msg}");
    // The limit itself parses (checked without building the 10^8 table: a bad token follows).
    let (_, fault) = solve("100000000 0 x\n");
    assert_eq!(fault.unwrap().offset, 12);
}

#[test]
fn sentinel_eof_and_zero_piles() {
    // 0 0 0 ends the input; a 0 among non-zero piles is an ordinary empty pile.
    assert_eq!(solve("0 0 1\n0 0 0\n").0, "Fibo\n");
    assert_eq!(solve("0 0 4\n").0, "Nacci\n");
    assert_eq!(solve("").0, "");
    let (out, fault) = solve("1 1 1\n0 0 0\n1 1 1\n");
    assert_eq!(out, "Fibo\n");
    assert_eq!(fault.unwrap().offset, 12);
    // A case cut short is an error, not a silent end.
    assert!(solve("1 1 1\n1 1\n").1.is_some());
}
