//! Misère play of heap games (`games sg --misere`, `games::sg::misere`), checked against an
//! exhaustive misère search written here, with its own move generator for octal codes (not the
//! production rule parser): every sum of heaps up to a stated number of tokens, for twelve
//! octal games, tame and wild, two to four digits.

use crate::common;

use games::sg::misere::certificate;
use games::sg::misere::genus::{Genera, tame_p};
use games::sg::misere::quotient::{self, Budget, Quotient};
use games::sg::misere::{Heaps, sum_outcome};
use games::sg::rule::Rule;
use std::collections::HashMap;

/// The games: tame and wild, two- to four-digit codes.
pub(crate) const GAMES: &[&str] = &[
    "0.7", "0.77", "0.07", "0.137", "0.17", "4.7", "0.31", "0.6", "0.51", "0.75", "0.3", "0.1033",
];

/// Sums of heaps with at most this many tokens are all compared.
pub(crate) const TOKENS: u32 = 16;

/// An octal code read here: digit k (k = 0 before the point) as its bits.
pub(crate) fn digits(code: &str) -> Vec<u32> {
    let (before, after) = code.split_once('.').unwrap();
    let mut d = vec![before.parse::<u32>().unwrap()];
    d.extend(after.chars().map(|c| c.to_digit(8).unwrap()));
    d
}

/// Every option of a heap of n: remove k tokens (digit k), leave 0, 1 or 2 nonempty heaps.
pub(crate) fn heap_options(d: &[u32], n: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for (k, &bits) in d.iter().enumerate() {
        let k = k as u32;
        if k > n || (k == 0 && n == 0) {
            continue;
        }
        let m = n - k;
        if bits & 1 != 0 && m == 0 {
            out.push(vec![]);
        }
        if bits & 2 != 0 && m > 0 && k > 0 {
            out.push(vec![m]);
        }
        if bits & 4 != 0 {
            for a in 1..=m / 2 {
                out.push(vec![a, m - a]);
            }
        }
    }
    out
}

/// The exhaustive misère oracle: P iff the sum has a move and every move leads to N.
pub(crate) struct Oracle {
    d: Vec<u32>,
    memo: HashMap<Vec<u32>, bool>,
}

impl Oracle {
    pub(crate) fn new(code: &str) -> Oracle {
        Oracle { d: digits(code), memo: HashMap::new() }
    }

    pub(crate) fn p(&mut self, pos: &[u32]) -> bool {
        let mut key = pos.to_vec();
        key.sort_unstable();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut any = false;
        let mut p = true;
        for i in 0..key.len() {
            for o in heap_options(&self.d, key[i]) {
                any = true;
                let mut c: Vec<u32> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
                c.extend(o);
                if self.p(&c) {
                    p = false;
                    break;
                }
            }
            if !p {
                break;
            }
        }
        let v = any && p;
        self.memo.insert(key, v);
        v
    }

    /// Misère Grundy value of the sum beside k2 nim-heaps of 2 and k1 of 1 (the misère mex:
    /// 1 when there is no move).
    pub(crate) fn grundy(
        &mut self,
        pos: &[u32],
        k2: u32,
        k1: u32,
        memo: &mut HashMap<(Vec<u32>, u32, u32), u32>,
    ) -> u32 {
        let mut key = pos.to_vec();
        key.sort_unstable();
        if let Some(&v) = memo.get(&(key.clone(), k2, k1)) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..key.len() {
            for o in heap_options(&self.d, key[i]) {
                let mut c: Vec<u32> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
                c.extend(o);
                seen.push(self.grundy(&c, k2, k1, memo));
            }
        }
        if k2 > 0 {
            seen.push(self.grundy(&key, k2 - 1, k1 + 1, memo));
            seen.push(self.grundy(&key, k2 - 1, k1, memo));
        }
        if k1 > 0 {
            seen.push(self.grundy(&key, k2, k1 - 1, memo));
        }
        let v = if seen.is_empty() { 1 } else { (0..).find(|v| !seen.contains(v)).unwrap() };
        memo.insert((key, k2, k1), v);
        v
    }
}

/// Every multiset of heaps 1..=top with at most `tokens` tokens.
pub(crate) fn sums(top: u32, tokens: u32) -> Vec<Vec<u32>> {
    let mut out = vec![vec![]];
    let mut i = 0;
    while i < out.len() {
        let s: Vec<u32> = out[i].clone();
        let total: u32 = s.iter().sum();
        let from = s.last().copied().unwrap_or(1);
        for h in from..=top {
            if total + h <= tokens {
                let mut t = s.clone();
                t.push(h);
                out.push(t);
            }
        }
        i += 1;
    }
    out
}

