//! The one list of problems. `games list`, the subcommands and their help, the golden samples,
//! the generators, `stress` and the tests all read [`PROBLEMS`]; adding a problem means adding a
//! module under `src/problems/` and one line here. The types a problem is made of live in
//! [`crate::problem`] (re-exported here, so `registry::{Problem, Size, run}` keeps working).

pub use crate::problem::{Brute, Generate, Problem, Size, Solve, run};
use crate::problems;

/// Every problem, in catalogue order.
pub static PROBLEMS: &[&Problem] = &[
    &problems::nim::PROBLEM,
    &problems::staircase_nim::PROBLEM,
    &problems::set_nim::PROBLEM,
    &problems::split_nim::PROBLEM,
    &problems::luogu1247::PROBLEM,
    &problems::hdu1846::PROBLEM,
    &problems::hdu1848::PROBLEM,
    &problems::hdu2516::PROBLEM,
    &problems::poj1067::PROBLEM,
    &problems::bob_and_ben::PROBLEM,
    &problems::hdu6892::PROBLEM,
    &problems::hdu1907::PROBLEM,
    &problems::hdu2509::PROBLEM,
    &problems::hdu3595::PROBLEM,
    &problems::multi_sg::PROBLEM,
    &problems::turning_corners::PROBLEM,
    &problems::nim_product::PROBLEM,
    &problems::game_draw::PROBLEM,
    &problems::game_teams::PROBLEM,
    &problems::hackenbush::PROBLEM,
    &problems::hdu1524::PROBLEM,
];

/// The problem called `name`, by its name or one of its aliases.
pub fn find(name: &str) -> Option<&'static Problem> {
    PROBLEMS.iter().copied().find(|p| p.name == name || p.aliases.contains(&name))
}

/// The problem table of the README, one row per problem.
pub fn markdown_table() -> String {
    let mut t = String::from(
        "| problem | aliases | source | judge limits | our limits |\n|---|---|---|---|---|\n",
    );
    for p in PROBLEMS {
        let aliases: Vec<String> = p.aliases.iter().map(|a| format!("`{a}`")).collect();
        t.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            p.name,
            aliases.join(", "),
            p.source,
            p.judge_limits,
            p.our_limits
        ));
    }
    t
}
