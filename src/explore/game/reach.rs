//! Exploration: every position the box needs, with its options, as a graph, asked of the moves
//! program in as few batches as the game allows.
//!
//! **Batches.** The first batch is the box, and with it (when the box does not start at 0 and
//! the region is not much larger than the box) every position below it, `0..hi` in each
//! coordinate, in row-major order: a game whose moves go down is then answered in one start.
//! Later batches hold every needed position not yet asked. A position is *needed* when it is in
//! the box or is a part of an option of a needed position; only needed positions are followed.
//! Positions asked speculatively but never needed are dropped at the end. When options leave
//! the region asked so far (upward moves, a chain), the region is doubled in that direction
//! while at least half of what was guessed turned out needed, so a chain costs a logarithmic
//! number of starts, not one per level; `--max-starts` bounds starts with a clear message, and
//! `--stream` (one long-lived process) asks nothing ahead: the needed positions its replies
//! lead to are written to it as the replies come ([`Sink::more`]), in the same exchange.
//!
//! **Eager values.** Positions are asked in an order where a downward move's option comes
//! first (row-major). When a reply line arrives and every part of every option already has a
//! value, the position's Grundy value (mex of the XORs) is computed at once and its options are
//! not kept: memory then follows the positions asked, not the program's output. Positions with
//! an option not yet valued (loops, upward moves, sums with unknown parts) keep their options
//! for [`crate::explore::values`]. Misère play and `--check` keep every option.
//!
//! Positions are numbered after the run: the box's cells first (a cell's number is its position
//! number; with `--multiset` the cells go through `cell_id` to their canonical position), then
//! the other needed positions. The graph is three flat arrays (options per position, parts per
//! option, parts).

use crate::error::{AllocError, try_reserve, try_with_capacity};
use crate::explore::program::{BATCH, BATCH_BYTES, Program, ProtocolError, Runner, Sink};
use crate::explore::space::{MAX_ARITY, Space};

/// `known` of a position whose value is not computed yet.
pub const UNKNOWN: u32 = u32::MAX;

/// The game graph met from the box.
#[derive(Debug, Default)]
pub struct Reach {
    /// Coordinates stored per position.
    pub width: usize,
    /// Multisets (printed as their nonzero heaps).
    pub multiset: bool,
    /// Every needed position, `width` coordinates each.
    pub coords: Vec<u64>,
    /// `option_end[v]`: the end of position v's options in `part_end` (start: `option_end[v-1]`).
    pub option_end: Vec<u32>,
    /// `part_end[o]`: the end of option o's parts in `parts`.
    pub part_end: Vec<u32>,
    /// The parts of every option, as position numbers.
    pub parts: Vec<u32>,
    /// Does some option have two or more parts?
    pub has_sums: bool,
    /// Values computed as the replies came ([`UNKNOWN`] for the others, whose options are kept).
    pub known: Vec<u32>,
    /// The position of each box cell (empty: cell c is position c).
    pub cell_id: Vec<u32>,
    /// `--from`: the text of each position (its one coordinate is its number there).
    pub text: Option<std::sync::Arc<crate::explore::text::TextPositions>>,
    /// Program starts, batches and positions asked.
    pub starts: usize,
    pub batches: usize,
    pub asked: usize,
}

/// Why exploration stopped.
#[derive(Debug)]
pub enum ReachError {
    /// The program broke the protocol or failed.
    Protocol(ProtocolError),
    /// More positions, or starts, than the budget.
    Budget(String),
    /// Memory could not be had.
    Alloc(AllocError),
    /// `games` was interrupted.
    Io(std::io::Error),
}

impl From<AllocError> for ReachError {
    fn from(e: AllocError) -> Self {
        ReachError::Alloc(e)
    }
}

impl Reach {
    /// The number of positions (all expanded).
    pub fn expanded(&self) -> usize {
        self.option_end.len()
    }

    /// Position v's options, each a range into `part_end`.
    pub fn options(&self, v: usize) -> std::ops::Range<usize> {
        let start = if v == 0 { 0 } else { self.option_end[v - 1] as usize };
        start..self.option_end[v] as usize
    }

    /// Option o's parts (empty: the empty game).
    pub fn parts_of(&self, o: usize) -> &[u32] {
        let start = if o == 0 { 0 } else { self.part_end[o - 1] as usize };
        &self.parts[start..self.part_end[o] as usize]
    }

