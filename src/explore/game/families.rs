//! Built-in game families of `games explore --game`: k-heap take games (`same:K:J`,
//! `moore:K:M`), one-dimensional coin-turning games (`turning:CODE` and the named ones), and
//! their 2-D products (`product:A*B`). The mathematics lives in [`crate::theory::take_same`]
//! and [`crate::theory::turning`]; this module reads the names, fills the table and offers the
//! theorems as formulas (each `proof()` names its theorem).
//!
//! Theorems used: Wythoff's (`same:2:2`, which is Wythoff's game), Bouton's (`same:K:1`, Nim),
//! Moore's (`moore:K:M` normal play, [`crate::theory::take_same::moore_p`]), the closed forms of
//! Turning Turtles, Twins, Mock Turtles and Ruler, and the Tartan theorem for products (Winning
//! Ways ch. 14: the value of a head at (x, y) of A x B is G_A(x) ⊗ G_B(y), the nim product).

use crate::explore::pattern::{Answer, Covers, Formula};
use crate::explore::space::{MAX_ARITY, Space};
use crate::explore::table::{LOOPY, NO_VALUE, Table};
use crate::theory::nimber::nim_product;
use crate::theory::take_same::{self, Mode, TakeGame};
use crate::theory::turning::{self, Closed};
use std::fmt;

/// The most cells of a take game's hull (one bit each for outcomes).
pub const MAX_TAKE_HULL: u64 = 1 << 32;
/// The most work (cells times options walked) spent on a take game's Grundy values.
pub const VALUE_WORK: u128 = 600_000_000;

/// A family game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Family {
    /// `same:K:J` or `moore:K:M`, with its name as written.
    Take(String, TakeGame),
    /// A 1-D coin-turning game.
    Turning(turning::Rule),
    /// The product A x B of two coin-turning games.
    Product(turning::Rule, turning::Rule),
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Family::Take(name, _) => write!(f, "{name}"),
            Family::Turning(r) => write!(f, "turning:{}", r.text),
            Family::Product(a, b) => write!(f, "product:{}*{}", a.text, b.text),
        }
    }
}

/// Reads a family name; `None` when `name` is none of them.
pub fn parse(name: &str) -> Option<Result<Family, String>> {
    if let Some(rest) = name.strip_prefix("same:") {
        return Some(take(name, rest, Mode::Same));
    }
    if let Some(rest) = name.strip_prefix("moore:") {
        return Some(take(name, rest, Mode::Moore));
    }
    if let Some(code) = name.strip_prefix("turning:") {
        return Some(turning::parse(code).map(Family::Turning));
    }
    if let Some(codes) = name.strip_prefix("product:") {
        let Some((a, b)) = codes.split_once('*') else {
            return Some(Err(format!(
                "game '{name}': product:A*B takes two turning codes joined by '*', as product:2*2"
            )));
        };
        return Some(turning::parse(a).and_then(|a| Ok(Family::Product(a, turning::parse(b)?))));
    }
    let lower = name.to_ascii_lowercase();
    if turning::NAMED.iter().any(|(n, _)| *n == lower) {
        return Some(turning::parse(name).map(Family::Turning));
    }
    None
}

fn take(name: &str, rest: &str, mode: Mode) -> Result<Family, String> {
    let bad = |why: String| format!("game '{name}': {why}");
    let (k, j) = rest.split_once(':').ok_or_else(|| {
        bad(match mode {
            Mode::Same => "same:K:J takes K heaps and the set J of sizes, as same:3:1,2".into(),
            Mode::Moore => {
                "moore:K:M takes K heaps and the most heaps M of one move, as moore:3:2".into()
            }
        })
    })?;
    let k: usize = k
        .parse()
        .ok()
        .filter(|k| (1..=MAX_ARITY).contains(k))
        .ok_or_else(|| bad(format!("K = '{k}' must be 1 to {MAX_ARITY} heaps")))?;
    let size = |t: &str| -> Result<usize, String> {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|s| (1..=k).contains(s))
            .ok_or_else(|| bad(format!("'{t}' is not a number of heaps from 1 to {k}")))
    };
    match mode {
        Mode::Moore => Ok(Family::Take(name.to_string(), TakeGame::moore(k, size(j)?))),
        Mode::Same => {
            let mut sizes = Vec::new();
            for part in j.split(',') {
                match part.split_once("..") {
                    Some((a, b)) => {
                        let (a, b) = (size(a)?, size(b)?);
                        if a > b {
                            return Err(bad(format!("the range {a}..{b} is empty")));
                        }
                        sizes.extend(a..=b)
                    }
                    None => sizes.push(size(part)?),
                }
            }
            Ok(Family::Take(name.to_string(), TakeGame::same(k, &sizes)))
        }
    }
}

