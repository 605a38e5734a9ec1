//! The built-in games of `games explore --game NAME`: computed by our own code at full speed, no
//! moves program needed, with the theorems that answer positions far beyond the box.
//!
//! **The games.**
//! - `wythoff` (= `wythoff:2`) and `wythoff:K`, K = 2..4 heaps: a move takes the same positive
//!   amount from every heap of any nonempty set of heaps. Normal play: Grundy values; `--misere`:
//!   outcomes.
//! - `nim:K`, K = 1..4 heaps: take any positive amount from one heap. Normal play: the nim-sum
//!   (Bouton; computed directly, on any box); `--misere`: outcomes.
//! - every rule of `games sg` (`bash:M`, `sub:1,3,4`, `allbut:..`, take-and-break codes such as
//!   `0.77`, `split-nim`, `hdu6892`, ...) as a game of one heap. Normal play: the values of the
//!   `games sg` engine; `--misere` only where every move leaves at most one heap (a misère sum of
//!   several heaps is not the single heap's game any more), otherwise a refusal that says so.
//!
//! **How the tables are computed.** Every option of these games lowers some coordinates and
//! raises none, so a position's value depends only on positions of its *hull*, the box
//! `0..=hi` in every coordinate. The hull is computed in cell order (row-major), which visits
//! every option before the position itself; one `u32` per hull cell (two bytes for misère),
//! so memory is linear in the hull, which is the box itself when the box starts at 0. The hull
//! may have at most [`MAX_HULL`] cells.
//! - Wythoff on two heaps: G(a, b) = mex of the values earlier on the same row, column and
//!   diagonal; one bitset of the values seen per column and per diagonal, one for the current
//!   row, so a cell costs a scan of a few words instead of a walk of a + b + min(a, b) options.
//! - Wythoff on three and four heaps: walk back along each of the 2^K - 1 directions with a stamp
//!   array (the values seen by the current cell are stamped with its number: no clearing).
//! - Misère, for Wythoff and Nim: a position is P when it has a move and no option is P. Per
//!   cell and direction one bit "some P-position lies strictly behind on this line"; the bit of a
//!   cell is the bit of the cell one step back, or that cell being P. No walking at all.
//! - One heap: the `games sg` engine (normal play); misère by the same rule over the heap's
//!   options (at most one heap each).
//!
//! **The theorems** ([`theorems`]), each a [`Formula`] whose `proof()` names it:
//! - *Wythoff's theorem* (1907) for `wythoff:2`, normal play: the P-positions are
//!   (floor(k φ), floor(k φ) + k) and their mirror images, tested exactly in integers
//!   ([`crate::theory::wythoff::p_position`], no floating point) for coordinates up to 2^63 - 1.
//! - *Misère Wythoff* for `wythoff:2 --misere`: the P-positions are (0, 1), (1, 0), (2, 2) and the
//!   normal P-positions (floor(k φ), floor(k φ) + k), k >= 2, with their mirror images: the normal
//!   set with (0, 0), (1, 2), (2, 1) replaced by (0, 1), (1, 0), (2, 2). This is NOT the claim of
//!   the seeds' notes ("(n, m), 2 < n <= m, is P iff (n - 2, m - 2) is a normal P-position"):
//!   exhaustive search (tests/it/explore_builtin.rs) shows (3, 4) is N although (1, 2) is a normal
//!   P-position (take 3 from both heaps: (0, 1)), and (3, 5) is P although (1, 3) is not.
//!   *Proof* (this project's own). Let S be the set above and W the normal P-set. In misère
//!   play a position is P iff it has a move and every option is N; so it suffices that (a) no
//!   move joins two members of S, (b) every position outside S other than (0, 0) has a move into
//!   S (then by induction on a + b: members of S are not terminal and all their options lie
//!   outside S, so are N; the rest are (0, 0), N since the player to move cannot move, or have a
//!   move to S, so are N). (a) W has no move inside it (Wythoff). Among the three new positions
//!   no move exists ((2, 2) -> (0, 1) would take 2 and 1). A move from (a_k, b_k), k >= 2
//!   (both coordinates >= 3) to a new one: a one-heap move keeps a coordinate >= 3; a two-heap
//!   move keeps the difference k >= 2, while the new ones have differences 1, 1, 0. (b) Let
//!   (a, b), a <= b, be outside S and not (0, 0). a = 0: b >= 2, move to (0, 1). a = 1: move to
//!   (1, 0). a = 2: b >= 3, move to (2, 2). a >= 3: (a, b) is not in W (W's members with both
//!   coordinates >= 3 are in S), so by Wythoff it has a move to some w in W; if w is in S, done;
//!   a move from (a, b) with a >= 3 can only reach (0, 0) or (1, 2) diagonally, so b = a (then
//!   move to (2, 2) instead) or b = a + 1 (then take a from both: (0, 1)).
//! - *Bouton* for `nim:K`: G = the XOR of the heaps; misère: P iff the XOR is 0 with some heap
//!   >= 2, or the XOR is 1 with every heap <= 1 (Bouton 1901).
//! - *Bash* for `bash:M`: G(n) = n mod (M + 1) (the options of n are the M values before it, by
//!   induction they are 0..M-1 in some order when n >= M, and 0..n-1 below). *Misère Bash*: P
//!   iff n mod (M + 1) = 1. *Proof* (ours), by induction on n. Heap 0 is N: the player to move
//!   cannot move, and wins. A heap n = 1 (mod M + 1) has a move (n >= 1), and every move takes
//!   t in 1..=M, leaving m = n - t with m != 1 (mod M + 1); such an m is 0 (N) or m >= 2 and
//!   has the move taking t' = (m - 1) mod (M + 1), which is in 1..=M and at most m - 1, to a heap
//!   = 1 (mod M + 1), P by induction, so m is N: all options of n are N, and
//!   n is P (it has a move: n >= 1). The notes' "n % (m+1) == 1 loses" is this rule; the tests
//!   check it against the brute force.
//! - For every `games sg` rule: the certificate of `games sg` ([`crate::sg::certificate`]) on
//!   values computed until a period is proved (Guy-Smith, the subtraction window, the all-but
//!   saltus test), or observed only; `split-nim` and `hdu6892` have their proved closed forms.

