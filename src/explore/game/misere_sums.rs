//! Misère sums in `games explore`: the outcome of a sum of positions when the player who makes
//! the last move loses, for games whose moves may split a position into a sum (a `games sg`
//! rule that breaks heaps, such as Kayles `0.77`; a moves program whose replies hold `A + B`).
//!
//! Misère play does not decompose: a sum's outcome is not a function of its parts' outcomes (nor
//! of their misère Grundy values; Conway, ONAG ch. 12). So a sum is decided on one of two bases,
//! each named in the answer:
//!
//! - **the misère-Nim rule** (a `games sg` rule only): when every heap of the sum is at most t and
//!   heaps 0..t are all tame (their genera computed exhaustively by [`crate::sg::misere::genus`]),
//!   the sum is P iff the XOR of the g⁺ is 0 and some heap is firm, or the XOR is 1 and every
//!   heap is fickle (Conway's theorem on tame games, ONAG ch. 12);
//! - **exhaustive search** ([`crate::sg::misere::search`]): a sum (a multiset of positions, the
//!   parts without a move dropped) is P iff it has a move and every move leads to an N-sum; the
//!   empty sum is N. One memo serves every sum of a run, under one budget of positions; past it
//!   the answer is unknown, with the reason.
//!
//! A moves program's positions are the explored positions (vertices of [`Reach`]); a part that
//! was not explored, or that can reach a cycle (a sum then need not end), is unknown, said.
//! A watcher ([`MisereSums::watch`]) may stop a search under way (a signal): that sum, and every
//! later one, is then unknown ("interrupted"), and what was decided stays in the memo.
//! Everything here is I/O-free.

use super::reach::Reach;
use super::space::Space;
use super::table::{NO_VALUE, Table};
use crate::sg::misere::genus::{Genera, tame_p};
use crate::sg::misere::search::{Search, Stopped};
use crate::sg::misere::{Heaps, MAX_HEAP};
use crate::sg::rule::Rule;
use std::cell::RefCell;
use std::collections::HashMap;

/// Positions the search of one run may hold (the table's single positions and the sums asked
/// share it).
pub const SEARCH_BUDGET: u64 = 4_000_000;
/// Positions the genus search behind the misère-Nim rule may examine.
pub const GENUS_BUDGET: u64 = 1_000_000;

/// A sum's outcome: `Ok(Some(true))` P, with the basis in words; `Err(why)` when unknown.
pub type Verdict = Result<(bool, String), String>;

/// Where the parts come from.
enum Parts<'a> {
    /// Heaps of a `games sg` rule: heap h is part h; the misère-Nim rule holds for heaps
    /// 0..=tame.0, whose (g⁺, g⁻) are tame.1.
    Rule { tame: Option<(u32, Vec<(u32, u32)>)> },
    /// The explored positions of a moves program: part v is vertex v; `finite[v]`: no cycle can
    /// be reached from v.
    Graph { reach: &'a Reach, space: &'a Space, finite: Vec<bool> },
}

/// The misère sums of one run: the options of every part, one memo, and the budget.
pub struct MisereSums<'a> {
    heaps: Heaps,
    parts: Parts<'a>,
    memo: RefCell<HashMap<Vec<u32>, bool>>,
    budget: u64,
    watch: Option<Watch>,
}

/// Asked with the positions decided so far, every
/// [`crate::sg::misere::search::WATCH_EVERY`] positions of a search: `true` stops it.
pub type Watch = Box<dyn Fn(u64) -> bool>;

/// Why a sum a watcher stopped is unknown.
pub const INTERRUPTED: &str = "unknown: interrupted by a signal before the misère search ended";

