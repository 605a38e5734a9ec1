//! The search: expressions of the grammar enumerated shortest first and fitted to a table.
//!
//! Fitting is vectorised over a *sample* of the decided cells (all of them up to
//! [`SAMPLE`], else that many in a scattered order): the expressions of up to three nodes are
//! evaluated once over the sample and kept in a pool, one per value-vector (a hash of the
//! vector finds equivalent expressions, which are kept once, the shortest). Larger candidates
//! (four and five nodes) are compositions of pool entries checked cell by cell against the
//! target, stopping at the first mismatch (almost all stop at the first or second cell), and
//! conditionals take a condition from the pool (a 0/1 vector) and, for each side, the shortest
//! pool entry that fits there. A candidate that fits the sample is then checked on every
//! decided cell of the table; only those are returned. Everything counts against a
//! [`Budget`] of candidates, said in the formula's words: the search stops by its candidates
//! alone, so the same table gives the same formulas on a quiet or a loaded machine. A wall-clock
//! cap stays only as a safety net far above what the default candidates need; when it cuts a
//! search short, [`take_cap_note`] says so (the caller puts it in the report's notes).

use super::expr::{
    Binary, Expr, Op, UNDEF, Unary, binaries, binary, line_arithmetic, line_sequences, unaries,
    unary,
};
use super::{Branch, Grammar, Pol};
use crate::explore::pattern::{Frame, MIN_EVIDENCE, scattered};
use crate::explore::table::{LOOPY, NO_VALUE, Table};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The most cells a pool vector holds.
pub const SAMPLE: usize = 1024;
/// The most free coordinates the grammar searches.
pub const MAX_FREE: usize = 3;
/// The most formulas returned.
const MAX_FOUND: usize = 2;
/// The most conditions tried in the two-condition level (lines first).
const MAX_PAIR_CONDS: usize = 120;

/// What a search may spend: candidates (the work budget, which ends a search) and a wall-clock
/// safety cap (`None`: none), far above what the candidates need.
#[derive(Debug, Clone)]
pub struct Budget {
    pub candidates: u64,
    pub cap: Option<Duration>,
    /// Search the outcomes where no formula of the values is found (the default).
    pub outcomes: bool,
}

/// The candidate budget of every later search in this process (`explore --search-budget`).
static CANDIDATES: AtomicU64 = AtomicU64::new(DEFAULT_CANDIDATES);
/// The safety cap in milliseconds (`explore --search-time`; 0: no cap).
static CAP_MS: AtomicU64 = AtomicU64::new(DEFAULT_CAP_MS);
/// Searches of this process cut by the cap since the last [`take_cap_note`].
static CAPPED: AtomicU64 = AtomicU64::new(0);

/// The default safety cap: 60 s, about a hundred times what the default candidates take on a
/// quiet machine for the largest tables searched (a 100 x 100 table, a line of 1,000).
pub const DEFAULT_CAP_MS: u64 = 60_000;

/// The default candidate budget: about half a second on a quiet machine for a table with no
/// formula (a pool entry counts as an eighth of the sample; a composition as one).
pub const DEFAULT_CANDIDATES: u64 = 15_000_000;

/// Sets the budget of every later search in this process: `candidates` (0: no grammar search)
/// and the safety cap (`None`: no cap).
pub fn set_budget(candidates: u64, cap: Option<Duration>) {
    CANDIDATES.store(candidates, Ordering::Relaxed);
    let ms = cap.map_or(0, |c| u64::try_from(c.as_millis()).unwrap_or(u64::MAX).max(1));
    CAP_MS.store(ms, Ordering::Relaxed);
}

/// A note for the report when the safety cap cut a search since the last call (then the
/// formulas found may differ from a run on a faster or quieter machine); `None` otherwise.
pub fn take_cap_note() -> Option<String> {
    let n = CAPPED.swap(0, Ordering::Relaxed);
    let ms = CAP_MS.load(Ordering::Relaxed);
    (n > 0).then(|| {
        format!(
            "the grammar search was cut {n} time{} by its safety cap of {} (--search-time) before its candidate budget (--search-budget) was spent: the formulas found may differ on a faster machine",
            if n == 1 { "" } else { "s" },
            seconds(ms)
        )
    })
}

