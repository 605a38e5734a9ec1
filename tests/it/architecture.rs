//! docs/architecture.md stays the map of the source: every top-level module of `src/` (a file
//! or a folder) has its line there, and every module named there exists.

use std::collections::BTreeSet;

fn documented() -> BTreeSet<String> {
    let doc = include_str!("../../docs/architecture.md");
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

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder").filter_map(|e| e.ok()) {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The name of the function a line declares with a body (`pub(...)`, `const` and `unsafe`
/// allowed before `fn`), or `None`.
fn declared_fn(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    if let Some(r) = rest.strip_prefix("pub") {
        let r = match r.strip_prefix('(') {
            Some(inner) => inner.split_once(')')?.1,
            None => r,
        };
        rest = r.strip_prefix(char::is_whitespace)?.trim_start();
    }
    for word in ["const", "unsafe"] {
        if let Some(r) = rest.strip_prefix(word).and_then(|r| r.strip_prefix(char::is_whitespace)) {
            rest = r.trim_start();
        }
    }
    let name = rest.strip_prefix("fn")?.strip_prefix(char::is_whitespace)?.trim_start();
    let end = name.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(name.len());
    (end > 0 && !line.trim_end().ends_with(';')).then(|| &name[..end])
}

/// Functions of `src/` longer than `limit` lines, from the `fn` line to the closing brace at
/// the same indentation (the scan `docs/architecture.md` counts with): (lines, file, name).
fn long_functions(limit: usize) -> Vec<(usize, String, String)> {
    let src = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut long = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a readable source file");
        let lines: Vec<&str> = text.split('\n').collect();
        let mut i = 0;
        while i < lines.len() {
            let Some(name) = declared_fn(lines[i]) else {
                i += 1;
                continue;
            };
            let indent = lines[i].len() - lines[i].trim_start().len();
            let close = format!("{}}}", &lines[i][..indent]);
            let open = (i..lines.len()).find(|&j| lines[j].contains('{')).unwrap_or(lines.len());
            let end = (open + 1..lines.len())
                .find(|&k| lines[k].trim_end() == close)
                .unwrap_or(lines.len());
            if end - i + 1 > limit {
                let file = path.strip_prefix(src).unwrap_or(&path).display().to_string();
                long.push((end - i + 1, file, name.to_string()));
            }
            i = end + 1;
        }
    }
    long.sort_unstable_by(|a, b| b.cmp(a));
    long
}

#[test]
fn at_most_eight_functions_of_src_are_longer_than_eighty_lines() {
    let long = long_functions(80);
    assert!(
        long.len() <= 8,
        "{} functions of src/ are over 80 lines (at most 8; split one into named pieces): {long:?}",
        long.len()
    );
}

#[test]
fn the_sg_command_line_is_at_most_four_hundred_lines() {
    let text = include_str!("../../src/cli/sg.rs");
    let lines = text.lines().count();
    assert!(
        lines <= 400,
        "src/cli/sg.rs is {lines} lines (at most 400: the work lives in src/sg/)"
    );
}
