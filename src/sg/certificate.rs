//! Proofs, never patterns: given a rule and its first L Grundy values, decide whether the values
//! *prove* a period (and which), merely show one, or fall under no period theorem at all.
//!
//! **Guy-Smith, k-heap form** (Guy and Smith 1956; Winning Ways ch. 4; Siegel, *Combinatorial
//! Game Theory*, IV.2). Let a finite code have its last nonzero digit at t (the most tokens a
//! move removes) and let every move leave at most k heaps, with no condition on their sizes.
//! If G(n + p) = G(n) for every n with n0 <= n < k n0 + (k - 1) p + t - k + 1, and n0 >= 1,
//! then G(n + p) = G(n) for every n >= n0.
//! *Proof.* Induction on n >= N = k n0 + (k - 1) p + t - k + 1, assuming the equality below n.
//! An option of n + p removes r <= t tokens and leaves parts summing to n + p - r; its largest
//! part b is at least ceil((n + p - t) / k) >= n0 + p (that is what the bound on N says, with
//! the rounding), so replacing b by b - p >= n0 keeps the value (b - p < n: induction) and gives
//! an option of n. Conversely the largest part b of an option of n is at least
//! ceil((n - t) / k) >= n0, so b + p (and G(b + p) = G(b), b < n) gives an option of n + p. The
//! option values of n and n + p are the same set, so G(n + p) = G(n). (n > t, so no move takes
//! a whole heap.) The literature states the check as n < 2 n0 + p + t for octal games; the
//! bound above is the same argument with the integer rounding kept, one value shorter. For k = 1
//! (subtraction games) it is the window argument: t = max S equal values in a row.
//! With n0 = 0 the check is run from 1 and G(p) = G(0) is read off the values.
//!
//! **Unequal and equal splits** (`!`, `?`, `=` on digits leaving at most two heaps). The
//! replacement b -> b - p fails for one option only: n + p split into a and a + p (with
//! n - r = 2a) maps onto the forbidden equal split (a, a) of n. Its value is 0, so the option
//! sets differ at most by 0: G(n + p) = G(n) still holds when G(n) != 0. Call Z(n) "some `!`
//! or `?` digit r has n - r even (and >= 2)" and C(n) "Z(n) implies G(n) != 0". For n >= t + 2,
//! Z(n) depends on the parity of n only; with q = p if p is even or the digits r cover both
//! parities, else q = 2p, Z(n) = Z(n - q) and G(n) = G(n - q), so C propagates from a window of
//! q values. The certificate checks C on [max(n0, t + 2), M), M = max(N, max(n0, t + 2) + q).
//! Equal splits (`=`) give the option 0 to n exactly when n - r is even: n and n + p agree when p
//! is even or the `=` digits cover both parities; otherwise the period is only observed.
//!
//! **All-but games** (one heap; digits 1..=e leave at most one heap, then every larger amount may
//! be taken, tail `[3]`). For n > e the options of n are every m <= n - e - 1 and the n - k for
//! the digits k <= e that leave a heap, so G(n) = mex(F(n) U N(n)), F(n) = {G(m) : m <= n-e-1}.
//! Let s > 0, n0 >= 0, n1 >= max(n0, 1) + e, and A = {G(m) : m < n0 + p}. If
//! G(n + p) = G(n) + s for n0 <= n < n1 and
//! (a) every value below s is in A,
//! (b) every value of G(0..n0) that is not among G(n0..=n1-e-1) has its w + s in A,
//! (c) G(n) + s > max A for n1 <= n < n1 + p,
//! then G(n + p) = G(n) + s for every n >= n0. *Proof*, by induction on n >= n1. Write
//! F(n) = A0 U B0 (values before n0, values from n0 to n - e - 1), X = B0 U N(n) and
//! mu = G(n) = mex(A0 U X). Shifting by p: N(n + p) = N(n) + s and F(n + p) = A U (B0 + s), so
//! G(n + p) = mex(A U (X + s)). Below s every value is in A (a). For s <= v < mu + s, w = v - s
//! is in A0 U X: in X gives v in X + s; in A0 but not X (so not in B0, which holds G(n0..=n1-e-1))
//! gives v in A by (b). And mu + s is neither in X + s (mu is not in X) nor in A (c, carried
//! forward: G(n) = G(n - p) + s grows). So G(n + p) = mu + s. (This project's own proof;
//! reported as "all-but saltus test".)
//!
//! **Everything else is "observed"**: codes with other repeating tails, open-ended
//! heap counts, size conditions on three or more heaps, and every arithmetic periodicity
//! (G(n + p) = G(n) + s) outside the all-but family above. An observed period needs L >= 2 n0 + 3 p values. Grundy's game shows no
//! period at all. The divisive named rules (`multi-sg`, `hdu6892`) and the Fibonacci subtraction
//! rule fall under no period theorem; `split-nim` and `hdu6892` have proved closed forms.
//!
//! **Finding the period in O(L).** The smallest period of every suffix of the values comes from
//! one prefix function over the reversed values (a string and its reverse have the same periods).
//! A certificate (n0, p) needs the suffix from n0 to have period p; the suffix's smallest period
//! p* <= p also certifies when p does (the bounds grow with p), so only the pairs
//! (s, p*(suffix from s)) are candidates: the least p, then the least s, is returned. It is the
//! true least period and, for codes without size conditions, the true least n0: a smaller true
//! period would be a period of the proved suffix. With `!`, `?` or `=` digits the split-parity
//! condition may fail for an earlier start that is nevertheless the true n0: then the n0 given is
//! proved, but may not be the least.

