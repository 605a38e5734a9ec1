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
//! **The states kept are coarser** than (x, S): only H(S) = {z ∈ Q : y·z ∈ P for some y ∈ S}
//! is kept, a subset of Q. It is all the walk needs: S ∩ P ≠ ∅ iff the identity is in H(S);
//! H(S ∪ S') = H(S) ∪ H(S'); H(S·a) = {z : a·z ∈ H(S)}; and H({y}) = {z : y·z ∈ P} is read off
//! the table. S ≠ ∅ for every sum but the empty one (only heaps with a move are added). So the
//! step (x, S) -> (x·a, S·a ∪ x·T_h) becomes (x, H) -> (x·a, (H : a) ∪ ⋃_{o ∈ T_h} H({x·o})),
//! and sums whose S differ but whose H agree share one state.
//!
//! The walk goes by lightest witness first (heap weights of [`super::Heaps`], which every move
//! lowers), so a failing state's witness is a lightest wrong sum: all its options are predicted
//! right, hence its true outcome is the opposite of Q's.

use super::{Fx, FxMap, Heaps};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hasher as _;

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
    /// A sum (heap sizes) whose outcome Q predicts wrongly; `p`: Q says P; `states`: the
    /// states walked before it was found.
    Wrong { sum: Vec<u32>, p: bool, states: u64 },
    /// More states than the budget allowed.
    Budget(u64),
    /// A monoid of more than [`MAX_ORDER`] elements (its order).
    Order(usize),
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

/// The largest monoid the check takes: it keeps |Q|² bits (H({y}) for every y).
pub const MAX_ORDER: usize = 1 << 14;

/// The sets H met by a check (the module doc), each stored once: its bits, whether it holds
/// the identity (S meets P), and (H : a) per heap class once computed.
struct Sets {
    words: usize,
    classes: usize,
    bits: Vec<u64>,
    /// A hash of the bits -> the last set with that hash; `chain[s]`: the set before it with
    /// the same hash (the bits are stored once, in `bits`).
    index: FxMap<u64, u32>,
    chain: Vec<u32>,
    /// `colon[s * classes + c]`: the set (H_s : image(c)), or `u32::MAX` when not yet computed.
    colon: Vec<u32>,
}

impl Sets {
    fn new(words: usize, classes: usize) -> Sets {
        Sets {
            words,
            classes,
            bits: Vec::new(),
            index: FxMap::default(),
            chain: Vec::new(),
            colon: Vec::new(),
        }
    }

    fn get(&self, s: u32) -> &[u64] {
        &self.bits[s as usize * self.words..(s as usize + 1) * self.words]
    }

    fn count(&self) -> usize {
        self.bits.len() / self.words
    }

    /// Whether H_s holds the identity: the sums' options meet P.
    fn hits(&self, s: u32) -> bool {
        self.bits[s as usize * self.words] & 1 != 0
    }

    /// The number of the set `t`, storing it when new.
    fn intern(&mut self, t: &[u64]) -> u32 {
        let mut h = Fx::default();
        t.iter().for_each(|&w| h.write_u64(w));
        let key = h.finish();
        let mut at = self.index.get(&key).copied().unwrap_or(u32::MAX);
        while at != u32::MAX {
            if self.get(at) == t {
                return at;
            }
            at = self.chain[at as usize];
        }
        let s = self.count() as u32;
        self.bits.extend_from_slice(t);
        self.colon.extend(std::iter::repeat_n(u32::MAX, self.classes));
        self.chain.push(self.index.insert(key, s).unwrap_or(u32::MAX));
        s
    }

    /// (H_s : a) = {z : a·z ∈ H_s}, for heap class c of image a: the preimages under z ->
    /// a·z of H_s's elements, or of its complement's when H_s holds more than half of Q
    /// (then the result is the complement of theirs), so the work is the smaller side's.
    fn colon(&mut self, q: &Monoid, s: u32, c: usize, pre: &Preimages) -> u32 {
        let at = s as usize * self.classes + c;
        if self.colon[at] != u32::MAX {
            return self.colon[at];
        }
        let h = self.get(s);
        let ones: usize = h.iter().map(|w| w.count_ones() as usize).sum();
        let dense = 2 * ones > q.order;
        let mut t = vec![if dense { !0u64 } else { 0 }; self.words];
        for (wi, &word) in h.iter().enumerate() {
            let mut b = if dense { !word } else { word };
            if wi == self.words - 1 && !q.order.is_multiple_of(64) {
                b &= (1u64 << (q.order % 64)) - 1;
            }
            while b != 0 {
                let y = wi * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                for &z in pre.of(c, y) {
                    t[z as usize / 64] ^= 1 << (z % 64);
                }
            }
        }
        if !q.order.is_multiple_of(64) {
            t[self.words - 1] &= (1u64 << (q.order % 64)) - 1;
        }
        let r = self.intern(&t);
        self.colon[at] = r;
        r
    }
}

/// For each heap class c of image a and each y: the z with a·z = y.
struct Preimages {
    order: usize,
    /// `start[c * (order + 1) + y]`..`start[c * (order + 1) + y + 1]` in `list[c]`.
    start: Vec<u32>,
    list: Vec<Vec<u32>>,
}

