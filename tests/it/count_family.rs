//! `games count --game same:K:J|moore:K:M --box SPEC [--sum-at-most S]` against a brute force
//! written here: every position of the hull from 0 up, P when no option is P, the options
//! walked from the rules as stated (same amount from a set of heaps whose size is allowed, or
//! any amounts from at most M heaps), then the box and the sum bound counted position by
//! position.

use crate::common;

use common::games_text;
use games::rng::Rng;

/// Every position of the hull `0..=hi[i]` in row-major order (the last heap fastest).
fn hull(hi: &[u64]) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for &h in hi {
        all = all
            .into_iter()
            .flat_map(|p| (0..=h).map(move |x| [p.clone(), vec![x]].concat()))
            .collect();
    }
    all
}

/// The options of `x`: `same` with the allowed set sizes, or Moore's with at most `most` heaps.
fn options(x: &[u64], same: Option<&[usize]>, most: usize) -> Vec<Vec<u64>> {
    let k = x.len();
    let mut out = Vec::new();
    for set in 1u32..1 << k {
        let heaps: Vec<usize> = (0..k).filter(|&i| set >> i & 1 == 1).collect();
        match same {
            Some(sizes) => {
                if heaps.len() != 1 && !sizes.contains(&heaps.len()) {
                    continue;
                }
                let t_max = heaps.iter().map(|&i| x[i]).min().unwrap_or(0);
                for t in 1..=t_max {
                    let mut y = x.to_vec();
                    heaps.iter().for_each(|&i| y[i] -= t);
                    out.push(y);
                }
            }
            None => {
                if heaps.len() > most {
                    continue;
                }
                // Every y below x on exactly these heaps.
                let mut ys = vec![x.to_vec()];
                for &i in &heaps {
                    ys = ys
                        .into_iter()
                        .flat_map(|y| {
                            (0..x[i]).map(move |v| {
                                let mut z = y.clone();
                                z[i] = v;
                                z
                            })
                        })
                        .collect();
                }
                out.extend(ys);
            }
        }
    }
    out
}

/// (P, N) of the box `lo..=hi` within the sum bound, by brute force.
fn brute(
    lo: &[u64],
    hi: &[u64],
    sum: Option<u64>,
    same: Option<&[usize]>,
    most: usize,
) -> (u64, u64) {
    let mut p = std::collections::HashSet::new();
    for x in hull(hi) {
        if !options(&x, same, most).iter().any(|y| p.contains(y)) {
            p.insert(x);
        }
    }
    let (mut np, mut nn) = (0, 0);
    for x in hull(hi) {
        let inside = x.iter().zip(lo).all(|(a, l)| a >= l);
        if inside && sum.is_none_or(|s| x.iter().sum::<u64>() <= s) {
            if p.contains(&x) {
                np += 1;
            } else {
                nn += 1;
            }
        }
    }
    (np, nn)
}

#[test]
fn the_counts_of_the_take_families_agree_with_a_brute_force_on_random_boxes() {
    let mut rng = Rng::new(0x5eed_c0de);
    for _ in 0..60 {
        let k = rng.range(1, 3) as usize;
        let (name, same, most) = if rng.chance(1, 2) {
            let mut sizes: Vec<usize> =
                (0..rng.range(1, 2)).map(|_| rng.range(1, k as u64) as usize).collect();
            sizes.sort_unstable();
            sizes.dedup();
            let j = sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
            (format!("same:{k}:{j}"), Some(sizes), 0)
        } else {
            let m = rng.range(1, k as u64) as usize;
            (format!("moore:{k}:{m}"), None, m)
        };
        let hi: Vec<u64> = (0..k).map(|_| rng.range(0, if k == 3 { 7 } else { 14 })).collect();
        let lo: Vec<u64> = hi.iter().map(|&h| rng.range(0, h)).collect();
        let spec =
            lo.iter().zip(&hi).map(|(l, h)| format!("{l}..{h}")).collect::<Vec<_>>().join(",");
        let sum = rng.chance(1, 2).then(|| rng.range(0, hi.iter().sum::<u64>() + 2));
        let mut args = vec!["count", "--game", &name, "--box", &spec];
        let sum_text = sum.map(|s| s.to_string());
        if let Some(s) = &sum_text {
            args.extend(["--sum-at-most", s]);
        }
        let (code, out, err) = games_text(&args, "");
        assert_eq!(code, Some(0), "{args:?}: {err}");
        let (p, n) = brute(&lo, &hi, sum, same.as_deref(), most);
        assert_eq!(out, format!("P {p}\nN {n}\n"), "{args:?}");
    }
}

#[test]
fn the_json_of_a_family_count_names_the_game_the_box_and_the_bound() {
    let (code, out, err) = games_text(
        &["count", "--game", "same:2:2", "--box", "0..10^2", "--sum-at-most", "8", "--json"],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "{\"game\":\"same:2:2\",\"box\":\"0..10,0..10\",\"sum_at_most\":8,\"P\":\"5\",\"N\":\"40\",\"total\":\"45\"}\n"
    );
}

#[test]
fn a_family_count_refuses_what_goes_with_a_rule_and_a_game_it_does_not_know() {
    let (code, _, err) =
        games_text(&["count", "--game", "same:2:2", "--box", "0..5^2", "--heaps", "2"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--heaps goes with a RULE"), "{err}");
    let (code, _, err) = games_text(&["count", "--game", "turning:3", "--box", "0..5"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("same:K:J and moore:K:M"), "{err}");
    let (code, _, err) = games_text(&["count", "--game", "same:2:2", "--box", "0..5^3"], "");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("2 heaps"), "{err}");
}
