//! Take-and-break codes as data: what a move on one heap may do, digit by digit.
//!
//! Digit `k` of a code governs the moves that remove `k` tokens from one heap (`k = 0`: the heap
//! is split without taking anything, the digit before the point in `4.07`). Its bit `j` allows
//! the move to leave exactly `j` nonempty heaps, from the tokens that remain (Winning Ways,
//! chapter 4; CGSuite's `TakeAndBreak`). An octal digit (0..7) leaves at most two heaps; a
//! hexadecimal one up to three. The parser that reads the written notation lives in `rule.rs`.

/// A condition on the sizes of the heaps a move leaves, beyond their number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Equality {
    /// No condition.
    Any,
    /// `!`: the heaps left are pairwise unequal.
    Unequal,
    /// `?`: the heaps left are not all equal.
    NotAllEqual,
    /// `=`: the heaps left are all equal.
    AllEqual,
}

/// One digit: the moves that remove a fixed number of tokens from one heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digit {
    /// Bit `j` set: the move may leave exactly `j` nonempty heaps (`j < 64`).
    pub heaps: u64,
    /// `Some(j)`: the move may also leave any number `>= j` of nonempty heaps (`{j+}`).
    pub at_least: Option<u32>,
    /// The condition on the sizes left.
    pub equality: Equality,
}

impl Digit {
    /// The digit that allows nothing.
    pub const ZERO: Digit = Digit { heaps: 0, at_least: None, equality: Equality::Any };
}

/// A take-and-break code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Code {
    /// Digits `0, 1, 2, ...` as written (index = tokens removed).
    pub digits: Vec<Digit>,
    /// Repeated forever after `digits` (`0.[3]` is Nim); empty: every later digit is zero.
    pub tail: Vec<Digit>,
}

impl Code {
    /// Digit `k`: the moves that remove `k` tokens.
    pub fn digit(&self, k: usize) -> Digit {
        if k < self.digits.len() {
            self.digits[k]
        } else if self.tail.is_empty() {
            Digit::ZERO
        } else {
            self.tail[(k - self.digits.len()) % self.tail.len()]
        }
    }
}