    /// The coordinates of position v.
    pub fn position(&self, v: usize) -> &[u64] {
        &self.coords[v * self.width..(v + 1) * self.width]
    }

    /// Position v as text (`3 5`; a multiset's nonzero heaps, `()` when none).
    pub fn show(&self, v: usize) -> String {
        let p = self.position(v);
        if let Some(text) = &self.text {
            return text.show(p[0]);
        }
        let parts: Vec<String> =
            p.iter().filter(|&&x| !self.multiset || x != 0).map(|x| x.to_string()).collect();
        if parts.is_empty() { "()".to_string() } else { parts.join(" ") }
    }

    /// The position of box cell `cell`.
    pub fn of_cell(&self, cell: usize) -> usize {
        if self.cell_id.is_empty() { cell } else { self.cell_id[cell] as usize }
    }
}

/// The budget and the way of asking.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The most needed positions.
    pub max_positions: usize,
    /// The most program starts (batch mode).
    pub max_starts: usize,
    /// Keep every option (misère play, `--check`): no eager values.
    pub keep_options: bool,
}

/// What the progress line shows.
#[derive(Debug, Clone, Copy, Default)]
pub struct Progress {
    pub known: usize,
    pub asked: usize,
    pub answered: usize,
    pub batches: usize,
    pub starts: usize,
}

const NEEDED: u8 = 1;
const ASKED: u8 = 2;
const EXPANDED: u8 = 4;
const EMPTY_SLOT: u32 = u32::MAX;

