//! Long runs of an octal game: bounded memory, a streaming period detector and the Guy-Smith
//! certificate.
//!
//! **The certificate** is the one in [`super::certificate`] (Guy and Smith, 1956; Winning Ways,
//! chapter 4): for moves removing at most `t` tokens and leaving at most `k` heaps, the detector
//! stops at the first length that holds every value
//! [`certificate_last`](super::certificate::certificate_last) reads: G(n + p) = G(n) for
//! max(n0, 1) <= n < N, N = k max(n0, 1) + (k - 1) p + t - k + 1 (for octal games, k = 2:
//! N = 2 max(n0, 1) + p + t - 1), and with an unequal-split digit (`!`) also the split-parity
//! condition of that module on its range. `checked` is the largest n read (Kayles: 166), the same
//! number `certify` prints. In bounded memory a `!` code whose parity range is no longer kept is
//! reported as observed (`proved: false`), never proved.
//!
//! The detector runs beside the engine: at checkpoints (every eighth of the run, and in bounded
//! memory every sixteenth of the history kept) it hashes the last `L` values
//! and finds every earlier window with the same hash (a rolling polynomial hash), each one a
//! candidate period `p`; the candidate's preperiod `n0` is found by comparing backwards, and from
//! then on each new value `G(m)` is compared with `G(m - p)` (one comparison per value). The run
//! stops at the first `len > certificate_last(...)`: the certificate. The period is then reduced to the
//! smallest divisor of `p` that is still a period from `n0` (checked on one full period).
//!
//! Bounded memory ([`BoundedStore`]): the engine keeps the first `prefix` values and the last
//! `ring` values, with the rare list (positions and values) held by the engine itself. While
//! every rare heap lies in the prefix and no candidate needs a scan of all pairs, each value needs
//! only the recent values (partners of small rare heaps are recent) and memory does not grow with
//! `n`. When a needed value is gone the run stops with an error naming it, never a guess. With
//! several threads the same store runs on the block engine ([`super::parallel::extend_store`]):
//! the same values, the same stop, the detector fed the store as it was at each length.

use super::certificate::{certificate_last, split_parity_failure, split_parity_range};
use super::code::Code;
use super::parallel::{BlockValues, Flow};
use super::sparse::{Engine, EngineError, FullStore, OctalMoves, Path, Store};

/// The first `prefix` values and the last `ring` values: those are the values kept. The recent
/// values lie in one vector from `base` on, which holds between `ring` and `ring + ring / 16`
/// of them (plus a block): the values before `len - ring` are dropped a sixteenth of the ring at
/// a time, so that the kept values are one slice and a run on several threads can read them
/// while a block is computed ([`BlockValues`]).
#[derive(Debug, Clone)]
pub struct BoundedStore {
    prefix: Vec<u16>,
    prefix_cap: usize,
    /// `G(base..len)`.
    recent: Vec<u16>,
    base: usize,
    /// Values kept past the prefix.
    keep: usize,
    len: usize,
}

impl BoundedStore {
    /// Keep `G(0..prefix)` and the last `ring` values (`ring` rounded up to a power of two).
    pub fn new(prefix: usize, ring: usize) -> Self {
        let keep = ring.max(2).next_power_of_two();
        // Reserved once (untouched pages take no memory); a store that cannot have it grows.
        let recent = crate::error::try_with_capacity(keep + Self::slack(keep), "the recent values")
            .unwrap_or_default();
        BoundedStore { prefix: Vec::new(), prefix_cap: prefix, recent, base: 0, keep, len: 0 }
    }

    /// Values dropped at a time.
    fn slack(keep: usize) -> usize {
        (keep / 16).max(64)
    }

    /// The values kept in the prefix.
    pub fn prefix(&self) -> &[u16] {
        &self.prefix
    }

