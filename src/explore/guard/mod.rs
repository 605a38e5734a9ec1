//! The guard: a pattern read off the box answers a position outside the box only where the
//! game's own rule holds there.
//!
//! A pattern that reproduces every entry of the box may still break just past it (a row that
//! looks periodic on the box when the true rule mixes the coordinates) or far from it (a
//! period whose exceptions go on as a sequence). Every such break is visible *locally*: the
//! Sprague-Grundy recurrence says a position's value is the mex of its options' values, a
//! P-position has no P option and an N-position has one (misère play: a position with no move
//! is N, and P iff it has moves and every one leads to N). The pattern gives the values of a
//! far position and of its options, the game (the moves program, or a built-in rule) gives the
//! options, so the recurrence can be checked at the very position asked. The rules are the
//! kinds' own ([`crate::explore::kind::value_kind`]: [`Grundy`] for values, [`NormalOutcome`]
//! and [`MisereOutcome`] for outcomes); the guard adds what it does with options it cannot
//! value, and its words.
//!
//! Three checks, each refuting a pattern for the whole run:
//! - **the band**: the box is computed for real a little wider (the box grows by about a
//!   quarter in all, [`band`]), and every pattern must reproduce the band too;
//! - **the asked positions**: before a pattern answers a position outside the computed region,
//!   the position's options are listed and the recurrence is checked there; a pattern failing
//!   there is dropped and the next pattern is tried, else the answer is `unknown`;
//! - **far samples**: each pattern that answers is checked at `K` positions spread over
//!   `10^3..10^18` on what it covers ([`Settings::samples`]).
//!
//! The values of the options come from the computed table when it has them, else from the
//! pattern being checked, else from the first other pattern (not refuted) that covers them.
//! A check that cannot be made (the options could not be listed within the checks' budget, an
//! option no pattern covers) is said, never counted as passed: the answer then reads "not
//! checked here".
//!
//! **Work, not seconds.** What the checks may do is counted in work: the far samples per
//! pattern ([`Settings::samples`]), the starts of the moves program ([`Settings::starts`]), the
//! options and bytes listed per position ([`MAX_CHECK_OPTIONS`], [`MAX_CHECK_BYTES`]). Each
//! start of the program has a wall-clock safety cap ([`Settings::cap`], `--far-check-time`),
//! far above what a program that lists options promptly needs; a listing the cap cuts says so
//! in the answer's label, so the same input gives the same output unless a cap cut it. A passed check is no proof (the options' values are themselves the pattern's), but
//! a failed one is a certain refutation of the pattern or of the patterns that valued the
//! options, and either way the answer at that position is not given from it.
pub mod answer;
pub mod far;
pub mod partizan;

use crate::explore::kind::value_kind::{Grundy, MisereOutcome, NormalOutcome, Options, ValueKind};
use crate::explore::pattern::{Answer, Basis, Covers, Domain, Frame, Pattern};
use crate::explore::program::{Program, Sink};
use crate::explore::space::{Coords, MAX_ARITY, MAX_COORD, Space, format_position};
use crate::explore::table::Table;
use crate::harness::process::{self, Limits, Outcome};
use std::collections::HashMap;
use std::time::Duration;

/// How much checking a run does.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Far positions sampled per pattern that answers (`--far-checks`; 0: none).
    pub samples: usize,
    /// The safety cap of one start of the moves program (or of one built-in listing)
    /// (`--far-check-time`): far above what the work budget needs; a listing it cuts says so.
    pub cap: Duration,
    /// The most starts of the moves program for the checks of a run (each start lists a batch
    /// of positions; a position the program fails on costs a start of its own).
    pub starts: usize,
}

/// The starts of the moves program the checks of one run may take.
pub const CHECK_STARTS: usize = 16;

impl Settings {
    /// `samples` far samples a pattern, `cap` the safety cap of one start.
    pub fn new(samples: usize, cap: Duration) -> Settings {
        Settings { samples, cap, starts: CHECK_STARTS }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::new(32, Duration::from_secs(10))
    }
}

/// Why a listing was cut by the wall-clock cap, in the label's words.
pub fn capped_words(cap: Duration) -> String {
    format!(
        "the moves program took more than {} to list its options (the safety cap, --far-check-time)",
        secs(cap)
    )
}

/// A duration in seconds, as few digits as it takes (`10 s`, `0.25 s`).
fn secs(d: Duration) -> String {
    crate::explore::pattern::grammar::search::seconds(
        u64::try_from(d.as_millis()).unwrap_or(u64::MAX),
    )
}

/// The most far positions asked that are checked (later ones are answered unchecked).
pub const MAX_CHECKED: usize = 100_000;

/// The most options of one far position that are kept for its check.
pub const MAX_CHECK_OPTIONS: usize = 1 << 16;
/// The most bytes the moves program may write for one far position.
pub const MAX_CHECK_BYTES: usize = 4 << 20;

/// The box a little wider: each free coordinate's upper end moved out by a quarter of its
/// width divided by the number of free coordinates (at least 4), so the box grows by about a
/// quarter in all; `None` when that would pass `budget` positions or the largest coordinate.
pub fn band(space: &Space, budget: u64) -> Option<Space> {
    let free = space.free_axes();
    if free.is_empty() {
        return None;
    }
    let mut ext = space.clone();
    for &a in &free {
        let grow = (space.width(a) / (4 * free.len() as u64)).max(4);
        ext.hi[a] = space.hi[a].checked_add(grow).filter(|&h| h <= MAX_COORD)?;
    }
    (ext.cells_u128() <= u128::from(budget) && ext.check_cells().is_ok()).then_some(ext)
}

