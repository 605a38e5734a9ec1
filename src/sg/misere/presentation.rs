//! A misère quotient by generators and relations, read off its multiplication table, as
//! Plambeck and Siegel write quotients: `Q = <a,b | a^2=1, b^3=b, ...>` with the P-portion as
//! words, `P = {a, b^2, ...}`.
//!
//! **Generators**: the images of the heaps in heap order, each kept when it is not a product of
//! the generators before it (so every heap is a word in them, and they are few).
//!
//! **Relations**: a complete rewriting system. Monomials a^i b^j ... are ordered by degree,
//! then by the exponent of the last generator, then the one before, and so on (a term order:
//! it respects multiplication and has no infinite descent). Each element's *normal form* is its
//! least monomial. Since the normal forms are closed under division, the monomials that are not
//! normal form an ideal, and its minimal members m give the relations m = (normal form of m).
//!
//! **Why it is a presentation of Q** ([`check`], which does not trust [`present`]): every
//! relation holds in the table and rewrites a monomial to a smaller one; so any word rewrites,
//! in finitely many steps, to a monomial divisible by no left side, and the monoid presented
//! has at most as many elements as there are such monomials. When those monomials are exactly
//! |Q| and their values in the table are distinct, the monoid presented maps onto Q (the
//! relations hold there) with no more elements than Q: it *is* Q.

use super::quotient::Quotient;
use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, HashSet};

/// The work allowed to [`present`] and to [`check`] each: words compared with a left side.
pub const STEPS: u64 = 200_000_000;

/// A monomial: the exponent of each generator.
pub type Word = Vec<u32>;

/// The quotient's presentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// Per generator: the first heap whose image it is, and that element.
    pub generators: Vec<(u32, u32)>,
    /// Relations `lhs = rhs`, rhs the normal form, in the order of their left sides.
    pub relations: Vec<(Word, Word)>,
    /// The normal form of each element of Q.
    pub normal: Vec<Word>,
}

/// The term order: degree, then the exponents from the last generator to the first.
pub fn order(x: &[u32], y: &[u32]) -> Ordering {
    let dx: u64 = x.iter().map(|&e| u64::from(e)).sum();
    let dy: u64 = y.iter().map(|&e| u64::from(e)).sum();
    dx.cmp(&dy).then_with(|| x.iter().rev().cmp(y.iter().rev()))
}

/// A monomial's place in the queue (least first under [`order`]).
#[derive(PartialEq, Eq)]
struct Key(Word);

