//! Hackenbush pictures in three colours on any graph: a move deletes one edge of the mover's
//! colour (Left: blue or green; Right: red or green), then every edge no longer connected to the
//! ground (vertex 0) falls. The last player to move wins.
//!
//! The parts of the picture that meet only at the ground are a disjunctive sum (WW ch. 1), so
//! each *ground component* (a connected component of the picture without vertex 0, with its
//! edges to the ground; a loop at the ground is a component of its own) is valued alone:
//!
//! - **All green, any graph** (WW ch. 7, "The Fusion Principle" and "The Colon Principle";
//!   Siegel, *CGT* §I.?, Thms on Green Hackenbush): the vertices on any circuit may be fused
//!   into one without changing the value, its edges becoming loops, each loop worth `*1`; and a
//!   branch hung at a vertex may be replaced by any branch of equal value (colon principle), so
//!   a stalk of one edge below a part of value `*g` is worth `*(g+1)` and branches at a vertex
//!   add by XOR. Fusing every 2-edge-connected component (found with bridges, Tarjan's low-link
//!   by an explicit stack) leaves a tree of bridges with `k` loops at each fused vertex: its
//!   value, bottom up, is `(k mod 2) XOR` the XOR over child bridges of `(child + 1)`. Linear.
//! - **Blue and red, a forest** (Thea van Roode, *Partizan Forms of Hackenbush Combinatorial
//!   Games*, M.Sc. thesis, U. Calgary 2002, and Siegel, *CGT* Exercise/§II.? on Blue-Red
//!   Hackenbush trees; the string case is Berlekamp's sign expansion, WW ch. 2): the branches at
//!   a vertex add, and a blue edge below a subtree of value `x` is worth `(x + p) / 2^(p-1)`,
//!   `p` the least positive integer with `x + p > 1`; a red edge is worth the negative of a blue
//!   edge below `-x`. One pass up the tree, in 128-bit fixed point while the denominators fit
//!   2^62 and in exact [`Dyadic`]s otherwise.
//! - **Otherwise** (mixed colours, or blue-red with cycles): the canonical form of the component
//!   by search over its positions (sets of edges still standing), at most 64 edges and
//!   [`Limits::positions`] positions, within the [`Games`] budget.
//!
//! Every rule above is checked against exhaustive play of whole pictures in
//! `tests/it/hackenbush_graph.rs` (`crate::brute::hackenbush_graph`).

use crate::theory::bigint::{BigInt, BigUint};
use crate::theory::canonical::{GameId, Games, Outcome, OverBudget};
use crate::theory::dyadic::Dyadic;
use std::collections::HashMap;

/// An edge's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Either player may cut it.
    Green,
    /// Only Left may cut it.
    Blue,
    /// Only Right may cut it.
    Red,
}

impl Colour {
    /// `g`, `b` or `r`.
    pub fn letter(self) -> char {
        match self {
            Colour::Green => 'g',
            Colour::Blue => 'b',
            Colour::Red => 'r',
        }
    }

    /// Whether Left (`left`) or Right may cut it.
    pub fn cuttable_by(self, left: bool) -> bool {
        self == Colour::Green || (self == Colour::Blue) == left
    }
}

/// An edge `u - v` (vertex 0 is the ground).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub u: u32,
    pub v: u32,
    pub colour: Colour,
}

/// How far the search for canonical forms may go.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Positions of one searched component (sets of standing edges).
    pub positions: usize,
    /// Distinct canonical forms.
    pub forms: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { positions: 100_000, forms: 500_000 }
    }
}

/// The value of a picture: a number, plus a nimber, plus canonical forms (the searched parts).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Value {
    pub number: Dyadic,
    pub nimber: u64,
    pub forms: Vec<GameId>,
}

/// The largest nimber turned into a canonical form (to add it to a searched part).
pub const MAX_FORM_NIMBER: u64 = 1024;

