//! `games explore --list OUTCOME|all`: every position of the box with that outcome, one a line,
//! in box order (the last coordinate fastest), or every position with its value and outcome.
//!
//! The positions come from a [`Source`]: the table of a box (built-in game or moves program),
//! the outcome bits of a take game's big box ([`crate::explore::big::BigBox`]), which holds no
//! values (`-` in the text, `null` in JSON), or the box of any other kind of value
//! ([`Outcomes`]: remoteness `P`/`N`/`D`, scores `win`/`draw`/`loss`, partizan `L`/`R`/`N`/`P`),
//! whose values are written as its table shows them (a string in JSON). The lines are appended to an [`Out`] as they are met, so
//! a streaming `Out` writes a list of 10^8 positions in 64 KiB blocks, never holding it whole.
//! The walk stops at the first failed write of a streaming `Out` (its reader gone: `| head`).
//! `--json` writes one object, `{"list": "P", "count": N, "positions": [...]}`, with the whole
//! list (each entry `[coordinates]`, or with `all` `{"position": [...], "value": V, "outcome":
//! "N"}`), also streamed; `count` comes last since it is known only at the end.

use crate::explore::big::BigBox;
use crate::explore::report::entries::Outcomes;
use crate::explore::table::{LOOPY, NO_VALUE, Table};
use crate::out::Out;

/// What `--list` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// The positions of this outcome (one of the kind's names).
    Outcome(&'static str),
    /// Every position with its value and outcome.
    All,
}

/// The outcomes of the impartial tables.
pub const IMPARTIAL: &[&str] = &["P", "N", "D"];

impl Which {
    /// One of the kind's outcome `names` or `all` (any case); else why not, listing them.
    pub fn parse(text: &str, names: &[&'static str]) -> Result<Which, String> {
        if text.trim().eq_ignore_ascii_case("all") {
            return Ok(Which::All);
        }
        crate::explore::report::entries::outcome_named(names, text).map(Which::Outcome).ok_or_else(
            || {
                format!(
                    "--list '{}': this kind's outcomes are {} (or all)",
                    crate::error::excerpt(text.as_bytes()),
                    names.join(", ")
                )
            },
        )
    }

    /// As the JSON's `"list"` says it.
    fn name(self) -> &'static str {
        match self {
            Which::Outcome(c) => c,
            Which::All => "all",
        }
    }
}

/// A value as the list prints it.
pub enum Value<'a> {
    /// A Grundy value.
    Int(u32),
    /// Smith's ∞(K).
    Loopy(&'a [u32]),
    /// No value computed (misère play, outcome bits) or not decided.
    None,
    /// A value as the kind's table shows it.
    Shown(String),
}

