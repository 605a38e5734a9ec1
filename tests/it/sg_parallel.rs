//! The parallel rare/common engine (`games::sg::parallel`) computes exactly the values of the
//! one-core engine: on the published periods (to their certificates, through `long_run`), on the
//! known codes of `sg_engine.rs`, and on 200 random octal codes; in bounded memory the same
//! runs as one core (values, certificates, and refusals of values no longer kept) on 200 random
//! codes with small rings, and the same output of `games sg --bounded` with 1 and 3 threads.

use games::rng::Rng;
use games::sg::code::{Code, Equality};
use games::sg::long_run::{self, Memory, PeriodDetector, WORK_PER_MINUTE};
use games::sg::parallel;
use games::sg::sparse::{Engine, EngineStats, FullStore};

use crate::common;
use common::{games, octal, parse, text};

/// The tests that set the process's thread count ([`parallel::set_threads`]) one at a time (the
/// one-core reference must run on one core).
static THREADS: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn threads_lock() -> std::sync::MutexGuard<'static, ()> {
    THREADS.lock().unwrap_or_else(|e| e.into_inner())
}

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
    let _lock = threads_lock();
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

/// A run of `code` to `max` values in bounded memory with `threads` threads (no work bound).
fn bounded_run(code: &Code, max: usize, memory: Memory, threads: usize) -> long_run::LongRun {
    parallel::set_threads(threads);
    let run = long_run::run_with_budget(code, max, memory, u64::MAX).unwrap();
    parallel::set_threads(1);
    run
}

/// 200 random octal codes, then the long-running codes of `sg_engine.rs`, in bounded memory with
/// small prefixes and rings (the values before them really forgotten: many runs stop where a
/// value needed is no longer kept), one core against 2 to 8 threads: the whole outcome is the
/// same (values computed, the prefix kept, the certificate and its period's values, the refusal
/// and where, the largest value and the rare heaps at the end: a run stopped inside a block is
/// brought back exactly).
#[test]
fn bounded_runs_match_the_one_core_runs() {
    let _lock = threads_lock();
    let mut rng = Rng::new(0xb0_0d_ed);
    let (mut refused, mut certified, mut past_ring) = (0, 0, 0);
    let known = [".6", ".454", ".106", ".16", ".156", "4!.0", ".4", ".37", "4.07", ".0007"];
    for case in 0..200 + 2 * known.len() {
        let (code, digits, lead, eq) = if case < 200 {
            let len = 1 + rng.below(4) as usize;
            let digits: Vec<u64> = (0..len).map(|_| rng.below(8)).collect();
            let lead = if rng.below(4) == 0 { 4 } else { 0 };
            let eq = if rng.below(6) == 0 { Equality::Unequal } else { Equality::Any };
            (octal(lead, &digits, eq), digits, lead, eq)
        } else {
            let text = known[(case - 200) / 2];
            (parse(text), vec![], 0, Equality::Any)
        };
        if games::sg::sparse::OctalMoves::of(&code).is_none() {
            continue;
        }
        let (prefix, ring, max) = if case < 200 {
            let prefix = [16, 100, 600][rng.below(3) as usize];
            let ring = [64, 256, 1024][rng.below(3) as usize];
            (prefix, ring, 12_000 + rng.below(12_000) as usize)
        } else {
            ([1024, 4096][case % 2], 8192, 60_000)
        };
        let memory = Memory::Bounded { prefix, ring };
        let one = bounded_run(&code, max, memory, 1);
        let threads = 2 + case % 7;
        let par = bounded_run(&code, max, memory, threads);
        assert!(
            par == one,
            "case {case}: {code:?} {digits:?} lead {lead} {eq:?}, prefix {prefix} ring {ring}, {threads} threads:\n{:?} {:?} {:?}\nagainst {:?} {:?} {:?}",
            par.computed,
            par.certificate,
            par.stopped,
            one.computed,
            one.certificate,
            one.stopped
        );
        refused += usize::from(one.stopped.is_some());
        certified += usize::from(one.certificate.is_some());
        // Runs that went on a while with values forgotten (kept: the prefix and the ring).
        past_ring += usize::from(one.computed > prefix + ring + 256);
    }
    println!("refused {refused}, certified {certified}, past the ring {past_ring}");
    assert!(
        refused >= 20 && certified >= 20 && past_ring >= 20,
        "refused {refused}, certified {certified}, past the ring {past_ring}: the test exercises too little"
    );
}