impl Value {
    /// The sum of two values (forms are kept apart until [`Value::total`]).
    pub fn plus(&self, other: &Value) -> Value {
        let mut forms = self.forms.clone();
        forms.extend_from_slice(&other.forms);
        Value { number: &self.number + &other.number, nimber: self.nimber ^ other.nimber, forms }
    }

    /// `-self` (forms negated in `games`).
    pub fn negative(&self, games: &mut Games) -> Result<Value, OverBudget> {
        let mut forms = Vec::with_capacity(self.forms.len());
        for &f in &self.forms {
            forms.push(games.neg(f)?);
        }
        Ok(Value { number: -&self.number, nimber: self.nimber, forms })
    }

    /// The whole value as one canonical form, when there are forms; `None` for `x + *n`.
    pub fn total(&self, games: &mut Games) -> Result<Option<GameId>, OverBudget> {
        let Some((&first, rest)) = self.forms.split_first() else { return Ok(None) };
        let mut t = first;
        for &f in rest {
            t = games.add(t, f)?;
        }
        let x = games.number(self.number.clone())?;
        t = games.add(t, x)?;
        if self.nimber > MAX_FORM_NIMBER {
            return Err(OverBudget {
                what: format!(
                    "a nimber above *{MAX_FORM_NIMBER} added to a value that is not a number plus a nimber"
                ),
            });
        }
        let s = games.star(self.nimber as u32)?;
        Ok(Some(games.add(t, s)?))
    }

    /// The outcome class.
    pub fn outcome(&self, games: &mut Games) -> Result<Outcome, OverBudget> {
        if let Some(t) = self.total(games)? {
            return Ok(games.outcome(t));
        }
        Ok(match (self.number.signum(), self.nimber) {
            (1, _) => Outcome::L,
            (-1, _) => Outcome::R,
            (_, 0) => Outcome::P,
            _ => Outcome::N,
        })
    }

    /// CGSuite's notation: `3/4`, `*3`, `-1/2*`, `{1|0}`.
    pub fn show(&self, games: &mut Games) -> Result<String, OverBudget> {
        if let Some(t) = self.total(games)? {
            return games.show(t);
        }
        Ok(number_plus_nimber(&self.number, self.nimber))
    }
}

/// `x + *n` in CGSuite's notation: `0`, `3/4`, `*`, `*3`, `-1/2*`, `2*5`.
pub fn number_plus_nimber(x: &Dyadic, n: u64) -> String {
    let mut s = if x.is_zero() && n != 0 { String::new() } else { x.to_string() };
    match n {
        0 => {}
        1 => s.push('*'),
        n => {
            s.push('*');
            s.push_str(&n.to_string());
        }
    }
    s
}

/// Adjacency lists (loops left out): `start[v]..start[v+1]` index `(neighbour, edge)`.
struct Adjacency {
    start: Vec<u32>,
    next: Vec<(u32, u32)>,
}

