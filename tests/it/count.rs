//! `games count`: every count against plain enumeration. The Grundy values of the rules come
//! from a naive mex written here (independent of the `games sg` engine); the tuples, multisets
//! and sequences are enumerated one by one; big exact answers are checked against a dynamic
//! program over XOR values in big integers (no transform); residues against the exact count
//! reduced, for odd, even and power-of-two moduli (where 2 is not invertible).

use crate::common;

use common::games;
use games::count::{self, Answer, Counted, Form, Histogram};
use games::rng::Rng;
use games::sg::rule::Rule;
use games::theory::bigint::BigUint;

/// A random rule the test can compute naively: a subtraction set or an octal code with
/// digits of at most two heaps. Returns its spelling and G(0..=n) by the mex of the options.
fn random_rule(rng: &mut Rng, n: usize) -> (String, Vec<u64>) {
    if rng.chance(1, 2) {
        let mut set: Vec<u64> = (0..rng.range(1, 4)).map(|_| rng.range(1, 6)).collect();
        set.sort_unstable();
        set.dedup();
        let text =
            format!("sub:{}", set.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(","));
        let mut g = Vec::new();
        for h in 0..=n as u64 {
            let opts: Vec<u64> =
                set.iter().filter(|&&s| s <= h).map(|&s| g[(h - s) as usize]).collect();
            g.push(mex(&opts));
        }
        (text, g)
    } else {
        let digits: Vec<u64> = (0..rng.range(1, 4)).map(|_| rng.below(8)).collect();
        let text = format!("0.{}", digits.iter().map(|d| d.to_string()).collect::<String>());
        let mut g: Vec<u64> = Vec::new();
        for h in 0..=n {
            let mut opts = Vec::new();
            for (i, &d) in digits.iter().enumerate() {
                let k = i + 1;
                if k > h {
                    continue;
                }
                let left = h - k;
                if d & 1 == 1 && left == 0 {
                    opts.push(0);
                }
                if d & 2 == 2 && left >= 1 {
                    opts.push(g[left]);
                }
                if d & 4 == 4 && left >= 2 {
                    for a in 1..left {
                        opts.push(g[a] ^ g[left - a]);
                    }
                }
            }
            g.push(mex(&opts));
        }
        (text, g)
    }
}

fn mex(opts: &[u64]) -> u64 {
    (0..).find(|v| !opts.contains(v)).unwrap_or(0)
}

/// Counts (value V, total) over all K-tuples of the `items` (ordered, or non-decreasing
/// index sequences), by enumeration.
fn enumerate(items: &[u64], k: usize, unordered: bool, target: u64) -> (u128, u128) {
    let (mut hit, mut total) = (0u128, 0u128);
    let mut idx = vec![0usize; k];
    if items.is_empty() {
        return if k == 0 { (u128::from(target == 0), 1) } else { (0, 0) };
    }
    loop {
        if !unordered || idx.windows(2).all(|w| w[0] <= w[1]) {
            total += 1;
            if idx.iter().fold(0, |x, &i| x ^ items[i]) == target {
                hit += 1;
            }
        }
        let mut pos = 0;
        loop {
            if pos == k {
                return (hit, total);
            }
            idx[pos] += 1;
            if idx[pos] < items.len() {
                break;
            }
            idx[pos] = 0;
            pos += 1;
        }
    }
}

fn expect(c: &Counted, hit: &BigUint, total: &BigUint, modulus: Option<u64>, what: &str) {
    match modulus {
        None => {
            assert_eq!(c.hit, Answer::Exact(hit.clone()), "{what}");
            assert_eq!(c.total, Answer::Exact(total.clone()), "{what}");
            let miss = total.checked_sub(hit).unwrap();
            assert_eq!(c.miss(), Answer::Exact(miss), "{what}");
        }
        Some(p) => {
            assert_eq!(c.hit, Answer::Mod(hit.rem_u64(p).unwrap()), "{what}");
            assert_eq!(c.total, Answer::Mod(total.rem_u64(p).unwrap()), "{what}");
            let miss = total.checked_sub(hit).unwrap();
            assert_eq!(c.miss(), Answer::Mod(miss.rem_u64(p).unwrap()), "{what}");
        }
    }
}

