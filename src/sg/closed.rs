//! Closed forms of subtraction games: G(n) in O(1) for any n < 2^64, with proofs.
//!
//! **One range** S = {L, L+1, ..., R} (`sub:L..R`, `bash:M` = `sub:1..M`, `sub:k` = `sub:k..k`):
//! with p = L + R, G(n) = floor((n mod p) / L).
//! *Proof* (strong induction on n; write f for the formula, r = n mod p, q = floor(r / L)).
//! The options of n are m = n - s, s in [L, R], m >= 0. (i) No option has value q: if r - s >= 0
//! then m mod p = r - s <= r - L < qL; if r - s < 0 then m mod p = r - s + p >= r + L >= (q + 1)L;
//! either way floor((m mod p) / L) != q. (ii) Every v < q is reached: the intervals [vL, vL + L - 1]
//! and [r - R, r - L] meet, since vL <= (q - 1)L <= r - L and r - R <= p - 1 - R = L - 1 <=
//! vL + L - 1; a common point x >= vL >= 0 gives s = r - x in [L, R], m = n - s >= 0 with
//! m mod p = x, so f(m) = v. Hence G(n) = mex = q.
//!
//! **{1, 2, k}**, k >= 4 (k = 3 is the range 1..3). If 3 does not divide k, G(n) = n mod 3; if it
//! does, with p = k + 1 and r = n mod p, G(n) = 3 when r = k and r mod 3 otherwise.
//! *Proof* (strong induction). k mod 3 != 0: the options n - 1, n - 2 give (n - 1) mod 3 and
//! (n - 2) mod 3 (where they exist), n - k gives one of those two, so the mex is n mod 3 (n = 0:
//! no option, 0; n = 1: {0}, 1). 3 | k: the residues of n - 1, n - 2, n - k are r - 1, r - 2,
//! r + 1 (mod p), and 0..k-1 holds whole blocks 0, 1, 2. For 2 <= r < k: values (r-1) mod 3,
//! (r-2) mod 3 and either (r+1) mod 3 = (r-2) mod 3 or 3 (r + 1 = k): mex r mod 3. r = 1: residues
//! 0, k, 2: values 0, 3, 2: mex 1. r = 0: residues k, k - 1, 1: values 3, 2, 1: mex 0. r = k
//! (then n >= k): residues k - 1, k - 2, 0: values 2, 1, 0: mex 3. Options missing near n = 0 only
//! remove values, and the mex stays the formula's in each case (checked against the naive mex in
//! the tests).

use super::rule::Rule;

/// A subtraction game with a closed form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClosedForm {
    /// S = {l..=r}: G(n) = floor((n mod (l + r)) / l).
    Range {
        /// Least amount.
        l: u64,
        /// Largest amount.
        r: u64,
    },
    /// S = {1, 2, k}, k >= 4.
    OneTwoK {
        /// The third amount.
        k: u64,
    },
}

/// The static description printed in a [`super::certificate::Verdict::ClosedForm`].
pub const RANGE_WHAT: &str =
    "one range L..R: G(n) = floor((n mod (L + R)) / L) (proved: sg::closed)";
/// The static description of the {1, 2, k} form.
pub const ONE_TWO_K_WHAT: &str = "S = {1, 2, k}: G(n) = n mod 3 if 3 does not divide k, else 3 at n = k mod (k + 1) and (n mod (k + 1)) mod 3 elsewhere (proved: sg::closed)";

/// The closed form of `rule`, where it has one (one range; {1, 2, k}).
///
/// ```
/// use games::sg::{closed::closed_form, rule::Rule};
/// let c = closed_form(&Rule::parse("sub:3..7").unwrap()).unwrap();
/// // p = 10: G(12) = floor(2 / 3), G(13) = floor(3 / 3), G(19) = floor(9 / 3).
/// assert_eq!((c.value(12), c.value(13), c.value(19)), (0, 1, 3));
/// assert_eq!(c.value(u64::MAX), (u64::MAX % 10) / 3);
/// ```
pub fn closed_form(rule: &Rule) -> Option<ClosedForm> {
    let ranges = rule.amount_ranges()?;
    match ranges.as_slice() {
        [(l, r)] if *r != u64::MAX && l.checked_add(*r).is_some() => {
            Some(ClosedForm::Range { l: *l, r: *r })
        }
        [(1, 2), (k, k2)] if k == k2 && *k >= 4 && *k != u64::MAX => {
            Some(ClosedForm::OneTwoK { k: *k })
        }
        _ => None,
    }
}