/// The region computed for real when positions beyond the box are asked: the box, the band
/// ([`band`]), and the asked positions near enough that the box grown to hold them stays
/// within `max(4 x the box, 16384)` positions (and `budget`); those are then computed, not
/// answered from a pattern. Positions off the box's fixed coordinates are not taken in.
pub fn region(space: &Space, asked: &[Coords], budget: u64) -> Option<Space> {
    let cap = u128::from(budget).min((4 * space.cells_u128()).max(16384));
    let mut r =
        band(space, budget).filter(|b| b.cells_u128() <= cap).unwrap_or_else(|| space.clone());
    let k = space.arity();
    let free = space.free_axes();
    let mut near: Vec<(u128, Coords)> = asked
        .iter()
        .filter(|p| !free.is_empty() && space.on_fixed(&p[..k]) && !r.contains(&p[..k]))
        .map(|p| (grown(&r, p).cells_u128(), *p))
        .collect();
    near.sort_unstable();
    for (_, p) in near {
        let g = grown(&r, &p);
        if g.cells_u128() <= cap && g.check_cells().is_ok() {
            r = g;
        }
    }
    (r != *space).then_some(r)
}

/// The smallest box holding `r` and `p`.
fn grown(r: &Space, p: &Coords) -> Space {
    let mut g = r.clone();
    for (a, &x) in p.iter().enumerate().take(r.arity()) {
        g.lo[a] = g.lo[a].min(x);
        g.hi[a] = g.hi[a].max(x);
    }
    g
}

/// One option: its parts (none for the empty game `()`); a part whose first coordinate is
/// [`UNKNOWN_PART`] could not be read in the box's coordinates.
pub type Opt = Vec<Coords>;

/// A part that is no position of the box's game (a multiset with more heaps than the box).
const UNKNOWN_PART: u64 = u64::MAX;

/// What is known of a far position's options.
#[derive(Debug, Clone)]
pub enum Listed {
    /// Every option.
    Options(Vec<Opt>),
    /// Why they are not known.
    Not(String),
}

/// Where options come from: the moves program or a built-in rule.
pub trait Lister {
    /// The options of each position, in order, within the lister's work budget; each start
    /// of the program (or each position of a built-in rule) has the safety cap `cap` (a
    /// listing it cuts says so). `Err` when `games` was interrupted.
    fn list(&mut self, positions: &[Coords], cap: Duration) -> Result<Vec<Listed>, std::io::Error>;
}

/// The options of a built-in game (`explore::winning::options`, within its budget of positions
/// listed), on a worker thread smallest position first: a position whose listing passes the
/// safety cap is abandoned with every position at least as large (the worker ends with the
/// process).
pub struct BuiltinLister {
    pub game: crate::explore::builtin::Builtin,
}

impl Lister for BuiltinLister {
    fn list(&mut self, ps: &[Coords], cap: Duration) -> Result<Vec<Listed>, std::io::Error> {
        let k = crate::explore::builtin::arity(&self.game);
        let mut order: Vec<usize> = (0..ps.len()).collect();
        order.sort_by_key(|&i| ps[i][..k].iter().copied().max().unwrap_or(0));
        let (tx, rx) = std::sync::mpsc::channel();
        let game = self.game.clone();
        let budget = crate::explore::winning::Budget { listed: MAX_CHECK_OPTIONS as u64 };
        let todo: Vec<Coords> = order.iter().map(|&i| ps[i]).collect();
        std::thread::spawn(move || {
            for p in todo {
                let listed = match crate::explore::winning::options(&game, &p[..k], budget) {
                    Some(opts) if opts.len() <= MAX_CHECK_OPTIONS => Listed::Options(
                        opts.into_iter()
                            .map(|o| o.into_iter().map(|part| coords(&part)).collect())
                            .collect(),
                    ),
                    _ => Listed::Not(format!("it has more than {MAX_CHECK_OPTIONS} options")),
                };
                if tx.send(listed).is_err() {
                    return;
                }
            }
        });
        let mut out: Vec<Option<Listed>> = vec![None; ps.len()];
        let mut stopped: Option<String> = None;
        for &i in &order {
            if let Some(why) = &stopped {
                out[i] = Some(Listed::Not(why.clone()));
                continue;
            }
            match rx.recv_timeout(cap) {
                Ok(l) => out[i] = Some(l),
                Err(_) => {
                    let shown = format_position(&ps[i], k);
                    out[i] = Some(Listed::Not(format!(
                        "its options could not be listed within {} (the safety cap, --far-check-time)",
                        secs(cap)
                    )));
                    stopped =
                        Some(format!("not listed: listing was already too slow at '{shown}'"));
                }
            }
        }
        Ok(out.into_iter().map(|l| l.unwrap_or(Listed::Not("not listed".into()))).collect())
    }
}

fn coords(part: &[u64]) -> Coords {
    let mut p: Coords = [0; MAX_ARITY];
    p[..part.len().min(MAX_ARITY)].copy_from_slice(&part[..part.len().min(MAX_ARITY)]);
    p
}

/// The options the moves program gives, for positions outside what was explored.
pub struct ProgramLister<'a> {
    pub program: &'a Program,
    /// The box's number of coordinates (heaps, with `--multiset`).
    pub arity: usize,
    /// Positions at least this large are not asked (the program was too slow on one), why.
    pub slow_from: Option<(u64, String)>,
    /// Starts left to the checks ([`Settings::starts`]).
    pub starts_left: usize,
}

/// Collects one batch's replies, position by position.
struct Collect {
    arity: usize,
    multiset: bool,
    done: Vec<Listed>,
    current: Vec<Opt>,
    /// Positions in the current position's options so far (parts of sums counted each).
    parts: usize,
    too_many: bool,
}

