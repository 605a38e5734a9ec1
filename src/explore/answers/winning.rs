//! `--winning POS`: every option of a position whose value is the target (0 by default: the
//! moves to a P-position), in the game's own terms (each option a sum, a list of positions),
//! with the basis of the list: `computed` (every option's value read off the table), `proved:
//! THEOREM` (values from a theorem), `conjecture` (some value from an observed pattern), or a
//! note of how many options had no known value.
//!
//! Wythoff's game and Nim answer from their theorems at any size (no option is listed one by
//! one); the other built-in games list their options within a [`Budget`] of positions listed
//! (`--max-options`, default [`MAX_OPTIONS`]), estimated before the list is made.

use crate::explore::builtin::Builtin;
use crate::explore::families::Family;
use crate::explore::pattern::{Basis, Covers, Pattern};
use crate::explore::space::{Coords, MAX_COORD};
use crate::explore::table::Table;
use crate::theory::take_same::Mode;
use crate::theory::wythoff;

/// The default budget: the most positions listed for one position's options.
pub const MAX_OPTIONS: usize = 1 << 20;

/// The budget rule of `--winning`, as for every list that can grow past the size of what was
/// asked: the size of the list is estimated before it is made (closed forms for the splitting
/// rules and products, binomial sums for coin subsets), counted in positions listed (an option
/// that is a sum of k positions counts k, an option to the empty game 1); past the bound the
/// answer is a refusal naming the bound and `--max-options`, which raises it, and a list whose
/// size cannot be estimated stops as soon as it passes the bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most positions listed for one position's options.
    pub listed: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { listed: MAX_OPTIONS as u64 }
    }
}

impl Budget {
    /// Does a list of (an estimated) `estimate` positions fit?
    pub fn admits(&self, estimate: u128) -> bool {
        estimate <= u128::from(self.listed)
    }

    /// The basis of a refused list.
    pub fn refusal(&self) -> String {
        format!(
            "unknown: more than {} positions to list (the bound of --max-options, which raises it)",
            self.listed
        )
    }
}

/// The winning moves of one position.
#[derive(Debug, Clone)]
pub struct Winning {
    /// The position (a sum: its parts' coordinates one after the other).
    pub position: Vec<u64>,
    /// A sum asked (`--winning '3 + 5 + 8'`, misère play): its parts; empty for one position.
    pub parts: Vec<Vec<u64>>,
    /// Each option as a sum of positions (one part for most games; the heads turned, for
    /// coin-turning games).
    pub moves: Vec<Vec<Vec<u64>>>,
    pub basis: String,
}

/// What was computed, as the winning moves read it: a table, or the outcome bits of a box too
/// large for one ([`crate::explore::big`]).
pub trait Known {
    /// The number of coordinates.
    fn arity(&self) -> usize;
    /// Misère play (outcomes only).
    fn misere(&self) -> bool;
    /// The integer value (if any) and the outcome (`P`, `N`, `D`, `?`) of a computed position;
    /// `None` for a position that was not computed.
    fn known(&self, p: &Coords) -> Option<(Option<u32>, u8)>;
}

impl Known for Table {
    fn arity(&self) -> usize {
        self.space.arity()
    }
    fn misere(&self) -> bool {
        self.misere
    }
    fn known(&self, p: &Coords) -> Option<(Option<u32>, u8)> {
        self.space.index(p).map(|cell| (self.value(cell), self.outcome[cell]))
    }
}

/// The winning moves of `pos` to value `target` (normal play) or to a P-position (misère),
/// within the default [`Budget`].
pub fn winning(
    game: &Builtin,
    t: &dyn Known,
    found: &[Pattern],
    pos: &Coords,
    target: u64,
) -> Winning {
    winning_within(game, t, found, pos, target, Budget::default())
}

/// [`winning`] within `budget`.
pub fn winning_within(
    game: &Builtin,
    t: &dyn Known,
    found: &[Pattern],
    pos: &Coords,
    target: u64,
    budget: Budget,
) -> Winning {
    let k = t.arity();
    let position = pos[..k].to_vec();
    if let Some(w) = by_theorem(game, &position, target).filter(|_| !t.misere()) {
        return w;
    }
    let Some(options) = options(game, &position, budget) else {
        return Winning { position, parts: Vec::new(), moves: Vec::new(), basis: budget.refusal() };
    };
    // Options that leave the box (a box that does not start at 0) are read from a table of
    // every position below this one, computed here, rather than from the box's patterns.
    let outside = options.iter().flatten().any(|part| {
        let mut p: Coords = [0; crate::explore::space::MAX_ARITY];
        p[..k].copy_from_slice(&part[..k]);
        t.known(&p).is_none()
    });
    if outside && let Some(hull) = hull(game, &position, t.misere()) {
        return judge_options(&hull, found, options, target, position);
    }
    judge_options(t, found, options, target, position)
}