impl<'a> MisereSums<'a> {
    /// Sums of heaps 0..=top of `rule` (top at most [`MAX_HEAP`]): the options of every heap and
    /// the tame prefix (the genus of each heap up to the first wild one, within
    /// [`GENUS_BUDGET`]).
    pub fn of_rule(rule: &Rule, top: u64) -> Result<MisereSums<'static>, String> {
        let top = u32::try_from(top.min(u64::from(MAX_HEAP))).unwrap_or(MAX_HEAP);
        let heaps = Heaps::new(rule, top)?;
        let tame = tame_prefix(&heaps);
        Ok(MisereSums {
            heaps,
            parts: Parts::Rule { tame },
            memo: RefCell::new(HashMap::new()),
            budget: SEARCH_BUDGET,
            watch: None,
        })
    }

    /// Sums of the positions a moves program's search explored (`space`: the box the search
    /// was run on).
    pub fn of_reach(reach: &'a Reach, space: &'a Space) -> MisereSums<'a> {
        let n = reach.expanded();
        let mut options: Vec<Vec<Vec<u32>>> = Vec::with_capacity(n);
        let moves = |w: u32| !reach.options(w as usize).is_empty();
        for v in 0..n {
            let mut list: Vec<Vec<u32>> = reach
                .options(v)
                .map(|o| {
                    let mut parts: Vec<u32> =
                        reach.parts_of(o).iter().copied().filter(|&w| moves(w)).collect();
                    parts.sort_unstable();
                    parts
                })
                .collect();
            list.sort();
            list.dedup();
            options.push(list);
        }
        if options.is_empty() {
            options.push(Vec::new());
        }
        let finite = finite(reach);
        let heaps = Heaps { options, weight: vec![0; n] };
        MisereSums {
            heaps,
            parts: Parts::Graph { reach, space, finite },
            memo: RefCell::new(HashMap::new()),
            budget: SEARCH_BUDGET,
            watch: None,
        }
    }

    /// Every later search asks `watch` (see [`Watch`]); once it says stop, each sum searched
    /// is unknown ([`INTERRUPTED`]).
    pub fn watch(&mut self, watch: Watch) {
        self.watch = Some(watch);
    }

    /// The last heap t with heaps 0..=t all tame (a `games sg` rule), if any.
    pub fn tame_top(&self) -> Option<u32> {
        match &self.parts {
            Parts::Rule { tame } => tame.as_ref().map(|t| t.0),
            Parts::Graph { .. } => None,
        }
    }

    /// Positions decided so far.
    pub fn examined(&self) -> u64 {
        self.memo.borrow().len() as u64
    }

    /// The outcome of the sum of `parts` (each `arity` coordinates; a heap of a rule is one).
    pub fn outcome(&self, parts: &[&[u64]]) -> Verdict {
        let mut ids: Vec<u32> = Vec::with_capacity(parts.len());
        for p in parts {
            ids.push(self.part(p)?);
        }
        if let Parts::Rule { tame: Some((t, gens)) } = &self.parts
            && ids.iter().all(|&h| h <= *t)
        {
            let pairs: Vec<(u32, u32)> = ids.iter().map(|&h| gens[h as usize]).collect();
            let why =
                format!("proved: misère-Nim rule, heaps 0..{t} checked tame (Conway, ONAG ch. 12)");
            return Ok((tame_p(&pairs), why));
        }
        self.searched(&ids)
    }

    /// The part `p` as a heap or vertex number, or why it cannot be searched.
    fn part(&self, p: &[u64]) -> Result<u32, String> {
        match &self.parts {
            Parts::Rule { .. } => {
                let h = p.first().copied().unwrap_or(0);
                if h > u64::from(self.heaps.top()) {
                    return Err(format!(
                        "unknown: heap {h} is beyond {}, the largest heap the misère search takes",
                        self.heaps.top()
                    ));
                }
                Ok(h as u32)
            }
            Parts::Graph { reach, space, finite } => {
                let shown = || p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
                let Some(cell) = space.index(p) else {
                    return Err(format!(
                        "unknown: the part '{}' lies outside the explored box {}, and misère sums are searched only over explored positions",
                        shown(),
                        space.spec()
                    ));
                };
                let v = reach.of_cell(cell);
                if !finite[v] {
                    return Err(format!(
                        "unknown: the part '{}' can reach a cycle, and the exhaustive misère search is for sums that end",
                        shown()
                    ));
                }
                Ok(v as u32)
            }
        }
    }

    /// The sum by the shared exhaustive search.
    fn searched(&self, ids: &[u32]) -> Verdict {
        let watch = self.watch.as_ref().map(|w| w.as_ref() as &dyn Fn(u64) -> bool);
        if watch.is_some_and(|w| w(self.examined())) {
            return Err(INTERRUPTED.to_string());
        }
        let memo = std::mem::take(&mut *self.memo.borrow_mut());
        let mut search = Search::with_memo(&self.heaps, memo, self.budget).watched(watch);
        let before = search.examined();
        let r = search.p_position(ids);
        let now = search.examined();
        *self.memo.borrow_mut() = search.into_memo();
        match r {
            Ok(p) => Ok((
                p,
                format!(
                    "computed: exhaustive misère search of the sum ({} positions, {} new)",
                    now,
                    now - before
                ),
            )),
            Err(Stopped::Interrupted) => Err(INTERRUPTED.to_string()),
            Err(Stopped::OverBudget) => Err(format!(
                "unknown: the exhaustive misère search ran past its budget of {} positions (shared by the run)",
                self.budget
            )),
        }
    }
}

