//! `games explore --partizan`: a partizan game from a moves program. Each reply line is
//! `LEFT | RIGHT`, Left's options and Right's options, each `;`-separated (either may be empty),
//! an option a sum of positions joined by `+`, `()` the empty game. The program is run by
//! [`crate::explore::program::Runner`] (batches, or one `--stream` session), its replies read as they
//! come. Every position met gets its value ([`crate::explore::partizan_num`]): numbers on a fast path,
//! other games as canonical forms ([`crate::theory::canonical`]); an option's value is the sum
//! of its parts' values, a position's value `{left values | right values}` simplified.
//!
//! **Eager values.** The box is asked row-major, so a move that lowers coordinates leads to a
//! position answered earlier; a reply whose parts all have values is valued at once and its
//! options are not kept (memory follows the positions, not the program's output). Other
//! positions keep their options and are valued afterwards, options first, by an explicit stack;
//! a position that can come back to itself is refused (the game must end).
//!
//! **Far positions.** The box is explored first (a failure there ends the run). The `--at` and
//! `--winning` positions are then explored together (one by one when there are at most eight);
//! when that fails, the graph is rolled back
//! and the positions split in halves until each failing one is alone, so that a failure is
//! said for the position asked that caused it and every other answer is kept.
pub mod number;
pub mod value_kind;

use crate::explore::partizan_num::{Small, Val, Values};
use crate::explore::program::{BATCH, BATCH_BYTES, Program, ProtocolError, Runner, Sink};
use crate::explore::space::{Coords, MAX_ARITY, Space, format_position};
use crate::theory::canonical::OverBudget;
use std::collections::{HashMap, HashSet};

/// The most distinct canonical forms.
pub const MAX_FORMS: usize = 500_000;

/// A position asked with `--at`: a sum of parts (`None`: the empty game `()`).
pub type Asked = Vec<Option<Coords>>;

/// Why the run stopped.
#[derive(Debug)]
pub enum Stop {
    /// `games` was interrupted, or a program could not be started.
    Interrupted(std::io::Error),
    /// The program broke the protocol or failed, or a budget ran out.
    Failed(String),
}

/// The budgets of a run.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_positions: usize,
    /// Starts of the moves program for the box (`--max-starts`).
    pub max_starts: usize,
    /// Batches of the moves program (starts, or requests of a `--stream` session) for each
    /// far position, counted anew for each (`--far-starts`).
    pub far_batches: usize,
}

/// The words a far position's failure begins with when its own budget was spent (the report
/// may then answer it from the box's pattern).
pub const FAR_BUDGET: &str = "its own budget of";

/// What ends [`ask_all`]: the box's starts, or a far position's batches.
#[derive(Clone, Copy)]
enum Cap {
    Starts(usize),
    /// At most this many batches after `from` (the runner's batches when the far position
    /// began).
    Batches {
        from: usize,
        most: usize,
        /// The option that set `most`, named when it is spent.
        option: &'static str,
    },
}

/// A kept position's options: `left + right` options from `first` in [`Graph::ends`].
#[derive(Clone, Copy)]
struct Kept {
    first: u32,
    left: u32,
    right: u32,
}

const NO_KEPT: u32 = u32::MAX;

/// A cheap hash for positions (coordinates are not adversarial keys here: a slow case only
/// costs time, bounded by `--max-positions`).
#[derive(Default)]
struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

type FxBuild = std::hash::BuildHasherDefault<Fx>;

/// The positions met, their values, and the options kept.
pub struct Graph {
    space: Space,
    arity: usize,
    max_positions: usize,
    /// Positions outside the box (box cell c is position c).
    index: HashMap<Coords, u32, FxBuild>,
    coords: Vec<u64>,
    /// `None`: not valued yet (its options are kept).
    pub(crate) val: Vec<Option<Val>>,
    kept: Vec<u32>,
    opts: Vec<Kept>,
    ends: Vec<u32>,
    parts: Vec<u32>,
    /// Positions whose options are kept even when valued at once (`--winning`).
    keep: HashSet<Coords, FxBuild>,
    /// Positions `< asked` have been asked.
    asked: usize,
    /// The values and the canonical-form store.
    pub values: Values,
}

