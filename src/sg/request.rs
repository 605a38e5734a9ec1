//! What one `games sg` run is asked, and the plan it implies: how far the search goes, whether
//! a closed form or the octal stream answers, how many values the table wants, and whether
//! that table can have its memory.

use super::closed::{ClosedForm, closed_form};
use super::rule::Rule;
use super::sparse::OctalMoves;
use std::path::PathBuf;

/// Estimated bytes a run of `len` values takes at its peak (the values, their copies, the
/// certificate's suffix periods and the printed table).
const BYTES_PER_VALUE: usize = 24;

/// The options of `games sg`, as the user gave them.
#[derive(Default)]
pub struct Asked {
    pub upto: Option<u64>,
    pub ats: Vec<u64>,
    pub heaps: Option<Vec<u64>>,
    /// `--max`, when given.
    pub max: Option<u64>,
    pub bounded: bool,
    pub stats: bool,
    pub save: Option<PathBuf>,
    pub resume: Option<PathBuf>,
}

/// What `games sg` was asked, and the run's plan.
pub struct Request {
    pub rule: Rule,
    pub upto: Option<u64>,
    pub ats: Vec<u64>,
    pub heaps: Option<Vec<u64>>,
    pub given_max: Option<u64>,
    /// The table bound: `--max`, or the rule's default, and at least `--upto`.
    pub max: u64,
    /// How far the search computes (the largest heap asked, when every heap asked is within).
    pub search_max: u64,
    pub stop_at_asked: bool,
    /// A heap asked past the bound may be answered from an observed pattern: see it this long.
    pub confirm_to: u64,
    pub closed: Option<ClosedForm>,
    /// Values the run wants: `--upto` + 1, a closed form's sample, or the search bound + 1.
    pub len_wanted: u64,
    /// The octal code, when the rare/common engine streams this rule.
    pub octal: Option<super::code::Code>,
    pub bounded: bool,
    pub stats: bool,
    pub save: Option<PathBuf>,
    pub resume: Option<PathBuf>,
}

impl Request {
    /// The plan for `rule` under the options `asked`.
    pub fn plan(rule: Rule, asked: Asked) -> Request {
        let Asked { upto, ats, heaps, max: given_max, bounded, stats, save, resume } = asked;
        let max =
            given_max.unwrap_or_else(|| super::values::default_max(&rule)).max(upto.unwrap_or(0));
        // Every heap asked about below the bound is answered from the table: compute only that
        // far (the proof search still stops earlier when it succeeds).
        let largest_asked = ats.iter().chain(heaps.iter().flatten()).copied().max();
        let (search_max, stop_at_asked) = match largest_asked {
            Some(a) if upto.is_none() && a <= max => (a.max(1), true),
            _ => (max, false),
        };
        let confirm_to = if largest_asked.is_some_and(|a| a > max) { max.min(2000) } else { 0 };
        let closed = closed_form(&rule);
        let len_wanted = match (upto, closed) {
            (Some(n), _) => n.saturating_add(1),
            (None, Some(c)) => c.period().saturating_mul(2).clamp(20, 200),
            (None, None) => search_max.saturating_add(1),
        };
        let octal = rule
            .code()
            .filter(|c| upto.is_none() && closed.is_none() && OctalMoves::of(c).is_some());
        Request {
            rule,
            upto,
            ats,
            heaps,
            given_max,
            max,
            search_max,
            stop_at_asked,
            confirm_to,
            closed,
            len_wanted,
            octal,
            bounded,
            stats,
            save,
            resume,
        }
    }

    /// Checks that the table this run builds can have its memory.
    ///
    /// Bytes a value costs at the peak, by path: the streamed octal run keeps 2 bytes a value
    /// (4 while its vector grows, plus the copy printed); the bounded run a fixed 150 MB; the
    /// named rules' tables a few bytes; everything else also the certificate's suffix periods
    /// and differences (4 bytes each) and the printed table.
    pub fn probe_memory(&self) -> Result<(), crate::error::AllocError> {
        let (per_value, len_probed) = match (&self.octal, &self.rule) {
            (Some(_), _) if self.bounded => (1, self.len_wanted.min(256 << 20)),
            (Some(_), _) => (8, self.len_wanted),
            (None, Rule::SplitNim | Rule::Lunch | Rule::MultiSg(_) | Rule::Fibonacci) => {
                (8, self.len_wanted)
            }
            _ => (BYTES_PER_VALUE, self.len_wanted),
        };
        usize::try_from(len_probed)
            .ok()
            .and_then(|l| l.checked_mul(per_value))
            .ok_or(crate::error::AllocError { bytes: usize::MAX, what: "the Grundy table" })
            .and_then(|b| crate::error::probe(b, "the Grundy table"))
            .map(|_| ())
    }

    /// Whether the run answers questions (`--at`, `--heaps`) rather than printing the table.
    pub fn asks_positions(&self) -> bool {
        !self.ats.is_empty() || self.heaps.is_some()
    }
}
