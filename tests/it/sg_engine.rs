//! The sparse engine and the long-run certificate against a naive mex over explicit options.

use games::rng::Rng;
use games::sg::certificate::guy_smith_last;
use games::sg::code::{Code, Digit, Equality};
use games::sg::long_run::{self, BoundedStore, Memory};
use games::sg::sparse::{self, Engine, FullStore, OctalMoves, Path};

use crate::common;
use common::{octal, parse};

/// The reference: list every option of heap `n` as a multiset of heaps, straight from the
/// definition, and take the mex of their nim-sums.
fn naive(code: &Code, upto: usize) -> Vec<u16> {
    let mut g: Vec<u16> = Vec::new();
    for n in 0..upto {
        let mut seen = Vec::new();
        for k in 0..=n {
            let d = code.digit(k);
            let rest = n - k;
            let ok = |heaps: &[usize]| match d.equality {
                Equality::Any => true,
                Equality::Unequal => heaps.len() < 2 || heaps[0] != heaps[1],
                _ => unreachable!(),
            };
            // Leave no heap.
            if d.heaps & 1 != 0 && rest == 0 && k > 0 {
                seen.push(0u16);
            }
            // Leave one heap.
            if d.heaps & 2 != 0 && rest >= 1 && k > 0 {
                seen.push(g[rest]);
            }
            // Leave two nonempty heaps, every way.
            if d.heaps & 4 != 0 {
                for a in 1..rest {
                    let b = rest - a;
                    if ok(&[a, b]) {
                        seen.push(g[a] ^ g[b]);
                    }
                }
            }
        }
        let mut m = 0u16;
        while seen.contains(&m) {
            m += 1;
        }
        g.push(m);
    }
    g
}

#[test]
fn known_codes_match_the_naive_mex() {
    for text in [
        ".77", ".07", ".137", "4.07", ".156", ".16", ".106", ".454", "4!.0", ".6", ".4", ".3",
        ".37", ".7", "4.7", "!.07", "4!.07", ".0007", ".51", ".2",
    ] {
        let code = parse(text);
        let want = naive(&code, 1200);
        let got = sparse::grundy_values(&code, 1200).unwrap();
        assert_eq!(got, want, "{text}");
    }
}

#[test]
fn random_codes_match_the_naive_mex() {
    let mut rng = Rng::new(0x5eed_0c7a);
    for case in 0..120 {
        let len = 1 + rng.below(5) as usize;
        let digits: Vec<u64> = (0..len).map(|_| rng.below(8)).collect();
        let lead = if rng.below(4) == 0 { 4 } else { 0 };
        let eq = if rng.below(4) == 0 { Equality::Unequal } else { Equality::Any };
        let code = octal(lead, &digits, eq);
        let upto = if case < 12 { 2000 } else { 400 };
        let want = naive(&code, upto);
        let got = sparse::grundy_values(&code, upto).unwrap();
        assert_eq!(got, want, "case {case}: {digits:?} lead {lead} {eq:?}");
    }
}

fn plain_values(code: &Code, upto: usize) -> Vec<u16> {
    let moves = OctalMoves::of(code).unwrap();
    let mut e = Engine::with_store(moves, FullStore::default(), Path::Plain);
    e.extend_to(upto).unwrap();
    e.into_store().values
}

/// `G(n)` recomputed by the plain definition from the values below it (all pairs, bitset mex).
fn mex_from(code: &Code, v: &[u16], n: usize) -> u16 {
    let moves = OctalMoves::of(code).unwrap();
    let mut seen = vec![false; 1 << 16];
    for &k in &moves.take_all {
        if n == k {
            seen[0] = true;
        }
    }
    for &k in &moves.take {
        if n > k {
            seen[v[n - k] as usize] = true;
        }
    }
    for &(k, unequal) in &moves.split {
        for a in 1..n.saturating_sub(k) {
            let b = n - k - a;
            if !(unequal && a == b) {
                seen[(v[a] ^ v[b]) as usize] = true;
            }
        }
    }
    seen.iter().position(|&s| !s).unwrap() as u16
}