/// A point to roll back to.
#[derive(Clone, Copy)]
struct Mark {
    positions: usize,
    opts: usize,
    ends: usize,
    parts: usize,
}

impl Graph {
    fn new(space: &Space, limits: Limits) -> Graph {
        Graph {
            space: space.clone(),
            arity: space.arity(),
            max_positions: limits.max_positions,
            index: HashMap::default(),
            coords: Vec::new(),
            val: Vec::new(),
            kept: Vec::new(),
            opts: Vec::new(),
            ends: Vec::new(),
            parts: Vec::new(),
            keep: HashSet::default(),
            asked: 0,
            values: Values::new(MAX_FORMS),
        }
    }

    /// The number of positions met.
    pub fn len(&self) -> usize {
        self.val.len()
    }

    /// The box's number of coordinates.
    pub fn space_arity(&self) -> usize {
        self.arity
    }

    /// Whether no position was met.
    pub fn is_empty(&self) -> bool {
        self.val.is_empty()
    }

    /// Position v's coordinates.
    pub fn position(&self, v: u32) -> Coords {
        let mut p = [0u64; MAX_ARITY];
        let a = self.arity;
        p[..a].copy_from_slice(&self.coords[v as usize * a..(v as usize + 1) * a]);
        p
    }

    fn push(&mut self, p: &[u64]) -> Result<u32, String> {
        let v = self.val.len();
        if v >= self.max_positions {
            return Err(format!(
                "the game reaches more than {} positions from the box (the last one met: '{}'); raise --max-positions or use a smaller box",
                self.max_positions,
                format_position(p, self.arity)
            ));
        }
        crate::error::try_reserve(&mut self.coords, self.arity, "the positions met")
            .map_err(|e| e.to_string())?;
        self.coords.extend_from_slice(&p[..self.arity]);
        self.val.push(None);
        self.kept.push(NO_KEPT);
        Ok(v as u32)
    }

    /// The number of `p` (new positions are queued to be asked).
    fn intern(&mut self, p: &[u64]) -> Result<u32, String> {
        if let Some(c) = self.space.index(p)
            && c < self.val.len()
        {
            return Ok(c as u32);
        }
        let mut key = [0u64; MAX_ARITY];
        key[..self.arity].copy_from_slice(&p[..self.arity]);
        if let Some(&v) = self.index.get(&key) {
            return Ok(v);
        }
        let v = self.push(p)?;
        self.index.insert(key, v);
        Ok(v)
    }

    fn mark(&self) -> Mark {
        Mark {
            positions: self.val.len(),
            opts: self.opts.len(),
            ends: self.ends.len(),
            parts: self.parts.len(),
        }
    }

    fn rollback(&mut self, m: Mark) {
        for v in m.positions..self.val.len() {
            let p = self.position(v as u32);
            self.index.remove(&p);
        }
        self.coords.truncate(m.positions * self.arity);
        self.val.truncate(m.positions);
        self.kept.truncate(m.positions);
        self.opts.truncate(m.opts);
        self.ends.truncate(m.ends);
        self.parts.truncate(m.parts);
        self.asked = self.asked.min(m.positions);
    }

    /// The value of an option: the sum of its parts' values (all known).
    fn sum_of(&mut self, parts: &[u32]) -> Result<Val, OverBudget> {
        let mut s = Val::Num(Small::int(0));
        for &w in parts {
            let Some(x) = self.val[w as usize] else {
                return Err(OverBudget { what: "an option valued before its parts".into() });
            };
            s = if s == Val::Num(Small::int(0)) { x } else { self.values.add(s, x)? };
        }
        Ok(s)
    }