const MODULI: [Option<u64>; 10] = [
    None,
    Some(998_244_353),
    Some(2),
    Some(12),
    Some(1 << 63),
    Some(6),
    Some(1),
    Some(u64::MAX),
    Some(9),
    Some(1_000_000_007 * 4),
];

#[test]
fn rule_tuples_match_enumeration_ordered_and_unordered() {
    let mut rng = Rng::new(2028);
    for case in 0..400 {
        let n = rng.range(0, 9) as usize;
        let (text, g) = random_rule(&mut rng, n);
        let rule = Rule::parse(&text).unwrap();
        let (hist, _) = count::rule::histogram(&rule, n as u64).unwrap();
        let k = rng.range(1, 4) as usize;
        let unordered = rng.chance(1, 2);
        let target = if rng.chance(1, 3) { rng.below(8) } else { 0 };
        let (hit, total) = enumerate(&g, k, unordered, target);
        let modulus = MODULI[case % MODULI.len()];
        let form = Form::Tuples { k: k as u64, unordered };
        let c = count::count(&hist, form, target, modulus).unwrap();
        let what =
            format!("{text} n {n} k {k} unordered {unordered} value {target} mod {modulus:?}");
        expect(&c, &BigUint::from(hit), &BigUint::from(total), modulus, &what);
    }
}

#[test]
fn value_sequences_match_enumeration_every_length_and_modulus() {
    let mut rng = Rng::new(77);
    for case in 0..600 {
        let bits = *rng.pick(&[1u32, 2, 3, 5, 17, 40, 64]);
        let count_values = rng.range(0, 6) as usize;
        let values: Vec<u64> = (0..count_values)
            .map(|_| if bits == 64 { rng.next_u64() } else { rng.below(1 << bits) })
            .collect();
        // Repeats on purpose.
        let mut values = values;
        if !values.is_empty() && rng.chance(1, 2) {
            values.push(values[0]);
        }
        let len = rng.range(0, 5) as usize;
        let all = rng.chance(1, 2);
        let target = match rng.below(3) {
            0 if !values.is_empty() => values[rng.index(values.len())],
            1 => rng.next_u64(),
            _ => 0,
        };
        let (mut hit, mut total) = (0u128, 0u128);
        for l in if all { 1..=len } else { len..=len } {
            let (h, t) = enumerate(&values, l, false, target);
            hit += h;
            total += t;
        }
        let modulus = MODULI[case % MODULI.len()];
        let hist = Histogram::from_values(values.clone());
        let form = Form::Sequences { len: len as u64, all_lengths: all };
        let c = count::count(&hist, form, target, modulus).unwrap();
        let what = format!("{values:?} len {len} all {all} value {target} mod {modulus:?}");
        expect(&c, &BigUint::from(hit), &BigUint::from(total), modulus, &what);
    }
}

/// The distribution of XOR values of sequences of exactly `len` choices, by a dynamic program
/// over the values (no transform), in big integers.
fn xor_distribution(values: &[u64], len: usize, size: usize) -> Vec<BigUint> {
    let mut dist = vec![BigUint::zero(); size];
    dist[0] = BigUint::one();
    for _ in 0..len {
        let mut next = vec![BigUint::zero(); size];
        for (x, c) in dist.iter().enumerate() {
            if c.is_zero() {
                continue;
            }
            for &v in values {
                next[x ^ v as usize] += c;
            }
        }
        dist = next;
    }
    dist
}

