//! Canonical forms of short partizan games: sum, negative, comparison, outcome classes and
//! CGSuite's notation, with numbers held exactly as [`Dyadic`]s.
//!
//! **Theorems used** (Conway, *On Numbers and Games* (ONAG) ch. 10; Siegel, *Combinatorial
//! Game Theory* (CGT) ch. II; Berlekamp, Conway, Guy, *Winning Ways* (WW) ch. 2-4):
//! - *Order* (ONAG ch. 1; CGT Def. II.1.6): `G <= H` iff no `GL >= H` and no `HR <= G`.
//!   Outcome classes (CGT Thm II.1.8): `G > 0` Left wins (L), `G < 0` Right wins (R), `G = 0`
//!   the second player wins (P), `G || 0` the first player wins (N).
//! - *Sum and negative* (ONAG ch. 1): `G + H = {GL + H, G + HL | GR + H, G + HR}`,
//!   `-G = {-GR | -GL}`; the negative of a canonical form is canonical.
//! - *Simplification* (ONAG Thm 68, CGT Thms II.2.4-II.2.9): removing dominated options and
//!   bypassing reversible ones (a Left option `GL` with some `GLR <= G` is replaced by the Left
//!   options of that `GLR`; symmetrically for Right) keeps the value; a form whose options are
//!   canonical and which has neither is *the* canonical form, unique for its value. So two
//!   games are equal iff their canonical forms are identical: equal values get equal ids here.
//! - *Simplicity* (ONAG Thm 11, CGT Thm II.3.7): a form whose options are all numbers with
//!   every Left option below every Right option is the simplest number between
//!   ([`Dyadic::simplest_between`]); the canonical form of a number has number options, so a
//!   canonical form is a number exactly then. Numbers are stored as numbers, never as trees.
//! - *Number translation* (CGT Thm II.3.13; WW ch. 2): for a number `x` and a game `G` not equal
//!   to a number, `G + x = {GL + x | GR + x}`, and hence `x <= G` iff no `GR <= x`
//!   (`G - x`'s Right options are the `GR - x`), `G <= x` iff no `GL >= x`. So sums and
//!   comparisons never descend into the (possibly huge) tree of a number.
//! - *Nimbers and up* (WW ch. 3; CGT §II.4): `*n = {0,*,...,*(n-1) | 0,*,...,*(n-1)}`,
//!   `^ = {0|*}`, `v = {*|0}`, `^* = {0,*|0}`, `v* = {0|0,*}`, all canonical; `x + *n` and
//!   `x + ^` are recognised by building them and comparing ids.
//!
//! Every node is counted against a budget (the number of distinct canonical forms), and the
//! height of a form (numbers count 0) is capped at [`MAX_HEIGHT`], which bounds the depth of
//! the recursive comparisons and sums; past either, [`OverBudget`] says so.
//!
//! ```
//! use games::theory::canonical::{Games, Outcome};
//! let mut g = Games::new(10_000);
//! let zero = g.zero();
//! let star = g.star(1).unwrap();
//! let up = g.form(&[zero], &[star]).unwrap();
//! assert_eq!(g.show(up).unwrap(), "^");
//! let s = g.add(up, star).unwrap();
//! assert_eq!(g.show(s).unwrap(), "^*");
//! assert_eq!(g.outcome(s), Outcome::N);
//! let one = g.int(1).unwrap();
//! let switch = g.form(&[one], &[zero]).unwrap();
//! assert_eq!(g.show(switch).unwrap(), "{1|0}");
//! let half = g.form(&[zero], &[one]).unwrap();
//! assert_eq!(g.show(half).unwrap(), "1/2");
//! let t = g.add(switch, switch).unwrap();
//! assert_eq!(g.show(t).unwrap(), "1"); // {1|0} + {1|0} = 1
//! ```

use crate::theory::dyadic::Dyadic;
use std::collections::HashMap;

/// A canonical form: an index into [`Games`]. Equal ids mean equal values.
pub type GameId = u32;

/// The greatest height of a form (nested braces; numbers count 0).
pub const MAX_HEIGHT: u32 = 1000;

