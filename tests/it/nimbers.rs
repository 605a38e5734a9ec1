//! The nimber kernel (`nim-product`, `turning-corners`): every fast path against the mex
//! definition, a recursive-halving reference and each other; field laws; Turning Corners by
//! search against the nim-product formula; limits and batch boundaries. (Speed is `make
//! bench`'s, not a test's.)

use games::brute::turning_corners::wins;
use games::registry::{find, run};
use games::rng::Rng;
use games::theory::nimber::{
    Multiplier, PolyTables, nim_inverse, nim_power, nim_product, nim_product_portable,
    nim_product_reference,
};
use games::theory::turning_corners::light_grundy;

/// Every path this machine can run: portable, carry-less (if the CPU has it), and the
/// polynomial-basis tables with a software carry-less multiply (everywhere).
type Path = (&'static str, Box<dyn Fn(u64, u64) -> u64>);

fn paths() -> Vec<Path> {
    let mut v: Vec<Path> = vec![
        ("portable", Box::new(|a, b| Multiplier::portable().product(a, b))),
        ("poly-soft", Box::new(|a, b| PolyTables::get().product_soft(a, b))),
        ("best", Box::new(nim_product)),
    ];
    if let Some(m) = Multiplier::clmul() {
        v.push(("clmul", Box::new(move |a, b| m.product(a, b))));
    } else {
        eprintln!("no PCLMULQDQ here: the carry-less path is not tested on this machine");
    }
    v
}

/// Random values with many extremes: 0, 1, Fermat 2-powers and neighbours, near 2^64 - 1.
fn value(rng: &mut Rng) -> u64 {
    match rng.below(6) {
        0 => rng.edgy(u64::MAX),
        1 => u64::MAX - rng.below(4),
        2 => {
            let f = 1u64.checked_shl(1 << rng.below(6)).unwrap_or(0);
            f.wrapping_add(rng.below(3)).wrapping_sub(1)
        }
        _ => rng.next_u64(),
    }
}

#[test]
fn every_path_matches_the_mex_definition_below_64() {
    let t = games::brute::nim_product::mex_definition_table(64);
    for (name, mul) in paths() {
        for a in 0..64u64 {
            for b in 0..64u64 {
                assert_eq!(mul(a, b), t[a as usize][b as usize], "{name}: {a} (*) {b}");
            }
        }
    }
    for a in 0..64u64 {
        for b in 0..64u64 {
            assert_eq!(
                nim_product_reference(a, b),
                t[a as usize][b as usize],
                "reference: {a} (*) {b}"
            );
        }
    }
}

#[test]
fn every_path_matches_the_halving_reference_on_64_bit_values() {
    let paths = paths();
    let mut rng = Rng::new(64);
    for _ in 0..3000 {
        let (a, b) = (value(&mut rng), value(&mut rng));
        let want = nim_product_reference(a, b);
        for (name, mul) in &paths {
            assert_eq!(mul(a, b), want, "{name}: {a} (*) {b}");
        }
    }
    // The Library Checker sample's extreme, and 2^32 (*) 2^32 = 3 * 2^31.
    assert_eq!(nim_product_reference(u64::MAX, u64::MAX), 11290409524105353207);
    for (name, mul) in &paths {
        assert_eq!(mul(1 << 32, 1 << 32), 3 << 31, "{name}");
        assert_eq!(mul(u64::MAX, u64::MAX), 11290409524105353207, "{name}");
    }
}

#[test]
fn batch_products_match_single_products() {
    let mut rng = Rng::new(7);
    let pairs: Vec<[u64; 2]> = (0..5000).map(|_| [value(&mut rng), value(&mut rng)]).collect();
    for m in [Some(Multiplier::portable()), Multiplier::clmul()].into_iter().flatten() {
        let mut got = Vec::new();
        m.products(&pairs, &mut got);
        let want: Vec<u64> = pairs.iter().map(|&[a, b]| nim_product_portable(a, b)).collect();
        assert_eq!(got, want, "{}", m.name());
    }
}

#[test]
fn fermat_two_powers_follow_conway() {
    // F (*) x = F * x for x < F, and F (*) F = (3/2) F, for F = 2^(2^k).
    let mut rng = Rng::new(5);
    for k in 0..6 {
        let f = 1u64 << (1 << k);
        assert_eq!(nim_product(f, f), f + f / 2, "F_{k} squared");
        for _ in 0..200 {
            let x = rng.below(f);
            assert_eq!(nim_product(f, x), f * x, "F_{k} (*) {x}");
        }
    }
}

#[test]
fn field_laws_hold_on_random_values() {
    let mut rng = Rng::new(9);
    for _ in 0..20_000 {
        let (a, b, c) = (value(&mut rng), value(&mut rng), value(&mut rng));
        assert_eq!(nim_product(a, b), nim_product(b, a), "commutative {a} {b}");
        assert_eq!(
            nim_product(nim_product(a, b), c),
            nim_product(a, nim_product(b, c)),
            "associative {a} {b} {c}"
        );
        assert_eq!(
            nim_product(a, b ^ c),
            nim_product(a, b) ^ nim_product(a, c),
            "distributive {a} {b} {c}"
        );
        assert_eq!(nim_product(a, 1), a);
        assert_eq!(nim_product(a, 0), 0);
    }
    for _ in 0..300 {
        let a = value(&mut rng).max(1);
        let inv = nim_inverse(a).expect("non-zero");
        assert_eq!(nim_product(a, inv), 1, "inverse of {a}");
    }
    // The multiplicative group has order 2^64 - 1 (Lagrange: a^(2^64 - 1) = 1 for a != 0).
    for _ in 0..100 {
        let a = value(&mut rng).max(1);
        assert_eq!(nim_power(a, u64::MAX), 1, "{a}");
    }
}

#[test]
fn turning_corners_values_match_the_searched_game() {
    // Every set of lights on the 3 x 3 board: lost exactly when the XOR of x (*) y is 0.
    let cells: Vec<(u64, u64)> = (1..=3).flat_map(|x| (1..=3).map(move |y| (x, y))).collect();
    for mask in 0u32..1 << cells.len() {
        let lit: Vec<(u64, u64)> =
            cells.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, &c)| c).collect();
        let xor = lit.iter().fold(0, |s, &(x, y)| s ^ light_grundy(x, y));
        assert_eq!(wins(&lit), Some(xor != 0), "{lit:?}");
    }
    // Pairs of single lights on 3 x 4 and 2 x 6 boards: lost exactly when their values are
    // equal, which pins every value down, not only its being zero.
    for (w, h) in [(3u64, 4u64), (2, 6), (1, 12)] {
        let cells: Vec<(u64, u64)> = (1..=w).flat_map(|x| (1..=h).map(move |y| (x, y))).collect();
        for (i, &c) in cells.iter().enumerate() {
            for &d in &cells[i + 1..] {
                let equal = light_grundy(c.0, c.1) == light_grundy(d.0, d.1);
                assert_eq!(wins(&[c, d]), Some(!equal), "{c:?} {d:?}");
            }
        }
    }
}