impl Sink for Collect {
    fn part(
        &mut self,
        p: Option<&[u64]>,
        first: bool,
    ) -> Result<(), crate::explore::program::ProtocolError> {
        self.parts += 1;
        if self.parts > MAX_CHECK_OPTIONS {
            self.too_many = true;
        }
        if first && !self.too_many {
            self.current.push(Vec::new());
        }
        if self.too_many {
            return Ok(());
        }
        let Some(p) = p else { return Ok(()) };
        let mut q: Coords = [0; MAX_ARITY];
        if self.multiset {
            // Sorted heaps, zeros first: the box's canonical form keeps the last `arity`.
            let nonzero = p.iter().filter(|&&x| x != 0).count();
            if nonzero > self.arity {
                q[0] = UNKNOWN_PART;
            } else {
                q[..self.arity].copy_from_slice(&p[p.len() - self.arity..]);
            }
        } else {
            q[..self.arity].copy_from_slice(&p[..self.arity]);
        }
        if let Some(opt) = self.current.last_mut() {
            opt.push(q);
        }
        Ok(())
    }

    fn end(&mut self) -> Result<(), crate::explore::program::ProtocolError> {
        let opts = std::mem::take(&mut self.current);
        self.parts = 0;
        self.done.push(if self.too_many {
            Listed::Not(format!("its options hold more than {MAX_CHECK_OPTIONS} positions"))
        } else {
            Listed::Options(opts)
        });
        self.too_many = false;
        Ok(())
    }
}

impl Lister for ProgramLister<'_> {
    /// Asks for every position, smallest first, in as few runs as it takes: a position the
    /// program fails on (a protocol fault, a crash) is said not to be listed and the next run
    /// starts after it; one it is too slow on, or writes too much for, also leaves unasked
    /// every position at least as large (their lists would be no shorter). Each start counts
    /// against the starts left, and has the safety cap `cap`.
    fn list(&mut self, ps: &[Coords], cap: Duration) -> Result<Vec<Listed>, std::io::Error> {
        let size = |p: &Coords| p[..self.arity].iter().copied().max().unwrap_or(0);
        let mut order: Vec<usize> = (0..ps.len()).collect();
        order.sort_by_key(|&i| size(&ps[i]));
        let mut out: Vec<Option<Listed>> = vec![None; ps.len()];
        let mut next = 0;
        let mut too_big = self.slow_from.take();
        while next < order.len() {
            let i = order[next];
            if let Some((m, why)) = &too_big
                && size(&ps[i]) >= *m
            {
                out[i] = Some(Listed::Not(why.clone()));
                next += 1;
                continue;
            }
            if self.starts_left == 0 {
                out[i] = Some(Listed::Not(format!(
                    "not asked: the far checks' budget of {CHECK_STARTS} starts of the moves program was spent"
                )));
                next += 1;
                continue;
            }
            let end = order[next..]
                .iter()
                .position(|&j| too_big.as_ref().is_some_and(|(m, _)| size(&ps[j]) >= *m))
                .map_or(order.len(), |e| next + e);
            let batch: Vec<Coords> = order[next..end].iter().map(|&j| ps[j]).collect();
            self.starts_left -= 1;
            let (got, fault) = self.one_run(&batch, cap)?;
            let answered = got.len();
            for (k, l) in got.into_iter().enumerate() {
                out[order[next + k]] = Some(l);
            }
            next += answered;
            if next < end {
                let j = order[next];
                let (slow, why) = fault.unwrap_or((false, "no reply".into()));
                if slow {
                    let shown = format_position(&ps[j], self.arity);
                    too_big = Some((
                        size(&ps[j]),
                        format!("not asked: the moves program was already too slow at '{shown}'"),
                    ));
                }
                out[j] = Some(Listed::Not(why));
                next += 1;
            }
        }
        self.slow_from = too_big;
        Ok(out.into_iter().map(|l| l.unwrap_or(Listed::Not("not asked".into()))).collect())
    }
}

impl ProgramLister<'_> {
    /// A lister of `program`'s options on a box of `arity` coordinates, with the checks'
    /// budget of starts ([`CHECK_STARTS`]).
    pub fn new(program: &Program, arity: usize) -> ProgramLister<'_> {
        ProgramLister { program, arity, slow_from: None, starts_left: CHECK_STARTS }
    }

    /// One start of the program on `ps`: the positions answered in full, and why the next one
    /// was not (if the run stopped early), with whether it was for being slow or wordy.
    fn one_run(
        &self,
        ps: &[Coords],
        time: Duration,
    ) -> Result<(Vec<Listed>, Option<Fault>), std::io::Error> {
        let program = self.program;
        let mut input = Vec::new();
        let mut flat = Vec::with_capacity(ps.len() * program.width());
        for p in ps {
            let heaps = &p[..self.arity];
            program.write_position(heaps, &mut input);
            input.push(b'\n');
            flat.extend_from_slice(heaps);
            flat.extend(std::iter::repeat_n(0, program.width() - self.arity));
        }
        let batch_program = Program { stream: false, ..program.clone() };
        let mut replies = crate::explore::program::Replies::new(&batch_program, &flat);
        let mut sink = Collect {
            arity: self.arity,
            multiset: program.multiset,
            done: Vec::new(),
            current: Vec::new(),
            parts: 0,
            too_many: false,
        };
        let mut line_bytes = 0usize;
        let mut flooded = false;
        let mut consume = |chunk: &[u8]| {
            line_bytes += match memchr::memrchr(b'\n', chunk) {
                Some(i) => {
                    line_bytes = 0;
                    chunk.len() - i - 1
                }
                None => chunk.len(),
            };
            if line_bytes > MAX_CHECK_BYTES {
                flooded = true;
                return false;
            }
            replies.feed(chunk, &mut sink) != process::Flow::Stop
        };
        let limits = Limits { timeout: time, output_cap: usize::MAX / 2 };
        let run = process::run_command_streaming(&program.cmd, &input, limits, &mut consume)?;
        let fault = if flooded {
            Some((
                true,
                format!("the moves program wrote more than {MAX_CHECK_BYTES} bytes for it"),
            ))
        } else if let Some(e) = replies.error.take() {
            Some((false, e.0))
        } else {
            match run.outcome {
                Outcome::Finished { .. } => replies.finish(&mut sink).err().map(|e| (false, e.0)),
                Outcome::Crashed { status, .. } => {
                    Some((false, format!("the moves program failed ({status})")))
                }
                Outcome::TimedOut => Some((true, capped_words(time))),
                Outcome::TooLong { stream, .. } => {
                    Some((true, format!("the moves program wrote too much on {stream}")))
                }
            }
        };
        let mut done = sink.done;
        done.truncate(ps.len());
        Ok((done, fault))
    }
}

