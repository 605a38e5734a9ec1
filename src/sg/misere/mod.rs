//! Misère play of heap games: the player who makes the last move loses.
//!
//! A position is a sum of heaps of one rule (`games sg`'s rule language). In misère play the
//! Grundy value of each heap no longer decides a sum; this module gives three exact answers:
//!
//! - [`search`]: the outcome of one sum by exhaustive, memoised search over multisets of heaps
//!   (the definition: a position is P iff it has a move and every move leads to an N-position;
//!   the empty sum, with no move, is N), under a budget of positions;
//! - [`genus`]: Conway's genus of each heap (ONAG, ch. 12): g⁺ (normal Grundy value) and the
//!   sequence γ_k = g⁻(G + k·*2), with tameness and the misère-Nim rule for tame sums;
//! - [`quotient`] and [`verify`]: the misère quotient of the heaps 0..=N (Plambeck, INTEGERS 5
//!   (2005) G05; Plambeck–Siegel, JCTA 115 (2008)), found heap by heap and proved by a finite
//!   check; [`certificate`] writes it to a file and replays that proof.
//!
//! Everything here is I/O-free; heaps that have no move are the zero game and are dropped from
//! every multiset (a heap with no move changes no sum).

pub mod certificate;
pub mod genus;
pub mod json;
pub mod presentation;
pub mod quotient;
pub mod report;
pub mod search;
pub mod verify;

use super::moves;
use super::rule::Rule;

/// The largest heap the misère tools take (their work grows fast with the heap).
pub const MAX_HEAP: u32 = 400;

/// The options of every heap 0..=n, as multisets (sorted heap sizes, heaps without a move
/// dropped), and a weight per heap that every move strictly lowers (the sum of the weights of
/// the heaps left is below the weight of the heap moved in).
#[derive(Debug, Clone)]
pub struct Heaps {
    /// `options[h]`: the distinct options of a heap of h.
    pub options: Vec<Vec<Vec<u32>>>,
    /// `weight[h]`: 0 for a heap without a move, else 1 + the largest weight of an option.
    pub weight: Vec<u64>,
}

impl Heaps {
    /// The options of heaps 0..=n under `rule`, or why not: a heap beyond [`MAX_HEAP`], or a
    /// rule whose moves may leave four heaps or more (the listing would be too long).
    pub fn new(rule: &Rule, n: u32) -> Result<Heaps, String> {
        if n > MAX_HEAP {
            return Err(format!("misère play takes heaps up to {MAX_HEAP}, not {n}"));
        }
        if let Some(code) = rule.code() {
            let wide = |d: &super::code::Digit| d.at_least.is_some() || d.heaps >> 4 != 0;
            if code.digits.iter().chain(code.tail.iter()).any(wide) {
                return Err("misère play takes rules whose moves leave at most three heaps".into());
            }
        }
        let mut heaps = Heaps { options: Vec::new(), weight: Vec::new() };
        for h in 0..=n {
            let mut list: Vec<Vec<u32>> = Vec::new();
            for option in moves::options(rule, u64::from(h)) {
                if option.iter().any(|&x| x >= u64::from(h) && x != 0) {
                    return Err(format!("rule {rule}: a move from {h} leaves a heap as large"));
                }
                let mut o: Vec<u32> =
                    option.iter().map(|&x| x as u32).filter(|&x| heaps.moves(x)).collect();
                o.sort_unstable();
                list.push(o);
            }
            list.sort();
            list.dedup();
            let w = list
                .iter()
                .map(|o| {
                    o.iter().map(|&x| heaps.weight[x as usize]).fold(0u64, u64::saturating_add)
                })
                .max()
                .map_or(0, |m| m.saturating_add(1));
            heaps.options.push(list);
            heaps.weight.push(w);
        }
        Ok(heaps)
    }

    /// The largest heap listed.
    pub fn top(&self) -> u32 {
        self.options.len() as u32 - 1
    }

    /// Whether a heap of h has a move.
    pub fn moves(&self, h: u32) -> bool {
        self.options.get(h as usize).is_some_and(|o| !o.is_empty())
    }
}

/// The outcome of a misère sum, and on what it rests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Basis {
    /// The misère quotient of heaps 0..=N, proved by its finite check.
    Quotient(u32),
    /// Conway's misère-Nim rule: every heap of the sum is tame (checked up to heap N).
    Tame(u32),
    /// Exhaustive search: the positions examined.
    Search(u64),
}

/// The outcome of a misère sum of heaps by exhaustive search, `None` when more than `budget`
/// positions would be needed (the library entry point for other tools, such as `explore`).
///
/// ```
/// use games::sg::{misere::sum_outcome, rule::Rule};
/// let kayles = Rule::parse("0.77").unwrap();
/// // `Some(true)`: a P-position (the player to move loses). One heap of 1: the mover must take
/// // the last token.
/// assert_eq!(sum_outcome(&kayles, &[1], 1000), Some(true));
/// assert_eq!(sum_outcome(&kayles, &[1, 1], 1000), Some(false));
/// ```
pub fn sum_outcome(rule: &Rule, heaps: &[u64], budget: u64) -> Option<bool> {
    let top = heaps.iter().copied().max().unwrap_or(0);
    let table = Heaps::new(rule, u32::try_from(top).ok()?).ok()?;
    let mut s = search::Search::new(&table, budget);
    let pos: Vec<u32> = heaps.iter().map(|&h| h as u32).collect();
    s.p_position(&pos).ok()
}

/// A cheap hash for the engine's own keys (element numbers and bit sets, not adversarial: a
/// bad case costs only time, and every loop is bounded by a work budget).
#[derive(Default)]
pub struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut b = [0u8; 8];
            b.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(b));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// A hash map keyed with [`Fx`].
pub type FxMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<Fx>>;
