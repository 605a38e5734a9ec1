//! The outcome of a misère sum of heaps by exhaustive search: a position (a multiset of heaps,
//! each with a move) is P iff it is not empty and every option is N; the empty sum is N (the
//! player to move cannot, so the opponent made the last move and lost). Memoised on the sorted
//! multiset, walked with an explicit stack (no recursion), under a budget of positions. A
//! watcher ([`Search::watched`]), asked every [`WATCH_EVERY`] positions decided, may stop it
//! (an interrupt): the positions decided so far are kept in the memo.

use super::Heaps;
use std::collections::HashMap;

/// A memoised misère search over sums of the heaps of one table.
pub struct Search<'a> {
    heaps: &'a Heaps,
    memo: HashMap<Vec<u32>, bool>,
    budget: u64,
    watch: Option<&'a dyn Fn(u64) -> bool>,
}

/// How often the watcher is asked: every this many positions decided.
pub const WATCH_EVERY: u64 = 1 << 14;

/// Why a search ended without its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The budget ran out: more positions than allowed would be needed (or a heap above the
    /// table's top was asked).
    OverBudget,
    /// The watcher asked it to stop (a signal).
    Interrupted,
}

/// One position on the stack: the multiset, the heap being moved in and the option reached.
struct Frame {
    pos: Vec<u32>,
    heap: usize,
    option: usize,
}

impl<'a> Search<'a> {
    /// A search over `heaps` that examines at most `budget` positions.
    pub fn new(heaps: &'a Heaps, budget: u64) -> Search<'a> {
        Search { heaps, memo: HashMap::new(), budget, watch: None }
    }

    /// This search, asking `watch(positions decided)` every [`WATCH_EVERY`] positions; `true`
    /// stops it with [`Stopped::Interrupted`].
    pub fn watched(mut self, watch: Option<&'a dyn Fn(u64) -> bool>) -> Search<'a> {
        self.watch = watch;
        self
    }

    /// A search that starts from the outcomes `memo` holds (kept from an earlier search over
    /// the same heaps by [`Search::into_memo`]); `budget` bounds the memo's size.
    pub fn with_memo(heaps: &'a Heaps, memo: HashMap<Vec<u32>, bool>, budget: u64) -> Search<'a> {
        Search { heaps, memo, budget, watch: None }
    }

    /// The outcomes decided so far (multisets of heaps with a move, sorted -> P?).
    pub fn into_memo(self) -> HashMap<Vec<u32>, bool> {
        self.memo
    }

    /// Positions examined so far.
    pub fn examined(&self) -> u64 {
        self.memo.len() as u64
    }

    /// The option of `pos` reached by moving heap index `i` to its option `j`.
    fn child(&self, pos: &[u32], i: usize, j: usize) -> Vec<u32> {
        let h = pos[i] as usize;
        let mut out = Vec::with_capacity(pos.len() + 2);
        out.extend_from_slice(&pos[..i]);
        out.extend_from_slice(&pos[i + 1..]);
        out.extend_from_slice(&self.heaps.options[h][j]);
        out.sort_unstable();
        out
    }

    /// The next (heap index, option index) of a frame, skipping repeated heaps.
    fn next_move(&self, f: &mut Frame) -> Option<(usize, usize)> {
        while f.heap < f.pos.len() {
            let h = f.pos[f.heap] as usize;
            if f.heap > 0 && f.pos[f.heap - 1] == f.pos[f.heap] {
                f.heap += 1;
                continue;
            }
            if f.option < self.heaps.options[h].len() {
                f.option += 1;
                return Some((f.heap, f.option - 1));
            }
            f.heap += 1;
            f.option = 0;
        }
        None
    }

    /// Whether the sum `heaps` (any order; heaps above the table's top are refused by
    /// [`Stopped::OverBudget`]) is a misère P-position.
    pub fn p_position(&mut self, heaps: &[u32]) -> Result<bool, Stopped> {
        let mut pos: Vec<u32> = Vec::with_capacity(heaps.len());
        for &h in heaps {
            if h > self.heaps.top() {
                return Err(Stopped::OverBudget);
            }
            if self.heaps.moves(h) {
                pos.push(h);
            }
        }
        pos.sort_unstable();
        if let Some(&p) = self.memo.get(&pos) {
            return Ok(p);
        }
        let mut stack = vec![Frame { pos, heap: 0, option: 0 }];
        // The outcome of the frame just finished, for its parent.
        let mut last: Option<bool> = None;
        while let Some(top) = stack.last_mut() {
            if last == Some(true) {
                // A move to a P-position: this one is N.
                let f = stack.pop().map(|f| f.pos).unwrap_or_default();
                self.insert(f, false)?;
                last = Some(false);
                continue;
            }
            last = None;
            let mut top_frame =
                std::mem::replace(top, Frame { pos: Vec::new(), heap: 0, option: 0 });
            let step = self.next_move(&mut top_frame);
            match step {
                None => {
                    let p = !top_frame.pos.is_empty();
                    self.insert(top_frame.pos, p)?;
                    stack.pop();
                    last = Some(p);
                }
                Some((i, j)) => {
                    let c = self.child(&top_frame.pos, i, j);
                    if let Some(top) = stack.last_mut() {
                        *top = top_frame;
                    }
                    match self.memo.get(&c) {
                        Some(&p) => last = Some(p),
                        None => stack.push(Frame { pos: c, heap: 0, option: 0 }),
                    }
                }
            }
        }
        let key: Vec<u32> = {
            let mut k: Vec<u32> = heaps.iter().copied().filter(|&h| self.heaps.moves(h)).collect();
            k.sort_unstable();
            k
        };
        Ok(self.memo.get(&key).copied().unwrap_or(false))
    }

    fn insert(&mut self, pos: Vec<u32>, p: bool) -> Result<(), Stopped> {
        let n = self.memo.len() as u64;
        if n >= self.budget {
            return Err(Stopped::OverBudget);
        }
        if n % WATCH_EVERY == WATCH_EVERY - 1 && self.watch.is_some_and(|w| w(n + 1)) {
            return Err(Stopped::Interrupted);
        }
        self.memo.insert(pos, p);
        Ok(())
    }
}