fn build(code: &str, top: u32) -> Quotient {
    let heaps = Heaps::new(&Rule::parse(code).unwrap(), top).unwrap();
    let (q, stop) = quotient::build(&heaps, &Budget::default(), &mut |_, _, _| {}, &|| false);
    assert_eq!(stop, None, "{code}: the quotient of heaps 0..{top} was not found");
    q
}

#[test]
fn quotient_and_search_agree_with_the_oracle_on_every_small_sum() {
    let mut compared = 0;
    for code in GAMES {
        let q = build(code, 12);
        let rule = Rule::parse(code).unwrap();
        let mut oracle = Oracle::new(code);
        for s in sums(12, TOKENS) {
            let truth = oracle.p(&s);
            let x = q.image(&s).unwrap();
            assert_eq!(q.monoid.p[x as usize], truth, "{code}: quotient on {s:?}");
            let wide: Vec<u64> = s.iter().map(|&h| u64::from(h)).collect();
            assert_eq!(sum_outcome(&rule, &wide, 1 << 22), Some(truth), "{code}: search on {s:?}");
            compared += 1;
        }
    }
    assert!(compared > 10_000, "{compared} sums compared");
}

#[test]
fn genus_agrees_with_misere_grundy_values_beside_nim_heaps_of_two() {
    for code in GAMES {
        let rule = Rule::parse(code).unwrap();
        let heaps = Heaps::new(&rule, 11).unwrap();
        let mut g = Genera::new(&heaps, 1 << 22);
        let mut oracle = Oracle::new(code);
        let mut memo = HashMap::new();
        let plus = games::sg::moves::naive_values(&rule, 11);
        for n in 0..=11u32 {
            let genus = g.heap(n).unwrap();
            assert_eq!(u64::from(genus.plus), plus[n as usize], "{code} heap {n}: g+");
            let pos: Vec<u32> = if n == 0 { vec![] } else { vec![n] };
            for k in 0..5 {
                let truth = oracle.grundy(&pos, k, 0, &mut memo);
                assert_eq!(
                    genus.gamma(k as usize),
                    truth,
                    "{code} heap {n}: gamma {k} of {}",
                    genus.symbol()
                );
            }
        }
    }
}

#[test]
fn the_tame_rule_agrees_with_the_oracle_where_heaps_are_tame() {
    let mut tame_games = 0;
    for code in GAMES {
        let heaps = Heaps::new(&Rule::parse(code).unwrap(), 12).unwrap();
        let mut g = Genera::new(&heaps, 1 << 22);
        let genera: Vec<_> = (0..=12).map(|n| g.heap(n).unwrap()).collect();
        let tame_top = genera.iter().position(|x| !x.tame()).map_or(12, |w| w as u32 - 1);
        if tame_top >= 6 {
            tame_games += 1;
        }
        let mut oracle = Oracle::new(code);
        for s in sums(tame_top, TOKENS) {
            let parts: Vec<(u32, u32)> =
                s.iter().map(|&h| (genera[h as usize].plus, genera[h as usize].minus())).collect();
            assert_eq!(
                tame_p(&parts),
                oracle.p(&s),
                "{code}: tame rule on {s:?} (tame up to {tame_top})"
            );
        }
    }
    assert!(tame_games >= 3, "only {tame_games} games tame up to heap 6");
}

#[test]
fn random_sums_of_larger_heaps_agree() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |m: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(m)) as u32
    };
    for code in ["0.77", "0.07", "0.137", "4.7"] {
        let q = build(code, 20);
        let mut oracle = Oracle::new(code);
        for _ in 0..1500 {
            let mut s = Vec::new();
            let mut total = 0;
            loop {
                let h = 1 + next(20);
                if total + h > 26 {
                    break;
                }
                total += h;
                s.push(h);
            }
            let x = q.image(&s).unwrap();
            assert_eq!(q.monoid.p[x as usize], oracle.p(&s), "{code}: {s:?}");
        }
    }
}