/// Where the positions come from.
pub enum Source<'a> {
    Table(&'a Table),
    /// A `--multiset` table: each multiset once, at its first cell in box order
    /// ([`crate::explore::space::Space::first_of_multiset`]).
    Multisets(&'a Table),
    Big(&'a BigBox),
    /// The box of another kind of value.
    Kind(&'a dyn Outcomes),
}

impl Source<'_> {
    /// Calls `f` with every position of the box in box order, its value and its outcome, until
    /// it returns false.
    fn each(&self, mut f: impl FnMut(&[u64], Value, &str) -> bool) {
        match self {
            Source::Table(t) | Source::Multisets(t) => {
                let k = t.space.arity();
                let multiset = matches!(self, Source::Multisets(_));
                for cell in 0..t.cells() {
                    let p = t.position(cell);
                    if multiset && !t.space.first_of_multiset(&p[..k]) {
                        continue;
                    }
                    let v = match t.grundy[cell] {
                        LOOPY => Value::Loopy(t.loopy.get(&cell).map_or(&[][..], |k| &k[..])),
                        NO_VALUE => Value::None,
                        g => Value::Int(g),
                    };
                    let o = std::slice::from_ref(&t.outcome[cell]);
                    if !f(&p[..k], v, std::str::from_utf8(o).unwrap_or("?")) {
                        return;
                    }
                }
            }
            Source::Big(b) => {
                b.each_position(|p, is_p| f(p, Value::None, if is_p { "P" } else { "N" }))
            }
            Source::Kind(b) => {
                let space = b.space();
                let k = space.arity();
                for c in 0..space.cells() {
                    let v = b.value(c).map_or(Value::None, Value::Shown);
                    if !f(&space.position(c)[..k], v, b.outcome(c).unwrap_or("?")) {
                        return;
                    }
                }
            }
        }
    }

    /// Calls `f` with every position of the box whose outcome is `want`, in box order (the
    /// big box's P-positions straight from its set bits), until it returns false.
    fn each_of(&self, want: &str, mut f: impl FnMut(&[u64], Value) -> bool) {
        match self {
            Source::Big(b) if want == "P" => b.each_p(|p| f(p, Value::None)),
            _ => self.each(|p, v, o| o != want || f(p, v)),
        }
    }
}

/// Writes the list as text: a line per position, its coordinates separated by spaces, and
/// with `all` its value (`-` where there is none) and outcome. Returns how many were written.
pub fn text(out: &mut Out, source: &Source, which: Which) -> u64 {
    let mut n = 0u64;
    match which {
        Which::Outcome(want) => source.each_of(want, |p, _| {
            n += 1;
            ints(out, p, b' ');
            out.nl();
            !out.stalled()
        }),
        Which::All => source.each(|p, v, o| {
            n += 1;
            ints(out, p, b' ');
            out.byte(b' ');
            value_text(out, &v);
            out.byte(b' ').str(o).nl();
            !out.stalled()
        }),
    }
    n
}

/// Writes the list as one JSON object (see the module's doc).
pub fn json(out: &mut Out, source: &Source, which: Which) {
    out.str("{\"list\":\"").str(which.name()).str("\",\"positions\":[");
    let mut n = 0u64;
    match which {
        Which::Outcome(want) => source.each_of(want, |p, _| {
            out.str(if n > 0 { "," } else { "" });
            n += 1;
            coords_json(out, p);
            !out.stalled()
        }),
        Which::All => source.each(|p, v, o| {
            out.str(if n > 0 { ",{\"position\":" } else { "{\"position\":" });
            n += 1;
            coords_json(out, p);
            out.str(",\"value\":");
            match v {
                Value::None => {
                    out.str("null");
                }
                Value::Int(g) => {
                    out.int(g);
                }
                Value::Loopy(k) => {
                    out.str("{\"inf\":[");
                    ints(out, k, b',');
                    out.str("]}");
                }
                Value::Shown(s) => {
                    out.str(&serde_json::Value::String(s).to_string());
                }
            }
            out.str(",\"outcome\":\"").str(o).str("\"}");
            !out.stalled()
        }),
    }
    out.str("],\"count\":").int(n).str("}\n");
}

/// `[a,b,c]`.
fn coords_json(out: &mut Out, p: &[u64]) {
    out.byte(b'[');
    ints(out, p, b',');
    out.byte(b']');
}

/// The numbers joined by `sep`.
fn ints<I: itoa::Integer + Copy>(out: &mut Out, xs: &[I], sep: u8) {
    for (i, &x) in xs.iter().enumerate() {
        if i > 0 {
            out.byte(sep);
        }
        out.int(x);
    }
}

/// A value as text: `3`, `inf{0,2}`, or `-` where there is none.
fn value_text(out: &mut Out, v: &Value) {
    match v {
        Value::Int(g) => {
            out.int(*g);
        }
        Value::Loopy(k) => {
            out.str("inf{");
            ints(out, k, b',');
            out.byte(b'}');
        }
        Value::None => {
            out.byte(b'-');
        }
        Value::Shown(s) => {
            out.str(s);
        }
    }
}