use super::code::{Code, Equality};
use super::rule::Rule;
use super::table::{Table, suffix_periods};

/// How a period is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// A theorem's conditions were checked on the values up to `checked_to`.
    Proved {
        /// The theorem's name as printed.
        theorem: String,
        /// The largest n whose value the check read.
        checked_to: u64,
    },
    /// Seen in the values, not proved.
    Observed {
        /// Why it is not proved.
        why: String,
    },
}

/// What the values say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// G(n + period) = G(n) + saltus for every n >= n0 (saltus 0: plain periodicity).
    Periodic {
        /// The first n from which the relation holds.
        n0: u64,
        /// The period.
        period: u64,
        /// The saltus (0 for plain periodicity).
        saltus: u64,
        /// Proved or observed.
        proof: Proof,
    },
    /// A named rule with a proved closed form (no table needed for any n).
    ClosedForm {
        /// The formula and its source.
        what: &'static str,
    },
    /// No period theorem applies to this rule.
    NoTheorem {
        /// Why.
        why: &'static str,
    },
    /// None found in these values.
    NotFound,
}

impl Verdict {
    /// Is it a proof (of a period or a closed form)?
    pub fn is_proved(&self) -> bool {
        matches!(
            self,
            Verdict::Periodic { proof: Proof::Proved { .. }, .. } | Verdict::ClosedForm { .. }
        )
    }
}

/// The shape a Guy-Smith proof needs from a code: `None` where it does not apply.
struct Shape {
    /// Largest number of heaps a move leaves.
    k: u64,
    /// Largest number of tokens a move removes.
    t: u64,
    /// Parities of the digits with an unequal 2-split (`!`, `?`): bit 0 even, bit 1 odd.
    unequal: u8,
    /// Parities of the digits with an equal 2-split (`=`).
    equal: u8,
}

fn shape(code: &Code) -> Result<Shape, String> {
    if !code.tail.is_empty() {
        return Err("the code repeats forever (no largest removal t)".to_string());
    }
    let (mut k, mut unequal, mut equal) = (1u64, 0u8, 0u8);
    for (r, d) in code.digits.iter().enumerate() {
        if d.at_least.is_some() {
            return Err("a digit leaves any number of heaps".to_string());
        }
        let most = (64 - d.heaps.leading_zeros() as u64).saturating_sub(1);
        k = k.max(most);
        if d.equality != Equality::Any {
            if most > 2 {
                return Err("a size condition on three or more heaps".to_string());
            }
            if d.heaps >> 2 & 1 == 1 {
                let bit = 1 << (r % 2);
                if d.equality == Equality::AllEqual { equal |= bit } else { unequal |= bit }
            }
        }
    }
    Ok(Shape { k, t: code.digits.len() as u64 - 1, unequal, equal })
}