    /// The value of a position from its options: `ends` (ends in `parts`, the first `left`
    /// of them Left's), every part valued.
    fn value_from(&mut self, ends: &[u32], parts: &[u32], left: usize) -> Result<Val, OverBudget> {
        if let Some(x) = self.number_from(ends, parts, left) {
            self.values.fast += 1;
            return Ok(x);
        }
        let (mut l, mut r) = (Vec::with_capacity(left), Vec::with_capacity(ends.len() - left));
        let mut from = 0usize;
        for (o, &end) in ends.iter().enumerate() {
            let x = self.sum_of(&parts[from..end as usize])?;
            from = end as usize;
            if o < left { l.push(x) } else { r.push(x) }
        }
        self.values.form(&l, &r)
    }

    /// [`Graph::value_from`] when every part is a [`Small`] number, every sum fits and every
    /// Left option is below every Right option: the simplest number between, with no
    /// allocation (`None` otherwise, for the general path).
    fn number_from(&self, ends: &[u32], parts: &[u32], left: usize) -> Option<Val> {
        let (mut lo, mut hi): (Option<Small>, Option<Small>) = (None, None);
        let mut from = 0usize;
        for (o, &end) in ends.iter().enumerate() {
            let mut s = Small::int(0);
            for &w in &parts[from..end as usize] {
                match self.val[w as usize]? {
                    Val::Num(x) => s = s.plus(x)?,
                    Val::Form(_) => return None,
                }
            }
            from = end as usize;
            if o < left {
                lo = Some(lo.map_or(s, |l| l.max(s)));
            } else {
                hi = Some(hi.map_or(s, |h| h.min(s)));
            }
        }
        Some(Val::Num(Small::simplest_between(lo, hi)?.ok()?))
    }

    /// Kept position v's options: ranges of parts, Left's first, and how many are Left's.
    pub fn options(&self, v: u32) -> Option<(Vec<std::ops::Range<usize>>, usize)> {
        let k = *self.opts.get(*self.kept.get(v as usize)? as usize)?;
        let first = k.first as usize;
        let ranges = (first..first + (k.left + k.right) as usize)
            .map(|o| if o == 0 { 0 } else { self.ends[o - 1] as usize }..self.ends[o] as usize)
            .collect();
        Some((ranges, k.left as usize))
    }

    /// Option parts (position numbers).
    pub fn parts(&self, range: std::ops::Range<usize>) -> &[u32] {
        &self.parts[range]
    }

    /// The value of the option whose parts are `parts` (all valued).
    pub fn option_value(&mut self, parts: &[u32]) -> Result<Val, OverBudget> {
        self.sum_of(parts)
    }

    fn keep_options(
        &mut self,
        v: u32,
        ends: &[u32],
        parts: &[u32],
        left: usize,
    ) -> Result<(), String> {
        if self.parts.len() + parts.len() >= u32::MAX as usize - 1
            || self.ends.len() + ends.len() >= u32::MAX as usize - 1
        {
            return Err("more than 2^32 - 2 option parts in all (the options the box needs)".into());
        }
        let base = self.parts.len() as u32;
        self.opts.push(Kept {
            first: self.ends.len() as u32,
            left: left as u32,
            right: (ends.len() - left) as u32,
        });
        self.kept[v as usize] = (self.opts.len() - 1) as u32;
        self.ends.extend(ends.iter().map(|&e| base + e));
        self.parts.extend_from_slice(parts);
        Ok(())
    }