    /// Before values are appended at `len`: drop those before `len - keep` once they are many.
    /// Every value from `s - keep` on stays, `s` the length before the last append: a run
    /// stopped inside its last block can be brought back ([`BlockValues::rewind`]).
    #[inline(always)]
    fn slide(&mut self) {
        if self.len >= self.base + self.keep + Self::slack(self.keep) {
            let base = self.len - self.keep;
            self.recent.drain(..base - self.base);
            self.base = base;
        }
    }

    /// Whether every value of `G(0..len)` is still here (in the prefix or the recent vector).
    fn holds_all(&self, len: usize) -> bool {
        len <= self.prefix.len() || self.base <= self.prefix.len()
    }

    /// Drop the values from `len` on (`len` at least the length before the last append).
    fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.prefix.truncate(len);
            self.recent.truncate(len.saturating_sub(self.base));
            self.len = len;
        }
    }
}

impl Store for BoundedStore {
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u16 {
        if i < self.prefix.len() { self.prefix[i] } else { self.recent[i - self.base] }
    }
    #[inline(always)]
    fn has(&self, i: usize) -> bool {
        i < self.len && (i < self.prefix.len() || i + self.keep >= self.len)
    }
    #[inline(always)]
    fn push(&mut self, v: u16) {
        self.slide();
        if self.len < self.prefix_cap {
            self.prefix.push(v);
        }
        self.recent.push(v);
        self.len += 1;
    }
    #[inline(always)]
    fn complete(&self) -> bool {
        self.len <= self.prefix.len() || self.len <= self.keep
    }
    #[inline(always)]
    fn oldest(&self) -> usize {
        self.len.saturating_sub(self.keep)
    }
    #[inline(always)]
    fn kept_at(&self, len: usize) -> (usize, usize) {
        (self.prefix_cap.min(len), len.saturating_sub(self.keep))
    }
    #[inline(always)]
    fn seam(&self) -> usize {
        self.base
    }
    #[inline(always)]
    fn window(&self, lo: usize, hi: usize) -> Option<&[u16]> {
        if hi <= self.prefix.len() {
            self.prefix.get(lo..hi)
        } else if lo >= self.base && lo + self.keep >= self.len && hi <= self.len {
            self.recent.get(lo - self.base..hi - self.base)
        } else {
            None
        }
    }
}

impl BlockValues for BoundedStore {
    fn append(&mut self, values: &[u16]) {
        self.slide();
        let room = self.prefix_cap.saturating_sub(self.len);
        self.prefix.extend_from_slice(&values[..room.min(values.len())]);
        self.recent.extend_from_slice(values);
        self.len += values.len();
    }

    fn empty_like(&self) -> Self {
        BoundedStore::new(self.prefix_cap, self.keep)
    }

    /// While the split may still be rebuilt (the values up to `len + 1` all kept), every value
    /// is still here and is fed to a fresh engine; past that no rebuild happens, and the steps
    /// after `len` are undone one by one ([`Engine::unrecord`]).
    fn rewind(engine: &mut Engine<Self>, len: usize) {
        let store = engine.store();
        let (a, b) = store.kept_at(len + 1);
        if (a > len || b == 0) && store.holds_all(len) {
            let mut fresh =
                Engine::with_store(engine.moves().clone(), store.empty_like(), Path::Auto);
            for i in 0..len {
                // Values below 2^16 from an engine that accepted them: no refusal here.
                let _ = fresh.push_known(engine.store().get(i));
            }
            *engine = fresh;
            return;
        }
        for n in (len..engine.len()).rev() {
            let g = engine.store().get(n);
            engine.unrecord(n, g);
        }
        engine.store_mut().truncate(len);
        engine.refresh_max();
    }
}

/// A periodicity found in a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Certificate {
    /// The first `n` from which `G(n + period) = G(n)` always holds.
    pub n0: usize,
    /// The smallest period.
    pub period: usize,
    /// The largest n whose value the check read (`certificate::certificate_last`).
    pub checked: usize,
    /// `true`: the Guy-Smith conditions were checked (with the split-parity condition for `!`
    /// digits); `false`: observed only.
    pub proved: bool,
}

