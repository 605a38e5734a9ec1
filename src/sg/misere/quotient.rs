//! The misère quotient of heaps 0..=N, found heap by heap (after Siegel's MisereSolver, written
//! anew; the facts used: Plambeck–Siegel, "Misère quotients for impartial games", JCTA 2008).
//!
//! With the quotient Q of heaps below n known and proved, heap n is tried first as every
//! element x of Q (a *conservative extension*: Q does not change), each try proved or refused
//! by [`super::verify::check`]. When none fits, a larger candidate is built: a free monoid M,
//! the product of Q (for the heaps kept) and one cyclic monoid C(i, 2) (a^(i+2) = a^i) per heap
//! set *free* (heap n, and the heaps of each wrong sum the check finds). M's P-portion is
//! marked lightest sum first (an element is P iff the option images of its lightest sum miss
//! the marked P-portion), M is reduced by indistinguishability (x ~ y iff P(xz) = P(yz) for
//! all z, by partition refinement), and the result is checked. A wrong sum frees its heaps (or
//! raises their index) and the candidate is rebuilt. Only a checked candidate is kept, so every
//! quotient returned is proved (see `verify`'s theorem); the search itself may give up at its
//! budget, which is then said.

use super::verify::{self, Failure, Monoid};
use super::{FxMap, Heaps};
use std::cell::Cell;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};

/// A proved quotient of heaps 0..=top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quotient {
    /// The monoid, element 0 the identity, with its P-portion.
    pub monoid: Monoid,
    /// Φ(h) for h = 0..=top.
    pub phi: Vec<u32>,
}

impl Quotient {
    /// The quotient of heaps without a move: one element, not P.
    pub fn trivial() -> Quotient {
        Quotient { monoid: Monoid { order: 1, table: vec![0], p: vec![false] }, phi: Vec::new() }
    }

    /// The image of a sum of heaps (each at most the top heap).
    pub fn image(&self, heaps: &[u32]) -> Option<u32> {
        heaps.iter().try_fold(0u32, |a, &h| Some(self.monoid.mul(a, *self.phi.get(h as usize)?)))
    }

    /// Number of P elements.
    pub fn p_count(&self) -> usize {
        self.monoid.p.iter().filter(|&&p| p).count()
    }
}

/// Limits on the search, counted in work (never in seconds), and the work done so far.
#[derive(Debug, Clone)]
pub struct Budget {
    /// Most elements of one free candidate monoid.
    pub candidate: usize,
    /// Most states of one check.
    pub states: u64,
    /// Most candidates built for one heap.
    pub rounds: u32,
    /// The work done with this budget (counted, for the report).
    pub work: Work,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { candidate: 4_000_000, states: 4_000_000, rounds: 200, work: Work::default() }
    }
}

/// The engine's work: candidates built and their elements marked, checks run and their states.
#[derive(Debug, Clone, Default)]
pub struct Work {
    pub candidates: Cell<u64>,
    pub marked: Cell<u64>,
    pub checks: Cell<u64>,
    pub states: Cell<u64>,
}

impl Work {
    fn add(c: &Cell<u64>, k: u64) {
        c.set(c.get().saturating_add(k));
    }

    /// One check of `states` states (or as many as it ran before failing).
    fn checked(&self, r: &Result<u64, Failure>) {
        Work::add(&self.checks, 1);
        match r {
            Ok(s) | Err(Failure::Wrong { states: s, .. }) => Work::add(&self.states, *s),
            Err(Failure::Budget(b)) => Work::add(&self.states, *b),
            Err(Failure::Order(_)) => {}
        }
    }
}

/// [`verify::check`], counted in `budget.work`.
fn check(q: &Monoid, phi: &[u32], heaps: &Heaps, budget: &Budget) -> Result<u64, Failure> {
    let r = verify::check(q, phi, heaps, budget.states);
    budget.work.checked(&r);
    r
}

/// The heaps set free in a candidate: heap -> (index, period) of its cyclic monoid.
type Free = BTreeMap<u32, (u32, u32)>;

