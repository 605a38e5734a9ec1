//! The finite proof that a commutative monoid Q with a P-portion and a map Φ (heap -> Q) is
//! the misère quotient of the sums of heaps 0..=N.
//!
//! **Theorem** (the outcome check). For a sum G write x(G) = Φ(G) (the product of its heaps'
//! images) and S(G) = {x(G') : G' an option of G}. Then "G is P iff x(G) ∈ P" holds for every
//! sum G iff for every *reachable state* (x(G), S(G)): x ∈ P ⟺ (S ≠ ∅ and S ∩ P = ∅).
//! Proof: by induction on G, its options' outcomes are read off their images. The states are
//! finitely many and closed under adding a heap h with image a and option images T_h:
//! (x, S) -> (x·a, S·a ∪ x·T_h), starting from (1, ∅), so a breadth-first walk decides it.
//! If moreover Φ reaches every element and no two elements x != y agree on P(x·z) = P(y·z) for
//! every z, then Q is *the* misère quotient (Plambeck–Siegel, JCTA 2008, §3: the quotient is the
//! monoid of sums modulo indistinguishability, and this Q is that monoid).
//!
//! The walk goes by lightest witness first (heap weights of [`super::Heaps`], which every move
//! lowers), so a failing state's witness is a lightest wrong sum: all its options are predicted
//! right, hence its true outcome is the opposite of Q's.

use super::{FxMap, Heaps};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A finite monoid by its multiplication table, element 0 the identity, with its P-portion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Monoid {
    /// Number of elements.
    pub order: usize,
    /// `table[x * order + y]` = x·y.
    pub table: Vec<u32>,
    /// `p[x]`: whether the sums with image x are P-positions.
    pub p: Vec<bool>,
}

impl Monoid {
    /// x·y.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize * self.order + y as usize]
    }
}

/// Why the check failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// A sum (heap sizes) whose outcome Q predicts wrongly; `p`: Q says P.
    Wrong { sum: Vec<u32>, p: bool },
    /// More states than the budget allowed.
    Budget(u64),
}

/// A heap class: heaps with the same image and the same option images move alike.
struct Class {
    heap: u32,
    weight: u64,
    image: u32,
    options: Vec<u32>,
}

fn classes(q: &Monoid, phi: &[u32], heaps: &Heaps) -> Vec<Class> {
    let mut out: Vec<Class> = Vec::new();
    for h in 0..heaps.options.len() {
        if !heaps.moves(h as u32) {
            continue;
        }
        let mut t: Vec<u32> = heaps.options[h]
            .iter()
            .map(|o| o.iter().fold(0u32, |a, &g| q.mul(a, phi[g as usize])))
            .collect();
        t.sort_unstable();
        t.dedup();
        let image = phi[h];
        let weight = heaps.weight[h];
        match out.iter_mut().find(|c| c.image == image && c.options == t) {
            Some(c) if c.weight > weight => {
                c.heap = h as u32;
                c.weight = weight;
            }
            Some(_) => {}
            None => out.push(Class { heap: h as u32, weight, image, options: t }),
        }
    }
    out
}

/// Checks the theorem's condition for (q, phi) over heaps 0..=N; `Ok(states)` when it holds.
/// `phi[h]` must be 0 for heaps without a move.
pub fn check(q: &Monoid, phi: &[u32], heaps: &Heaps, budget: u64) -> Result<u64, Failure> {
    let words = q.order.div_ceil(64);
    let cls = classes(q, phi, heaps);
    let mut pmask = vec![0u64; words];
    for e in (0..q.order).filter(|&e| q.p[e]) {
        pmask[e / 64] |= 1 << (e % 64);
    }
    let mut index: FxMap<(u32, Vec<u64>), u32> = FxMap::default();
    // Per state: (x, S, parent, class moved in).
    let mut states: Vec<(u32, Vec<u64>, u32, u32)> = Vec::new();
    let mut queue: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    let start = (0u32, vec![0u64; words]);
    index.insert(start.clone(), 0);
    states.push((0, start.1, u32::MAX, u32::MAX));
    queue.push(Reverse((0, 0)));
    let mut done = vec![false];
    while let Some(Reverse((w, id))) = queue.pop() {
        if done[id as usize] {
            continue;
        }
        done[id as usize] = true;
        let (x, s) = (states[id as usize].0, states[id as usize].1.clone());
        let any = s.iter().any(|&b| b != 0);
        let hits = s.iter().zip(&pmask).any(|(&a, &b)| a & b != 0);
        if q.p[x as usize] != (any && !hits) {
            return Err(Failure::Wrong { sum: witness(&states, &cls, id), p: q.p[x as usize] });
        }
        for (ci, c) in cls.iter().enumerate() {
            let mut t = vec![0u64; words];
            for (wi, &bits) in s.iter().enumerate() {
                let mut b = bits;
                while b != 0 {
                    let e = wi * 64 + b.trailing_zeros() as usize;
                    b &= b - 1;
                    let y = q.mul(e as u32, c.image) as usize;
                    t[y / 64] |= 1 << (y % 64);
                }
            }
            for &o in &c.options {
                let y = q.mul(x, o) as usize;
                t[y / 64] |= 1 << (y % 64);
            }
            let key = (q.mul(x, c.image), t);
            let next = match index.get(&key) {
                Some(&n) => n,
                None => {
                    if states.len() as u64 >= budget {
                        return Err(Failure::Budget(budget));
                    }
                    let n = states.len() as u32;
                    index.insert(key.clone(), n);
                    states.push((key.0, key.1, id, ci as u32));
                    done.push(false);
                    n
                }
            };
            if !done[next as usize] {
                let nw = w.saturating_add(c.weight);
                queue.push(Reverse((nw, next)));
            }
        }
    }
    Ok(states.len() as u64)
}

fn witness(states: &[(u32, Vec<u64>, u32, u32)], cls: &[Class], mut id: u32) -> Vec<u32> {
    let mut sum = Vec::new();
    while states[id as usize].2 != u32::MAX {
        sum.push(cls[states[id as usize].3 as usize].heap);
        id = states[id as usize].2;
    }
    sum.sort_unstable();
    sum
}