fn adjacency(n: usize, ends: impl Iterator<Item = (u32, u32)> + Clone) -> Adjacency {
    let mut start = vec![0u32; n + 1];
    for (u, v) in ends.clone() {
        if u != v {
            start[u as usize + 1] += 1;
            start[v as usize + 1] += 1;
        }
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut next = vec![(0u32, 0u32); start[n] as usize];
    for (e, (u, v)) in ends.enumerate() {
        if u != v {
            next[fill[u as usize] as usize] = (v, e as u32);
            fill[u as usize] += 1;
            next[fill[v as usize] as usize] = (u, e as u32);
            fill[v as usize] += 1;
        }
    }
    Adjacency { start, next }
}

/// Which vertices are connected to the ground (vertex 0), by a breadth-first search.
pub fn grounded_vertices(n: usize, edges: &[Edge]) -> Vec<bool> {
    let adj = adjacency(n, edges.iter().map(|e| (e.u, e.v)));
    let mut seen = vec![false; n];
    if n == 0 {
        return seen;
    }
    seen[0] = true;
    let mut queue = vec![0u32];
    while let Some(v) = queue.pop() {
        let v = v as usize;
        for &(w, _) in &adj.next[adj.start[v] as usize..adj.start[v + 1] as usize] {
            if !seen[w as usize] {
                seen[w as usize] = true;
                queue.push(w);
            }
        }
    }
    seen
}

/// The nimber of an all-green picture whose vertices all hang from the ground (fusion and
/// colon principles over the bridges; see the module doc).
pub fn green_value(n: usize, edges: &[(u32, u32)]) -> u64 {
    if n == 0 {
        return 0;
    }
    let adj = adjacency(n, edges.iter().copied());
    const NONE: u32 = u32::MAX;
    let mut tin = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut parent = vec![NONE; n];
    let mut parent_edge = vec![NONE; n];
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut stack: Vec<(u32, u32)> = vec![(0, adj.start[0])];
    tin[0] = 0;
    order.push(0);
    while let Some(top) = stack.last_mut() {
        let (v, i) = (top.0 as usize, top.1);
        if i < adj.start[v + 1] {
            top.1 += 1;
            let (w, e) = adj.next[i as usize];
            if e == parent_edge[v] {
                continue;
            }
            if tin[w as usize] == NONE {
                let t = order.len() as u32;
                tin[w as usize] = t;
                low[w as usize] = t;
                parent[w as usize] = v as u32;
                parent_edge[w as usize] = e;
                order.push(w);
                stack.push((w, adj.start[w as usize]));
            } else {
                low[v] = low[v].min(tin[w as usize]);
            }
        } else {
            stack.pop();
            if let Some(&(p, _)) = stack.last() {
                low[p as usize] = low[p as usize].min(low[v]);
            }
        }
    }
    // Fused vertices: a new one below every bridge.
    let mut comp = vec![0u32; n];
    let mut is_bridge = vec![false; edges.len()];
    let mut comps = 1u32;
    for &w in &order[1..] {
        let (w, p) = (w as usize, parent[w as usize] as usize);
        if low[w] > tin[p] {
            is_bridge[parent_edge[w] as usize] = true;
            comp[w] = comps;
            comps += 1;
        } else {
            comp[w] = comp[p];
        }
    }
    // Each edge that is not a bridge (loops included) is a loop on its fused vertex: *1.
    let mut value = vec![0u64; comps as usize];
    for (e, &(u, _)) in edges.iter().enumerate() {
        if !is_bridge[e] && tin[u as usize] != NONE {
            value[comp[u as usize] as usize] ^= 1;
        }
    }
    // Colon principle, children before parents.
    for &w in order[1..].iter().rev() {
        let w = w as usize;
        if is_bridge[parent_edge[w] as usize] {
            let below = value[comp[w] as usize] + 1;
            value[comp[parent[w] as usize] as usize] ^= below;
        }
    }
    value[0]
}

/// A dyadic `num / 2^exp` in fixed point, while it fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fast {
    num: i128,
    exp: u32,
}

/// The largest exponent of the fixed-point path.
const FAST_EXP: u32 = 62;

impl Fast {
    fn norm(num: i128, exp: u32) -> Fast {
        if num == 0 {
            return Fast { num: 0, exp: 0 };
        }
        let s = num.trailing_zeros().min(exp);
        Fast { num: num >> s, exp: exp - s }
    }

    fn add(self, o: Fast) -> Option<Fast> {
        let e = self.exp.max(o.exp);
        let a = self.num.checked_mul(1i128 << (e - self.exp))?;
        let b = o.num.checked_mul(1i128 << (e - o.exp))?;
        Some(Fast::norm(a.checked_add(b)?, e))
    }