/// Milliseconds as seconds, exactly (`1.5 s`, `60 s`).
pub fn seconds(ms: u64) -> String {
    let frac = format!("{:03}", ms % 1000);
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() { format!("{} s", ms / 1000) } else { format!("{}.{frac} s", ms / 1000) }
}

impl Default for Budget {
    fn default() -> Budget {
        let ms = CAP_MS.load(Ordering::Relaxed);
        Budget {
            candidates: CANDIDATES.load(Ordering::Relaxed),
            cap: (ms > 0).then(|| Duration::from_millis(ms)),
            outcomes: true,
        }
    }
}

/// A candidate of four or five nodes: operations on pool entries.
#[derive(Debug, Clone, Copy)]
enum Plan {
    U(Unary, usize),
    B(Binary, usize, usize),
    UU(Unary, Unary, usize),
    UB(Unary, Binary, usize, usize),
}

/// The expressions of up to three nodes, one per value-vector on the sample.
#[derive(Default)]
struct Pool {
    exprs: Vec<Expr>,
    vals: Vec<i64>,
    s: usize,
    index: HashMap<u64, Vec<usize>>,
    /// `by_size[k]`: the ids of the entries of `k` nodes.
    by_size: [Vec<usize>; 4],
    /// Entries tried alone and as conditions, never inside a larger expression (a line's rarer
    /// sequences: they would crowd out the compositions).
    flat: Vec<usize>,
    /// A line's arithmetic functions (in `flat` too): composed only as one operand of a
    /// binary operation, before the other compositions.
    arith: Vec<usize>,
}

impl Pool {
    fn row(&self, i: usize) -> &[i64] {
        &self.vals[i * self.s..(i + 1) * self.s]
    }

    /// Adds `u` applied to each entry of `ids`.
    fn apply(&mut self, u: Unary, ids: &[usize]) {
        for &id in ids {
            let v: Vec<i64> = self.row(id).iter().map(|&x| unary(u, x)).collect();
            let mut e = self.exprs[id].clone();
            e.0.push(Op::Un(u));
            self.add(e, v);
        }
    }

    /// Adds `e` unless its vector is nowhere defined or already in the pool.
    fn add(&mut self, e: Expr, v: Vec<i64>) {
        if v.iter().all(|&x| x == UNDEF) {
            return;
        }
        // A multiplicative hash of the vector (fast; collisions are compared in full).
        let key = v
            .iter()
            .fold(0u64, |h, &x| (h.rotate_left(5) ^ x as u64).wrapping_mul(0x517c_c1b7_2722_0a95));
        if let Some(ids) = self.index.get(&key)
            && ids.iter().any(|&i| self.row(i) == v.as_slice())
        {
            return;
        }
        let id = self.exprs.len();
        self.index.entry(key).or_default().push(id);
        self.by_size[e.size().min(3)].push(id);
        self.exprs.push(e);
        self.vals.extend_from_slice(&v);
    }
}

/// The search's state: the sample, the target and what was spent.
struct Ctx<'a> {
    t: &'a Table,
    frame: Frame,
    s: usize,
    /// Per free coordinate, its value at each sample cell.
    xs: Vec<Vec<i64>>,
    /// The target values (values search), else `None`.
    values: Option<Vec<i64>>,
    /// Is each sample cell P?
    p: Vec<bool>,
    spent: u64,
    budget: Budget,
    /// When the safety cap cuts the search (`None`: no cap).
    cap_end: Option<Instant>,
    /// Did the cap cut it?
    capped: std::cell::Cell<bool>,
    /// The candidates the current stage may count up to.
    cand_end: u64,
}