/// The largest n whose value the Guy-Smith check of (n0, p) reads, for moves that remove at
/// most `t` tokens and leave at most `k` heaps: the check is G(n + p) = G(n) for
/// max(n0, 1) <= n < N, N = max(k max(n0, 1) + (k - 1) p + t - k + 1, max(n0, 1)), so it reads
/// G up to N - 1 + p. The one statement of the bound (the fast engine's detector calls it too).
///
/// ```
/// assert_eq!(games::sg::certificate::guy_smith_last(2, 71, 12, 2), 166); // Kayles
/// ```
pub fn guy_smith_last(k: u64, n0: u64, p: u64, t: u64) -> u64 {
    let n0e = n0.max(1);
    let start = (k * n0e + (k - 1) * p + t + 1).saturating_sub(k).max(n0e);
    start + p - 1
}

/// The range [from, to) on which the split-parity condition C(n) ("Z(n) implies G(n) != 0",
/// see the module doc) is checked, for digits with an unequal 2-split of parities `unequal`
/// (bit 0: an even digit, bit 1: an odd one); `None` when there are none.
pub fn split_parity_range(unequal: u8, k: u64, n0: u64, p: u64, t: u64) -> Option<(u64, u64)> {
    if unequal == 0 {
        return None;
    }
    let start = guy_smith_last(k, n0, p, t) + 1 - p;
    let q = if p.is_multiple_of(2) || unequal == 3 { p } else { 2 * p };
    let from = n0.max(1).max(t + 2);
    Some((from, start.max(from + q)))
}

/// The largest n the whole check of (n0, p) reads: [`guy_smith_last`], extended by the
/// split-parity range when some digit has an unequal split.
pub fn certificate_last(k: u64, unequal: u8, n0: u64, p: u64, t: u64) -> u64 {
    let last = guy_smith_last(k, n0, p, t);
    match split_parity_range(unequal, k, n0, p, t) {
        Some((_, to)) => last.max(to - 1),
        None => last,
    }
}

/// The first m in [from, to) where the split-parity condition fails: some unequal-split digit r
/// (parity bit in `unequal`) has m - r even and >= 2 while G(m) = 0. `None`: it holds.
pub fn split_parity_failure<T: Into<u32>>(
    unequal: u8,
    t: u64,
    (from, to): (u64, u64),
    g: impl Fn(u64) -> T,
) -> Option<u64> {
    (from..to).find(|&m| {
        let z = (0..=t)
            .any(|r| (unequal >> ((r % 2) as u8)) & 1 == 1 && m >= r + 2 && (m - r) % 2 == 0);
        z && g(m).into() == 0
    })
}

/// Checks the Guy-Smith conditions for (n0, p) against the values: `Ok(checked_to)`,
/// `Err(None)` when more values are needed, `Err(Some(why))` when it cannot be proved.
fn guy_smith<V: Table + ?Sized>(
    sh: &Shape,
    values: &V,
    n0: u64,
    p: u64,
) -> Result<u64, Option<String>> {
    let l = values.len() as u64;
    let (k, t) = (sh.k, sh.t);
    // Induction start N; the check covers max(n0, 1) <= n < N, reading values up to N - 1 + p.
    let start = guy_smith_last(k, n0, p, t) + 1 - p;
    if sh.equal != 0 && p % 2 == 1 && sh.equal != 3 {
        return Err(Some("an equal split ('=') with an odd period".to_string()));
    }
    let c_range = split_parity_range(sh.unequal, k, n0, p, t);
    let need = certificate_last(k, sh.unequal, n0, p, t) + 1; // number of values read
    if l < need {
        return Err(None);
    }
    // The periodicity itself on the checked range (the caller's suffix argument covers it, but
    // a certificate checks its own conditions).
    for n in n0..start {
        if values.at(n as usize) != values.at((n + p) as usize) {
            return Err(Some(format!("G({n}) != G({})", n + p)));
        }
    }
    if let Some(range) = c_range
        && let Some(m) = split_parity_failure(sh.unequal, t, range, |m| values.at(m as usize))
    {
        return Err(Some(format!(
            "G({m}) = 0 while {m} has an unequal split whose shifted copy is an equal split"
        )));
    }
    Ok(need - 1)
}

/// The printed name of the theorem that proves a period of `code` (when one can).
pub fn theorem_name(code: &Code) -> Option<String> {
    let sh = shape(code).ok()?;
    Some(theorem_of(&sh))
}

fn theorem_of(sh: &Shape) -> String {
    if sh.unequal != 0 || sh.equal != 0 {
        "Guy-Smith with the split-parity condition".to_string()
    } else if sh.k == 1 {
        "subtraction window".to_string()
    } else if sh.k == 2 {
        "Guy-Smith".to_string()
    } else {
        format!("Guy-Smith, {}-heap form", sh.k)
    }
}