impl ClosedForm {
    /// G(n).
    pub fn value(&self, n: u64) -> u64 {
        match *self {
            ClosedForm::Range { l, r } => (n % (l + r)) / l,
            ClosedForm::OneTwoK { k } => {
                if !k.is_multiple_of(3) {
                    n % 3
                } else {
                    let r = n % (k + 1);
                    if r == k { 3 } else { r % 3 }
                }
            }
        }
    }

    /// The period of the values (from n0 = 0).
    pub fn period(&self) -> u64 {
        match *self {
            ClosedForm::Range { l, r } => l + r,
            ClosedForm::OneTwoK { k } => {
                if k.is_multiple_of(3) {
                    k + 1
                } else {
                    3
                }
            }
        }
    }

    /// The formula with this rule's numbers, as printed.
    pub fn describe(&self) -> String {
        match *self {
            ClosedForm::Range { l, r } => format!(
                "closed form G(n) = {}, period {} from n0 = 0 (proved: one range {l}..{r}, sg::closed)",
                range_formula(l, r),
                l as u128 + r as u128
            ),
            ClosedForm::OneTwoK { k } if !k.is_multiple_of(3) => format!(
                "closed form G(n) = n mod 3, period 3 from n0 = 0 (proved: S = {{1, 2, {k}}}, 3 does not divide {k}, sg::closed)"
            ),
            ClosedForm::OneTwoK { k } => format!(
                "closed form G(n) = 3 if n mod {} = {k}, else (n mod {}) mod 3, period {} from n0 = 0 (proved: S = {{1, 2, {k}}}, 3 divides {k}, sg::closed)",
                k + 1,
                k + 1,
                k + 1
            ),
        }
    }

    /// The theorem's short name, as printed in a proved verdict.
    pub fn theorem(&self) -> String {
        match *self {
            ClosedForm::Range { l, r } => format!(
                "closed form G(n) = {} of one range {l}..{r}, sg::closed",
                range_formula(l, r)
            ),
            ClosedForm::OneTwoK { k } => format!("closed form of S = {{1, 2, {k}}}, sg::closed"),
        }
    }

    /// The static description (for [`super::certificate::Verdict::ClosedForm`]).
    pub fn what(&self) -> &'static str {
        match self {
            ClosedForm::Range { .. } => RANGE_WHAT,
            ClosedForm::OneTwoK { .. } => ONE_TWO_K_WHAT,
        }
    }

    /// A move from a heap of `x` to a heap of value `target` (< G(x)), in O(1): the heap left.
    pub fn move_to(&self, x: u64, target: u64) -> Option<u64> {
        let ok = |m: u64| self.value(m) == target && m < x;
        match *self {
            ClosedForm::Range { l, r } => {
                // The proof's common point: x mod p - s lands in [vL, vL + L - 1].
                let p = l + r;
                let rem = x % p;
                let lo = (target.checked_mul(l)?).max(rem.saturating_sub(r));
                if lo > rem || rem - lo < l {
                    return None;
                }
                let m = x - (rem - lo);
                ok(m).then_some(m)
            }
            ClosedForm::OneTwoK { k } => {
                [1, 2, k].into_iter().filter(|&s| s <= x).map(|s| x - s).find(|&m| ok(m))
            }
        }
    }
}

/// `floor((n mod (l + r)) / l)` as printed: `n mod (l + r)` when `l` is 1.
fn range_formula(l: u64, r: u64) -> String {
    let q = l as u128 + r as u128;
    if l == 1 { format!("n mod {q}") } else { format!("floor((n mod {q}) / {l})") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_ranges_against_the_naive_mex() {
        for l in 1..=6u64 {
            for r in l..=9u64 {
                let text = format!("sub:{l}..{r}");
                let rule = Rule::parse(&text).unwrap();
                let c = closed_form(&rule).unwrap();
                let brute = crate::brute::rule::parse(&text).unwrap();
                let naive = crate::brute::rule::values(&brute, 200);
                for (n, &g) in naive.iter().enumerate() {
                    assert_eq!(c.value(n as u64), g, "sub:{l}..{r} at {n}");
                }
            }
        }
    }
}