impl Ctx<'_> {
    /// Is the target one value (one outcome) on the sample cells `idx`?
    fn uniform(&self, mut idx: impl Iterator<Item = u32>) -> bool {
        let Some(first) = idx.next() else { return true };
        match &self.values {
            Some(tv) => idx.all(|j| tv[j as usize] == tv[first as usize]),
            None => idx.all(|j| self.p[j as usize] == self.p[first as usize]),
        }
    }

    /// Is sample cell `j` at or past the frame's start on every free coordinate?
    fn inside(&self, j: usize) -> bool {
        self.xs.iter().zip(&self.frame.lo).all(|(x, &lo)| x[j] >= lo as i64)
    }

    /// Is the stage's share of candidates spent (or the safety cap passed)?
    fn out_of_budget(&self) -> bool {
        if self.spent >= self.cand_end {
            return true;
        }
        if self.capped.get() || self.cap_end.is_some_and(|end| Instant::now() >= end) {
            self.capped.set(true);
            return true;
        }
        false
    }

    /// Does `f` fit the target on the sample cells `idx`? How it reads, if so.
    fn fit(&self, idx: &[u32], f: impl Fn(usize) -> i64) -> Option<Pol> {
        if let Some(tv) = &self.values {
            let ok = idx.iter().all(|&j| f(j as usize) == tv[j as usize]);
            return ok.then_some(Pol::Value);
        }
        let (mut zero, mut nonzero) = (true, true);
        for &j in idx {
            let v = f(j as usize);
            if v == UNDEF {
                return None;
            }
            let p = self.p[j as usize];
            zero &= (v == 0) == p;
            nonzero &= (v != 0) == p;
            if !zero && !nonzero {
                return None;
            }
        }
        if zero { Some(Pol::Zero) } else { Some(Pol::NonZero) }
    }

    /// Does the formula predict every decided cell of the table?
    fn full(&self, g: &Grammar) -> bool {
        use crate::explore::pattern::Formula;
        let mut n = 0usize;
        for cell in 0..self.t.cells() {
            let seen = self.t.outcome[cell];
            let p = self.t.position(cell);
            let below = self.frame.free.iter().zip(&self.frame.lo).any(|(&a, &lo)| p[a] < lo);
            if seen == b'?' || below {
                continue;
            }
            let Some(a) = g.at(&p) else { return false };
            let ok = match &self.values {
                Some(_) => a.value.is_some_and(|v| Some(v as u32) == self.t.value(cell)),
                None => a.outcome == seen,
            };
            if !ok {
                return false;
            }
            n += 1;
        }
        n >= MIN_EVIDENCE
    }

    fn note(&self, budget_hit: bool) -> String {
        let kind = if self.values.is_some() { "values" } else { "outcomes" };
        format!(
            "grammar search of the {kind}: {} candidates{}; budget {} candidates",
            self.spent,
            if budget_hit { ", budget exhausted" } else { "" },
            self.budget.candidates,
        )
    }
}

