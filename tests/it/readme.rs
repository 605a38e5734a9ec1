//! The README stays true: its problem table is the registry's, and its set-up commands exist.

#[test]
fn readme_problem_table_matches_the_registry() {
    let readme = include_str!("../../README.md");
    let table = games::registry::markdown_table();
    assert!(
        readme.contains(&table),
        "README.md's problem table is stale: run `make build && scripts/readme-table.sh`"
    );
}

#[test]
fn readme_set_up_commands_name_real_things() {
    let readme = include_str!("../../README.md");
    // Command 1 runs through cargo, so it works whatever CARGO_TARGET_DIR is.
    assert!(readme.contains("cargo run --release -- nim samples/nim/sample-1.in"));
    assert!(readme.contains("cargo install --locked --path ."));
    assert!(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/nim/sample-1.in"))
            .exists()
    );
    assert!(readme.contains("make test"));
    let makefile = include_str!("../../Makefile");
    assert!(makefile.contains("\ntest:"));
}

/// The graph example runs on a file that is in the repository, and prints what the README shows.
#[test]
fn readme_graph_example_is_shipped_and_true() {
    let readme = include_str!("../../README.md");
    let command = "$ games graph examples/graph.in";
    let at = readme.find(command).expect("the README's graph example names examples/graph.in");
    let block = &readme[at..];
    let block = &block[block.find('\n').unwrap() + 1..];
    let shown = &block[..block.find("```").expect("the example's block ends")];
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/graph.in");
    let input = std::fs::read(path).expect("examples/graph.in is shipped");
    let (out, fault) = games::graph::run(&input, Default::default());
    assert!(fault.is_none(), "{fault:?}");
    assert_eq!(String::from_utf8(out).unwrap(), shown);
}

/// A newcomer learns where the binary is, and the README stays a guide: the benchmark history
/// lives in docs/benchmarks.md, the README keeps one table of figures and its command.
#[test]
fn readme_says_where_games_is_and_keeps_one_benchmark_table() {
    let readme = include_str!("../../README.md");
    assert!(readme.contains("target/release/games"));
    assert!(readme.contains("~/.cargo/bin"));
    let bench = &readme[readme.find("\n## Benchmark\n").expect("a Benchmark section")..];
    assert!(bench.contains("make bench"));
    assert!(bench.contains("docs/benchmarks.md"));
    let tables = bench.lines().filter(|l| l.starts_with("|---")).count();
    assert_eq!(tables, 1, "the README's Benchmark section keeps one table");
    // A guide of about 200 lines; the reference lives in docs/.
    assert!(readme.lines().count() <= 260, "README.md is a guide, not a reference");
    for page in ["docs/usage.md", "docs/tools.md", "docs/architecture.md", "docs/development.md"] {
        assert!(readme.contains(page), "the README links {page}");
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(page);
        assert!(path.exists(), "{page} exists");
    }
    let history = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/benchmarks.md"));
    assert!(history.exists());
}

/// The sg example prints what the README shows, byte for byte.
#[test]
fn readme_sg_example_is_true() {
    let readme = include_str!("../../README.md");
    let command = "$ games sg 0.77 --at 1000000000000000000\n";
    let at = readme.find(command).expect("the README's sg example");
    let block = &readme[at + command.len()..];
    let shown = &block[..block.find("```").expect("the example's block ends")];
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_games"))
        .args(["sg", "0.77", "--at", "1000000000000000000"])
        .output()
        .expect("games runs");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), shown);
}

/// The count example prints what the README shows, byte for byte.
#[test]
fn readme_count_example_is_true() {
    let readme = include_str!("../../README.md");
    let command = "$ games count sub:1,2 --heaps 3 --upto 10 --unordered\n";
    let at = readme.find(command).expect("the README's count example");
    let block = &readme[at + command.len()..];
    let shown = &block[..block.find("```").expect("the example's block ends")];
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_games"))
        .args(["count", "sub:1,2", "--heaps", "3", "--upto", "10", "--unordered"])
        .output()
        .expect("games runs");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), shown);
}