/// Length of the hashed window that proposes candidate periods.
const WINDOW: usize = 64;
const HASH_BASE: u64 = 0x9E37_79B9_7F4A_7C15;

/// The streaming period detector (see the module doc).
#[derive(Debug, Clone)]
pub struct PeriodDetector {
    t: usize,
    /// The most heaps a move leaves (1 or 2).
    k: usize,
    /// Parities of the digits with an unequal split (bit 0 even, bit 1 odd).
    unequal: u8,
    proved: bool,
    candidate: Option<(usize, usize)>,
    next_search: usize,
}

impl PeriodDetector {
    /// A detector for a game whose moves remove at most `t` tokens; `provable`: the Guy-Smith
    /// theorem applies to it.
    pub fn new(t: usize, provable: bool) -> Self {
        PeriodDetector {
            t,
            k: 2,
            unequal: 0,
            proved: provable,
            candidate: None,
            next_search: 2 * WINDOW,
        }
    }

    /// The detector for the game of `moves` (its `k`, `t` and unequal splits).
    pub fn for_moves(moves: &OctalMoves) -> Self {
        let mut d = PeriodDetector::new(moves.t, true);
        d.k = if moves.split.is_empty() { 1 } else { 2 };
        d.unequal = moves.split.iter().filter(|s| s.1).fold(0, |m, &(r, _)| m | 1 << (r % 2));
        d
    }

    /// The largest n the certificate of (n0, p) reads.
    fn last(&self, n0: usize, p: usize) -> usize {
        certificate_last(self.k as u64, self.unequal, n0 as u64, p as u64, self.t as u64) as usize
    }

    /// The candidate `(period, n0)` being followed, if any.
    pub fn candidate(&self) -> Option<(usize, usize)> {
        self.candidate
    }

    /// Call after each value is pushed; `Some` once the period is certified.
    #[inline]
    pub fn observe<S: Store + ?Sized>(&mut self, s: &S) -> Option<Certificate> {
        let len = s.len();
        if let Some((p, n0)) = self.candidate {
            let m = len - 1;
            if s.get(m) != s.get(m - p) {
                self.candidate = None;
            } else if len > self.last(n0, p) {
                return Some(self.finish(s, p, n0));
            }
        }
        if self.candidate.is_none() && len >= self.next_search {
            self.search(s);
            // Every eighth of the run; with a bounded history also every sixteenth of what is
            // kept, so that a period p < 15/16 of the ring is met while its n0 is still kept.
            let mut step = len / 8;
            if s.oldest() > 0 {
                step = step.min((len - s.oldest()) / 16);
            }
            self.next_search = len + step.max(4);
            if let Some((p, n0)) = self.candidate
                && len > self.last(n0, p)
            {
                return Some(self.finish(s, p, n0));
            }
        }
        None
    }

    /// [`PeriodDetector::observe`] for each length from `from + 1` to `values.len()` in turn
    /// (the values of a block), with the same outcome: `Some((len, certificate))` at the first
    /// length that certifies. Between the lengths where something happens (a search, a
    /// mismatch, the certificate) it compares slices instead of single values.
    pub fn observe_block(&mut self, values: &[u16], from: usize) -> Option<(usize, Certificate)> {
        let to = values.len();
        let mut len = from + 1;
        while len <= to {
            if let Some((p, n0)) = self.candidate {
                // observe at lengths len..: a mismatch G(L - 1) != G(L - 1 - p) drops the
                // candidate; else L > last certifies. `last >= len - 1`: no length so far did.
                let cert = self.last(n0, p) + 1;
                let end = to.min(cert.max(len));
                let here = &values[len - 1..end];
                let back = &values[len - 1 - p..end - p];
                match here.iter().zip(back).position(|(a, b)| a != b) {
                    Some(j) => {
                        self.candidate = None;
                        len += j;
                    }
                    None if end == cert => {
                        return Some((cert, self.finish(&Prefix(&values[..cert]), p, n0)));
                    }
                    None => return None,
                }
            }
            // No candidate at `len`: the search when it is due, else nothing until it is.
            if len < self.next_search {
                len = self.next_search;
                continue;
            }
            if let Some(c) = self.observe(&Prefix(&values[..len])) {
                return Some((len, c));
            }
            len += 1;
        }
        None
    }