/// The most positions of the table [`hull`] computes.
const HULL_CELLS: u64 = 1 << 22;

/// The game on every position from 0 up to `p` (the options of a built-in game never exceed
/// their position in any coordinate), when there are at most [`HULL_CELLS`] of them.
fn hull(game: &Builtin, p: &[u64], misere: bool) -> Option<Table> {
    let cells = p.iter().try_fold(1u64, |c, &x| c.checked_mul(x.checked_add(1)?))?;
    if cells > HULL_CELLS {
        return None;
    }
    let ranges: Vec<(u64, u64)> = p.iter().map(|&x| (0, x)).collect();
    crate::explore::builtin::table(
        game,
        &crate::explore::space::Space::from_ranges(&ranges),
        misere,
    )
    .ok()
}

/// The options whose value is the target, with the weakest basis among the values read.
fn judge_options(
    t: &dyn Known,
    found: &[Pattern],
    options: impl IntoIterator<Item = Vec<Vec<u64>>>,
    target: u64,
    position: Vec<u64>,
) -> Winning {
    let mut moves = Vec::new();
    let (mut worst, mut unknown) = (0u8, 0usize);
    let mut theorem = String::new();
    for opt in options {
        match value_of(t, found, &opt, target) {
            Some((hit, rank, th)) => {
                if rank > worst {
                    worst = rank;
                    theorem = th;
                }
                if hit {
                    moves.push(opt);
                }
            }
            None => unknown += 1,
        }
    }
    let mut basis = match worst {
        0 => "computed".to_string(),
        1 => format!("proved: {theorem}"),
        _ => format!("conjecture: {theorem}"),
    };
    if unknown > 0 {
        basis = format!("{basis}; incomplete: {unknown} options of unknown value not listed");
    }
    Winning { position, parts: Vec::new(), moves, basis }
}

/// Is the option's value the target? With the rank of its basis (0 computed, 1 proved, 2
/// observed) and the theorem or pattern; `None` when unknown. In misère play the empty game
/// (no part) is an N-position: the player to move cannot, so the one who moved there made the
/// last move and lost.
pub(crate) fn value_of(
    t: &dyn Known,
    found: &[Pattern],
    opt: &[Vec<u64>],
    target: u64,
) -> Option<(bool, u8, String)> {
    let (k, misere) = (t.arity(), t.misere());
    let mut x = 0u64;
    let (mut rank, mut th) = (0u8, String::new());
    let single = opt.len() == 1;
    if misere && opt.is_empty() {
        return Some((false, 0, String::new()));
    }
    for part in opt {
        let mut p: Coords = [0; crate::explore::space::MAX_ARITY];
        p[..k].copy_from_slice(&part[..k]);
        if let Some((value, outcome)) = t.known(&p) {
            if misere {
                return single.then(|| (outcome == b'P', 0, String::new()));
            }
            match value {
                Some(v) => x ^= u64::from(v),
                // An outcome-only table answers moves to P-positions.
                None if single && target == 0 && outcome != b'?' => {
                    return Some((outcome == b'P', 0, String::new()));
                }
                None => return None,
            }
            continue;
        }
        let mut got = None;
        for pat in found {
            let r = if matches!(pat.basis, Basis::Proved(_)) { 1 } else { 2 };
            let Some(a) = pat.formula.at(&p) else { continue };
            match (pat.formula.covers(), a.value) {
                (Covers::Values, Some(v)) if !misere => got = Some((Some(v), r, pat)),
                (Covers::Outcomes, _) if single && (target == 0 || misere) => {
                    got = Some((None, r, pat))
                }
                _ => continue,
            }
            if r == 1 || got.is_some() {
                break;
            }
        }
        let (v, r, pat) = got?;
        if r > rank {
            rank = r;
            th = match &pat.basis {
                Basis::Proved(s) => s.clone(),
                Basis::Observed { entries } => {
                    format!("pattern observed on {entries} entries of the box")
                }
            };
        }
        match v {
            Some(v) => x ^= v,
            None => {
                let a = pat.formula.at(&p)?;
                return Some((a.outcome == b'P', r, th));
            }
        }
    }
    Some((x == target, rank, th))
}

