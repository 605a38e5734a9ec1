//! Every-SG games, and the Euclid game's step function (HDU 3595 "GG and MM").
//!
//! In an *Every-SG* game, a sum of finite impartial games, the player to move must move in
//! EVERY component that is not finished; the player who cannot move at all (every component
//! finished) loses.
//!
//! **Step function** (Jia Zhihao, Chinese IOI national team paper, 2009). In one component,
//! the player who can win it wants it to last as long as possible, the other as briefly as
//! possible:
//! step(v) = 0 if v is finished; 1 + max step(u) over the options u that are P-positions, if v
//! is an N-position; 1 + min step(u) over all options u, if v is a P-position.
//! By induction step(v) is odd exactly when v is an N-position (a finished component is P with
//! step 0; an N-position adds 1 to the step of a P option; a P-position adds 1 to the step of
//! an N option).
//!
//! **Theorem.** The player to move wins the Every-SG sum exactly when T, the largest step over
//! the components, is odd.
//!
//! *Proof* (induction on the length of play). If T = 0 every component is finished and the
//! mover loses. If T is odd, the mover moves in each component of odd step s to a P option of
//! step s - 1 (the max in the definition), and in each unfinished component of even step s to
//! an option of step s - 1 (the min). The components of step T now have step T - 1 and all the
//! others at most T - 2, so the new maximum is T - 1, even: a loss for the opponent. If T >= 2
//! is even, whatever the mover does, a component of step T (a P-position) goes to an N option,
//! of odd step at least T - 1 (T - 1 is the min); a new even step can only come from an N
//! component of step s <= T - 1 moving to a P option, whose step is at most s - 1 <= T - 2, or
//! not at all (P components only have N options). So the new maximum is odd: a win for the
//! opponent.
//!
//! **The Euclid game.** Two piles (a, b); a move takes a pile of x >= 1 stones and removes a
//! positive multiple of x from the other pile; a component is finished when a pile is empty.
//! With a <= b, b = q a + r (0 <= r < a), the options are (a, b - k a) for 1 <= k <= q.
//! See [`euclid_step`] for the step of every position, in O(log) exact integer steps.

/// Outcome and step of one component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Does the player to move win this component alone (an N-position)?
    pub wins: bool,
    /// The Every-SG step (number of moves under the optimal long/short play).
    pub step: u32,
}

/// Does the player to move win an Every-SG sum whose largest step is `max_step`?
///
/// ```
/// use games::theory::every_sg::first_player_wins;
/// assert!(!first_player_wins(0));
/// assert!(first_player_wins(3));
/// ```
#[inline]
pub fn first_player_wins(max_step: u32) -> bool {
    max_step % 2 == 1
}

/// Outcome and Every-SG step of the Euclid-game position (p, q).
///
/// With a = min(p, q), b = max(p, q), b = q a + r:
/// - a = 0: finished, a P-position, step 0.
/// - r = 0: take all of b (k = q) to finish: the only P option is the finished game, so it is
///   an N-position of step 1 (every other option (a, j a), j >= 1, is an N-position).
/// - r > 0 and q = 1: the only option is (r, a): the outcome flips and step = 1 + step(r, a).
/// - r > 0 and q >= 2: the options include (r, a) and (a, a + r), whose only option is (r, a);
///   exactly one of the two is a P-position, and every option (a, j a + r) with j >= 2 is an
///   N-position (by this very rule). So the position is N and its only P option is (r, a) if
///   that is P (step 1 + step(r, a)), else (a, a + r) (step 2 + step(r, a)).
///
/// The rule is folded from the last division of Euclid's algorithm back to the first; a pair
/// below 2^64 takes at most 92 divisions, so their kinds fit in one u128.
///
/// ```
/// use games::theory::every_sg::{euclid_step, Step};
/// assert_eq!(euclid_step(0, 7), Step { wins: false, step: 0 });
/// assert_eq!(euclid_step(3, 3), Step { wins: true, step: 1 });
/// assert_eq!(euclid_step(2, 3), Step { wins: false, step: 2 }); // (2,3) -> (1,2) -> (1,0)
/// assert_eq!(euclid_step(2, 5), Step { wins: true, step: 3 });  // keep it long: (2,3)
/// ```
pub fn euclid_step(p: u64, q: u64) -> Step {
    let (mut a, mut b) = if p <= q { (p, q) } else { (q, p) };
    if a == 0 {
        return Step { wins: false, step: 0 };
    }
    // Bit i set: the i-th division had quotient >= 2. The last division has remainder 0.
    let mut big: u128 = 0;
    let mut divisions = 0u32;
    loop {
        let (quot, rem) = (b / a, b % a);
        if rem == 0 {
            break;
        }
        big |= ((quot >= 2) as u128) << divisions;
        divisions += 1;
        (a, b) = (rem, a);
    }
    // Without branches (the kinds are unpredictable): a big quotient gives (N, step + 1 + [N]),
    // a quotient of 1 gives (not wins, step + 1).
    let (mut wins, mut step) = (true, 1u32);
    for i in (0..divisions).rev() {
        let is_big = (big >> i) & 1 == 1;
        step += 1 + (is_big & wins) as u32;
        wins = is_big | !wins;
    }
    Step { wins, step }
}

