//! The README stays true: its problem table is the registry's, and its set-up commands exist.

#[test]
fn readme_problem_table_matches_the_registry() {
    let readme = include_str!("../README.md");
    let table = games::registry::markdown_table();
    assert!(
        readme.contains(&table),
        "README.md's problem table is stale: run `make build && scripts/readme-table.sh`"
    );
}

#[test]
fn readme_set_up_commands_name_real_things() {
    let readme = include_str!("../README.md");
    // Command 1 runs through cargo, so it works whatever CARGO_TARGET_DIR is.
    assert!(readme.contains("cargo run --release -- nim samples/nim/sample-1.in"));
    assert!(readme.contains("cargo install --path ."));
    assert!(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/nim/sample-1.in"))
            .exists()
    );
    assert!(readme.contains("make test"));
    let makefile = include_str!("../Makefile");
    assert!(makefile.contains("\ntest:"));
}