const LONG_CODES: [&str; 6] = [".156", ".16", ".106", "4!.0", ".454", ".356"];

#[test]
fn sparse_and_plain_paths_agree() {
    // Every value to 2 * 10^4 by the plain path; to 10^5, 400 heaps (random and the last ones)
    // each recomputed from its definition over the sparse path's own values.
    let mut rng = Rng::new(2024);
    for text in LONG_CODES {
        let code = parse(text);
        let sparse = sparse::grundy_values(&code, 100_000).unwrap();
        assert!(sparse[..20_000] == plain_values(&code, 20_000)[..], "{text}");
        let mut heaps: Vec<usize> = (0..300).map(|_| 20_000 + rng.below(80_000) as usize).collect();
        heaps.extend(99_900..100_000);
        for n in heaps {
            assert_eq!(sparse[n], mex_from(&code, &sparse, n), "{text}: G({n})");
        }
    }
}

/// Officers `.6`: values pass 64 early (284 by 2 * 10^4) and almost every value needs a scan of
/// its pairs, so the four-bitset loops over slices (rare pairs, verifying scan) carry it.
#[test]
fn officers_sparse_path_matches_the_definition() {
    let code = parse(".6");
    let sparse = sparse::grundy_values(&code, 40_000).unwrap();
    assert!(sparse[..20_000] == plain_values(&code, 20_000)[..]);
    assert!(sparse.iter().any(|&v| v >= 256));
    let mut rng = Rng::new(6);
    let mut heaps: Vec<usize> = (0..60).map(|_| 20_000 + rng.below(20_000) as usize).collect();
    heaps.extend(39_980..40_000);
    for n in heaps {
        assert_eq!(sparse[n], mex_from(&code, &sparse, n), ".6: G({n})");
    }
}

#[test]
#[ignore = "quadratic: about a minute; run with --ignored"]
fn sparse_and_plain_paths_agree_to_100000() {
    for text in LONG_CODES {
        let code = parse(text);
        assert!(
            sparse::grundy_values(&code, 100_000).unwrap() == plain_values(&code, 100_000),
            "{text}"
        );
    }
}

#[test]
fn sparse_and_plain_paths_agree_on_random_codes() {
    let mut rng = Rng::new(77);
    for _ in 0..40 {
        let len = 1 + rng.below(4) as usize;
        let digits: Vec<u64> = (0..len).map(|_| rng.below(8)).collect();
        let code = octal(if rng.below(3) == 0 { 4 } else { 0 }, &digits, Equality::Any);
        assert_eq!(
            sparse::grundy_values(&code, 8000),
            Some(plain_values(&code, 8000)),
            "{digits:?}"
        );
    }
}

#[test]
fn codes_outside_the_engine_are_refused() {
    let hex = octal(0, &[8 | 4], Equality::Any);
    assert_eq!(sparse::grundy_values(&hex, 10), None);
    let mut tail = parse(".3");
    tail.tail = vec![Digit { heaps: 3, at_least: None, equality: Equality::Any }];
    assert_eq!(sparse::grundy_values(&tail, 10), None);
    let all_eq = octal(0, &[4], Equality::AllEqual);
    assert_eq!(sparse::grundy_values(&all_eq, 10), None);
}

fn certify(text: &str, max: usize, memory: Memory) -> long_run::LongRun {
    long_run::run(&parse(text), max, memory).unwrap().unwrap()
}