/// The shortest formulas of the grammar that reproduce `t` (values if the table has them,
/// else the outcomes), at most [`MAX_FOUND`].
///
/// Stages, each with a share of the time left: plain expressions on the whole table; plain
/// expressions from a later start ([`starts`]: the first few values of a line, or the first
/// rows and columns of a plane, are exceptions the formula does not speak for); then
/// conditionals on the whole table. Values are searched before outcomes and keep at most
/// three fifths of the budget for themselves.
pub fn search(t: &Table, budget: &Budget) -> Vec<Grammar> {
    if budget.candidates == 0 {
        return Vec::new();
    }
    let start = Instant::now();
    let mut spent = 0u64;
    let mut pool: Option<Pool> = None;
    let base = Frame::of(t).lo;
    // Shortest first across the starts: up to four nodes from each start, then five, then
    // the conditionals.
    let skips: Vec<u64> = std::iter::once(0).chain(starts(t)).collect();
    let mut stages: Vec<(u64, usize)> = Vec::new();
    for max in [4, 5] {
        stages.extend(skips.iter().map(|&s| (s, max)));
    }
    // Conditionals on the whole table, then from the first later start (`n >= 1`).
    stages.extend(skips.iter().take(2).map(|&s| (s, 0)));
    for values in [true, false] {
        if !values && !budget.outcomes {
            continue;
        }
        // Values where every decided cell has one (cells left `?` say nothing).
        let finite =
            |c: usize| t.outcome[c] == b'?' || (t.grundy[c] != NO_VALUE && t.grundy[c] != LOOPY);
        if values && (t.misere || !(0..t.cells()).all(finite)) {
            continue;
        }
        let Some(mut ctx) = setup(t, values, budget, start) else { continue };
        ctx.spent = spent;
        // One pool, built within the whole budget and shared by every stage (values and
        // outcomes sample the same cells; a later start is a subset of them).
        let pool = pool.get_or_insert_with(|| build_pool(&mut ctx));
        // Values may count three fifths of the candidates, the outcomes the rest (the
        // candidates alone end the search: the same result on a busy machine; the cap is
        // only a safety net over the whole search).
        let left = budget.candidates.saturating_sub(ctx.spent);
        let group_cands = if values { left / 5 * 3 } else { left };
        let cand_cap = ctx.spent + group_cands;
        for &(skip, max) in &stages {
            ctx.frame.lo = base.iter().map(|&l| l + skip).collect();
            let inside: Vec<u32> = (0..ctx.s as u32).filter(|&j| ctx.inside(j as usize)).collect();
            if inside.len() < MIN_EVIDENCE {
                continue;
            }
            // Each stage may spend a fixed share of its group's budget (sixteenths: four
            // nodes 1, five nodes 4 on the whole table and 2 from a later start, the
            // conditionals 4), the last conditionals what is left.
            let sixteenths: u32 = match (max, skip) {
                (4, _) => 1,
                (5, 0) | (0, 0) => 4,
                (5, _) => 2,
                _ => 16,
            };
            ctx.cand_end = (ctx.spent + group_cands / 16 * u64::from(sixteenths)).min(cand_cap);
            let out = run(&mut ctx, pool, &inside, max);
            if !out.is_empty() || ctx.capped.get() {
                if ctx.capped.get() {
                    CAPPED.fetch_add(1, Ordering::Relaxed);
                }
                return out;
            }
        }
        spent = ctx.spent;
    }
    Vec::new()
}

/// The later starts tried: how many first values of each free coordinate a formula may leave
/// to the table (at most a quarter of the box's width; a line: 1, 2, 4 and 8; a plane or a
/// space: its first row and column, or two).
fn starts(t: &Table) -> Vec<u64> {
    let frame = Frame::of(t);
    let width = frame.lo.iter().zip(&frame.hi).map(|(l, h)| h - l + 1).min().unwrap_or(0);
    let tries: &[u64] = if frame.free.len() == 1 { &[1, 2, 4, 8] } else { &[1, 2] };
    tries.iter().copied().filter(|&s| 4 * s <= width && width - s >= MIN_EVIDENCE as u64).collect()
}

/// The sample and target of a table, if the grammar applies.
fn setup<'a>(t: &'a Table, values: bool, budget: &Budget, start: Instant) -> Option<Ctx<'a>> {
    let frame = Frame::of(t);
    let k = frame.free.len();
    if k == 0 || k > MAX_FREE {
        return None;
    }
    if !values && t.outcome.iter().any(|&o| o != b'P' && o != b'N' && o != b'?') {
        return None;
    }
    let decided: Vec<usize> = (0..t.cells()).filter(|&c| t.outcome[c] != b'?').collect();
    if decided.len() < MIN_EVIDENCE {
        return None;
    }
    let order: Vec<usize> = scattered(decided.len()).take(SAMPLE).map(|i| decided[i]).collect();
    let mut xs = vec![Vec::with_capacity(order.len()); k];
    for &c in &order {
        let p = t.position(c);
        for (i, &a) in frame.free.iter().enumerate() {
            xs[i].push(i64::try_from(p[a]).ok()?);
        }
    }
    let values = values.then(|| order.iter().map(|&c| t.grundy[c] as i64).collect());
    let p = order.iter().map(|&c| t.outcome[c] == b'P').collect();
    let budget = budget.clone();
    let cap_end = budget.cap.and_then(|c| start.checked_add(c));
    let cand_end = budget.candidates;
    Some(Ctx {
        t,
        frame,
        s: order.len(),
        xs,
        values,
        p,
        spent: 0,
        budget,
        cap_end,
        capped: std::cell::Cell::new(false),
        cand_end,
    })
}