fn solve(name: &str, input: &str) -> (String, Option<String>) {
    let p = find(name).unwrap();
    let (out, fault) = run(p, input.as_bytes());
    (String::from_utf8(out).unwrap(), fault.map(|f| f.render(p.name, input.as_bytes())))
}

#[test]
fn turning_corners_extremes_and_refusals() {
    const WIN: &str = "Have a try, lxhgww.\n";
    const LOSE: &str = "Don't waste your time.\n";
    let mut rng = Rng::new(11);
    let mut input = String::from("300\n");
    let mut want = String::new();
    for i in 0..300 {
        let (x, y) = (value(&mut rng), value(&mut rng));
        if i % 2 == 0 {
            // (x, y) and (x (*) y, 1) have equal values: a P-position (and if they are the same
            // cell, it is toggled off again: also lost).
            let v = nim_product_reference(x, y);
            input.push_str(&format!("2\n{x} {y}\n{v} 1\n"));
            want.push_str(LOSE);
        } else {
            let v = nim_product_reference(x, y);
            input.push_str(&format!("1\n{x} {y}\n"));
            want.push_str(if v == 0 { LOSE } else { WIN });
        }
    }
    assert_eq!(solve("turning-corners", &input), (want, None));
    let (out, fault) = solve("turning-corners", "2\n1\n1 1\n1\n18446744073709551616 1\n");
    assert_eq!(out, WIN);
    assert!(
        fault.unwrap().starts_with(
            "games turning-corners: line 5, column 1: expected coordinate x below 2^64"
        )
    );
}

#[test]
fn nim_product_streams_batches_and_keeps_answers_before_a_fault() {
    let mut rng = Rng::new(3);
    let pairs: Vec<(u64, u64)> = (0..3000).map(|_| (value(&mut rng), value(&mut rng))).collect();
    let mut input = format!("{}\n", pairs.len());
    for (i, &(a, b)) in pairs.iter().enumerate() {
        if i == 2049 {
            input.push_str(&format!("{a} -{b}\n"));
        } else {
            input.push_str(&format!("{a} {b}\n"));
        }
    }
    let (out, fault) = solve("nim-product", &input);
    let want: String =
        pairs[..2049].iter().map(|&(a, b)| format!("{}\n", nim_product_reference(a, b))).collect();
    assert_eq!(out, want);
    assert!(fault.unwrap().contains("line 2051, column "));
    let (out, fault) = solve("nim-product", &input.replace(" -", " "));
    assert_eq!(fault, None);
    assert_eq!(out.lines().count(), 3000);
}