/// The free candidate M = base × ∏ C(i, p).
struct FreeMonoid<'a> {
    base: &'a Monoid,
    /// Per component: index i and i + p (its number of elements).
    index: Vec<u32>,
    radix: Vec<u32>,
}

impl FreeMonoid<'_> {
    fn mul(&self, x: usize, y: usize) -> usize {
        let r = self.base.order;
        let (mut rx, mut ry) = (x / r, y / r);
        let mut code = 0usize;
        let mut scale = 1usize;
        for c in 0..self.radix.len() {
            let (i, m) = (self.index[c], self.radix[c] as usize);
            let mut e = (rx % m + ry % m) as u32;
            rx /= m;
            ry /= m;
            if e >= m as u32 {
                e = i + (e - i) % (m as u32 - i);
            }
            code += e as usize * scale;
            scale *= m;
        }
        code * r + self.base.mul((x % r) as u32, (y % r) as u32) as usize
    }
}

/// Marks M's P-portion lightest sum first, then reduces it to a candidate quotient; `None`
/// when M would pass the budget, or when `want` = (sum, outcome) is given and M gets that sum
/// wrong.
fn candidate(
    q: &Quotient,
    free: &Free,
    heaps: &Heaps,
    n: u32,
    budget: &Budget,
    want: Option<(&[u32], bool)>,
) -> Option<Quotient> {
    let radix: Vec<u32> = free.values().map(|&(i, p)| i + p).collect();
    let size = radix.iter().try_fold(q.monoid.order, |a, &m| a.checked_mul(m as usize))?;
    if size > budget.candidate {
        return None;
    }
    let m = FreeMonoid { base: &q.monoid, index: free.values().map(|&(i, _)| i).collect(), radix };
    let unit = |c: usize| -> usize {
        q.monoid.order * m.radix[..c].iter().map(|&x| x as usize).product::<usize>()
    };
    let img: Vec<usize> = (0..=n)
        .map(|h| match free.keys().position(|&k| k == h) {
            _ if !heaps.moves(h) => 0,
            Some(c) => unit(c),
            None => q.phi.get(h as usize).copied().unwrap_or(0) as usize,
        })
        .collect();
    let opts: Vec<Vec<usize>> = (0..=n as usize)
        .map(|h| {
            let mut t: Vec<usize> = heaps.options[h]
                .iter()
                .map(|o| o.iter().fold(0usize, |a, &g| m.mul(a, img[g as usize])))
                .collect();
            t.sort_unstable();
            t.dedup();
            t
        })
        .collect();
    // One heap per image: the lightest (the smallest on a tie), as the marking would choose.
    let mut gens: Vec<u32> = Vec::new();
    for h in (1..=n).filter(|&h| heaps.moves(h)) {
        let w = heaps.weight[h as usize];
        match gens.iter_mut().find(|g| img[**g as usize] == img[h as usize]) {
            Some(g) if heaps.weight[*g as usize] > w => *g = h,
            Some(_) => {}
            None => gens.push(h),
        }
    }
    let (order, p) = mark(&m, &img, &opts, &gens, heaps, size);
    Work::add(&budget.work.candidates, 1);
    Work::add(&budget.work.marked, order.len() as u64);
    if let Some((sum, truth)) = want {
        // The reduction keeps every element's outcome: test the sum before reducing.
        let x = sum.iter().fold(0usize, |a, &h| m.mul(a, img[h as usize]));
        if (p[x] == 2) != truth {
            return None;
        }
    }
    Some(reduce(&m, &order, &p, &img, heaps))
}

