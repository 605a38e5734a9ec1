//! `games count --game moore:K:M --box 0..H^K [--total T | --sum-at-most S | --all-totals]
//! [--mod P]` (the digit DP of `theory::moore_count`) against:
//! - a game search written here: every position of the box from 0 up is P when no option (1 to
//!   M heaps lowered, by any amounts) is P; then counted per total (the rules, not Moore's
//!   theorem);
//! - the box retrograde of `count::family` (the `take_same` bitset engine) where both fit;
//! - for more heaps than a search reaches, an enumeration of the tuples tested by Moore's
//!   column condition (`take_same::moore_p`): the theorem, but not the DP;
//! - the exact count reduced modulo P against `--mod P` (odd, even, powers of two: the CRT).

use crate::common;

use common::games_text;
use games::count::Answer;
use games::count::moore::{Moore, Totals, count};
use games::rng::Rng;
use std::collections::HashMap;

/// Every tuple of `k` heaps in 0..=h, row-major.
fn tuples(k: usize, h: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..k {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u64>| (0..=h).map(move |x| [p.clone(), vec![x]].concat()))
            .collect();
    }
    all
}

/// Per total, (P, all) of Nim_M on k heaps of 0..=h, by a search over the moves.
fn searched(k: usize, most: usize, h: u64) -> HashMap<u64, (u64, u64)> {
    let all = tuples(k, h);
    let index = |x: &[u64]| x.iter().fold(0usize, |i, &v| i * (h as usize + 1) + v as usize);
    let mut p = vec![false; all.len()];
    // Row-major order visits every option (coordinatewise smaller) first.
    for x in &all {
        let mut winning = false;
        'sets: for set in 1u32..1 << k {
            if set.count_ones() as usize > most || (0..k).any(|i| set >> i & 1 == 1 && x[i] == 0) {
                continue;
            }
            // Every y < x on exactly the heaps of `set`.
            let heaps: Vec<usize> = (0..k).filter(|&i| set >> i & 1 == 1).collect();
            let mut y = x.clone();
            heaps.iter().for_each(|&i| y[i] = 0);
            loop {
                if p[index(&y)] {
                    winning = true;
                    break 'sets;
                }
                let mut carried = true;
                for &i in &heaps {
                    y[i] += 1;
                    if y[i] < x[i] {
                        carried = false;
                        break;
                    }
                    y[i] = 0;
                }
                if carried {
                    break;
                }
            }
        }
        p[index(x)] = !winning;
    }
    let mut per = HashMap::new();
    for x in &all {
        let e = per.entry(x.iter().sum::<u64>()).or_insert((0, 0));
        e.0 += u64::from(p[index(x)]);
        e.1 += 1;
    }
    per
}

fn exact(a: &Answer) -> u128 {
    match a {
        Answer::Exact(x) => x.to_u128().expect("small"),
        Answer::Mod(_) => panic!("asked exact"),
    }
}

#[test]
fn the_digit_count_agrees_with_a_search_of_the_game_at_every_total() {
    let mut rng = Rng::new(0x3007e);
    for _ in 0..120 {
        let k = rng.range(1, 4) as usize;
        let most = rng.range(1, k as u64) as usize;
        let h = rng.range(0, if k == 4 { 4 } else { 7 });
        let per = searched(k, most, h);
        let game = Moore { heaps: k, most, top: h };
        let top = k as u64 * h + 2;
        let each = count(&game, Totals::Each(top), None).unwrap();
        for t in 0..=top {
            let (p, all) = per.get(&t).copied().unwrap_or((0, 0));
            let got = (exact(&each.p[t as usize]), exact(&each.total[t as usize]));
            assert_eq!(got, (p.into(), all.into()), "moore:{k}:{most} 0..{h} total {t}");
            let one = count(&game, Totals::Exactly(t), None).unwrap();
            assert_eq!(exact(&one.p[0]), p.into());
            let s: u64 = per.iter().filter(|&(&u, _)| u <= t).map(|(_, c)| c.0).sum();
            let at_most = count(&game, Totals::AtMost(t), None).unwrap();
            assert_eq!(exact(&at_most.p[0]), s.into(), "moore:{k}:{most} 0..{h} sum <= {t}");
        }
        let any = count(&game, Totals::Any, None).unwrap();
        let s: u64 = per.values().map(|c| c.0).sum();
        assert_eq!(exact(&any.p[0]), s.into());
        assert_eq!(exact(&any.total[0]), u128::from(h + 1).pow(k as u32));
    }
}