impl Preimages {
    fn new(q: &Monoid, cls: &[Class]) -> Preimages {
        let order = q.order;
        let mut start = vec![0u32; cls.len() * (order + 1)];
        let mut list = Vec::with_capacity(cls.len());
        for (ci, c) in cls.iter().enumerate() {
            let st = &mut start[ci * (order + 1)..(ci + 1) * (order + 1)];
            for z in 0..order as u32 {
                st[q.mul(c.image, z) as usize + 1] += 1;
            }
            for y in 0..order {
                st[y + 1] += st[y];
            }
            let mut fill: Vec<u32> = st[..order].to_vec();
            let mut l = vec![0u32; order];
            for z in 0..order as u32 {
                let y = q.mul(c.image, z) as usize;
                l[fill[y] as usize] = z;
                fill[y] += 1;
            }
            list.push(l);
        }
        Preimages { order, start, list }
    }

    fn of(&self, c: usize, y: usize) -> &[u32] {
        let base = c * (self.order + 1);
        &self.list[c][self.start[base + y] as usize..self.start[base + y + 1] as usize]
    }
}

/// ⋃ H({x·o}) over the option images o of a heap class, per (x, class), computed once.
struct Moved {
    classes: usize,
    words: usize,
    /// `at[x * classes + c]`: where the set starts in `bits`, or `u32::MAX`.
    at: Vec<u32>,
    bits: Vec<u64>,
}

impl Moved {
    fn new(order: usize, classes: usize, words: usize) -> Moved {
        Moved { classes, words, at: vec![u32::MAX; order * classes], bits: Vec::new() }
    }

    fn get(&mut self, q: &Monoid, x: u32, ci: usize, c: &Class, translate: &[u64]) -> &[u64] {
        let i = x as usize * self.classes + ci;
        if self.at[i] == u32::MAX {
            let start = self.bits.len();
            self.at[i] = (start / self.words) as u32;
            self.bits.resize(start + self.words, 0);
            for &o in &c.options {
                let y = q.mul(x, o) as usize;
                let row = &translate[y * self.words..(y + 1) * self.words];
                for (a, b) in self.bits[start..].iter_mut().zip(row) {
                    *a |= b;
                }
            }
        }
        let start = self.at[i] as usize * self.words;
        &self.bits[start..start + self.words]
    }
}

/// H({y}) = {z : y·z ∈ P} for every y, `words` words each.
fn p_translates(q: &Monoid, words: usize) -> Vec<u64> {
    let mut out = vec![0u64; q.order * words];
    for y in 0..q.order {
        for z in 0..q.order {
            if q.p[q.mul(y as u32, z as u32) as usize] {
                out[y * words + z / 64] |= 1 << (z % 64);
            }
        }
    }
    out
}

/// Checks the theorem's condition for (q, phi) over heaps 0..=N; `Ok(states)` when it holds.
/// `phi[h]` must be 0 for heaps without a move. The sets H met count against the budget too,
/// and a monoid over [`MAX_ORDER`] elements is over it.
pub fn check(q: &Monoid, phi: &[u32], heaps: &Heaps, budget: u64) -> Result<u64, Failure> {
    if q.order > MAX_ORDER {
        return Err(Failure::Order(q.order));
    }
    let words = q.order.div_ceil(64);
    let cls = classes(q, phi, heaps);
    let translate = p_translates(q, words);
    let pre = Preimages::new(q, &cls);
    let mut sets = Sets::new(words, cls.len());
    let empty = sets.intern(&vec![0u64; words]);
    let mut index: FxMap<(u32, u32), u32> = FxMap::default();
    // Per state: (x, H, parent, class moved in).
    // State 0 is the empty sum, the only one without an option; it is not in `index`, so a
    // nonempty sum with the same (x, H) gets a state of its own.
    let mut states: Vec<(u32, u32, u32, u32)> = vec![(0, empty, u32::MAX, u32::MAX)];
    let mut queue: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    queue.push(Reverse((0, 0)));
    let mut done = vec![false];
    let mut t = vec![0u64; words];
    let mut moved = Moved::new(q.order, cls.len(), words);
    while let Some(Reverse((w, id))) = queue.pop() {
        if done[id as usize] {
            continue;
        }
        done[id as usize] = true;
        let (x, s, _, _) = states[id as usize];
        if q.p[x as usize] != (id != 0 && !sets.hits(s)) {
            let sum = witness(&states, &cls, id);
            return Err(Failure::Wrong { sum, p: q.p[x as usize], states: states.len() as u64 });
        }
        for (ci, c) in cls.iter().enumerate() {
            let colon = sets.colon(q, s, ci, &pre);
            t.copy_from_slice(sets.get(colon));
            for (a, b) in t.iter_mut().zip(moved.get(q, x, ci, c, &translate)) {
                *a |= b;
            }
            let key = (q.mul(x, c.image), sets.intern(&t));
            let next = match index.get(&key) {
                Some(&n) => n,
                None => {
                    if states.len() as u64 >= budget || sets.count() as u64 >= budget {
                        return Err(Failure::Budget(budget));
                    }
                    let n = states.len() as u32;
                    index.insert(key, n);
                    states.push((key.0, key.1, id, ci as u32));
                    done.push(false);
                    n
                }
            };
            if !done[next as usize] {
                queue.push(Reverse((w.saturating_add(c.weight), next)));
            }
        }
    }
    Ok(states.len() as u64)
}

fn witness(states: &[(u32, u32, u32, u32)], cls: &[Class], mut id: u32) -> Vec<u32> {
    let mut sum = Vec::new();
    while states[id as usize].2 != u32::MAX {
        sum.push(cls[states[id as usize].3 as usize].heap);
        id = states[id as usize].2;
    }
    sum.sort_unstable();
    sum
}
