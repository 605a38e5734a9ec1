//! `games explore --remoteness`: every position's outcome and remoteness (the length of the
//! game when the winner hurries and the loser delays), for a moves program or a built-in game,
//! in normal or misère play; positions on a cycle that neither player can force out of are
//! drawn. The mathematics (the definition, the retrograde computation, the conjunctive and
//! selective compounds) is [`crate::theory::remoteness`].
//!
//! A moves program's positions come from [`crate::explore::reach`] (every option kept); an option that
//! is a sum of two or more positions is refused (remoteness does not add up over sums; ask a
//! conjunctive compound `A & B` instead), the empty game `()` is one extra position with no
//! move. A built-in game (`nim:K`, `wythoff:K`, subtraction rules `sub:..`, `bash:M`,
//! `allbut:..`) is solved on its hull `0..=hi` in cell order (every option lowers a
//! coordinate), within [`MAX_MOVES`] moves. Either way the result is a [`Solved`] graph that
//! also answers `--serve` ([`Solved::best`]). The compounds that the parts' remotenesses do
//! not decide, the continued conjunctive `A && B` and the diminished disjunctive `A ~ B`, are
//! answered from that graph by [`compound`] ([`crate::theory::compounds`]).

use crate::error::try_with_capacity;
use crate::explore::answers::player::Explored;
use crate::explore::builtin::Builtin;
use crate::explore::kind::value_kind::{self, ValueKind};
use crate::explore::reach::Reach;
use crate::explore::space::{Coords, MAX_ARITY, Space};
use crate::sg::rule::Rule;
use crate::theory::compounds::{self, Role, Trimmed};
use crate::theory::remoteness::{self, DRAW, wins};
use crate::theory::retrograde::ReverseGraph;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The most moves a built-in game's hull may have.
pub const MAX_MOVES: u64 = 1 << 26;

/// A game graph with every position's remoteness.
pub struct Solved {
    /// Coordinates per position.
    pub arity: usize,
    /// The region whose positions are numbered by their cell (the box, or a built-in game's
    /// hull): position `i < region.cells()` is `region.position(i)`.
    pub region: Space,
    /// The coordinates of the positions past the region (`arity` each), in number order.
    pub extra: Vec<u64>,
    /// The number of the empty game `()`, when some option was `()`.
    pub empty: Option<usize>,
    /// Options: `opts[start[v]..start[v + 1]]`.
    pub start: Vec<u32>,
    pub opts: Vec<u32>,
    /// Per position: its remoteness, [`DRAW`] for a draw.
    pub remoteness: Vec<u32>,
    pub misere: bool,
    index: HashMap<Coords, u32>,
    /// The suspense numbers and the trimmed graph of the compounds `A && B` and `A ~ B`
    /// ([`compound`]), computed at the first such question.
    suspense: OnceLock<Vec<Option<u32>>>,
    trimmed: OnceLock<Trimmed>,
}

impl Solved {
    /// The number of positions.
    pub fn len(&self) -> usize {
        self.remoteness.len()
    }

    /// No positions at all.
    pub fn is_empty(&self) -> bool {
        self.remoteness.is_empty()
    }

    /// The number of a position, if it was met.
    pub fn find(&self, p: &[u64]) -> Option<usize> {
        if let Some(i) = self.region.index(p) {
            return Some(i);
        }
        let mut c: Coords = [0; MAX_ARITY];
        c[..self.arity].copy_from_slice(p.get(..self.arity)?);
        self.index.get(&c).map(|&v| v as usize)
    }

    /// The coordinates of position `v` (zeros for the empty game `()`).
    pub fn coords(&self, v: usize) -> Coords {
        let mut c: Coords = [0; MAX_ARITY];
        if Some(v) == self.empty {
            return c;
        }
        let n = self.region.cells();
        if v < n {
            return self.region.position(v);
        }
        c[..self.arity]
            .copy_from_slice(&self.extra[(v - n) * self.arity..(v - n + 1) * self.arity]);
        c
    }

    /// Position `v` as text: its coordinates separated by single spaces, `()` for the empty game.
    pub fn show(&self, v: usize) -> String {
        if Some(v) == self.empty {
            return "()".to_string();
        }
        let n = self.region.cells();
        let p: Vec<u64> = if v < n {
            self.region.position(v)[..self.arity].to_vec()
        } else {
            self.extra[(v - n) * self.arity..(v - n + 1) * self.arity].to_vec()
        };
        let parts: Vec<String> = p.iter().map(|x| x.to_string()).collect();
        parts.join(" ")
    }