/// The P-portion of M's reached elements, lightest sum first: an element is P iff the option
/// images of its lightest sum miss the P elements marked before it. Returns the elements in
/// the order reached and the marks (1 N, 2 P).
#[inline(never)]
fn mark(
    m: &FreeMonoid,
    img: &[usize],
    opts: &[Vec<usize>],
    gens: &[u32],
    heaps: &Heaps,
    size: usize,
) -> (Vec<usize>, Vec<u8>) {
    // Lightest sums first: parent element and heap added; p: 0 unmarked, 1 N, 2 P.
    let mut parent = vec![u32::MAX; size];
    let mut added = vec![0u32; size];
    let mut p = vec![0u8; size];
    let mut order: Vec<usize> = Vec::new();
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, 0usize, u32::MAX, 0u32)));
    let (mut word, mut prefix, mut suffix) = (Vec::new(), Vec::new(), Vec::new());
    while let Some(Reverse((w, x, from, h))) = queue.pop() {
        if p[x] != 0 {
            continue;
        }
        parent[x] = from;
        added[x] = h;
        order.push(x);
        word.clear();
        let mut y = x;
        while parent[y] != u32::MAX {
            word.push(added[y]);
            y = parent[y] as usize;
        }
        word.sort_unstable();
        // prefix[i]: the product of word[..i]; suffix[i]: of word[i..].
        prefix.clear();
        prefix.push(0usize);
        for &g in &word {
            prefix.push(m.mul(*prefix.last().unwrap_or(&0), img[g as usize]));
        }
        suffix.clear();
        suffix.resize(word.len() + 1, 0usize);
        for i in (0..word.len()).rev() {
            suffix[i] = m.mul(suffix[i + 1], img[word[i] as usize]);
        }
        let (mut any, mut hit) = (false, false);
        for (i, &g) in word.iter().enumerate() {
            if hit {
                break;
            }
            if i > 0 && word[i - 1] == g {
                continue;
            }
            let rest = m.mul(prefix[i], suffix[i + 1]);
            for &t in &opts[g as usize] {
                any = true;
                if p[m.mul(rest, t)] == 2 {
                    hit = true;
                    break;
                }
            }
        }
        p[x] = if any && !hit { 2 } else { 1 };
        for &g in gens {
            let y = m.mul(x, img[g as usize]);
            if p[y] == 0 {
                queue.push(Reverse((w.saturating_add(heaps.weight[g as usize]), y, x as u32, g)));
            }
        }
    }
    (order, p)
}

/// Indistinguishability classes of M's reached elements (Moore's partition refinement under
/// the heap images), numbered in the order reached, as a quotient.
#[inline(never)]
fn reduce(m: &FreeMonoid, order: &[usize], p: &[u8], img: &[usize], heaps: &Heaps) -> Quotient {
    let mut gens: Vec<usize> = img.iter().copied().filter(|&g| g != 0).collect();
    gens.sort_unstable();
    gens.dedup();
    // pos[x]: the place of element x in `order` (elements not reached are never looked up).
    let mut pos = vec![u32::MAX; p.len()];
    for (i, &x) in order.iter().enumerate() {
        pos[x] = i as u32;
    }
    let k = gens.len();
    let pos_ref = &pos;
    let step: Vec<u32> =
        order.iter().flat_map(|&x| gens.iter().map(move |&g| pos_ref[m.mul(x, g)])).collect();
    let mut cls: Vec<u32> = order.iter().map(|&x| u32::from(p[x] == 2)).collect();
    let mut count = 0usize;
    let mut sig: Vec<u32> = Vec::with_capacity(k + 1);
    loop {
        let mut ids: FxMap<Vec<u32>, u32> = FxMap::default();
        let next: Vec<u32> = (0..order.len())
            .map(|i| {
                sig.clear();
                sig.push(cls[i]);
                sig.extend(step[i * k..(i + 1) * k].iter().map(|&j| cls[j as usize]));
                if let Some(&c) = ids.get(&sig) {
                    return c;
                }
                let c = ids.len() as u32;
                ids.insert(sig.clone(), c);
                c
            })
            .collect();
        let new_count = ids.len();
        cls = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    // Classes are numbered by first element reached, so the identity's class is 0.
    let mut first: Vec<usize> = vec![usize::MAX; count];
    for (i, &c) in cls.iter().enumerate() {
        if first[c as usize] == usize::MAX {
            first[c as usize] = i;
        }
    }
    let mut table = vec![0u32; count * count];
    for a in 0..count {
        for b in 0..count {
            table[a * count + b] = cls[pos[m.mul(order[first[a]], order[first[b]])] as usize];
        }
    }
    let pv: Vec<bool> = (0..count).map(|a| p[order[first[a]]] == 2).collect();
    let phi: Vec<u32> = (0..img.len())
        .map(|h| if heaps.moves(h as u32) { cls[pos[img[h]] as usize] } else { 0 })
        .collect();
    Quotient { monoid: Monoid { order: count, table, p: pv }, phi }
}

/// Index and period of x in m: the least i, p >= 1 with x^(i+p) = x^i.
fn index_period(m: &Monoid, x: u32) -> (u32, u32) {
    let mut seen: HashMap<u32, u32> = HashMap::new();
    let mut y = 0u32;
    for k in 0.. {
        if let Some(&i) = seen.get(&y) {
            return (i, k - i);
        }
        seen.insert(y, k);
        y = m.mul(y, x);
    }
    (0, 1)
}

/// How one heap was added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Added {
    /// The heap has no move: Φ = 1.
    NoMove,
    /// A conservative extension: Φ(n) is an element already there.
    Kept,
    /// The quotient grew (or changed): new order and P count.
    Grew { order: usize, p: usize },
}