use crate::error::try_with_capacity;
use crate::explore::pattern::{Answer, Covers, Formula};
use crate::explore::space::{MAX_ARITY, Space};
use crate::explore::table::{LOOPY, Table};
use crate::sg::certificate::{Proof, Verdict, certify};
use crate::sg::code::{Code, Digit};
use crate::sg::rule::Rule;
use crate::sg::values::{Engine, default_max, grundy_values};
use std::fmt;

pub use crate::explore::heap_games::{MAX_HULL, misere_wythoff_p};
use crate::explore::heap_games::{advance, line_normal, nim_formula, strides, wythoff_formula};

/// Most heaps of `wythoff:K` and `nim:K`.
pub const MAX_HEAPS: usize = 4;

/// A built-in game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Builtin {
    /// Wythoff's game on K heaps (2..=4).
    Wythoff(usize),
    /// Nim on K heaps (1..=4).
    Nim(usize),
    /// A `games sg` rule on one heap (`bash:M` included).
    Sg(Rule),
    /// A family of [`crate::explore::families`]: `same:K:J`, `moore:K:M`, `turning:CODE`, `product:A*B`.
    Family(crate::explore::families::Family),
}

impl fmt::Display for Builtin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Builtin::Wythoff(k) => write!(f, "wythoff:{k}"),
            Builtin::Nim(k) => write!(f, "nim:{k}"),
            Builtin::Sg(r) => write!(f, "{r}"),
            Builtin::Family(g) => write!(f, "{g}"),
        }
    }
}

/// Reads a game name: `wythoff`, `wythoff:K`, `nim:K`, or any `games sg` rule.
///
/// ```
/// use games::explore::builtin::{parse, arity, Builtin};
/// assert_eq!(parse("wythoff").unwrap(), Builtin::Wythoff(2));
/// assert_eq!(arity(&parse("wythoff:3").unwrap()), 3);
/// assert_eq!(arity(&parse("bash:3").unwrap()), 1);
/// assert!(parse("wythoff:5").is_err() && parse("nim:0").is_err() && parse("chess").is_err());
/// ```
pub fn parse(name: &str) -> Result<Builtin, String> {
    let heaps = |rest: &str, lo: usize, what: &str| -> Result<usize, String> {
        match rest.parse::<usize>() {
            Ok(k) if (lo..=MAX_HEAPS).contains(&k) => Ok(k),
            _ => Err(format!(
                "game '{name}': {what}:K takes K = {lo} to {MAX_HEAPS} heaps, not '{rest}'"
            )),
        }
    };
    if let Some(family) = crate::explore::families::parse(name) {
        return family.map(Builtin::Family);
    }
    if name == "wythoff" {
        return Ok(Builtin::Wythoff(2));
    }
    if let Some(rest) = name.strip_prefix("wythoff:") {
        return Ok(Builtin::Wythoff(heaps(rest, 2, "wythoff")?));
    }
    if let Some(rest) = name.strip_prefix("nim:") {
        return Ok(Builtin::Nim(heaps(rest, 1, "nim")?));
    }
    if name == "nim" {
        return Err(format!("game 'nim': say how many heaps, nim:K with K = 1 to {MAX_HEAPS}"));
    }
    Rule::parse(name).map(Builtin::Sg).map_err(|e| {
        format!(
            "game '{name}' is not built in: the built-in games are wythoff, wythoff:K (K = 2..4), \
             nim:K (K = 1..4) and every `games sg` rule (bash:M, sub:1,3,4, 0.77, ...); as a rule: {e}"
        )
    })
}

/// The number of coordinates of the game's positions.
pub fn arity(game: &Builtin) -> usize {
    match game {
        Builtin::Wythoff(k) | Builtin::Nim(k) => *k,
        Builtin::Sg(_) => 1,
        Builtin::Family(f) => crate::explore::families::arity(f),
    }
}