    /// Values `root` and every kept position below it, options first (an explicit stack).
    fn value_below(&mut self, root: u32) -> Result<(), String> {
        if self.val[root as usize].is_some() {
            return Ok(());
        }
        let mut open: HashSet<u32, FxBuild> = HashSet::default();
        let mut stack: Vec<(u32, bool)> = vec![(root, false)];
        while let Some((v, expanded)) = stack.pop() {
            if expanded {
                open.remove(&v);
                let x = self.value_kept(v).map_err(budget)?;
                self.val[v as usize] = Some(x);
                continue;
            }
            if self.val[v as usize].is_some() || open.contains(&v) {
                continue;
            }
            open.insert(v);
            stack.push((v, true));
            let Some((ranges, _)) = self.options(v) else {
                return Err("a position met without options".into());
            };
            for r in ranges {
                for i in r {
                    let w = self.parts[i];
                    if open.contains(&w) {
                        return Err(format!(
                            "the game does not end: position '{}' can come back to itself (partizan values need every play to end)",
                            format_position(&self.position(w), self.arity)
                        ));
                    }
                    if self.val[w as usize].is_none() {
                        stack.push((w, false));
                    }
                }
            }
        }
        Ok(())
    }

    fn value_kept(&mut self, v: u32) -> Result<Val, OverBudget> {
        let Some(k) = self.opts.get(self.kept[v as usize] as usize).copied() else {
            return Err(OverBudget { what: "a position met without options".into() });
        };
        let (first, n) = (k.first as usize, (k.left + k.right) as usize);
        let base = if first == 0 { 0 } else { self.ends[first - 1] };
        let ends: Vec<u32> = self.ends[first..first + n].iter().map(|&e| e - base).collect();
        let end = ends.last().map_or(base, |&e| base + e) as usize;
        let parts = self.parts[base as usize..end].to_vec();
        self.value_from(&ends, &parts, k.left as usize)
    }
}

fn budget(e: OverBudget) -> String {
    format!("the canonical forms are too large: {e}")
}

/// The sink of one batch: each `LEFT | RIGHT` line becomes a value or kept options.
struct Batch<'g> {
    g: &'g mut Graph,
    ids: Vec<u32>,
    at: usize,
    line_ends: Vec<u32>,
    line_parts: Vec<u32>,
    left: usize,
    all_known: bool,
    stream: bool,
}

impl Sink for Batch<'_> {
    fn line(&mut self, program: &Program, line: &[u8]) -> Option<Result<(), String>> {
        let bars = line.iter().filter(|&&b| b == b'|').count();
        if bars != 1 {
            return Some(Err(if bars == 0 {
                "no '|' between Left's options and Right's options".to_string()
            } else {
                format!("{bars} '|' where exactly one separates Left's options from Right's")
            }));
        }
        let bar = line.iter().position(|&b| b == b'|').unwrap_or(0);
        let read = program.parse_options(&line[..bar], self).and_then(|()| {
            self.left = self.line_ends.len();
            program.parse_options(&line[bar + 1..], self)
        });
        Some(read)
    }

    fn part(&mut self, p: Option<&[u64]>, first: bool) -> Result<(), ProtocolError> {
        if first {
            self.line_ends.push(self.line_parts.len() as u32);
        }
        let Some(p) = p else { return Ok(()) };
        let w = self.g.intern(p).map_err(ProtocolError)?;
        if self.line_parts.len() >= u32::MAX as usize - 1 {
            return Err(ProtocolError("more than 2^32 - 2 option parts on one line".into()));
        }
        self.all_known &= self.g.val[w as usize].is_some();
        self.line_parts.push(w);
        if let Some(e) = self.line_ends.last_mut() {
            *e = self.line_parts.len() as u32;
        }
        Ok(())
    }

    fn end(&mut self) -> Result<(), ProtocolError> {
        let Some(&v) = self.ids.get(self.at) else {
            return Err(ProtocolError("a reply line with no position asked".into()));
        };
        self.at += 1;
        let (ends, parts) =
            (std::mem::take(&mut self.line_ends), std::mem::take(&mut self.line_parts));
        let keep = !self.g.keep.is_empty() && self.g.keep.contains(&self.g.position(v));
        let done = if keep || !self.all_known {
            self.g.keep_options(v, &ends, &parts, self.left)
        } else {
            Ok(())
        };
        done.map_err(ProtocolError)?;
        if self.all_known {
            let x = self
                .g
                .value_from(&ends, &parts, self.left)
                .map_err(|e| ProtocolError(budget(e)))?;
            self.g.val[v as usize] = Some(x);
        }
        (self.line_ends, self.line_parts) = (ends, parts);
        self.line_ends.clear();
        self.line_parts.clear();
        self.all_known = true;
        self.left = 0;
        Ok(())
    }

    /// With `--stream`: the positions met and not yet asked, asked at once.
    fn more(&mut self, out: &mut Vec<u64>) -> Result<(), ProtocolError> {
        if !self.stream {
            return Ok(());
        }
        let (from, to) = (self.g.asked, self.g.len());
        for v in from..to {
            out.extend_from_slice(&self.g.coords[v * self.g.arity..(v + 1) * self.g.arity]);
            self.ids.push(v as u32);
        }
        self.g.asked = to;
        Ok(())
    }
}