    /// A blue edge below `self` (red: `blue` false).
    fn edge_below(self, blue: bool) -> Option<Fast> {
        let x = if blue { self } else { Fast { num: self.num.checked_neg()?, exp: self.exp } };
        let floor_neg = x.num.checked_neg()? >> x.exp;
        let p = (floor_neg + 2).max(1);
        if p - 1 > FAST_EXP as i128 {
            return None;
        }
        let sum = x.num.checked_add(p.checked_mul(1i128 << x.exp)?)?;
        let r = Fast::norm(sum, x.exp + (p - 1) as u32);
        if r.exp > FAST_EXP || r.num.unsigned_abs() >= 1u128 << 100 {
            return None;
        }
        Some(if blue { r } else { Fast { num: -r.num, exp: r.exp } })
    }

    fn to_dyadic(self) -> Dyadic {
        let neg = self.num < 0;
        let mag = crate::theory::bigint::BigUint::from(self.num.unsigned_abs());
        Dyadic::new(crate::theory::bigint::BigInt::from_parts(neg, mag), self.exp as u64)
    }
}

/// A blue (or red) edge below a subtree of value `x`: `(x + p) / 2^(p-1)` (module doc).
pub fn edge_below(x: &Dyadic, blue: bool) -> Dyadic {
    if !blue {
        return -&edge_below(&-x, true);
    }
    let floor_neg = (-x).floor();
    let two = crate::theory::bigint::BigInt::from(2);
    let p = &floor_neg + &two;
    let p = if p.signum() <= 0 { crate::theory::bigint::BigInt::from(1) } else { p };
    // p <= |x| + 2, and |x| is at most the number of edges: it fits a u64.
    let pv = p.to_i64().unwrap_or(i64::MAX).max(1) as u64;
    (x + &Dyadic::new(p, 0)).div_pow2(pv - 1)
}

/// The number of a blue-red forest hanging from the ground: `None` when the edges are not a
/// forest (a loop or a cycle) or some edge is green. Every vertex must hang from the ground.
pub fn blue_red_value(n: usize, edges: &[Edge]) -> Option<Dyadic> {
    if n == 0
        || edges.len() + 1 != n
        || edges.iter().any(|e| e.u == e.v || e.colour == Colour::Green)
    {
        return None;
    }
    let adj = adjacency(n, edges.iter().map(|e| (e.u, e.v)));
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut parent_edge = vec![u32::MAX; n];
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut stack = vec![0u32];
    while let Some(v) = stack.pop() {
        order.push(v);
        let v = v as usize;
        for &(w, e) in &adj.next[adj.start[v] as usize..adj.start[v + 1] as usize] {
            if !seen[w as usize] {
                seen[w as usize] = true;
                parent_edge[w as usize] = e;
                stack.push(w);
            }
        }
    }
    if order.len() != n {
        return None;
    }
    if (0..n).all(|v| adj.start[v + 1] - adj.start[v] <= if v == 0 { 1 } else { 2 }) {
        // A string: the depth-first order is the path from the ground up.
        let blue: Vec<bool> = order[1..]
            .iter()
            .map(|&w| edges[parent_edge[w as usize] as usize].colour == Colour::Blue)
            .collect();
        return Some(string_value(&blue));
    }
    let parent_of = |w: usize| {
        let e = &edges[parent_edge[w] as usize];
        (if e.u as usize == w { e.v } else { e.u } as usize, e.colour == Colour::Blue)
    };
    let mut val = vec![Val::Fast(Fast { num: 0, exp: 0 }); n];
    for &w in order[1..].iter().rev() {
        let (p, blue) = parent_of(w as usize);
        let x = std::mem::replace(&mut val[w as usize], Val::Fast(Fast { num: 0, exp: 0 }));
        let branch = x.edge_below(blue);
        let sum = std::mem::replace(&mut val[p], Val::Fast(Fast { num: 0, exp: 0 })).plus(branch);
        val[p] = sum;
    }
    Some(match std::mem::replace(&mut val[0], Val::Fast(Fast { num: 0, exp: 0 })) {
        Val::Fast(f) => f.to_dyadic(),
        Val::Big(d) => d,
    })
}