/// Can misère play of this game be computed (every game except `games sg` rules whose moves
/// may leave two or more heaps)? `Err` says why not.
pub fn misere_supported(game: &Builtin) -> Result<(), String> {
    match game {
        Builtin::Family(f) => crate::explore::families::misere_supported(f),
        // Moves that split a heap: outcomes by the search of misère sums, for rules whose moves
        // leave at most three heaps (`sg::misere::Heaps`).
        Builtin::Sg(rule) if splits(rule) => crate::sg::misere::Heaps::new(rule, 0)
            .map(|_| ())
            .map_err(|e| format!("game '{rule}': --misere on a rule whose moves split heaps: {e}")),
        _ => Ok(()),
    }
}

/// Whether a move of `rule` may leave two or more heaps.
fn splits(rule: &Rule) -> bool {
    one_heap_moves(rule).is_none() && rule.amount_ranges().is_none()
}

/// Whether `game` is a `games sg` rule whose moves may split a heap (its misère outcomes come
/// from the search of misère sums, `explore::misere_sums`).
pub fn splits_heaps(game: &Builtin) -> bool {
    matches!(game, Builtin::Sg(rule) if splits(rule))
}

/// The misère table of a rule whose moves split heaps: each heap's outcome by the search of
/// misère sums (`misere_sums`), heaps past its reach `?` with the reason.
fn split_misere_table(rule: &Rule, space: &Space) -> Result<Table, String> {
    let sums = crate::explore::misere_sums::MisereSums::of_rule(rule, space.hi[0])?;
    let mut t = Table::try_new(space.clone(), true).map_err(|e| e.to_string())?;
    crate::explore::misere_sums::fill(&mut t, &sums, "single heaps");
    Ok(t)
}

/// The table of `game` on `space`: Grundy values in normal play, outcomes only in misère play.
pub fn table(game: &Builtin, space: &Space, misere: bool) -> Result<Table, String> {
    table_with(game, space, misere, false)
}

/// [`table`], with `outcomes_only` for games whose outcomes are much cheaper than their values
/// (the take families).
pub fn table_with(
    game: &Builtin,
    space: &Space,
    misere: bool,
    outcomes_only: bool,
) -> Result<Table, String> {
    table_within(game, space, misere, outcomes_only, MAX_HULL)
}

/// [`table_with`] under a budget of positions (`--max-positions`) for the `games sg` rules whose
/// engine is near-linear (octal codes, Grundy's game and other unequal splits, subtraction sets
/// kept as ranges: [`default_max`] of 10^5 or more); rules whose options cost O(n) or more per
/// value keep the bound `games sg` gives them ([`default_max`]), since a budget of positions
/// says nothing of their time.
/// Wythoff on a box whose values cost too much (or `--outcomes`): outcomes by the bitset
/// retrograde of the take families (`wythoff:K` is `same:K:1..K`); `None` where the values are
/// computed instead.
fn wythoff_outcomes(k: usize, space: &Space, outcomes_only: bool) -> Option<Result<Table, String>> {
    let sizes: Vec<usize> = (1..=k).collect();
    let g = crate::theory::take_same::TakeGame::same(k, &sizes);
    let dims: Vec<usize> = space.hi.iter().map(|&h| h as usize + 1).collect();
    let costly = k >= 3
        && crate::explore::families::value_work(&g, &dims) > crate::explore::families::VALUE_WORK;
    (outcomes_only || costly)
        .then(|| crate::explore::families::take_table(&g, space, false, outcomes_only))
}

pub fn table_within(
    game: &Builtin,
    space: &Space,
    misere: bool,
    outcomes_only: bool,
    max_positions: u64,
) -> Result<Table, String> {
    let k = arity(game);
    if space.arity() != k {
        return Err(format!("the box has {} coordinates; the game {game} has {k}", space.arity()));
    }
    if misere {
        misere_supported(game)?;
    }
    if let Builtin::Family(f) = game {
        return crate::explore::families::table(f, space, misere, outcomes_only);
    }
    if let (Builtin::Sg(rule), true) = (game, misere)
        && splits(rule)
    {
        return split_misere_table(rule, space);
    }
    if let (Builtin::Wythoff(k), false) = (game, misere)
        && let Some(t) = wythoff_outcomes(*k, space, outcomes_only)
    {
        return t;
    }
    if let (Builtin::Nim(_), false) = (game, misere) {
        room(TABLE_BYTES * space.cells_u128())?;
        return nim_table(space);
    }
    // A long box of a rule whose period the certificate proves: values up to the proof, the
    // rest read from the proved period (no value past the proof is computed).
    let long_sg = match game {
        Builtin::Sg(rule) if !misere && space.hi[0] >= 1 << 16 => Some(rule),
        _ => None,
    };
    if let Some(per) = long_sg.and_then(sg_period).filter(|p| p.proof.is_some()) {
        return period_table(space, &per);
    }
    let dims: Vec<u64> = space.hi.iter().map(|&h| h + 1).collect();
    let hull = check_hull(game, space, misere, max_positions)?;
    let dims: Vec<usize> = dims.iter().map(|&d| d as usize).collect();
    room(engine_bytes(game, misere, hull, &dims) + TABLE_BYTES * space.cells_u128())?;
    let strides = strides(&dims);
    let at = |p: &[u64]| -> usize { (0..k).map(|i| p[i] as usize * strides[i]).sum() };
    let mut t = if misere {
        let p = match game {
            Builtin::Wythoff(_) | Builtin::Nim(_) => line_misere(&dims, &directions(game)),
            Builtin::Sg(rule) => sg_misere(rule, dims[0] as u64 - 1)?,
            Builtin::Family(_) => Vec::new(),
        };
        let mut t = Table::try_new(space.clone(), true).map_err(|e| e.to_string())?;
        for cell in 0..t.cells() {
            let pos = space.position(cell);
            t.outcome[cell] = if p[at(&pos)] { b'P' } else { b'N' };
        }
        t
    } else {
        let g: Vec<u32> = match game {
            Builtin::Wythoff(2) if wythoff2_bitset_bytes(&dims) <= 1 << 30 => wythoff2(&dims),
            Builtin::Wythoff(_) | Builtin::Nim(_) => line_normal(&dims, &directions(game)),
            Builtin::Sg(rule) => {
                grundy_values(rule, dims[0] as u64 - 1).map_err(|e| format!("game {game}: {e}"))?
            }
            Builtin::Family(_) => Vec::new(),
        };
        let mut values =
            try_with_capacity(space.cells(), "the table's values").map_err(|e| e.to_string())?;
        values.extend((0..space.cells()).map(|cell| g[at(&space.position(cell))]));
        Table::try_from_grundy(space.clone(), values).map_err(|e| e.to_string())?
    };
    t.explored = hull;
    Ok(t)
}