/// Asks every position met and not yet asked, batch after batch, within `cap`.
fn ask_all(g: &mut Graph, runner: &mut Runner, cap: Cap) -> Result<(), Stop> {
    let a = g.arity.max(1);
    let per_batch = BATCH.min(BATCH_BYTES / (a * 8)).max(1);
    while g.asked < g.len() {
        match cap {
            Cap::Starts(max_starts) if !runner.program.stream && runner.starts >= max_starts => {
                return Err(Stop::Failed(format!(
                    "the moves program was started {} times (--max-starts): the game's options lead out of the box one level at a time ({} positions known); raise --max-starts",
                    runner.starts,
                    g.len()
                )));
            }
            Cap::Batches { from, most, option } if runner.batches - from >= most => {
                return Err(Stop::Failed(format!(
                    "{FAR_BUDGET} {most} batches of the moves program ({option}) was spent: its options lead far from the box ({} positions known)",
                    g.len()
                )));
            }
            _ => {}
        }
        let from = g.asked;
        let to = g.len().min(from + per_batch);
        let mut ids: Vec<u32> = (from as u32..to as u32).collect();
        // Row-major, so that a move that lowers coordinates is answered first.
        ids.sort_by_cached_key(|&v| g.position(v));
        let mut flat = Vec::with_capacity(ids.len() * g.arity);
        for &v in &ids {
            flat.extend_from_slice(&g.coords[v as usize * g.arity..(v as usize + 1) * g.arity]);
        }
        g.asked = to;
        let stream = runner.program.stream;
        let mut batch = Batch {
            g,
            ids,
            at: 0,
            line_ends: Vec::new(),
            line_parts: Vec::new(),
            left: 0,
            all_known: true,
            stream,
        };
        match runner.ask(&flat, &mut batch) {
            Err(e) => return Err(Stop::Interrupted(e)),
            Ok(Err(e)) => return Err(Stop::Failed(e.0)),
            Ok(Ok(())) => {}
        }
    }
    Ok(())
}

/// The graph after the box and the far positions, and the failures of far positions.
pub struct Explored {
    pub graph: Graph,
    /// Per far position (the `far` argument of [`explore`]): `Some` with why it failed.
    pub far_errors: Vec<Option<String>>,
    /// The options of each part of a failed far position that has no value, as the moves
    /// program lists them (for the check of a pattern's answer there), or why they are not
    /// known.
    pub far_sides: HashMap<Coords, Result<Sides, String>>,
    pub starts: usize,
    pub batches: usize,
    pub asked: usize,
}

