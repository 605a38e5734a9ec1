//! `games sg --misere --json` and the quotient's presentation, checked against the exhaustive
//! misère oracle of `sg_misere` (its own move generator for octal codes): the JSON's genus
//! values, its table, Φ and P-portion, its sums, and the presentation read back from its words
//! alone (relations applied as rewriting rules written here, no table) on every sum of heaps up
//! to a stated number of tokens.

use crate::common;
use crate::sg_misere::{GAMES, Oracle, TOKENS, sums};

use games::sg::misere::presentation::{self, Presentation};
use games::sg::misere::quotient::{self, Budget};
use games::sg::misere::report::{self, Ask};
use games::sg::misere::{Heaps, json};
use games::sg::rule::Rule;
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// The JSON report of `code` for heaps 0..=top with the quotient and `at`, in process.
fn report(code: &str, top: u32, at: &[Vec<u64>]) -> Value {
    let rule = Rule::parse(code).unwrap();
    let ask = Ask { rule: &rule, top, quotient: true, sums: at, budget: Budget::default() };
    let r = report::run(&ask, &mut |_, _| {}, &|| false).unwrap();
    serde_json::from_str(&json::json(&r).unwrap()).unwrap()
}

/// A word of the presentation (`1`, `a^2bc`) as exponents over `k` letters, read here.
fn word(text: &str, k: usize) -> Vec<u32> {
    let mut e = vec![0u32; k];
    if text == "1" {
        return e;
    }
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let g = (b[i] - b'a') as usize;
        i += 1;
        let mut n = 1;
        if i < b.len() && b[i] == b'^' {
            let start = i + 1;
            i = start;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            n = text[start..i].parse().unwrap();
        }
        e[g] += n;
    }
    e
}

/// Rewrites exponents with the relations (lhs -> rhs) until no left side divides them.
fn rewrite(mut w: Vec<u32>, rel: &[(Vec<u32>, Vec<u32>)]) -> Vec<u32> {
    'again: loop {
        for (l, r) in rel {
            if l.iter().zip(&w).all(|(a, b)| a <= b) {
                for i in 0..w.len() {
                    w[i] = w[i] - l[i] + r[i];
                }
                continue 'again;
            }
        }
        return w;
    }
}

