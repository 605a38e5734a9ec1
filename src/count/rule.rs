//! The histogram of a `games sg` rule's values G(0..=N): read off a proved closed form by its
//! period when there is one (any N below 2^62, no table), else from the engine's table
//! (`games::sg::values`, the same values `games sg --upto N` prints).

use super::Histogram;
use crate::sg::closed::closed_form;
use crate::sg::rule::Rule;

/// The largest table computed (as `games sg --upto`).
pub const MAX_TABLE: u64 = 100_000_000;
/// The longest period counted residue by residue.
const MAX_PERIOD: u64 = 10_000_000;

/// How the values were had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The closed form's period (proved).
    Period,
    /// The engine's table.
    Table,
}

/// The histogram of G(0), .., G(upto) (one heap of each size), or why not.
pub fn histogram(rule: &Rule, upto: u64) -> Result<(Histogram, Source), String> {
    if upto >= 1 << 62 {
        return Err(format!("--upto {upto}: at most 2^62 - 1 heaps"));
    }
    if let Some(c) = closed_form(rule) {
        let p = c.period();
        if p <= MAX_PERIOD {
            // n = r, r + p, ..: (upto - r) / p + 1 heaps for each residue r <= upto.
            let pairs = (0..p.min(upto + 1)).map(|r| (c.value(r), (upto - r) / p + 1)).collect();
            return Ok((Histogram::from_weights(pairs), Source::Period));
        }
        if upto <= MAX_TABLE {
            return Ok((
                Histogram::from_values((0..=upto).map(|n| c.value(n)).collect()),
                Source::Period,
            ));
        }
        return Err(format!(
            "--upto {upto}: the closed form's period {p} is too long to count by residues, and the table stops at {MAX_TABLE}"
        ));
    }
    if upto > MAX_TABLE {
        return Err(format!(
            "--upto {upto}: this rule has no closed form here, and the table stops at {MAX_TABLE}"
        ));
    }
    let bytes = usize::try_from(upto).unwrap_or(usize::MAX).saturating_add(1).saturating_mul(8);
    crate::error::probe(bytes, "the Grundy table").map_err(|e| e.render("count"))?;
    let values = crate::sg::values::grundy_values(rule, upto).map_err(|e| e.to_string())?;
    Ok((Histogram::from_table(&values), Source::Table))
}