/// The genus of heaps 0, 1, ... up to the first wild one (or the top): the last heap t with
/// heaps 0..=t all tame, and their (g⁺, g⁻); `None` when heap 0's genus is past the budget.
fn tame_prefix(heaps: &Heaps) -> Option<(u32, Vec<(u32, u32)>)> {
    let mut g = Genera::new(heaps, GENUS_BUDGET);
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for n in 0..=heaps.top() {
        match g.heap(n) {
            Ok(genus) if genus.tame() => pairs.push((genus.plus, genus.minus())),
            _ => break,
        }
    }
    let t = pairs.len().checked_sub(1)?;
    Some((t as u32, pairs))
}

/// `finite[v]`: every position reachable from v (through the parts of its options) has no
/// cycle ahead of it. Peels positions whose parts are all finite, from those without a move.
fn finite(reach: &Reach) -> Vec<bool> {
    let n = reach.expanded();
    let mut pending = vec![0u32; n];
    let mut count = vec![0u32; n + 1];
    for (v, pend) in pending.iter_mut().enumerate() {
        for o in reach.options(v) {
            for &w in reach.parts_of(o) {
                *pend += 1;
                count[w as usize + 1] += 1;
            }
        }
    }
    for i in 0..n {
        count[i + 1] += count[i];
    }
    // dependents of w: count[w]..count[w + 1] in `users`.
    let mut users = vec![0u32; count[n] as usize];
    let mut fill = count.clone();
    for v in 0..n {
        for o in reach.options(v) {
            for &w in reach.parts_of(o) {
                users[fill[w as usize] as usize] = v as u32;
                fill[w as usize] += 1;
            }
        }
    }
    let mut done = vec![false; n];
    let mut queue: Vec<u32> = (0..n as u32).filter(|&v| pending[v as usize] == 0).collect();
    while let Some(w) = queue.pop() {
        done[w as usize] = true;
        for &v in &users[count[w as usize] as usize..count[w as usize + 1] as usize] {
            pending[v as usize] -= 1;
            if pending[v as usize] == 0 {
                queue.push(v);
            }
        }
    }
    done
}

/// The misère outcome of every cell of `table` (a single position each), by `sums`: `P`/`N`,
/// or `?` past the search (with a note saying why, and the first such cell); a note says on
/// what the outcomes rest.
pub fn fill(table: &mut Table, sums: &MisereSums, what: &str) {
    let arity = table.space.arity();
    let mut first_unknown: Option<(usize, String)> = None;
    let (mut unknown, mut tame) = (0usize, 0usize);
    for cell in 0..table.cells() {
        let p = table.space.position(cell);
        table.grundy[cell] = NO_VALUE;
        match sums.outcome(&[&p[..arity]]) {
            Ok((is_p, basis)) => {
                table.outcome[cell] = if is_p { b'P' } else { b'N' };
                tame += usize::from(basis.starts_with("proved"));
            }
            Err(why) => {
                table.outcome[cell] = b'?';
                unknown += 1;
                first_unknown.get_or_insert((cell, why));
            }
        }
    }
    table.explored = table.explored.max(sums.examined() as usize);
    let searched = table.cells() - unknown - tame;
    let mut basis = Vec::new();
    if tame > 0 {
        let t = sums.tame_top().unwrap_or(0);
        basis.push(format!(
            "{tame} by the misère-Nim rule (heaps 0..{t} checked tame; Conway, ONAG ch. 12)"
        ));
    }
    if searched > 0 || tame == 0 {
        basis.push(format!(
            "{searched} by exhaustive search over the sums they reach ({} positions)",
            sums.examined()
        ));
    }
    table.notes.push(format!(
        "misère outcomes of {what}: {}; a move may leave a sum, and misère sums do not decompose",
        basis.join(", ")
    ));
    if let Some((cell, why)) = first_unknown {
        let p = table.space.position(cell);
        let at = p[..arity].iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        table.notes.push(format!("{unknown} positions of the box are ?, the first at {at}: {why}"));
    }
}