/// Wythoff's and Bouton's theorems, at any size.
fn by_theorem(game: &Builtin, p: &[u64], target: u64) -> Option<Winning> {
    let wythoff2 = match game {
        Builtin::Wythoff(2) => true,
        Builtin::Family(Family::Take(_, g)) => {
            g.heaps == 2 && g.mode == Mode::Same && g.classes.contains(&3)
        }
        _ => false,
    };
    let nim = match game {
        Builtin::Nim(_) => true,
        Builtin::Family(Family::Take(_, g)) => g.classes.iter().all(|d| d.count_ones() == 1),
        _ => false,
    };
    if wythoff2 && target == 0 && p.iter().all(|&x| x <= MAX_COORD) {
        let mut moves: Vec<Vec<Vec<u64>>> =
            wythoff_moves(p[0], p[1]).into_iter().map(|(a, b)| vec![vec![a, b]]).collect();
        moves.sort();
        moves.dedup();
        return Some(Winning {
            position: p.to_vec(),
            parts: Vec::new(),
            moves,
            basis: "proved: Wythoff's theorem (1907)".into(),
        });
    }
    if nim {
        let x = p.iter().fold(target, |a, &h| a ^ h);
        let moves = (0..p.len())
            .filter(|&i| p[i] ^ x < p[i])
            .map(|i| {
                let mut q = p.to_vec();
                q[i] ^= x;
                vec![q]
            })
            .collect();
        return Some(Winning {
            position: p.to_vec(),
            parts: Vec::new(),
            moves,
            basis: "proved: Bouton's theorem (1901)".into(),
        });
    }
    None
}

/// The moves of Wythoff's game from (a, b) to P-positions (empty when (a, b) is P).
fn wythoff_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    if wythoff::p_position(a, b) {
        return Vec::new();
    }
    let mut out = Vec::new();
    // One heap: keep heap a (b) and lower the other to a's (b's) partner.
    for (keep, other, swap) in [(a, b, false), (b, a, true)] {
        for partner in partners(keep) {
            if partner < other {
                out.push(if swap { (partner, keep) } else { (keep, partner) });
            }
        }
    }
    // Both heaps: the difference stays d = |b - a|; the pair of that difference, if below.
    let d = a.abs_diff(b);
    if let Some((lo, hi)) = wythoff::pair(d) {
        let (x, y) = if a <= b { (lo, hi) } else { (hi, lo) };
        if x < a && y < b {
            out.push((x, y));
        }
    }
    out
}