    /// The options of `v`.
    pub fn options(&self, v: usize) -> &[u32] {
        &self.opts[self.start[v] as usize..self.start[v + 1] as usize]
    }

    /// `P`, `N` or `D` for position `v`.
    pub fn outcome(&self, v: usize) -> u8 {
        outcome_of(self.remoteness[v], self.misere)
    }

    /// The best move from `v`: the first of [`Solved::best_all`], else its first option (a
    /// position of remoteness 0 has none); `None` with no move.
    pub fn best(&self, v: usize) -> Option<usize> {
        let first = self.options(v).first().map(|&u| u as usize);
        self.best_all(v).first().copied().or(first)
    }

    /// Every best move from `v`, in the program's order: to a lost option of remoteness one
    /// less when `v` is won (the fastest wins), to an option of remoteness one less when lost
    /// (the slowest losses), to a drawn option when drawn; none with no move.
    pub fn best_all(&self, v: usize) -> Vec<usize> {
        let kind = value_kind::Remoteness { misere: self.misere };
        let r = self.value(v);
        let good = |u: usize| kind.best(r, self.value(u), 0, false);
        self.options(v).iter().map(|&u| u as usize).filter(|&u| good(u)).collect()
    }
}

impl Explored for Solved {
    fn arity(&self) -> usize {
        self.arity
    }
    fn find(&self, p: &[u64]) -> Option<usize> {
        Solved::find(self, p)
    }
    fn coords(&self, v: usize) -> Coords {
        Solved::coords(self, v)
    }
    /// The remoteness, [`value_kind::DRAWN`] for a draw.
    fn value(&self, v: usize) -> i128 {
        match self.remoteness[v] {
            DRAW => value_kind::DRAWN,
            r => i128::from(r),
        }
    }
    fn best(&self, v: usize) -> Option<Option<usize>> {
        Solved::best(self, v).map(|u| (Some(u) != self.empty).then_some(u))
    }
}

/// `P`, `N` or `D` for a remoteness.
pub fn outcome_of(r: u32, misere: bool) -> u8 {
    match r {
        DRAW => b'D',
        r if wins(r, misere) => b'N',
        _ => b'P',
    }
}

/// The moves program's graph (`reach`, explored with every option kept from the box `space`),
/// solved. `Err` on an option that is a sum.
pub fn from_reach(space: &Space, reach: &Reach, misere: bool) -> Result<Solved, String> {
    let n = reach.expanded();
    let arity = space.arity();
    let mut start = Vec::with_capacity(n + 2);
    let mut opts: Vec<u32> = Vec::new();
    let mut empty = None;
    start.push(0u32);
    for v in 0..n {
        for o in reach.options(v) {
            let parts = reach.parts_of(o);
            let to = match parts {
                [one] => *one,
                [] => *empty.get_or_insert(n) as u32,
                _ => {
                    return Err(format!(
                        "position '{}' has an option that is a sum of {} positions; remoteness does not add up over sums (list whole positions, or ask a conjunctive compound with --at 'A & B')",
                        reach.show(v),
                        parts.len()
                    ));
                }
            };
            opts.push(to);
        }
        start.push(u32::try_from(opts.len()).map_err(|_| "more than 2^32 options".to_string())?);
    }
    if empty.is_some() {
        start.push(opts.len() as u32);
    }
    let total = start.len() - 1;
    let mut arcs = Vec::with_capacity(opts.len());
    for v in 0..total {
        arcs.extend(opts[start[v] as usize..start[v + 1] as usize].iter().map(|&u| (v as u32, u)));
    }
    let r = remoteness::remoteness(&ReverseGraph::from_arcs(total, &arcs), misere);
    let cells = space.cells();
    let extra: Vec<u64> = (cells..n).flat_map(|v| reach.position(v)[..arity].to_vec()).collect();
    let mut index = HashMap::new();
    for v in cells..n {
        let mut c: Coords = [0; MAX_ARITY];
        c[..arity].copy_from_slice(&reach.position(v)[..arity]);
        index.insert(c, v as u32);
    }
    let region = space.clone();
    Ok(Solved {
        arity,
        region,
        extra,
        empty,
        start,
        opts,
        remoteness: r,
        misere,
        index,
        suspense: OnceLock::new(),
        trimmed: OnceLock::new(),
    })
}

