//! The table of a kind of value other than Grundy values, written once over the kind
//! ([`ValueKind::show`] gives each entry): a box of two coordinates as a grid (rows: the
//! first coordinate, columns: the second, each column as wide as the widest entry or label),
//! any other box as one line a position, `POSITION ENTRY`; and a position's JSON entry
//! ([`json`]).

use crate::explore::kind::ValueKind;
use crate::explore::space::{Space, format_position};
use crate::out::Out;

/// Writes the box's table, the entry of cell `c` being `kind.show(value(c))`.
pub fn table(out: &mut Out, space: &Space, kind: &dyn ValueKind, value: impl Fn(usize) -> i128) {
    let cells: Vec<String> = (0..space.cells()).map(|c| kind.show(value(c))).collect();
    if space.arity() != 2 {
        for (c, v) in cells.iter().enumerate() {
            out.str(&format_position(&space.position(c), space.arity())).str(" ").str(v).nl();
        }
        return;
    }
    let w = cells.iter().map(String::len).max().unwrap_or(1).max(space.hi[1].to_string().len());
    let w0 = space.hi[0].to_string().len().max(3);
    out.str(&format!("{:>w0$}", "a\\b"));
    for b in space.lo[1]..=space.hi[1] {
        out.str(&format!(" {b:>w$}"));
    }
    out.nl();
    for (row, chunk) in cells.chunks(space.width(1) as usize).enumerate() {
        out.str(&format!("{:>w0$}", space.lo[0] + row as u64));
        for c in chunk {
            out.str(&format!(" {c:>w$}"));
        }
        out.nl();
    }
}

/// A position's JSON entry: `"position"` (its coordinates) and the kind's fields of its value
/// ([`ValueKind::json`]), or `"outcome": "?"` when the value is unknown.
pub fn json(kind: &dyn ValueKind, pos: &[u64], v: Option<i128>) -> serde_json::Value {
    let mut o = serde_json::Map::new();
    o.insert("position".into(), serde_json::json!(pos));
    match v {
        Some(v) => kind.json(v, &mut o),
        None => {
            o.insert("outcome".into(), "?".into());
        }
    }
    serde_json::Value::Object(o)
}
