//! Conway's genus of a misère game (On Numbers and Games, ch. 12, "How to lose when you must").
//!
//! The genus of G is g^{γ0 γ1 γ2 ...}: g = g⁺(G), the normal-play Grundy value, and
//! γ_k = g⁻(G + k·*2), the misère Grundy value of G beside k nim-heaps of 2 (γ0 = g⁻(G)). With
//! the misère mex (a position without a move has value 1) and g⁻(X + *1) = g⁻(X) xor 1, the
//! sequence obeys γ0 = mex{γ0(G')} (1 if G has no option) and, for k >= 1,
//! γk = mex({γk(G')} ∪ {γ(k-1), γ(k-1) xor 1}) over the options G'. Beyond its options' lengths
//! each step depends only on k's parity and the step before, so the sequence ends alternating
//! between two values; it is written up to the first two that repeat forever (0^120 means
//! 1, 2, 0, 2, 0, ...).
//!
//! **Tameness** (ONAG, ch. 12): G is tame when G and every position of G have one of the genera
//! 0^120, 1^031, 0^02, 1^13 or a^{a, a xor 2} (a >= 2), the genera of sums of nim-heaps. A sum of
//! tame games is tame and plays like misère Nim: it is P iff either the nim-sum of the g⁺ is 0
//! and some part is *firm* (γ0 = g), or the nim-sum is 1 and every part is *fickle* (γ0 != g).
//! Since the positions of a sum of heaps are sums of smaller heaps, a heap whose options use
//! only tame heaps and whose own genus is tame is tame: "tame up to N" is checked heap by heap
//! and proves the rule for every sum of heaps up to N, and for nothing beyond.

use super::Heaps;
use std::collections::HashMap;

/// The γ sequence of a genus: `seq[k]` for k < len, then the last two alternate.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    /// g⁺: the normal-play Grundy value.
    pub plus: u32,
    /// γ0, γ1, ...: at least two values; the last two repeat forever.
    pub seq: Vec<u32>,
}

impl Genus {
    /// γk.
    pub fn gamma(&self, k: usize) -> u32 {
        gamma(&self.seq, k)
    }

    /// g⁻: the misère Grundy value (γ0).
    pub fn minus(&self) -> u32 {
        self.seq[0]
    }

    /// Whether this genus is one of the tame genera (see the module doc).
    pub fn tame(&self) -> bool {
        let g = self.plus;
        let first: Vec<u32> = (0..4).map(|k| self.gamma(k)).collect();
        match g {
            0 => first == [1, 2, 0, 2] || first == [0, 2, 0, 2],
            1 => first == [0, 3, 1, 3] || first == [1, 3, 1, 3],
            a => first == [a, a ^ 2, a, a ^ 2],
        }
    }

    /// Conway's symbol: `0^120`, or with commas when a value has two digits (`12^12,14`).
    pub fn symbol(&self) -> String {
        let wide = self.seq.iter().any(|&v| v > 9);
        let parts: Vec<String> = self.seq.iter().map(u32::to_string).collect();
        format!("{}^{}", self.plus, parts.join(if wide { "," } else { "" }))
    }
}

fn gamma(seq: &[u32], k: usize) -> u32 {
    if k < seq.len() {
        seq[k]
    } else {
        let len = seq.len();
        seq[len - 2 + (k - len) % 2]
    }
}

fn mex(values: &mut Vec<u32>) -> u32 {
    values.sort_unstable();
    values.dedup();
    values
        .iter()
        .enumerate()
        .find(|&(i, &v)| i as u32 != v)
        .map_or(values.len() as u32, |(i, _)| i as u32)
}

/// The γ sequence of a position from its options' sequences (see the module doc).
pub fn sequence(options: &[&[u32]]) -> Vec<u32> {
    let longest = options.iter().map(|s| s.len()).max().unwrap_or(0).max(2);
    let mut seq: Vec<u32> = Vec::new();
    let mut scratch = Vec::new();
    let mut k = 0usize;
    loop {
        scratch.clear();
        scratch.extend(options.iter().map(|s| gamma(s, k)));
        let v = if k == 0 {
            if options.is_empty() { 1 } else { mex(&mut scratch) }
        } else {
            let prev = seq[k - 1];
            scratch.push(prev);
            scratch.push(prev ^ 1);
            mex(&mut scratch)
        };
        seq.push(v);
        k += 1;
        // Past every option's stored length, γk depends on (k mod 2, γ(k-1)) only.
        if k >= longest + 3 && seq[k - 1] == seq[k - 3] {
            seq.truncate(k - 1);
            break;
        }
    }
    while seq.len() > 2 && seq[seq.len() - 1] == seq[seq.len() - 3] {
        seq.pop();
    }
    seq
}