#[test]
fn known_periods_are_certified() {
    for (text, n0, p) in [(".77", 71, 12), (".07", 53, 34), (".156", 3479, 349), (".137", 0, 0)] {
        let run = certify(text, 1 << 20, Memory::Full);
        let c = run.certificate.unwrap_or_else(|| panic!("{text}: no certificate"));
        if p > 0 {
            assert_eq!((c.n0, c.period), (n0, p), "{text}");
        }
        assert!(c.proved);
        let t = OctalMoves::of(&parse(text)).unwrap().t;
        assert_eq!(c.checked as u64, guy_smith_last(2, c.n0 as u64, c.period as u64, t as u64));
        // The certificate is honest: the values really repeat with that period to the end.
        let v = &run.first;
        assert!((c.n0..v.len() - c.period).all(|j| v[j] == v[j + c.period]), "{text}");
        assert!(c.n0 == 0 || v[c.n0 - 1] != v[c.n0 - 1 + c.period], "{text}: n0 not the first");
        // No smaller period from the same point.
        for q in 1..c.period {
            assert!(
                (c.n0..c.n0 + c.period).any(|j| v[j] != v[j + q]),
                "{text}: period {q} also works"
            );
        }
    }
}

#[test]
fn dot16_is_certified() {
    let run = certify(".16", 1 << 21, Memory::Full);
    let c = run.certificate.unwrap();
    assert_eq!((c.n0, c.period), (105_351, 149_459));
    assert!(c.proved);
}

#[test]
fn grundys_game_is_never_certified() {
    let run = certify("4!.0", 50_000, Memory::Full);
    assert_eq!(run.certificate, None);
    assert_eq!(run.computed, 50_000);
}

#[test]
fn bounded_memory_gives_the_same_values_and_period() {
    for text in [".156", ".16", ".77", ".07"] {
        let full = certify(text, 1 << 21, Memory::Full);
        let bounded = certify(text, 1 << 21, Memory::Bounded { prefix: 1 << 16, ring: 1 << 18 });
        assert_eq!(full.certificate, bounded.certificate, "{text}");
        assert_eq!(full.computed, bounded.computed, "{text}");
        assert_eq!(&full.first[..bounded.first.len()], &bounded.first[..], "{text}");
    }
}

#[test]
fn bounded_engine_streams_the_same_values() {
    // Well past the ring, so values really come from the ring and the prefix. Every value given
    // is right; a refusal (a needed value no longer kept) ends the run, and must not happen for
    // the sparse games here. Grundy's game needs deep scans: it may refuse, never err.
    use games::sg::sparse::EngineError;
    for (text, upto, prefix, ring, must_finish) in [
        (".16", 400_000, 1 << 16, 1 << 17, true),
        (".106", 400_000, 1 << 12, 1 << 13, true),
        ("4!.0", 60_000, 1 << 12, 1 << 13, false),
    ] {
        let code = parse(text);
        let full = sparse::grundy_values(&code, upto).unwrap();
        let store = BoundedStore::new(prefix, ring);
        let mut e = Engine::with_store(OctalMoves::of(&code).unwrap(), store, Path::Auto);
        let mut reached = 0;
        for (n, &want) in full.iter().enumerate() {
            match e.next_value() {
                Ok(v) => assert_eq!(v, want, "{text}: G({n})"),
                Err(EngineError::Forgotten { n: at, needed }) => {
                    assert_eq!(at, n);
                    assert!(needed >= prefix && needed + ring < n, "{text}: {needed} was kept");
                    break;
                }
                Err(other) => panic!("{text}: {other}"),
            }
            reached = n + 1;
        }
        assert!(!must_finish || reached == upto, "{text}: refused at {reached}");
    }
}

#[test]
fn bounded_memory_refuses_rather_than_guesses() {
    // A ring too small for Kayles' rare heaps (all its zeros are rare and spread out).
    let r = long_run::run(&parse(".77"), 5000, Memory::Bounded { prefix: 16, ring: 16 }).unwrap();
    if let Ok(run) = r {
        // If it did finish, the values must be right.
        let want = naive(&parse(".77"), run.first.len());
        assert_eq!(run.first, want);
    }
}

/// Feed a sequence to the detector value by value; the certificate it gives, and when.
fn detect(values: &[u16], t: usize) -> Option<long_run::Certificate> {
    let mut store = FullStore::default();
    let mut d = long_run::PeriodDetector::new(t, true);
    for &v in values {
        store.values.push(v);
        if let Some(c) = d.observe(&store) {
            return Some(c);
        }
    }
    None
}