/// The options of hull cell `cell` (position `p`) of a built-in game, as hull cell numbers
/// (strides `stride`), handed to `f`.
fn builtin_options(
    game: &Moves,
    p: &[u64],
    cell: usize,
    stride: &[usize],
    f: &mut impl FnMut(usize),
) {
    match game {
        Moves::Nim => {
            for (a, &x) in p.iter().enumerate() {
                for t in 1..=x as usize {
                    f(cell - t * stride[a]);
                }
            }
        }
        Moves::Wythoff => {
            for set in 1usize..1 << p.len() {
                let axes = (0..p.len()).filter(|a| set >> a & 1 == 1);
                let most = axes.clone().map(|a| p[a]).min().unwrap_or(0) as usize;
                let step: usize = axes.map(|a| stride[a]).sum();
                for t in 1..=most {
                    f(cell - t * step);
                }
            }
        }
        Moves::Take(ranges) => {
            for &(lo, hi) in ranges {
                for t in lo..=hi.min(p[0]) {
                    f(cell - t as usize);
                }
            }
        }
    }
}

/// How a built-in game moves.
enum Moves {
    Nim,
    Wythoff,
    Take(Vec<(u64, u64)>),
}

/// A built-in game on the hull of `space`, solved in cell order. `Err` for a game without
/// plain options here, or a hull with more than [`MAX_MOVES`] moves.
/// Does [`from_builtin`] know this game's moves (Nim, Wythoff, subtraction rules: none splits
/// a position)?
pub fn plays_builtin(game: &Builtin) -> bool {
    match game {
        Builtin::Nim(_) | Builtin::Wythoff(_) => true,
        Builtin::Sg(rule) => rule.amount_ranges().is_some(),
        Builtin::Family(_) => false,
    }
}

pub fn from_builtin(game: &Builtin, space: &Space, misere: bool) -> Result<Solved, String> {
    let moves = match game {
        Builtin::Nim(_) => Moves::Nim,
        Builtin::Wythoff(_) => Moves::Wythoff,
        Builtin::Sg(rule) => match rule.amount_ranges() {
            Some(r) => Moves::Take(r),
            None => return Err(not_plain(rule)),
        },
        Builtin::Family(f) => {
            return Err(format!(
                "--remoteness knows the moves of nim:K, wythoff:K and subtraction rules, not {f}; give a moves program"
            ));
        }
    };
    let hull = Space::from_ranges(&space.hi.iter().map(|&h| (0, h)).collect::<Vec<_>>());
    if hull.hull_u128() > crate::explore::builtin::MAX_HULL as u128 {
        return Err(format!(
            "the hull 0..hi of the box has more than {} positions",
            crate::explore::builtin::MAX_HULL
        ));
    }
    let cells = hull.cells();
    let arity = space.arity();
    let mut stride = vec![1usize; arity];
    for a in (0..arity.saturating_sub(1)).rev() {
        stride[a] = stride[a + 1] * hull.width(a + 1) as usize;
    }
    // The moves are counted first (nothing kept), so that the box past MAX_MOVES is refused
    // before any table, and the tables are then taken fallibly at their exact sizes.
    let mut moves_n = 0u64;
    for cell in 0..cells {
        let p = hull.position(cell);
        builtin_options(&moves, &p[..arity], cell, &stride, &mut |_| moves_n += 1);
        if moves_n > MAX_MOVES {
            return Err(format!(
                "the hull 0..hi of the box has more than {MAX_MOVES} moves; use a smaller box"
            ));
        }
    }
    let fallible = |e: crate::error::AllocError| e.to_string();
    let mut start = try_with_capacity(cells + 1, "the hull's moves").map_err(fallible)?;
    start.push(0u32);
    let mut opts: Vec<u32> =
        try_with_capacity(moves_n as usize, "the hull's moves").map_err(fallible)?;
    let mut r = try_with_capacity(cells, "the hull's remoteness").map_err(fallible)?;
    r.resize(cells, 0u32);
    for cell in 0..cells {
        let p = hull.position(cell);
        let from = opts.len();
        builtin_options(&moves, &p[..arity], cell, &stride, &mut |u| opts.push(u as u32));
        r[cell] = remoteness::of_options(opts[from..].iter().map(|&u| r[u as usize]), misere);
        start.push(opts.len() as u32);
    }
    let (extra, empty, index) = (Vec::new(), None, HashMap::new());
    Ok(Solved {
        arity,
        region: hull,
        extra,
        empty,
        start,
        opts,
        remoteness: r,
        misere,
        index,
        suspense: OnceLock::new(),
        trimmed: OnceLock::new(),
    })
}

