//! Writing `games graph`'s answers: a value as text (`3`, `inf{0,2,5}`), outcome letters, and
//! the JSON documents (vertices serialised one by one, so no list of 10^8 records is built).

use super::touched::Touched;
use crate::out::Out;
use crate::theory::loopy::{Analysis, Move, Outcome, Value};
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};

/// `3` or `inf{0,2,5}`.
pub(super) fn write_value(out: &mut Out, value: &Value) {
    match value {
        Value::Finite(g) => {
            out.int(*g);
        }
        Value::Infinite(k) => {
            out.str("inf{");
            for (i, g) in k.iter().enumerate() {
                if i > 0 {
                    out.byte(b',');
                }
                out.int(*g);
            }
            out.byte(b'}');
        }
    }
}

pub(super) fn value_text(value: &Value) -> String {
    let mut out = Out::new();
    write_value(&mut out, value);
    String::from_utf8_lossy(out.as_bytes()).into_owned()
}

pub(super) fn letter(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "P",
        Outcome::N => "N",
        Outcome::D => "D",
    }
}

pub(super) fn json<T: Serialize>(out: &mut Out, value: &T) {
    // Writing into an `Out` cannot fail, and every key is a string; the document streams out
    // with the rest of the answers (no copy of it in memory).
    if serde_json::to_writer(&mut *out, value).is_ok() {
        out.nl();
    }
}

pub(super) struct Report<'a> {
    pub(super) vertices: VertexList<'a>,
    pub(super) positions: Option<Vec<PositionJson>>,
}

crate::json_object!(Report<'a> { "vertices" => vertices, "positions" => positions unless Option::is_none });

/// Every vertex `0..n`, serialised one by one (no list of 10^8 records in memory).
pub(super) struct VertexList<'a>(pub(super) &'a Analysis, pub(super) &'a Touched, pub(super) usize);

impl Serialize for VertexList<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let VertexList(a, touched, n) = *self;
        let mut seq = s.serialize_seq(Some(n))?;
        for (v, c) in touched.each(n).enumerate() {
            let vertex = match c {
                Some(c) => VertexJson::new(a.value(c), v, a.outcome(c)),
                None => VertexJson::new(Value::Finite(0), v, Outcome::P),
            };
            seq.serialize_element(&vertex)?;
        }
        seq.end()
    }
}

/// `{"vertex": 1, "value": "inf{0,2}", "grundy": null, "loopy": [0, 2], "outcome": "N"}`:
/// `value` as in the text table; `grundy` the integer or null; `loopy` K or null.
pub(super) struct VertexJson {
    pub(super) vertex: usize,
    pub(super) value: String,
    pub(super) grundy: Option<u32>,
    pub(super) loopy: Option<Vec<u32>>,
    pub(super) outcome: &'static str,
}

crate::json_object!(VertexJson { "vertex" => vertex, "value" => value, "grundy" => grundy, "loopy" => loopy, "outcome" => outcome });

impl VertexJson {
    fn new(value: Value, v: usize, outcome: Outcome) -> Self {
        let text = value_text(&value);
        let (grundy, loopy) = match value {
            Value::Finite(g) => (Some(g), None),
            Value::Infinite(k) => (None, Some(k)),
        };
        VertexJson { vertex: v + 1, value: text, grundy, loopy, outcome: letter(outcome) }
    }
}

pub(super) struct PositionJson {
    pub(super) position: usize,
    pub(super) tokens: Vec<usize>,
    pub(super) value: String,
    pub(super) grundy: Option<u32>,
    pub(super) loopy: Option<Vec<u32>>,
    pub(super) outcome: &'static str,
    pub(super) play: Option<MoveJson>,
}

crate::json_object!(PositionJson { "position" => position, "tokens" => tokens, "value" => value, "grundy" => grundy, "loopy" => loopy, "outcome" => outcome, "move" => play });

/// A move: `token` is 1-based in the position's list; `from` and `to` are vertices.
pub(super) struct MoveJson {
    pub(super) token: usize,
    pub(super) from: usize,
    pub(super) to: usize,
}

crate::json_object!(MoveJson { "token" => token, "from" => from, "to" => to });

impl PositionJson {
    pub(super) fn new(
        i: usize,
        tokens: &[u32],
        (value, outcome, mv): (Value, Outcome, Option<Move>),
    ) -> Self {
        let v = VertexJson::new(value, 0, outcome);
        PositionJson {
            position: i + 1,
            tokens: tokens.iter().map(|&t| t as usize + 1).collect(),
            value: v.value,
            grundy: v.grundy,
            loopy: v.loopy,
            outcome: v.outcome,
            play: mv.map(|m| MoveJson {
                token: m.token + 1,
                from: m.from as usize + 1,
                to: m.to as usize + 1,
            }),
        }
    }
}

pub(super) struct MisereReport<'a> {
    pub(super) vertices: MisereVertices<'a>,
    pub(super) positions: Option<Vec<MiserePosition>>,
}

crate::json_object!(MisereReport<'a> { "vertices" => vertices, "positions" => positions unless Option::is_none });

pub(super) struct MisereVertex {
    pub(super) vertex: usize,
    pub(super) outcome: &'static str,
}

crate::json_object!(MisereVertex { "vertex" => vertex, "outcome" => outcome });

/// Every vertex's misère outcome, serialised one by one (no list of 10^8 records in memory).
pub(super) struct MisereVertices<'a> {
    pub(super) n: usize,
    pub(super) touched: &'a Touched,
    pub(super) outcome: &'a dyn Fn(Option<usize>) -> &'static str,
}

impl Serialize for MisereVertices<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.n))?;
        for (v, c) in self.touched.each(self.n).enumerate() {
            seq.serialize_element(&MisereVertex { vertex: v + 1, outcome: (self.outcome)(c) })?;
        }
        seq.end()
    }
}

pub(super) struct MiserePosition {
    pub(super) position: usize,
    pub(super) tokens: Vec<usize>,
    pub(super) outcome: &'static str,
}

crate::json_object!(MiserePosition { "position" => position, "tokens" => tokens, "outcome" => outcome });
