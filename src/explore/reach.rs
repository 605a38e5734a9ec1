//! Exploration: every position reachable from the box, with its options, as a graph.
//!
//! Positions get numbers in the order they are met: the box's cells first (so a cell's number
//! is its position number), then whatever their options reach, breadth first. The options of
//! not-yet-expanded positions are asked for in batches of up to [`super::program::BATCH`]; the
//! exploration stops with a clear message when more than `max_positions` positions are met.
//! The graph is kept as three flat arrays (options per position, parts per option, parts), so a
//! 200 x 200 Wythoff box with 10^7 option parts costs 4 bytes a part.

use super::program::{BATCH, Program, ProtocolError, Sink};
use super::space::{Coords, Space, format_position};
use std::collections::HashMap;

/// The game graph met from the box.
#[derive(Debug, Default)]
pub struct Reach {
    /// Every position met, by number.
    pub coords: Vec<Coords>,
    /// `option_end[v]`: the end of position v's options in `part_end` (start: `option_end[v-1]`).
    pub option_end: Vec<u32>,
    /// `part_end[o]`: the end of option o's parts in `parts`.
    pub part_end: Vec<u32>,
    /// The parts of every option, as position numbers.
    pub parts: Vec<u32>,
    /// Does some option have two or more parts?
    pub has_sums: bool,
}

/// Why exploration stopped.
#[derive(Debug)]
pub enum ReachError {
    /// The program broke the protocol or failed.
    Protocol(ProtocolError),
    /// More positions than the budget.
    Budget(String),
    /// `games` was interrupted.
    Io(std::io::Error),
}

impl Reach {
    /// The number of positions whose options are known.
    pub fn expanded(&self) -> usize {
        self.option_end.len()
    }

    /// Position v's options, each a range into `part_end`.
    pub fn options(&self, v: usize) -> std::ops::Range<usize> {
        let start = if v == 0 { 0 } else { self.option_end[v - 1] as usize };
        start..self.option_end[v] as usize
    }

    /// Option o's parts.
    pub fn parts_of(&self, o: usize) -> &[u32] {
        let start = if o == 0 { 0 } else { self.part_end[o - 1] as usize };
        &self.parts[start..self.part_end[o] as usize]
    }
}

/// Builds the graph as the replies come in.
struct Builder<'a> {
    reach: &'a mut Reach,
    index: &'a mut HashMap<Coords, u32>,
    max_positions: usize,
    arity: usize,
}

impl Builder<'_> {
    fn intern(&mut self, p: &Coords) -> Result<u32, ProtocolError> {
        if let Some(&v) = self.index.get(p) {
            return Ok(v);
        }
        let v = self.reach.coords.len();
        if v >= self.max_positions {
            return Err(ProtocolError(format!(
                "the game reaches more than {} positions from the box (the last one met: '{}'); raise --max-positions or use a smaller box",
                self.max_positions,
                format_position(p, self.arity)
            )));
        }
        self.reach.coords.push(*p);
        self.index.insert(*p, v as u32);
        Ok(v as u32)
    }
}

impl Sink for Builder<'_> {
    fn part(&mut self, p: &Coords, first: bool) -> Result<(), ProtocolError> {
        let v = self.intern(p)?;
        if self.reach.parts.len() >= u32::MAX as usize - 1 {
            return Err(ProtocolError("more than 2^32 - 2 option parts in all".to_string()));
        }
        if first {
            self.reach.part_end.push(self.reach.parts.len() as u32);
            if self.reach.part_end.len() >= u32::MAX as usize - 1 {
                return Err(ProtocolError("more than 2^32 - 2 options in all".to_string()));
            }
        } else {
            self.reach.has_sums = true;
        }
        self.reach.parts.push(v);
        *self.reach.part_end.last_mut().expect("an option was opened") += 1;
        Ok(())
    }

    fn end(&mut self) -> Result<(), ProtocolError> {
        self.reach.option_end.push(self.reach.part_end.len() as u32);
        Ok(())
    }
}

/// Explores from every cell of `space` with `program`, up to `max_positions` positions.
/// `progress` is told the number of positions expanded and met after each batch.
pub fn explore(
    space: &Space,
    program: &Program,
    max_positions: usize,
    mut progress: impl FnMut(usize, usize),
) -> Result<Reach, ReachError> {
    let mut reach = Reach::default();
    let mut index = HashMap::new();
    let cells = space.cells();
    if cells > max_positions {
        return Err(ReachError::Budget(format!(
            "the box has {cells} positions, more than --max-positions {max_positions}"
        )));
    }
    reach.coords.reserve(cells);
    index.reserve(cells);
    for cell in 0..cells {
        let p = space.position(cell);
        index.insert(p, cell as u32);
        reach.coords.push(p);
    }
    while reach.expanded() < reach.coords.len() {
        let from = reach.expanded();
        let to = reach.coords.len().min(from + BATCH);
        let batch: Vec<Coords> = reach.coords[from..to].to_vec();
        let mut b =
            Builder { reach: &mut reach, index: &mut index, max_positions, arity: space.arity() };
        match program.ask(&batch, &mut b) {
            Err(e) => return Err(ReachError::Io(e)),
            Ok(Err(e)) if e.0.contains("--max-positions") => return Err(ReachError::Budget(e.0)),
            Ok(Err(e)) => return Err(ReachError::Protocol(e)),
            Ok(Ok(())) => {}
        }
        progress(reach.expanded(), reach.coords.len());
    }
    Ok(reach)
}
