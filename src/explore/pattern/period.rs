//! Family 1 and 2: eventually periodic and arithmetic-periodic lines (G(n + p) = G(n) + s from
//! n0 on), found by the period search of `games sg` ([`crate::sg::certificate`]).
use super::Formula;
use crate::explore::table::Table;

/// Candidates for a 1-D table.
pub fn detect(_t: &Table) -> Vec<Box<dyn Formula>> {
    Vec::new()
}