/// Finds the least (p, then n0) among the suffix candidates accepted by `accept(s, p)`.
fn least_candidate(
    periods: &[u32],
    mut accept: impl FnMut(u64, u64) -> bool,
) -> Option<(u64, u64)> {
    let l = periods.len() - 1;
    let mut best: Option<(u64, u64)> = None;
    for (s, &p) in periods[..l].iter().enumerate() {
        let p = p as u64;
        if best.is_some_and(|(_, bp)| p >= bp) {
            continue;
        }
        if accept(s as u64, p) {
            best = Some((s as u64, p));
        }
    }
    best
}

/// The first differences G(n + 1) - G(n).
fn differences<V: Table + ?Sized>(values: &V) -> Vec<i64> {
    (1..values.len()).map(|i| values.at(i) as i64 - values.at(i - 1) as i64).collect()
}

/// An observed (not proved) period or arithmetic period: needs L >= 2 n0 + 3 p.
fn observed<V: Table + ?Sized>(values: &V, why: &str) -> Option<Verdict> {
    let l = values.len() as u64;
    let fits = |s: u64, p: u64| p >= 1 && l >= 2 * s + 3 * p;
    if let Some((n0, p)) = least_candidate(&values.suffix_periods()?, fits) {
        return Some(Verdict::Periodic {
            n0,
            period: p,
            saltus: 0,
            proof: Proof::Observed { why: why.to_string() },
        });
    }
    // Arithmetic periodicity: the first differences are periodic.
    if values.len() < 2 {
        return None;
    }
    let diffs = differences(values);
    let (n0, p) = least_candidate(&suffix_periods(&diffs)?, |s, p| p >= 1 && l >= 2 * s + 3 * p)?;
    let saltus = values.at((n0 + p) as usize) as i64 - values.at(n0 as usize) as i64;
    if saltus <= 0 {
        return None;
    }
    Some(Verdict::Periodic {
        n0,
        period: p,
        saltus: saltus as u64,
        proof: Proof::Observed {
            why: "no theorem for arithmetic periodicity is checked here".to_string(),
        },
    })
}

/// The verdict on `values` = G(0..L) of `rule`: the certificate entry point.
///
/// ```
/// use games::sg::{certificate::{certify, Proof, Verdict}, rule::Rule, values::grundy_values};
/// let kayles = Rule::parse("0.77").unwrap();
/// let v = grundy_values(&kayles, 200).unwrap();
/// match certify(&kayles, &v) {
///     Verdict::Periodic { n0, period, saltus: 0, proof: Proof::Proved { checked_to, .. } } => {
///         assert_eq!((n0, period, checked_to), (71, 12, 166));
///     }
///     other => panic!("{other:?}"),
/// }
/// ```
pub fn certify<V: Table + ?Sized>(rule: &Rule, values: &V) -> Verdict {
    match rule {
        Rule::SplitNim => {
            return Verdict::ClosedForm {
                what: "G(n) is the (n-1)-th odious number for n >= 1 (proved: theory::split)",
            };
        }
        Rule::Lunch => {
            return Verdict::ClosedForm {
                what: "divisive rule, no period theorem applies; G(n) = Omega(odd part of n) + [n even] (proved: theory::lunch)",
            };
        }
        Rule::MultiSg(_) => {
            return Verdict::NoTheorem {
                why: "divisive rule (the options of n depend on n / M): no period theorem applies",
            };
        }
        Rule::Fibonacci => {
            return Verdict::NoTheorem {
                why: "infinite subtraction set (the Fibonacci amounts): no period theorem applies",
            };
        }
        _ => {}
    }
    if let Some(c) = super::closed::closed_form(rule) {
        return closed_verdict(&c, values.len() as u64);
    }
    let sh = match rule_shape(rule) {
        Some(Ok(sh)) => sh,
        Some(Err(why)) => {
            if let Some(e) = all_but_excluded(rule)
                && let Some(v) = all_but_proof(e, values)
            {
                return v;
            }
            return observed(values, &why).unwrap_or(Verdict::NotFound);
        }
        None => return Verdict::NotFound,
    };
    let Some(periods) = values.suffix_periods() else { return Verdict::NotFound };
    let mut refusal = None;
    let found = least_candidate(&periods, |s, p| match guy_smith(&sh, values, s, p) {
        Ok(_) => true,
        Err(None) => false,
        Err(Some(why)) => {
            refusal.get_or_insert((s, p, why));
            false
        }
    });
    if let Some((n0, p)) = found {
        let checked_to = guy_smith(&sh, values, n0, p).unwrap_or(0);
        let theorem = theorem_of(&sh);
        return Verdict::Periodic {
            n0,
            period: p,
            saltus: 0,
            proof: Proof::Proved { theorem, checked_to },
        };
    }
    if let Some((_, _, why)) = refusal {
        return observed(values, &why).unwrap_or(Verdict::NotFound);
    }
    match observed(values, "too few values for the Guy-Smith check yet") {
        Some(v @ Verdict::Periodic { saltus: 0, .. }) => v,
        // A saltus seen in the values (hexadecimal codes such as `0.3F` have one): no theorem
        // of ours covers it here, so it is observed.
        Some(v) => v,
        None => Verdict::NotFound,
    }
}