#[test]
fn published_figures() {
    // Kayles (0.77): misère P-positions among single heaps 0..20 at 1, 4, 9, 12, 20 (CGSuite).
    let heaps = Heaps::new(&Rule::parse("0.77").unwrap(), 20).unwrap();
    let mut g = Genera::new(&heaps, 1 << 24);
    let p: Vec<u32> = (0..=20).filter(|&n| g.heap(n).unwrap().minus() == 0).collect();
    assert_eq!(p, [1, 4, 9, 12, 20]);
    // Dawson's Kayles (0.07): Q_30 has 360 elements (Plambeck–Siegel 2008).
    let q = build("0.07", 30);
    assert_eq!(q.monoid.order, 360);
}

#[test]
fn certificates_replay_and_forgeries_are_refused() {
    let rule = Rule::parse("0.77").unwrap();
    let q = build("0.77", 14);
    let text = certificate::write(&rule, &q);
    let checked = certificate::check(&text, 1 << 22).unwrap();
    assert_eq!(checked.quotient, q);
    let order = q.monoid.order;
    // Every single table entry changed (kept symmetric, so only the deeper checks can see it).
    for a in 0..order {
        for b in a..order {
            let mut f = q.clone();
            let old = f.monoid.table[a * order + b];
            let new = (old + 1) % order as u32;
            f.monoid.table[a * order + b] = new;
            f.monoid.table[b * order + a] = new;
            assert!(
                certificate::check(&certificate::write(&rule, &f), 1 << 22).is_err(),
                "table {a},{b} forged"
            );
        }
    }
    // Every single value of phi changed, to every other element.
    for h in 0..q.phi.len() {
        for x in 0..order as u32 {
            if x != q.phi[h] {
                let mut f = q.clone();
                f.phi[h] = x;
                assert!(
                    certificate::check(&certificate::write(&rule, &f), 1 << 22).is_err(),
                    "phi({h}) = {x} forged"
                );
            }
        }
    }
    // A P-portion with one element moved in or out.
    for x in 0..order {
        let mut f = q.clone();
        f.monoid.p[x] = !f.monoid.p[x];
        assert!(
            certificate::check(&certificate::write(&rule, &f), 1 << 22).is_err(),
            "P forged at {x}"
        );
    }
    // A malformed certificate: its line and column.
    let bad = text.replacen("phi 0", "phi x", 1);
    let e = certificate::check(&bad, 1 << 22).unwrap_err();
    assert_eq!((e.line, e.column), (6, 1));
}

#[test]
fn the_command_line_answers_sums_with_their_basis() {
    let dir = common::temp_dir("sg_misere_cli");
    let cert = dir.join("q.txt");
    let cert_s = cert.to_str().unwrap();
    let (code, out, err) = common::games_text(
        &[
            "sg",
            "0.77",
            "--misere",
            "--quotient",
            "--heaps",
            "12",
            "--certificate",
            cert_s,
            "--at",
            "1+1+8",
            "3+5+8",
            "30+2",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let mut oracle = Oracle::new("0.77");
    let word = |p: bool| if p { "P" } else { "N" };
    assert!(
        out.contains(&format!(
            "1+1+8: {} (misère quotient of heaps 0..12, proved)",
            word(oracle.p(&[1, 1, 8]))
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!("3+5+8: {} (misère quotient", word(oracle.p(&[3, 5, 8])))),
        "{out}"
    );
    assert!(
        out.contains(&format!("30+2: {} (exhaustive search", word(oracle.p(&[30, 2])))),
        "{out}"
    );
    let (code, out, _) = common::games_text(&["sg", "--check-quotient", cert_s], "");
    assert_eq!(code, Some(0));
    assert!(out.starts_with("certificate proves"), "{out}");
    let text = std::fs::read_to_string(&cert).unwrap();
    let forged = dir.join("forged.txt");
    std::fs::write(&forged, text.replacen("\n0 1 ", "\n0 2 ", 1)).unwrap();
    let (code, _, err) =
        common::games_text(&["sg", "--check-quotient", forged.to_str().unwrap()], "");
    assert_eq!(code, Some(1), "{err}");
    // Sums need --misere; a bad line of --at-file is located.
    let (code, _, _) = common::games_text(&["sg", "0.77", "--at", "3+5"], "");
    assert_eq!(code, Some(2));
    let file = dir.join("sums.txt");
    std::fs::write(&file, "1+1\n2 x\n").unwrap();
    let (code, _, err) =
        common::games_text(&["sg", "0.77", "--misere", "--at-file", file.to_str().unwrap()], "");
    assert_eq!(code, Some(1));
    assert!(err.contains("line 2, column 3"), "{err}");
}