#[test]
fn big_exact_counts_match_a_dynamic_program_and_their_residues() {
    let mut rng = Rng::new(9);
    for _ in 0..40 {
        let values: Vec<u64> = (0..rng.range(2, 12)).map(|_| rng.below(16)).collect();
        let len = rng.range(30, 120) as usize;
        let all = rng.chance(1, 3);
        let target = rng.below(16);
        let (mut hit, mut total) = (BigUint::zero(), BigUint::zero());
        for l in if all { 1..=len } else { len..=len } {
            let d = xor_distribution(&values, l, 16);
            hit += &d[target as usize];
            for c in &d {
                total += c;
            }
        }
        let hist = Histogram::from_values(values.clone());
        let form = Form::Sequences { len: len as u64, all_lengths: all };
        for modulus in MODULI {
            let c = count::count(&hist, form, target, modulus).unwrap();
            expect(&c, &hit, &total, modulus, &format!("{values:?} len {len} all {all}"));
        }
    }
}

#[test]
fn unordered_counts_of_larger_boxes_match_a_multiset_program() {
    // Multisets of K heaps of 0..=N by a dynamic program over the heaps (one heap size at a
    // time, any number of copies), against the cycle-index count.
    let mut rng = Rng::new(31);
    for _ in 0..60 {
        let n = rng.range(10, 60) as usize;
        let (text, g) = random_rule(&mut rng, n);
        let k = rng.range(1, 7) as usize;
        let size = 64usize;
        if g.iter().any(|&v| v >= size as u64) {
            continue;
        }
        // ways[j][x]: multisets of j heaps among those seen so far with XOR x.
        let mut ways = vec![vec![0u128; size]; k + 1];
        ways[0][0] = 1;
        for &v in &g {
            for j in 1..=k {
                for x in 0..size {
                    ways[j][x] += ways[j - 1][x ^ v as usize];
                }
            }
        }
        let rule = Rule::parse(&text).unwrap();
        let (hist, _) = count::rule::histogram(&rule, n as u64).unwrap();
        let total: u128 = ways[k].iter().sum();
        for target in [0u64, 1, 3] {
            for modulus in MODULI {
                let form = Form::Tuples { k: k as u64, unordered: true };
                let c = count::count(&hist, form, target, modulus).unwrap();
                let hit = BigUint::from(ways[k][target as usize]);
                expect(&c, &hit, &BigUint::from(total), modulus, &format!("{text} n {n} k {k}"));
            }
        }
    }
}

