//! The table of a kind of value other than Grundy values, written once over the kind
//! ([`ValueKind::show`] gives each entry): a box of two coordinates as a grid (rows: the
//! first coordinate, columns: the second, each column as wide as the widest entry or label),
//! any other box as one line a position, `POSITION ENTRY`.

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