/// Adds heap n to a proved quotient of heaps 0..n-1; `Err` with the reason when the budget
/// cannot find one.
pub fn add_heap(
    q: &Quotient,
    heaps: &Heaps,
    n: u32,
    budget: &Budget,
    stop: &dyn Fn() -> bool,
) -> Result<(Quotient, Added), String> {
    let mut phi = q.phi.clone();
    phi.truncate(n as usize);
    if !heaps.moves(n) {
        phi.push(0);
        return Ok((Quotient { monoid: q.monoid.clone(), phi }, Added::NoMove));
    }
    let sub = Heaps {
        options: heaps.options[..=n as usize].to_vec(),
        weight: heaps.weight[..=n as usize].to_vec(),
    };
    let t: Vec<u32> = sub.options[n as usize].iter().filter_map(|o| q.image(o)).collect();
    let heap_p = t.iter().all(|&x| !q.monoid.p[x as usize]);
    phi.push(0);
    for x in 0..q.monoid.order as u32 {
        if stop() {
            return Err(format!("interrupted at heap {n}"));
        }
        if q.monoid.p[x as usize] != heap_p || !mex_fits(&q.monoid, x, &t) {
            continue;
        }
        phi[n as usize] = x;
        match check(&q.monoid, &phi, &sub, budget) {
            Ok(_) => return Ok((Quotient { monoid: q.monoid.clone(), phi }, Added::Kept)),
            Err(Failure::Wrong { .. }) => {}
            Err(Failure::Order(o)) => return Err(too_large(n, o)),
            Err(Failure::Budget(b)) => {
                let order = q.monoid.order;
                return Err(format!(
                    "heap {n}: a check of phi({n}) in Q ({order} elements) needed more than {b} states (the budget)"
                ));
            }
        }
    }
    let base = Quotient { monoid: q.monoid.clone(), phi: phi[..n as usize].to_vec() };
    let mut free: Free = BTreeMap::new();
    free.insert(n, (2, 2));
    let Some(mut trial) = candidate(&base, &free, &sub, n, budget, None) else {
        return Err(format!(
            "heap {n}: a candidate monoid would exceed {} elements (the budget)",
            budget.candidate
        ));
    };
    for _ in 0..budget.rounds {
        if stop() {
            return Err(format!("interrupted at heap {n}"));
        }
        match check(&trial.monoid, &trial.phi, &sub, budget) {
            Ok(_) => {
                let added = Added::Grew { order: trial.monoid.order, p: trial.p_count() };
                return Ok((trial, added));
            }
            Err(Failure::Wrong { sum, p, .. }) => {
                trial = recalibrate(&trial, &sub, n, &sum, !p, budget)?
            }
            Err(Failure::Order(o)) => return Err(too_large(n, o)),
            Err(Failure::Budget(b)) => {
                let order = trial.monoid.order;
                return Err(format!(
                    "heap {n}: a check of a candidate of {order} elements needed more than {b} states (the budget)"
                ));
            }
        }
    }
    Err(format!("heap {n}: no quotient within {} candidates", budget.rounds))
}

/// Why heap n stops when a candidate is too large for the check.
fn too_large(n: u32, order: usize) -> String {
    format!(
        "heap {n}: a candidate of {order} elements is past the outcome check's limit of {} elements",
        verify::MAX_ORDER
    )
}

