//! One target for every problem: the first byte picks the problem (modulo their number), the
//! rest is its input. Checks what tests/it/mutation.rs checks: no panic, an error lies within the
//! input and renders as one located line, and the answers kept on a fault are exactly those of
//! the input cut at the fault. Inputs with mid-size numbers are skipped (see
//! `games::testkit::has_costly_number`).
#![no_main]

use games::registry::{run, PROBLEMS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, input)) = data.split_first() else { return };
    // Values in 10^6..10^12 legitimately build tables or graphs of that size: seconds under
    // the sanitizer, which libFuzzer would call a timeout. The tests cover those sizes.
    if games::testkit::has_costly_number(input) {
        return;
    }
    let p = PROBLEMS[pick as usize % PROBLEMS.len()];
    let (out, fault) = run(p, input);
    if let Some(f) = fault {
        assert!(f.offset <= input.len());
        let msg = f.render(p.name, input);
        assert!(msg.starts_with("games ") && !msg.contains('\n'));
        let (kept, _) = run(p, &input[..f.offset]);
        assert!(out == kept, "answers before the fault differ from the cut input's");
    }
});
