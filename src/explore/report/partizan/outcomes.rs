//! The box of `games explore --partizan` as [`Outcomes`], for `--list`, `--svg` and `--check`
//! (written once over the kinds in [`crate::explore::list`], [`crate::explore::report::svg_of`]
//! and [`crate::explore::check`]): each position's outcome class (Conway's four: `L` Left wins
//! whoever starts, `R` Right wins, `N` the first player wins, `P` the second player wins, that
//! is the value is 0; [`crate::theory::canonical::Outcome`]) and its value as the table prints
//! it. The drawing blackens the `P` positions (the player to move loses, whoever it is).
//!
//! A `--check` line is an outcome letter (any case), or a value: the table's text of it, or,
//! where the position's value is a number, any way of writing that number as `n` or `n/2^k`
//! (`2/4` is `1/2`). Any other text is a claim of another value, shown as the disagreement.

use super::Report;
use crate::explore::report::entries::{Outcomes, outcome_named};
use crate::explore::space::Space;

/// The partizan outcome classes, in the order of the tally.
pub const NAMES: &[&str] = &["L", "R", "N", "P"];

/// The report's box as [`Outcomes`].
pub struct PartizanBox<'a>(pub &'a Report);

/// `n` or `n/d` with `d` a power of two, reduced: `(n, log2 d)`.
fn dyadic(text: &str) -> Option<(i128, u32)> {
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    let (mut n, d): (i128, u128) = (n.trim().parse().ok()?, d.trim().parse().ok()?);
    if !d.is_power_of_two() {
        return None;
    }
    let mut e = d.trailing_zeros();
    while e > 0 && n % 2 == 0 {
        n /= 2;
        e -= 1;
    }
    Some((n, e))
}

impl Outcomes for PartizanBox<'_> {
    fn space(&self) -> &Space {
        &self.0.space
    }
    fn names(&self) -> &'static [&'static str] {
        NAMES
    }
    fn lost(&self) -> &'static str {
        "P"
    }
    fn lost_words(&self) -> &'static str {
        "P (value 0) black"
    }
    fn outcome(&self, c: usize) -> Option<&'static str> {
        Some(self.0.cells[c].outcome.letter())
    }
    fn value(&self, c: usize) -> Option<String> {
        Some(self.0.cells[c].value.clone())
    }
    fn judge(&self, c: usize, said: &str) -> Result<Option<String>, String> {
        let cell = &self.0.cells[c];
        if let Some(o) = outcome_named(NAMES, said) {
            return Ok((o != cell.outcome.letter()).then(|| format!("outcome {o}")));
        }
        let same = said == cell.value
            || (cell.number.is_some()
                && dyadic(said).is_some()
                && dyadic(said) == dyadic(&cell.value));
        Ok((!same).then(|| format!("value {said}")))
    }
    fn evidence(&self, _c: usize) -> String {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::dyadic;

    #[test]
    fn numbers_are_read_reduced() {
        assert_eq!(dyadic("2/4"), Some((1, 1)));
        assert_eq!(dyadic("-3"), Some((-3, 0)));
        assert_eq!(dyadic("4/2"), Some((2, 0)));
        assert_eq!(dyadic("1/3"), None);
        assert_eq!(dyadic("*"), None);
    }
}