/// Bytes of a table a cell: its value (4) and its outcome (1).
const TABLE_BYTES: u128 = 5;

/// Checks that `bytes` can be had ([`crate::error::probe`]) before an engine and its table
/// allocate them: a box too large for the memory granted is one line, `cannot allocate N bytes
/// for the table` (exit 1), not an abort.
fn room(bytes: u128) -> Result<(), String> {
    let bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
    crate::error::probe(bytes, "the table").map_err(|e| e.to_string())
}

/// The most the engine of [`table_within`] holds at once over a hull of `hull` positions, in
/// bytes (without the table): a value (4 bytes) or a state and a bit a position, the two-heap
/// Wythoff engine's bitsets, a `games sg` rule's values and work (8 bytes a position).
fn engine_bytes(game: &Builtin, misere: bool, hull: usize, dims: &[usize]) -> u128 {
    let hull = hull as u128;
    match (game, misere) {
        (Builtin::Wythoff(_) | Builtin::Nim(_), true) => 3 * hull,
        (Builtin::Wythoff(2), false) if wythoff2_bitset_bytes(dims) <= 1 << 30 => {
            wythoff2_bitset_bytes(dims) + 4 * hull
        }
        (Builtin::Wythoff(_) | Builtin::Nim(_), false) => 4 * hull + 64 * dims.len() as u128,
        (Builtin::Sg(_) | Builtin::Family(_), _) => 8 * hull,
    }
}

/// The positions from 0 to the box's upper ends, which the table computes: refused past the
/// budget of positions (near-linear `games sg` rules), the bound `games sg` gives a rule whose
/// moves cost more, or [`MAX_HULL`].
fn check_hull(
    game: &Builtin,
    space: &Space,
    misere: bool,
    max_positions: u64,
) -> Result<usize, String> {
    let hull: u128 = space.hi.iter().map(|&h| h as u128 + 1).product();
    let (limit, why) = match game {
        Builtin::Sg(rule) if !misere && default_max(rule) >= 100_000 => {
            (MAX_HULL.min(max_positions), "--max-positions")
        }
        Builtin::Sg(rule) if !misere => {
            (MAX_HULL.min(default_max(rule).saturating_add(1)), "the bound of its moves' cost")
        }
        _ => (MAX_HULL, "the built-in engine's bound"),
    };
    if hull > limit as u128 {
        let raise = if why == "--max-positions" && limit < MAX_HULL {
            format!(" or raise --max-positions (up to {MAX_HULL})")
        } else {
            String::new()
        };
        return Err(format!(
            "the table of {game} on the box {} needs every position from 0 to the box's upper \
             ends, {hull} positions; at most {limit} ({why}): lower the box's upper ends{raise}",
            space.spec()
        ));
    }
    Ok(hull as usize)
}

/// The directions of a game of lines (bit i: coordinate i): a move subtracts t times one of
/// them, t >= 1. Nim: one heap at a time; Wythoff: any nonempty set of heaps.
fn directions(game: &Builtin) -> Vec<usize> {
    match game {
        Builtin::Nim(k) => (0..*k).map(|i| 1 << i).collect(),
        Builtin::Wythoff(k) => (1..1usize << k).collect(),
        Builtin::Sg(_) | Builtin::Family(_) => Vec::new(),
    }
}

