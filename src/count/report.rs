//! The answer of `games count`: `P <count>` and `N <count>` lines (or `value V <count>`), or
//! one JSON object with the counts as decimal strings (they may pass 2^64).

use super::{Counted, Form};
use crate::out::Out;

/// Text: P and N for the target 0, else the count of the target value.
pub fn text(out: &mut Out, c: &Counted, target: Option<u64>) {
    match target {
        None => {
            out.str("P ").str(&c.hit.to_string()).nl();
            out.str("N ").str(&c.miss().to_string()).nl();
        }
        Some(v) => {
            out.str("value ").int(v).str(" ").str(&c.hit.to_string()).nl();
        }
    }
}

struct Json {
    form: &'static str,
    size: u64,
    modulus: Option<u64>,
    value: Option<u64>,
    p: Option<String>,
    n: Option<String>,
    count: Option<String>,
    total: String,
}

crate::json_object!(Json { "form" => form, "size" => size, "modulus" => modulus, "value" => value unless Option::is_none, "P" => p unless Option::is_none, "N" => n unless Option::is_none, "count" => count unless Option::is_none, "total" => total });

/// One JSON object: the form ("ordered", "unordered", "sequences", "all-lengths"), its size
/// (K or L), the modulus (or null), and the counts as strings.
pub fn json(out: &mut Out, c: &Counted, form: Form, target: Option<u64>) {
    let (form, size) = match form {
        Form::Tuples { k, unordered: false } => ("ordered", k),
        Form::Tuples { k, unordered: true } => ("unordered", k),
        Form::Sequences { len, all_lengths: false } => ("sequences", len),
        Form::Sequences { len, all_lengths: true } => ("all-lengths", len),
    };
    let j = Json {
        form,
        size,
        modulus: c.modulus,
        value: target,
        p: target.is_none().then(|| c.hit.to_string()),
        n: target.is_none().then(|| c.miss().to_string()),
        count: target.map(|_| c.hit.to_string()),
        total: c.total.to_string(),
    };
    out.str(&serde_json::to_string(&j).unwrap_or_default()).nl();
}
