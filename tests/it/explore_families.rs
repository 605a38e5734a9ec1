//! The game families of `games explore --game` against independent brute forces
//! (`games::brute::take_same`, `games::brute::turning`): k-heap take games on random sets J and
//! random boxes (values, outcomes, misère), Moore's theorem, coin-turning codes with every
//! modifier (heap form and real coin rows), 2-D products, and `--winning`.

use games::brute::take_same as brute_take;
use games::brute::turning as brute_turning;
use games::explore::builtin::{self, Builtin};
use games::explore::space::Space;
use games::explore::winning;
use games::rng::Rng;
use games::theory::turning;

fn table(name: &str, ranges: &[(u64, u64)], misere: bool) -> games::explore::table::Table {
    let g = builtin::parse(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    builtin::table(&g, &Space::from_ranges(ranges), misere)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn take_games_equal_brute_on_random_sets_and_boxes() {
    let mut rng = Rng::new(24);
    for round in 0..60 {
        let k = 1 + rng.range(0, 3) as usize;
        let moore = round % 3 == 0;
        let name = if moore {
            format!("moore:{k}:{}", 1 + rng.range(0, k as u64 - 1))
        } else {
            let sizes: Vec<String> =
                (1..=k).filter(|_| rng.range(0, 2) == 1).map(|s| s.to_string()).collect();
            let j = if sizes.is_empty() { "1".to_string() } else { sizes.join(",") };
            format!("same:{k}:{j}")
        };
        let top = match k {
            1 => 40,
            2 => 14,
            _ => 6,
        };
        let ranges: Vec<(u64, u64)> = (0..k)
            .map(|_| {
                let (a, b) = (rng.range(0, top), rng.range(0, top));
                (a.min(b), a.max(b))
            })
            .collect();
        let dims: Vec<u64> = ranges.iter().map(|r| r.1 + 1).collect();
        let (same, most): (Option<Vec<usize>>, usize) = if moore {
            (None, name.rsplit(':').next().unwrap().parse().unwrap())
        } else {
            let j = name.rsplit(':').next().unwrap();
            (Some(j.split(',').map(|s| s.parse().unwrap()).collect()), 0)
        };
        let slow = brute_take::solve(&dims, same.as_deref(), most);
        let index = |p: &[u64]| p.iter().zip(&dims).fold(0u64, |i, (&x, &d)| i * d + x) as usize;
        for misere in [false, true] {
            let t = table(&name, &ranges, misere);
            for cell in 0..t.cells() {
                let p = t.position(cell);
                let i = index(&p[..k]);
                let want_p = if misere { slow.misere_p[i] } else { slow.grundy[i] == 0 };
                assert_eq!(
                    t.outcome[cell] == b'P',
                    want_p,
                    "{name} misere={misere} at {:?}",
                    &p[..k]
                );
                if !misere {
                    assert_eq!(
                        t.grundy[cell] as u64,
                        slow.grundy[i],
                        "{name} value at {:?}",
                        &p[..k]
                    );
                }
            }
        }
    }
}

#[test]
fn moore_theorem_and_wythoff_equal_brute() {
    for (k, most, top) in [(2, 1, 20), (3, 2, 9), (3, 3, 8), (4, 2, 5), (4, 3, 5)] {
        let dims = vec![top; k];
        let slow = brute_take::solve(&dims, None, most);
        for (i, &g) in slow.grundy.iter().enumerate() {
            let mut p = vec![0u64; k];
            let mut x = i as u64;
            for a in (0..k).rev() {
                p[a] = x % top;
                x /= top;
            }
            assert_eq!(
                g == 0,
                games::theory::take_same::moore_p(&p, most),
                "moore {k} {most} {p:?}"
            );
        }
    }
    // same:2:2 is Wythoff's game; its proved formula answers far away.
    let g = builtin::parse("same:2:2").unwrap();
    let f = builtin::theorems(&g, false);
    assert!(f[0].proof().unwrap().contains("Wythoff"));
    assert_eq!(f[0].at(&[165_580_140, 267_914_295, 0, 0]).unwrap().outcome, b'P');
}

/// A random element code with modifiers.
fn random_code(rng: &mut Rng) -> String {
    let mut parts = Vec::new();
    for _ in 0..1 + rng.range(0, 2) {
        let lo = 1 + rng.range(0, 3);
        let mut s = match rng.range(0, 3) {
            0 => lo.to_string(),
            1 => format!("{lo}-{}", lo + rng.range(0, 3)),
            _ => format!("{lo}+"),
        };
        // At most one spacing (two are refused: `2+CS` has no meaning of its own).
        if let Some(m) = ["C", "E", "S"].get(rng.range(0, 6) as usize) {
            s.push_str(m);
        }
        if rng.range(0, 4) == 0 {
            s.push('F');
        }
        if rng.range(0, 4) == 0 {
            s.push_str(&format!("C({})", 2 + rng.range(0, 5)));
        }
        parts.push(s);
    }
    parts.join(",")
}

#[test]
fn turning_codes_equal_brute_heap_form_and_coin_rows() {
    let mut rng = Rng::new(1024);
    let mut checked = 0;
    while checked < 80 {
        let code = random_code(&mut rng);
        let rule = turning::parse(&code).unwrap();
        let fast = match turning::values(&rule, 13) {
            Ok(v) => v,
            Err(e) => {
                assert!(e.contains("too large"), "{code}: {e}");
                continue;
            }
        };
        let reference = brute_turning::read(&code).unwrap();
        assert_eq!(fast, brute_turning::heap_values(&reference, 13), "code {code}");
        if checked % 8 == 0 {
            // Real coin rows: the value of a row is the XOR of its heads (coin-turning theorem).
            let rows = brute_turning::row_values(&reference, 8);
            for (row, &g) in rows.iter().enumerate() {
                let x = (0..8).filter(|b| row >> b & 1 == 1).fold(0, |x, b| x ^ fast[b + 1]);
                assert_eq!(g, x, "code {code} row {row:08b}");
            }
        }
        checked += 1;
    }
}

#[test]
fn named_games_first_twenty_values_by_brute_force() {
    for (name, code) in turning::NAMED {
        let rule = turning::parse(name).unwrap();
        assert_eq!(rule, turning::parse(code).unwrap());
        let slow = brute_turning::heap_values(&brute_turning::read(name).unwrap(), 20);
        let fast = turning::values(&rule, 20).unwrap();
        assert_eq!(fast, slow, "{name}");
        eprintln!("{name} ({code}): {:?}", &slow[1..]);
    }
    let mock = brute_turning::heap_values(&brute_turning::read("mock-turtles").unwrap(), 8);
    assert_eq!(mock[1..], [1, 2, 4, 7, 8, 11, 13, 14]);
    let ruler = brute_turning::heap_values(&brute_turning::read("ruler").unwrap(), 8);
    assert_eq!(ruler[1..], [1, 2, 1, 4, 1, 2, 1, 8]);
}

#[test]
fn products_equal_brute_on_random_codes() {
    let mut rng = Rng::new(7);
    let mut done = 0;
    while done < 12 {
        let (a, b) = (random_code(&mut rng), random_code(&mut rng));
        let name = format!("product:{a}*{b}");
        let Ok(g) = builtin::parse(&name) else { continue };
        let Ok(t) = builtin::table(&g, &Space::from_ranges(&[(1, 5), (1, 5)]), false) else {
            continue;
        };
        let slow = brute_turning::product_values(
            &brute_turning::read(&a).unwrap(),
            &brute_turning::read(&b).unwrap(),
            5,
            5,
        );
        for cell in 0..t.cells() {
            let p = t.position(cell);
            assert_eq!(t.grundy[cell] as u64, slow[p[0] as usize][p[1] as usize], "{name} {p:?}");
        }
        done += 1;
    }
    // Turning Corners = product:2*2.
    let t = table("product:2*2", &[(1, 6), (1, 6)], false);
    for cell in 0..t.cells() {
        let p = t.position(cell);
        assert_eq!(
            t.grundy[cell] as u64,
            games::theory::turning_corners::light_grundy(p[0] - 1, p[1] - 1)
        );
    }
}

#[test]
fn winning_moves_equal_brute() {
    // Wythoff (theorem) and same:3:1,2 (table) against the brute's options and values.
    for (name, k, top, same) in
        [("wythoff", 2usize, 12u64, vec![2usize]), ("same:3:1,2", 3, 5, vec![1, 2])]
    {
        let g: Builtin = builtin::parse(name).unwrap();
        let ranges = vec![(0, top); k];
        let t = table(name, &ranges, false);
        let found = games::explore::pattern::find(&t, builtin::theorems(&g, false));
        let dims = vec![top + 1; k];
        let slow = brute_take::solve(&dims, Some(&same), 0);
        let index = |p: &[u64]| p.iter().zip(&dims).fold(0u64, |i, (&x, &d)| i * d + x) as usize;
        for cell in 0..t.cells() {
            let p = t.position(cell);
            for target in [0u64, 1, 2] {
                let w = winning::winning(&g, &t, &found, &p, target);
                let mut want: Vec<Vec<Vec<u64>>> = brute_take::options(&p[..k], Some(&same), 0)
                    .into_iter()
                    .filter(|q| slow.grundy[index(q)] == target)
                    .map(|q| vec![q])
                    .collect();
                let mut got = w.moves.clone();
                want.sort();
                want.dedup();
                got.sort();
                if name == "wythoff" && target != 0 {
                    continue; // the theorem speaks of P-positions only; values via the table
                }
                assert_eq!(got, want, "{name} {:?} to {target}: {}", &p[..k], w.basis);
            }
        }
    }
    // Mock Turtles: a head at n wins by turning coins whose values XOR to 0 with nothing else.
    let g = builtin::parse("turning:1-3").unwrap();
    let t = table("turning:1-3", &[(0, 30)], false);
    let found = games::explore::pattern::find(&t, builtin::theorems(&g, false));
    let w = winning::winning(&g, &t, &found, &coords(&[9]), 0);
    let vals = turning::values(&turning::parse("1-3").unwrap(), 9).unwrap();
    for m in &w.moves {
        assert_eq!(m.iter().fold(0, |x, p| x ^ vals[p[0] as usize]), 0);
    }
}

/// A box that does not start at 0: winning moves whose option lies below the box are computed
/// (from the positions below), the same as from a box at 0, never read off the box's patterns
/// (a misère Moore game once gave "0 0 (conjecture)" for (10, 17), whose moves are (1, 0) and
/// (0, 1)).
#[test]
fn winning_moves_from_a_box_away_from_zero_are_computed() {
    let mut rng = Rng::new(0x0ff_b0c5);
    for case in 0..40 {
        let (name, k) = match case % 4 {
            0 => ("moore:2:2", 2),
            1 => ("same:3:1,2", 3),
            2 => ("same:2:1,2", 2),
            _ => ("moore:3:2", 3),
        };
        let misere = case % 3 == 0;
        let g: Builtin = builtin::parse(name).unwrap();
        let lo = 2 + rng.below(6);
        let top = lo + 3 + rng.below(6);
        let away = table(name, &vec![(lo, top); k], misere);
        let found = games::explore::pattern::find(&away, builtin::theorems(&g, misere));
        let whole = table(name, &vec![(0, top); k], misere);
        for _ in 0..6 {
            let p: Vec<u64> = (0..k).map(|_| lo + rng.below(top - lo + 1)).collect();
            let w = winning::winning(&g, &away, &found, &coords(&p), 0);
            let want = winning::winning(&g, &whole, &[], &coords(&p), 0);
            assert_eq!(w.moves, want.moves, "{name} misère {misere} {p:?}: {}", w.basis);
            assert!(!w.basis.contains("conjecture"), "{name} {p:?}: {}", w.basis);
        }
    }
}

#[test]
fn far_answers_of_rules_with_long_moves_come_from_the_rule() {
    for (name, n, want) in [("sub:1,2,999999999", 999_999_999u64, 3u64), ("sub:500..700", 1200, 0)]
    {
        let g = builtin::parse(name).unwrap();
        assert!(builtin::far_moves_note(&g, &Space::from_ranges(&[(0, 100)])).is_some());
        let f = builtin::theorems(&g, false);
        let proved: Vec<_> = f.iter().filter(|f| f.proof().is_some()).collect();
        assert!(!proved.is_empty(), "{name}");
        // Independently: sub:1,2,k with 3 | k has G(k) = 3; sub:L..R: floor((n mod (L+R)) / L).
        assert_eq!(proved[0].at(&[n, 0, 0, 0]).unwrap().value, Some(want), "{name}");
    }
    // bash:M --misere for large M (fault 14) against the brute's plain misère search.
    for name in ["bash:1500", "sub:1..2000", "sub:3,7,2500"] {
        let t = table(name, &[(0, 3000)], true);
        let rule = games::brute::rule::parse(name).unwrap();
        let mut p = vec![false; 3001];
        for h in 1..=3000u64 {
            let opts = games::brute::rule::options(&rule, h);
            p[h as usize] = !opts.is_empty()
                && opts.iter().all(|o| o.iter().all(|&x| x == 0) || !p[o[0] as usize]);
        }
        for (h, &is_p) in p.iter().enumerate() {
            assert_eq!(t.outcome[h] == b'P', is_p, "{name} misère at {h}");
        }
    }
}

/// Release timing of the bitset retrograde: `cargo test --release --test explore_families --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn big_take_boxes() {
    use games::theory::take_same::{TakeGame, outcomes};
    for n in [301usize, 1000] {
        let t0 = std::time::Instant::now();
        let p = outcomes(&TakeGame::same(3, &[1, 2]), &[n, n, n], false).unwrap();
        let e = t0.elapsed();
        let count: u64 = p.bits.iter().map(|w| w.count_ones() as u64).sum();
        eprintln!(
            "same:3:1,2 on {n}^3: {e:?}, {count} P-positions, {} MB of outcome bits",
            (p.bits.len() * 8) >> 20
        );
        let t0 = std::time::Instant::now();
        let m = outcomes(&TakeGame::moore(3, 2), &[n, n, n], false).unwrap();
        let e = t0.elapsed();
        // Moore's theorem on a sample of the box.
        for i in (0..n as u64 * n as u64 * n as u64).step_by(9973) {
            let q = [i / (n * n) as u64, i / n as u64 % n as u64, i % n as u64];
            assert_eq!(m.is_p(&q), games::theory::take_same::moore_p(&q, 2), "{q:?}");
        }
        eprintln!("moore:3:2 on {n}^3: {e:?}");
    }
}

#[test]
fn long_box_of_a_proved_rule_stops_at_the_proof() {
    let hi = (1u64 << 16) + 300;
    let t = table("0.77", &[(0, hi)], false);
    assert!(t.notes.iter().any(|n| n.contains("proved period")), "{:?}", t.notes);
    assert!(t.explored < 1000, "computed {} values", t.explored);
    let rule = games::sg::rule::Rule::parse("0.77").unwrap();
    let all = games::sg::values::grundy_values(&rule, hi).unwrap();
    for (n, &g) in all.iter().enumerate() {
        assert_eq!(t.grundy[n], g, "0.77 at {n}");
    }
}

#[test]
fn cli_winning_json_and_coin_rows() {
    let bin = env!("CARGO_BIN_EXE_games");
    let out = std::process::Command::new(bin)
        .args(["explore", "--game", "wythoff", "--box", "0..5,0..5", "--no-table", "--json"])
        .args(["--winning", "1000000000000000000,1000000000000000007", "3,5"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let w = &v["winning"];
    assert_eq!(
        w[0]["position"],
        serde_json::json!([1000000000000000000u64, 1000000000000000007u64])
    );
    // Every listed move is to a P-position (Wythoff's theorem checked by the exact test) and
    // the diagonal move (11, 18) is there.
    for m in w[0]["moves"].as_array().unwrap() {
        let (a, b) = (m[0][0].as_u64().unwrap(), m[0][1].as_u64().unwrap());
        assert!(games::theory::wythoff::p_position(a, b));
    }
    assert!(w[0]["moves"].as_array().unwrap().contains(&serde_json::json!([[11, 18]])));
    assert_eq!(w[1]["moves"], serde_json::json!([]));
    // --to V needs --winning; misère has no values.
    let bad = std::process::Command::new(bin)
        .args([
            "explore",
            "--game",
            "wythoff",
            "--box",
            "0..5,0..5",
            "--misere",
            "--winning",
            "1,1",
            "--to",
            "2",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn grunt_is_grundys_game() {
    // Winning Ways ch. 14: Grunt (turn four symmetric coins, the leftmost coin 1) is Grundy's
    // game (split a heap into two unequal heaps), a head at coin n being a heap of n - 1.
    let grunt = turning::values(&turning::parse("grunt").unwrap(), 400).unwrap();
    let grundy =
        games::sg::values::grundy_values(&games::sg::rule::Rule::parse("4!.0").unwrap(), 399)
            .unwrap();
    for n in 1..=400usize {
        assert_eq!(grunt[n], u64::from(grundy[n - 1]), "coin {n}");
    }
}

#[test]
fn wythoff_k_outcomes_by_the_bitset_retrograde() {
    for (k, top) in [(2usize, 25u64), (3, 9), (4, 5)] {
        let g = builtin::parse(&format!("wythoff:{k}")).unwrap();
        let space = Space::from_ranges(&vec![(1, top); k]);
        let values = builtin::table(&g, &space, false).unwrap();
        let bits = builtin::table_with(&g, &space, false, true).unwrap();
        assert!(bits.notes.iter().any(|n| n.contains("outcomes by the bitset retrograde")));
        assert_eq!(values.outcome, bits.outcome, "wythoff:{k}");
    }
}

#[test]
fn product_and_subtraction_winning_moves() {
    let (a, b) = ("1-2", "1-3");
    let name = format!("product:{a}*{b}");
    let g = builtin::parse(&name).unwrap();
    let t = table(&name, &[(1, 5), (1, 5)], false);
    let found = games::explore::pattern::find(&t, builtin::theorems(&g, false));
    let (ra, rb) = (brute_turning::read(a).unwrap(), brute_turning::read(b).unwrap());
    let slow = brute_turning::product_values(&ra, &rb, 5, 5);
    for cell in 0..t.cells() {
        let p = t.position(cell);
        let (x, y) = (p[0], p[1]);
        let w = winning::winning(&g, &t, &found, &p, 0);
        // The brute: every legal X (rightmost x) and Y (rightmost y) whose other cells XOR to 0.
        let mut want = 0;
        for mx in (0..1u64 << (x - 1)).map(|s| s | 1 << (x - 1)) {
            if !brute_turning::allowed(&ra, mx) {
                continue;
            }
            for my in (0..1u64 << (y - 1)).map(|s| s | 1 << (y - 1)) {
                if !brute_turning::allowed(&rb, my) {
                    continue;
                }
                let mut v = 0;
                for i in 1..=x {
                    for j in 1..=y {
                        if mx >> (i - 1) & 1 == 1 && my >> (j - 1) & 1 == 1 && (i, j) != (x, y) {
                            v ^= slow[i as usize][j as usize];
                        }
                    }
                }
                want += usize::from(v == 0);
            }
        }
        assert_eq!(w.moves.len(), want, "{name} at ({x}, {y}): {:?}", w.moves);
    }
    // sub:1,2,999999999 at 999999999 (far beyond the box): the one winning move takes all.
    let g = builtin::parse("sub:1,2,999999999").unwrap();
    let t = table("sub:1,2,999999999", &[(0, 100)], false);
    let found = games::explore::pattern::find(&t, builtin::theorems(&g, false));
    let w = winning::winning(&g, &t, &found, &coords(&[999_999_999]), 0);
    assert_eq!(w.moves, vec![Vec::<Vec<u64>>::new()]);
    assert!(w.basis.starts_with("proved"), "{}", w.basis);
}

/// A position of the explore space from its first coordinates (the rest 0).
fn coords(first: &[u64]) -> games::explore::space::Coords {
    let mut c = games::explore::space::Coords::default();
    c[..first.len()].copy_from_slice(first);
    c
}