/// The number of a blue-red string, its edges from the ground up (`true` blue), by Berlekamp's
/// sign expansion (WW ch. 2) in one pass: a first run of `r` edges of one colour (sign `s`) is
/// worth `s r` alone; followed by more, it is worth `s (r - 1/2)`, and the `i`-th edge after the
/// first change of colour adds `+-1/2^(i+1)` (blue `+`, red `-`). Linear in the length, where
/// the edge-by-edge pass of [`blue_red_value`]'s trees is quadratic in it (its denominators
/// grow a bit an edge).
pub fn string_value(blue: &[bool]) -> Dyadic {
    let Some(&first) = blue.first() else {
        return Dyadic::zero();
    };
    let run = blue.iter().take_while(|&&b| b == first).count();
    let sign = |b: bool| if b { 1i64 } else { -1 };
    if run == blue.len() {
        return Dyadic::from_int(sign(first) * run as i64);
    }
    // Times 2^m (m edges from the change on): s r 2^m - s 2^(m-1) + sum c_i 2^(m-1-i).
    let m = blue.len() - run;
    let limbs = m / 64 + 2;
    let (mut plus, mut minus) = (vec![0u64; limbs], vec![0u64; limbs]);
    let mut set = |positive: bool, bit: usize| {
        let v = if positive { &mut plus } else { &mut minus };
        v[bit / 64] |= 1 << (bit % 64);
    };
    set(!first, m - 1);
    for (i, &b) in blue[run + 1..].iter().enumerate() {
        set(b, m - 2 - i);
    }
    // s r 2^m: bits m and up, clear of the fraction's bits below m.
    let whole = u128::from(run as u64) << (m % 64);
    let top = if first { &mut plus } else { &mut minus };
    top[m / 64] |= whole as u64;
    top[m / 64 + 1] |= (whole >> 64) as u64;
    let plus = BigInt::from(BigUint::from_limbs(plus));
    let minus = BigInt::from(BigUint::from_limbs(minus));
    Dyadic::new(plus - &minus, m as u64)
}

/// A subtree's value: in fixed point while it fits, exact otherwise.
#[derive(Clone)]
enum Val {
    Fast(Fast),
    Big(Dyadic),
}

impl Val {
    fn big(self) -> Dyadic {
        match self {
            Val::Fast(f) => f.to_dyadic(),
            Val::Big(d) => d,
        }
    }

    /// Back to fixed point when a big value fits again.
    fn settle(d: Dyadic) -> Val {
        if d.exponent() <= FAST_EXP as u64
            && d.numerator().magnitude().bits() <= 100
            && let Some(m) = d.numerator().magnitude().to_u128()
        {
            let num = if d.numerator().is_negative() { -(m as i128) } else { m as i128 };
            return Val::Fast(Fast { num, exp: d.exponent() as u32 });
        }
        Val::Big(d)
    }

    fn edge_below(self, blue: bool) -> Val {
        if let Val::Fast(f) = &self
            && let Some(r) = f.edge_below(blue)
        {
            return Val::Fast(r);
        }
        Val::settle(edge_below(&self.big(), blue))
    }

    fn plus(self, other: Val) -> Val {
        if let (Val::Fast(a), Val::Fast(b)) = (&self, &other)
            && let Some(r) = a.add(*b)
        {
            return Val::Fast(r);
        }
        Val::settle(&self.big() + &other.big())
    }
}