/// Explores the box (every cell valued; a failure ends the run), then each far position, each
/// a list of parts; `keep` are positions whose options are kept (`--winning`).
pub fn explore(
    space: &Space,
    program: &Program,
    limits: Limits,
    far: &[Vec<Coords>],
    keep: &[Coords],
) -> Result<Explored, Stop> {
    let cells = space.cells();
    if cells > limits.max_positions {
        return Err(Stop::Failed(format!(
            "the box has {cells} positions, more than --max-positions {}",
            limits.max_positions
        )));
    }
    let mut g = Graph::new(space, limits);
    g.keep.extend(keep.iter().copied());
    for c in 0..cells {
        g.push(&space.position(c)).map_err(Stop::Failed)?;
    }
    let mut runner = Runner::new(program);
    ask_all(&mut g, &mut runner, Cap::Starts(limits.max_starts))?;
    for c in 0..cells {
        g.value_below(c as u32).map_err(Stop::Failed)?;
    }
    let mut far_errors =
        explore_far(&mut g, &mut runner, (limits.far_batches, "--far-starts"), far)?;
    // A far position whose parts another's exploration valued is computed after all.
    let unvalued = |p: &Coords| find(&g, p).is_none_or(|v| g.val[v as usize].is_none());
    for (parts, e) in far.iter().zip(far_errors.iter_mut()) {
        if e.is_some() && !parts.iter().any(unvalued) {
            *e = None;
        }
    }
    let mut unvalued: Vec<Coords> = Vec::new();
    for (parts, e) in far.iter().zip(&far_errors) {
        if e.is_some() {
            let no_value = |p: &&Coords| find(&g, p).is_none_or(|v| g.val[v as usize].is_none());
            unvalued.extend(parts.iter().filter(no_value));
        }
    }
    unvalued.sort_unstable();
    unvalued.dedup();
    let listed = far_options(program, g.arity, &unvalued).map_err(Stop::Interrupted)?;
    let far_sides = unvalued.into_iter().zip(listed).collect();
    Ok(Explored {
        graph: g,
        far_errors,
        far_sides,
        starts: runner.starts,
        batches: runner.batches,
        asked: runner.asked,
    })
}

/// Up to this many far positions are explored one at a time.
const FEW_FAR: usize = 8;

