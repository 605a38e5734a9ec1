//! What a problem is: the [`Problem`] record every module under `src/problems/` exports, the
//! function types it is made of ([`Solve`], [`Brute`], [`Generate`]), the input [`Size`]s, and
//! [`run`], which drives a solver over a whole input. The registry (`registry.rs`) only lists
//! the problems; this module knows nothing of which problems exist.

use crate::error::InputError;
use crate::judge::{Domain, Judge};
use crate::out::Out;
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

/// A random valid input of the given size, within the judge's constraints ([`Domain::Judge`])
/// or within ours ([`Domain::Beyond`]).
pub type Generate = fn(&mut Rng, Size, Domain) -> Vec<u8>;

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
    /// The original judge's constraints, validator and case structure.
    pub judge: &'static Judge,
}

/// Runs the fast solver on a whole input: the answers written, and the fault if there was one.
/// When the answer buffer could not grow, the fault is that allocation failure and the answers
/// end at the last complete line.
pub fn run(problem: &Problem, input: &[u8]) -> (Vec<u8>, Option<InputError>) {
    let mut scanner = Scanner::new(input);
    let mut out = Out::new();
    let result = (problem.solve)(&mut scanner, &mut out);
    let failed = out.failed();
    let mut answers = out.into_bytes();
    if let Some(bytes) = failed {
        answers.truncate(answers.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1));
        let e = crate::error::AllocError { bytes, what: "the answers" };
        return (answers, Some(e.into()));
    }
    (answers, result.err())
}

/// Runs the fast solver on a whole input, streaming the answers to `writer` as they come
/// ([`Out::streaming`]): the fault if there was one, and the first write error if there was
/// one (after which the run goes on, to find a fault of the input, but writes nothing more).
pub fn run_streaming(
    problem: &Problem,
    input: &[u8],
    writer: Box<dyn std::io::Write>,
) -> (Option<InputError>, std::io::Result<()>) {
    let mut scanner = Scanner::new(input);
    let mut out = Out::streaming(writer);
    let result = (problem.solve)(&mut scanner, &mut out);
    let written = out.finish();
    (result.err(), written)
}
