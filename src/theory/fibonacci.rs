//! Fibonacci numbers, Zeckendorf representations, and Fibonacci Nim.
//!
//! Here the Fibonacci numbers are the distinct ones, `F_1 = 1, F_2 = 2, F_{i+1} = F_i + F_{i-1}`:
//! 1, 2, 3, 5, 8, 13, ... ([`FIB`] holds all 92 of them below 2^64, built at compile time with
//! `checked_add`, so the table provably stops before an overflow).
//!
//! **Zeckendorf's theorem** (E. Zeckendorf, Bull. Soc. Roy. Sci. Liège 41, 1972; C. G.
//! Lekkerkerker 1952): every positive integer is, in exactly one way, a sum of Fibonacci numbers
//! no two of which are consecutive in the sequence. The greedy choice (take the largest `F_i <=
//! n`, repeat on `n - F_i < F_{i-1}`) finds it. Write `z(n)` for its smallest term.
//!
//! **Fibonacci Nim** (R. E. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1(4), 1963): one pile
//! of `n` stones; the first move takes any number but not all; afterwards a move takes between 1
//! and twice the previous move; whoever takes the last stone wins. The first player loses exactly
//! when `n` is a Fibonacci number. More generally, with `n >= 1` stones and a move limit `L >= 1`
//! the player to move wins exactly when `L >= z(n)` ([`mover_wins`]):
//!
//! - If `L >= z(n)`, take `z(n)`. Either that was the last stone, or the rest `n - z(n)` has a
//!   Zeckendorf representation whose terms all have index at least two above that of `z(n)`,
//!   so `z(n - z(n)) >= F_{j+2} = F_{j+1} + F_j > 2 F_j = 2 z(n)`, the opponent's new limit.
//! - If `L < z(n) = F_j`, every move takes some `1 <= t < F_j` (never the last stone), and
//!   `z(n - t) <= 2t` (lemma below), so the opponent is left with limit `2t >= z(n - t)`.
//!
//! Lemma: for `1 <= t < F_j`, `z(F_j - t) <= 2t`, and hence `z(n - t) <= 2t` whenever
//! `z(n) = F_j` (the other terms of `n` have index `>= j + 2`, and the representation of
//! `F_j - t < F_j` only uses indices `< j`, so together they are the representation of `n - t`).
//! By induction on `j`: `j = 2` gives `t = 1`, `z(1) = 1 <= 2`. For `j >= 3`: if `t = F_{j-2}`,
//! `F_j - t = F_{j-1} <= 2 F_{j-2}`; if `t < F_{j-2}`, `F_j - t = F_{j-1} + (F_{j-2} - t)` is
//! already in Zeckendorf form and by induction `z(F_{j-2} - t) <= 2t`; if `t > F_{j-2}`, then
//! `z(F_j - t) <= F_j - t < F_{j-1} <= 2 F_{j-2} < 2t`.
//!
//! The opening allows any `1 <= t <= n - 1`, i.e. `L = n - 1`, and `n - 1 >= z(n)` fails exactly
//! when `z(n) = n`, i.e. when `n` is a Fibonacci number.

/// How many distinct Fibonacci numbers (1, 2, 3, 5, ...) are below 2^64.
pub const FIB_COUNT: usize = fib_count();

/// All distinct Fibonacci numbers 1, 2, 3, 5, 8, ... that fit in a `u64`, increasing.
///
/// ```
/// use games::theory::fibonacci::FIB;
/// assert_eq!(&FIB[..6], &[1, 2, 3, 5, 8, 13]);
/// assert_eq!(FIB.len(), 92);
/// assert_eq!(*FIB.last().unwrap(), 12_200_160_415_121_876_738);
/// assert!(FIB.last().unwrap().checked_add(FIB[FIB.len() - 2]).is_none());
/// ```
pub const FIB: [u64; FIB_COUNT] = fib_table();

const fn fib_count() -> usize {
    let (mut a, mut b, mut count) = (1u64, 2u64, 1usize);
    loop {
        count += 1;
        match a.checked_add(b) {
            Some(c) => {
                a = b;
                b = c;
            }
            None => return count,
        }
    }
}

const fn fib_table() -> [u64; FIB_COUNT] {
    let mut t = [0u64; FIB_COUNT];
    t[0] = 1;
    t[1] = 2;
    let mut i = 2;
    while i < FIB_COUNT {
        t[i] = match t[i - 1].checked_add(t[i - 2]) {
            Some(v) => v,
            None => panic!("FIB_COUNT counted one too many"),
        };
        i += 1;
    }
    t
}

