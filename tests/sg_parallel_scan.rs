//! The parallel engine with its workers scanning every heap until its candidate is settled from
//! the first block on (`parallel::set_scan_from(0)`; by default they do so only once heaps need
//! long scans, as in Officers): the values are exactly the one-core values, on the known codes
//! and on 120 random octal codes, with 2 to 8 threads. Its own test binary, since the setting
//! is per process.

use games::rng::Rng;
use games::sg::code::Equality;
use games::sg::parallel;
use games::sg::sparse::Engine;

mod common;
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