/// Why a run of the moves program stopped early: whether for being slow or wordy (then larger
/// positions are not asked), and the words.
type Fault = (bool, String);

/// Why a pattern was dropped.
#[derive(Debug, Clone)]
pub struct Refutation {
    /// Where: `band` (computed beyond the box), `asked`, `sample`.
    pub check: &'static str,
    /// The position.
    pub position: Vec<u64>,
    /// What the pattern said there.
    pub said: String,
    /// What the game's rule (or the computed value) gives.
    pub rule: String,
}

/// The state of the check of the pattern that answers a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Check {
    /// The recurrence holds there.
    Holds,
    /// It could not be checked: why.
    NotChecked(String),
    /// An option lies above the position and beyond everything computed: the game's moves go
    /// up there, so play need not end (draws possible) and no pattern answers (why).
    Upward(String),
}

/// Does option part `q` lie above position `p` (a larger sum of coordinates)?
pub fn above(p: &[u64], q: &[u64]) -> bool {
    let size = |x: &[u64]| x.iter().map(|&c| u128::from(c)).sum::<u128>();
    size(q) > size(p)
}

/// Why no pattern answers a position with an option `q` above it and beyond everything
/// computed.
pub fn upward_words(q: &str) -> String {
    format!(
        "unknown: its option '{q}' lies above it and beyond everything computed: a game whose moves go up need not end there (draws possible), and a pattern's value of it is no evidence"
    )
}

/// What the guard found, for the answers and the report.
pub struct Guard {
    /// Per pattern (in the order given): why it was dropped, if it was.
    pub refuted: Vec<Option<Refutation>>,
    /// The region computed for real: the box and the band beyond it.
    pub computed: Space,
    /// Positions of the band (computed beyond the box) every kept pattern reproduces.
    pub band_cells: usize,
    /// Per pattern: far samples where the rule held, and those sampled in all.
    pub sampled: Vec<(usize, usize)>,
    /// Far samples whose listing the safety cap cut (`--far-check-time`).
    pub capped: usize,
    /// The asked far positions: the pattern that answers (its index) and its check.
    answered: HashMap<Vec<u64>, (usize, Check)>,
    /// Asked far positions no kept pattern covers, with the refutation that removed the last.
    lost: HashMap<Vec<u64>, String>,
    /// The options listed at the asked far positions (what `--winning` values far away).
    listed: HashMap<Vec<u64>, Vec<Opt>>,
}

/// The inputs of a guarded run.
pub struct Inputs<'a> {
    /// The table of the box and the band (the box alone when no band was computed).
    pub table: &'a Table,
    /// The box the patterns were found on.
    pub box_space: &'a Space,
    /// The patterns allowed to answer beyond the box, best first.
    pub patterns: &'a [Pattern],
    /// The far positions asked (single positions; a sum's parts each).
    pub asked: &'a [Coords],
    pub settings: Settings,
}

/// The verdict of the rule at one position for one pattern.
enum Verdict {
    Holds,
    Fails {
        said: String,
        rule: String,
    },
    Unknown(String),
    /// [`Check::Upward`].
    Upward(String),
}

/// A value and an outcome as the check reads them.
#[derive(Clone, Copy)]
struct Known {
    value: Option<u64>,
    outcome: Option<u8>,
}

struct Run<'a> {
    inp: &'a Inputs<'a>,
    arity: usize,
    refuted: Vec<Option<Refutation>>,
    /// Pattern indices in the order answers try them.
    order: Vec<usize>,
}