impl Ord for Key {
    fn cmp(&self, other: &Key) -> Ordering {
        order(&self.0, &other.0)
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Key) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The generators: the heap images in heap order that the earlier ones do not generate.
fn generators(q: &Quotient) -> Vec<(u32, u32)> {
    let m = &q.monoid;
    let mut reached = vec![false; m.order];
    reached[0] = true;
    let mut gens: Vec<(u32, u32)> = Vec::new();
    for (h, &x) in q.phi.iter().enumerate() {
        if reached[x as usize] {
            continue;
        }
        gens.push((h as u32, x));
        // Close the reached set under the new generator (and the old ones, already closed).
        let mut stack: Vec<u32> = (0..m.order as u32).filter(|&y| reached[y as usize]).collect();
        while let Some(y) = stack.pop() {
            for &(_, g) in &gens {
                let z = m.mul(y, g);
                if !reached[z as usize] {
                    reached[z as usize] = true;
                    stack.push(z);
                }
            }
        }
    }
    gens
}

/// The value of a monomial in the table.
pub fn value(q: &Quotient, gens: &[(u32, u32)], w: &[u32]) -> u32 {
    let mut x = 0u32;
    for (i, &e) in w.iter().enumerate() {
        for _ in 0..e {
            x = q.monoid.mul(x, gens[i].1);
        }
    }
    x
}

/// Whether `d` divides `w`.
fn divides(d: &[u32], w: &[u32]) -> bool {
    d.iter().zip(w).all(|(a, b)| a <= b)
}

/// The presentation of `q`, least monomials first; `Err` when Φ does not generate Q (every
/// quotient the engine proves is generated). The walk is bounded by the table: at most |Q|
/// normal forms, each queueing one monomial per generator, and by [`STEPS`].
pub fn present(q: &Quotient) -> Result<Presentation, String> {
    let gens = generators(q);
    let k = gens.len();
    let mut normal: Vec<Option<Word>> = vec![None; q.monoid.order];
    let mut relations: Vec<(Word, Word)> = Vec::new();
    let mut seen: HashSet<Word> = HashSet::new();
    let mut queue = BinaryHeap::new();
    queue.push(Reverse(Key(vec![0; k])));
    let mut spent = 0u64;
    while let Some(Reverse(Key(w))) = queue.pop() {
        if !seen.insert(w.clone()) {
            continue;
        }
        spent = spent.saturating_add(relations.len() as u64 + 1);
        if spent > STEPS {
            return Err(format!("past its budget of {STEPS} word comparisons"));
        }
        if relations.iter().any(|(l, _)| divides(l, &w)) {
            continue;
        }
        let x = value(q, &gens, &w) as usize;
        match &normal[x] {
            Some(nf) => relations.push((w, nf.clone())),
            None => {
                for i in 0..k {
                    let mut v = w.clone();
                    v[i] += 1;
                    queue.push(Reverse(Key(v)));
                }
                normal[x] = Some(w);
            }
        }
    }
    let normal: Option<Vec<Word>> = normal.into_iter().collect();
    let normal = normal.ok_or("the heaps' images do not generate the quotient")?;
    Ok(Presentation { generators: gens, relations, normal })
}

/// Checks `p` against `q`'s table without trusting how it was found (the module doc's
/// argument): each relation holds and lowers its monomial, and the monomials divisible by no
/// left side are exactly |Q|, with distinct values. Their walk stops past |Q| of them.
pub fn check(q: &Quotient, p: &Presentation) -> Result<(), String> {
    let gens = &p.generators;
    for &(h, x) in gens {
        if q.phi.get(h as usize) != Some(&x) {
            return Err(format!("generator for heap {h} is not phi({h})"));
        }
    }
    for (l, r) in &p.relations {
        if l.len() != gens.len() || r.len() != gens.len() {
            return Err("a relation has the wrong number of exponents".into());
        }
        if value(q, gens, l) != value(q, gens, r) {
            return Err(format!("{} = {} does not hold in the table", p.word(l), p.word(r)));
        }
        if order(r, l) != Ordering::Less {
            return Err(format!("{} = {} does not lower its monomial", p.word(l), p.word(r)));
        }
    }
    let mut hit = vec![false; q.monoid.order];
    let mut count = 0usize;
    let mut seen: HashSet<Word> = HashSet::new();
    let mut stack = vec![vec![0u32; gens.len()]];
    let mut spent = 0u64;
    while let Some(w) = stack.pop() {
        if !seen.insert(w.clone()) {
            continue;
        }
        spent = spent.saturating_add(p.relations.len() as u64 + 1);
        if spent > STEPS {
            return Err(format!("the check passed its budget of {STEPS} word comparisons"));
        }
        if p.relations.iter().any(|(l, _)| divides(l, &w)) {
            continue;
        }
        count += 1;
        let x = value(q, gens, &w) as usize;
        if count > q.monoid.order || hit[x] {
            return Err(format!(
                "the normal forms are not |Q| = {} distinct elements",
                q.monoid.order
            ));
        }
        hit[x] = true;
        for i in 0..gens.len() {
            let mut v = w.clone();
            v[i] += 1;
            stack.push(v);
        }
    }
    if count != q.monoid.order {
        return Err(format!("{count} normal forms for |Q| = {}", q.monoid.order));
    }
    Ok(())
}

impl Presentation {
    /// The name of generator i: a, b, ..., z, then x26, x27, ...
    pub fn letter(i: usize) -> String {
        if i < 26 { char::from(b'a' + i as u8).to_string() } else { format!("x{i}") }
    }

    /// A monomial written out: `1`, `a`, `a^2b`, `bc^3`.
    pub fn word(&self, w: &[u32]) -> String {
        let mut s = String::new();
        for (i, &e) in w.iter().enumerate() {
            match e {
                0 => {}
                1 => s.push_str(&Presentation::letter(i)),
                _ => s.push_str(&format!("{}^{e}", Presentation::letter(i))),
            }
        }
        if s.is_empty() { "1".into() } else { s }
    }

    /// The element x as its normal form.
    pub fn element(&self, x: u32) -> String {
        self.word(&self.normal[x as usize])
    }

    /// The P-portion's normal forms, least first.
    pub fn p_portion(&self, q: &Quotient) -> Vec<Word> {
        let mut p: Vec<Word> = (0..q.monoid.order)
            .filter(|&x| q.monoid.p[x])
            .map(|x| self.normal[x].clone())
            .collect();
        p.sort_by(|x, y| order(x, y));
        p
    }

    /// `<a,b | a^2=1, b^3=b>`.
    pub fn text(&self) -> String {
        let g: Vec<String> = (0..self.generators.len()).map(Presentation::letter).collect();
        let r: Vec<String> = self
            .relations
            .iter()
            .map(|(l, r)| format!("{}={}", self.word(l), self.word(r)))
            .collect();
        format!("<{} | {}>", g.join(","), r.join(", "))
    }
}
