//! The perfect player of `--serve`, written once over the kind of value ([`ValueKind`]): an
//! [`Oracle`] that answers explored positions from the computed game ([`Explored`]) and far
//! ones from a pattern the game's rule confirms there ([`far::Found::far_move`], the
//! position's options listed at each request). The best move is the kind's
//! ([`ValueKind::best`]), written as the moves program writes it ([`Written`]) where it can
//! be had; a value is written as the kind says it ([`ValueKind::said`]). `--remoteness` (and
//! plain `--serve` on an impartial game) and `--score` use it; the Grundy player of sums
//! (`run/grundy_serve.rs`) and the partizan player have their own.

use crate::explore::far::{self, Listing};
use crate::explore::kind::ValueKind;
use crate::explore::serve::{Oracle, Written};
use crate::explore::space::{Coords, format_position, parse_position};
use std::cell::RefCell;

/// A computed game as the perfect player reads it: its positions numbered, each with its
/// value (the kind's integer) and its first best option.
pub trait Explored {
    /// The coordinates a position has.
    fn arity(&self) -> usize;
    /// The number of a computed position.
    fn find(&self, p: &[u64]) -> Option<usize>;
    /// The coordinates of position `v`.
    fn coords(&self, v: usize) -> Coords;
    /// The value of position `v`.
    fn value(&self, v: usize) -> i128;
    /// The move to play from `v`: `None` with no move, `Some(None)` to the empty game `()`,
    /// `Some(Some(u))` to position `u`.
    fn best(&self, v: usize) -> Option<Option<usize>>;
    /// An option as text (`()` for `None`).
    fn show(&self, u: Option<usize>) -> String;
}

/// The options of one far position, listed within the run's time (the moves program or the
/// built-in rule).
pub type ListFar<'a> = Box<dyn Fn(&Coords) -> std::io::Result<Vec<Listing>> + 'a>;

/// The perfect player of one kind over one computed game.
pub struct Player<'a> {
    pub game: &'a dyn Explored,
    pub kind: &'a dyn ValueKind,
    /// The moves program's own text of the moves (none for a built-in game).
    pub written: Option<Written<'a>>,
    /// Far positions: the patterns, checked by the game's rule at each request.
    pub found: RefCell<far::Found>,
    pub list: ListFar<'a>,
}

impl Player<'_> {
    fn find(&self, text: &str) -> Result<usize, String> {
        let k = self.game.arity();
        let p = parse_position(text, k)?;
        self.game.find(&p[..k]).ok_or_else(|| "far".to_string())
    }

    /// A far position's value and move to play, from a pattern the rule confirms there.
    fn far(&self, text: &str) -> Result<(Coords, i128, Option<Option<Coords>>), String> {
        let g = self.game;
        let p = parse_position(text, g.arity())?;
        let mut found = self.found.try_borrow_mut().map_err(|e| e.to_string())?;
        let listing = match (self.list)(&p) {
            Ok(mut l) => l.pop().unwrap_or_else(|| Err("not listed".into())),
            Err(e) => Err(e.to_string()),
        };
        let known = |q: &[u64]| g.find(q).map(|v| g.value(v));
        let (v, pick) = found.far_move(&p, &listing, &known).map_err(|why| {
            format!("not among the explored positions and not answered from a pattern: {why}")
        })?;
        Ok((p, v, pick))
    }

    /// The option `want` of `p` as the program writes it, else as `shown`.
    fn text(&self, p: &Coords, want: Option<&Coords>, shown: String) -> String {
        let k = self.game.arity();
        let own = self.written.as_ref().and_then(|w| w.text(&p[..k], want.map(|c| &c[..k])));
        own.unwrap_or(shown)
    }
}

impl Oracle for Player<'_> {
    fn best(&self, text: &str) -> Result<Option<String>, String> {
        let g = self.game;
        let Ok(v) = self.find(text) else {
            let (p, _, pick) = self.far(text)?;
            let Some(q) = pick else { return Ok(None) };
            let shown = q.map_or("()".to_string(), |c| format_position(&c, g.arity()));
            return Ok(Some(self.text(&p, q.as_ref(), shown)));
        };
        let Some(u) = g.best(v) else { return Ok(None) };
        let want = u.map(|u| g.coords(u));
        Ok(Some(self.text(&g.coords(v), want.as_ref(), g.show(u))))
    }

    fn value(&self, text: &str) -> Result<String, String> {
        match self.find(text) {
            Ok(v) => Ok(self.kind.said(self.game.value(v))),
            Err(_) => Ok(self.kind.said(self.far(text)?.1)),
        }
    }
}