/// The saltus theorem for one-heap all-but games (see the module doc): codes whose digits
/// 1..=e leave at most one heap and whose tail is `[3]` (take any larger amount, whole heap
/// included). Finds the least (p, then n0) arithmetic period of the values and checks (a), (b),
/// (c) for the least n1 >= max(n0, 1) + e that satisfies them.
fn all_but_proof<V: Table + ?Sized>(e: u64, values: &V) -> Option<Verdict> {
    let l = values.len() as u64;
    if l < 2 {
        return None;
    }
    let diffs = differences(values);
    let periods = suffix_periods(&diffs)?;
    let g = |n: u64| values.at(n as usize) as u64;
    // Every value is at most `top` (the marks below are indexed by value).
    let top = (0..values.len()).map(|i| values.at(i) as usize).max().unwrap_or(0);
    let mut best: Option<(u64, u64, u64, u64)> = None;
    for (s0, &p) in periods[..diffs.len()].iter().enumerate() {
        let (n0, p) = (s0 as u64, p as u64);
        // Only the least start of each suffix period is tried (it keeps the search linear per
        // candidate); a period not proved from there is left observed.
        if s0 > 0 && periods[s0 - 1] as u64 == p {
            continue;
        }
        if p == 0 || best.is_some_and(|b| p >= b.1) || n0.max(1) + e + p > l {
            continue;
        }
        // The suffix of differences from n0 has period p: G(n + p) - G(n) is constant for
        // n0 <= n < l - p.
        let saltus = g(n0 + p) as i64 - g(n0) as i64;
        if saltus <= 0 {
            continue;
        }
        let saltus = saltus as u64;
        let a_end = n0 + p; // A = the values of G(0..n0+p)
        let mut in_a = vec![false; top + 2];
        for m in 0..a_end {
            in_a[g(m) as usize] = true;
        }
        let a_max = (0..a_end).map(g).max().unwrap_or(0);
        let has_a = |v: u64| v <= top as u64 + 1 && in_a[v as usize];
        // (a) every value below the saltus is in A.
        if !(0..saltus).all(has_a) {
            continue;
        }
        // n1 = first, first + p, ...: each step raises the window's values by s (c) and adds
        // values to G(n0..=n1-e-1) (b).
        let mut n1 = n0.max(1) + e;
        let mut later = vec![false; top + 1];
        let mut marked = n0;
        while n1 + p <= l {
            // (c) G(n) + s > max A on [n1, n1 + p).
            if (n1..n1 + p).all(|n| g(n) + saltus > a_max) {
                // (b) values of G(0..n0) missing from G(n0..=n1-e-1) have their +s in A.
                while marked < n1 - e {
                    later[g(marked) as usize] = true;
                    marked += 1;
                }
                if (0..n0).map(g).all(|w| later[w as usize] || has_a(w + saltus)) {
                    best = Some((n0, p, saltus, n1 + p - 1));
                    break;
                }
            }
            n1 += p;
        }
    }
    let (n0, period, saltus, checked_to) = best?;
    Some(Verdict::Periodic {
        n0,
        period,
        saltus,
        proof: Proof::Proved { theorem: "all-but saltus test".to_string(), checked_to },
    })
}