/// Nim in normal play: the nim-sum of the heaps, directly on the box.
fn nim_table(space: &Space) -> Result<Table, String> {
    let k = space.arity();
    let mut values =
        try_with_capacity(space.cells(), "the table's values").map_err(|e| e.to_string())?;
    for cell in 0..space.cells() {
        let p = space.position(cell);
        let x = p[..k].iter().fold(0u64, |acc, &h| acc ^ h);
        if x >= LOOPY as u64 {
            return Err(format!(
                "nim: the value {x} at ({}) does not fit the table's 32-bit values",
                crate::explore::space::format_position(&p, k)
            ));
        }
        values.push(x as u32);
    }
    Table::try_from_grundy(space.clone(), values).map_err(|e| e.to_string())
}

/// Memory of the two-heap bitset engine, in bytes.
fn wythoff2_bitset_bytes(dims: &[usize]) -> u128 {
    let (a, b) = (dims[0] as u128, dims[1] as u128);
    let words = (a + b + a.min(b)) / 64 + 1;
    (b + a + b + 1) * words * 8
}

/// Wythoff on two heaps over the hull `dims` (rows a, columns b): per-line bitsets.
fn wythoff2(dims: &[usize]) -> Vec<u32> {
    let (na, nb) = (dims[0], dims[1]);
    // A value is at most the number of options, (a + b + min(a, b)) at the far corner.
    let words = (na + nb + na.min(nb)) / 64 + 1;
    let mut col = vec![0u64; nb * words];
    let mut diag = vec![0u64; (na + nb) * words];
    let mut row = vec![0u64; words];
    let mut g = vec![0u32; na * nb];
    for a in 0..na {
        row.iter_mut().for_each(|w| *w = 0);
        for b in 0..nb {
            let c = b * words;
            let d = (b + na - 1 - a) * words;
            let mut v = 0usize;
            for w in 0..words {
                let seen = row[w] | col[c + w] | diag[d + w];
                if seen != u64::MAX {
                    v = w * 64 + (!seen).trailing_zeros() as usize;
                    break;
                }
            }
            g[a * nb + b] = v as u32;
            let (w, bit) = (v / 64, 1u64 << (v % 64));
            row[w] |= bit;
            col[c + w] |= bit;
            diag[d + w] |= bit;
        }
    }
    g
}

/// Misère outcomes (true = P) of the same games: per cell and direction one bit "a P-position
/// lies strictly behind on this line" (bits 0..15), bit 15 the cell's own P.
fn line_misere(dims: &[usize], dirs: &[usize]) -> Vec<bool> {
    let k = dims.len();
    let st = strides(dims);
    let cells: usize = dims.iter().product();
    let step: Vec<usize> =
        dirs.iter().map(|&d| (0..k).filter(|i| d >> i & 1 == 1).map(|i| st[i]).sum()).collect();
    const P: u16 = 1 << 15;
    let mut state = vec![0u16; cells];
    let mut c = [0usize; MAX_ARITY];
    for idx in 0..cells {
        let (mut mask, mut moves) = (0u16, false);
        for (j, &d) in dirs.iter().enumerate() {
            if (0..k).all(|i| d >> i & 1 == 0 || c[i] >= 1) {
                moves = true;
                let s = state[idx - step[j]];
                if s & P != 0 || s >> j & 1 == 1 {
                    mask |= 1 << j;
                }
            }
        }
        state[idx] = mask | if moves && mask == 0 { P } else { 0 };
        advance(&mut c, dims);
    }
    state.into_iter().map(|s| s & P != 0).collect()
}

/// The one-heap moves of a rule whose every move leaves at most one heap: `Some(code)` for
/// codes (digits with heap bits 0 and 1 only), `Some(None)` for the Fibonacci rule; `None`
/// when some move may leave two or more heaps.
fn one_heap_moves(rule: &Rule) -> Option<Option<Code>> {
    match rule {
        Rule::Fibonacci => Some(None),
        Rule::SplitNim | Rule::MultiSg(_) | Rule::Lunch => None,
        _ => {
            let code = rule.code()?;
            let ok = |d: &Digit| d.heaps & !0b11 == 0 && d.at_least.is_none();
            (code.digits.iter().all(ok) && code.tail.iter().all(ok) && code.digits[0].heaps == 0)
                .then_some(Some(code))
        }
    }
}

