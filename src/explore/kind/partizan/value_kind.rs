//! Partizan numbers as a [`ValueKind`]: a number `n / 2^e` of `games explore --partizan` is the
//! integer `n * 2^(E - e)` for the box's greatest exponent `E`. The rule is the simplicity
//! theorem (Conway, *On Numbers and Games*, Theorem 11; Siegel, *Combinatorial Game Theory*,
//! Theorem II.3.7): when every Left option is below every Right option, the position is the
//! simplest number strictly between the greatest Left option and the least Right option
//! ([`Small::simplest_between`]); a sum of numbers is their sum. A position whose Left option
//! is at least a Right option is no number this kind can hold, and neither is a simplest
//! number of a larger exponent than `E` (the rule then says so rather than give a value).

use crate::explore::kind::partizan::number::Small;
use crate::explore::kind::value_kind::{Compound, Options, ValueKind};

/// Partizan numbers times `2^exponent`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Partizan {
    pub exponent: u32,
}

impl Partizan {
    /// The number an integer of this kind stands for, when it fits machine words.
    fn number(self, v: i128) -> Result<Small, String> {
        Small::new(v, self.exponent)
            .ok_or_else(|| format!("{} is too large a number", self.show(v)))
    }
}

impl ValueKind for Partizan {
    fn noun(&self) -> &'static str {
        "value"
    }
    fn nouns(&self) -> &'static str {
        "values"
    }
    fn scaled_noun(&self) -> String {
        match self.exponent {
            0 => "value".to_string(),
            e => format!("value times 2^{e}"),
        }
    }
    fn of_options(&self, options: &Options) -> Result<i128, String> {
        let Some(right) = options.right else {
            return Err(
                "the partizan rule takes both players' options (guard::partizan)".to_string()
            );
        };
        let lo = options.values().max().map(|v| self.number(v)).transpose()?;
        let hi = right.iter().copied().min().map(|v| self.number(v)).transpose()?;
        match Small::simplest_between(lo, hi) {
            None => Err("a Left option is at least a Right option: not a number".to_string()),
            Some(Ok(x)) if x.exponent() <= self.exponent => Ok(x.scaled(self.exponent)),
            Some(_) => Err(format!("the value's exponent passes 2^{}", self.exponent)),
        }
    }
    fn show(&self, v: i128) -> String {
        let e = self.exponent.min(v.trailing_zeros());
        let (n, e) = (v >> e, self.exponent - e);
        match e {
            0 => n.to_string(),
            e => format!("{n}/{}", 1u128 << e.min(127)),
        }
    }
    fn read(&self, text: &str) -> Result<i128, String> {
        let t = text.trim();
        let bad = || format!("'{text}' is not a number n or n/2^e");
        let (n, d) = t.split_once('/').unwrap_or((t, "1"));
        let n: i128 = n.trim().parse().map_err(|_| bad())?;
        let d: u128 = d.trim().parse().map_err(|_| bad())?;
        if !d.is_power_of_two() || d.trailing_zeros() > self.exponent {
            return Err(format!("'{text}': the denominator passes 2^{}", self.exponent));
        }
        n.checked_mul(1i128 << (self.exponent - d.trailing_zeros())).ok_or_else(bad)
    }
    fn combine(&self, how: Compound, parts: &[i128]) -> Result<i128, String> {
        match how {
            Compound::Disjunctive => parts
                .iter()
                .try_fold(0i128, |a, &b| a.checked_add(b))
                .ok_or_else(|| "the sum passes 128 bits".to_string()),
            _ if parts.len() == 1 => Ok(parts[0]),
            _ => {
                Err("a partizan compound other than a sum is not a function of its parts' numbers"
                    .to_string())
            }
        }
    }
    /// None here: a partizan position's best move depends on who moves, which the partizan
    /// player (`run/partizan_serve.rs`) decides from both players' options.
    fn best(&self, _value: i128, _option: i128, _gain: i64, _ends: bool) -> bool {
        false
    }
}

/// Partizan values that are not all numbers, each the index of its canonical form in the box's
/// list of distinct values by first appearance ([`crate::explore::guard::partizan`] keeps the
/// list and checks the partizan rule on the forms themselves). An index has no arithmetic
/// meaning: only the families that copy values are searched ([`ValueKind::copies_only`]), and
/// the kind has no rule, sum or best move of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Forms;

impl ValueKind for Forms {
    fn noun(&self) -> &'static str {
        "value"
    }
    fn nouns(&self) -> &'static str {
        "values"
    }
    fn scaled_noun(&self) -> String {
        "index of the value in the box's list of values".to_string()
    }
    fn of_options(&self, _options: &Options) -> Result<i128, String> {
        Err("the partizan rule takes both players' options (guard::partizan)".to_string())
    }
    fn show(&self, v: i128) -> String {
        format!("#{v}")
    }
    fn read(&self, text: &str) -> Result<i128, String> {
        let t = text.trim();
        t.strip_prefix('#')
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("'{text}' is not the index #K of a value in the box's list"))
    }
    fn combine(&self, _how: Compound, _parts: &[i128]) -> Result<i128, String> {
        Err("indices of canonical forms do not add: the forms themselves are summed".to_string())
    }
    fn best(&self, _value: i128, _option: i128, _gain: i64, _ends: bool) -> bool {
        false
    }
    fn copies_only(&self) -> bool {
        true
    }
}