    /// Propose the nearest earlier window equal (by hash, then value by value) to the last
    /// `WINDOW` values, and find its preperiod by comparing backwards.
    fn search<S: Store + ?Sized>(&mut self, s: &S) {
        let len = s.len();
        let lo = s.oldest();
        if len < lo + 2 * WINDOW {
            return;
        }
        let mut pow = 1u64; // HASH_BASE^WINDOW
        for _ in 0..WINDOW {
            pow = pow.wrapping_mul(HASH_BASE);
        }
        let hash_of = |from: usize| {
            let mut h = 0u64;
            for i in from..from + WINDOW {
                h = h.wrapping_mul(HASH_BASE).wrapping_add(s.get(i) as u64 + 1);
            }
            h
        };
        let target = hash_of(len - WINDOW);
        // Windows [e - WINDOW, e) for e from lo + WINDOW to len - 1: candidate period len - e.
        let mut h = hash_of(lo);
        let mut best: Option<usize> = None;
        let mut e = lo + WINDOW;
        loop {
            if h == target && (e - WINDOW..e).all(|i| s.get(i) == s.get(i + len - e)) {
                best = Some(len - e);
            }
            if e + 1 >= len {
                break;
            }
            h = h
                .wrapping_mul(HASH_BASE)
                .wrapping_add(s.get(e) as u64 + 1)
                .wrapping_sub(pow.wrapping_mul(s.get(e - WINDOW) as u64 + 1));
            e += 1;
        }
        self.candidate = best.map(|p| {
            // n0: the first index from which G(j + p) = G(j) up to the end.
            let mut j = len - p;
            while j > lo && s.get(j - 1) == s.get(j - 1 + p) {
                j -= 1;
            }
            (p, j)
        });
        if let Some((_, n0)) = self.candidate
            && n0 == lo
            && lo > 0
        {
            // The agreement reaches back past the values kept: n0 is unknown.
            self.candidate = None;
        }
    }

    fn finish<S: Store + ?Sized>(&self, s: &S, p: usize, n0: usize) -> Certificate {
        // Reduce to the smallest period: a divisor q of p with G(j + q) = G(j) on one period.
        let mut period = p;
        let kept = |i: usize| s.has(i);
        if kept(n0) {
            for q in 1..p {
                if p.is_multiple_of(q) && (n0..n0 + p).all(|j| s.get(j) == s.get(j + q)) {
                    period = q;
                    break;
                }
            }
        }
        let mut n0 = n0;
        while n0 > 0 && kept(n0 - 1) && s.get(n0 - 1) == s.get(n0 - 1 + period) {
            n0 -= 1;
        }
        let (k, t) = (self.k as u64, self.t as u64);
        let mut proved = self.proved;
        if let Some((from, to)) = split_parity_range(self.unequal, k, n0 as u64, period as u64, t) {
            // The split-parity condition, on values still kept; otherwise observed only.
            proved &= (from..to).all(|m| s.has(m as usize))
                && split_parity_failure(self.unequal, t, (from, to), |m| s.get(m as usize))
                    .is_none();
        }
        Certificate { n0, period, checked: self.last(n0, period), proved }
    }
}

/// The values `G(0..len)` of a longer slice, as a store (for [`PeriodDetector::observe_block`]).
struct Prefix<'a>(&'a [u16]);

impl Store for Prefix<'_> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn get(&self, i: usize) -> u16 {
        self.0[i]
    }
    fn has(&self, i: usize) -> bool {
        i < self.0.len()
    }
    fn push(&mut self, _v: u16) {}
    fn complete(&self) -> bool {
        true
    }
    fn oldest(&self) -> usize {
        0
    }
}

