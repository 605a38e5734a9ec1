//! The values of `games explore --partizan`, with numbers on a fast path: a value is a number
//! held in machine words ([`Small`], `n / 2^e`), or a canonical form of
//! [`crate::theory::canonical`]. When every option of a position is a number and every Left
//! option is below every Right option, the position is the simplest number strictly between
//! (the simplicity theorem: Conway, *On Numbers and Games*, Theorem 11; Siegel, *Combinatorial
//! Game Theory*, Theorem II.3.7; see [`Dyadic::simplest_between`]), computed here without
//! building or comparing forms; sums of numbers are sums of dyadic rationals. Only a position
//! with a non-number option, or with a Left option at least a Right option, goes to the
//! canonical-form store, and a form that turns out to be a number comes back as a [`Small`].
//! Numbers too large for machine words are kept exactly as numbers of the store. So a table
//! whose values are all numbers never touches the store and takes memory in proportion to its
//! positions.
//!
//! ```
//! use games::explore::partizan_num::{Small, Val, Values};
//! let mut v = Values::new(1000);
//! let (one, half) = (Val::Num(Small::int(1)), Val::Num(Small::new(1, 1).unwrap()));
//! // {0 | 1} = 1/2, {1 | 0} is a switch, {1/2 | } = 1
//! let zero = Val::Num(Small::int(0));
//! let x = v.form(&[zero], &[one]).unwrap();
//! assert_eq!(v.show(x).unwrap(), "1/2");
//! let switch = v.form(&[one], &[zero]).unwrap();
//! assert_eq!(v.show(switch).unwrap(), "{1|0}");
//! let y = v.form(&[half], &[]).unwrap();
//! assert_eq!(v.show(y).unwrap(), "1");
//! ```

use crate::theory::canonical::{GameId, Games, Outcome, OverBudget};
use crate::theory::dyadic::Dyadic;
use std::cmp::Ordering;

/// The largest numerator magnitude and exponent a [`Small`] holds, so that aligning two of them
/// and adding stays within an `i128`.
const LIMIT: i128 = 1 << 62;
const MAX_EXP: u32 = 62;

/// The number `n / 2^e`, normalized (`e == 0` or `n` odd), `|n| < 2^62`, `e <= 62`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Small {
    n: i64,
    e: u32,
}

impl Small {
    /// The integer `n`.
    pub fn int(n: i32) -> Small {
        Small { n: n as i64, e: 0 }
    }

    /// `n / 2^e`, normalized; `None` when it does not fit.
    pub fn new(n: i128, e: u32) -> Option<Small> {
        let (mut n, mut e) = (n, e);
        if n == 0 {
            return Some(Small { n: 0, e: 0 });
        }
        let shift = n.trailing_zeros().min(e);
        n >>= shift;
        e -= shift;
        (n.abs() < LIMIT && e <= MAX_EXP).then_some(Small { n: n as i64, e })
    }

    /// The sum, `None` when it does not fit.
    pub fn plus(self, o: Small) -> Option<Small> {
        if self.e == 0 && o.e == 0 {
            // Integers: both below 2^62 in size, so the sum cannot overflow.
            let n = self.n + o.n;
            return (n.unsigned_abs() < LIMIT as u64).then_some(Small { n, e: 0 });
        }
        let e = self.e.max(o.e);
        Small::new(((self.n as i128) << (e - self.e)) + ((o.n as i128) << (e - o.e)), e)
    }

    /// -1, 0 or 1.
    pub fn signum(self) -> i32 {
        self.n.signum() as i32
    }

    /// As an exact [`Dyadic`].
    pub fn to_dyadic(self) -> Dyadic {
        Dyadic::from_ratio(self.n, self.e as u64)
    }

    /// From a [`Dyadic`], when it fits.
    pub fn from_dyadic(x: &Dyadic) -> Option<Small> {
        let e = u32::try_from(x.exponent()).ok()?;
        let n = x.numerator().to_i64()?;
        Small::new(n as i128, e)
    }

    /// The exponent `e` of `n / 2^e`.
    pub fn exponent(self) -> u32 {
        self.e
    }

