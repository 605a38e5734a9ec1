//! Subtraction games: one pile, a move removes exactly s stones for some s in a fixed set S of
//! positive integers; the player with no move loses. A sum of such piles is decided by the XOR
//! of their Sprague-Grundy values (Sprague 1935, Grundy 1939; see Berlekamp, Conway, Guy,
//! *Winning Ways*, vol. 1, ch. 4 "Subtraction games").
//!
//! **Bash game** (S = {1, ..., m}, HDU 1846): the P-positions are exactly the multiples of m+1.
//! From n = q(m+1) every move leaves q(m+1) - t with 1 <= t <= m, not a multiple; from any other
//! n the move t = n mod (m+1) (between 1 and m) leaves a multiple, and 0 is one. For m = 2^64 - 1
//! the modulus 2^64 does not fit a `u64`: then every n < 2^64 is its own remainder, and only
//! n = 0 is a P-position ([`bash_p_position`]). For m = 0 there is no move at all and n mod 1 = 0
//! says so correctly.
//!
//! **General S** (AcWing 893, [`GrundyTable`]): sg(x) = mex{ sg(x - s) : s in S, s <= x }.
//! Three facts make this cheap enough:
//! - *Values are small.* sg(x) is the mex of at most u(x) = #{s in S : s <= x} values, so
//!   sg(x) <= u(x) <= |S|: a `u16` table when at most 65535 moves matter, else `u32`; the mex is
//!   found with a stamp array of |S| + 2 entries (no clearing per position).
//! - *Only moves up to the largest pile H matter*, and the table stops at H: the work is
//!   the sum over x <= H of u(x), at most (H+1)|S| but usually far less.
//! - *The sequence is ultimately periodic, and the period can be seen exactly.* Let m = max S
//!   (over the moves <= H). For x >= m every move is usable, so sg(x) is a function of the
//!   window sg(x-m..x) alone. Hence if two windows of length m agree, sg(c..c+m) = sg(c+p..c+p+m)
//!   with p >= 1, then by induction sg(y) = sg(y+p) for every y >= c (each next value on both
//!   sides is the same function of equal windows). With at most |S|+1 values there are finitely
//!   many windows, so such a repeat always exists (this is the classical periodicity theorem for
//!   finite subtraction games). We look for it with Brent's doubling: a checkpoint c = 1, 2, 4,
//!   ...; the window at c is the pattern, and Knuth-Morris-Pratt matching over the values after
//!   c, fed one by one as they are computed, finds the first t in (c, 2c] whose window equals it
//!   exactly (no hashing, no false positives). When the tail has pre-period y0 and period p,
//!   the first checkpoint c >= max(y0, p) (so c < 2 max(y0, p) + 1) succeeds, by position
//!   c + p + m - 1 <= 3 max(y0, p) + m.
//!   From then on sg(x) = sg(c + (x - c) mod p) for every x, so huge piles cost nothing.
//!
//! What cannot be made cheap is refused, never answered wrongly: [`Budget`] bounds the table
//! length and the total number of move checks (the sum of u(x) over the positions computed);
//! [`GrundyTable::new`] returns [`Exceeded`] when the values have neither covered the largest
//! pile nor turned periodic within it. The table cannot stop before position min(H, m + 1) (the
//! largest pile, or checkpoint 1 with period 1), and the checks up to there are a closed sum:
//! when that alone exceeds the budget the refusal is immediate.

/// Is a Bash-game pile of `n` stones (take 1..=m) a P-position? Exactly when (m+1) divides n.
///
/// ```
/// use games::theory::subtraction::bash_p_position;
/// assert!(!bash_p_position(23, 2)); // HDU 1846's sample: first
/// assert!(bash_p_position(4, 3));   // second
/// assert!(!bash_p_position(u64::MAX, u64::MAX));
/// assert!(bash_p_position(u64::MAX, u64::MAX - 1)); // 2^64 - 1 is a multiple of m + 1
/// assert!(bash_p_position(5, 0)); // no move at all
/// ```
#[inline]
pub fn bash_p_position(n: u64, m: u64) -> bool {
    match m.checked_add(1) {
        Some(modulus) => n.is_multiple_of(modulus),
        None => n == 0, // modulus 2^64 > n
    }
}