/// Checks one candidate (n0, p) for a code (no search, no allocation): `Ok(checked_to)` when
/// the Guy-Smith conditions (with the split-parity condition where it applies) hold on
/// `values`, `Err(None)` when more values are needed, `Err(Some(why))` when the candidate fails
/// or no Guy-Smith form applies. For an engine that proposes its own candidate on very long runs.
///
/// ```
/// use games::sg::{certificate::check_period, rule::Rule, values::grundy_values};
/// let kayles = Rule::parse("0.77").unwrap();
/// let v = grundy_values(&kayles, 166).unwrap();
/// assert_eq!(check_period(&kayles, &v, 71, 12), Ok(166));
/// assert_eq!(check_period(&kayles, &v[..166], 71, 12), Err(None));
/// assert!(matches!(check_period(&kayles, &v, 70, 12), Err(Some(_))));
/// ```
pub fn check_period<V: Table + ?Sized>(
    rule: &Rule,
    values: &V,
    n0: u64,
    p: u64,
) -> Result<u64, Option<String>> {
    let code = rule.code().ok_or_else(|| Some("not a take-and-break code".to_string()))?;
    let sh = shape(&code).map_err(Some)?;
    if p == 0 {
        return Err(Some("the period must be positive".to_string()));
    }
    guy_smith(&sh, values, n0, p)
}

/// One heap, digits leaving at most one heap, tail `[3]`: the all-but saltus test applies.
fn all_but_family(code: &Code) -> bool {
    if code.digits.is_empty() {
        return false;
    }
    let three = super::code::Digit { heaps: 0b11, at_least: None, equality: Equality::Any };
    code.tail == [three]
        && code.digits[0] == super::code::Digit::ZERO
        && code.digits.iter().all(|d| d.heaps & !0b11 == 0 && d.at_least.is_none())
}

/// Can a period of this rule ever be proved here (a finite code with bounded heap counts, or
/// an all-but game)? Named rules have no period to prove.
pub fn provable(rule: &Rule) -> bool {
    super::closed::closed_form(rule).is_some()
        || matches!(rule_shape(rule), Some(Ok(_)))
        || all_but_excluded(rule).is_some()
}

/// Can an arithmetic period (saltus > 0) of this rule be proved here (the all-but games)?
pub fn saltus_provable(rule: &Rule) -> bool {
    all_but_excluded(rule).is_some()
}

/// The Guy-Smith shape of a rule: codes, and subtraction sets kept as ranges (one heap, t the
/// largest amount); `Some(Err)` when no Guy-Smith form applies, `None` for rules that are not
/// take-and-break games.
fn rule_shape(rule: &Rule) -> Option<Result<Shape, String>> {
    match rule {
        Rule::SubRanges(r) => Some(match r.last() {
            Some(&(_, t)) if t != u64::MAX => Ok(Shape { k: 1, t, unequal: 0, equal: 0 }),
            _ => Err("the set is open-ended".to_string()),
        }),
        Rule::AllButRanges(_) => Some(Err("every large amount may be taken".to_string())),
        _ => rule.code().map(|c| shape(&c)),
    }
}

/// The largest excluded amount e of an all-but game (the all-but saltus test's e), when the
/// rule is one.
fn all_but_excluded(rule: &Rule) -> Option<u64> {
    match rule {
        Rule::AllButRanges(r) => Some(r.last().map_or(0, |x| x.1)),
        _ => rule.code().filter(all_but_family).map(|c| c.digits.len() as u64 - 1),
    }
}

/// The largest amount a finite subtraction rule (or code) removes, `None` when unbounded or not
/// such a rule: a pattern seen before that many values says nothing about later heaps.
pub fn largest_removal(rule: &Rule) -> Option<u64> {
    if let Some(r) = rule.amount_ranges() {
        return r.last().map(|x| x.1).filter(|&t| t != u64::MAX);
    }
    rule.code().filter(|c| c.tail.is_empty()).map(|c| c.digits.len() as u64 - 1)
}

/// The verdict of a closed form when `len` values are at hand: a proved period from n0 = 0 when
/// they hold one whole period (so that [`value_at`] reads it), else the closed form itself.
fn closed_verdict(c: &super::closed::ClosedForm, len: u64) -> Verdict {
    let p = c.period();
    if len >= p {
        Verdict::Periodic {
            n0: 0,
            period: p,
            saltus: 0,
            proof: Proof::Proved { theorem: c.theorem(), checked_to: p - 1 },
        }
    } else {
        Verdict::ClosedForm { what: c.what() }
    }
}