/// The genus of every heap 0..=N, by memoised search over the multisets of smaller heaps.
pub struct Genera<'a> {
    heaps: &'a Heaps,
    /// g⁺ of each heap.
    plus: Vec<u32>,
    memo: HashMap<Vec<u32>, Vec<u32>>,
    budget: u64,
    /// Asked every [`super::search::WATCH_EVERY`] positions: `true` stops the search.
    watch: Option<&'a dyn Fn(u64) -> bool>,
    interrupted: bool,
}

/// What [`Genera::heap`] could not finish: the budget of positions ran out (or the watcher
/// stopped it: [`Genera::interrupted`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverBudget;

impl<'a> Genera<'a> {
    /// Genus computations over `heaps`, examining at most `budget` positions in all.
    pub fn new(heaps: &'a Heaps, budget: u64) -> Genera<'a> {
        let mut plus: Vec<u32> = Vec::with_capacity(heaps.options.len());
        for opts in &heaps.options {
            let mut seen: Vec<u32> =
                opts.iter().map(|o| o.iter().fold(0, |a, &h| a ^ plus[h as usize])).collect();
            plus.push(mex(&mut seen));
        }
        Genera { heaps, plus, memo: HashMap::new(), budget, watch: None, interrupted: false }
    }

    /// These computations, asking `watch(positions examined)` every
    /// [`super::search::WATCH_EVERY`] positions; `true` stops them ([`Genera::interrupted`]).
    pub fn watched(mut self, watch: Option<&'a dyn Fn(u64) -> bool>) -> Genera<'a> {
        self.watch = watch;
        self
    }

    /// Whether the watcher stopped a computation (rather than the budget).
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Positions examined so far.
    pub fn examined(&self) -> u64 {
        self.memo.len() as u64
    }

    /// The genus of the sum `pos` (heaps with a move, sorted).
    pub fn position(&mut self, pos: &[u32]) -> Result<Genus, OverBudget> {
        let plus = pos.iter().fold(0, |a, &h| a ^ self.plus[h as usize]);
        let seq = self.seq_of(pos.to_vec())?;
        Ok(Genus { plus, seq })
    }

    /// The genus of a heap of h.
    pub fn heap(&mut self, h: u32) -> Result<Genus, OverBudget> {
        let pos = if self.heaps.moves(h) { vec![h] } else { Vec::new() };
        self.position(&pos)
    }

    fn options(&self, pos: &[u32]) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for (i, &h) in pos.iter().enumerate() {
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            for o in &self.heaps.options[h as usize] {
                let mut c: Vec<u32> =
                    pos[..i].iter().chain(&pos[i + 1..]).chain(o).copied().collect();
                c.sort_unstable();
                out.push(c);
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The γ sequence of `pos`, post-order over its followers with an explicit stack.
    fn seq_of(&mut self, pos: Vec<u32>) -> Result<Vec<u32>, OverBudget> {
        if let Some(s) = self.memo.get(&pos) {
            return Ok(s.clone());
        }
        let mut stack: Vec<(Vec<u32>, Vec<Vec<u32>>)> = Vec::new();
        let opts = self.options(&pos);
        stack.push((pos.clone(), opts));
        while let Some((_, opts)) = stack.last() {
            if let Some(missing) = opts.iter().find(|o| !self.memo.contains_key(*o)) {
                let missing = missing.clone();
                let o = self.options(&missing);
                stack.push((missing, o));
                continue;
            }
            let Some((p, opts)) = stack.pop() else { break };
            let seqs: Vec<&[u32]> =
                opts.iter().filter_map(|o| self.memo.get(o).map(Vec::as_slice)).collect();
            let s = sequence(&seqs);
            let n = self.memo.len() as u64;
            if n >= self.budget {
                return Err(OverBudget);
            }
            let every = super::search::WATCH_EVERY;
            if n % every == every - 1 && self.watch.is_some_and(|w| w(n + 1)) {
                self.interrupted = true;
                return Err(OverBudget);
            }
            self.memo.insert(p, s);
        }
        self.memo.get(&pos).cloned().ok_or(OverBudget)
    }
}

/// The misère-Nim rule for a sum of tame parts given as (g⁺, g⁻): P iff the nim-sum of the g⁺
/// is 0 with some firm part (g⁻ = g⁺), or 1 with every part fickle (g⁻ != g⁺).
///
/// ```
/// use games::sg::misere::genus::tame_p;
/// // Misère Nim: 1+1 is N, 1+1+1 is P, 2+2 is P.
/// assert!(!tame_p(&[(1, 0), (1, 0)]));
/// assert!(tame_p(&[(1, 0), (1, 0), (1, 0)]));
/// assert!(tame_p(&[(2, 2), (2, 2)]));
/// ```
pub fn tame_p(parts: &[(u32, u32)]) -> bool {
    let x = parts.iter().fold(0, |a, &(g, _)| a ^ g);
    let all_fickle = parts.iter().all(|&(g, m)| g != m);
    (x == 0 && !all_fickle) || (x == 1 && all_fickle)
}