/// The least non-negative integer not among `values`.
///
/// ```
/// use games::theory::subtraction::mex;
/// assert_eq!(mex(&[0, 1, 3]), 2);
/// assert_eq!(mex(&[]), 0);
/// ```
pub fn mex(values: &[u32]) -> u32 {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if let Some(slot) = seen.get_mut(v as usize) {
            *slot = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u32
}

/// How much work [`GrundyTable::new`] may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most table entries (positions 0, 1, ...) it may compute.
    pub positions: u64,
    /// The most move checks (one per usable move per position computed) it may make.
    pub move_checks: u64,
}

impl Budget {
    /// What `games set-nim` allows: 5 * 10^7 positions (100 MB as `u16`) and 2 * 10^9 move
    /// checks (about a few seconds).
    pub const DEFAULT: Budget = Budget { positions: 50_000_000, move_checks: 2_000_000_000 };
}

/// Which part of the [`Budget`] ran out first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exceeded {
    Positions,
    MoveChecks,
}

/// A value that fits the table: `u16` or `u32`.
trait Cell: Copy + Eq + Default {
    fn from_index(v: usize) -> Self;
    fn index(self) -> usize;
}

impl Cell for u16 {
    #[inline(always)]
    fn from_index(v: usize) -> Self {
        v as u16
    }
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}

impl Cell for u32 {
    #[inline(always)]
    fn from_index(v: usize) -> Self {
        v as u32
    }
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}

#[derive(Debug, Clone)]
enum Values {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

/// The Sprague-Grundy values of a subtraction game for every pile up to a given largest one:
/// a table, and, when the values were seen to repeat, the period that extends it.
#[derive(Debug, Clone)]
pub struct GrundyTable {
    values: Values,
    /// (c, p): sg(x) = sg(c + (x - c) mod p) for every x >= c.
    period: Option<(u64, u64)>,
    largest: u64,
}

impl GrundyTable {
    /// The values for piles `0..=largest` of the game with these moves (any order; duplicates
    /// and moves larger than `largest` are harmless; a move of 0 is not allowed and is ignored,
    /// as it would make the game endless).
    ///
    /// ```
    /// use games::theory::subtraction::{Budget, GrundyTable};
    /// // AcWing 893's sample: S = {2, 5}, piles 2 4 7.
    /// let t = GrundyTable::new(&[2, 5], 7, Budget::DEFAULT).unwrap();
    /// assert_eq!((0..=7).map(|x| t.grundy(x)).collect::<Vec<_>>(), [0, 0, 1, 1, 0, 2, 1, 0]);
    /// // S = {1, 2}: values 0 1 2 0 1 2 ..., seen periodic long before 10^18.
    /// let t = GrundyTable::new(&[1, 2], 1_000_000_000_000_000_000, Budget::DEFAULT).unwrap();
    /// assert_eq!(t.period(), Some(3));
    /// assert_eq!(t.grundy(1_000_000_000_000_000_000), 1);
    /// ```
    pub fn new(moves: &[u64], largest: u64, budget: Budget) -> Result<GrundyTable, Exceeded> {
        Self::build(moves, largest, budget, false)
    }

    /// [`GrundyTable::new`], with `u32` cells even when `u16` would do if `wide` (for tests: with
    /// the default budget, 65536 usable moves already cost more checks than allowed).
    fn build(moves: &[u64], largest: u64, budget: Budget, wide: bool) -> Result<GrundyTable, Exceeded> {
        let mut relevant: Vec<u64> = moves.iter().copied().filter(|&s| s >= 1 && s <= largest).collect();
        relevant.sort_unstable();
        relevant.dedup();
        let Some(&m) = relevant.last() else {
            // No move is ever usable: every value is 0.
            return Ok(GrundyTable { values: Values::Narrow(vec![0]), period: Some((0, 1)), largest });
        };
        if m >= budget.positions {
            // Even the first window is beyond the table: neither the table nor a period can
            // reach the pile that makes this move usable.
            return Err(Exceeded::Positions);
        }
        // Refuse at once what cannot fit: the table must reach the largest pile or, at the
        // earliest, position m + 1 (checkpoint 1, period 1) before it can stop, and the checks
        // up to there are known in advance.
        let reach = largest.min(m + 1);
        let least: u64 = relevant.iter().map(|&s| (reach + 1).saturating_sub(s)).fold(0, u64::saturating_add);
        if least > budget.move_checks {
            return Err(Exceeded::MoveChecks);
        }
        let relevant: Vec<usize> = relevant.into_iter().map(|s| s as usize).collect();
        let (values, period) = if relevant.len() <= u16::MAX as usize && !wide {
            let (v, p) = compute::<u16>(&relevant, largest, budget)?;
            (Values::Narrow(v), p)
        } else {
            let (v, p) = compute::<u32>(&relevant, largest, budget)?;
            (Values::Wide(v), p)
        };
        Ok(GrundyTable { values, period, largest })
    }