/// The search proper on a prepared context: plain expressions of up to `max` nodes, shortest
/// first, or (`max` 0) conditionals.
fn run(ctx: &mut Ctx, pool: &Pool, all: &[u32], max: usize) -> Vec<Grammar> {
    let mut found: Vec<Grammar> = Vec::new();
    let accept = |ctx: &Ctx, rules: Vec<(Expr, Branch)>, last: Branch, found: &mut Vec<_>| {
        let fallback = ctx.values.is_none() && ctx.t.all_finite();
        let g = Grammar { frame: ctx.frame.clone(), rules, last, note: String::new(), fallback };
        if ctx.full(&g) {
            found.push(g);
        }
        found.len() >= MAX_FOUND
    };
    if max == 0 {
        for (rules, last) in conditionals(ctx, pool, all) {
            if accept(ctx, rules, last, &mut found) {
                break;
            }
        }
    } else {
        let mut take = |ctx: &Ctx, b, found: &mut Vec<_>| accept(ctx, Vec::new(), b, found);
        plain(ctx, pool, all, max, &mut take, &mut found);
    }
    let note = ctx.note(ctx.spent >= ctx.budget.candidates);
    for g in &mut found {
        g.note = note.clone();
    }
    found
}

/// Plain expressions of up to `max` nodes that fit, shortest first: the pool's, then
/// compositions of four and five nodes; `accept` checks one on the whole table and says when
/// enough were found.
fn plain(
    ctx: &mut Ctx,
    pool: &Pool,
    all: &[u32],
    max: usize,
    accept: &mut dyn FnMut(&Ctx, Branch, &mut Vec<Grammar>) -> bool,
    found: &mut Vec<Grammar>,
) {
    for size in 1..=3 {
        let flat = if size == 2 { &pool.flat[..] } else { &[] };
        for &id in pool.by_size[size].iter().chain(flat) {
            ctx.spent += 1;
            let row = pool.row(id);
            if let Some(pol) = ctx.fit(all, |j| row[j]) {
                let b = Branch { expr: pool.exprs[id].clone(), pol };
                if accept(ctx, b, found) {
                    return;
                }
            }
        }
        if !found.is_empty() {
            return;
        }
    }
    for size in 4..=max {
        if found.is_empty() && !ctx.out_of_budget() {
            for (plan, pol) in composed(ctx, pool, all, size, MAX_FOUND * 4) {
                let b = Branch { expr: plan_expr(pool, plan), pol };
                if accept(ctx, b, found) {
                    return;
                }
            }
        }
    }
}

