//! The parallel rare/common engine (`games::sg::parallel`) computes exactly the values of the
//! one-core engine: on the published periods (to their certificates, through `long_run`), on the
//! known codes of `sg_engine.rs`, and on 200 random octal codes.

use games::rng::Rng;
use games::sg::code::{Code, Equality};
use games::sg::long_run::{self, Memory, WORK_PER_MINUTE};
use games::sg::parallel;
use games::sg::sparse::{Engine, EngineStats};

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
    parallel::extend_from(&mut e, upto, threads, start, &mut |_, _| true).unwrap();
    (e.values().to_vec(), e.stats())
}

/// The published periods (Winning Ways, Flammenkamp's tables; `sg_engine.rs`, `sg.rs`) to their
/// certificates: same certificate, same values, with 2 and 3 threads.
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
        for threads in [2, 3] {
            parallel::set_threads(threads);
            let par = long_run::run_with_budget(&code, max, Memory::Full, WORK_PER_MINUTE).unwrap();
            parallel::set_threads(1);
            assert_eq!(par.certificate, one.certificate, "{text} with {threads} threads");
            assert_eq!(par.computed, one.computed, "{text} with {threads} threads");
            assert!(par.first == one.first, "{text} with {threads} threads: values differ");
            assert_eq!(par.period_values, one.period_values, "{text}");
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
        for threads in [2, 3] {
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
/// rare heaps are sparse; codes on the quadratic path only as far as [`BUDGET`] reaches.
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
        let threads = 2 + case % 2;
        let (got, _) = parallel_values(&code, n, threads, 256);
        assert!(got == want, "case {case}: {digits:?} lead {lead} {eq:?}, {threads} threads");
        long += usize::from(n == upto);
    }
    assert!(long >= 40, "only {long} codes reached 10^5: the test exercises too little");
}
