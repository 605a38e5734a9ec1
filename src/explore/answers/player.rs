//! The perfect player of `--serve`, written once for every kind of value: the request read
//! (`POSITION`, a sum `A + B + C`, `()` the empty game, and for a partizan game `L POSITION` /
//! `R POSITION`), the parts valued, their sum's value, the `POSITION ?` line, the search of a
//! best move part by part, and the move written as the whole new position. What differs per
//! kind is a small [`Plays`]: how a part's value is had (explored, else far: the position's
//! options listed at each request and a checked pattern's value, each far part within its own
//! budget), how values add up (the kind's [`ValueKind::combine`]), how a value is said, and
//! which option of a part is best ([`ValueKind::best`], or the Sprague–Grundy target, or the
//! partizan outcome of the sum after the move).
//!
//! The rule of a move, the same for every kind: the parts are tried in the request's order and
//! the first best option of the first part that has one is played ([`Plays::move_in`]); where
//! no part has a best move (every move loses) a kind that plays on plays the first option of
//! the first part that has a move ([`Plays::any_move`]), the others answer `none`. The move is
//! written as the whole new position: the parts not moved as the request wrote them, the part
//! moved as the moves program writes that option where it is one position ([`Written`]), else
//! its parts joined by ` + `; `()` when nothing is left.
//!
//! [`Player`] plays one kind over one computed game ([`Explored`], positions valued by the
//! kind's rule, far ones by [`far::Found::far_move`]): `--remoteness` (and plain `--serve` of an
//! impartial game that does not split) and `--score`. The Grundy player of games that split
//! (`run/grundy_serve.rs`), the misère player of sums (`run/misere_play.rs`) and the partizan
//! player (`run/partizan_serve.rs`) are the other [`Plays`].

use crate::explore::far::{self, Listing};
use crate::explore::kind::value_kind::{Compound, ValueKind};
use crate::explore::serve::{Oracle, Written};
use crate::explore::space::{Coords, format_position, parse_position};
use std::cell::RefCell;

/// A request's position: its parts as the request wrote them (trimmed) and read (`()` parts
/// dropped: the empty game adds nothing).
pub struct Asked {
    pub texts: Vec<String>,
    pub parts: Vec<Coords>,
}

impl Asked {
    /// Reads `A + B + C` (`()` the empty game); an empty part is an error.
    pub fn read(text: &str, arity: usize) -> Result<Asked, String> {
        let (mut texts, mut parts) = (Vec::new(), Vec::new());
        for piece in text.split('+').map(str::trim) {
            if piece.is_empty() {
                return Err(match text.trim().is_empty() {
                    true => "an empty position (the empty game is written ())",
                    false => "an empty part of a sum",
                }
                .to_string());
            }
            if piece != "()" {
                parts.push(parse_position(piece, arity)?);
                texts.push(piece.to_string());
            }
        }
        Ok(Asked { texts, parts })
    }
}

/// A position being played: its parts, their values, the sum's value, and the player to move
/// (`left`: Left, or the only player of an impartial game).
pub struct Sum<'s, V> {
    pub asked: &'s Asked,
    pub values: &'s [V],
    pub total: &'s V,
    pub left: bool,
}

/// One kind, as the player plays it (see the module documentation).
pub trait Plays {
    /// A value: of a part, and of a sum.
    type Value;
    /// The coordinates a position has.
    fn arity(&self) -> usize;
    /// Do requests name the player to move (`L POSITION`, `R POSITION`: partizan games)?
    fn sided(&self) -> bool {
        false
    }
    /// The values of the parts of `asked`, or why not (a new request begins here).
    fn values(&self, asked: &Asked) -> Result<Vec<Self::Value>, String>;
    /// The value of the sum of the parts of `asked`, of values `values`.
    fn sum(&self, asked: &Asked, values: &[Self::Value]) -> Result<Self::Value, String>;
    /// The answer to `POSITION ?`.
    fn said(&self, total: &Self::Value) -> Result<String, String>;
    /// A best move in part `i` of `sum`: the option's parts (empty: `()`), `None` when that
    /// part has none.
    fn move_in(&self, sum: &Sum<Self::Value>, i: usize) -> Result<Option<Vec<Coords>>, String>;
    /// Where no part has a best move: the option of part `i` played anyway (`None`: none).
    fn any_move(&self, _sum: &Sum<Self::Value>, _i: usize) -> Result<Option<Vec<Coords>>, String> {
        Ok(None)
    }
    /// The moves program's own text of the option `to` of `from` ([`Written`]), `None` where
    /// it cannot be had (a built-in or partizan game).
    fn own_text(&self, _from: &Coords, _to: &Coords) -> Option<String> {
        None
    }
}

/// Every kind is served the same way.
impl<P: Plays> Oracle for P {
    fn best(&self, text: &str) -> Result<Option<String>, String> {
        best(self, text)
    }

    fn value(&self, text: &str) -> Result<String, String> {
        value(self, text)
    }
}

/// The answer to `POSITION ?`.
pub fn value<P: Plays>(p: &P, text: &str) -> Result<String, String> {
    let asked = Asked::read(text, p.arity())?;
    let values = p.values(&asked)?;
    p.said(&p.sum(&asked, &values)?)
}