/// G(n) after a verdict, for any n: `None` when the verdict does not determine it (no proof
/// and n beyond the values).
pub fn value_at<V: Table + ?Sized>(verdict: &Verdict, values: &V, n: u64) -> Option<u128> {
    if (n as u128) < values.len() as u128 {
        return Some(values.at(n as usize) as u128);
    }
    match verdict {
        Verdict::Periodic { n0, period, saltus, proof: Proof::Proved { .. } } => {
            let q = (n - n0) / period;
            let r = (n - n0) % period;
            Some(values.at((n0 + r) as usize) as u128 + q as u128 * *saltus as u128)
        }
        _ => None,
    }
}

/// G(n) of `multi-sg:F` for one large n, over the chain of heaps it really depends on: the
/// quotients n div M and their successors, recursively. The chain is collected first (an
/// explicit stack and a set, no recursion), then evaluated once each in increasing order into a
/// memo map (every dependency of x is at most x / 2 + 1 < x). Heaps up to 2^20 are read from a
/// table built by the divisor sweep. `None` if collecting the chain visits more than `budget`
/// quotient blocks (the evaluation costs the same again).
pub fn multi_sg_at(f: u64, n: u64, budget: u64) -> Option<u16> {
    multi_sg_chain(f, n, budget, 1 << 20).ok().flatten()
}

/// [`multi_sg_at`] with memory taken fallibly: `Err` with the bytes that could not be had
/// (the chain of a huge n outgrows memory long before the budget of blocks is spent).
pub fn multi_sg_try(f: u64, n: u64, budget: u64) -> Result<Option<u16>, crate::error::AllocError> {
    multi_sg_chain(f, n, budget, 1 << 20)
}

/// [`multi_sg_at`] with the table's top as a parameter (the tests make it small).
fn multi_sg_chain(
    f: u64,
    n: u64,
    budget: u64,
    table_top: u64,
) -> Result<Option<u16>, crate::error::AllocError> {
    let table_top = n.min(table_top);
    let table = crate::theory::multi_sg::grundy_table(f, table_top as usize);
    if n <= table_top {
        return Ok(Some(table[n as usize]));
    }
    if n < f {
        return Ok(Some(0)); // below the threshold: no move
    }
    // The heap n alone has about 2 sqrt(n) blocks: past the budget, say so before any work.
    if 2 * n.isqrt() > budget {
        return Ok(None);
    }
    match quotient_chain(f, n, budget, table_top)? {
        Some(chain) => chain_values(f, n, chain, &table),
        None => Ok(None),
    }
}

/// The refusal of the quotient chain's memory.
fn chain_refused(bytes: usize) -> crate::error::AllocError {
    crate::error::AllocError { bytes, what: "the quotient chain of multi-sg" }
}

/// The blocks of M with the same quotient q = x div M: M in [m, x / q], as `visit(m, hi, q)`.
/// `visit` returns false to stop early (the budget is spent inside one heap's blocks: the
/// heap 10^18 alone has 2 * 10^9 of them).
fn quotient_blocks(x: u64, visit: &mut dyn FnMut(u64, u64, u64) -> bool) {
    let mut m = 2u64;
    while m <= x {
        let q = x / m;
        let hi = x / q;
        if !visit(m, hi, q) {
            return;
        }
        m = hi + 1;
    }
}

/// Every heap above the table whose value G(n) needs (the quotients q and q + 1 of its
/// blocks, and theirs), or `None` past `budget` blocks.
fn quotient_chain(
    f: u64,
    n: u64,
    budget: u64,
    table_top: u64,
) -> Result<Option<std::collections::HashSet<u64>>, crate::error::AllocError> {
    let mut chain = std::collections::HashSet::new();
    let mut stack = vec![n];
    let mut visited = 0u64;
    while let Some(x) = stack.pop() {
        if x <= table_top || x < f || chain.contains(&x) {
            continue;
        }
        if chain.len() == chain.capacity() {
            let more = chain.len().max(64);
            chain.try_reserve(more).map_err(|_| chain_refused(more * 16))?;
        }
        chain.insert(x);
        let mut pushed = Ok(());
        quotient_blocks(x, &mut |_, _, q| {
            visited += 1;
            if pushed.is_ok() && stack.len() + 2 > stack.capacity() {
                let more = stack.len().max(64);
                pushed = stack.try_reserve(more).map_err(|_| chain_refused(more * 8));
            }
            if pushed.is_ok() {
                for y in [q, q + 1] {
                    if y > table_top && !chain.contains(&y) {
                        stack.push(y);
                    }
                }
            }
            pushed.is_ok() && visited <= budget
        });
        pushed?;
        if visited > budget {
            return Ok(None);
        }
    }
    Ok(Some(chain))
}

