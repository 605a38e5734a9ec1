//! The original judges' constraints as data, a strict testlib-style validator for every
//! problem (the shrinker that takes its models apart is `crate::harness::shrink`).
//!
//! `games` itself accepts far more than the judges promise (zeros, 64-bit values, any count);
//! a contestant's solution only has to be right on what the judge promises. This module says
//! exactly what that is. Each problem has a [`Judge`]: its numeric [`Bound`]s (the constraint
//! data), the structural rules that are not plain ranges (sums, distinctness, tree shape) as
//! text, and one reader that walks the judge's exact layout through a strict
//! [`reader::Reader`] (single spaces, `\n` line ends, nothing after the last line) and builds a
//! [`Model`]: the input as cases of numbers, which [`Judge::write`] turns back into the judge's
//! layout. The same reader in [`Domain::Beyond`] skips every bound and every whitespace rule,
//! so the shrinker (`crate::harness::shrink`) can also take apart inputs of our extended domain.
//!
//! Conventions where a judge states only an upper bound on a count (`C <= 100`, `T <= 474`):
//! the count is at least 1 (a judge file has at least one case). Where a statement is silent on
//! a rule that our own limits relax (parents before children in `hackenbush`, no repeated arc in
//! `game-draw`), the judge's original promise is enforced here; each problem's `rules` say so.

pub mod problems;
pub mod reader;

use crate::error::InputError;
use reader::Reader;

/// Which inputs a generator writes and a reader checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Domain {
    /// Exactly what the original judge promises (the default of `gen` and `stress`).
    Judge,
    /// Our extended domain: zeros, 64-bit values, bigger counts and graphs (`--beyond-judge`).
    Beyond,
}

/// A judge constraint that is a plain range: `lo <= name <= hi`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    /// The value's name as the statement writes it (`n`, `a_i`, `vertex`).
    pub name: &'static str,
    pub lo: u64,
    pub hi: u64,
}

impl Bound {
    pub const fn new(name: &'static str, lo: u64, hi: u64) -> Bound {
        Bound { name, lo, hi }
    }

    /// `lo <= name <= hi`, with the numbers written as the statement would.
    pub fn describe(&self) -> String {
        format!("{} <= {} <= {}", self.lo, self.name, self.hi)
    }
}

/// Where an input breaks the judge's promise, and which promise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Byte offset of the offending token (or whitespace byte).
    pub offset: usize,
    /// The violated constraint, or `expected ..., found ...` for a malformed token.
    pub message: String,
    /// True when the token itself is malformed (not a number, a sign, ...), not out of range.
    pub parse: bool,
}

impl Violation {
    /// `line L, column C: <message>` for `input`.
    pub fn render(&self, input: &[u8]) -> String {
        let at = InputError::new(self.offset, "").locate(input);
        format!("line {}, column {}: {}", at.line, at.column, self.message)
    }
}

/// One value list item: a tuple of numbers (`[a_i]`, `[u, v]`, `[m, k]`).
pub type Item = Vec<u64>;

/// One test case: its own numbers (not counts) and its lists (whose lengths are the counts).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Case {
    pub fields: Vec<u64>,
    pub lists: Vec<Vec<Item>>,
}

/// A whole input as numbers: the values shared by every case (`F` in `multi-sg`), then the
/// cases. Counts are not stored: [`Judge::write`] derives them from the lists.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Model {
    pub head: Vec<u64>,
    pub cases: Vec<Case>,
}

/// Removes vertex `v` of case `c` of a model (see [`Judge::drop_vertex`]).
pub type DropVertex = fn(&Model, usize, u64) -> Option<Model>;

/// A problem's judge: its constraints as data, its strict reader and its writer.
pub struct Judge {
    /// Every plain range the judge states, by the name its values are read under.
    pub bounds: &'static [Bound],
    /// Constraints that are not plain ranges (sums, distinctness, shape), one line each.
    pub rules: &'static [&'static str],
    /// Reads the judge's exact layout, checking every constraint (in [`Domain::Judge`]), into a
    /// model.
    pub read: fn(&mut Reader<'_>) -> Result<Model, Violation>,
    /// The judge's layout of a model (counts from list lengths); `read` of it gives the model
    /// back.
    pub write: fn(&Model) -> Vec<u8>,
    /// For problems on graphs and trees: removes vertex `v` (1-based) of case `c`, renumbering
    /// the others (`None` when there is no such vertex). The shrinker's "fewer vertices" step.
    pub drop_vertex: Option<DropVertex>,
}

impl Judge {
    /// Checks `input` against every constraint of the judge: layout, bounds and rules.
    pub fn validate(&self, input: &[u8]) -> Result<(), Violation> {
        self.parse(input, Domain::Judge).map(drop)
    }

    /// Reads `input` into a model, strictly ([`Domain::Judge`]) or as any valid `games` input.
    pub fn parse(&self, input: &[u8], domain: Domain) -> Result<Model, Violation> {
        let mut r = Reader::new(input, domain);
        (self.read)(&mut r)
    }

    /// The bound called `name`.
    pub fn bound(&self, name: &str) -> Option<&'static Bound> {
        self.bounds.iter().find(|b| b.name == name)
    }
}
