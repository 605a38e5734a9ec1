//! A clean root (issue 48): the top of the repository holds only the entries listed in
//! `docs/development.md` ("The repository's root"), each of which exists; besides them only
//! `.git`, `target` and names `.gitignore` covers at the root. Stray data (a 1.9 MB input file
//! was once committed there) fails this test.

use std::collections::BTreeSet;
use std::path::Path;

/// The entries the documentation lists: the lines `- `NAME`...` (and `, `NAME2``) of its root
/// section.
fn documented() -> BTreeSet<String> {
    let doc = include_str!("../../docs/development.md");
    let start = doc.find("### The repository's root").expect("the root section");
    let section = &doc[start..];
    let end = section[3..].find("\n#").map_or(section.len(), |e| e + 3);
    let mut names = BTreeSet::new();
    for line in section[..end].lines().filter(|l| l.starts_with("- `")) {
        let head = line.split(':').next().unwrap_or_default();
        for part in head.split('`').skip(1).step_by(2) {
            names.insert(part.trim_end_matches('/').to_string());
        }
    }
    names
}

/// Does a root-level `.gitignore` pattern (`target/`, `/bench/`, `stress-*.in`) cover `name`?
fn ignored(name: &str, pattern: &str) -> bool {
    let p = pattern.trim_start_matches('/').trim_end_matches('/');
    if p.is_empty() || p.contains('/') {
        return false;
    }
    match p.split_once('*') {
        None => p == name,
        Some((head, tail)) => {
            name.len() >= head.len() + tail.len() && name.starts_with(head) && name.ends_with(tail)
        }
    }
}

#[test]
fn the_root_holds_only_the_documented_entries() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let listed = documented();
    assert!(listed.len() >= 15, "the root section lists {listed:?}");
    let gitignore = std::fs::read_to_string(root.join(".gitignore")).unwrap_or_default();
    let patterns: Vec<&str> =
        gitignore.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let mut stray = Vec::new();
    for entry in std::fs::read_dir(root).expect("the repository root") {
        let name = entry.expect("an entry").file_name().to_string_lossy().into_owned();
        let allowed = listed.contains(&name)
            || name == ".git"
            || name == "target"
            || patterns.iter().any(|p| ignored(&name, p));
        if !allowed {
            stray.push(name);
        }
    }
    assert!(
        stray.is_empty(),
        "not listed in docs/development.md (\"The repository's root\"): {stray:?}"
    );
    for name in &listed {
        assert!(root.join(name).exists(), "listed but missing at the root: {name}");
    }
}

#[test]
fn gitignore_patterns_match_as_documented() {
    assert!(ignored("target", "target/"));
    assert!(ignored("bench", "/bench/"));
    assert!(ignored("stress-17.in", "stress-*.in"));
    assert!(!ignored("stress-17.out", "stress-*.in"));
    assert!(!ignored("target", "/fuzz/target/"));
    assert!(!ignored("in500.txt", "target/"));
}