/// How a long run keeps its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Memory {
    /// Every value (2 bytes each).
    Full,
    /// The first `prefix` values and a ring of the last `ring` values.
    Bounded { prefix: usize, ring: usize },
}

/// The outcome of a long run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LongRun {
    /// Values computed (`G(0..computed)`).
    pub computed: usize,
    /// The certificate, when one was found before `max`.
    pub certificate: Option<Certificate>,
    /// The values kept from the start (all of them with [`Memory::Full`]).
    pub first: Vec<u16>,
    /// The largest value seen.
    pub max_value: u16,
    /// The number of rare heaps (positions `>= 1` whose value is rare) at the end.
    pub rare_heaps: usize,
    /// With a certificate: G(n0..n0 + period) when they were kept (in bounded memory the ring
    /// may hold them past the prefix), so that any n can be answered; else empty.
    pub period_values: Vec<u16>,
    /// Why the run stopped before `max` without a certificate: the engine's refusal (the values
    /// computed until then are kept).
    pub stopped: Option<EngineError>,
    /// The work bound of [`run_with_budget`] was reached.
    pub out_of_work: bool,
    /// A signal (SIGINT, SIGTERM: see [`crate::harness::process::interrupted`]) stopped the run.
    pub interrupted: bool,
}

/// Work units of [`run_with_budget`] in about a minute on one core of a 2020s machine: a pair of
/// heaps looked at by the plain or verifying scan, or a value computed (measured: `.6`, whose
/// values are computed by the plain quadratic scan, looks at about 10^9 pairs a second).
pub const WORK_PER_MINUTE: u64 = 50_000_000_000;

/// Compute values of `code` until a period is certified or `max` values are done. `None` when the
/// code is not octal in the engine's sense.
pub fn run(code: &Code, max: usize, memory: Memory) -> Option<Result<LongRun, EngineError>> {
    let run = run_with_budget(code, max, memory, u64::MAX)?;
    Some(match run.stopped {
        Some(e) => Err(e),
        None => Ok(run),
    })
}

/// [`run`], also stopping when `work` units (see [`WORK_PER_MINUTE`]) are spent, and keeping the
/// values computed when the engine refuses a value ([`LongRun::stopped`]).
pub fn run_with_budget(code: &Code, max: usize, memory: Memory, work: u64) -> Option<LongRun> {
    run_observed(code, max, memory, work, &mut |_| {})
}

/// [`run_with_budget`], calling `progress(n)` every 2^16 values (for a progress line); it also
/// stops, keeping what it found, when a signal was caught ([`LongRun::interrupted`]).
pub fn run_observed(
    code: &Code,
    max: usize,
    memory: Memory,
    work: u64,
    progress: &mut dyn FnMut(usize),
) -> Option<LongRun> {
    let moves = OctalMoves::of(code)?;
    let threads = super::parallel::threads();
    Some(match memory {
        Memory::Full if threads > 1 => drive_parallel(
            Engine::with_store(moves, FullStore::default(), Path::Auto),
            &[],
            (max, work, threads),
            progress,
            |d, s, from| d.observe_block(&s.values, from),
            |s| s.values,
        ),
        Memory::Bounded { prefix, ring } if threads > 1 => drive_parallel(
            Engine::with_store(moves, BoundedStore::new(prefix, ring), Path::Auto),
            &[],
            (max, work, threads),
            progress,
            observe_bounded,
            |s| s.prefix().to_vec(),
        ),
        Memory::Full => drive(
            Engine::with_store(moves, FullStore::default(), Path::Auto),
            &[],
            max,
            work,
            progress,
            |s, _| s.has(0),
            |s| s.values,
        ),
        Memory::Bounded { prefix, ring } => drive(
            Engine::with_store(moves, BoundedStore::new(prefix, ring), Path::Auto),
            &[],
            max,
            work,
            progress,
            |s, i| s.has(i),
            |s| s.prefix().to_vec(),
        ),
    })
}