/// The pool: atoms, then unary and binary operations up to three nodes, within the budget.
fn build_pool(ctx: &mut Ctx) -> Pool {
    let s = ctx.s;
    let mut pool = Pool { s, ..Pool::default() };
    for (i, x) in ctx.xs.iter().enumerate() {
        for d in [0i64, 1, -1] {
            pool.add(
                Expr(vec![Op::Var(i, d)]),
                x.iter().map(|&v| v.checked_add(d).unwrap_or(UNDEF)).collect(),
            );
        }
    }
    for c in 0..=3 {
        pool.add(Expr(vec![Op::Const(c)]), vec![c; s]);
    }
    // The box's first two lines of each coordinate, named as lines (`a = 0`), before any
    // expression with the same values.
    for (i, lo) in ctx.frame.lo.iter().enumerate() {
        for c in [*lo as i64, *lo as i64 + 1] {
            let v = ctx.xs[i].iter().map(|&x| i64::from(x == c)).collect();
            pool.add(Expr(vec![Op::Var(i, 0), Op::Const(c), Op::Bin(Binary::Eq)]), v);
        }
    }
    let (us, bs) = (unaries(), binaries());
    // A pool entry is evaluated on every sample cell: it counts as many candidates as a
    // composition checked on an eighth of them.
    let weight = (s as u64 / 8).max(1);
    for size in 2..=3 {
        for &u in &us {
            let ids = pool.by_size[size - 1].clone();
            ctx.spent += weight * ids.len() as u64;
            pool.apply(u, &ids);
        }
        if size == 3 {
            for &b in &bs {
                for l in pool.by_size[1].clone() {
                    for r in pool.by_size[1].clone() {
                        if l == r || (b.commutes() && r < l) {
                            continue;
                        }
                        ctx.spent += weight;
                        let v = pool
                            .row(l)
                            .iter()
                            .zip(pool.row(r))
                            .map(|(&x, &y)| binary(b, x, y))
                            .collect();
                        let mut e = pool.exprs[l].clone();
                        e.0.extend_from_slice(&pool.exprs[r].0);
                        e.0.push(Op::Bin(b));
                        pool.add(e, v);
                    }
                }
            }
        }
        if ctx.out_of_budget() {
            break;
        }
    }
    // A line's arithmetic functions (of its coordinate alone: they may combine with other
    // entries, never nest) and its rarer sequences (tried alone).
    let line = ctx.xs.len() == 1;
    let max = ctx.frame.hi.iter().copied().max().unwrap_or(0);
    let (before, atoms) = (pool.by_size[2].len(), pool.by_size[1].clone());
    if line {
        line_arithmetic(max).into_iter().for_each(|u| pool.apply(u, &atoms));
    }
    pool.arith = pool.by_size[2].split_off(before);
    if line {
        line_sequences().into_iter().for_each(|u| pool.apply(u, &atoms));
    }
    pool.flat = pool.arith.iter().copied().chain(pool.by_size[2].split_off(before)).collect();
    pool
}

/// The value of a plan at sample cell `j`.
fn plan_at(pool: &Pool, plan: Plan, j: usize) -> i64 {
    let v = |id: usize| pool.vals[id * pool.s + j];
    match plan {
        Plan::U(u, a) => unary(u, v(a)),
        Plan::B(b, a, c) => binary(b, v(a), v(c)),
        Plan::UU(u2, u1, a) => unary(u2, unary(u1, v(a))),
        Plan::UB(u, b, a, c) => unary(u, binary(b, v(a), v(c))),
    }
}

/// The expression of a plan.
fn plan_expr(pool: &Pool, plan: Plan) -> Expr {
    let mut ops = Vec::new();
    let mut tail = Vec::new();
    match plan {
        Plan::U(u, a) => {
            ops.extend_from_slice(&pool.exprs[a].0);
            tail.push(Op::Un(u));
        }
        Plan::UU(u2, u1, a) => {
            ops.extend_from_slice(&pool.exprs[a].0);
            tail.extend([Op::Un(u1), Op::Un(u2)]);
        }
        Plan::B(b, a, c) | Plan::UB(_, b, a, c) => {
            ops.extend_from_slice(&pool.exprs[a].0);
            ops.extend_from_slice(&pool.exprs[c].0);
            tail.push(Op::Bin(b));
            if let Plan::UB(u, ..) = plan {
                tail.push(Op::Un(u));
            }
        }
    };
    ops.extend(tail);
    Expr(ops)
}