#[test]
fn detector_finds_planted_periods_exactly() {
    let mut rng = Rng::new(99);
    for case in 0..200 {
        let n0 = rng.below(3000) as usize;
        let p = 1 + rng.below(if case % 4 == 0 { 2000 } else { 60 }) as usize;
        let t = rng.below(6) as usize;
        let alphabet = 2 + rng.below(30);
        let pattern: Vec<u16> = (0..p).map(|_| rng.below(alphabet) as u16).collect();
        let mut v: Vec<u16> = (0..n0).map(|_| rng.below(alphabet) as u16).collect();
        let need = 2 * n0 + 2 * p + t + 500;
        while v.len() < need {
            v.push(pattern[(v.len() - n0) % p]);
        }
        // The true preperiod and period of what was planted (the random prefix may end like
        // the pattern, and the pattern may itself have a smaller period).
        let q = (1..=p)
            .find(|&q| p.is_multiple_of(q) && (0..p).all(|i| pattern[i] == pattern[(i + q) % p]))
            .unwrap();
        let mut first = n0;
        while first > 0 && v[first - 1] == v[first - 1 + q] {
            first -= 1;
        }
        let c = detect(&v, t).unwrap_or_else(|| panic!("case {case}: nothing found"));
        assert_eq!((c.n0, c.period), (first, q), "case {case}");
        let last = guy_smith_last(2, first as u64, q as u64, t as u64) as usize;
        assert!(c.checked == last && c.checked < v.len(), "case {case}");
        assert!((c.n0..=c.checked - c.period).all(|j| v[j] == v[j + c.period]), "case {case}");
    }
}

#[test]
fn detector_never_certifies_too_early() {
    // Periodic for a long stretch, then broken just before the certificate would be due.
    let mut rng = Rng::new(5);
    for case in 0..100 {
        let p = 1 + rng.below(40) as usize;
        let pattern: Vec<u16> = (0..p).map(|_| rng.below(4) as u16).collect();
        let n0 = 200;
        let t = 3;
        let mut v: Vec<u16> = (0..n0).map(|i| (i % 7) as u16 + 10).collect();
        let due = 2 * n0 + 2 * p + t;
        while v.len() < due - 1 {
            v.push(pattern[(v.len() - n0) % p]);
        }
        v.push(99); // breaks every period at the last moment
        if let Some(c) = detect(&v, t) {
            // Only a certificate whose own condition holds on these values may be given.
            let last = guy_smith_last(2, c.n0 as u64, c.period as u64, t as u64) as usize;
            assert!(c.checked == last && c.checked < v.len(), "case {case}");
            assert!((c.n0..=c.checked - c.period).all(|j| v[j] == v[j + c.period]), "case {case}");
        }
    }
}

#[test]
fn detector_in_bounded_memory_meets_long_periods_in_time() {
    // A period almost as long as the ring, far from the start: its n0 must still be in the ring
    // when the period is first seen.
    use games::sg::sparse::Store;
    let mut rng = Rng::new(454);
    for case in 0..20 {
        let p = 2500 + rng.below(1300) as usize; // below 15/16 of the 4096-value ring
        let n0 = 20_000 + rng.below(20_000) as usize;
        let pattern: Vec<u16> = (0..p).map(|_| rng.below(40) as u16).collect();
        let mut store = BoundedStore::new(16, 4096);
        let mut d = long_run::PeriodDetector::new(3, true);
        let mut found = None;
        for n in 0..3 * n0 + 3 * p {
            let v = if n < n0 { 100 + rng.below(40) as u16 } else { pattern[(n - n0) % p] };
            store.push(v);
            if let Some(c) = d.observe(&store) {
                found = Some(c);
                break;
            }
        }
        let c = found.unwrap_or_else(|| panic!("case {case}: no certificate"));
        let last = guy_smith_last(2, n0 as u64, p as u64, 3) as usize;
        assert_eq!((c.n0, c.period, c.checked), (n0, p, last), "case {case}");
    }
}