/// Checks a JSON report's genus, quotient and presentation against the oracle.
fn agree(code: &str, top: u32, v: &Value) -> usize {
    let mut oracle = Oracle::new(code);
    let mut memo = HashMap::new();
    let genus = v["genus"].as_array().unwrap();
    assert_eq!(genus.len(), top as usize + 1, "{code}");
    for (n, g) in genus.iter().enumerate().take(12) {
        let pos: Vec<u32> = if n == 0 { vec![] } else { vec![n as u32] };
        assert_eq!(g["g_minus"], oracle.grundy(&pos, 0, 0, &mut memo), "{code} heap {n}");
        let gamma: Vec<u64> =
            g["gamma"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
        for k in 0..5u32 {
            let len = gamma.len();
            let at = if (k as usize) < len { k as usize } else { len - 2 + (k as usize - len) % 2 };
            assert_eq!(
                gamma[at],
                u64::from(oracle.grundy(&pos, k, 0, &mut memo)),
                "{code} {n} {k}"
            );
        }
    }
    let q = &v["quotient"];
    assert_eq!(q["heaps"], top, "{code}");
    let order = q["order"].as_u64().unwrap() as usize;
    let num = |x: &Value| x.as_u64().unwrap() as usize;
    let table: Vec<Vec<usize>> = q["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_array().unwrap().iter().map(num).collect())
        .collect();
    let phi: Vec<usize> = q["phi"].as_array().unwrap().iter().map(num).collect();
    let p: HashSet<usize> = q["p"].as_array().unwrap().iter().map(num).collect();
    assert_eq!(table.len(), order);
    let pr = &q["presentation"];
    let k = pr["generators"].as_array().unwrap().len();
    let rel: Vec<(Vec<u32>, Vec<u32>)> = pr["relations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (word(r["lhs"].as_str().unwrap(), k), word(r["rhs"].as_str().unwrap(), k)))
        .collect();
    let pw: Vec<Vec<u32>> =
        pr["phi"].as_array().unwrap().iter().map(|w| word(w.as_str().unwrap(), k)).collect();
    let pp: HashSet<Vec<u32>> =
        pr["p"].as_array().unwrap().iter().map(|w| word(w.as_str().unwrap(), k)).collect();
    assert_eq!(pp.len(), p.len(), "{code}: P-portion as words");
    let mut compared = 0;
    for s in sums(top.min(12), TOKENS) {
        let truth = oracle.p(&s);
        let x = s.iter().fold(0, |a, &h| table[a][phi[h as usize]]);
        assert_eq!(p.contains(&x), truth, "{code}: JSON table on {s:?}");
        let mut w = vec![0u32; k];
        for &h in &s {
            for (i, e) in pw[h as usize].iter().enumerate() {
                w[i] += e;
            }
        }
        let nf = rewrite(w, &rel);
        assert_eq!(pp.contains(&nf), truth, "{code}: presentation on {s:?} (normal form {nf:?})");
        compared += 1;
    }
    compared
}

#[test]
fn json_and_presentation_agree_with_the_oracle() {
    let mut compared = 0;
    for code in GAMES {
        let v = report(code, 12, &[]);
        compared += agree(code, 12, &v);
    }
    assert!(compared > 10_000, "{compared} sums compared");
    // A larger quotient: Dawson's Kayles to heap 20 (|Q| = 24).
    let v = report("0.07", 20, &[]);
    assert_eq!(v["quotient"]["order"], 24);
    agree("0.07", 20, &v);
}

#[test]
fn the_presentation_check_refuses_forgeries() {
    for code in ["0.77", "0.07", "0.137", "4.7"] {
        let heaps = Heaps::new(&Rule::parse(code).unwrap(), 16).unwrap();
        let (q, stop) = quotient::build(&heaps, &Budget::default(), &mut |_, _, _| {}, &|| false);
        assert_eq!(stop, None);
        let p = presentation::present(&q).unwrap();
        presentation::check(&q, &p).unwrap();
        for i in 0..p.relations.len() {
            let mut f: Presentation = p.clone();
            f.relations.remove(i);
            assert!(presentation::check(&q, &f).is_err(), "{code}: relation {i} dropped");
            let mut f = p.clone();
            let (l, r) = f.relations[i].clone();
            // The right side moved to another element's normal form (still below the left).
            if let Some(other) = p
                .normal
                .iter()
                .find(|w| **w != r && presentation::order(w, &l) == std::cmp::Ordering::Less)
            {
                f.relations[i].1 = other.clone();
                assert!(presentation::check(&q, &f).is_err(), "{code}: relation {i} changed");
            }
        }
    }
}

#[test]
fn the_command_line_prints_json() {
    let (code, out, err) = common::games_text(
        &[
            "sg",
            "0.77",
            "--misere",
            "--quotient",
            "--heaps",
            "12",
            "--json",
            "--at",
            "1+1+8",
            "30+2",
            "500",
        ],
        "",
    );
    // Heap 500 is past the search's limit: unknown, exit 1, and the JSON still printed.
    assert_eq!(code, Some(1), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rule"], "0.77");
    assert_eq!(v["play"], "misere");
    agree("0.77", 12, &v);
    let mut oracle = Oracle::new("0.77");
    let word = |p: bool| if p { "P" } else { "N" };
    let sums = v["sums"].as_array().unwrap();
    assert_eq!(sums[0]["outcome"], word(oracle.p(&[1, 1, 8])));
    assert_eq!(sums[0]["basis"], "quotient");
    assert_eq!(sums[1]["outcome"], word(oracle.p(&[30, 2])));
    assert_eq!(sums[1]["basis"], "search");
    assert!(sums[1]["positions"].as_u64().unwrap() > 0);
    assert_eq!(sums[2]["outcome"], "unknown");
    assert_eq!(sums[2]["basis"], "unknown");
    // Text and JSON say the same presentation.
    let (_, text, _) =
        common::games_text(&["sg", "0.77", "--misere", "--quotient", "--heaps", "12"], "");
    let pr = v["quotient"]["presentation"]["text"].as_str().unwrap();
    assert!(text.contains(&format!("Q = {pr}")), "{text}");
}

#[test]
fn a_budget_stops_the_quotient_and_says_so() {
    // Dawson's Kayles grows at heap 25 (|Q| 24 -> 144): a check of 1000 states is too small.
    let (code, out, err) = common::games_text(
        &[
            "sg",
            "0.07",
            "--misere",
            "--quotient",
            "--heaps",
            "30",
            "--quotient-budget",
            "1000",
            "--json",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let q = &v["quotient"];
    let stopped = q["stopped"].as_str().unwrap();
    assert!(stopped.starts_with("heap 25: ") && stopped.ends_with("(the budget)"), "{stopped}");
    assert_eq!(q["heaps"], 24);
    assert!(q["work"]["checks"].as_u64().unwrap() > 0);
    // What was kept is still right: every sum of heaps 0..12 against the oracle.
    let num = |x: &Value| x.as_u64().unwrap() as usize;
    let table: Vec<Vec<usize>> = q["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_array().unwrap().iter().map(num).collect())
        .collect();
    let phi: Vec<usize> = q["phi"].as_array().unwrap().iter().map(num).collect();
    let p: HashSet<usize> = q["p"].as_array().unwrap().iter().map(num).collect();
    let mut oracle = Oracle::new("0.07");
    for s in sums(12, TOKENS) {
        let x = s.iter().fold(0, |a, &h| table[a][phi[h as usize]]);
        assert_eq!(p.contains(&x), oracle.p(&s), "0.07: {s:?}");
    }
    // The text says it too.
    let (_, text, _) = common::games_text(
        &["sg", "0.07", "--misere", "--quotient", "--heaps", "30", "--quotient-budget", "1000"],
        "",
    );
    assert!(text.contains("stopped: heap 25: "), "{text}");
}