/// Comparison steps allowed per form of the budget (the work limit is the budget times this).
pub const STEPS_PER_FORM: u64 = 10;

/// The budget or the height cap was passed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverBudget {
    /// What ran out.
    pub what: String,
}

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.what)
    }
}

/// The outcome class of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Left wins whoever starts (`G > 0`).
    L,
    /// Right wins whoever starts (`G < 0`).
    R,
    /// The first player wins (`G || 0`).
    N,
    /// The second player wins (`G = 0`).
    P,
}

impl Outcome {
    /// `L`, `R`, `N` or `P`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        }
    }

    /// From who wins moving first.
    pub fn from_first(left_wins_first: bool, right_wins_first: bool) -> Outcome {
        match (left_wins_first, right_wins_first) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }
}

enum Node {
    Number(Dyadic),
    Form { left: Box<[GameId]>, right: Box<[GameId]>, height: u32 },
}

/// One side of a comparison: a stored form, a number not stored, or the form being simplified.
#[derive(Clone)]
enum Ref {
    Id(GameId),
    Num(Dyadic),
    Temp,
}

/// A stored form's Left and Right options.
type FormKey = (Box<[GameId]>, Box<[GameId]>);

/// The store of canonical forms, with memoised comparisons and sums.
pub struct Games {
    nodes: Vec<Node>,
    numbers: HashMap<Dyadic, GameId>,
    forms: HashMap<FormKey, GameId>,
    le_memo: HashMap<(GameId, GameId), bool>,
    sum_memo: HashMap<(GameId, GameId), GameId>,
    neg_memo: HashMap<GameId, GameId>,
    budget: usize,
    /// Comparisons made so far, and the most allowed.
    steps: u64,
    max_steps: u64,
}

/// The canonical options of the number `x` (ONAG ch. 0): `n-1` for an integer `n > 0`, `n+1`
/// on the right for `n < 0`, `(m-1)/2^k | (m+1)/2^k` for `m/2^k` with `k > 0`.
pub fn number_options(x: &Dyadic) -> (Option<Dyadic>, Option<Dyadic>) {
    let step = Dyadic::from_ratio(1, x.exponent());
    if !x.is_integer() {
        (Some(x - &step), Some(x + &step))
    } else if x.signum() > 0 {
        (Some(x - &step), None)
    } else if x.signum() < 0 {
        (None, Some(x + &step))
    } else {
        (None, None)
    }
}

impl Games {
    /// An empty store that holds at most `budget` canonical forms.
    pub fn new(budget: usize) -> Self {
        let mut g = Games {
            nodes: Vec::new(),
            numbers: HashMap::new(),
            forms: HashMap::new(),
            le_memo: HashMap::new(),
            sum_memo: HashMap::new(),
            neg_memo: HashMap::new(),
            budget: budget.max(1),
            steps: 0,
            max_steps: (budget.max(1) as u64).saturating_mul(STEPS_PER_FORM),
        };
        g.nodes.push(Node::Number(Dyadic::zero()));
        g.numbers.insert(Dyadic::zero(), 0);
        g
    }