/// Misère outcomes (true = P) of heaps 0..=hi of a one-heap rule: P iff there is a move and
/// every option is N (the empty position is N: the player to move cannot move, and wins).
fn sg_misere(rule: &Rule, hi: u64) -> Result<Vec<bool>, String> {
    if let (None, Some(ranges)) = (one_heap_moves(rule), rule.amount_ranges()) {
        return Ok(ranges_misere(&ranges, hi));
    }
    let Some(moves) = one_heap_moves(rule) else {
        return Err(format!("game '{rule}': moves may leave two or more heaps"));
    };
    let n = hi as usize + 1;
    let mut p = vec![false; n];
    match moves {
        None => {
            // Fibonacci amounts 1, 2, 3, 5, 8, ...
            let mut fib = vec![1usize, 2];
            while let Some(&f) = fib.last() {
                let g = f + fib[fib.len() - 2];
                if g >= n {
                    break;
                }
                fib.push(g);
            }
            for h in 1..n {
                // Taking the whole heap (h a Fibonacci number) leaves the empty position: N.
                p[h] = fib.iter().take_while(|&&f| f <= h).all(|&f| f == h || !p[h - f]);
            }
        }
        Some(code) => {
            let d = code.digits.len();
            let q = code.tail.len();
            // first[r]: the least P-heap m >= 1 with m = r (mod q) seen so far (every heap
            // below the current one is decided).
            let mut first = vec![usize::MAX; q];
            for h in 1..n {
                let (mut any_move, mut to_p) = (false, false);
                for t in 1..d.min(h + 1) {
                    let bits = code.digits[t].heaps;
                    // Taking the whole heap leaves the empty position, which is N.
                    any_move |= t == h && bits & 1 == 1;
                    if t < h && bits & 2 == 2 {
                        any_move = true;
                        to_p |= p[h - t];
                    }
                }
                // Amounts t = d + i + j q (j >= 0) follow tail digit i.
                for (i, digit) in code.tail.iter().enumerate() {
                    if h < d + i {
                        continue;
                    }
                    let top = h - d - i; // the largest heap left, m = top - j q
                    any_move |= digit.heaps & 1 == 1 && top % q == 0;
                    if digit.heaps & 2 == 2 && top >= 1 {
                        any_move = true;
                        to_p |= first[top % q] <= top;
                    }
                }
                p[h] = any_move && !to_p;
                if p[h] && q > 0 {
                    first[h % q] = first[h % q].min(h);
                }
            }
        }
    }
    Ok(p)
}

/// Misère outcomes (true = P) of heaps 0..=hi of a subtraction rule given by its amounts as
/// ranges (a move leaves one heap, possibly empty, which is N): P iff some amount fits and no
/// option 1..h-1 reached is P, counted with prefix sums of P over each range's window.
fn ranges_misere(ranges: &[(u64, u64)], hi: u64) -> Vec<bool> {
    let n = hi as usize + 1;
    let mut p = vec![false; n];
    // count[i] = number of P-heaps among 1..i-1.
    let mut count = vec![0u64; n + 1];
    for h in 1..n {
        let (mut any_move, mut to_p) = (false, false);
        for &(l, r) in ranges {
            let (l, r) = (l as usize, r.min(h as u64) as usize);
            if l > r {
                continue;
            }
            any_move = true;
            // Options h - r ..= h - l, the nonempty ones from max(1, h - r).
            let (lo, top) = ((h - r).max(1), h - l);
            if lo <= top && count[top + 1] > count[lo] {
                to_p = true;
            }
        }
        p[h] = any_move && !to_p;
        count[h + 1] = count[h] + u64::from(p[h]);
    }
    p
}

/// The formulas proved for `game` (normal or misère play), each with its theorem in `proof()`;
/// for `games sg` rules also an observed period when the certificate finds one but proves none.
pub fn theorems(game: &Builtin, misere: bool) -> Vec<Box<dyn Formula>> {
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    match (game, misere) {
        (Builtin::Wythoff(2), m) => out.push(wythoff_formula(m)),
        (Builtin::Wythoff(_), _) => {}
        (Builtin::Nim(k), m) => out.push(nim_formula(*k, m)),
        (Builtin::Family(f), m) => out.extend(crate::explore::families::theorems(f, m)),
        (Builtin::Sg(rule), true) => {
            if let Rule::Bash(m) = rule {
                out.push(Box::new(BashRule { m: *m, misere: true }));
            }
        }
        (Builtin::Sg(rule), false) => {
            if let Rule::Bash(m) = rule {
                out.push(Box::new(BashRule { m: *m, misere: false }));
            }
            if let Some(c) = crate::sg::closed::closed_form(rule) {
                out.push(Box::new(SubClosed { form: c }));
            }
            match rule {
                Rule::SplitNim | Rule::Lunch => out.push(Box::new(Closed { rule: rule.clone() })),
                _ => {
                    if let Some(f) = sg_period(rule) {
                        out.push(Box::new(f));
                    }
                }
            }
        }
    }
    out
}

/// The table of a proved period on `space`.
fn period_table(space: &Space, per: &Period) -> Result<Table, String> {
    let mut values: Vec<u32> =
        crate::error::try_with_capacity(space.cells(), "the table").map_err(|e| e.to_string())?;
    for cell in 0..space.cells() {
        let p = space.position(cell);
        match per.at(&p).and_then(|a| a.value).filter(|&v| v < LOOPY as u64) {
            Some(v) => values.push(v as u32),
            None => {
                return Err(format!(
                    "{}: the value at {} does not fit the table's 32-bit values",
                    per.rule, p[0]
                ));
            }
        }
    }
    let mut t = Table::try_from_grundy(space.clone(), values).map_err(|e| e.to_string())?;
    t.explored = (per.n0 + per.period) as usize;
    t.notes.push(format!(
        "values computed only until the period was proved; the rest of the box is read from \
         the proved period: {}",
        per.proof.clone().unwrap_or_default()
    ));
    Ok(t)
}