/// The ground components: for each, its edges (indices into `edges`). Edges that do not hang
/// from the ground are left out. A loop at the ground is a component of its own.
pub fn ground_components(n: usize, edges: &[Edge]) -> Vec<Vec<u32>> {
    let grounded = grounded_vertices(n, edges);
    // Union-find over the vertices other than the ground.
    let mut up: Vec<u32> = (0..n as u32).collect();
    fn find(up: &mut [u32], mut x: u32) -> u32 {
        while up[x as usize] != x {
            up[x as usize] = up[up[x as usize] as usize];
            x = up[x as usize];
        }
        x
    }
    for e in edges {
        if e.u != 0 && e.v != 0 {
            let (a, b) = (find(&mut up, e.u), find(&mut up, e.v));
            if a != b {
                up[a as usize] = b;
            }
        }
    }
    let mut index: Vec<u32> = vec![u32::MAX; n];
    let mut comps: Vec<Vec<u32>> = Vec::new();
    for (i, e) in edges.iter().enumerate() {
        if !grounded[e.u as usize] {
            continue;
        }
        if e.u == 0 && e.v == 0 {
            comps.push(vec![i as u32]);
            continue;
        }
        let r = find(&mut up, if e.u != 0 { e.u } else { e.v });
        if index[r as usize] == u32::MAX {
            index[r as usize] = comps.len() as u32;
            comps.push(Vec::new());
        }
        comps[index[r as usize] as usize].push(i as u32);
    }
    comps
}

/// Renumbers the vertices of one ground component at a time (the ground stays 0, the others
/// become `1..` in order of appearance); the map is reset after each use, so a picture with
/// many components costs no more than one.
pub struct Renumber {
    map: Vec<u32>,
}

impl Renumber {
    /// For a picture on `n` vertices.
    pub fn new(n: usize) -> Self {
        Renumber { map: vec![u32::MAX; n] }
    }

    /// The edges `ids` of `edges`, renumbered, and the number of vertices they use.
    pub fn local(&mut self, edges: &[Edge], ids: &[u32]) -> (usize, Vec<Edge>) {
        let mut next = 1u32;
        let mut out = Vec::with_capacity(ids.len());
        let map = &mut self.map;
        for &i in ids {
            let e = edges[i as usize];
            let mut id = |v: u32| {
                if v == 0 {
                    return 0;
                }
                if map[v as usize] == u32::MAX {
                    map[v as usize] = next;
                    next += 1;
                }
                map[v as usize]
            };
            let (u, v) = (id(e.u), id(e.v));
            out.push(Edge { u, v, colour: e.colour });
        }
        for &i in ids {
            let e = edges[i as usize];
            map[e.u as usize] = u32::MAX;
            map[e.v as usize] = u32::MAX;
        }
        (next as usize, out)
    }
}

/// The value of one ground component (local numbering, ground 0, everything grounded).
pub fn component_value(
    n: usize,
    edges: &[Edge],
    games: &mut Games,
    limits: Limits,
) -> Result<Value, OverBudget> {
    if edges.iter().all(|e| e.colour == Colour::Green) {
        let ends: Vec<(u32, u32)> = edges.iter().map(|e| (e.u, e.v)).collect();
        return Ok(Value { nimber: green_value(n, &ends), ..Value::default() });
    }
    if let Some(x) = blue_red_value(n, edges) {
        return Ok(Value { number: x, ..Value::default() });
    }
    let g = search(n, edges, games, limits)?;
    Ok(match games.as_number(g) {
        Some(x) => Value { number: x.clone(), ..Value::default() },
        None => Value { forms: vec![g], ..Value::default() },
    })
}

/// The value of a whole picture: the sum of its ground components.
pub fn picture_value(
    n: usize,
    edges: &[Edge],
    games: &mut Games,
    limits: Limits,
) -> Result<Value, OverBudget> {
    let mut total = Value::default();
    let mut renumber = Renumber::new(n);
    for ids in ground_components(n, edges) {
        let (ln, le) = renumber.local(edges, &ids);
        total = total.plus(&component_value(ln, &le, games, limits)?);
    }
    Ok(total)
}