impl Run<'_> {
    fn usable(&self, i: usize) -> bool {
        self.refuted[i].is_none() && self.inp.patterns[i].edge.is_none()
    }

    /// The first usable pattern covering `p` (after `skip` of them in answer order).
    fn answerer(&self, p: &Coords) -> Option<usize> {
        self.order
            .iter()
            .copied()
            .find(|&i| self.usable(i) && self.inp.patterns[i].formula.at(p).is_some())
    }

    /// A part's value and outcome: the table, else pattern `x`, else the answering pattern.
    fn part(&self, q: &Coords, x: usize) -> Option<Known> {
        if q[0] == UNKNOWN_PART {
            return None;
        }
        let t = self.inp.table;
        if let Some(cell) = t.space.index(q) {
            let o = t.outcome[cell];
            return Some(Known {
                value: t.value(cell).map(u64::from),
                outcome: (o != b'?').then_some(o),
            });
        }
        let pat = &self.inp.patterns[x];
        let a = pat.formula.at(q).or_else(|| {
            let y = self.answerer(q)?;
            self.inp.patterns[y].formula.at(q)
        })?;
        Some(known_of(a, t.misere))
    }

    /// An option's value and outcome (a sum: the XOR of its parts' values).
    fn option(&self, opt: &Opt, x: usize) -> Result<Known, String> {
        let misere = self.inp.table.misere;
        if opt.is_empty() {
            let outcome = if misere { b'N' } else { b'P' };
            return Ok(Known { value: (!misere).then_some(0), outcome: Some(outcome) });
        }
        let show = |q: &Coords| {
            if q[0] == UNKNOWN_PART {
                "a multiset with more heaps than the box".to_string()
            } else {
                format!("'{}'", format_position(q, self.arity))
            }
        };
        if opt.len() == 1 {
            return self
                .part(&opt[0], x)
                .ok_or_else(|| format!("no value is known for its option {}", show(&opt[0])));
        }
        if misere {
            return Err("an option is a sum, which misère play does not decompose".into());
        }
        let mut v = 0u64;
        for q in opt {
            let k = self.part(q, x).and_then(|k| k.value);
            v ^= k.ok_or_else(|| {
                format!("no value is known for {}, a part of one of its options", show(q))
            })?;
        }
        Ok(Known { value: Some(v), outcome: Some(if v == 0 { b'P' } else { b'N' }) })
    }

    /// An option as text: `'3 5'`, `'3 5 + 1 2'`, or `'()'`.
    fn show_option(&self, opt: &Opt) -> String {
        if opt.is_empty() {
            return "'()'".into();
        }
        let parts: Vec<String> = opt.iter().map(|q| format_position(q, self.arity)).collect();
        format!("'{}'", parts.join(" + "))
    }

    /// The first option part of `p` above it and outside the computed table, as text.
    fn upward(&self, p: &Coords, opts: &[Opt]) -> Option<String> {
        let k = self.arity;
        let t = self.inp.table;
        opts.iter().flatten().find_map(|q| {
            let beyond = q[0] != UNKNOWN_PART && t.space.index(q).is_none();
            (beyond && above(&p[..k], &q[..k])).then(|| format_position(q, k))
        })
    }

    /// The recurrence at `p` for pattern `x`, given `p`'s options.
    fn verdict(&self, p: &Coords, x: usize, opts: &[Opt]) -> Verdict {
        let pat = &self.inp.patterns[x];
        let Some(a) = pat.formula.at(p) else { return Verdict::Unknown("not covered".into()) };
        if let Some(q) = self.upward(p, opts) {
            return Verdict::Upward(upward_words(&q));
        }
        let mut known = Vec::with_capacity(opts.len());
        let mut from = Vec::with_capacity(opts.len());
        let mut missing: Option<String> = None;
        for (j, o) in opts.iter().enumerate() {
            match self.option(o, x) {
                Ok(k) => {
                    known.push(k);
                    from.push(j);
                }
                Err(why) => {
                    missing.get_or_insert(why);
                }
            }
        }
        let misere = self.inp.table.misere;
        let verdict = match (pat.formula.covers(), a.value) {
            (Covers::Values, Some(v)) if !misere => values_rule(v, &known, missing),
            _ => outcome_rule(a.outcome, &known, missing, misere),
        };
        // Name the option the rule turned on.
        match verdict {
            Verdict::Fails { said, rule } if rule.starts_with("an option ") => {
                let want = |k: &Known| match (pat.formula.covers(), a.value) {
                    (Covers::Values, Some(v)) if !misere => k.value == Some(v),
                    _ => k.outcome == Some(b'P'),
                };
                let named = known.iter().position(want).map(|j| self.show_option(&opts[from[j]]));
                let rule = match named {
                    Some(n) => rule.replacen("an option", &format!("its option {n}"), 1),
                    None => rule,
                };
                Verdict::Fails { said, rule }
            }
            v => v,
        }
    }
}

fn known_of(a: Answer, misere: bool) -> Known {
    Known { value: if misere { None } else { a.value }, outcome: Some(a.outcome) }
}

/// Value `v` against the mex of the options' values.
fn values_rule(v: u64, known: &[Known], missing: Option<String>) -> Verdict {
    let said = format!("value {v}");
    if let Some(k) = known.iter().find(|k| k.value == Some(v)) {
        let _ = k;
        return Verdict::Fails {
            said,
            rule: format!("an option has value {v}, so its value is not {v}"),
        };
    }
    if known.iter().any(|k| k.value.is_none()) || missing.is_some() {
        let why = missing.unwrap_or_else(|| "an option has no integer value".into());
        return Verdict::Unknown(why);
    }
    // The rule of the kind (the Sprague-Grundy theorem): the mex of the options' values.
    let values: Vec<(i128, i64)> =
        known.iter().filter_map(|k| k.value).map(|x| (i128::from(x), 0)).collect();
    let mex = match Grundy.of_options(&Options::of(&values)) {
        Ok(mex) => mex,
        Err(why) => return Verdict::Unknown(why),
    };
    if mex == i128::from(v) {
        Verdict::Holds
    } else {
        Verdict::Fails { said, rule: format!("the mex of its options' values is {mex}") }
    }
}

/// Outcome `o` against the outcomes of the options (normal or misère play).
fn outcome_rule(o: u8, known: &[Known], missing: Option<String>, misere: bool) -> Verdict {
    let said = format!("outcome {}", o as char);
    let count = |c: u8| known.iter().filter(|k| k.outcome == Some(c)).count();
    let unknown =
        known.iter().filter(|k| k.outcome.is_none()).count() + usize::from(missing.is_some());
    let p = count(b'P');
    if p == 0 && unknown > 0 {
        return Verdict::Unknown(
            missing.unwrap_or_else(|| "an option's outcome is unknown".into()),
        );
    }
    // The rule of the kind, over the options whose outcome is known (a P option decides).
    let kind: &dyn ValueKind = if misere { &MisereOutcome } else { &NormalOutcome };
    let mut outcomes: Vec<(i128, i64)> = Vec::with_capacity(known.len());
    for c in known.iter().filter_map(|k| k.outcome) {
        match kind.read(&char::from(c).to_string()) {
            Ok(x) => outcomes.push((x, 0)),
            Err(why) => return Verdict::Unknown(why),
        }
    }
    let rule = match kind.of_options(&Options::of(&outcomes)) {
        Ok(x) => kind.show(x).as_bytes().first().copied().unwrap_or(b'?'),
        Err(why) => return Verdict::Unknown(why),
    };
    if rule == o {
        return Verdict::Holds;
    }
    let why = match rule {
        b'N' if p > 0 => "an option is a P-position, so it is N".to_string(),
        b'N' => "it has no move, which wins in misère play, so it is N".to_string(),
        b'P' if known.is_empty() => "it has no move, so it is P".to_string(),
        b'P' => "every option is an N-position, so it is P".to_string(),
        _ => "no option is P and some option is drawn, so it is D".to_string(),
    };
    Verdict::Fails { said, rule: why }
}

