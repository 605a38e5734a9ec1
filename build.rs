//! Compiles the golden samples (`samples/<problem>/*.in` and `.out`) into the binary, so that
//! `games test PROBLEM` works from any folder: writes `$OUT_DIR/samples.rs`, a table of
//! (problem, file name, bytes) read by `games::harness::samples`.

use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=samples");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut rows = Vec::new();
    for problem in sorted(&root) {
        if !problem.is_dir() {
            continue;
        }
        for file in sorted(&problem) {
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
            if file.is_file() && (name.ends_with(".in") || name.ends_with(".out")) {
                let dir = problem.file_name().and_then(|n| n.to_str()).unwrap_or_default();
                rows.push((dir.to_string(), name, file.display().to_string()));
            }
        }
    }
    let mut text = String::from("/// (problem, file name, bytes) of every golden sample.\n");
    text.push_str("pub static SAMPLES: &[(&str, &str, &[u8])] = &[\n");
    for (problem, name, path) in rows {
        let _ = writeln!(text, "    ({problem:?}, {name:?}, include_bytes!({path:?})),");
    }
    text.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("samples.rs");
    std::fs::write(out, text).expect("OUT_DIR is writable");
}

/// The entries of a folder, sorted by name (none if it cannot be read).
fn sorted(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    v.sort();
    v
}