    /// The Sprague-Grundy value of a pile of `x <= largest` stones.
    pub fn grundy(&self, x: u64) -> u32 {
        debug_assert!(x <= self.largest, "pile beyond the table's largest");
        let len = match &self.values {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        } as u64;
        let i = if x < len {
            x
        } else {
            let (c, p) = self.period.expect("a table shorter than its largest pile has a period");
            c + (x - c) % p
        } as usize;
        match &self.values {
            Values::Narrow(v) => u32::from(v[i]),
            Values::Wide(v) => v[i],
        }
    }

    /// The period found, if the values were seen to repeat before the largest pile.
    pub fn period(&self) -> Option<u64> {
        self.period.map(|(_, p)| p)
    }

    /// How many positions were computed.
    pub fn computed(&self) -> usize {
        match &self.values {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }
}

/// Streaming Knuth-Morris-Pratt: the window of length m at checkpoint c is the pattern; the
/// values after c are the text.
struct Detector {
    c: usize,
    fail: Vec<u32>,
    matched: usize,
}

impl Detector {
    /// Pattern `g[c..c+m]` (all computed); then feeds the text `g[c+1..c+m]` already there.
    fn start<T: Cell>(g: &[T], c: usize, m: usize) -> Detector {
        let mut d = Detector { c, fail: vec![0u32; m], matched: 0 };
        d.restart(g, c, m);
        d
    }

    /// The same at a new checkpoint, reusing the failure table's memory.
    fn restart<T: Cell>(&mut self, g: &[T], c: usize, m: usize) {
        let pattern = &g[c..c + m];
        let fail = &mut self.fail;
        let mut k = 0usize;
        for i in 1..m {
            while k > 0 && pattern[i] != pattern[k] {
                k = fail[k - 1] as usize;
            }
            if pattern[i] == pattern[k] {
                k += 1;
            }
            fail[i] = k as u32;
        }
        self.c = c;
        self.matched = 0;
        for i in c + 1..c + m {
            // m - 1 values cannot complete a match of length m.
            self.feed(g, g[i], m);
        }
    }