/// The canonical form of a component by search over its positions (bit masks of edges).
fn search(
    n: usize,
    edges: &[Edge],
    games: &mut Games,
    limits: Limits,
) -> Result<GameId, OverBudget> {
    if edges.len() > 64 || n > 128 {
        return Err(OverBudget {
            what: format!(
                "a ground component of {} edges mixing colours or with a blue-red cycle (the search takes at most 64)",
                edges.len()
            ),
        });
    }
    let inc = Incidence::new(n, edges);
    let mut memo: HashMap<u64, GameId> = HashMap::new();
    let all = if edges.len() == 64 { u64::MAX } else { (1u64 << edges.len()) - 1 };
    // Explicit stack: (mask, expanded?)
    let mut stack: Vec<(u64, bool)> = vec![(all, false)];
    while let Some((mask, expanded)) = stack.pop() {
        if memo.contains_key(&mask) {
            continue;
        }
        if !expanded {
            stack.push((mask, true));
            for e in bits(mask) {
                let next = inc.standing(mask & !(1u64 << e));
                if !memo.contains_key(&next) {
                    stack.push((next, false));
                }
            }
            continue;
        }
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for e in bits(mask) {
            let next = inc.standing(mask & !(1u64 << e));
            let g = memo[&next];
            if edges[e].colour.cuttable_by(true) {
                l.push(g);
            }
            if edges[e].colour.cuttable_by(false) {
                r.push(g);
            }
        }
        let g = games.form(&l, &r)?;
        memo.insert(mask, g);
        if memo.len() > limits.positions {
            return Err(OverBudget {
                what: format!(
                    "more than {} positions in one ground component (the search budget)",
                    limits.positions
                ),
            });
        }
    }
    Ok(memo[&all])
}

fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// The edges of a searched component by vertex, to find what still stands after a cut.
struct Incidence<'a> {
    edges: &'a [Edge],
    /// The edges at each vertex, as a bit mask.
    at: Vec<u64>,
}

impl<'a> Incidence<'a> {
    fn new(n: usize, edges: &'a [Edge]) -> Self {
        let mut at = vec![0u64; n];
        for (i, e) in edges.iter().enumerate() {
            at[e.u as usize] |= 1 << i;
            at[e.v as usize] |= 1 << i;
        }
        Incidence { edges, at }
    }

    /// The edges of `mask` connected to the ground (a search from vertex 0).
    fn standing(&self, mask: u64) -> u64 {
        let mut reached: u128 = 1;
        let mut kept = 0u64;
        let mut todo = [0u32; 129];
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let v = todo[len];
            let new = self.at[v as usize] & mask & !kept;
            kept |= new;
            for e in bits(new) {
                let (a, b) = (self.edges[e].u, self.edges[e].v);
                let w = if a == v { b } else { a };
                if reached >> w & 1 == 0 {
                    reached |= 1u128 << w;
                    todo[len] = w;
                    len += 1;
                }
            }
        }
        kept
    }
}

/// The picture after cutting edge `cut`: the edges still standing (indices into `edges`).
pub fn after_cut(n: usize, edges: &[Edge], cut: usize) -> Vec<Edge> {
    let rest: Vec<Edge> =
        edges.iter().enumerate().filter(|&(i, _)| i != cut).map(|(_, e)| *e).collect();
    let g = grounded_vertices(n, &rest);
    rest.into_iter().filter(|e| g[e.u as usize]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(u: u32, v: u32, c: char) -> Edge {
        let colour = match c {
            'b' => Colour::Blue,
            'r' => Colour::Red,
            _ => Colour::Green,
        };
        Edge { u, v, colour }
    }

    #[test]
    fn strings_follow_the_sign_expansion() {
        // WW ch. 2: B = 1, BR = 1/2, BRR = 1/4, BRB = 3/4, BBR = 3/2, BRBR = 5/8, RB = -1/2
        for (s, want) in [
            ("b", "1"),
            ("br", "1/2"),
            ("brr", "1/4"),
            ("brb", "3/4"),
            ("bbr", "3/2"),
            ("brbr", "5/8"),
            ("rb", "-1/2"),
        ] {
            let edges: Vec<Edge> =
                s.chars().enumerate().map(|(i, c)| e(i as u32, i as u32 + 1, c)).collect();
            let x = blue_red_value(s.len() + 1, &edges).unwrap();
            assert_eq!(x.to_string(), want, "{s}");
            // the big path agrees with the fixed-point one
            let mut big = Dyadic::zero();
            for c in s.chars().rev() {
                big = edge_below(&big, c == 'b');
            }
            assert_eq!(big, x);
        }
    }

    #[test]
    fn a_long_string_is_exact() {
        // b then 200 r's: 2^-200
        let mut edges = vec![e(0, 1, 'b')];
        for i in 1..=200 {
            edges.push(e(i, i + 1, 'r'));
        }
        let x = blue_red_value(202, &edges).unwrap();
        assert_eq!(x, Dyadic::from_ratio(1, 200));
    }

    #[test]
    fn green_rings_and_loops() {
        // a triangle on the ground: one edge's worth after fusion (3 loops) = *1
        assert_eq!(green_value(3, &[(0, 1), (1, 2), (2, 0)]), 1);
        // a square: *0
        assert_eq!(green_value(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]), 0);
        // a stalk of 2 with a loop on top: 1 : (1 : *1) = *3? stalk 0-1-2 plus loop at 2
        assert_eq!(green_value(3, &[(0, 1), (1, 2), (2, 2)]), 3);
        // parallel edges 0=1: *0 (two loops)
        assert_eq!(green_value(2, &[(0, 1), (0, 1)]), 0);
    }
}