/// How many of the Fibonacci numbers 1, 2, 3, 5, ... are at most `x`.
///
/// ```
/// use games::theory::fibonacci::fib_at_most;
/// assert_eq!(fib_at_most(0), 0);
/// assert_eq!(fib_at_most(4), 3);
/// assert_eq!(fib_at_most(5), 4);
/// assert_eq!(fib_at_most(u64::MAX), 92);
/// ```
#[inline]
pub fn fib_at_most(x: u64) -> usize {
    FIB.partition_point(|&f| f <= x)
}

/// The Fibonacci numbers of each bit length: `BY_BITS[b]` holds those `f` with
/// `64 - f.leading_zeros() == b`, padded with 0. There are at most two per length, because
/// `F_{i+2} = F_{i+1} + F_i > 2 F_i`: three would span more than a factor of two.
const BY_BITS: [[u64; 2]; 65] = by_bits();

const fn by_bits() -> [[u64; 2]; 65] {
    let mut t = [[0u64; 2]; 65];
    let mut i = 0;
    while i < FIB_COUNT {
        let bits = (64 - FIB[i].leading_zeros()) as usize;
        if t[bits][0] == 0 {
            t[bits][0] = FIB[i];
        } else if t[bits][1] == 0 {
            t[bits][1] = FIB[i];
        } else {
            panic!("three Fibonacci numbers of one bit length");
        }
        i += 1;
    }
    t
}

/// Is `n` one of 1, 2, 3, 5, 8, ...? Two comparisons against the Fibonacci numbers of the same
/// bit length.
///
/// ```
/// use games::theory::fibonacci::is_fibonacci;
/// assert!(is_fibonacci(13) && is_fibonacci(1) && !is_fibonacci(0) && !is_fibonacci(4));
/// assert!(is_fibonacci(12_200_160_415_121_876_738) && !is_fibonacci(u64::MAX));
/// ```
#[inline]
pub fn is_fibonacci(n: u64) -> bool {
    let [f, g] = BY_BITS[(64 - n.leading_zeros()) as usize];
    // `&` and `|`, not `&&` and `||`: a random n is a Fibonacci number unpredictably often,
    // and a branch on it mispredicts (hdu2516's judge input: 20% of the solver's time).
    (n != 0) & ((n == f) | (n == g))
}

/// The Zeckendorf representation of `n`: indices into [`FIB`], decreasing, no two adjacent.
/// Empty for `n = 0`.
///
/// ```
/// use games::theory::fibonacci::{zeckendorf, FIB};
/// // 100 = 89 + 8 + 3
/// let z = zeckendorf(100);
/// assert_eq!(z.iter().map(|&i| FIB[i]).collect::<Vec<_>>(), vec![89, 8, 3]);
/// ```
pub fn zeckendorf(mut n: u64) -> Vec<usize> {
    let mut terms = Vec::new();
    while n > 0 {
        let i = fib_at_most(n) - 1;
        terms.push(i);
        n -= FIB[i];
    }
    terms
}

/// `z(n)`: the smallest term of the Zeckendorf representation of `n >= 1` (0 for `n = 0`).
///
/// ```
/// use games::theory::fibonacci::smallest_zeckendorf_term;
/// assert_eq!(smallest_zeckendorf_term(100), 3);
/// assert_eq!(smallest_zeckendorf_term(89), 89);
/// assert_eq!(smallest_zeckendorf_term(12), 1); // 12 = 8 + 3 + 1
/// ```
pub fn smallest_zeckendorf_term(mut n: u64) -> u64 {
    let mut last = 0;
    while n > 0 {
        last = FIB[fib_at_most(n) - 1];
        n -= last;
    }
    last
}

/// Fibonacci Nim in mid-game: with `stones >= 1` left and the mover allowed to take
/// `1..=limit` (`limit >= 1`), does the player to move win? Exactly when `limit >= z(stones)`.
///
/// ```
/// use games::theory::fibonacci::mover_wins;
/// assert!(mover_wins(4, 1));   // take 1, leaving 3 with limit 2
/// assert!(!mover_wins(3, 2));  // z(3) = 3 > 2
/// ```
pub fn mover_wins(stones: u64, limit: u64) -> bool {
    limit >= smallest_zeckendorf_term(stones)
}

/// The whole game from the start (`n >= 2`, the first move takes `1..=n-1`): does the second
/// player win? Exactly when `n` is a Fibonacci number.
///
/// ```
/// use games::theory::fibonacci::second_player_wins;
/// assert!(second_player_wins(2) && second_player_wins(13));
/// assert!(!second_player_wins(10_000));
/// ```
#[inline]
pub fn second_player_wins(n: u64) -> bool {
    is_fibonacci(n)
}
