//! The golden samples under `samples/<problem>/`, run in-process, and their agreement with the
//! registry: every problem has samples, every sample folder is a problem.

use games::registry::{PROBLEMS, find, run};
use std::path::Path;

fn sample_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/samples"))
}

#[test]
fn every_golden_sample_matches() {
    let mut checked = 0;
    for entry in std::fs::read_dir(sample_dir()).expect("samples/ exists") {
        let dir = entry.expect("readable samples/").path();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let p = find(&name).unwrap_or_else(|| panic!("samples/{name} is not a registered problem"));
        assert_eq!(p.name, name, "samples/{name} should use the canonical name");
        for f in std::fs::read_dir(&dir).unwrap() {
            let path = f.unwrap().path();
            if path.extension().is_some_and(|e| e == "in") {
                let input = std::fs::read(&path).unwrap();
                let expected = std::fs::read(path.with_extension("out"))
                    .unwrap_or_else(|_| panic!("{} has no .out", path.display()));
                let (got, fault) = run(p, &input);
                assert!(
                    fault.is_none(),
                    "{}: {}",
                    path.display(),
                    fault.unwrap().render(p.name, &input)
                );
                assert_eq!(
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&expected),
                    "{}",
                    path.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

#[test]
fn every_problem_has_an_official_and_three_own_samples() {
    for p in PROBLEMS {
        let dir = sample_dir().join(p.name);
        let count = std::fs::read_dir(&dir)
            .unwrap_or_else(|_| panic!("samples/{} is missing", p.name))
            .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "in"))
            .count();
        assert!(
            count >= 4,
            "samples/{} has {count} inputs; want the official one and 3 of ours",
            p.name
        );
    }
}

#[test]
fn own_samples_agree_with_the_brute_force() {
    // Every sample the brute force can reach must agree with it, and each problem needs at
    // least three such samples besides the official ones (which are sample-1 and, where the judge
    // gave more, the next numbers; see samples/README.md).
    for p in PROBLEMS {
        let dir = sample_dir().join(p.name);
        let mut vouched = 0;
        for f in std::fs::read_dir(&dir).unwrap() {
            let path = f.unwrap().path();
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let input = std::fs::read(&path).unwrap();
            let expected = std::fs::read(path.with_extension("out")).unwrap();
            if let Some(brute) = (p.brute)(&input) {
                assert_eq!(
                    String::from_utf8_lossy(&brute),
                    String::from_utf8_lossy(&expected),
                    "brute force disagrees with {}",
                    path.display()
                );
                vouched += 1;
            }
        }
        assert!(
            vouched >= 3,
            "samples/{}: only {vouched} samples are checked by brute force",
            p.name
        );
    }
}