/// A new candidate that gets the wrong sum right: the fewest of its heaps set free (over the
/// trial candidate), each with an index covering its count in the sum.
fn recalibrate(
    trial: &Quotient,
    heaps: &Heaps,
    n: u32,
    sum: &[u32],
    truth: bool,
    budget: &Budget,
) -> Result<Quotient, String> {
    let mut mult: BTreeMap<u32, u32> = BTreeMap::new();
    for &h in sum {
        *mult.entry(h).or_insert(0) += 1;
    }
    let involved: Vec<u32> = mult.keys().copied().collect();
    for size in 1..=involved.len() {
        for subset in subsets(&involved, size) {
            let mut free: Free = BTreeMap::new();
            for &h in &subset {
                let (i, p) = index_period(&trial.monoid, trial.phi[h as usize]);
                let i = i.max(mult[&h].saturating_sub(1)).max(2);
                free.insert(h, (i, p.max(2).next_multiple_of(2)));
            }
            if let Some(c) = candidate(trial, &free, heaps, n, budget, Some((sum, truth))) {
                return Ok(c);
            }
        }
    }
    Err(format!("heap {n}: no candidate gets the sum {sum:?} right"))
}

/// The subsets of `items` with `size` elements, in lexicographic order.
fn subsets(items: &[u32], size: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..size).collect();
    loop {
        out.push(pick.iter().map(|&i| items[i]).collect());
        let Some(k) = (0..size).rev().find(|&k| pick[k] < items.len() - size + k) else { break };
        pick[k] += 1;
        for j in k + 1..size {
            pick[j] = pick[j - 1] + 1;
        }
    }
    out
}

/// A quick necessary condition for heap n ≡ x: whenever x·y is P, no option of n beside y is.
fn mex_fits(q: &Monoid, x: u32, t: &[u32]) -> bool {
    (0..q.order as u32)
        .all(|y| !q.p[q.mul(x, y) as usize] || t.iter().all(|&o| !q.p[q.mul(o, y) as usize]))
}

/// Φ's preperiod and period as *observed* on heaps 0..=`to`: Φ(n + period) = Φ(n) for every
/// n with preperiod <= n <= to - period, and at least two whole periods were seen. An
/// observation, not a theorem: nothing says the next heap keeps it (Plambeck–Siegel's
/// periodicity theorem for quotients is not checked here), so reports call it a conjecture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ObservedPeriod {
    pub preperiod: u32,
    pub period: u32,
    /// The last heap looked at.
    pub to: u32,
}

/// The least period of Φ over heaps 0..=N (N = `phi.len() - 1`) that has at least two whole
/// periods after its preperiod, with the least preperiod for it; `None` when no period has.
pub fn observed_period(phi: &[u32]) -> Option<ObservedPeriod> {
    let len = phi.len();
    for p in 1..=len / 2 {
        // The least n0 with phi[n + p] == phi[n] for n0 <= n < len - p.
        let mut n0 = len - p;
        while n0 > 0 && phi[n0 - 1 + p] == phi[n0 - 1] {
            n0 -= 1;
        }
        if len - n0 >= 2 * p {
            let to = (len - 1) as u32;
            return Some(ObservedPeriod { preperiod: n0 as u32, period: p as u32, to });
        }
    }
    None
}

/// The quotient of heaps 0..=top heap by heap; `each(n, q, added)` after every heap, and
/// `stop()` asked between heaps. Returns the last proved quotient and, if it stopped early,
/// why.
pub fn build(
    heaps: &Heaps,
    budget: &Budget,
    each: &mut dyn FnMut(u32, &Quotient, &Added),
    stop: &dyn Fn() -> bool,
) -> (Quotient, Option<String>) {
    let mut q = Quotient::trivial();
    for n in 0..=heaps.top() {
        if stop() {
            return (q, Some(format!("interrupted before heap {n}")));
        }
        match add_heap(&q, heaps, n, budget, stop) {
            Ok((next, added)) => {
                q = next;
                each(n, &q, &added);
            }
            Err(why) => return (q, Some(why)),
        }
    }
    (q, None)
}
