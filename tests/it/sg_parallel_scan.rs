//! The parallel engine with its workers scanning every heap until its candidate is settled from
//! the first block on (`parallel::set_scan_from(0)`; by default they do so only once heaps need
//! long scans, as in Officers): the values are exactly the one-core values, on the known codes
//! and on 120 random octal codes, with 2 to 8 threads. Its own test binary, since the setting
//! is per process.

use games::rng::Rng;
use games::sg::code::Equality;
use games::sg::parallel;
use games::sg::sparse::Engine;

use crate::common;
use common::{octal, parse};

/// One-core values of `code` to `upto`, stopped early at a value past 16 bits or when the
/// one-core engine needs more than `budget` pair reads (codes on the quadratic path).
fn one_core(code: &games::sg::code::Code, upto: usize, budget: u64) -> Vec<u16> {
    let mut e = Engine::new(code).unwrap();
    while e.len() < upto
        && e.stats().verify_pairs + e.stats().plain_steps * e.len() as u64 <= budget
    {
        if e.next_value().is_err() {
            break;
        }
    }
    e.values().to_vec()
}

fn scanned_values(code: &games::sg::code::Code, upto: usize, threads: usize) -> (Vec<u16>, u64) {
    let mut e = Engine::new(code).unwrap();
    parallel::extend_from(&mut e, upto, threads, 256, &mut |_, _, _| parallel::Flow::Go).unwrap();
    (e.values().to_vec(), e.stats().pre_steps)
}

#[test]
fn scanning_workers_match_the_one_core_engine() {
    parallel::set_scan_from(0);
    for text in [".6", ".454", ".106", ".16", ".156", "4!.0", ".137", "4.07", ".0007", ".51"] {
        let code = parse(text);
        let want = one_core(&code, 60_000, 20_000_000);
        for threads in [2, 5, 8] {
            let (got, pre) = scanned_values(&code, want.len(), threads);
            assert!(got == want, "{text} with {threads} threads: values differ");
            assert!(pre > 0 || want.len() < 1024, "{text}: no heap used the workers' pairs");
        }
    }
    let mut rng = Rng::new(0x5ca7_7e57);
    let mut long = 0;
    for case in 0..120 {
        let len = 1 + rng.below(5) as usize;
        let digits: Vec<u64> = (0..len).map(|_| rng.below(8)).collect();
        let lead = if rng.below(4) == 0 { 4 } else { 0 };
        let eq = if rng.below(6) == 0 { Equality::Unequal } else { Equality::Any };
        let code = octal(lead, &digits, eq);
        if games::sg::sparse::OctalMoves::of(&code).is_none() {
            continue;
        }
        let want = one_core(&code, 30_000, 5_000_000);
        let threads = 2 + case % 7;
        let (got, _) = scanned_values(&code, want.len(), threads);
        assert!(got == want, "case {case}: {digits:?} lead {lead} {eq:?}, {threads} threads");
        long += usize::from(want.len() == 30_000);
    }
    assert!(long >= 30, "only {long} codes reached 3 * 10^4: the test exercises too little");
}

/// Bounded memory (a prefix and a ring of recent values, the others forgotten) with the
/// workers scanning until settled: the whole run (values, certificate, refusal and where) is the
/// one-core run, on 100 random codes and the long-running known ones, 2 to 8 threads.
#[test]
fn scanning_workers_in_bounded_memory_match_one_core() {
    use games::sg::long_run::{self, Memory};
    parallel::set_scan_from(0);
    let run = |code: &games::sg::code::Code, max, memory, threads| {
        parallel::set_threads(threads);
        let r = long_run::run_with_budget(code, max, memory, u64::MAX).unwrap();
        parallel::set_threads(1);
        r
    };
    let mut rng = Rng::new(0x0b0d_5ca7);
    let known = [".6", ".454", ".106", ".16", "4!.0", ".37"];
    let mut past_ring = 0;
    let mut refused = 0;
    for case in 0..100 + known.len() {
        let code = if case < 100 {
            let len = 1 + rng.below(4) as usize;
            let digits: Vec<u64> = (0..len).map(|_| rng.below(8)).collect();
            let lead = if rng.below(4) == 0 { 4 } else { 0 };
            octal(lead, &digits, Equality::Any)
        } else {
            parse(known[case - 100])
        };
        if games::sg::sparse::OctalMoves::of(&code).is_none() {
            continue;
        }
        let prefix = [16, 100, 600][rng.below(3) as usize];
        let ring = [64, 256, 1024][rng.below(3) as usize];
        let memory = Memory::Bounded { prefix, ring };
        let max = 20_000 + rng.below(20_000) as usize;
        let one = run(&code, max, memory, 1);
        let threads = 2 + case % 7;
        let par = run(&code, max, memory, threads);
        assert!(
            par == one,
            "case {case}: {code:?}, prefix {prefix} ring {ring}, {threads} threads"
        );
        past_ring += usize::from(one.computed > prefix + ring + 256);
        refused += usize::from(one.stopped.is_some());
    }
    println!("past the ring {past_ring}, refused {refused}");
    assert!(past_ring >= 5, "only {past_ring} runs went past their ring");
}