/// The heaps that make a P-position with a heap of `x` (its lower or upper partner): the k
/// with a_k = x or b_k = x, by binary search over the increasing sequences a_k and b_k.
fn partners(x: u64) -> Vec<u64> {
    let mut out = Vec::new();
    for upper in [false, true] {
        let at = |k: u64| wythoff::pair(k).map(|(a, b)| if upper { b } else { a });
        let (mut lo, mut hi) = (0u64, x);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match at(mid) {
                Some(v) if v < x => lo = mid + 1,
                _ => hi = mid,
            }
        }
        if let Some((a, b)) = wythoff::pair(lo) {
            match upper {
                false if a == x && b <= MAX_COORD => out.push(b),
                true if b == x => out.push(a),
                _ => {}
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Options, each a sum of positions.
pub type Sums = Vec<Vec<Vec<u64>>>;

/// Options as they are listed, with the positions listed so far against the budget.
struct Listing {
    out: Sums,
    listed: u64,
    most: u64,
}

impl Listing {
    /// Adds one option; `None` once the positions listed pass the budget.
    fn push(&mut self, o: Vec<Vec<u64>>) -> Option<()> {
        self.listed = self.listed.saturating_add(o.len().max(1) as u64);
        if self.listed > self.most {
            return None;
        }
        self.out.push(o);
        Some(())
    }

    /// The room left, in positions.
    fn room(&self) -> u64 {
        self.most - self.listed
    }
}

/// Every option of `p`, each a sum of positions; `None` past the budget (estimated first where
/// the list's size has a closed form).
pub fn options(game: &Builtin, p: &[u64], budget: Budget) -> Option<Sums> {
    let mut out = Listing { out: Vec::new(), listed: 0, most: budget.listed };
    match game {
        Builtin::Wythoff(k) => same_amount(p, &(1u32..1 << k).collect::<Vec<_>>(), &mut out)?,
        Builtin::Nim(k) => {
            same_amount(p, &(0..*k).map(|i| 1u32 << i).collect::<Vec<_>>(), &mut out)?
        }
        Builtin::Family(Family::Take(_, g)) if g.mode == Mode::Same => {
            same_amount(p, &g.classes, &mut out)?
        }
        Builtin::Family(Family::Take(_, g)) => any_amounts(p, &g.classes, &mut out)?,
        Builtin::Family(Family::Turning(r)) => {
            for coins in crate::theory::turning::moves(r, p[0], budget.listed)? {
                out.push(coins.into_iter().map(|c| vec![c]).collect())?;
            }
        }
        Builtin::Family(Family::Product(a, b)) => product(a, b, p, &mut out)?,
        Builtin::Sg(rule) if rule.amount_ranges().is_some() => {
            // A subtraction rule: n - s for every amount s <= n.
            let n = p[0];
            for (l, r) in rule.amount_ranges().unwrap_or_default() {
                if l > n {
                    break;
                }
                if r.min(n) - l >= out.room() {
                    return None;
                }
                for s in l..=r.min(n) {
                    out.push(if s == n { Vec::new() } else { vec![vec![n - s]] })?;
                }
            }
        }
        Builtin::Sg(rule) => {
            let n = p[0];
            match crate::sg::moves::listed_estimate(rule, n) {
                Some(e) if !budget.admits(e) => return None,
                None if n > budget.listed => return None,
                _ => {}
            }
            for heaps in crate::sg::moves::options(rule, n) {
                out.push(heaps.into_iter().filter(|&h| h > 0).map(|h| vec![h]).collect())?;
            }
        }
    }
    Some(out.out)
}

/// The same positive amount from every heap of a class (a bit set of heaps).
fn same_amount(p: &[u64], classes: &[u32], out: &mut Listing) -> Option<()> {
    for &d in classes {
        let set: Vec<usize> = (0..p.len()).filter(|i| d >> i & 1 == 1).collect();
        let most = set.iter().map(|&i| p[i]).min().unwrap_or(0);
        if most > out.room() {
            return None;
        }
        for t in 1..=most {
            let mut q = p.to_vec();
            set.iter().for_each(|&i| q[i] -= t);
            out.push(vec![q])?;
        }
    }
    Some(())
}

/// Any positive amounts from every heap of a class (Moore's Nim): every smaller size of each.
fn any_amounts(p: &[u64], classes: &[u32], out: &mut Listing) -> Option<()> {
    for &d in classes {
        let set: Vec<usize> = (0..p.len()).filter(|i| d >> i & 1 == 1).collect();
        if set.iter().any(|&i| p[i] == 0) {
            continue;
        }
        let count = set.iter().try_fold(1u128, |c, &i| c.checked_mul(u128::from(p[i])));
        if count.is_none_or(|c| c > u128::from(out.room())) {
            return None;
        }
        let mut q = p.to_vec();
        set.iter().for_each(|&i| q[i] = 0);
        loop {
            out.push(vec![q.clone()])?;
            let mut j = 0;
            while j < set.len() && q[set[j]] + 1 >= p[set[j]] {
                q[set[j]] = 0;
                j += 1;
            }
            if j == set.len() {
                break;
            }
            q[set[j]] += 1;
        }
    }
    Some(())
}

/// A product's move X x Y without the head (x, y): the cells turned up, as a sum. The size of
/// the list, (sum over X of (|X| + 1)) (sum over Y of (|Y| + 1)) less one cell a move, is
/// known from the two factors' lists before any cell is listed.
fn product(
    a: &crate::theory::turning::Rule,
    b: &crate::theory::turning::Rule,
    p: &[u64],
    out: &mut Listing,
) -> Option<()> {
    let xs = crate::theory::turning::moves(a, p[0], out.room())?;
    let ys = crate::theory::turning::moves(b, p[1], out.room())?;
    let width = |m: &[Vec<u64>]| m.iter().map(|t| t.len() as u128 + 1).sum::<u128>();
    let pairs = xs.len() as u128 * ys.len() as u128;
    let cells = width(&xs) * width(&ys) - pairs;
    if cells.max(pairs) > u128::from(out.room()) {
        return None;
    }
    for x in &xs {
        for y in &ys {
            let mut cells = Vec::new();
            for &i in x.iter().chain([&p[0]]) {
                for &j in y.iter().chain([&p[1]]) {
                    if (i, j) != (p[0], p[1]) {
                        cells.push(vec![i, j]);
                    }
                }
            }
            out.push(cells)?;
        }
    }
    Some(())
}

/// `--winning` for a moves program: the options the program gave for `pos` (a position met
/// from the box), those whose values are known (the table, or a pattern) and equal the target.
///
/// `beyond` holds the values of every position the search expanded ([`crate::explore::values::terminating`],
/// normal play): an option outside the table whose play ends is known by it.
pub fn from_table(
    t: &Table,
    reach: Option<&crate::explore::reach::Reach>,
    beyond: Option<&[u32]>,
    found: &[Pattern],
    pos: &Coords,
    target: u64,
) -> Winning {
    let k = t.space.arity();
    let position = pos[..k].to_vec();
    let v = reach
        .and_then(|r| (0..r.expanded()).find(|&v| r.position(v)[..k] == pos[..k]).map(|v| (r, v)));
    let Some((r, v)) = v else {
        return Winning {
            position,
            parts: Vec::new(),
            moves: Vec::new(),
            basis: "unknown: the position was not met from the box (its options were never asked)"
                .to_string(),
        };
    };
    let mut known = Explored { table: t, beyond: std::collections::HashMap::new() };
    if let Some(values) = beyond.filter(|_| !t.misere) {
        for o in r.options(v) {
            for &q in r.parts_of(o) {
                let p = r.position(q as usize)[..k].to_vec();
                match values.get(q as usize) {
                    Some(&g) if g != u32::MAX && !t.space.contains(&p) => {
                        known.beyond.insert(p, g);
                    }
                    _ => {}
                }
            }
        }
    }
    let options = r
        .options(v)
        .map(|o| r.parts_of(o).iter().map(|&q| r.position(q as usize)[..k].to_vec()).collect());
    judge_options(&known, found, options, target, position)
}

/// `--winning` at a position far outside what was explored: its options as the guard listed
/// them there (the moves program asked once), each valued by the table or the kept patterns
/// like any option ([`judge_options`]), and `own`, the position's own answer, whose label
/// says whether the game's rule held there. An option that is no position of the box's game
/// counts as one of unknown value; a position whose own answer is unknown gets no list.
pub fn from_far_listing(
    t: &Table,
    found: &[Pattern],
    listed: &[Vec<Coords>],
    own: &crate::explore::guard::answer::AtAnswer,
    target: u64,
) -> Winning {
    let k = t.space.arity();
    let position = own.position[..k.min(own.position.len())].to_vec();
    if own.outcome == b'?' {
        return Winning {
            position,
            parts: Vec::new(),
            moves: Vec::new(),
            basis: own.basis.clone(),
        };
    }
    let unreadable =
        |o: &&Vec<Coords>| o.iter().any(|q| crate::explore::guard::Guard::unknown_part(q));
    let foreign = listed.iter().filter(unreadable).count();
    let options = listed
        .iter()
        .filter(|o| !unreadable(o))
        .map(|o| o.iter().map(|q| q[..k].to_vec()).collect::<Vec<_>>());
    let mut w = judge_options(t, found, options, target, position);
    if foreign > 0 {
        w.basis = format!("{}; incomplete: {foreign} options not read as positions", w.basis);
    }
    let checked = match own.checked {
        true => "the game's rule holds at the position (its options listed)",
        false => "the game's rule was not checked at the position",
    };
    w.basis = format!("{}; {checked}", w.basis);
    w
}

/// A table and the values of the positions its search explored beyond it (one position's
/// options: what `--winning` reads).
struct Explored<'a> {
    table: &'a Table,
    beyond: std::collections::HashMap<Vec<u64>, u32>,
}

impl Known for Explored<'_> {
    fn arity(&self) -> usize {
        self.table.arity()
    }
    fn misere(&self) -> bool {
        self.table.misere
    }
    fn known(&self, p: &Coords) -> Option<(Option<u32>, u8)> {
        self.table.known(p).or_else(|| {
            let g = *self.beyond.get(&p[..self.arity()])?;
            Some((Some(g), if g == 0 { b'P' } else { b'N' }))
        })
    }
}
