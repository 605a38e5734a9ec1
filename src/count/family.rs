//! `games count --game same:K:J|moore:K:M --box SPEC [--sum-at-most S]`: how many positions of
//! a box of heap sizes are P-positions of a built-in k-heap take game (normal play), and how
//! many are not, optionally only those whose heaps sum to at most S.
//!
//! The outcomes come from the bitset retrograde of [`crate::theory::take_same`] over the hull
//! (every position from 0 to the box's upper ends, within the limits of
//! [`crate::explore::families::take_hull`]); a row of the hull (the last heap varying) holds
//! at most one P-position, so the count reads each row's few set bits; the positions of the
//! box within the sum bound are counted row by row too.

use crate::explore::families::{self, Family};
use crate::explore::space::Space;
use crate::theory::take_same::{self, TakeGame};

/// The counts: P-positions, and all positions of the box within the sum bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyCount {
    pub p: u128,
    pub total: u128,
}

impl FamilyCount {
    /// The N-positions.
    pub fn n(&self) -> u128 {
        self.total - self.p
    }
}

/// The take game named `name` (`same:K:J` or `moore:K:M`), or why not.
pub fn take_game(name: &str) -> Result<TakeGame, String> {
    match families::parse(name) {
        Some(Ok(Family::Take(_, g))) => Ok(g),
        Some(Ok(_)) => Err(format!(
            "game '{name}': counting knows the k-heap take games same:K:J and moore:K:M"
        )),
        Some(Err(e)) => Err(e),
        None => Err(format!("game '{name}': not same:K:J or moore:K:M")),
    }
}

/// Counts the P-positions of `game` in `space` (the heaps summing to at most `sum_at_most`
/// when given).
///
/// ```
/// use games::count::family::{p_positions, take_game};
/// use games::explore::space::Space;
/// // Wythoff's game on 0..=10 x 0..=10: (0,0), (1,2), (2,1), (3,5), (5,3), (4,7), (7,4),
/// // (6,10), (10,6).
/// let wythoff = take_game("same:2:2").unwrap();
/// let c = p_positions(&wythoff, &Space::parse("0..10^2").unwrap(), None).unwrap();
/// assert_eq!((c.p, c.total), (9, 121));
/// let c = p_positions(&wythoff, &Space::parse("0..10^2").unwrap(), Some(8)).unwrap();
/// assert_eq!((c.p, c.total), (5, 45));
/// ```
pub fn p_positions(
    game: &TakeGame,
    space: &Space,
    sum_at_most: Option<u64>,
) -> Result<FamilyCount, String> {
    if space.arity() != game.heaps {
        return Err(format!(
            "the game has {} heaps; the box {} has {}",
            game.heaps,
            space.spec(),
            space.arity()
        ));
    }
    let dims = families::take_hull(game, space)?;
    let outcomes = take_same::outcomes(game, &dims, false).map_err(|e| e.to_string())?;
    let k = game.heaps;
    let bound = sum_at_most.unwrap_or(u64::MAX);
    let mut head = vec![0u64; k - 1];
    let rows = dims[..k - 1].iter().product::<usize>();
    let (lo, hi) = (space.lo[k - 1], space.hi[k - 1]);
    let mut count = FamilyCount { p: 0, total: 0 };
    for row in 0..rows {
        let in_box = head.iter().enumerate().all(|(i, &h)| h >= space.lo[i]);
        let head_sum = head.iter().fold(0u64, |s, &h| s.saturating_add(h));
        if in_box && head_sum <= bound {
            // The last heap from lo to the box's end or the rest of the sum bound.
            let top = hi.min(bound - head_sum);
            if top >= lo {
                count.total += u128::from(top - lo + 1);
                count.p += p_in_row(outcomes.row(row), lo, top);
            }
        }
        next_head(&mut head, &dims[..k - 1]);
    }
    Ok(count)
}

/// The set bits of a row at heaps `lo..=top`.
fn p_in_row(words: &[u64], lo: u64, top: u64) -> u128 {
    let mut count = 0;
    for (w, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let c = (w * 64) as u64 + u64::from(bits.trailing_zeros());
            bits &= bits - 1;
            count += u128::from(lo <= c && c <= top);
        }
    }
    count
}

/// The next row's heaps (all but the last), in row-major order.
fn next_head(head: &mut [u64], dims: &[usize]) {
    for i in (0..head.len()).rev() {
        head[i] += 1;
        if head[i] < dims[i] as u64 {
            return;
        }
        head[i] = 0;
    }
}