/// The plans of `size` nodes (4 or 5) that fit the sample cells `idx`, at most `limit`, in
/// order (binary forms before unary towers), within the budget.
fn composed(
    ctx: &mut Ctx,
    pool: &Pool,
    idx: &[u32],
    size: usize,
    limit: usize,
) -> Vec<(Plan, Pol)> {
    let (us, bs) = (unaries(), binaries());
    let mut plans: Vec<Plan> = Vec::new();
    let mut out = Vec::new();
    let flush = |ctx: &mut Ctx, plans: &mut Vec<Plan>, out: &mut Vec<(Plan, Pol)>| {
        for &p in plans.iter() {
            if let Some(pol) = ctx.fit(idx, |j| plan_at(pool, p, j)) {
                out.push((p, pol));
                if out.len() >= limit {
                    break;
                }
            }
        }
        ctx.spent += plans.len() as u64;
        plans.clear();
        out.len() >= limit || ctx.out_of_budget()
    };
    for &b in &bs {
        plans.extend(arith_plans(pool, b, size));
        if flush(ctx, &mut plans, &mut out) {
            return out;
        }
    }
    let pairs: &[(usize, usize)] =
        if size == 4 { &[(1, 2), (2, 1)] } else { &[(1, 3), (3, 1), (2, 2)] };
    for &b in &bs {
        for &(i, k) in pairs {
            if b.commutes() && i > k {
                continue;
            }
            for &a in &pool.by_size[i] {
                plans.extend(pool.by_size[k].iter().map(|&c| Plan::B(b, a, c)));
            }
            if flush(ctx, &mut plans, &mut out) {
                return out;
            }
        }
    }
    for &u in &us {
        if size == 4 {
            plans.extend(pool.by_size[3].iter().map(|&a| Plan::U(u, a)));
        } else {
            for &b in &bs {
                for &(i, k) in &[(1usize, 2usize), (2, 1)] {
                    if !(b.commutes() && i > k) {
                        for &a in &pool.by_size[i] {
                            plans.extend(pool.by_size[k].iter().map(|&c| Plan::UB(u, b, a, c)));
                        }
                    }
                }
            }
        }
        if flush(ctx, &mut plans, &mut out) {
            return out;
        }
    }
    if size == 5 {
        for &u2 in &us {
            for &u1 in &us {
                plans.extend(pool.by_size[3].iter().map(|&a| Plan::UU(u2, u1, a)));
                if flush(ctx, &mut plans, &mut out) {
                    return out;
                }
            }
        }
    }
    out
}

/// A line's arithmetic functions (`pool.arith`) with an entry of `size - 3` nodes, on either
/// side of `b`: tried before the other compositions of `size` nodes.
fn arith_plans(pool: &Pool, b: Binary, size: usize) -> Vec<Plan> {
    let mut plans = Vec::new();
    for &a in &pool.arith {
        for &c in &pool.by_size[size - 3] {
            plans.push(Plan::B(b, a, c));
            if !b.commutes() {
                plans.push(Plan::B(b, c, a));
            }
        }
    }
    plans
}

/// The shortest expression (of at most `max` nodes: the pool, then plans) that fits the
/// sample cells `idx`.
fn first_fit(ctx: &mut Ctx, pool: &Pool, idx: &[u32], max: usize) -> Option<Branch> {
    for size in 1..=max.min(3) {
        for &id in &pool.by_size[size] {
            ctx.spent += 1;
            let row = pool.row(id);
            if let Some(pol) = ctx.fit(idx, |j| row[j]) {
                return Some(Branch { expr: pool.exprs[id].clone(), pol });
            }
        }
    }
    for size in 4..=max {
        if let Some(&(plan, pol)) = composed(ctx, pool, idx, size, 1).first() {
            return Some(Branch { expr: plan_expr(pool, plan), pol });
        }
    }
    None
}

/// A conditional: its rules and its last branch.
type Cond = (Vec<(Expr, Branch)>, Branch);