#[test]
fn command_line_prints_p_and_n_and_refuses_cleanly() {
    // sub:1,2 has G(n) = n mod 3: heaps 0..=10 have values 0 (4), 1 (4), 2 (3).
    let g: Vec<u64> = (0..=10).map(|n| n % 3).collect();
    let (p, total) = enumerate(&g, 3, false, 0);
    let out = games(&["count", "sub:1,2", "--heaps", "3", "--upto", "10"], b"");
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("P {p}\nN {}\n", total - p));
    let (p, total) = enumerate(&g, 3, true, 0);
    let out = games(&["count", "sub:1,2", "--heaps", "3", "--upto", "10", "--unordered"], b"");
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("P {p}\nN {}\n", total - p));
    let (h, _) = enumerate(&g, 2, false, 2);
    let out = games(&["count", "sub:1,2", "--heaps", "2", "--upto", "10", "--value", "2"], b"");
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("value 2 {h}\n"));
    // A period without a table: heaps to 10^18, modulo an even number.
    let out = games(
        &["count", "sub:1,2", "--heaps", "2", "--upto", "1000000000000000000", "--mod", "1000"],
        b"",
    );
    // Values 0, 1, 2 with weights w0 = w1 = (10^18 + 2) / 3 = 333333333333333334 and
    // w2 = 333333333333333333: pairs with equal values.
    let (w0, w2) = (333_333_333_333_333_334u128, 333_333_333_333_333_333u128);
    let p = (2 * w0 * w0 + w2 * w2) % 1000;
    let total = ((1_000_000_000_000_000_001u128 % 1000).pow(2)) % 1000;
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("P {p}\nN {}\n", (total + 1000 - p) % 1000)
    );
    let dir = common::temp_dir("count");
    let file = dir.join("values.txt");
    std::fs::write(&file, "1\n2\n3\n3\n").unwrap();
    let f = file.to_str().unwrap();
    let out = games(&["count", "--values", f, "--length", "3", "--json"], b"");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"form\":\"sequences\",\"size\":3,\"modulus\":null,\"P\":\"12\",\"N\":\"52\",\"total\":\"64\"}\n"
    );
    std::fs::write(&file, "1\n 2\n3x\n").unwrap();
    let out = games(&["count", "--values", f, "--length", "3"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 3, column 1") && err.lines().count() == 1, "{err}");
    // Usage errors exit 2; astronomically large exact answers are refused, exit 1.
    for args in [
        &["count", "sub:1,2", "--heaps", "3"][..],
        &["count", "--values", f],
        &["count", "sub:1,2", "--values", f, "--length", "2"],
        &["count", "sub:1,2", "--heaps", "0", "--upto", "3"],
        &["count", "sub:1,2", "--heaps", "2", "--upto", "3", "--mod", "0"],
        &["count", "0.7x", "--heaps", "2", "--upto", "3"],
    ] {
        let out = games(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    std::fs::write(&file, "1\n2\n3\n").unwrap();
    let out = games(&["count", "--values", f, "--length", "1000000000000000000"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--mod P"));
    let out =
        games(&["count", "--values", f, "--length", "1000000000000000000", "--mod", "7"], b"");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn explore_count_matches_a_naive_tally() {
    // Wythoff's game by plain search over the box: P iff no move to a P-position.
    let mut rng = Rng::new(4);
    for _ in 0..6 {
        let (a, b) = (rng.range(0, 25) as usize, rng.range(0, 25) as usize);
        let mut p = vec![vec![false; b + 1]; a + 1];
        let mut count_p = 0;
        for x in 0..=a {
            for y in 0..=b {
                let to_p = (0..x).any(|i| p[i][y])
                    || (0..y).any(|j| p[x][j])
                    || (1..=x.min(y)).any(|d| p[x - d][y - d]);
                p[x][y] = !to_p;
                count_p += usize::from(!to_p);
            }
        }
        let cells = (a + 1) * (b + 1);
        let out = games(
            &["explore", "--game", "wythoff", "--box", &format!("0..{a},0..{b}"), "--count"],
            b"",
        );
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            text.starts_with(&format!(
                "positions {cells}\nP {count_p}\nN {}\nD 0\nvalue 0 {count_p}\n",
                cells - count_p
            )),
            "{a} {b}: {text}"
        );
    }
    // A heap rule: the number of heaps of each value, by the naive mex.
    for _ in 0..10 {
        let n = rng.range(0, 40) as usize;
        let (text, g) = random_rule(&mut rng, n);
        let out = games(
            &["explore", "--game", &text, "--box", &format!("0..{n}"), "--count", "--json"],
            b"",
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut want = std::collections::BTreeMap::new();
        for &v in &g {
            *want.entry(v).or_insert(0u64) += 1;
        }
        let got: std::collections::BTreeMap<u64, u64> = json["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
            .collect();
        assert_eq!(got, want, "{text} to {n}");
        assert_eq!(json["P"].as_u64(), Some(g.iter().filter(|&&v| v == 0).count() as u64));
    }
}

#[test]
fn histograms_past_the_table_from_a_proved_period_match_the_naive_values() {
    // Heaps 0..=N with N past 2^16: the period found by the certificate, against G by the mex.
    let mut rng = Rng::new(12);
    for _ in 0..12 {
        let mut set: Vec<u64> = (0..rng.range(2, 5)).map(|_| rng.range(1, 9)).collect();
        set.sort_unstable();
        set.dedup();
        let text =
            format!("sub:{}", set.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(","));
        let n = rng.range(70_000, 200_000) as usize;
        let mut g: Vec<u64> = Vec::with_capacity(n + 1);
        for h in 0..=n as u64 {
            let opts: Vec<u64> =
                set.iter().filter(|&&s| s <= h).map(|&s| g[(h - s) as usize]).collect();
            g.push(mex(&opts));
        }
        let rule = Rule::parse(&text).unwrap();
        let (hist, source) = count::rule::histogram(&rule, n as u64).unwrap();
        assert_eq!(source, count::rule::Source::Period, "{text}");
        assert_eq!(hist, Histogram::from_values(g), "{text} to {n}");
    }
}

#[test]
fn unordered_counts_past_128_bits_match_a_big_multiset_program() {
    let mut rng = Rng::new(64);
    for _ in 0..6 {
        let n = rng.range(40, 70) as usize;
        let (text, g) = random_rule(&mut rng, n);
        if g.iter().any(|&v| v >= 64) {
            continue;
        }
        let k = rng.range(70, 100) as usize;
        let mut ways = vec![vec![BigUint::zero(); 64]; k + 1];
        ways[0][0] = BigUint::one();
        for &v in &g {
            for j in 1..=k {
                for x in 0..64 {
                    let add = ways[j - 1][x ^ v as usize].clone();
                    ways[j][x] += &add;
                }
            }
        }
        let mut total = BigUint::zero();
        for c in &ways[k] {
            total += c;
        }
        assert!(total.bits() > 120, "{text} {n} {k}");
        let rule = Rule::parse(&text).unwrap();
        let (hist, _) = count::rule::histogram(&rule, n as u64).unwrap();
        for modulus in MODULI {
            let form = Form::Tuples { k: k as u64, unordered: true };
            let c = count::count(&hist, form, 0, modulus).unwrap();
            expect(&c, &ways[k][0], &total, modulus, &format!("{text} n {n} k {k}"));
        }
    }
}

/// `--from A` counts heaps of sizes A..=N: against a plain enumeration of the tuples, ordered
/// and unordered; `--from` past `--upto` is a usage error.
#[test]
fn from_a_counts_heaps_a_to_n() {
    for (rule, g) in [("sub:1,2", (|n: u64| n % 3) as fn(u64) -> u64), ("bash:4", |n| n % 5)] {
        for (from, upto) in [(0u64, 7u64), (1, 7), (3, 9), (5, 5)] {
            let mut p = 0;
            let mut p_unordered = 0;
            let mut total = 0;
            for a in from..=upto {
                for b in from..=upto {
                    for c in from..=upto {
                        total += 1;
                        if g(a) ^ g(b) ^ g(c) == 0 {
                            p += 1;
                            if a <= b && b <= c {
                                p_unordered += 1;
                            }
                        }
                    }
                }
            }
            let (f, u) = (from.to_string(), upto.to_string());
            let args = ["count", rule, "--heaps", "3", "--from", &f, "--upto", &u];
            let out = common::games(&args, b"");
            assert_eq!(common::text(&out.stdout), format!("P {p}\nN {}\n", total - p), "{args:?}");
            let mut args = args.to_vec();
            args.push("--unordered");
            let out = common::text(&common::games(&args, b"").stdout);
            assert!(out.starts_with(&format!("P {p_unordered}\n")), "{args:?}: {out}");
        }
    }
    let out = common::games(&["count", "nim", "--heaps", "2", "--from", "4", "--upto", "3"], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// Ctrl-C during a long count: one line, `games count: interrupted by SIGINT`, exit 130
/// (SIGTERM: 143), nothing on standard output.
#[test]
fn a_signal_ends_a_count_with_one_line() {
    for (sig, num, code, name) in [("-INT", 2, 130, "SIGINT"), ("-TERM", 15, 143, "SIGTERM")] {
        let child = std::process::Command::new(common::GAMES)
            .args(["count", "0.6", "--heaps", "3", "--upto", "20000000"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Ready when its handler is installed (no sleep): the count of 20 000 001 heaps is then
        // still ahead of it.
        common::wait_catching(child.id(), num);
        common::kill(sig, child.id());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{}", common::text(&out.stderr));
        let err = common::text(&out.stderr);
        assert_eq!(err.trim(), format!("games count: interrupted by {name}"));
        assert!(out.stdout.is_empty());
    }
}
