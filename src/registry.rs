//! The one list of problems. `games list`, the subcommands and their help, the golden samples,
//! the generators, `stress` and the tests all read [`PROBLEMS`]; adding a problem means adding a
//! module under `src/problems/` and one line here.

use crate::error::InputError;
use crate::out::Out;
use crate::problems;
use crate::rng::Rng;
use crate::scanner::Scanner;

/// How large a generated input is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Size {
    /// Small enough for the exhaustive brute force.
    Tiny,
    /// A few hundred values: quick, but past the brute force.
    Small,
    /// The original judge's maxima.
    Judge,
    /// About ten times the judge's maxima, within what `games` accepts.
    Huge,
}

impl Size {
    pub const ALL: [Size; 4] = [Size::Tiny, Size::Small, Size::Judge, Size::Huge];

    pub fn name(self) -> &'static str {
        match self {
            Size::Tiny => "tiny",
            Size::Small => "small",
            Size::Judge => "judge",
            Size::Huge => "huge",
        }
    }

    pub fn parse(s: &str) -> Option<Size> {
        Size::ALL.into_iter().find(|z| z.name() == s)
    }
}

/// The fast solver: reads the whole input from the scanner, appends answers to `out` case by
/// case (so that answers before a fault survive), and fails at the first bad token.
pub type Solve = fn(&mut Scanner<'_>, &mut Out) -> Result<(), InputError>;

/// The reference solver: an independent parse and an exhaustive game-tree search, for valid
/// inputs only (it may panic on malformed ones). It returns `None` when the input is beyond its
/// search budget, and must return `Some` for every input of `generate` with [`Size::Tiny`].
pub type Brute = fn(&[u8]) -> Option<Vec<u8>>;

/// A random valid input of the given size.
pub type Generate = fn(&mut Rng, Size) -> Vec<u8>;

/// One judge problem.
pub struct Problem {
    /// The subcommand name.
    pub name: &'static str,
    /// Other names that work as the subcommand.
    pub aliases: &'static [&'static str],
    /// Where the problem comes from.
    pub source: &'static str,
    /// One line for `games list`.
    pub summary: &'static str,
    /// The full statement (`problems/<name>.md`), shown by `games <name> --help`.
    pub statement: &'static str,
    /// The original judge's limits, one line.
    pub judge_limits: &'static str,
    /// The limits `games` accepts, one line.
    pub our_limits: &'static str,
    pub solve: Solve,
    pub brute: Brute,
    pub generate: Generate,
}

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

/// Runs the fast solver on a whole input: the answers written, and the fault if there was one.
pub fn run(problem: &Problem, input: &[u8]) -> (Vec<u8>, Option<InputError>) {
    let mut scanner = Scanner::new(input);
    let mut out = Out::new();
    let result = (problem.solve)(&mut scanner, &mut out);
    (out.into_bytes(), result.err())
}