/// The published periods in bounded memory with 1 and 4 threads: the same certificate and the
/// same values kept, with a ring shorter than the run (`.156`, `.16`) or than the certificate.
#[test]
fn published_periods_in_bounded_memory_on_several_threads() {
    let _lock = threads_lock();
    for (text, n0, p, prefix, ring) in [
        (".156", 3479, 349, 4096, 8192),
        (".16", 105_351, 149_459, 1 << 17, 1 << 18),
        (".07", 53, 34, 64, 256),
    ] {
        let code = parse(text);
        let memory = Memory::Bounded { prefix, ring };
        let one = bounded_run(&code, 1 << 20, memory, 1);
        let c = one.certificate.unwrap_or_else(|| panic!("{text}: no certificate on one core"));
        assert_eq!((c.n0, c.period, c.proved), (n0, p, true), "{text}");
        let par = bounded_run(&code, 1 << 20, memory, 4);
        assert!(par == one, "{text}: the runs differ");
    }
}

/// `games sg --bounded` prints the same bytes with 1 and 3 threads (text and JSON, with `--at`
/// answered from the prefix and from the period's values).
#[test]
fn bounded_output_is_the_same_on_one_and_three_threads() {
    for args in [
        &[".6", "--max", "30000"][..],
        &[".16", "--max", "1000000", "--at", "5", "123456789"],
        &[".454", "--max", "150000", "--json"],
        &["4!.0", "--max", "40000", "--stats"],
        &[".156", "--at", "1000000000000"],
    ] {
        let run = |threads: &str| {
            let mut a = vec!["sg", "--bounded", "-j", threads];
            a.extend_from_slice(args);
            games(&a, b"")
        };
        let (one, three) = (run("1"), run("3"));
        assert_eq!(one.status.code(), Some(0), "{args:?}: {}", text(&one.stderr));
        assert!(one.stdout == three.stdout, "{args:?}: the outputs differ");
        assert_eq!(one.stderr, three.stderr, "{args:?}");
        assert_eq!(one.status.code(), three.status.code(), "{args:?}");
    }
}

/// A bounded run on several threads stopped at a random length inside a block is the one-core
/// engine after those values: the same length, largest value, rare heaps and common values,
/// and the same values (or refusal) for the next 3000 heaps computed on one core. The stops
/// fall both where every value is still kept (the engine is rebuilt from them) and after values
/// were forgotten (the steps after the stop are undone).
#[test]
fn a_bounded_run_stopped_inside_a_block_is_brought_back_exactly() {
    use games::sg::long_run::BoundedStore;
    use games::sg::sparse::{OctalMoves, Path, Store};
    let mut rng = Rng::new(0x57_0b_a7);
    let (mut undone, mut replayed, mut refusals) = (0, 0, 0);
    for case in 0..40 {
        let text = [".454", ".106", ".16", ".156", ".6", ".356", ".644", "4.07"][case % 8];
        let moves = OctalMoves::of(&parse(text)).unwrap();
        let (prefix, ring) = ([64, 700][case % 2], [1024, 2048][case / 2 % 2]);
        let stop = 200 + rng.below(12_000) as usize;
        let new = || Engine::with_store(moves.clone(), BoundedStore::new(prefix, ring), Path::Auto);
        let mut par = new();
        let threads = 2 + case % 7;
        let mut inside = false;
        let res = parallel::extend_store(&mut par, 20_000, threads, 256, &mut |st, from, _| {
            if st.len() > stop {
                inside = stop > from;
                parallel::Flow::StopAt(stop)
            } else {
                parallel::Flow::Go
            }
        });
        let mut one = new();
        while one.len() < par.len() {
            let n = one.len();
            assert!(one.next_value().is_ok(), "case {case}: {text}: G({n}) refused on one core");
        }
        if let Err(e) = res {
            // Refused before the stop: where one core refuses.
            refusals += 1;
            assert_eq!(one.next_value(), Err(e), "case {case}: {text}");
            continue;
        }
        assert_eq!(par.len(), stop, "case {case}: {text}");
        let state =
            |e: &Engine<BoundedStore>| (e.len(), e.max_value(), e.rare_heaps(), e.common_values());
        assert_eq!(state(&par), state(&one), "case {case}: {text} stopped at {stop}");
        if inside {
            if stop + 1 > prefix.max(ring) { undone += 1 } else { replayed += 1 }
        }
        for _ in 0..3000 {
            let (a, b) = (one.next_value(), par.next_value());
            assert_eq!(a, b, "case {case}: {text} after {stop}");
            if a.is_err() {
                break;
            }
        }
    }
    println!("undone {undone}, replayed {replayed}, refused {refusals}");
    assert!(undone >= 5 && replayed >= 5, "undone {undone}, replayed {replayed}: too few");
}