/// Values of `rule` until the certificate proves a period (1024, 4096, ... values, up to the
/// rule's default bound and 2^16), then the period as a formula (proved or observed).
fn sg_period(rule: &Rule) -> Option<Period> {
    let cap = default_max(rule).min(1 << 16);
    let mut engine = Engine::new(rule);
    let mut upto = 1023u64.min(cap);
    let mut last = None;
    loop {
        if engine.extend_to(upto).is_err() {
            break;
        }
        let verdict = certify(rule, &engine.values);
        let proved = verdict.is_proved();
        if let Verdict::Periodic { .. } = verdict {
            last = Some(verdict);
        }
        if proved || upto >= cap {
            break;
        }
        upto = (upto * 4 + 3).min(cap);
    }
    match last? {
        Verdict::Periodic { n0, period, saltus, proof } => {
            let len = (n0 + period) as usize;
            let values: Vec<u64> =
                (0..len).map(|i| engine.values.get(i).map(u64::from)).collect::<Option<_>>()?;
            let proof = match proof {
                Proof::Proved { theorem, checked_to } => Some(format!(
                    "{theorem} (games sg certificate for {rule}: conditions checked on G(0..={checked_to}))"
                )),
                Proof::Observed { .. } => None,
            };
            Some(Period { rule: rule.to_string(), n0, period, saltus, values, proof })
        }
        _ => None,
    }
}

/// Bash: G(n) = n mod (M + 1); misère: P iff n mod (M + 1) = 1.
struct BashRule {
    m: u64,
    misere: bool,
}

impl Formula for BashRule {
    fn family(&self) -> &'static str {
        "period"
    }
    fn words(&self) -> String {
        let q = self.m + 1;
        if self.misere {
            format!("misère bash:{}: P iff n mod {q} = 1", self.m)
        } else {
            format!("G(n) = n mod {q}")
        }
    }
    fn cpp(&self) -> String {
        let q = self.m + 1;
        if self.misere { format!("n % {q} == 1 /* P */") } else { format!("n % {q}") }
    }
    fn python(&self) -> String {
        let q = self.m + 1;
        if self.misere { format!("n % {q} == 1  # P") } else { format!("n % {q}") }
    }
    fn covers(&self) -> Covers {
        if self.misere { Covers::Outcomes } else { Covers::Values }
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        let r = p[0] % (self.m + 1);
        Some(if self.misere { Answer::of_p(r == 1, true) } else { Answer::of_value(r) })
    }
    fn cost(&self) -> u64 {
        1
    }
    fn proof(&self) -> Option<String> {
        Some(if self.misere {
            format!(
                "misère Bash (this project's proof, in `games explore --help`): M = {} >= 1, heap 0 is N",
                self.m
            )
        } else {
            format!("Bash: take 1..={} tokens, by induction on n", self.m)
        })
    }
}

/// A `games sg` period: G(n + p) = G(n) + s from n0 on.
struct Period {
    rule: String,
    n0: u64,
    period: u64,
    saltus: u64,
    /// G(0..n0 + p).
    values: Vec<u64>,
    proof: Option<String>,
}

impl Period {
    /// The code's index into one period (`n % p`, or `n0 + (n - n0) % p`) and its rise
    /// (`` or ` + (n - n0) / p * s`), with `div` the language's integer division.
    fn period_terms(&self, div: &str) -> (String, String) {
        let (n0, p, s) = (self.n0, self.period, self.saltus);
        let from = if n0 == 0 { "n".to_string() } else { format!("(n - {n0})") };
        let index = if n0 == 0 { format!("n % {p}") } else { format!("{n0} + {from} % {p}") };
        let rise = if s == 0 { String::new() } else { format!(" + {from} {div} {p} * {s}") };
        (index, rise)
    }

    fn list(&self) -> String {
        self.values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
    }
}

impl Formula for Period {
    fn family(&self) -> &'static str {
        "period"
    }
    fn words(&self) -> String {
        let (n0, p, s) = (self.n0, self.period, self.saltus);
        let rel =
            if s == 0 { format!("G(n + {p}) = G(n)") } else { format!("G(n + {p}) = G(n) + {s}") };
        format!("{}: {rel} for n >= {n0}; G(0..{}) = {}", self.rule, n0 + p, self.list())
    }
    fn cpp(&self) -> String {
        let (n0, p) = (self.n0, self.period);
        let (index, rise) = self.period_terms("/");
        let body = if n0 == 0 && self.saltus == 0 {
            format!("v[{index}]")
        } else {
            format!("n < {} ? v[n] : v[{index}]{rise}", n0 + p)
        };
        format!(
            "long long v[] = {{{}}}; // G(0..{})\nlong long G(long long n) {{ return {body}; }}",
            self.list(),
            n0 + p
        )
    }
    fn python(&self) -> String {
        let (n0, p) = (self.n0, self.period);
        let (index, rise) = self.period_terms("//");
        let body = if n0 == 0 && self.saltus == 0 {
            format!("v[{index}]")
        } else {
            format!("v[n] if n < {} else v[{index}]{rise}", n0 + p)
        };
        format!("v = [{}]\ndef G(n): return {body}", self.list())
    }
    fn covers(&self) -> Covers {
        Covers::Values
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        let n = p[0];
        if n < self.n0 + self.period {
            return self.values.get(n as usize).map(|&v| Answer::of_value(v));
        }
        let (q, r) = ((n - self.n0) / self.period, (n - self.n0) % self.period);
        let v = self.values[(self.n0 + r) as usize].checked_add(q.checked_mul(self.saltus)?)?;
        Some(Answer::of_value(v))
    }
    fn cost(&self) -> u64 {
        2 + self.n0 + self.period
    }
    fn proof(&self) -> Option<String> {
        self.proof.clone()
    }
}