#[test]
fn the_digit_count_agrees_with_the_box_retrograde() {
    let mut rng = Rng::new(0xb0c5);
    for _ in 0..200 {
        let k = rng.range(1, 6) as usize;
        let most = rng.range(1, k as u64) as usize;
        let h = rng.range(0, [0, 300, 40, 15, 7, 5, 3][k]);
        let sum = rng.chance(1, 2).then(|| rng.range(0, k as u64 * h + 1));
        let name = format!("moore:{k}:{most}");
        let spec = format!("0..{h}^{k}");
        let game = games::count::family::take_game(&name).unwrap();
        let space = games::explore::space::Space::parse_any(&spec).unwrap();
        let boxed = games::count::family::p_positions(&game, &space, sum).unwrap();
        let totals = sum.map_or(Totals::Any, Totals::AtMost);
        let digits = count(&Moore { heaps: k, most, top: h }, totals, None).unwrap();
        assert_eq!(exact(&digits.p[0]), boxed.p, "{name} {spec} {sum:?}");
        assert_eq!(exact(&digits.total[0]), boxed.total, "{name} {spec} {sum:?}");
    }
}

#[test]
fn many_heaps_agree_with_the_column_condition_over_every_tuple() {
    let mut rng = Rng::new(0xc01);
    for _ in 0..12 {
        let k = rng.range(5, 7) as usize;
        let most = rng.range(1, k as u64) as usize;
        let h = rng.range(1, if k == 7 { 4 } else { 6 });
        let mut per: HashMap<u64, u128> = HashMap::new();
        for x in tuples(k, h) {
            if games::theory::take_same::moore_p(&x, most) {
                *per.entry(x.iter().sum()).or_default() += 1;
            }
        }
        let each =
            count(&Moore { heaps: k, most, top: h }, Totals::Each(k as u64 * h), None).unwrap();
        for (t, c) in each.p.iter().enumerate() {
            assert_eq!(exact(c), per.get(&(t as u64)).copied().unwrap_or(0), "{k} {most} {h} {t}");
        }
    }
}

#[test]
fn counts_modulo_any_p_are_the_exact_counts_reduced() {
    let mut rng = Rng::new(0x30d);
    for round in 0..30 {
        let k = rng.range(2, 60) as usize;
        let most = rng.range(1, k.min(4) as u64) as usize;
        let h = rng.range(1, 300);
        let t = rng.range(0, 400);
        let game = Moore { heaps: k, most, top: h };
        let ex = count(&game, Totals::Exactly(t), None).unwrap();
        let moduli = [
            1_000_000_007,
            998_244_353,
            1 << rng.range(1, 63),
            rng.range(2, u64::MAX),
            6 << 40,
            rng.range(1, 1000),
        ];
        for p in moduli {
            let md = count(&game, Totals::Exactly(t), Some(p)).unwrap();
            for (e, m) in [(&ex.p[0], &md.p[0]), (&ex.total[0], &md.total[0])] {
                let Answer::Exact(e) = e else { panic!() };
                let want = e.rem_u64(p).unwrap();
                assert_eq!(
                    m,
                    &Answer::Mod(want),
                    "round {round}: moore:{k}:{most} 0..{h} T={t} mod {p}"
                );
            }
        }
    }
}

#[test]
fn the_command_counts_fifty_heaps_per_total_and_refuses_what_it_cannot() {
    let (code, out, err) = games_text(
        &[
            "count",
            "--game",
            "moore:50:1",
            "--box",
            "0..1000^50",
            "--total",
            "10000",
            "--mod",
            "1000000007",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() == 2 && lines[0].starts_with("P ") && lines[1].starts_with("N "), "{out}");
    // One line per total, and each line's P is the --total count.
    let (code, out, err) = games_text(
        &[
            "count",
            "--game",
            "moore:20:2",
            "--box",
            "0..9^20",
            "--all-totals",
            "--sum-at-most",
            "30",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 32);
    assert_eq!(lines[0], "total P N");
    for t in [0usize, 3, 17, 30] {
        let ts = t.to_string();
        let (_, one, _) =
            games_text(&["count", "--game", "moore:20:2", "--box", "0..9^20", "--total", &ts], "");
        let f: Vec<&str> = lines[t + 1].split(' ').collect();
        assert_eq!(f[0], ts);
        assert_eq!(one, format!("P {}\nN {}\n", f[1], f[2]));
    }
    // A lower bound above 0 with more than 16 heaps, and ranges that differ: usage errors.
    let (code, _, err) = games_text(&["count", "--game", "moore:20:2", "--box", "1..9^20"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("0..H"), "{err}");
    let (code, _, err) =
        games_text(&["count", "--game", "moore:20:2", "--box", "0..9^19,0..8"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("differ"), "{err}");
    // Too much work without a modulus: one line, exit 1.
    let (code, _, err) = games_text(
        &["count", "--game", "moore:2000:1", "--box", "0..100000^2000", "--total", "100000"],
        "",
    );
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // --total goes with moore only.
    let (code, _, err) =
        games_text(&["count", "--game", "same:2:2", "--box", "0..5^2", "--total", "3"], "");
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn the_json_of_a_digit_count() {
    let (code, out, err) = games_text(
        &["count", "--game", "moore:2:1", "--box", "0..5^2", "--total", "4", "--json"],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "{\"game\":\"moore:2:1\",\"box\":\"0..5^2\",\"mod\":null,\"sum_exactly\":4,\"P\":\"1\",\"N\":\"4\",\"total\":\"5\"}\n"
    );
}