/// [`run_observed`] in full memory, continuing from `prefix` = G(0..len) (a checkpoint read
/// back): the engine and the period detector are fed those values first, as if computed.
pub fn run_resumed(
    code: &Code,
    prefix: &[u16],
    max: usize,
    work: u64,
    progress: &mut dyn FnMut(usize),
) -> Option<LongRun> {
    let moves = OctalMoves::of(code)?;
    let engine = Engine::with_store(moves, FullStore::default(), Path::Auto);
    let threads = super::parallel::threads();
    Some(if threads > 1 {
        drive_parallel(
            engine,
            prefix,
            (max, work, threads),
            progress,
            |d, s, from| d.observe_block(&s.values, from),
            |s| s.values,
        )
    } else {
        drive(engine, prefix, max, work, progress, |s, _| s.has(0), |s| s.values)
    })
}

/// G(n0), ..., G(n0 + p - 1) of a certified period, read from any p consecutive kept values
/// past n0 (G(i) = G(n0 + (i - n0) mod p) for i >= n0): the first period itself, or else the
/// last p values (a bounded run's ring, which holds them when it is longer than the period).
/// Empty when no such window was kept.
fn one_period<S: Store>(store: &S, c: Certificate, kept: impl Fn(usize) -> bool) -> Vec<u16> {
    let (n0, p, len) = (c.n0, c.period, store.len());
    let from = if (n0..n0 + p).all(&kept) {
        n0
    } else if len >= n0 + p && (len - p..len).all(&kept) {
        len - p
    } else {
        return Vec::new();
    };
    let mut values = vec![0u16; p];
    for i in from..from + p {
        values[(i - n0) % p] = store.get(i);
    }
    values
}

/// A resumed run: the values read back are fed to the engine and the detector as if computed
/// (the detector may find its certificate among them).
fn feed_prefix<S: Store>(
    engine: &mut Engine<S>,
    detector: &mut PeriodDetector,
    prefix: &[u16],
    max: usize,
) -> Option<Certificate> {
    for &g in prefix.iter().take(max) {
        if engine.push_known(g).is_err() {
            break;
        }
        if let Some(c) = detector.observe(engine.store()) {
            return Some(c);
        }
    }
    None
}

fn drive<S: Store>(
    mut engine: Engine<S>,
    prefix: &[u16],
    max: usize,
    budget: u64,
    progress: &mut dyn FnMut(usize),
    kept: impl Fn(&S, usize) -> bool,
    first: impl FnOnce(S) -> Vec<u16>,
) -> LongRun {
    let mut detector = PeriodDetector::for_moves(engine.moves());
    let mut stopped = None;
    let splits = engine.moves().split.len().max(1) as u64;
    let (mut work, mut out_of_work, mut interrupted) = (0u64, false, false);
    let mut certificate = feed_prefix(&mut engine, &mut detector, prefix, max);
    let max = if certificate.is_some() { engine.len() } else { max };
    while engine.len() < max {
        let n = engine.len() as u64;
        if n & 0xFFFF == 0 && n > 0 {
            if crate::harness::process::interrupted().is_some() {
                interrupted = true;
                break;
            }
            progress(n as usize);
        }
        let plain = engine.stats().plain_steps;
        if let Err(e) = engine.next_value() {
            stopped = Some(e);
            break;
        }
        let stats = engine.stats();
        work += if stats.plain_steps != plain { splits * (n / 2) + 1 } else { 1 };
        if work.saturating_add(stats.scanned_pairs) > budget {
            out_of_work = true;
            break;
        }
        if let Some(c) = detector.observe(engine.store()) {
            certificate = Some(c);
            break;
        }
    }
    let flags = (stopped, out_of_work, interrupted);
    finish(engine, certificate, flags, |s, i| kept(s, i), first)
}

