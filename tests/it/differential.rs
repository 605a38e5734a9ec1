//! Randomised differential test: for every registered problem, thousands of tiny generated
//! inputs go through the fast solver and through the exhaustive brute force, byte for byte, in
//! both domains: the judge's constraints (what `gen` writes by default) and ours
//! (`--beyond-judge`: zeros, empty collections, values the judge never gives).

use games::judge::Domain;
use games::registry::{PROBLEMS, Size, run};
use games::rng::Rng;

/// Cases per problem; each problem may ask for fewer if its brute force is slow, never below 2000.
const CASES: u64 = 2000;

/// FNV-1a of the problem name, so that each problem draws its own random stream.
fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

#[test]
fn fast_solver_matches_brute_force_on_tiny_inputs() {
    for (p, domain) in PROBLEMS.iter().flat_map(|p| [(p, Domain::Judge), (p, Domain::Beyond)]) {
        for case in 0..CASES {
            let seed = 0x5EED_0000 + case;
            let mut rng = Rng::new(seed ^ name_hash(p.name));
            let input = (p.generate)(&mut rng, Size::Tiny, domain);
            let (fast, fault) = run(p, &input);
            assert!(
                fault.is_none(),
                "{}: generated input rejected: {}\n{}",
                p.name,
                fault.unwrap().render(p.name, &input),
                String::from_utf8_lossy(&input)
            );
            let slow = (p.brute)(&input).unwrap_or_else(|| {
                panic!(
                    "{}: brute force declined a tiny input:\n{}",
                    p.name,
                    String::from_utf8_lossy(&input)
                )
            });
            assert!(
                fast == slow,
                "{} ({domain:?}, case {case}): fast and brute force disagree\ninput:\n{}\nfast:\n{}\nbrute:\n{}",
                p.name,
                String::from_utf8_lossy(&input),
                String::from_utf8_lossy(&fast),
                String::from_utf8_lossy(&slow)
            );
        }
    }
}

#[test]
fn generators_are_deterministic_and_valid_at_every_size() {
    for p in PROBLEMS {
        for (size, domain) in [Size::Tiny, Size::Small]
            .into_iter()
            .flat_map(|s| [(s, Domain::Judge), (s, Domain::Beyond)])
        {
            let a = (p.generate)(&mut Rng::new(42), size, domain);
            let b = (p.generate)(&mut Rng::new(42), size, domain);
            assert_eq!(a, b, "{} {size:?}: generator is not deterministic", p.name);
            let (_, fault) = run(p, &a);
            assert!(fault.is_none(), "{} {size:?}: generated input rejected", p.name);
        }
    }
}