/// Equal coordinates (a plain loop: positions are a few words, shorter than a memcmp call).
#[inline]
fn same(a: &[u64], b: &[u64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// Positions by number, with a hash index (open addressing over the flat coordinates).
struct Positions {
    width: usize,
    coords: Vec<u64>,
    slots: Vec<u32>,
}

impl Positions {
    fn hash(p: &[u64]) -> u64 {
        let mut h = 0x243F_6A88_85A3_08D3u64;
        for &x in p {
            h = (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        }
        h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn len(&self) -> usize {
        self.coords.len() / self.width
    }

    fn get(&self, v: usize) -> &[u64] {
        &self.coords[v * self.width..(v + 1) * self.width]
    }

    fn find(&self, p: &[u64]) -> (usize, Option<u32>) {
        let mask = self.slots.len() - 1;
        let mut i = (Self::hash(p) >> 20) as usize & mask;
        loop {
            match self.slots[i] {
                EMPTY_SLOT => return (i, None),
                v if same(self.get(v as usize), p) => return (i, Some(v)),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// The number of `p`, and whether it is new.
    fn intern(&mut self, p: &[u64]) -> Result<(u32, bool), AllocError> {
        if (self.len() + 1) * 2 > self.slots.len() {
            self.grow()?;
        }
        let (slot, found) = self.find(p);
        if let Some(v) = found {
            return Ok((v, false));
        }
        try_reserve(&mut self.coords, self.width, "the positions met")?;
        let v = self.len() as u32;
        self.coords.extend_from_slice(p);
        self.slots[slot] = v;
        Ok((v, true))
    }

    fn grow(&mut self) -> Result<(), AllocError> {
        let size = (self.slots.len() * 2).max(1024);
        let mut slots = try_with_capacity::<u32>(size, "the index of positions")?;
        slots.resize(size, EMPTY_SLOT);
        self.slots = slots;
        for v in 0..self.len() {
            let (slot, _) = self.find(self.get(v));
            self.slots[slot] = v as u32;
        }
        Ok(())
    }
}

/// The state of an exploration.
struct Explorer<'a> {
    program: &'a Program,
    limits: Limits,
    positions: Positions,
    flags: Vec<u8>,
    known: Vec<u32>,
    /// Per expanded position with kept options: its range in `part_end`.
    opt_start: Vec<u32>,
    opt_len: Vec<u32>,
    part_end: Vec<u32>,
    parts: Vec<u32>,
    has_sums: bool,
    /// Needed positions not yet asked.
    queue: Vec<u32>,
    needed: usize,
    stack: Vec<u32>,
    /// Once the box's cells are numbered (not multisets): the box, whose cell c is position c,
    /// found without the hash.
    numbered: Option<Space>,
}

impl Explorer<'_> {
    /// Numbers `p` (new positions start with nothing known).
    fn intern(&mut self, p: &[u64]) -> Result<u32, ReachError> {
        if let Some(cell) = self.numbered.as_ref().and_then(|b| b.index(p)) {
            return Ok(cell as u32);
        }
        let (v, new) = self.positions.intern(p)?;
        if new {
            let cap = self.limits.max_positions.saturating_mul(3).saturating_add(1 << 16);
            if v as usize >= cap {
                return Err(ReachError::Budget(self.too_many(p)));
            }
            try_reserve(&mut self.known, 1, "the positions met")?;
            try_reserve(&mut self.opt_start, 1, "the positions met")?;
            try_reserve(&mut self.opt_len, 1, "the positions met")?;
            try_reserve(&mut self.flags, 1, "the positions met")?;
            self.known.push(UNKNOWN);
            self.opt_start.push(0);
            self.opt_len.push(0);
            self.flags.push(0);
        }
        Ok(v)
    }

    fn too_many(&self, p: &[u64]) -> String {
        format!(
            "the game reaches more than {} positions from the box (the last one met: '{}'); raise --max-positions or use a smaller box",
            self.limits.max_positions,
            self.program.show(p)
        )
    }

    /// Marks v needed, and everything its kept options reach.
    fn need(&mut self, v: u32) -> Result<(), ReachError> {
        self.stack.push(v);
        while let Some(v) = self.stack.pop() {
            let f = &mut self.flags[v as usize];
            if *f & NEEDED != 0 {
                continue;
            }
            *f |= NEEDED;
            self.needed += 1;
            if self.needed > self.limits.max_positions {
                let p = self.positions.get(v as usize).to_vec();
                return Err(ReachError::Budget(self.too_many(&p)));
            }
            if *f & EXPANDED != 0 {
                let start = self.opt_start[v as usize] as usize;
                for o in start..start + self.opt_len[v as usize] as usize {
                    let from = if o == 0 { 0 } else { self.part_end[o - 1] as usize };
                    for i in from..self.part_end[o] as usize {
                        self.stack.push(self.parts[i]);
                    }
                }
            } else if *f & ASKED == 0 {
                self.queue.push(v);
            }
        }
        Ok(())
    }
}

/// The sink of one batch: each reply line becomes a value or kept options.
struct Batch<'e, 'a> {
    ex: &'e mut Explorer<'a>,
    progress: &'e mut dyn FnMut(Progress),
    /// The progress before this batch (its batch and start counted).
    base: Progress,
    /// The positions asked, in order (with `--stream`, those asked on the way are appended).
    ids: Vec<u32>,
    at: usize,
    line_ends: Vec<u32>,
    line_parts: Vec<u32>,
    all_known: bool,
    seen: Vec<u32>,
    stamp: u32,
    error: Option<ReachError>,
}

impl Batch<'_, '_> {
    fn fail(&mut self, e: ReachError) -> ProtocolError {
        let text = match &e {
            ReachError::Budget(m) | ReachError::Protocol(ProtocolError(m)) => m.clone(),
            ReachError::Alloc(a) => a.to_string(),
            ReachError::Io(e) => e.to_string(),
        };
        self.error = Some(e);
        ProtocolError(text)
    }

    /// The mex of the line's options' XORs (every part known).
    fn mex(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let n = self.line_ends.len();
        if self.seen.len() < n + 1 {
            self.seen.resize(n + 1, 0);
        }
        let mut from = 0;
        for &end in &self.line_ends {
            let x = self.line_parts[from..end as usize]
                .iter()
                .fold(0u32, |x, &w| x ^ self.ex.known[w as usize]);
            from = end as usize;
            if (x as usize) < self.seen.len() {
                self.seen[x as usize] = self.stamp;
            }
        }
        (0..=n as u32).find(|&g| self.seen[g as usize] != self.stamp).unwrap_or(0)
    }

    fn keep(&mut self, v: u32) -> Result<(), ReachError> {
        let ex = &mut *self.ex;
        let options = self.line_ends.len();
        let total = ex.parts.len() + self.line_parts.len();
        if total >= u32::MAX as usize - 1 || ex.part_end.len() + options >= u32::MAX as usize - 1 {
            return Err(ReachError::Budget(
                "more than 2^32 - 2 option parts in all (the options the box needs)".to_string(),
            ));
        }
        try_reserve(&mut ex.part_end, options, "the options met")?;
        try_reserve(&mut ex.parts, self.line_parts.len(), "the options met")?;
        ex.opt_start[v as usize] = ex.part_end.len() as u32;
        ex.opt_len[v as usize] = options as u32;
        let base = ex.parts.len() as u32;
        ex.part_end.extend(self.line_ends.iter().map(|&e| base + e));
        ex.parts.extend_from_slice(&self.line_parts);
        ex.flags[v as usize] |= EXPANDED;
        if ex.flags[v as usize] & NEEDED != 0 {
            for i in 0..self.line_parts.len() {
                ex.need(self.line_parts[i])?;
            }
        }
        Ok(())
    }
}

impl Sink for Batch<'_, '_> {
    fn part(&mut self, p: Option<&[u64]>, first: bool) -> Result<(), ProtocolError> {
        if first {
            self.line_ends.push(self.line_parts.len() as u32);
        }
        let Some(p) = p else { return Ok(()) };
        let w = match self.ex.intern(p) {
            Ok(w) => w,
            Err(e) => return Err(self.fail(e)),
        };
        if self.line_parts.len() >= u32::MAX as usize - 1 {
            return Err(self.fail(ReachError::Budget(
                "more than 2^32 - 2 option parts on one line".to_string(),
            )));
        }
        self.all_known &= self.ex.known[w as usize] != UNKNOWN;
        self.line_parts.push(w);
        let n = self.line_ends.len();
        let start = if n >= 2 { self.line_ends[n - 2] as usize } else { 0 };
        self.line_ends[n - 1] = self.line_parts.len() as u32;
        if self.line_parts.len() - start >= 2 {
            self.ex.has_sums = true;
        }
        Ok(())
    }

    fn end(&mut self) -> Result<(), ProtocolError> {
        let v = self.ids[self.at];
        self.at += 1;
        if self.at.is_multiple_of(1024) {
            let p = Progress {
                known: self.ex.needed,
                answered: self.base.answered + self.at,
                ..self.base
            };
            (self.progress)(p);
        }
        if self.all_known && !self.ex.limits.keep_options {
            self.ex.known[v as usize] = self.mex();
            self.ex.flags[v as usize] |= EXPANDED;
        } else if let Err(e) = self.keep(v) {
            return Err(self.fail(e));
        }
        self.line_ends.clear();
        self.line_parts.clear();
        self.all_known = true;
        Ok(())
    }

    /// With `--stream`: the needed positions not yet asked, asked at once (row-major, so a
    /// downward move's option comes first), so the program never waits for a layer to end.
    fn more(&mut self, out: &mut Vec<u64>) -> Result<(), ProtocolError> {
        if self.ex.queue.is_empty() || self.error.is_some() {
            return Ok(());
        }
        let mut queue = std::mem::take(&mut self.ex.queue);
        let ex = &mut *self.ex;
        queue.iter().for_each(|&v| ex.flags[v as usize] |= ASKED);
        queue.sort_unstable_by(|&a, &b| {
            ex.positions.get(a as usize).cmp(ex.positions.get(b as usize))
        });
        let width = ex.positions.width;
        let reserved = try_reserve(&mut self.ids, queue.len(), "the positions asked")
            .and_then(|()| try_reserve(out, queue.len() * width, "the positions asked"));
        if let Err(e) = reserved {
            return Err(self.fail(e.into()));
        }
        for &v in &queue {
            out.extend_from_slice(ex.positions.get(v as usize));
        }
        self.ids.extend_from_slice(&queue);
        self.base.asked += queue.len();
        queue.clear();
        self.ex.queue = queue;
        Ok(())
    }
}

/// Every cell of `region` (row-major) as a position (multisets: canonical).
fn cells_of(
    region: &Space,
    skip: Option<&Space>,
    multiset: bool,
    mut each: impl FnMut(&[u64]) -> Result<(), ReachError>,
) -> Result<(), ReachError> {
    let k = region.arity();
    let mut p = [0u64; MAX_ARITY];
    p[..k].copy_from_slice(&region.lo);
    loop {
        if skip.is_none_or(|s| !s.contains(&p[..k])) {
            if multiset {
                let mut q = [0u64; MAX_ARITY];
                q[..k].copy_from_slice(&p[..k]);
                q.sort_unstable();
                each(&q)?;
            } else {
                each(&p[..k])?;
            }
        }
        let mut a = k;
        loop {
            if a == 0 {
                return Ok(());
            }
            a -= 1;
            if p[a] < region.hi[a] {
                p[a] += 1;
                break;
            }
            p[a] = region.lo[a];
        }
    }
}

/// The box against `--max-positions`. A multiset box holds each multiset once, whatever the
/// order of its heaps: `0..5^8` is 1,287 positions, not the 1,679,616 cells of its grid.
fn within_budget(space: &Space, program: &Program, limits: &Limits) -> Result<(), ReachError> {
    let counted = if program.multiset { multisets(space) } else { space.cells() as u128 };
    if counted > limits.max_positions as u128 {
        let what = if program.multiset { "multisets" } else { "positions" };
        return Err(ReachError::Budget(format!(
            "the box has {counted} {what}, more than --max-positions {}",
            limits.max_positions
        )));
    }
    Ok(())
}

/// The number of nondecreasing points of the box (its multisets), counted coordinate by
/// coordinate over the values (prefix sums, no recursion); the box's cell count where a range
/// is too long to walk (more than 2^20 values: the table's own bound then decides).
fn multisets(space: &Space) -> u128 {
    let k = space.arity();
    let (lo, hi) = (space.lo[..k].iter().min(), space.hi[..k].iter().max());
    let (Some(&lo), Some(&hi)) = (lo, hi) else { return space.cells() as u128 };
    if hi - lo >= 1 << 20 {
        return space.cells() as u128;
    }
    let width = (hi - lo + 1) as usize;
    // ways[v]: the nondecreasing prefixes whose last coordinate is lo + v.
    let mut ways: Vec<u128> = (0..width)
        .map(|v| u128::from((space.lo[0]..=space.hi[0]).contains(&(lo + v as u64))))
        .collect();
    for i in 1..k {
        let mut below = 0u128;
        for (v, w) in ways.iter_mut().enumerate() {
            below = below.saturating_add(*w);
            let inside = (space.lo[i]..=space.hi[i]).contains(&(lo + v as u64));
            *w = if inside { below } else { 0 };
        }
    }
    ways.iter().fold(0u128, |a, &w| a.saturating_add(w))
}

/// Explores from every cell of `space` with `program`.
/// `progress` is told how far it got every 1024 replies and after each batch.
pub fn explore(
    space: &Space,
    program: &Program,
    limits: Limits,
    progress: impl FnMut(Progress),
) -> Result<Reach, ReachError> {
    explore_or_partial(space, program, limits, progress).map_err(|(e, _)| e)
}

/// [`explore`]; an interrupted search ([`ReachError::Io`]) also gives the values of the box's
/// cells known so far, cell by cell ([`UNKNOWN`] where not yet known; none for multisets, or
/// where the options are kept instead of the values).
pub fn explore_or_partial(
    space: &Space,
    program: &Program,
    limits: Limits,
    mut progress: impl FnMut(Progress),
) -> Result<Reach, (ReachError, Vec<u32>)> {
    let plain = |e| (e, Vec::new());
    within_budget(space, program, &limits).map_err(plain)?;
    let (mut ex, cell_id) = explorer(space, program, limits).map_err(plain)?;
    let mut runner = Runner::new(program);
    match search(&mut ex, &mut runner, space, &mut progress) {
        Ok(()) => {}
        Err(e @ ReachError::Io(_)) if !program.multiset => {
            let known = ex.known[..space.cells()].to_vec();
            return Err((e, known));
        }
        Err(e) => return Err(plain(e)),
    }
    let mut reach = compact(ex, cell_id).map_err(plain)?;
    reach.text = program.text.clone();
    reach.starts = runner.starts;
    reach.batches = runner.batches;
    reach.asked = runner.asked;
    Ok(reach)
}

/// The search's state with the box's cells numbered and needed (cell c is position c, except
/// for multisets: then the second vector maps cells to positions).
fn explorer<'a>(
    space: &Space,
    program: &'a Program,
    limits: Limits,
) -> Result<(Explorer<'a>, Vec<u32>), ReachError> {
    let cells = space.cells();
    // The box's distinct positions: a multiset box holds each multiset once, far fewer than
    // its grid's cells (8 heaps of 0..10: 43,758 multisets, 214 million cells).
    let distinct = match program.multiset {
        true => usize::try_from(multisets(space)).unwrap_or(cells).min(cells),
        false => cells,
    };
    let width = program.width();
    let mut ex = Explorer {
        program,
        limits,
        positions: Positions {
            width,
            coords: try_with_capacity(distinct.saturating_mul(width), "the box's positions")?,
            slots: Vec::new(),
        },
        flags: try_with_capacity(distinct, "the box's positions")?,
        known: try_with_capacity(distinct, "the box's values")?,
        opt_start: try_with_capacity(distinct, "the box's options")?,
        opt_len: try_with_capacity(distinct, "the box's options")?,
        part_end: Vec::new(),
        parts: Vec::new(),
        has_sums: false,
        queue: Vec::new(),
        needed: 0,
        stack: Vec::new(),
        numbered: None,
    };
    let size = distinct.saturating_mul(2).next_power_of_two().max(1024);
    let mut slots = try_with_capacity::<u32>(size, "the index of the box's positions")?;
    slots.resize(size, EMPTY_SLOT);
    ex.positions.slots = slots;
    // The box first: cell c is position c (multisets: cell_id maps it).
    let mut cell_id: Vec<u32> = Vec::new();
    if program.multiset {
        // The box's grid still maps each cell to its multiset and holds the table (a value and
        // an outcome a cell): a grid too large for memory is refused before the search.
        crate::error::probe(cells.saturating_mul(4 + 5), "the multiset box's grid")?;
        cell_id = try_with_capacity(cells, "the box's positions")?;
    }
    cells_of(space, None, program.multiset, |p| {
        let v = ex.intern(p)?;
        if program.multiset {
            cell_id.push(v);
        }
        ex.need(v)
    })?;
    if !program.multiset {
        ex.numbered = Some(space.clone());
    }
    // The empty multiset is the empty game: no options, never asked.
    if program.multiset {
        let zero = [0u64; MAX_ARITY];
        let v = ex.intern(&zero)?;
        ex.flags[v as usize] |= ASKED | EXPANDED;
        ex.known[v as usize] = 0;
        if limits.keep_options {
            ex.known[v as usize] = UNKNOWN;
        }
        ex.queue.retain(|&w| w != v);
    }
    Ok((ex, cell_id))
}

/// Asks the program for every needed position: first the region below the box in one go
/// when it is not much larger, then batch by batch, growing the region asked ahead while
/// the guesses are used.
fn search(
    ex: &mut Explorer,
    runner: &mut Runner,
    space: &Space,
    progress: &mut dyn FnMut(Progress),
) -> Result<(), ReachError> {
    let (program, limits, cells) = (ex.program, ex.limits, space.cells());
    let mut region = space.clone();
    let mut guessed: Vec<u32> = Vec::new();
    // Text positions (`--from`) have no region to guess ahead in: only what replies name.
    let mut speculate = !program.stream && program.text.is_none();
    // Below the box, in one go, when that region is not much larger than the box.
    let below = Space { lo: vec![0; space.arity()], hi: space.hi.clone() };
    if speculate && below != *space {
        let size = below.cells_u128();
        let room = (cells as u128 * 4).max(1 << 16).min(limits.max_positions as u128);
        if size <= room {
            let mut extra = Vec::new();
            cells_of(&below, None, program.multiset, |p| {
                let v = ex.intern(p)?;
                if ex.flags[v as usize] & (ASKED | NEEDED) == 0 {
                    ex.flags[v as usize] |= ASKED;
                    extra.push(v);
                }
                Ok(())
            })?;
            // Row-major over the region, the box's cells among them.
            ex.queue.iter().for_each(|&v| ex.flags[v as usize] |= ASKED);
            let mut all = std::mem::take(&mut ex.queue);
            all.extend_from_slice(&extra);
            all.sort_unstable_by(|&a, &b| {
                ex.positions.get(a as usize).cmp(ex.positions.get(b as usize))
            });
            guessed = extra;
            region = below;
            ask_all(ex, runner, &all, progress)?;
            progress(stats(ex, runner));
        }
    }
    while !ex.queue.is_empty() {
        if !program.stream && runner.starts >= limits.max_starts {
            return Err(ReachError::Budget(format!(
                "the moves program was started {} time{} (--max-starts): the game's options lead out of the box one level at a time ({} positions known, {} asked); use --stream (one long-lived process) or raise --max-starts",
                runner.starts,
                if runner.starts == 1 { "" } else { "s" },
                ex.needed,
                runner.asked
            )));
        }
        let mut batch: Vec<u32> = std::mem::take(&mut ex.queue);
        batch.iter().for_each(|&v| ex.flags[v as usize] |= ASKED);
        if speculate {
            let useful = guessed.iter().filter(|&&v| ex.flags[v as usize] & NEEDED != 0).count();
            if useful * 2 >= guessed.len() {
                if let Some(next) = grow(&region, ex, &batch, runner.asked, limits) {
                    let mut extra = Vec::new();
                    cells_of(&next, Some(&region), program.multiset, |p| {
                        let v = ex.intern(p)?;
                        if ex.flags[v as usize] & ASKED == 0 {
                            ex.flags[v as usize] |= ASKED;
                            extra.push(v);
                        }
                        Ok(())
                    })?;
                    batch.extend_from_slice(&extra);
                    guessed.extend_from_slice(&extra);
                    region = next;
                }
            } else {
                speculate = false;
            }
        }
        batch.sort_unstable_by(|&a, &b| {
            ex.positions.get(a as usize).cmp(ex.positions.get(b as usize))
        });
        ask_all(ex, runner, &batch, progress)?;
        progress(stats(ex, runner));
    }
    Ok(())
}

fn stats(ex: &Explorer, runner: &Runner) -> Progress {
    Progress {
        known: ex.needed,
        asked: runner.asked,
        answered: runner.asked,
        batches: runner.batches,
        starts: runner.starts,
    }
}

/// The region grown towards the needed positions outside it: doubled in each direction they
/// lie in, and doubled again while it stays within twice what was asked so far (at least 4096
/// positions, at most the budget), so a chain costs few starts; `None` when nothing lies
/// outside or even one doubling is too big.
fn grow(
    region: &Space,
    ex: &Explorer,
    batch: &[u32],
    asked: usize,
    limits: Limits,
) -> Option<Space> {
    let k = region.arity();
    let (mut down, mut up) = (vec![false; k], vec![false; k]);
    let (mut lo, mut hi) = (region.lo.clone(), region.hi.clone());
    for &v in batch {
        let p = ex.positions.get(v as usize);
        if ex.program.multiset || p.len() != k {
            return None;
        }
        for a in 0..k {
            if p[a] < lo[a] {
                lo[a] = p[a];
                down[a] = true;
            }
            if p[a] > hi[a] {
                hi[a] = p[a];
                up[a] = true;
            }
        }
    }
    if !down.iter().chain(&up).any(|&d| d) {
        return None;
    }
    let room = (asked as u128 * 2).max(1 << 12).min(limits.max_positions as u128);
    let double = |s: &Space| {
        let mut t = s.clone();
        for a in 0..k {
            let w = s.hi[a] - s.lo[a] + 1;
            if down[a] {
                t.lo[a] = s.lo[a].saturating_sub(w);
            }
            if up[a] {
                t.hi[a] = s.hi[a].saturating_add(w).min(crate::explore::space::MAX_COORD);
            }
        }
        t
    };
    let mut next = double(&Space { lo: region.lo.clone(), hi: region.hi.clone() });
    for a in 0..k {
        next.lo[a] = next.lo[a].min(lo[a]);
        next.hi[a] = next.hi[a].max(hi[a]);
    }
    if next.cells_u128() > room {
        return None;
    }
    for _ in 0..64 {
        let bigger = double(&next);
        if bigger == next || bigger.cells_u128() > room {
            break;
        }
        next = bigger;
    }
    Some(next)
}

/// Asks for `ids` in batches.
fn ask_all(
    ex: &mut Explorer,
    runner: &mut Runner,
    ids: &[u32],
    progress: &mut dyn FnMut(Progress),
) -> Result<(), ReachError> {
    let width = ex.positions.width;
    let mut from = 0;
    let mut flat: Vec<u64> = Vec::new();
    while from < ids.len() {
        let mut to = from;
        let mut bytes = 0usize;
        flat.clear();
        while to < ids.len() && to - from < BATCH && bytes < BATCH_BYTES {
            let p = ex.positions.get(ids[to] as usize);
            bytes += p.iter().map(|&x| 2 + (x.max(1).ilog10() as usize)).sum::<usize>();
            try_reserve(&mut flat, width, "a batch")?;
            flat.extend_from_slice(p);
            to += 1;
        }
        let mut base = stats(ex, runner);
        base.asked += to - from;
        base.batches += 1;
        base.starts += usize::from(!runner.program.stream || runner.starts == 0);
        let mut batch_ids = Vec::new();
        try_reserve(&mut batch_ids, to - from, "a batch")?;
        batch_ids.extend_from_slice(&ids[from..to]);
        let mut sink = Batch {
            ex,
            progress: &mut *progress,
            base,
            ids: batch_ids,
            at: 0,
            line_ends: Vec::new(),
            line_parts: Vec::new(),
            all_known: true,
            seen: Vec::new(),
            stamp: 0,
            error: None,
        };
        let result = runner.ask(&flat, &mut sink);
        let error = sink.error.take();
        match result {
            Err(e) => return Err(ReachError::Io(e)),
            Ok(Err(e)) => return Err(error.unwrap_or(ReachError::Protocol(e))),
            Ok(Ok(())) => {}
        }
        from = to;
    }
    Ok(())
}

/// The needed positions, renumbered (the box's cells first, in order), with their kept options.
fn compact(ex: Explorer, mut cell_id: Vec<u32>) -> Result<Reach, ReachError> {
    let n = ex.positions.len();
    let width = ex.positions.width;
    let mut new_id = try_with_capacity::<u32>(n, "the positions met")?;
    let mut count = 0u32;
    for v in 0..n {
        if ex.flags[v] & NEEDED != 0 {
            new_id.push(count);
            count += 1;
        } else {
            new_id.push(UNKNOWN);
        }
    }
    let count = count as usize;
    let mut reach = Reach {
        width,
        multiset: ex.program.multiset,
        coords: try_with_capacity(count * width, "the positions met")?,
        option_end: try_with_capacity(count, "the positions met")?,
        part_end: try_with_capacity(ex.part_end.len(), "the options met")?,
        parts: try_with_capacity(ex.parts.len(), "the options met")?,
        has_sums: ex.has_sums,
        known: try_with_capacity(count, "the positions met")?,
        ..Reach::default()
    };
    for v in 0..n {
        if new_id[v] == UNKNOWN {
            continue;
        }
        reach.coords.extend_from_slice(ex.positions.get(v));
        reach.known.push(ex.known[v]);
        if ex.known[v] == UNKNOWN {
            let start = ex.opt_start[v] as usize;
            for o in start..start + ex.opt_len[v] as usize {
                let from = if o == 0 { 0 } else { ex.part_end[o - 1] as usize };
                for &w in &ex.parts[from..ex.part_end[o] as usize] {
                    reach.parts.push(new_id[w as usize]);
                }
                reach.part_end.push(reach.parts.len() as u32);
            }
        }
        reach.option_end.push(reach.part_end.len() as u32);
    }
    for c in cell_id.iter_mut() {
        *c = new_id[*c as usize];
    }
    reach.cell_id = cell_id;
    Ok(reach)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The multisets of a box against a plain count of its nondecreasing points.
    #[test]
    fn multisets_are_the_nondecreasing_points() {
        for spec in ["0..5^8", "0..3,1..4,2..2", "2..6,0..9", "0..0", "3..7,0..2", "0..4^3"] {
            let space = Space::parse_any(spec).unwrap();
            let k = space.arity();
            let plain = (0..space.cells())
                .filter(|&c| {
                    let p = space.position(c);
                    (1..k).all(|i| p[i - 1] <= p[i])
                })
                .count() as u128;
            assert_eq!(multisets(&space), plain, "{spec}");
        }
        assert_eq!(multisets(&Space::parse_any("0..5^8").unwrap()), 1287);
    }
}