/// The [`LongRun`] of a finished drive: the period's values read while the store is here, then
/// the values moved out (no copy: a long run's values are most of its memory).
fn finish<S: Store>(
    engine: Engine<S>,
    certificate: Option<Certificate>,
    (stopped, out_of_work, interrupted): (Option<EngineError>, bool, bool),
    kept: impl Fn(&S, usize) -> bool,
    first: impl FnOnce(S) -> Vec<u16>,
) -> LongRun {
    let (computed, max_value, rare_heaps) = (engine.len(), engine.max_value(), engine.rare_heaps());
    let period_values = match certificate {
        Some(c) => one_period(engine.store(), c, |i| kept(engine.store(), i)),
        None => Vec::new(),
    };
    LongRun {
        computed,
        certificate,
        first: first(engine.into_store()),
        max_value,
        rare_heaps,
        period_values,
        stopped,
        out_of_work,
        interrupted,
    }
}

/// The detector over the values of a block in bounded memory: [`PeriodDetector::observe`] at
/// each length, on the store as it was at that length (what a one-core run observes).
fn observe_bounded(
    detector: &mut PeriodDetector,
    store: &BoundedStore,
    from: usize,
) -> Option<(usize, Certificate)> {
    for len in from + 1..=store.len() {
        if let Some(c) = detector.observe(&AtLength(store, len)) {
            return Some((len, c));
        }
    }
    None
}

/// A store seen at an earlier length `len` (at least its length before its last block): the
/// values kept then (all still here), and nothing after.
struct AtLength<'a, S>(&'a S, usize);

impl<S: Store> Store for AtLength<'_, S> {
    fn len(&self) -> usize {
        self.1
    }
    fn get(&self, i: usize) -> u16 {
        self.0.get(i)
    }
    fn has(&self, i: usize) -> bool {
        let (a, b) = self.0.kept_at(self.1);
        i < self.1 && (i < a || i >= b)
    }
    fn push(&mut self, _v: u16) {}
    fn complete(&self) -> bool {
        let (a, b) = self.0.kept_at(self.1);
        a >= self.1 || b == 0
    }
    fn oldest(&self) -> usize {
        self.0.kept_at(self.1).1
    }
}

/// [`drive`] on several threads ([`super::parallel::extend_store`]), in full or bounded memory:
/// the same values, the same checks after each value (`observe`: the detector over a block's
/// values, from its first new length), the same refusals.
fn drive_parallel<S: BlockValues>(
    mut engine: Engine<S>,
    prefix: &[u16],
    (max, budget, threads): (usize, u64, usize),
    progress: &mut dyn FnMut(usize),
    observe: impl Fn(&mut PeriodDetector, &S, usize) -> Option<(usize, Certificate)>,
    first: impl FnOnce(S) -> Vec<u16>,
) -> LongRun {
    let mut detector = PeriodDetector::for_moves(engine.moves());
    let mut certificate = feed_prefix(&mut engine, &mut detector, prefix, max);
    let max = if certificate.is_some() { engine.len() } else { max };
    let splits = engine.moves().split.len().max(1) as u64;
    let (mut work, mut out_of_work, mut interrupted) = (0u64, false, false);
    let mut plain = engine.stats().plain_steps;
    let start = super::parallel::START;
    let res =
        super::parallel::extend_store(&mut engine, max, threads, start, &mut |st, from, stats| {
            let len = st.len();
            // The plain steps of the block, counted at the block's last heap (the budget is a bound
            // on the order of a minute, not a value: the one-core run counts each heap).
            let n = len as u64 - 1;
            let plains = stats.plain_steps - plain;
            work += plains * (splits * (n / 2)) + (len - from) as u64;
            plain = stats.plain_steps;
            if work.saturating_add(stats.scanned_pairs) > budget {
                out_of_work = true;
                return Flow::Stop;
            }
            if let Some((at, c)) = observe(&mut detector, st, from) {
                certificate = Some(c);
                return Flow::StopAt(at);
            }
            if len >> 16 != from >> 16 {
                if crate::harness::process::interrupted().is_some() {
                    interrupted = true;
                    return Flow::Stop;
                }
                progress(len);
            }
            Flow::Go
        });
    let flags = (res.err(), out_of_work, interrupted);
    finish(engine, certificate, flags, |s, i| s.has(i), first)
}
