//! In-tree mutation fuzzing: random byte flips, insertions, deletions, token swaps and splices
//! of valid inputs (the golden samples and generated ones), with a fixed seed, run through every
//! problem's solver in-process. Each run must end in an answer or in a located error, never a
//! panic; on an error the answers written must be exactly those of the input cut at the fault.
//! (The coverage-guided fuzzer in `fuzz/` does the same without the fixed budget.)

use games::registry::{PROBLEMS, Problem, Size, run};
use games::rng::Rng;
use games::testkit::{has_costly_number, has_large_number, mutate};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

/// Mutated executions per problem (each also runs the cut input on a fault).
const PER_PROBLEM: usize = 20_000;

fn seeds(p: &Problem) -> Vec<Vec<u8>> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/samples")).join(p.name);
    let mut v: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "in"))
                .filter_map(|p| std::fs::read(p).ok())
                .filter(|b| b.len() <= 4096 && !has_large_number(b))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    for seed in 0..16 {
        v.push((p.generate)(&mut Rng::new(seed), Size::Tiny, games::judge::Domain::Beyond));
    }
    v
}

#[test]
fn mutated_inputs_give_an_answer_or_a_located_error() {
    let mut executions = 0usize;
    for p in PROBLEMS {
        let started = std::time::Instant::now();
        let corpus = seeds(p);
        let mut rng = Rng::new(
            0xF022 ^ games::rng::mix64(p.name.len() as u64 * 131 + p.name.as_bytes()[0] as u64),
        );
        for _ in 0..PER_PROBLEM {
            let base = rng.pick(&corpus);
            let other = rng.pick(&corpus);
            let mut input = mutate(&mut rng, base, other);
            while has_costly_number(&input) {
                input = mutate(&mut rng, base, other);
            }
            let result = catch_unwind(AssertUnwindSafe(|| run(p, &input)));
            executions += 1;
            let (out, fault) = result.unwrap_or_else(|_| {
                panic!("{}: panic on input {:?}", p.name, String::from_utf8_lossy(&input))
            });
            if let Some(f) = fault {
                assert!(f.offset <= input.len(), "{}: error offset past the input", p.name);
                let msg = f.render(p.name, &input);
                assert!(
                    msg.starts_with(&format!("games {}: line ", p.name)) && !msg.contains('\n'),
                    "{}: bad message {msg:?}",
                    p.name
                );
                let (kept, _) = run(p, &input[..f.offset]);
                assert!(
                    out == kept,
                    "{}: answers before the fault differ from the cut input's\ninput {:?}\nfault: {msg}\ngot {:?}\ncut gives {:?}",
                    p.name,
                    String::from_utf8_lossy(&input),
                    String::from_utf8_lossy(&out),
                    String::from_utf8_lossy(&kept)
                );
            }
        }
        eprintln!("mutation: {:<16} {:>6.2} s", p.name, started.elapsed().as_secs_f64());
    }
    eprintln!("mutation: {executions} executions over {} problems", PROBLEMS.len());
    assert!(executions >= PER_PROBLEM * PROBLEMS.len());
}