/// The number of coordinates.
pub fn arity(f: &Family) -> usize {
    match f {
        Family::Take(_, g) => g.heaps,
        Family::Turning(_) => 1,
        Family::Product(..) => 2,
    }
}

/// Misère play: take games only.
pub fn misere_supported(f: &Family) -> Result<(), String> {
    match f {
        Family::Take(..) => Ok(()),
        _ => Err(format!(
            "game '{f}': --misere is not offered for coin-turning games: a row of coins is a sum of its heads only in normal play"
        )),
    }
}

/// The table of `f` on `space`. `outcomes_only` skips Grundy values (take games).
pub fn table(
    f: &Family,
    space: &Space,
    misere: bool,
    outcomes_only: bool,
) -> Result<Table, String> {
    if misere {
        misere_supported(f)?;
    }
    match f {
        Family::Take(_, g) => take_table(g, space, misere, outcomes_only),
        Family::Turning(r) => {
            let g = turning::values(r, space.hi[0]).map_err(|e| format!("game {f}: {e}"))?;
            let mut values = crate::error::try_with_capacity(space.cells(), "the table")
                .map_err(|e| e.to_string())?;
            values.extend((0..space.cells()).map(|c| g[space.position(c)[0] as usize] as u32));
            let mut t = Table::try_from_grundy(space.clone(), values).map_err(|e| e.to_string())?;
            t.explored = g.len();
            Ok(t)
        }
        Family::Product(a, b) => {
            let ga = turning::values(a, space.hi[0]).map_err(|e| format!("game {f}: {e}"))?;
            let gb = turning::values(b, space.hi[1]).map_err(|e| format!("game {f}: {e}"))?;
            let mut values = crate::error::try_with_capacity(space.cells(), "the table")
                .map_err(|e| e.to_string())?;
            for c in 0..space.cells() {
                let p = space.position(c);
                let v = nim_product(ga[p[0] as usize], gb[p[1] as usize]);
                if v >= LOOPY as u64 {
                    return Err(format!(
                        "game {f}: the value {v} at ({}, {}) does not fit 32 bits",
                        p[0], p[1]
                    ));
                }
                values.push(v as u32);
            }
            let mut t = Table::try_from_grundy(space.clone(), values).map_err(|e| e.to_string())?;
            t.explored = ga.len() + gb.len();
            Ok(t)
        }
    }
}

pub fn take_table(
    g: &TakeGame,
    space: &Space,
    misere: bool,
    outcomes_only: bool,
) -> Result<Table, String> {
    let dims = take_hull(g, space)?;
    let hull = space.hull_u128();
    let p = take_same::outcomes(g, &dims, misere).map_err(|e| e.to_string())?;
    let mut t = Table::try_new(space.clone(), misere).map_err(|e| e.to_string())?;
    for c in 0..space.cells() {
        t.outcome[c] = if p.is_p(&space.position(c)) { b'P' } else { b'N' };
    }
    t.explored = hull as usize;
    if misere {
        return Ok(t);
    }
    let work = value_work(g, &dims);
    if outcomes_only || work > VALUE_WORK || hull > crate::explore::heap_games::MAX_HULL as u128 {
        t.notes.push(format!(
            "values not computed ({}); outcomes by the bitset retrograde",
            if outcomes_only {
                "--outcomes".to_string()
            } else {
                format!("about {work} steps; at most {VALUE_WORK}: a smaller box has values")
            }
        ));
        return Ok(t);
    }
    let values = match g.mode {
        Mode::Same => crate::explore::heap_games::line_normal(
            &dims,
            &g.classes.iter().map(|&d| d as usize).collect::<Vec<_>>(),
        ),
        Mode::Moore => moore_values(g, &dims),
    };
    let strides: Vec<usize> = (0..dims.len()).map(|i| dims[i + 1..].iter().product()).collect();
    for c in 0..space.cells() {
        let pos = space.position(c);
        let v = values[(0..dims.len()).map(|i| pos[i] as usize * strides[i]).sum::<usize>()];
        t.grundy[c] = v;
        debug_assert_eq!(v == 0, t.outcome[c] == b'P');
    }
    Ok(t)
}

/// The hull of a take game's box (every position from 0 to the box's upper ends), within
/// [`MAX_TAKE_HULL`] positions and [`take_same::MAX_WORK`] steps of the retrograde.
pub fn take_hull(g: &TakeGame, space: &Space) -> Result<Vec<usize>, String> {
    let hull = space.hull_u128();
    if hull > MAX_TAKE_HULL as u128 {
        let hull =
            if hull == u128::MAX { "more than 2^128 - 1".to_string() } else { hull.to_string() };
        return Err(format!(
            "the table on the box {} needs every position from 0 to the box's upper ends, {hull} positions; at most {MAX_TAKE_HULL}",
            space.spec()
        ));
    }
    let dims: Vec<usize> = space.hi.iter().map(|&h| h as usize + 1).collect();
    let work = take_same::work(g, &dims);
    if work > take_same::MAX_WORK {
        return Err(format!(
            "the outcomes of the box {} take about {work} steps ({} kinds of move over {hull} positions); at most {}: fewer heaps or a smaller box",
            space.spec(),
            g.classes.len(),
            take_same::MAX_WORK
        ));
    }
    Ok(dims)
}

