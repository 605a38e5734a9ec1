//! Small helpers shared by the input generators.

use crate::out::Out;
use crate::problem::Size;

/// Picks the value for a size.
pub fn by_size<T>(size: Size, tiny: T, small: T, judge: T, huge: T) -> T {
    match size {
        Size::Tiny => tiny,
        Size::Small => small,
        Size::Judge => judge,
        Size::Huge => huge,
    }
}

/// Writes the values space-separated on one line.
pub fn line_of(out: &mut Out, values: &[u64]) {
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        out.int(*v);
    }
    out.nl();
}

/// The size a generator works at: `Huge` is beyond every judge by definition, so in the judge's
/// domain it stands for the judge's maxima (the command line refuses `--size huge` without
/// `--beyond-judge`; this keeps the function total).
pub fn effective(size: Size, domain: crate::judge::Domain) -> Size {
    if size == Size::Huge && domain == crate::judge::Domain::Judge { Size::Judge } else { size }
}