/// The proved closed forms of `split-nim` and `hdu6892`.
struct Closed {
    rule: Rule,
}

impl Formula for Closed {
    fn family(&self) -> &'static str {
        "arithmetic"
    }
    fn words(&self) -> String {
        match self.rule {
            Rule::SplitNim => "G(n) = the (n-1)-th odious number (n >= 1), G(0) = 0".to_string(),
            _ => "G(n) = Omega(odd part of n) + [n even] (n >= 1), G(0) = 0".to_string(),
        }
    }
    fn cpp(&self) -> String {
        match self.rule {
            Rule::SplitNim => "n == 0 ? 0 : 2*(n-1) + (__builtin_popcountll(n-1) % 2 == 0)".to_string(),
            _ => "/* Omega(m): prime factors of m with multiplicity */ n == 0 ? 0 : Omega(n >> __builtin_ctzll(n)) + (n % 2 == 0)".to_string(),
        }
    }
    fn python(&self) -> String {
        match self.rule {
            Rule::SplitNim => "0 if n == 0 else 2*(n-1) + (bin(n-1).count('1') % 2 == 0)".to_string(),
            _ => "0 if n == 0 else Omega(n >> ((n & -n).bit_length() - 1)) + (n % 2 == 0)  # Omega: prime factors with multiplicity".to_string(),
        }
    }
    fn covers(&self) -> Covers {
        Covers::Values
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        let n = p[0];
        let v = match self.rule {
            Rule::SplitNim => u64::try_from(crate::theory::split::grundy(n)).ok()?,
            _ if n == 0 => 0,
            _ => crate::theory::lunch::grundy(n),
        };
        Some(Answer::of_value(v))
    }
    fn cost(&self) -> u64 {
        2
    }
    fn proof(&self) -> Option<String> {
        Some(match self.rule {
            Rule::SplitNim => "split nim: odious numbers (theory::split)".to_string(),
            _ => "hdu6892: Omega of the odd part plus [even] (theory::lunch)".to_string(),
        })
    }
}

/// A `games sg` closed form (one range L..R, or {1, 2, k}), proved in `sg::closed`.
struct SubClosed {
    form: crate::sg::closed::ClosedForm,
}

impl Formula for SubClosed {
    fn family(&self) -> &'static str {
        "period"
    }
    fn words(&self) -> String {
        self.form.describe()
    }
    fn cpp(&self) -> String {
        use crate::sg::closed::ClosedForm;
        match self.form {
            ClosedForm::Range { l: 1, r } => format!("n % {}", 1 + r),
            ClosedForm::Range { l, r } => format!("n % {} / {l}", l + r),
            ClosedForm::OneTwoK { k } if k % 3 != 0 => "n % 3".to_string(),
            ClosedForm::OneTwoK { k } => format!("(n % {} == {k} ? 3 : n % {} % 3)", k + 1, k + 1),
        }
    }
    fn python(&self) -> String {
        use crate::sg::closed::ClosedForm;
        match self.form {
            ClosedForm::Range { l: 1, r } => format!("n % {}", 1 + r),
            ClosedForm::Range { l, r } => format!("n % {} // {l}", l + r),
            ClosedForm::OneTwoK { k } if k % 3 != 0 => "n % 3".to_string(),
            ClosedForm::OneTwoK { k } => {
                format!("(3 if n % {} == {k} else n % {} % 3)", k + 1, k + 1)
            }
        }
    }
    fn covers(&self) -> Covers {
        Covers::Values
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        Some(Answer::of_value(self.form.value(p[0])))
    }
    fn cost(&self) -> u64 {
        1
    }
    fn proof(&self) -> Option<String> {
        Some(self.form.theorem())
    }
}

/// Does `game` have moves longer than the box's upper end, so that no pattern read off the
/// table says anything beyond it? The note that says so, if it does.
pub fn far_moves_note(game: &Builtin, space: &Space) -> Option<String> {
    let Builtin::Sg(rule) = game else { return None };
    let hi = space.hi[0];
    let longest = match rule.amount_ranges() {
        Some(r) => r.last().map(|x| x.1),
        None => crate::sg::certificate::largest_removal(rule),
    }?;
    (longest > hi).then(|| {
        format!(
            "the rule {rule} removes up to {longest} tokens, more than the box's {hi}: a pattern \
             read off the table is no evidence beyond the box; far answers come only from the \
             rule's proof (or are unknown)"
        )
    })
}