    /// How many canonical forms are stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only zero is stored.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    fn over(&self) -> OverBudget {
        OverBudget {
            what: format!("more than {} distinct canonical forms (the budget)", self.budget),
        }
    }

    /// The game 0.
    pub fn zero(&self) -> GameId {
        0
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> Result<GameId, OverBudget> {
        if let Some(&id) = self.numbers.get(&x) {
            return Ok(id);
        }
        if self.nodes.len() >= self.budget {
            return Err(self.over());
        }
        let id = self.nodes.len() as GameId;
        self.nodes.push(Node::Number(x.clone()));
        self.numbers.insert(x, id);
        Ok(id)
    }

    /// The integer `n`.
    pub fn int(&mut self, n: i64) -> Result<GameId, OverBudget> {
        self.number(Dyadic::from_int(n))
    }

    /// The number `g` is, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<&Dyadic> {
        match &self.nodes[g as usize] {
            Node::Number(x) => Some(x),
            Node::Form { .. } => None,
        }
    }

    /// The height of `g` (0 for a number).
    pub fn height(&self, g: GameId) -> u32 {
        match &self.nodes[g as usize] {
            Node::Number(_) => 0,
            Node::Form { height, .. } => *height,
        }
    }

    /// Stores a form known to be canonical (sorted, deduplicated options).
    fn intern(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> Result<GameId, OverBudget> {
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.forms.get(&key) {
            return Ok(id);
        }
        let height =
            1 + key.0.iter().chain(key.1.iter()).map(|&o| self.height(o)).max().unwrap_or(0);
        if height > MAX_HEIGHT {
            return Err(OverBudget {
                what: format!("a canonical form more than {MAX_HEIGHT} levels deep"),
            });
        }
        if self.nodes.len() >= self.budget {
            return Err(self.over());
        }
        let id = self.nodes.len() as GameId;
        self.nodes.push(Node::Form { left: key.0.clone(), right: key.1.clone(), height });
        self.forms.insert(key, id);
        Ok(id)
    }

    /// The nimber `*n` (built directly: it is canonical).
    pub fn star(&mut self, n: u32) -> Result<GameId, OverBudget> {
        let mut opts = vec![0];
        let mut last = 0;
        for _ in 0..n {
            last = self.intern(opts.clone(), opts.clone())?;
            opts.push(last);
        }
        Ok(last)
    }

    /// The canonical Left and Right options of `g` (a number's are numbers).
    pub fn options(&mut self, g: GameId) -> Result<(Vec<GameId>, Vec<GameId>), OverBudget> {
        match &self.nodes[g as usize] {
            Node::Form { left, right, .. } => Ok((left.to_vec(), right.to_vec())),
            Node::Number(x) => {
                let (l, r) = number_options(&x.clone());
                let l = match l {
                    Some(v) => vec![self.number(v)?],
                    None => vec![],
                };
                let r = match r {
                    Some(v) => vec![self.number(v)?],
                    None => vec![],
                };
                Ok((l, r))
            }
        }
    }

    fn ref_number(&self, r: &Ref) -> Option<Dyadic> {
        match r {
            Ref::Id(g) => self.as_number(*g).cloned(),
            Ref::Num(x) => Some(x.clone()),
            Ref::Temp => None,
        }
    }

    /// The options of one side of `r` as refs (`temp` is the form being simplified).
    fn side(&self, r: &Ref, left: bool, temp: (&[GameId], &[GameId])) -> Vec<Ref> {
        match r {
            Ref::Temp => {
                let s = if left { temp.0 } else { temp.1 };
                s.iter().map(|&g| Ref::Id(g)).collect()
            }
            Ref::Id(g) => match &self.nodes[*g as usize] {
                Node::Form { left: l, right: rr, .. } => {
                    let s = if left { l } else { rr };
                    s.iter().map(|&g| Ref::Id(g)).collect()
                }
                Node::Number(x) => self.side(&Ref::Num(x.clone()), left, temp),
            },
            Ref::Num(x) => {
                let (l, rr) = number_options(x);
                let s = if left { l } else { rr };
                s.into_iter().map(Ref::Num).collect()
            }
        }
    }

    /// `a <= b`, where `Temp` is the form `temp` (it is never on both sides).
    fn le_ref(&mut self, a: &Ref, b: &Ref, temp: (&[GameId], &[GameId])) -> bool {
        self.steps += 1;
        if let (Ref::Id(x), Ref::Id(y)) = (a, b) {
            if x == y {
                return true;
            }
            if let (Some(p), Some(q)) = (self.as_number(*x), self.as_number(*y)) {
                return p <= q;
            }
            if let Some(&v) = self.le_memo.get(&(*x, *y)) {
                return v;
            }
        }
        let (an, bn) = (self.ref_number(a), self.ref_number(b));
        let stored_form = |r: &Ref, n: &Option<Dyadic>| matches!(r, Ref::Id(_)) && n.is_none();
        let v = match (&an, &bn) {
            (Some(x), Some(y)) => x <= y,
            // number translation: x <= G iff no GR <= x (G a canonical non-number)
            (Some(_), None) if stored_form(b, &bn) => {
                let rights = self.side(b, false, temp);
                !rights.iter().any(|r| self.le_ref(r, a, temp))
            }
            (None, Some(_)) if stored_form(a, &an) => {
                let lefts = self.side(a, true, temp);
                !lefts.iter().any(|l| self.le_ref(b, l, temp))
            }
            _ => {
                let lefts = self.side(a, true, temp);
                let rights = self.side(b, false, temp);
                !lefts.iter().any(|l| self.le_ref(b, l, temp))
                    && !rights.iter().any(|r| self.le_ref(r, a, temp))
            }
        };
        if let (Ref::Id(x), Ref::Id(y)) = (a, b) {
            self.le_memo.insert((*x, *y), v);
        }
        v
    }

    /// `g <= h`.
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        self.le_ref(&Ref::Id(g), &Ref::Id(h), (&[], &[]))
    }

    /// The outcome class of `g`.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let z = self.zero();
        Outcome::from_first(!self.le(g, z), !self.le(z, g))
    }

    /// The canonical form of `{left | right}` (options given as canonical forms).
    pub fn form(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, OverBudget> {
        if self.steps > self.max_steps {
            return Err(OverBudget {
                what: format!(
                    "more than {} comparisons of canonical forms (the work budget: {STEPS_PER_FORM} per form of the budget of {})",
                    self.max_steps, self.budget
                ),
            });
        }
        let mut l: Vec<GameId> = left.to_vec();
        let mut r: Vec<GameId> = right.to_vec();
        loop {
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            self.remove_dominated(&mut l, true);
            self.remove_dominated(&mut r, false);
            if !self.bypass_one(&mut l, &mut r, true)? && !self.bypass_one(&mut l, &mut r, false)? {
                break;
            }
        }
        let nums = |s: &[GameId], g: &Games| -> Option<Vec<Dyadic>> {
            s.iter().map(|&o| g.as_number(o).cloned()).collect()
        };
        if let (Some(ln), Some(rn)) = (nums(&l, self), nums(&r, self)) {
            let lo = ln.into_iter().max();
            let hi = rn.into_iter().min();
            if let Some(x) = Dyadic::simplest_between(lo.as_ref(), hi.as_ref()) {
                return self.number(x);
            }
        }
        self.intern(l, r)
    }

    /// Removes the options of one side dominated by another (distinct ids are unequal).
    fn remove_dominated(&mut self, s: &mut Vec<GameId>, left: bool) {
        let mut i = 0;
        while i < s.len() {
            let a = s[i];
            let dominated =
                s.iter().any(|&b| b != a && if left { self.le(a, b) } else { self.le(b, a) });
            if dominated {
                s.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Bypasses one reversible option of one side of `{l | r}`; false when there is none.
    fn bypass_one(
        &mut self,
        l: &mut Vec<GameId>,
        r: &mut Vec<GameId>,
        left: bool,
    ) -> Result<bool, OverBudget> {
        let count = if left { l.len() } else { r.len() };
        for i in 0..count {
            let o = if left { l[i] } else { r[i] };
            let (ol, or) = self.options(o)?;
            let back = if left { or } else { ol };
            for x in back {
                let temp = (l.as_slice(), r.as_slice());
                let reversible = if left {
                    self.le_ref(&Ref::Id(x), &Ref::Temp, temp)
                } else {
                    self.le_ref(&Ref::Temp, &Ref::Id(x), temp)
                };
                if reversible {
                    let (xl, xr) = self.options(x)?;
                    let s = if left { &mut *l } else { &mut *r };
                    s.remove(i);
                    s.extend(if left { xl } else { xr });
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// `-g`.
    pub fn neg(&mut self, g: GameId) -> Result<GameId, OverBudget> {
        if let Some(&v) = self.neg_memo.get(&g) {
            return Ok(v);
        }
        let v = match &self.nodes[g as usize] {
            Node::Number(x) => {
                let x = -x;
                self.number(x)?
            }
            Node::Form { left, right, .. } => {
                let (left, right) = (left.clone(), right.clone());
                let mut nl = Vec::with_capacity(right.len());
                for &o in right.iter() {
                    nl.push(self.neg(o)?);
                }
                let mut nr = Vec::with_capacity(left.len());
                for &o in left.iter() {
                    nr.push(self.neg(o)?);
                }
                nl.sort_unstable();
                nr.sort_unstable();
                self.intern(nl, nr)?
            }
        };
        self.neg_memo.insert(g, v);
        self.neg_memo.insert(v, g);
        Ok(v)
    }

    /// `g + h`.
    pub fn add(&mut self, g: GameId, h: GameId) -> Result<GameId, OverBudget> {
        let key = (g.min(h), g.max(h));
        if let Some(&v) = self.sum_memo.get(&key) {
            return Ok(v);
        }
        let (g, h) = key;
        let v = match (self.as_number(g).cloned(), self.as_number(h).cloned()) {
            (Some(x), Some(y)) => self.number(&x + &y)?,
            (Some(_), None) => self.translate(h, g)?,
            (None, Some(_)) => self.translate(g, h)?,
            (None, None) => {
                let (gl, gr) = self.options(g)?;
                let (hl, hr) = self.options(h)?;
                let mut l = Vec::with_capacity(gl.len() + hl.len());
                let mut r = Vec::with_capacity(gr.len() + hr.len());
                for o in gl {
                    l.push(self.add(o, h)?);
                }
                for o in hl {
                    l.push(self.add(g, o)?);
                }
                for o in gr {
                    r.push(self.add(o, h)?);
                }
                for o in hr {
                    r.push(self.add(g, o)?);
                }
                self.form(&l, &r)?
            }
        };
        self.sum_memo.insert(key, v);
        Ok(v)
    }

    /// `g + x` for a form `g` and a number `x` (number translation).
    fn translate(&mut self, g: GameId, x: GameId) -> Result<GameId, OverBudget> {
        let (gl, gr) = self.options(g)?;
        let mut l = Vec::with_capacity(gl.len());
        let mut r = Vec::with_capacity(gr.len());
        for o in gl {
            l.push(self.add(o, x)?);
        }
        for o in gr {
            r.push(self.add(o, x)?);
        }
        self.form(&l, &r)
    }

    /// `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> Result<GameId, OverBudget> {
        let n = self.neg(h)?;
        self.add(g, n)
    }

    /// Whether `g` is `x + *n` (n >= 1) or `x + ^`, `x + ^*`, `x + v`, `x + v*` for a number
    /// `x` among its options: the number and the suffix (`*`, `*3`, `^`, `^*`, `v`, `v*`).
    fn recognise(&mut self, g: GameId) -> Result<Option<(Dyadic, String)>, OverBudget> {
        let (l, r) = self.options(g)?;
        let mut xs: Vec<GameId> =
            l.iter().chain(r.iter()).copied().filter(|&o| self.as_number(o).is_some()).collect();
        xs.sort_unstable();
        xs.dedup();
        if xs.len() != 1 {
            return Ok(None);
        }
        let x = xs[0];
        let xv = self.as_number(x).cloned().unwrap_or_default();
        if l == r && l.len() <= 64 {
            let s = self.star(l.len() as u32)?;
            if self.add(x, s)? == g {
                let n = l.len();
                return Ok(Some((xv, if n == 1 { "*".into() } else { format!("*{n}") })));
            }
        }
        let zero = self.zero();
        let star = self.star(1)?;
        let up = self.intern(vec![zero], vec![star])?;
        let down = self.neg(up)?;
        for (base, name) in [(up, "^"), (down, "v")] {
            let plain = self.add(x, base)?;
            if plain == g {
                return Ok(Some((xv, name.to_string())));
            }
            let starred = self.add(plain, star)?;
            if starred == g {
                return Ok(Some((xv, format!("{name}*"))));
            }
        }
        Ok(None)
    }

    /// `g` in CGSuite's notation: `3/4`, `-5/8`, `1/2*`, `*3`, `^`, `v*`, `{1|0}`, nested
    /// braces with options separated by `,` (numbers first, in increasing order). Refused
    /// past a million characters in all (a form's text can double with each birthday while
    /// the form, shared, grows by a node: the budget counts every character written, and each
    /// subgame's text is written once and copied).
    pub fn show(&mut self, g: GameId) -> Result<String, OverBudget> {
        let mut text = Text { left: SHOW_BUDGET, memo: HashMap::new() };
        self.write(g, &mut text)
    }

    fn write(&mut self, g: GameId, text: &mut Text) -> Result<String, OverBudget> {
        if let Some(s) = text.memo.get(&g) {
            let s = s.clone();
            text.spend(s.len())?;
            return Ok(s);
        }
        let s = if let Some(x) = self.as_number(g) {
            x.to_string()
        } else if let Ok(Some((x, suffix))) = self.recognise(g) {
            if x.is_zero() { suffix } else { format!("{x}{suffix}") }
        } else {
            let (l, r) = self.options(g)?;
            let (l, r) = (self.write_side(&l, text)?, self.write_side(&r, text)?);
            format!("{{{l}|{r}}}")
        };
        text.spend(s.len())?;
        text.memo.insert(g, s.clone());
        Ok(s)
    }

    fn write_side(&mut self, side: &[GameId], text: &mut Text) -> Result<String, OverBudget> {
        let mut nums: Vec<Dyadic> =
            side.iter().filter_map(|&o| self.as_number(o).cloned()).collect();
        nums.sort();
        let mut texts: Vec<String> = nums.iter().map(|x| x.to_string()).collect();
        let mut others = Vec::new();
        for &o in side {
            if self.as_number(o).is_none() {
                others.push(self.write(o, text)?);
            }
        }
        others.sort();
        texts.extend(others);
        Ok(texts.join(","))
    }
}

/// The longest text [`Games::show`] writes for one value.
const SHOW_LONGEST: usize = 1_000_000;
/// The most characters [`Games::show`] copies for one value, every subgame's text counted
/// each time it is copied into its parent's (a value at the longest, nested deep, fits).
const SHOW_BUDGET: usize = 64 * SHOW_LONGEST;

/// The text of one [`Games::show`]: the characters it may still copy, and each subgame's text.
struct Text {
    left: usize,
    memo: HashMap<GameId, String>,
}

impl Text {
    /// Pays for a subgame's text of `n` characters.
    fn spend(&mut self, n: usize) -> Result<(), OverBudget> {
        let left = self.left.checked_sub(n).filter(|_| n <= SHOW_LONGEST);
        self.left = left
            .ok_or_else(|| OverBudget { what: "a value more than 10^6 characters long".into() })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    type Memo = HashMap<(Vec<(usize, bool)>, bool), bool>;

    /// A form whose text doubles with each step while the form grows by one node (Left may
    /// subtract 1 or 2, Right 1 to 4): `show` prints the early ones, each containing the text
    /// of the one before, and refuses a later one at once instead of writing for ever.
    #[test]
    fn show_has_a_budget_on_shared_subgames() {
        let mut g = Games::new(100_000);
        let mut chain: Vec<GameId> = vec![g.zero()];
        let mut texts: Vec<String> = vec!["0".into()];
        for n in 1..200usize {
            let back = |k: usize| n.checked_sub(k).map(|i| chain[i]);
            let left: Vec<GameId> = (1..=2).filter_map(back).collect();
            let right: Vec<GameId> = (1..=4).filter_map(back).collect();
            let id = g.form(&left, &right).unwrap();
            chain.push(id);
            match g.show(id) {
                Ok(t) => {
                    assert!(t.len() <= 1_000_000, "step {n}: {} characters", t.len());
                    let prev = &texts[n - 1];
                    assert!(prev.len() < 3 || t.contains(prev.as_str()), "step {n}: {t}");
                    texts.push(t);
                }
                Err(e) => {
                    assert!(e.what.contains("10^6 characters"), "{e}");
                    assert!(n > 12, "refused at step {n} only");
                    return;
                }
            }
        }
        panic!("every step printed: the chain does not grow as planned");
    }

    /// Explicit game trees: node i has Left and Right options among 0..i.
    struct Trees {
        left: Vec<Vec<usize>>,
        right: Vec<Vec<usize>>,
    }

    impl Trees {
        fn random(rng: &mut Rng, n: usize) -> Trees {
            let mut t = Trees { left: vec![], right: vec![] };
            for i in 0..n {
                let pick = |rng: &mut Rng| -> Vec<usize> {
                    if i == 0 {
                        return vec![];
                    }
                    let k = rng.below(3) as usize;
                    (0..k).map(|_| rng.index(i)).collect()
                };
                let l = pick(rng);
                let r = pick(rng);
                t.left.push(l);
                t.right.push(r);
            }
            t
        }

        /// Exhaustive play of the sum of positions `ps` (each a node, with a sign: a negated
        /// node swaps its players): does the player to move (`left`) win?
        fn wins(&self, ps: &[(usize, bool)], left: bool, memo: &mut Memo) -> bool {
            let mut key = ps.to_vec();
            key.sort_unstable();
            if let Some(&v) = memo.get(&(key.clone(), left)) {
                return v;
            }
            let mut win = false;
            'outer: for (i, &(p, neg)) in ps.iter().enumerate() {
                let opts = if left != neg { &self.left[p] } else { &self.right[p] };
                for &o in opts {
                    let mut next = ps.to_vec();
                    next[i] = (o, neg);
                    if !self.wins(&next, !left, memo) {
                        win = true;
                        break 'outer;
                    }
                }
            }
            memo.insert((key, left), win);
            win
        }

        fn outcome(&self, ps: &[(usize, bool)], memo: &mut Memo) -> Outcome {
            Outcome::from_first(self.wins(ps, true, memo), self.wins(ps, false, memo))
        }
    }

    fn canonical(t: &Trees, g: &mut Games) -> Vec<GameId> {
        let mut ids: Vec<GameId> = Vec::new();
        for i in 0..t.left.len() {
            let l: Vec<GameId> = t.left[i].iter().map(|&o| ids[o]).collect();
            let r: Vec<GameId> = t.right[i].iter().map(|&o| ids[o]).collect();
            ids.push(g.form(&l, &r).unwrap());
        }
        ids
    }

    #[test]
    fn outcomes_sums_and_order_agree_with_exhaustive_play() {
        let mut rng = Rng::new(27);
        for round in 0..60 {
            let t = Trees::random(&mut rng, 14 + round % 6);
            let mut g = Games::new(100_000);
            let ids = canonical(&t, &mut g);
            let mut memo = HashMap::new();
            for a in 0..ids.len() {
                assert_eq!(g.outcome(ids[a]), t.outcome(&[(a, false)], &mut memo), "node {a}");
                for b in 0..ids.len() {
                    // sums: the outcome of the canonical sum is that of the played sum
                    let s = g.add(ids[a], ids[b]).unwrap();
                    assert_eq!(g.outcome(s), t.outcome(&[(a, false), (b, false)], &mut memo));
                    // order: a <= b iff Left moving first loses a - b
                    let le = !t.wins(&[(a, false), (b, true)], true, &mut memo);
                    assert_eq!(g.le(ids[a], ids[b]), le, "{a} <= {b}");
                    // equal values get equal ids
                    let eq = le && !t.wins(&[(a, false), (b, true)], false, &mut memo);
                    assert_eq!(ids[a] == ids[b], eq);
                    let d = g.sub(ids[a], ids[b]).unwrap();
                    assert_eq!(d == g.zero(), eq);
                }
            }
        }
    }

    #[test]
    fn three_part_sums_agree_with_exhaustive_play() {
        let mut rng = Rng::new(2727);
        for _ in 0..30 {
            let t = Trees::random(&mut rng, 10);
            let mut g = Games::new(100_000);
            let ids = canonical(&t, &mut g);
            let mut memo = HashMap::new();
            for _ in 0..30 {
                let (a, b, c) = (rng.index(10), rng.index(10), rng.index(10));
                let ab = g.add(ids[a], ids[b]).unwrap();
                let s = g.add(ab, ids[c]).unwrap();
                assert_eq!(
                    g.outcome(s),
                    t.outcome(&[(a, false), (b, false), (c, false)], &mut memo)
                );
                let nc = g.neg(ids[c]).unwrap();
                let s2 = g.add(ab, nc).unwrap();
                let ps = [(a, false), (b, false), (c, true)];
                assert_eq!(g.outcome(s2), t.outcome(&ps, &mut memo));
            }
        }
    }

    #[test]
    fn known_values_print_in_cgsuite_notation() {
        let mut g = Games::new(10_000);
        let z = g.zero();
        let one = g.int(1).unwrap();
        let half = g.number(Dyadic::from_ratio(1, 1)).unwrap();
        let star = g.form(&[z], &[z]).unwrap();
        let cases: Vec<(Vec<GameId>, Vec<GameId>, &str)> = vec![
            (vec![], vec![], "0"),
            (vec![z], vec![], "1"),
            (vec![], vec![z], "-1"),
            (vec![z], vec![one], "1/2"),
            (vec![z], vec![z], "*"),
            (vec![z], vec![star], "^"),
            (vec![star], vec![z], "v"),
            (vec![z, star], vec![z], "^*"),
            (vec![z], vec![z, star], "v*"),
            (vec![z, star], vec![z, star], "*2"),
            (vec![star], vec![star], "0"),
            (vec![one], vec![z], "{1|0}"),
            (vec![one], vec![one], "1*"),
            (vec![half], vec![half], "1/2*"),
            (vec![z, half], vec![one], "3/4"),
            (vec![one, z], vec![one], "1*"),
        ];
        for (l, r, want) in cases {
            let id = g.form(&l, &r).unwrap();
            assert_eq!(g.show(id).unwrap(), want);
        }
        let sw = g.form(&[one], &[z]).unwrap();
        let two = g.int(2).unwrap();
        let nested = g.form(&[two], &[sw]).unwrap();
        assert_eq!(g.show(nested).unwrap(), "{2|{1|0}}");
        let s3 = g.star(3).unwrap();
        let h = g.number(Dyadic::from_ratio(-5, 3)).unwrap();
        let x = g.add(s3, h).unwrap();
        assert_eq!(g.show(x).unwrap(), "-5/8*3");
        // ^ + ^ + * = ^^* is not named: braces
        let up = g.form(&[z], &[star]).unwrap();
        assert_eq!(g.outcome(up), Outcome::L);
        let upstar = g.add(up, star).unwrap();
        assert_eq!(g.outcome(upstar), Outcome::N);
        assert_eq!(g.outcome(sw), Outcome::N);
    }

    #[test]
    fn budget_and_height_are_enforced() {
        let mut g = Games::new(5);
        assert!(g.star(10).is_err());
        let mut g = Games::new(1_000_000);
        let mut x = g.zero();
        let mut failed = false;
        for _ in 0..2000 {
            // {0 | x}: tiny-like towers grow one level each
            let z = g.zero();
            match g.form(&[z], &[x]) {
                Ok(v) => x = v,
                Err(_) => {
                    failed = true;
                    break;
                }
            }
        }
        assert!(failed || g.height(x) <= MAX_HEIGHT);
    }

    #[test]
    fn big_numbers_stay_numbers() {
        let mut g = Games::new(1000);
        let big = g.number(Dyadic::from_ratio(1, 5000)).unwrap();
        let z = g.zero();
        let s = g.form(&[z], &[big]).unwrap();
        assert_eq!(g.as_number(s), Some(&Dyadic::from_ratio(1, 5001)));
        let n = g.int(1_000_000).unwrap();
        let star = g.star(1).unwrap();
        let v = g.add(n, star).unwrap();
        assert_eq!(g.show(v).unwrap(), "1000000*");
        assert!(g.le(star, n));
    }
}