/// The first entry of the band (the computed region outside the box) that `f` gets wrong.
fn band_fault(t: &Table, box_space: &Space, pat: &Pattern) -> Option<Refutation> {
    let f = pat.formula.as_ref();
    let cells: Box<dyn Iterator<Item = usize>> = match f.domain() {
        Domain::All => Box::new(0..t.cells()),
        Domain::Line { axis, base } => {
            let mut p = base;
            p[axis] = t.space.lo[axis];
            let first = t.space.index(&p)?;
            let stride: usize =
                (axis + 1..t.space.arity()).map(|a| t.space.width(a) as usize).product();
            let n = t.space.width(axis) as usize;
            Box::new((0..n).map(move |i| first + i * stride))
        }
    };
    let k = t.space.arity();
    for cell in cells {
        let p = t.position(cell);
        if box_space.contains(&p) || t.outcome[cell] == b'?' {
            continue;
        }
        let Some(a) = f.at(&p) else { continue };
        // A formula of the values that gives only the outcome here is checked on the outcome.
        let value = a.value.filter(|_| f.covers() == Covers::Values);
        let wrong = match value {
            Some(v) => t.value(cell).map(u64::from) != Some(v),
            None => a.outcome != t.outcome[cell],
        };
        if wrong {
            let (said, rule) = match value {
                Some(v) => {
                    (format!("value {v}"), format!("the computed value is {}", t.value_text(cell)))
                }
                None => (
                    format!("outcome {}", a.outcome as char),
                    format!("the computed outcome is {}", t.outcome[cell] as char),
                ),
            };
            return Some(Refutation { check: "band", position: p[..k].to_vec(), said, rule });
        }
    }
    None
}

/// Positions a pattern covers, spread over `10^3..10^18` (half with every free coordinate of
/// one size, half with sizes drawn apart), for the far samples.
fn samples_for(pat: &Pattern, frame: &Frame, k: usize, seed: u64) -> Vec<Coords> {
    let mut rng = crate::rng::Rng::new(seed);
    let mut out = Vec::new();
    let free: Vec<usize> = match pat.formula.domain() {
        Domain::All => frame.free.clone(),
        Domain::Line { axis, .. } => vec![axis],
    };
    let base: Coords = match pat.formula.domain() {
        Domain::All => frame.fixed,
        Domain::Line { base, .. } => base,
    };
    let mut tries = 0;
    while out.len() < k && tries < 8 * k {
        let i = tries;
        let e = 3 + (15 * (i % k.max(1))) / k.max(2).saturating_sub(1).max(1);
        let mut p = base;
        for (j, &a) in free.iter().enumerate() {
            let e = if i % 2 == 1 && j > 0 { 3 + rng.below(16) as usize } else { e.min(18) };
            let ten = 10u64.pow(e as u32);
            p[a] = (ten + rng.below(ten)).min(MAX_COORD);
        }
        tries += 1;
        if pat.formula.at(&p).is_some() {
            out.push(p);
        }
    }
    out
}

impl Guard {
    /// Runs every check: the band, the asked positions, the far samples.
    pub fn run(inp: &Inputs, lister: &mut dyn Lister) -> Result<Guard, std::io::Error> {
        let n = inp.patterns.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| answer_rank(&inp.patterns[i]));
        let mut run = Run { inp, arity: inp.box_space.arity(), refuted: vec![None; n], order };
        for i in 0..n {
            if run.usable(i) {
                run.refuted[i] = band_fault(inp.table, inp.box_space, &inp.patterns[i]);
            }
        }
        let band_cells = inp.table.cells() - inp.box_space.cells().min(inp.table.cells());
        let far: Vec<Coords> =
            dedup(inp.asked.iter().filter(|p| inp.table.space.index(&p[..]).is_none()).copied());
        let listed = lister.list(&far, inp.settings.cap)?;
        settle(&mut run, &far, &listed, "asked", None);
        let mut sampled = vec![(0usize, 0usize); n];
        let mut capped = 0;
        if inp.settings.samples > 0 {
            (sampled, capped) = run_samples(&mut run, &far, lister)?;
            // A refutation by a sample changes who answers the asked positions.
            settle(&mut run, &far, &listed, "asked", None);
        }
        let (answered, lost) = verdicts(&run, &far, &listed);
        let computed = inp.table.space.clone();
        let k = run.arity;
        let listed = far
            .iter()
            .zip(listed)
            .filter_map(|(p, l)| match l {
                Listed::Options(o) => Some((p[..k].to_vec(), o)),
                Listed::Not(_) => None,
            })
            .collect();
        let refuted = run.refuted;
        Ok(Guard { refuted, computed, band_cells, sampled, capped, answered, lost, listed })
    }

    /// The pattern that answers far position `p` (not in the computed region), with its
    /// check; `Err` with the refutation that left it without one, or `Ok(None)` when no
    /// pattern covers it.
    pub fn at(&self, p: &[u64]) -> Result<Option<(usize, &Check)>, &str> {
        if let Some((i, c)) = self.answered.get(p) {
            return Ok(Some((*i, c)));
        }
        match self.lost.get(p) {
            Some(why) => Err(why),
            None => Ok(None),
        }
    }

    /// The options the game gave at the asked far position `p` (each a sum of parts; a part
    /// whose first coordinate is `u64::MAX` is no position of the box's game), when they were
    /// listed.
    pub fn options(&self, p: &[u64]) -> Option<&[Opt]> {
        self.listed.get(p).map(Vec::as_slice)
    }

    /// Is `q` a part the listing could not read as a position of the box's game?
    pub fn unknown_part(q: &[u64]) -> bool {
        q.first() == Some(&UNKNOWN_PART)
    }

    /// What was checked, for the label of an answer from pattern `i` that held at its position.
    pub fn held_words(&self, i: usize) -> String {
        let mut s = "the game's rule holds here".to_string();
        let (ok, all) = self.sampled[i];
        if all > 0 && ok == 0 {
            s.push_str(&format!(" (none of {all} sampled far positions could be checked)"));
        } else if all > 0 {
            if ok == all {
                s.push_str(&format!(" and at {all} sampled far positions"));
            } else {
                s.push_str(&format!(
                    " and at {ok} of {all} sampled far positions (the others could not be checked)"
                ));
            }
        }
        if self.capped > 0 {
            s.push_str(&format!(
                " ({} sampled far positions were not listed: the safety cap --far-check-time cut the moves program)",
                self.capped
            ));
        }
        if self.band_cells > 0 {
            s.push_str(&format!(
                "; the {} positions computed beyond the box agree",
                self.band_cells
            ));
        }
        s
    }

    /// Takes the refuted patterns out of `found` (whose first `n_trusted` were checked),
    /// renumbering what the guard knows; returns them with their refutations, in order.
    pub fn drop_refuted(
        &mut self,
        found: &mut Vec<Pattern>,
        n_trusted: &mut usize,
    ) -> Vec<(Pattern, Refutation)> {
        let old = std::mem::take(found);
        let mut new_index = vec![usize::MAX; old.len()];
        let mut dropped = Vec::new();
        let mut kept_trusted = 0;
        for (i, p) in old.into_iter().enumerate() {
            match self.refuted.get_mut(i).and_then(Option::take) {
                Some(r) => dropped.push((p, r)),
                None => {
                    new_index[i] = found.len();
                    kept_trusted += usize::from(i < *n_trusted);
                    found.push(p);
                }
            }
        }
        *n_trusted = kept_trusted;
        let renumber = |i: usize| new_index.get(i).copied().unwrap_or(usize::MAX);
        let mut sampled = vec![(0, 0); found.len()];
        for (i, s) in self.sampled.iter().enumerate() {
            if let Some(slot) = sampled.get_mut(renumber(i)) {
                *slot = *s;
            }
        }
        self.sampled = sampled;
        for (i, _) in self.answered.values_mut() {
            *i = renumber(*i);
        }
        self.answered.retain(|_, (i, _)| *i != usize::MAX);
        self.refuted = vec![None; found.len()];
        dropped
    }

    /// The refutations, in pattern order (for the report).
    pub fn refutations(&self) -> impl Iterator<Item = (usize, &Refutation)> {
        self.refuted.iter().enumerate().filter_map(|(i, r)| r.as_ref().map(|r| (i, r)))
    }
}

