//! The table: for every cell of the box, its value and outcome, and what is not decided.
//!
//! A value is a Grundy value (normal play, the game terminates from there), Smith's ∞(K) (the
//! game can go on for ever; K is the set of the followers' integer values), or absent (misère
//! play has no Grundy values to report, or the cell could not be decided, see `notes`). The
//! outcome is `P` (the player to move loses), `N` (wins), `D` (a draw with best play) or `?`.

use crate::error::{AllocError, try_with_capacity};
use crate::explore::space::{Coords, Space};
use std::collections::BTreeMap;

/// `grundy` of a cell with no integer value to report.
pub const NO_VALUE: u32 = u32::MAX;
/// `grundy` of a cell whose value is ∞(K) (K in `loopy`).
pub const LOOPY: u32 = u32::MAX - 1;

/// The values of a game on a box.
#[derive(Debug, Clone)]
pub struct Table {
    /// The box.
    pub space: Space,
    /// Per cell: the Grundy value, [`LOOPY`] or [`NO_VALUE`].
    pub grundy: Vec<u32>,
    /// Per cell: `P`, `N`, `D` or `?`.
    pub outcome: Vec<u8>,
    /// K of the cells whose value is ∞(K).
    pub loopy: BTreeMap<usize, Vec<u32>>,
    /// Misère play (outcomes only).
    pub misere: bool,
    /// What is not decided and why, and other facts the user must know (one line each).
    pub notes: Vec<String>,
    /// Positions whose options were computed (the box and everything reached from it).
    pub explored: usize,
}

impl Table {
    /// An empty table on `space` (every cell undecided).
    pub fn new(space: Space, misere: bool) -> Table {
        let n = space.cells();
        Table {
            space,
            grundy: vec![NO_VALUE; n],
            outcome: vec![b'?'; n],
            loopy: BTreeMap::new(),
            misere,
            notes: Vec::new(),
            explored: 0,
        }
    }

    /// [`Table::new`], its two per-cell vectors taken fallibly (a box too large for memory is an
    /// error naming the bytes, not an abort).
    pub fn try_new(space: Space, misere: bool) -> Result<Table, AllocError> {
        let n = space.cells();
        let mut grundy = try_with_capacity(n, "the table's values")?;
        grundy.resize(n, NO_VALUE);
        let mut outcome = try_with_capacity(n, "the table's outcomes")?;
        outcome.resize(n, b'?');
        let (loopy, notes) = (BTreeMap::new(), Vec::new());
        Ok(Table { space, grundy, outcome, loopy, misere, notes, explored: 0 })
    }

    /// [`Table::from_grundy`], the outcomes taken fallibly.
    pub fn try_from_grundy(space: Space, grundy: Vec<u32>) -> Result<Table, AllocError> {
        let mut outcome = try_with_capacity(grundy.len(), "the table's outcomes")?;
        outcome.extend(grundy.iter().map(|&g| if g == 0 { b'P' } else { b'N' }));
        let (loopy, notes, explored) = (BTreeMap::new(), Vec::new(), grundy.len());
        Ok(Table { space, grundy, outcome, loopy, misere: false, notes, explored })
    }

    /// A normal-play table from Grundy values (one per cell, in cell order).
    pub fn from_grundy(space: Space, grundy: Vec<u32>) -> Table {
        let outcome = grundy.iter().map(|&g| if g == 0 { b'P' } else { b'N' }).collect();
        let explored = grundy.len();
        Table {
            space,
            grundy,
            outcome,
            loopy: BTreeMap::new(),
            misere: false,
            notes: Vec::new(),
            explored,
        }
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.grundy.len()
    }

    /// The integer value of a cell, if it has one.
    pub fn value(&self, cell: usize) -> Option<u32> {
        let g = self.grundy[cell];
        (g != NO_VALUE && g != LOOPY).then_some(g)
    }

    /// The integer value at a position of the box.
    pub fn value_at(&self, p: &[u64]) -> Option<u32> {
        self.space.index(p).and_then(|c| self.value(c))
    }

    /// The position of a cell.
    pub fn position(&self, cell: usize) -> Coords {
        self.space.position(cell)
    }

    /// The table of a box inside this one (the box the user asked for, out of a table
    /// computed a little wider); notes and the explored count are kept.
    pub fn restrict(&self, space: &Space) -> Table {
        let mut t = Table::new(space.clone(), self.misere);
        for c in 0..t.cells() {
            let Some(from) = self.space.index(&space.position(c)) else { continue };
            t.grundy[c] = self.grundy[from];
            t.outcome[c] = self.outcome[from];
            if let Some(k) = self.loopy.get(&from) {
                t.loopy.insert(c, k.clone());
            }
        }
        t.notes = self.notes.clone();
        t.explored = self.explored;
        t
    }

    /// Does every cell have an integer value (a finite normal-play table)?
    pub fn all_finite(&self) -> bool {
        !self.misere && self.grundy.iter().all(|&g| g != NO_VALUE && g != LOOPY)
    }

    /// The value as printed: `3`, `inf{0,2}`, or `?` (`-` in misère tables).
    pub fn value_text(&self, cell: usize) -> String {
        match self.grundy[cell] {
            LOOPY => {
                let k = self
                    .loopy
                    .get(&cell)
                    .map(|k| k.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(","));
                format!("inf{{{}}}", k.unwrap_or_default())
            }
            NO_VALUE if self.misere => "-".to_string(),
            NO_VALUE => "?".to_string(),
            g => g.to_string(),
        }
    }
}