fn not_plain(rule: &Rule) -> String {
    format!(
        "--remoteness knows the moves of nim:K, wythoff:K and subtraction rules (sub:.., bash:M, allbut:..), not '{rule}', whose moves may split heaps (sums have no additive remoteness); give a moves program"
    )
}

/// The answer at a conjunctive compound of positions (one position: itself): the remoteness
/// ([`remoteness::conjunctive`]), or the first part not met.
pub fn at(solved: &Solved, parts: &[Coords]) -> Result<u32, usize> {
    let mut rs = Vec::with_capacity(parts.len());
    for (i, p) in parts.iter().enumerate() {
        let v = solved.find(&p[..solved.arity]).ok_or(i)?;
        rs.push(solved.remoteness[v]);
    }
    Ok(remoteness::conjunctive(&rs))
}

/// A compound decided from the parts' game graph ([`crate::theory::compounds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphCompound {
    /// `A && B`: a move in every part that can move; over when no part can.
    Continued,
    /// `A ~ B`: a move in exactly one part; over as soon as one part has no move.
    Diminished,
}

/// The outcome (`P`, `N` or `D`) of the compound `kind` of `parts` and how it was decided, or
/// why it is not answered (a part not explored, misère play, a cycle).
pub fn compound(s: &Solved, parts: &[Coords], kind: GraphCompound) -> Result<(u8, String), String> {
    if s.misere {
        return Err("the compounds && and ~ are answered in normal play only".into());
    }
    let mut at = Vec::with_capacity(parts.len());
    for p in parts {
        let v = s.find(&p[..s.arity]).ok_or_else(|| {
            format!(
                "the part '{}' was not explored (the compound needs its game graph)",
                show(p, s.arity)
            )
        })?;
        at.push(v);
    }
    let graph = compounds::Graph { start: &s.start, opts: &s.opts };
    let at: Vec<u32> = at.iter().map(|&v| v as u32).collect();
    match kind {
        GraphCompound::Continued => {
            let sus = s.suspense.get_or_init(|| compounds::suspense(graph));
            let Some((most, o)) = compounds::continued(sus, &at) else {
                let i = at.iter().position(|&v| sus[v as usize].is_none()).unwrap_or(0);
                return Err(format!(
                    "the part '{}' reaches a cycle (suspense needs a game that ends)",
                    show(&parts[i], s.arity)
                ));
            };
            Ok((
                o.letter(),
                format!(
                    "suspense {most} (continued conjunctive compound: the largest suspense of its parts, Smith's rule; the winner delays, the loser hurries)"
                ),
            ))
        }
        GraphCompound::Diminished => {
            let t = s.trimmed.get_or_init(|| compounds::trim(graph));
            let how = match compounds::diminished(t, &at) {
                (_, Some((i, Role::Ending(u)))) => format!(
                    "part {} moves to '{}', which has no move, and ends the game (diminished disjunctive compound)",
                    i + 1,
                    s.show(u as usize)
                ),
                (_, Some((i, _))) => format!(
                    "part {} has no move: the game is over (diminished disjunctive compound)",
                    i + 1
                ),
                (_, None) => {
                    let values: Vec<String> = at
                        .iter()
                        .map(|&v| match t.role[v as usize] {
                            Role::Trimmed(c) => value_text(&t.analysis, c),
                            _ => String::new(),
                        })
                        .collect();
                    format!(
                        "diminished disjunctive compound: no part has ended or can end it; the sum of the parts' values {} in the game without the ended and ending positions",
                        values.join(", ")
                    )
                }
            };
            Ok((compounds::diminished(t, &at).0.letter(), how))
        }
    }
}

fn show(p: &Coords, arity: usize) -> String {
    p[..arity].iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
}

fn value_text(a: &crate::theory::loopy::Analysis, c: u32) -> String {
    match a.value(c as usize) {
        crate::theory::loopy::Value::Finite(g) => g.to_string(),
        crate::theory::loopy::Value::Infinite(k) => {
            format!("inf{{{}}}", k.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","))
        }
    }
}