    /// Feeds one text value; true when the last m text values equal the pattern.
    #[inline]
    fn feed<T: Cell>(&mut self, g: &[T], v: T, m: usize) -> bool {
        let pattern = &g[self.c..self.c + m];
        let mut k = self.matched;
        if k == m {
            k = self.fail[m - 1] as usize;
        }
        while k > 0 && pattern[k] != v {
            k = self.fail[k - 1] as usize;
        }
        if pattern[k] == v {
            k += 1;
        }
        self.matched = k;
        k == m
    }
}

/// The values computed, and the period (c, p) if one was seen.
type Computed<T> = (Vec<T>, Option<(u64, u64)>);

/// The table loop: values for 0..=largest, stopping early at an exact period.
fn compute<T: Cell>(moves: &[usize], largest: u64, budget: Budget) -> Result<Computed<T>, Exceeded> {
    let m = *moves.last().expect("non-empty");
    // The last position we may compute.
    // (Capped below 2^32 - 1 so that the stamps, `u32` positions, never meet their initial value.)
    let last = largest.min(budget.positions - 1).min(u64::from(u32::MAX) - 1) as usize;
    // Windows of length m need m u32s of failure table: only worth it (and affordable) when
    // m is at most a quarter of the position budget.
    let detect = (m as u64) <= budget.positions / 4;
    let mut g: Vec<T> = Vec::with_capacity(last.min(1 << 20) + 1);
    let mut stamp = vec![u32::MAX; moves.len() + 2];
    let mut usable = 0usize;
    let mut checks: u64 = 0;
    let mut detector: Option<Detector> = None;
    for x in 0..=last {
        while usable < moves.len() && moves[usable] <= x {
            usable += 1;
        }
        checks += usable as u64;
        if checks > budget.move_checks {
            return Err(Exceeded::MoveChecks);
        }
        let mark = x as u32;
        for &s in &moves[..usable] {
            stamp[g[x - s].index()] = mark;
        }
        let mut v = 0;
        while stamp[v] == mark {
            v += 1;
        }
        g.push(T::from_index(v));
        if !detect {
            continue;
        }
        match &mut detector {
            None => {
                // First checkpoint c = 1: its window is complete at x = m.
                if x == m {
                    detector = Some(Detector::start(&g, 1, m));
                }
            }
            Some(d) => {
                if d.feed(&g, g[x], m) {
                    let c = d.c;
                    let p = x + 1 - m - c;
                    return Ok((g, Some((c as u64, p as u64))));
                }
                if x == 2 * d.c + m - 1 {
                    // No t in (c, 2c] matched: the next checkpoint is 2c, whose window is
                    // complete right now.
                    let next = 2 * d.c;
                    d.restart(&g, next, m);
                }
            }
        }
    }
    if (last as u64) < largest {
        return Err(Exceeded::Positions);
    }
    Ok((g, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, by brute force: no period, no stamps.
    fn naive(moves: &[u64], n: usize) -> Vec<u32> {
        let mut g = vec![0u32; n + 1];
        for x in 0..=n {
            let opts: Vec<u32> = moves.iter().filter(|&&s| s as usize <= x).map(|&s| g[x - s as usize]).collect();
            g[x] = mex(&opts);
        }
        g
    }

    #[test]
    fn periodic_shortcut_agrees_with_the_definition() {
        let mut rng = crate::rng::Rng::new(893);
        let mut periodic = 0;
        for round in 0..360 {
            let k = rng.range(1, 6) as usize;
            // Mostly small sets; then larger moves with long pre-periods and periods.
            let top = if round < 300 { 25 } else { 400 };
            let moves: Vec<u64> = (0..k).map(|_| rng.range(1, top)).collect();
            let n = if round < 300 { 3000 } else { 40_000 };
            let want = naive(&moves, n);
            let t = GrundyTable::new(&moves, n as u64, Budget::DEFAULT).unwrap();
            periodic += usize::from(t.period().is_some());
            for (x, &w) in want.iter().enumerate() {
                assert_eq!(t.grundy(x as u64), w, "moves {moves:?} x {x}");
            }
        }
        // The shortcut was really taken (and then checked) in most of the games.
        assert!(periodic > 250, "{periodic}");
    }

    #[test]
    fn wide_cells_give_the_same_values() {
        let mut rng = crate::rng::Rng::new(32);
        for _ in 0..50 {
            let moves: Vec<u64> = (0..rng.range(1, 8)).map(|_| rng.range(1, 40)).collect();
            let largest = rng.range(0, 5000);
            let narrow = GrundyTable::new(&moves, largest, Budget::DEFAULT).unwrap();
            let wide = GrundyTable::build(&moves, largest, Budget::DEFAULT, true).unwrap();
            assert!(matches!(wide.values, Values::Wide(_)));
            assert_eq!(narrow.period(), wide.period());
            for x in (0..=largest).chain([largest]) {
                assert_eq!(narrow.grundy(x), wide.grundy(x));
            }
        }
    }

    #[test]
    fn bash_game_is_the_set_one_to_m() {
        for m in 1..12u64 {
            let moves: Vec<u64> = (1..=m).collect();
            let t = GrundyTable::new(&moves, 500, Budget::DEFAULT).unwrap();
            for n in 0..=500 {
                assert_eq!(t.grundy(n) == 0, bash_p_position(n, m), "n {n} m {m}");
            }
        }
    }

    #[test]
    fn budgets_are_enforced() {
        let tight = Budget { positions: 1000, move_checks: 1_000_000 };
        // A single move of 999: the window does not fit a quarter of the positions.
        assert_eq!(GrundyTable::new(&[999], 5000, tight).unwrap_err(), Exceeded::Positions);
        assert_eq!(GrundyTable::new(&[1000], 5000, tight).unwrap_err(), Exceeded::Positions);
        // Within the positions, the checks run out.
        let moves: Vec<u64> = (1..=900).collect();
        let few = Budget { positions: 1000, move_checks: 10_000 };
        assert_eq!(GrundyTable::new(&moves, 999, few).unwrap_err(), Exceeded::MoveChecks);
        // But a periodic game reaches any pile.
        let t = GrundyTable::new(&[3, 7], u64::MAX, tight).unwrap();
        assert!(t.period().is_some());
    }
}