/// The far samples of every observed pattern that answers an asked position (a proved one
/// needs none: its theorem covers them), checked and settled; per pattern, the samples where
/// the rule held and those drawn; and how many listings the safety cap cut.
fn run_samples(
    run: &mut Run,
    far: &[Coords],
    lister: &mut dyn Lister,
) -> Result<(Vec<(usize, usize)>, usize), std::io::Error> {
    let inp = run.inp;
    let mut sampled = vec![(0usize, 0usize); inp.patterns.len()];
    let frame = Frame::of(inp.table);
    let mut answering: Vec<usize> = far
        .iter()
        .filter_map(|p| run.answerer(p))
        .filter(|&i| !matches!(inp.patterns[i].basis, Basis::Proved(_)))
        .collect();
    answering.sort_unstable();
    answering.dedup();
    let (mut ps, mut owner) = (Vec::new(), Vec::new());
    for &i in &answering {
        for p in samples_for(&inp.patterns[i], &frame, inp.settings.samples, 0x5eed ^ i as u64) {
            if inp.table.space.index(&p).is_none() {
                ps.push(p);
                owner.push(i);
            }
        }
    }
    let listed = lister.list(&ps, inp.settings.cap)?;
    let capped = listed
        .iter()
        .filter(|l| matches!(l, Listed::Not(why) if why.contains("--far-check-time")))
        .count();
    settle(run, &ps, &listed, "sample", Some(&owner));
    for (j, &i) in owner.iter().enumerate() {
        sampled[i].1 += 1;
        if let Listed::Options(o) = &listed[j]
            && run.usable(i)
            && matches!(run.verdict(&ps[j], i, o), Verdict::Holds)
        {
            sampled[i].0 += 1;
        }
    }
    Ok((sampled, capped))
}

/// Who answers each asked far position and its check; or the refutation that left it with
/// no pattern.
type Verdicts = (HashMap<Vec<u64>, (usize, Check)>, HashMap<Vec<u64>, String>);

fn verdicts(run: &Run, far: &[Coords], listed: &[Listed]) -> Verdicts {
    let (inp, n) = (run.inp, run.inp.patterns.len());
    let mut answered = HashMap::new();
    let mut lost = HashMap::new();
    for (j, p) in far.iter().enumerate() {
        let key = p[..run.arity].to_vec();
        match run.answerer(p) {
            Some(i) => {
                let check = match &listed[j] {
                    Listed::Not(why) => Check::NotChecked(why.clone()),
                    Listed::Options(o) => match run.verdict(p, i, o) {
                        Verdict::Holds => Check::Holds,
                        Verdict::Unknown(why) => Check::NotChecked(why),
                        Verdict::Upward(why) => Check::Upward(why),
                        Verdict::Fails { .. } => Check::NotChecked("refuted".into()),
                    },
                };
                answered.insert(key, (i, check));
            }
            None => {
                let last = (0..n)
                    .filter(|&i| inp.patterns[i].formula.at(p).is_some())
                    .find_map(|i| run.refuted[i].as_ref());
                if let Some(r) = last {
                    lost.insert(key, refutation_text(r, run.arity));
                }
            }
        }
    }
    (answered, lost)
}

