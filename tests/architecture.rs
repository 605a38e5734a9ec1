//! docs/architecture.md stays the map of the source: every top-level module of `src/` (a file
//! or a folder) has its line there, and every module named there exists.

use std::collections::BTreeSet;

fn documented() -> BTreeSet<String> {
    let doc = include_str!("../docs/architecture.md");
    let start = doc.find("<!-- modules:").expect("the module list's marker");
    doc[start..]
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("- `"))
        .map(|l| l[3..].split('`').next().unwrap_or_default().to_string())
        .collect()
}

fn in_source() -> BTreeSet<String> {
    let src = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    std::fs::read_dir(src)
        .expect("src/ is readable")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                Some(name)
            } else {
                name.strip_suffix(".rs").map(str::to_string)
            }
        })
        .collect()
}

#[test]
fn every_top_level_module_has_its_line_in_the_architecture_page() {
    let (doc, src) = (documented(), in_source());
    let missing: Vec<_> = src.difference(&doc).collect();
    assert!(missing.is_empty(), "add a line to docs/architecture.md for: {missing:?}");
    let stale: Vec<_> = doc.difference(&src).collect();
    assert!(stale.is_empty(), "docs/architecture.md names modules that do not exist: {stale:?}");
}
