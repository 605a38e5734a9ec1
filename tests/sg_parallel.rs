//! The parallel rare/common engine (`games::sg::parallel`) computes exactly the values of the
//! one-core engine: on the published periods (to their certificates, through `long_run`), on the
//! known codes of `sg_engine.rs`, and on 200 random octal codes.

use games::rng::Rng;
use games::sg::code::{Code, Equality};
use games::sg::long_run::{self, Memory, PeriodDetector, WORK_PER_MINUTE};
use games::sg::parallel;
use games::sg::sparse::{Engine, EngineStats, FullStore};

mod common;
use common::{octal, parse};

/// Pair reads allowed to the one-core reference (see [`one_core`]).
const BUDGET: u64 = 10_000_000;

/// One-core values of `code` to `upto`, stopped earlier when its pair reads pass [`BUDGET`]
/// (codes on the quadratic path: a few thousand values; 10^5 of them would take minutes) or at a
/// value past 16 bits.
fn one_core(code: &Code, upto: usize) -> Vec<u16> {
    let splits = games::sg::sparse::OctalMoves::of(code).unwrap().split.len() as u64;
    let mut e = Engine::new(code).unwrap();
    let mut work = 0u64;
    while e.len() < upto {
        let plain = e.stats().plain_steps;
        if e.next_value().is_err() {
            break;
        }
        if e.stats().plain_steps != plain {
            work += splits * e.len() as u64 / 2;
        }
        if work + e.stats().verify_pairs > BUDGET {
            break;
        }
    }
    e.values().to_vec()
}

/// Values with `threads` threads and blocks from heap `start` on, and the engine's counters.
fn parallel_values(
    code: &Code,
    upto: usize,
    threads: usize,
    start: usize,
) -> (Vec<u16>, EngineStats) {
    let mut e = Engine::new(code).unwrap();
    parallel::extend_from(&mut e, upto, threads, start, &mut |_, _, _| parallel::Flow::Go).unwrap();
    (e.values().to_vec(), e.stats())
}

/// The published periods (Winning Ways, Flammenkamp's tables; `sg_engine.rs`, `sg.rs`) to their
/// certificates: same certificate, same values, same engine state at the end (the run stops
/// inside a block and the engine is brought back to the certificate's length), with 2, 4 and 8
/// threads.
#[test]
fn published_periods_to_their_certificates() {
    for (text, n0, p, max) in [
        (".77", 71, 12, 1 << 16),
        (".07", 53, 34, 1 << 16),
        (".137", 52, 34, 1 << 16),
        (".156", 3479, 349, 1 << 20),
        (".16", 105_351, 149_459, 1 << 21),
    ] {
        let code = parse(text);
        parallel::set_threads(1);
        let one = long_run::run(&code, max, Memory::Full).unwrap().unwrap();
        let c = one.certificate.unwrap_or_else(|| panic!("{text}: no certificate on one core"));
        assert_eq!((c.n0, c.period), (n0, p), "{text}");
        for threads in [2, 4, 8] {
            parallel::set_threads(threads);
            let par = long_run::run_with_budget(&code, max, Memory::Full, WORK_PER_MINUTE).unwrap();
            parallel::set_threads(1);
            assert_eq!(par.certificate, one.certificate, "{text} with {threads} threads");
            assert_eq!(par.computed, one.computed, "{text} with {threads} threads");
            assert!(par.first == one.first, "{text} with {threads} threads: values differ");
            assert_eq!(par.period_values, one.period_values, "{text}");
            assert_eq!((par.max_value, par.rare_heaps), (one.max_value, one.rare_heaps), "{text}");
        }
    }
}