    /// `self * 2^e` for an `e >= self.exponent()`: an integer (`|n| < 2^62`, `e <= 62`, so it
    /// fits an `i128`).
    pub fn scaled(self, e: u32) -> i128 {
        (self.n as i128) << e.saturating_sub(self.e)
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.e == 0
    }

    /// The simplest number strictly between `lo` and `hi` (a missing bound is no bound);
    /// `None` for an empty interval. The integer cases are computed here; the others (rare:
    /// both bounds in one unit interval) by [`Dyadic::simplest_between`]; the answer as a
    /// [`Small`] when it fits, else as a [`Dyadic`].
    pub fn simplest_between(lo: Option<Small>, hi: Option<Small>) -> Option<Result<Small, Dyadic>> {
        if let (Some(l), Some(h)) = (lo, hi)
            && l >= h
        {
            return None;
        }
        let above_lo = lo.is_none_or(|l| l.n < 0);
        let below_hi = hi.is_none_or(|h| h.n > 0);
        if above_lo && below_hi {
            return Some(Ok(Small::int(0)));
        }
        let candidate = if !above_lo {
            lo.map(|l| (l.n >> l.e) as i128 + 1) // the least integer above lo >= 0
        } else {
            hi.map(|h| -((-(h.n as i128)) >> h.e) - 1) // the greatest integer below hi <= 0
        };
        if let Some(c) = candidate.and_then(|c| Small::new(c, 0))
            && lo.is_none_or(|l| l < c)
            && hi.is_none_or(|h| c < h)
        {
            return Some(Ok(c));
        }
        let x = Dyadic::simplest_between(
            lo.map(Small::to_dyadic).as_ref(),
            hi.map(Small::to_dyadic).as_ref(),
        )?;
        Some(Small::from_dyadic(&x).ok_or(x))
    }
}

impl Ord for Small {
    fn cmp(&self, o: &Self) -> Ordering {
        if self.e == o.e {
            return self.n.cmp(&o.n);
        }
        let e = self.e.max(o.e);
        ((self.n as i128) << (e - self.e)).cmp(&((o.n as i128) << (e - o.e)))
    }
}

impl PartialOrd for Small {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl std::fmt::Display for Small {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.e == 0 {
            write!(f, "{}", self.n)
        } else {
            write!(f, "{}/{}", self.n, 1u64 << self.e)
        }
    }
}

/// A value: a number in machine words, or a canonical form of the store (any other game, or a
/// number too large for a [`Small`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Val {
    Num(Small),
    Form(GameId),
}

/// The store of canonical forms behind the values, and the arithmetic of values.
pub struct Values {
    pub games: Games,
    /// Positions valued on the fast path and through the store (for `GAMES_EXPLORE_TIMING`).
    pub fast: usize,
    pub slow: usize,
}

impl Values {
    /// A store of at most `budget` canonical forms.
    pub fn new(budget: usize) -> Values {
        Values { games: Games::new(budget), fast: 0, slow: 0 }
    }

    /// The value as a form of the store.
    pub fn id(&mut self, v: Val) -> Result<GameId, OverBudget> {
        match v {
            Val::Num(x) => self.games.number(x.to_dyadic()),
            Val::Form(g) => Ok(g),
        }
    }

    /// A form of the store as a value (a number that fits comes back as a [`Small`]).
    fn of_id(&self, g: GameId) -> Val {
        match self.games.as_number(g).and_then(Small::from_dyadic) {
            Some(x) => Val::Num(x),
            None => Val::Form(g),
        }
    }

    /// The number a value is, if it is one that fits machine words.
    pub fn small(&self, v: Val) -> Option<Small> {
        match v {
            Val::Num(x) => Some(x),
            Val::Form(_) => None,
        }
    }

    /// `a + b`.
    pub fn add(&mut self, a: Val, b: Val) -> Result<Val, OverBudget> {
        if let (Val::Num(x), Val::Num(y)) = (a, b)
            && let Some(s) = x.plus(y)
        {
            return Ok(Val::Num(s));
        }
        let (g, h) = (self.id(a)?, self.id(b)?);
        let s = self.games.add(g, h)?;
        Ok(self.of_id(s))
    }