/// The answer to a move request: the whole position after the best move, `None`: no move.
pub fn best<P: Plays>(p: &P, text: &str) -> Result<Option<String>, String> {
    let (left, text) = match p.sided() {
        false => (true, text),
        true => {
            let (side, pos) = text.split_at(text.find(char::is_whitespace).unwrap_or(text.len()));
            match side {
                "L" => (true, pos.trim()),
                "R" => (false, pos.trim()),
                _ => {
                    return Err(
                        "a partizan request is 'L POSITION', 'R POSITION' or 'POSITION ?'".into()
                    );
                }
            }
        }
    };
    let asked = Asked::read(text, p.arity())?;
    let values = p.values(&asked)?;
    let total = p.sum(&asked, &values)?;
    let sum = Sum { asked: &asked, values: &values, total: &total, left };
    for i in 0..asked.parts.len() {
        if let Some(option) = p.move_in(&sum, i)? {
            return Ok(Some(written(p, &asked, i, &option)));
        }
    }
    for i in 0..asked.parts.len() {
        if let Some(option) = p.any_move(&sum, i)? {
            return Ok(Some(written(p, &asked, i, &option)));
        }
    }
    Ok(None)
}

/// The whole position after part `i` of `asked` is replaced by `option`'s parts.
fn written<P: Plays>(p: &P, asked: &Asked, i: usize, option: &[Coords]) -> String {
    let k = p.arity();
    let mut out: Vec<String> = Vec::with_capacity(asked.texts.len() + option.len());
    for (j, t) in asked.texts.iter().enumerate() {
        if j != i {
            out.push(t.clone());
            continue;
        }
        let own = match option {
            [one] => p.own_text(&asked.parts[j], one),
            _ => None,
        };
        match own {
            Some(t) => out.push(t),
            None => out.extend(option.iter().map(|q| format_position(q, k))),
        }
    }
    if out.is_empty() { "()".to_string() } else { out.join(" + ") }
}

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

/// A far position's value and move to play.
type FarMove = (Coords, i128, Option<Option<Coords>>);

/// One request to a [`Player`]: the far position it met (its options listed once a request).
struct Request<'p, 'a> {
    player: &'p Player<'a>,
    far: RefCell<Option<FarMove>>,
}

impl Request<'_, '_> {
    /// A far position's value and move to play, from a pattern the rule confirms there.
    fn far(&self, p: &Coords) -> Result<FarMove, String> {
        if let Some(f) = self.far.borrow().filter(|f| f.0 == *p) {
            return Ok(f);
        }
        let (g, player) = (self.player.game, self.player);
        let mut found = player.found.try_borrow_mut().map_err(|e| e.to_string())?;
        let listing = match (player.list)(p) {
            Ok(mut l) => l.pop().unwrap_or_else(|| Err("not listed".into())),
            Err(e) => Err(e.to_string()),
        };
        let known = |q: &[u64]| g.find(q).map(|v| g.value(v));
        let (v, pick) = found.far_move(p, &listing, &known).map_err(|why| {
            format!("not among the explored positions and not answered from a pattern: {why}")
        })?;
        self.far.replace(Some((*p, v, pick)));
        Ok((*p, v, pick))
    }
}

impl Plays for Request<'_, '_> {
    type Value = i128;

    fn arity(&self) -> usize {
        self.player.game.arity()
    }

    fn values(&self, asked: &Asked) -> Result<Vec<i128>, String> {
        let (g, kind) = (self.player.game, self.player.kind);
        if asked.parts.len() > 1 {
            kind.combine(Compound::Disjunctive, &vec![0; asked.parts.len()])?;
        }
        let k = g.arity();
        let value = |p: &Coords| match g.find(&p[..k]) {
            Some(v) => Ok(g.value(v)),
            None => self.far(p).map(|f| f.1),
        };
        asked.parts.iter().map(value).collect()
    }

    fn sum(&self, _asked: &Asked, values: &[i128]) -> Result<i128, String> {
        self.player.kind.combine(Compound::Disjunctive, values)
    }

    fn said(&self, total: &i128) -> Result<String, String> {
        Ok(self.player.kind.said(*total))
    }

    fn move_in(&self, sum: &Sum<i128>, i: usize) -> Result<Option<Vec<Coords>>, String> {
        let (g, p) = (self.player.game, &sum.asked.parts[i]);
        let pick = match g.find(&p[..g.arity()]) {
            Some(v) => g.best(v).map(|u| u.map(|u| g.coords(u))),
            None => self.far(p)?.2,
        };
        Ok(pick.map(|q| q.into_iter().collect()))
    }

    fn own_text(&self, from: &Coords, to: &Coords) -> Option<String> {
        let k = self.arity();
        self.player.written.as_ref()?.text(&from[..k], Some(&to[..k]))
    }
}

impl Oracle for Player<'_> {
    fn best(&self, text: &str) -> Result<Option<String>, String> {
        best(&Request { player: self, far: RefCell::new(None) }, text)
    }

    fn value(&self, text: &str) -> Result<String, String> {
        value(&Request { player: self, far: RefCell::new(None) }, text)
    }
}