/// The codes of `sg_engine.rs`'s naive-mex test to 10^5 (quadratic ones: see [`one_core`]), with blocks from heap 256 on (so
/// that most values go through precomputed pairs).
#[test]
fn known_codes_match_the_one_core_engine() {
    for text in [
        ".77", ".07", ".137", "4.07", ".156", ".16", ".106", ".454", "4!.0", ".6", ".4", ".3",
        ".37", ".7", "4.7", "!.07", "4!.07", ".0007", ".51", ".2",
    ] {
        let code = parse(text);
        let want = one_core(&code, 100_000);
        let n = want.len();
        for threads in [2, 3, 8] {
            let (got, stats) = parallel_values(&code, n, threads, 256);
            assert!(got == want, "{text} with {threads} threads: values differ");
            let splits = games::sg::sparse::OctalMoves::of(&code).unwrap().split.len();
            if splits > 0 {
                assert!(stats.pre_steps > (n as u64) / 2, "{text}: parallel path not taken");
            }
        }
    }
}

/// 200 random octal codes (digits 0-7, some with a leading 4, some with `!`) to 10^5 where the
/// rare heaps are sparse, with 2 to 8 threads in turn; codes on the quadratic path only as far
/// as [`BUDGET`] reaches.
#[test]
fn random_codes_match_the_one_core_engine() {
    let mut rng = Rng::new(0x5eed_9a7a);
    let mut long = 0;
    for case in 0..200 {
        let len = 1 + rng.below(5) as usize;
        let digits: Vec<u64> = (0..len).map(|_| rng.below(8)).collect();
        let lead = if rng.below(4) == 0 { 4 } else { 0 };
        let eq = if rng.below(6) == 0 { Equality::Unequal } else { Equality::Any };
        let code = octal(lead, &digits, eq);
        if games::sg::sparse::OctalMoves::of(&code).is_none() {
            continue;
        }
        let upto = 100_000;
        let want = one_core(&code, upto);
        let n = want.len();
        let threads = 2 + case % 7;
        let (got, _) = parallel_values(&code, n, threads, 256);
        assert!(got == want, "case {case}: {digits:?} lead {lead} {eq:?}, {threads} threads");
        long += usize::from(n == upto);
    }
    assert!(long >= 40, "only {long} codes reached 10^5: the test exercises too little");
}

/// The batched period detector (`observe_block`, which the runs on several threads use) finds
/// what the per-value detector finds, at the same length, however the values are cut into
/// blocks: random sequences that turn periodic (random preperiod and period, a few glitches that
/// drop candidates), cut into random blocks.
#[test]
fn block_detector_matches_the_per_value_detector() {
    let mut rng = Rng::new(0xb10c_de7e);
    let mut certified = 0;
    for case in 0..300 {
        let p = 1 + rng.below(300) as usize;
        let n0 = rng.below(4000) as usize;
        let len = 30_000;
        let base: Vec<u16> = (0..p).map(|_| rng.below(8) as u16).collect();
        let mut v: Vec<u16> = (0..len)
            .map(|i| if i < n0 { rng.below(8) as u16 } else { base[(i - n0) % p] })
            .collect();
        for _ in 0..rng.below(3) {
            let i = rng.below(len as u64) as usize;
            v[i] = rng.below(8) as u16;
        }
        let t = 1 + rng.below(4) as usize;
        let mut one = PeriodDetector::new(t, true);
        let mut store = FullStore::default();
        let mut want = None;
        for &g in &v {
            store.values.push(g);
            if let Some(c) = one.observe(&store) {
                want = Some((store.values.len(), c));
                break;
            }
        }
        let mut blocks = PeriodDetector::new(t, true);
        let (mut got, mut from) = (None, 0);
        while from < len {
            let to = (from + 1 + rng.below(3000) as usize).min(len);
            if let Some(r) = blocks.observe_block(&v[..to], from) {
                got = Some(r);
                break;
            }
            from = to;
        }
        assert_eq!(got, want, "case {case}: p {p} n0 {n0} t {t}");
        certified += usize::from(want.is_some());
    }
    assert!(
        certified >= 150,
        "only {certified} sequences certified: the test exercises too little"
    );
}