/// Conditionals that fit the sample, shortest first: one whole line (`a = c`) and the rest up
/// to five nodes; one condition with branches of up to three nodes; then two conditions.
fn conditionals(ctx: &mut Ctx, pool: &Pool, all: &[u32]) -> Vec<Cond> {
    let mut conds: Vec<usize> = (1..=3)
        .flat_map(|s| pool.by_size[s].iter().copied())
        .chain(pool.flat.iter().copied())
        .filter(|&id| {
            let r = pool.row(id);
            let ones = r.iter().filter(|&&v| v == 1).count();
            // Each side of a condition holds evidence of its own: a composite condition true
            // on a handful of cells is an exception list, not a rule to carry beyond the box;
            // a sequence of a coordinate (`n` a power of 4) may show only three members.
            let least = if pool.exprs[id].size() <= 2 { 3 } else { MIN_EVIDENCE };
            r.iter().all(|&v| v == 0 || v == 1) && ones >= least && ones + least <= r.len()
        })
        .collect();
    // Whole lines (`a = c`) first; then conditions where the table is one value (or one
    // outcome), the usual exception (a diagonal of N-positions, the powers of 4); then by size.
    conds.sort_by_cached_key(|&id| {
        let uniform = ctx.uniform(all.iter().copied().filter(|&j| pool.row(id)[j as usize] == 1));
        (!is_line(&pool.exprs[id]), !uniform, pool.exprs[id].size())
    });
    let lines: Vec<usize> = conds.iter().copied().filter(|&c| is_line(&pool.exprs[c])).collect();
    // Every condition with short branches first (lines lead the order), then whole
    // exceptional lines with a last branch of up to five nodes (each costs a search).
    let (mut found, then_fits) = one_condition(ctx, pool, all, &conds, 3);
    if found.is_empty() {
        found = one_condition(ctx, pool, all, &lines, 5).0;
    }
    if found.is_empty() {
        let pair_conds = &conds[..conds.len().min(MAX_PAIR_CONDS)];
        found = two_conditions(ctx, pool, &then_fits, pair_conds, 3);
    }
    if found.is_empty() {
        let line_fits: Vec<_> =
            then_fits.iter().filter(|f| is_line(&pool.exprs[f.0])).cloned().collect();
        found = two_conditions(ctx, pool, &line_fits, &lines, 5);
    }
    found.sort_by_key(|(r, l)| size_of(r, l));
    found
}

/// The cells of `within` where pool entry `id` is 1, and the others.
fn split(pool: &Pool, id: usize, within: &[u32]) -> (Vec<u32>, Vec<u32>) {
    within.iter().partition(|&&j| pool.row(id)[j as usize] == 1)
}

/// A condition, the branch that fits where it holds, and the cells where it does not.
type ThenFit = (usize, Branch, Vec<u32>);

/// Conditionals of one condition from `conds`, the last branch up to `deep` nodes; and the
/// conditions whose first branch fits but not the rest (for a second condition).
fn one_condition(
    ctx: &mut Ctx,
    pool: &Pool,
    all: &[u32],
    conds: &[usize],
    deep: usize,
) -> (Vec<Cond>, Vec<ThenFit>) {
    let (mut found, mut then_fits) = (Vec::new(), Vec::new());
    for &c in conds {
        if ctx.out_of_budget() {
            break;
        }
        let (yes, no) = split(pool, c, all);
        let Some(b1) = first_fit(ctx, pool, &yes, 3) else { continue };
        if let Some(b2) = first_fit(ctx, pool, &no, deep) {
            found.push((vec![(pool.exprs[c].clone(), b1)], b2));
        } else if then_fits.len() < MAX_PAIR_CONDS {
            then_fits.push((c, b1, no));
        }
    }
    (found, then_fits)
}

/// Conditionals of two conditions: a first from `firsts`, a second from `conds`, the last
/// branch up to `deep` nodes.
fn two_conditions(
    ctx: &mut Ctx,
    pool: &Pool,
    firsts: &[ThenFit],
    conds: &[usize],
    deep: usize,
) -> Vec<Cond> {
    let mut found = Vec::new();
    for (c1, b1, rest) in firsts {
        for &c2 in conds {
            if ctx.out_of_budget() {
                return found;
            }
            let (yes, no) = split(pool, c2, rest);
            if c2 == *c1 || yes.len() < MIN_EVIDENCE || no.len() < MIN_EVIDENCE {
                continue;
            }
            let Some(b2) = first_fit(ctx, pool, &yes, 2) else { continue };
            if let Some(b3) = first_fit(ctx, pool, &no, deep) {
                let rules =
                    vec![(pool.exprs[*c1].clone(), b1.clone()), (pool.exprs[c2].clone(), b2)];
                found.push((rules, b3));
            }
        }
    }
    found
}

fn size_of(rules: &[(Expr, Branch)], last: &Branch) -> usize {
    rules.iter().map(|(c, b)| c.size() + b.expr.size() + 1).sum::<usize>() + last.expr.size()
}

/// Is `e` a whole line `x = c` (a coordinate equal to a constant)?
fn is_line(e: &Expr) -> bool {
    matches!(e.0.as_slice(), [Op::Var(_, 0), Op::Const(_), Op::Bin(Binary::Eq)])
}