/// One refutation in words.
pub fn refutation_text(r: &Refutation, arity: usize) -> String {
    let where_ = match r.check {
        "band" => "computed beyond the box",
        "sample" => "a sampled far position",
        _ => "an asked position",
    };
    format!(
        "at '{}' ({where_}) the pattern says {}, but {}",
        format_position(&r.position, arity.min(r.position.len())),
        r.said,
        r.rule
    )
}

/// The order in which answers try patterns: proved before observed, values before outcomes,
/// the whole table before single lines.
pub fn answer_rank(p: &Pattern) -> (bool, bool, bool) {
    let proved = matches!(p.basis, Basis::Proved(_));
    let values = p.formula.covers() == Covers::Values;
    (!proved, !values, p.is_line())
}

fn dedup(ps: impl Iterator<Item = Coords>) -> Vec<Coords> {
    let mut seen = std::collections::HashSet::new();
    ps.filter(|p| seen.insert(*p)).collect()
}

/// Checks positions until no pattern is newly refuted: each position against the pattern that
/// answers it (or, for samples, against the pattern it was drawn for), refuting on failure.
fn settle(
    run: &mut Run,
    ps: &[Coords],
    listed: &[Listed],
    check: &'static str,
    owner: Option<&[usize]>,
) {
    loop {
        let mut changed = false;
        for (j, p) in ps.iter().enumerate() {
            let Listed::Options(opts) = &listed[j] else { continue };
            if owner.is_none() {
                // Every pattern covering an asked position is checked there (competing
                // conjectures: the rule decides between them where it can).
                changed |= refute_covering(run, p, opts, check);
                continue;
            }
            loop {
                let x = match owner {
                    Some(o) => Some(o[j]).filter(|&i| run.usable(i)),
                    None => run.answerer(p),
                };
                let Some(x) = x else { break };
                match run.verdict(p, x, opts) {
                    Verdict::Fails { said, rule } => {
                        let position = p[..run.arity].to_vec();
                        run.refuted[x] = Some(Refutation { check, position, said, rule });
                        changed = true;
                        if owner.is_some() {
                            break;
                        }
                    }
                    _ => break,
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// Checks every usable pattern covering `p` there, in answer order, refuting those that fail;
/// whether any was refuted.
fn refute_covering(run: &mut Run, p: &Coords, opts: &[Opt], check: &'static str) -> bool {
    let mut changed = false;
    for k in 0..run.order.len() {
        let x = run.order[k];
        if !run.usable(x) || run.inp.patterns[x].formula.at(p).is_none() {
            continue;
        }
        if let Verdict::Fails { said, rule } = run.verdict(p, x, opts) {
            let position = p[..run.arity].to_vec();
            run.refuted[x] = Some(Refutation { check, position, said, rule });
            changed = true;
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(v: Option<u64>, o: u8) -> Known {
        Known { value: v, outcome: Some(o) }
    }

    #[test]
    fn the_rules() {
        // mex {0, 1, 3} = 2.
        let opts = [k(Some(0), b'P'), k(Some(1), b'N'), k(Some(3), b'N')];
        assert!(matches!(values_rule(2, &opts, None), Verdict::Holds));
        assert!(matches!(values_rule(4, &opts, None), Verdict::Fails { .. }));
        assert!(matches!(values_rule(1, &opts, None), Verdict::Fails { .. }));
        assert!(matches!(values_rule(2, &opts[..2], Some("x".into())), Verdict::Unknown(_)));
        // Outcomes, normal play.
        assert!(matches!(outcome_rule(b'P', &[], None, false), Verdict::Holds));
        assert!(matches!(outcome_rule(b'N', &[], None, true), Verdict::Holds));
        assert!(matches!(outcome_rule(b'P', &[k(None, b'N')], None, false), Verdict::Holds));
        assert!(matches!(outcome_rule(b'P', &[k(None, b'P')], None, false), Verdict::Fails { .. }));
        assert!(matches!(
            outcome_rule(b'N', &[k(None, b'P')], Some("x".into()), false),
            Verdict::Holds
        ));
        assert!(matches!(
            outcome_rule(b'N', &[k(None, b'N')], Some("x".into()), false),
            Verdict::Unknown(_)
        ));
        assert!(matches!(
            outcome_rule(b'D', &[k(None, b'D'), k(None, b'N')], None, false),
            Verdict::Holds
        ));
        // Misère: a move to N only is P.
        assert!(matches!(outcome_rule(b'P', &[k(None, b'N')], None, true), Verdict::Holds));
    }

    #[test]
    fn near_positions_join_the_computed_region() {
        let s = Space::from_ranges(&[(0, 40)]);
        let at = |x: u64| {
            let mut p: Coords = [0; MAX_ARITY];
            p[0] = x;
            p
        };
        let r = region(&s, &[at(3000), at(1_000_000_000_000)], 1 << 20).unwrap();
        assert_eq!((r.lo[0], r.hi[0]), (0, 3000));
        let r = region(&s, &[at(1_000_000_000_000)], 1 << 20).unwrap();
        assert_eq!(r.hi[0], 50);
        // A fixed coordinate is never grown.
        let s = Space::from_ranges(&[(0, 30), (5, 5)]);
        let mut p = at(40);
        p[1] = 6;
        assert_eq!(region(&s, &[p], 1 << 20).unwrap().hi, vec![37, 5]);
    }

    #[test]
    fn the_band_grows_the_box_by_about_a_quarter() {
        let s = Space::from_ranges(&[(0, 99)]);
        assert_eq!(band(&s, 1 << 20).unwrap().hi, vec![124]);
        let s = Space::from_ranges(&[(0, 60), (0, 60)]);
        let b = band(&s, 1 << 20).unwrap();
        assert_eq!(b.hi, vec![67, 67]);
        assert!(b.cells() * 100 <= s.cells() * 126);
        assert!(band(&s, 100).is_none());
        assert!(band(&Space::from_ranges(&[(5, 5)]), 100).is_none());
    }
}