/// Cells times options walked for the Grundy values.
pub fn value_work(g: &TakeGame, dims: &[usize]) -> u128 {
    let hull: u128 = dims.iter().map(|&d| d as u128).product();
    let per: u128 = g
        .classes
        .iter()
        .map(|&d| {
            let sizes = (0..g.heaps).filter(|i| d >> i & 1 == 1).map(|i| dims[i] as u128 / 2 + 1);
            match g.mode {
                Mode::Same => sizes.min().unwrap_or(1),
                Mode::Moore => sizes.product(),
            }
        })
        .sum();
    hull * per
}

/// Grundy values of Moore's Nim on the hull: every option walked, seen values stamped.
fn moore_values(g: &TakeGame, dims: &[usize]) -> Vec<u32> {
    let k = g.heaps;
    let cells: usize = dims.iter().product();
    let strides: Vec<usize> = (0..k).map(|i| dims[i + 1..].iter().product()).collect();
    let mut val = vec![0u32; cells];
    let mut stamp: Vec<u32> = Vec::new();
    let mut pos = vec![0usize; k];
    for idx in 0..cells {
        let tag = idx as u32 + 1;
        for &d in &g.classes {
            let set: Vec<usize> = (0..k).filter(|i| d >> i & 1 == 1).collect();
            if set.iter().any(|&i| pos[i] == 0) {
                continue;
            }
            // Every y < x on the set (each chosen heap lowered by at least one).
            let mut y: Vec<usize> = vec![0; set.len()];
            loop {
                let at: usize = idx
                    - set.iter().zip(&y).map(|(&i, &yi)| (pos[i] - yi) * strides[i]).sum::<usize>();
                let v = val[at] as usize;
                if v >= stamp.len() {
                    stamp.resize(v + 1, 0);
                }
                stamp[v] = tag;
                let mut j = 0;
                while j < set.len() {
                    y[j] += 1;
                    if y[j] < pos[set[j]] {
                        break;
                    }
                    y[j] = 0;
                    j += 1;
                }
                if j == set.len() {
                    break;
                }
            }
        }
        let mut v = 0;
        while v < stamp.len() && stamp[v] == tag {
            v += 1;
        }
        val[idx] = v as u32;
        for i in (0..k).rev() {
            pos[i] += 1;
            if pos[i] < dims[i] {
                break;
            }
            pos[i] = 0;
        }
    }
    val
}

/// The theorems of `f`, as formulas.
pub fn theorems(f: &Family, misere: bool) -> Vec<Box<dyn Formula>> {
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    match f {
        Family::Take(_, g) => {
            let singles_only = g.classes.iter().all(|d| d.count_ones() == 1);
            if g.heaps == 2 && g.mode == Mode::Same && g.classes.contains(&3) {
                out.push(crate::explore::heap_games::wythoff_formula(misere));
            } else if singles_only || (g.mode == Mode::Moore && g.heaps == 1) {
                out.push(crate::explore::heap_games::nim_formula(g.heaps, misere));
            } else if g.mode == Mode::Moore && !misere {
                out.push(Box::new(MooreP {
                    heaps: g.heaps,
                    most: g.classes.iter().map(|d| d.count_ones()).max().unwrap_or(1) as usize,
                }));
            }
        }
        Family::Turning(r) => {
            if let Some(c) = turning::closed(r) {
                out.push(Box::new(TurningClosed { closed: c }));
            }
        }
        Family::Product(a, b) => {
            if let (Some(x), Some(y)) = (turning::closed(a), turning::closed(b)) {
                out.push(Box::new(Tartan { a: x, b: y }));
            }
        }
    }
    out
}

/// Moore's theorem as a formula.
struct MooreP {
    heaps: usize,
    most: usize,
}

