//! The histogram of a `games sg` rule's values G(0..=N): read off a proved closed form by its
//! period when there is one (any N below 2^62, no table), else from the engine's table
//! (`games::sg::values`, the same values `games sg --upto N` prints); past 2^16 heaps, from a
//! period the certificate of `games sg` proves in G(0..=2^16) (plain periodicity, saltus 0).

use super::Histogram;
use crate::sg::certificate::{Proof, Verdict, certify, value_at};
use crate::sg::closed::closed_form;
use crate::sg::rule::Rule;

/// The largest table computed (as `games sg --upto`).
pub const MAX_TABLE: u64 = 100_000_000;
/// Past this many heaps, a proved period is sought in G(0..=4096), then G(0..=SEARCH), before
/// a whole table.
const SEARCH: u64 = 1 << 16;
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

/// The histogram of G(from), .., G(upto) (one heap of each size), or why not.
pub fn histogram_from(rule: &Rule, from: u64, upto: u64) -> Result<(Histogram, Source), String> {
    if from > upto {
        return Err(format!("--from {from} is past --upto {upto}: no heap size to count"));
    }
    let (all, source) = histogram(rule, upto)?;
    if from == 0 {
        return Ok((all, source));
    }
    let (below, _) = histogram(rule, from - 1)?;
    Ok((all.minus(&below), source))
}

/// The histogram of G(0..=upto), and where the values came from.
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
    if upto > SEARCH {
        if let Some(h) = by_certificate(rule, upto)? {
            return Ok((h, Source::Period));
        }
        if upto > MAX_TABLE {
            return Err(format!(
                "--upto {upto}: no period of this rule is proved within G(0..={SEARCH}) (see `games sg`), and the table stops at {MAX_TABLE}"
            ));
        }
    }
    let bytes = usize::try_from(upto).unwrap_or(usize::MAX).saturating_add(1).saturating_mul(8);
    crate::error::probe(bytes, "the Grundy table").map_err(|e| e.render("count"))?;
    let values = crate::sg::values::grundy_values(rule, upto).map_err(|e| e.to_string())?;
    Ok((Histogram::from_table(&values), Source::Table))
}

/// The histogram of G(0..=upto) from a proved period (saltus 0) found in G(0..=SEARCH):
/// G(n) for n < n0 from the table, and each residue n0 <= r < n0 + p counted
/// (upto - r) / p + 1 times. `None` when no such period is proved there.
fn by_certificate(rule: &Rule, upto: u64) -> Result<Option<Histogram>, String> {
    for search in [4096, SEARCH] {
        let search = crate::sg::values::default_max(rule).min(search);
        let Ok(values) = crate::sg::values::grundy_values(rule, search) else { return Ok(None) };
        let verdict = certify(rule, &values);
        if let Verdict::Periodic { n0, period, saltus: 0, proof: Proof::Proved { .. } } = verdict {
            return Ok(by_period(&verdict, &values, n0, period, upto));
        }
    }
    Ok(None)
}

/// The histogram of G(0..=upto) read off a proved period.
fn by_period(
    verdict: &Verdict,
    values: &[u32],
    n0: u64,
    period: u64,
    upto: u64,
) -> Option<Histogram> {
    let mut pairs = Vec::new();
    for n in 0..n0.saturating_add(period) {
        let g = u64::try_from(value_at(verdict, values, n)?).ok()?;
        let weight = if n < n0 { 1 } else { (upto - n) / period + 1 };
        pairs.push((g, weight));
    }
    Some(Histogram::from_weights(pairs))
}