    /// `{left | right}`: the simplest number between when every option is a number and Left's
    /// are below Right's, else the canonical form.
    pub fn form(&mut self, left: &[Val], right: &[Val]) -> Result<Val, OverBudget> {
        if let Some(x) = self.number_form(left, right) {
            self.fast += 1;
            return match x {
                Ok(x) => Ok(Val::Num(x)),
                Err(big) => {
                    let g = self.games.number(big)?;
                    Ok(self.of_id(g))
                }
            };
        }
        self.slow += 1;
        let l: Vec<GameId> = left.iter().map(|&v| self.id(v)).collect::<Result<_, _>>()?;
        let r: Vec<GameId> = right.iter().map(|&v| self.id(v)).collect::<Result<_, _>>()?;
        let g = self.games.form(&l, &r)?;
        Ok(self.of_id(g))
    }

    /// The fast path of [`Values::form`]: `None` when some option is not a [`Small`] or Left
    /// has an option at least one of Right's.
    fn number_form(&self, left: &[Val], right: &[Val]) -> Option<Result<Small, Dyadic>> {
        let mut lo: Option<Small> = None;
        for &v in left {
            let x = self.small(v)?;
            lo = Some(lo.map_or(x, |l| l.max(x)));
        }
        let mut hi: Option<Small> = None;
        for &v in right {
            let x = self.small(v)?;
            hi = Some(hi.map_or(x, |h| h.min(x)));
        }
        Small::simplest_between(lo, hi)
    }

    /// Whether the value is a number.
    pub fn is_number(&self, v: Val) -> bool {
        match v {
            Val::Num(_) => true,
            Val::Form(g) => self.games.as_number(g).is_some(),
        }
    }

    /// The outcome class.
    pub fn outcome(&mut self, v: Val) -> Outcome {
        match v {
            Val::Num(x) => match x.signum() {
                1 => Outcome::L,
                -1 => Outcome::R,
                _ => Outcome::P,
            },
            Val::Form(g) => self.games.outcome(g),
        }
    }

    /// The value in CGSuite's notation.
    pub fn show(&mut self, v: Val) -> Result<String, OverBudget> {
        match v {
            Val::Num(x) => Ok(x.to_string()),
            Val::Form(g) => self.games.show(g),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path against the store on random number forms {L | R}: the same value.
    #[test]
    fn simplest_numbers_agree_with_the_store() {
        let mut rng = crate::rng::Rng::new(35);
        let mut v = Values::new(100_000);
        for _ in 0..20_000 {
            let mut side = |k: u64| -> Vec<Val> {
                (0..rng.below(k))
                    .map(|_| {
                        let n = rng.below(41) as i128 - 20;
                        Val::Num(Small::new(n, rng.below(4) as u32).unwrap_or(Small::int(0)))
                    })
                    .collect()
            };
            let (l, r) = (side(4), side(4));
            let fast = v.form(&l, &r).unwrap();
            let li: Vec<GameId> = l.iter().map(|&x| v.id(x).unwrap()).collect();
            let ri: Vec<GameId> = r.iter().map(|&x| v.id(x).unwrap()).collect();
            let slow = v.games.form(&li, &ri).unwrap();
            assert_eq!(v.id(fast).unwrap(), slow, "{l:?} | {r:?}");
        }
    }

    #[test]
    fn small_arithmetic_and_bounds() {
        let x = Small::new(3, 2).unwrap();
        assert_eq!(x.to_string(), "3/4");
        assert_eq!(x.plus(Small::new(1, 2).unwrap()), Some(Small::int(1)));
        assert_eq!(Small::new(1 << 62, 0), None);
        assert_eq!(Small::new(1, 63), None);
        assert_eq!(Small::new(-6, 2).unwrap().to_string(), "-3/2");
        let big = Small::new((1 << 61) + 1, 0).unwrap();
        assert_eq!(big.plus(big), None);
        let (m, n) = (Small::int(-3), Small::int(-1));
        assert_eq!(Small::simplest_between(Some(m), Some(n)), Some(Ok(Small::int(-2))));
        assert_eq!(Small::simplest_between(Some(n), Some(m)), None);
        assert_eq!(Small::simplest_between(None, Some(n)), Some(Ok(Small::int(-2))));
        let r = Small::simplest_between(Some(Small::int(1)), Some(Small::int(2)));
        assert_eq!(r, Some(Ok(Small::new(3, 1).unwrap())));
    }
}