/// The values of the chain's heaps from the smallest up (each the mex over its blocks, read
/// from `table` below its top), and G(n).
fn chain_values(
    f: u64,
    n: u64,
    chain: std::collections::HashSet<u64>,
    table: &[u16],
) -> Result<Option<u16>, crate::error::AllocError> {
    let table_top = table.len() as u64 - 1;
    let mut order: Vec<u64> = Vec::new();
    order.try_reserve_exact(chain.len()).map_err(|_| chain_refused(chain.len() * 8))?;
    order.extend(chain);
    order.sort_unstable();
    let mut memo: std::collections::HashMap<u64, u16> = std::collections::HashMap::new();
    memo.try_reserve(order.len()).map_err(|_| chain_refused(order.len() * 16))?;
    for &x in &order {
        let get = |y: u64| -> u16 {
            if y <= table_top {
                table[y as usize]
            } else if y < f {
                0
            } else {
                memo[&y]
            }
        };
        let mut seen = [false; 257];
        quotient_blocks(x, &mut |m, hi, q| {
            let (gq, gq1) = (get(q), get(q + 1));
            // Two consecutive M of a block give every value the block gives.
            for mm in m..=hi.min(m + 1) {
                let r = x - q * mm;
                let v = if r % 2 == 1 { gq1 } else { 0 } ^ if (mm - r) % 2 == 1 { gq } else { 0 };
                if (v as usize) < seen.len() {
                    seen[v as usize] = true;
                }
            }
            true
        });
        let mex = seen.iter().position(|&s| !s).unwrap_or(256) as u16;
        memo.insert(x, mex);
    }
    Ok(memo.get(&n).copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sg::values::grundy_values;

    fn verdict(rule: &str, upto: u64) -> Verdict {
        let r = Rule::parse(rule).unwrap();
        certify(&r, &grundy_values(&r, upto).unwrap())
    }

    #[test]
    fn suffix_periods_are_right() {
        let v = [1, 2, 3, 1, 2, 3, 1, 2];
        let p = suffix_periods(&v).unwrap();
        assert_eq!(p, vec![3, 3, 3, 3, 3, 3, 2, 1, 0]);
    }

    #[test]
    fn multi_sg_chain_matches_the_table() {
        for f in [1, 2, 5, 40] {
            let t = crate::theory::multi_sg::grundy_table(f, 5000);
            for n in (0..=5000u64).step_by(37).chain([4999, 5000]) {
                assert_eq!(
                    multi_sg_chain(f, n, u64::MAX, 16),
                    Ok(Some(t[n as usize])),
                    "F = {f}, n = {n}"
                );
                assert_eq!(multi_sg_at(f, n, u64::MAX), Some(t[n as usize]));
            }
        }
        assert_eq!(multi_sg_chain(1, 5000, 10, 16), Ok(None));
        // A budget spent inside one heap's blocks stops there (10^9 has 63,245 blocks, 5 * 10^8 another 44,721; the
        // budget 10^5 used to be checked only after all of them were pushed).
        assert_eq!(multi_sg_chain(3, 1_000_000_000, 100_000, 16), Ok(None));
        assert_eq!(multi_sg_try(3, 1_000_000_000_000_000_000, 100_000_000), Ok(None));
    }

    #[test]
    fn known_periods() {
        let p = |v: Verdict| match v {
            Verdict::Periodic { n0, period, saltus, proof } => {
                (n0, period, saltus, matches!(proof, Proof::Proved { .. }))
            }
            other => panic!("{other:?}"),
        };
        assert_eq!(p(verdict("0.77", 300)), (71, 12, 0, true));
        assert_eq!(p(verdict("0.07", 300)), (53, 34, 0, true));
        assert_eq!(p(verdict("sub:1,3,4", 100)).1, 7);
        assert_eq!(p(verdict("sub:2,3,7", 100)).1, 5);
    }
}