#[cfg(test)]
mod mixed_precision {
    use super::*;
    use crate::rng::Rng;

    /// The plain pass in exact dyadics only, for comparison with the fixed-point hybrid.
    fn exact(n: usize, parent: &[(usize, bool)]) -> Dyadic {
        let mut val = vec![Dyadic::zero(); n];
        for w in (1..n).rev() {
            let (p, blue) = parent[w];
            let b = edge_below(&val[w], blue);
            val[p] = &val[p] + &b;
        }
        val[0].clone()
    }

    #[test]
    fn the_linear_string_pass_equals_the_edge_by_edge_one() {
        let mut rng = Rng::new(38);
        for round in 0..2000 {
            let len = 1 + rng.index(if round % 4 == 0 { 300 } else { 12 });
            // long runs too: a colour kept with probability 1/2, 3/4 or 7/8
            let keep = 1 + (round % 3) as u64;
            let mut blue = vec![rng.chance(1, 2)];
            while blue.len() < len {
                let last = blue[blue.len() - 1];
                blue.push(if rng.chance(1, 1 << keep) { !last } else { last });
            }
            let mut want = Dyadic::zero();
            for &b in blue.iter().rev() {
                want = edge_below(&want, b);
            }
            assert_eq!(string_value(&blue), want, "round {round}: {blue:?}");
            // and through the forest pass, which takes strings this way
            let edges: Vec<Edge> = blue
                .iter()
                .enumerate()
                .map(|(i, &b)| Edge {
                    u: i as u32,
                    v: i as u32 + 1,
                    colour: if b { Colour::Blue } else { Colour::Red },
                })
                .collect();
            assert_eq!(blue_red_value(len + 1, &edges), Some(want), "round {round}");
        }
        assert_eq!(string_value(&[]), Dyadic::zero());
    }

    #[test]
    fn hybrid_pass_equals_the_exact_one_on_random_trees() {
        let mut rng = Rng::new(99);
        for round in 0..300 {
            let n = 2 + rng.index(if round % 3 == 0 { 400 } else { 60 });
            let mut parent = vec![(0usize, true); n];
            let mut edges = Vec::new();
            for (w, slot) in parent.iter_mut().enumerate().skip(1) {
                // parents among the last few vertices make long strings (big denominators)
                let p = if rng.chance(1, 2) { w - 1 - rng.index(w.min(3)) } else { rng.index(w) };
                let blue = rng.chance(1, 2);
                *slot = (p, blue);
                let colour = if blue { Colour::Blue } else { Colour::Red };
                edges.push(Edge { u: p as u32, v: w as u32, colour });
            }
            assert_eq!(blue_red_value(n, &edges), Some(exact(n, &parent)), "round {round}");
        }
    }
}