/// The far positions: all together (one by one when there are few), and on a failure in halves
/// (rolled back each time) down to the single positions that fail; then each one's positions
/// valued. Each try may take `far_batches` batches: the positions of a group are asked level by
/// level together, so a group fits when each of its positions fits alone, and a position that
/// does not fit fails alone, leaving the others as if it had not been asked.
fn explore_far(
    g: &mut Graph,
    runner: &mut Runner,
    (far_batches, option): (usize, &'static str),
    far: &[Vec<Coords>],
) -> Result<Vec<Option<String>>, Stop> {
    let mut errors: Vec<Option<String>> = vec![None; far.len()];
    // A few far positions are explored one by one (a failure is then met once, not again in
    // each half); many go together first.
    let mut work: Vec<std::ops::Range<usize>> = Vec::new();
    if far.len() <= FEW_FAR {
        work.extend((0..far.len()).rev().map(|i| i..i + 1));
    } else {
        work.push(0..far.len());
    }
    while let Some(r) = work.pop() {
        if r.is_empty() {
            continue;
        }
        let mark = g.mark();
        let tried = far[r.clone()]
            .iter()
            .flatten()
            .try_for_each(|p| g.intern(p).map(|_| ()).map_err(Stop::Failed))
            .and_then(|()| {
                let cap = Cap::Batches { from: runner.batches, most: far_batches, option };
                ask_all(g, runner, cap)
            });
        match tried {
            Ok(()) => {}
            Err(Stop::Interrupted(e)) => return Err(Stop::Interrupted(e)),
            Err(Stop::Failed(why)) => {
                g.rollback(mark);
                if r.len() == 1 {
                    errors[r.start] = Some(why);
                } else {
                    let mid = r.start + r.len() / 2;
                    work.push(mid..r.end);
                    work.push(r.start..mid);
                }
            }
        }
    }
    for (parts, error) in far.iter().zip(errors.iter_mut()) {
        if error.is_some() {
            continue;
        }
        for p in parts {
            let v = match g.intern(p) {
                Ok(v) => v,
                Err(e) => {
                    *error = Some(e);
                    break;
                }
            };
            if let Err(e) = g.value_below(v) {
                *error = Some(e);
                break;
            }
        }
    }
    Ok(errors)
}

/// Each player's options of one position, each option its parts (`None`: the empty game).
#[derive(Debug, Clone, Default)]
pub struct Sides {
    pub left: Vec<Vec<Option<Coords>>>,
    pub right: Vec<Vec<Option<Coords>>>,
}

/// The most option parts kept for the check of one far position.
pub const MAX_SIDE_PARTS: usize = 1 << 16;

/// Collects `LEFT | RIGHT` lines into [`Sides`], one per position.
struct SidesSink {
    arity: usize,
    done: Vec<Result<Sides, String>>,
    current: Sides,
    on_right: bool,
    parts: usize,
}

impl Sink for SidesSink {
    fn line(&mut self, program: &Program, line: &[u8]) -> Option<Result<(), String>> {
        let bars = line.iter().filter(|&&b| b == b'|').count();
        if bars != 1 {
            return Some(Err(format!("{bars} '|' in a reply where exactly one is wanted")));
        }
        let bar = line.iter().position(|&b| b == b'|').unwrap_or(0);
        self.on_right = false;
        let read = program.parse_options(&line[..bar], self).and_then(|()| {
            self.on_right = true;
            program.parse_options(&line[bar + 1..], self)
        });
        Some(read)
    }

    fn part(&mut self, p: Option<&[u64]>, first: bool) -> Result<(), ProtocolError> {
        self.parts += 1;
        if self.parts > MAX_SIDE_PARTS {
            return Ok(());
        }
        let side = if self.on_right { &mut self.current.right } else { &mut self.current.left };
        if first {
            side.push(Vec::new());
        }
        let q = p.map(|p| {
            let mut c: Coords = [0; MAX_ARITY];
            c[..self.arity].copy_from_slice(&p[..self.arity]);
            c
        });
        if let Some(o) = side.last_mut() {
            o.push(q);
        }
        Ok(())
    }

    fn end(&mut self) -> Result<(), ProtocolError> {
        let sides = std::mem::take(&mut self.current);
        self.done.push(if self.parts > MAX_SIDE_PARTS {
            Err(format!("its options hold more than {MAX_SIDE_PARTS} positions"))
        } else {
            Ok(sides)
        });
        self.parts = 0;
        Ok(())
    }
}

/// The options of positions `ps` from one start of the moves program (no `--stream`); a
/// position the program did not answer says why.
pub fn far_options(
    program: &Program,
    arity: usize,
    ps: &[Coords],
) -> Result<Vec<Result<Sides, String>>, std::io::Error> {
    let once = Program { stream: false, ..program.clone() };
    sides_of(&mut Runner::new(&once), arity, ps)
}

/// The options of positions `ps`, each player's, from one batch of `runner` (one start, or one
/// request of a `--stream` session); a position the program did not answer says why.
pub fn sides_of(
    runner: &mut Runner,
    arity: usize,
    ps: &[Coords],
) -> Result<Vec<Result<Sides, String>>, std::io::Error> {
    if ps.is_empty() {
        return Ok(Vec::new());
    }
    let flat: Vec<u64> = ps.iter().flat_map(|p| p[..arity].to_vec()).collect();
    let mut sink =
        SidesSink { arity, done: Vec::new(), current: Sides::default(), on_right: false, parts: 0 };
    let why = match runner.ask(&flat, &mut sink)? {
        Ok(()) => "no reply".to_string(),
        Err(e) => e.0,
    };
    let mut out = sink.done;
    out.truncate(ps.len());
    while out.len() < ps.len() {
        out.push(Err(format!("its options could not be listed: {why}")));
    }
    Ok(out)
}

/// Explores more positions after [`explore`] (`--serve`), each a list of parts, as the far
/// positions of [`explore`] are: each within its own `budget` of batches (named by the option
/// that set it), a failing one rolled back and said (`Some(why)`), the others valued.
pub fn explore_more(
    g: &mut Graph,
    runner: &mut Runner,
    budget: (usize, &'static str),
    far: &[Vec<Coords>],
) -> Result<Vec<Option<String>>, Stop> {
    explore_far(g, runner, budget, far)
}

/// The number of a position already met (`None` when it was not, or was rolled back).
pub fn find(g: &Graph, p: &Coords) -> Option<u32> {
    if let Some(c) = g.space.index(p) {
        return Some(c as u32);
    }
    g.index.get(p).copied()
}

/// The value of a sum of parts (`None`: the empty game), every part valued.
pub fn value_of_sum(g: &mut Graph, asked: &Asked) -> Result<Val, String> {
    let mut s = Val::Num(Small::int(0));
    for p in asked.iter().flatten() {
        let Some(v) = find(g, p) else {
            return Err(format!("position '{}' was not explored", format_position(p, g.arity)));
        };
        let Some(x) = g.val[v as usize] else {
            return Err(format!("position '{}' has no value", format_position(p, g.arity)));
        };
        s = g.values.add(s, x).map_err(budget)?;
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theory::canonical::{GameId, Games};

    /// The number fast path (eager [`Graph::value_from`] and the kept positions' values)
    /// against canonical forms alone on random games whose options are sums of earlier
    /// positions: the same value, exactly, at every position.
    #[test]
    fn the_number_path_agrees_with_canonical_forms() {
        let mut rng = crate::rng::Rng::new(356);
        let (mut numbers, mut others) = (0, 0);
        for case in 0..300 {
            let n = 2 + rng.index(25);
            let space = Space::from_ranges(&[(0, n as u64 - 1)]);
            let limits = Limits { max_positions: 1000, max_starts: 1, far_batches: 1 };
            let mut g = Graph::new(&space, limits);
            let mut games = Games::new(100_000);
            let mut want: Vec<GameId> = Vec::new();
            for v in 0..n {
                g.push(&[v as u64]).unwrap();
                // Mostly one-sided or ordered options, so that many values are numbers.
                let (mut ends, mut parts, mut sides) = (Vec::new(), Vec::new(), [vec![], vec![]]);
                for (side, opts) in sides.iter_mut().enumerate() {
                    let most = if case % 3 == side { 1 } else { 3 };
                    for _ in 0..if v == 0 { 0 } else { rng.below(most) } {
                        let k = 1 + rng.below(if case % 2 == 0 { 2 } else { 3 }) as usize;
                        let option: Vec<u32> = (0..k).map(|_| rng.index(v) as u32).collect();
                        let mut s = games.zero();
                        for &w in &option {
                            s = games.add(s, want[w as usize]).unwrap();
                        }
                        opts.push(s);
                        parts.extend_from_slice(&option);
                        ends.push(parts.len() as u32);
                    }
                }
                let left = sides[0].len();
                want.push(games.form(&sides[0], &sides[1]).unwrap());
                let known = parts.iter().all(|&w| g.val[w as usize].is_some());
                if known && rng.chance(2, 3) {
                    let x = g.value_from(&ends, &parts, left).unwrap();
                    g.val[v] = Some(x);
                } else {
                    g.keep_options(v as u32, &ends, &parts, left).unwrap();
                }
            }
            for (v, &w) in want.iter().enumerate() {
                g.value_below(v as u32).unwrap();
                let got = g.val[v].unwrap();
                let shown = g.values.show(got).unwrap();
                assert_eq!(shown, games.show(w).unwrap(), "case {case} position {v}");
                if matches!(got, Val::Num(_)) {
                    numbers += 1
                } else {
                    others += 1
                }
                assert_eq!(g.values.is_number(got), games.as_number(w).is_some());
            }
        }
        assert!(numbers > 1000 && others > 300, "{numbers} numbers, {others} others");
    }
}