/// [`euclid_step`] of `W` pairs at once, with the `W` division chains interleaved: a
/// division's latency (not the divider's throughput) bounds one chain, so independent chains
/// side by side finish in about the time of the longest. A finished chain divides `1 / 1` until
/// the others are done; its result is folded as in [`euclid_step`].
///
/// ```
/// use games::theory::every_sg::{euclid_step, euclid_steps};
/// let pairs = [(2, 5), (0, 7), (3, 3), (12345, 678910)];
/// assert_eq!(euclid_steps(pairs), pairs.map(|(p, q)| euclid_step(p, q)));
/// ```
pub fn euclid_steps<const W: usize>(pairs: [(u64, u64); W]) -> [Step; W] {
    let mut a = [0u64; W];
    let mut b = [0u64; W];
    let mut live = [false; W];
    for k in 0..W {
        let (p, q) = pairs[k];
        (a[k], b[k]) = if p <= q { (p, q) } else { (q, p) };
        live[k] = a[k] != 0;
        if !live[k] {
            (a[k], b[k]) = (1, 1);
        }
    }
    let mut big = [0u128; W];
    let mut divisions = [0u32; W];
    while live.iter().any(|&l| l) {
        for k in 0..W {
            let (quot, rem) = (b[k] / a[k], b[k] % a[k]);
            if !live[k] {
                continue;
            }
            if rem == 0 {
                live[k] = false;
                (a[k], b[k]) = (1, 1);
                continue;
            }
            big[k] |= ((quot >= 2) as u128) << divisions[k];
            divisions[k] += 1;
            (a[k], b[k]) = (rem, a[k]);
        }
    }
    std::array::from_fn(|k| {
        if pairs[k].0.min(pairs[k].1) == 0 {
            return Step { wins: false, step: 0 };
        }
        let (mut wins, mut step) = (true, 1u32);
        for i in (0..divisions[k]).rev() {
            let is_big = (big[k] >> i) & 1 == 1;
            step += 1 + (is_big & wins) as u32;
            wins = is_big | !wins;
        }
        Step { wins, step }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interleaved_chains_agree_with_one_at_a_time() {
        let mut rng = crate::rng::Rng::new(31);
        let pick = |rng: &mut crate::rng::Rng| match rng.below(5) {
            0 => 0,
            1 => rng.below(20),
            2 => rng.below(1001),
            3 => u64::MAX >> rng.below(64),
            _ => rng.next_u64() >> rng.below(2),
        };
        for _ in 0..20_000 {
            let four: [(u64, u64); 4] = std::array::from_fn(|_| (pick(&mut rng), pick(&mut rng)));
            assert_eq!(euclid_steps(four), four.map(|(p, q)| euclid_step(p, q)), "{four:?}");
            let three = [four[0], four[1], (four[2].0, four[2].0)];
            assert_eq!(euclid_steps(three), three.map(|(p, q)| euclid_step(p, q)), "{three:?}");
        }
        // Consecutive Fibonacci numbers: the longest chain below 2^64 (92 divisions).
        let (mut f, mut g) = (1u64, 2u64);
        while let Some(h) = f.checked_add(g) {
            (f, g) = (g, h);
        }
        let pairs = [(f, g), (1, 1), (0, 0), (g, f)];
        assert_eq!(euclid_steps(pairs), pairs.map(|(p, q)| euclid_step(p, q)));
    }
}