impl Formula for MooreP {
    fn family(&self) -> &'static str {
        "bits"
    }
    fn words(&self) -> String {
        format!(
            "P iff for every bit position the number of heaps with a 1 there is divisible by {}",
            self.most + 1
        )
    }
    fn cpp(&self) -> String {
        let vars: Vec<&str> =
            (0..self.heaps).map(|i| crate::explore::pattern::var(self.heaps, i)).collect();
        format!(
            "[&]{{ for (int i = 0; i < 63; i++) {{ int ones = 0; for (long long h : {{{}}}) ones += h >> i & 1; if (ones % {} != 0) return false; }} return true; }}() /* P */",
            vars.join(", "),
            self.most + 1
        )
    }
    fn python(&self) -> String {
        let vars: Vec<&str> =
            (0..self.heaps).map(|i| crate::explore::pattern::var(self.heaps, i)).collect();
        format!(
            "all(sum(h >> i & 1 for h in ({},)) % {} == 0 for i in range(63))  # P",
            vars.join(", "),
            self.most + 1
        )
    }
    fn covers(&self) -> Covers {
        Covers::Outcomes
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        Some(Answer::of_p(take_same::moore_p(&p[..self.heaps], self.most), false))
    }
    fn cost(&self) -> u64 {
        2
    }
    fn proof(&self) -> Option<String> {
        Some(format!(
            "Moore's theorem (1910): Nim_{} on {} heaps, normal play",
            self.most, self.heaps
        ))
    }
}

/// A closed form of a 1-D coin-turning game.
struct TurningClosed {
    closed: Closed,
}

fn closed_text(c: Closed, x: &str) -> (String, String, String) {
    match c {
        Closed::Identity => (format!("G({x}) = {x}"), x.to_string(), x.to_string()),
        Closed::MinusOne => (
            format!("G({x}) = {x} - 1 ({x} >= 1)"),
            format!("({x} ? {x} - 1 : 0)"),
            format!("max({x} - 1, 0)"),
        ),
        Closed::Odious => (
            format!(
                "G({x}) = the {x}-th odious number: 2({x} - 1) + [popcount({x} - 1) even] ({x} >= 1)"
            ),
            format!("({x} ? 2*({x}-1) + (__builtin_popcountll({x}-1) % 2 == 0) : 0)"),
            format!("(2*({x}-1) + (bin({x}-1).count('1') % 2 == 0) if {x} else 0)"),
        ),
        Closed::Triplets => (
            format!(
                "G({x}) = the ({x} - 2)-th odious number: 2({x} - 3) + [popcount({x} - 3) even] ({x} >= 3), 0 for {x} <= 2"
            ),
            format!("({x} >= 3 ? 2*({x}-3) + (__builtin_popcountll({x}-3) % 2 == 0) : 0)"),
            format!("(2*({x}-3) + (bin({x}-3).count('1') % 2 == 0) if {x} >= 3 else 0)"),
        ),
        Closed::Ruler => (
            format!("G({x}) = the largest power of 2 dividing {x} ({x} >= 1)"),
            format!("({x} & -{x})"),
            format!("({x} & -{x})"),
        ),
    }
}

impl Formula for TurningClosed {
    fn family(&self) -> &'static str {
        "bits"
    }
    fn words(&self) -> String {
        closed_text(self.closed, "n").0
    }
    fn cpp(&self) -> String {
        closed_text(self.closed, "n").1
    }
    fn python(&self) -> String {
        closed_text(self.closed, "n").2
    }
    fn covers(&self) -> Covers {
        Covers::Values
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        self.closed.value(p[0]).map(Answer::of_value)
    }
    fn cost(&self) -> u64 {
        1
    }
    fn proof(&self) -> Option<String> {
        Some(self.closed.theorem().to_string())
    }
}

/// The Tartan theorem with two closed forms.
struct Tartan {
    a: Closed,
    b: Closed,
}

impl Formula for Tartan {
    fn family(&self) -> &'static str {
        "nim-product"
    }
    fn words(&self) -> String {
        format!(
            "G(a, b) = G1(a) ⊗ G2(b) (nim product), {}; {}",
            closed_text(self.a, "a").0.replace("G(", "G1("),
            closed_text(self.b, "b").0.replace("G(", "G2(")
        )
    }
    fn cpp(&self) -> String {
        format!(
            "nim_mul({}, {}) /* nim_mul: the nim product */",
            closed_text(self.a, "a").1,
            closed_text(self.b, "b").1
        )
    }
    fn python(&self) -> String {
        format!(
            "nim_mul({}, {})  # nim_mul: the nim product",
            closed_text(self.a, "a").2,
            closed_text(self.b, "b").2
        )
    }
    fn covers(&self) -> Covers {
        Covers::Values
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        Some(Answer::of_value(nim_product(self.a.value(p[0])?, self.b.value(p[1])?)))
    }
    fn cost(&self) -> u64 {
        2
    }
    fn proof(&self) -> Option<String> {
        Some(format!(
            "Tartan theorem (Winning Ways ch. 14) with {} and {}",
            self.a.theorem(),
            self.b.theorem()
        ))
    }
}

/// `NO_VALUE` re-exported for the tests' convenience.
pub const UNKNOWN: u32 = NO_VALUE;
