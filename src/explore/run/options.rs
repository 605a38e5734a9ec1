//! The one rule for the options of `games explore` across the kinds of value: every option
//! either works in a kind or is refused here, before anything runs, with one message that
//! names the option, the kind and why (exit 2). [`REFUSED`] is the whole list; an option absent
//! from it works in every kind. `--serve` (the perfect player) has its own short list
//! [`REFUSED_WITH_SERVE`]: what prints a report means nothing to a player that answers lines.
//!
//! `tests/explore_matrix.rs` walks every option through every kind and fails on a cell that
//! is neither refused here nor answered like the exhaustive search.

use super::{Kind, Request, usage};
use anyhow::Result;

use Kind::{Misere, Partizan, Remoteness, Score, Values};

/// (option, the kinds that refuse it, why).
pub const REFUSED: &[(&str, &[Kind], &str)] = &[
    (
        "misere",
        &[Score, Partizan],
        "misère play is computed for impartial games (outcomes and remoteness); a scoring game ends on its scores, and misère partizan values are not computed",
    ),
    (
        "game",
        &[Score, Partizan],
        "the built-in games are impartial and carry no scores: give a scoring or partizan game by --moves",
    ),
    (
        "outcomes",
        &[Remoteness, Score],
        "the remoteness table already prints each position's outcome, and a score's outcome is its sign, printed with every --at answer",
    ),
    (
        "slice",
        &[Remoteness, Score, Partizan],
        "--slice cuts the Grundy table of a 3-D or 4-D box; this kind's table prints every position",
    ),
    ("to", &[Misere, Remoteness, Score, Partizan], "--to V asks for the moves to Grundy value V"),
    (
        "max-options",
        &[Remoteness, Score, Partizan],
        "--max-options bounds the options listed for --winning in a sum of impartial positions",
    ),
    (
        "multiset",
        &[Remoteness, Score, Partizan],
        "a multiset of heaps is a sum, and neither remoteness, scores nor the partizan positions read as written add up that way: list whole positions (a partizan sum is written 'A + B')",
    ),
    (
        "far-starts",
        &[Values, Misere, Remoteness, Score],
        "--far-starts is for --partizan (the other kinds compute near far positions and check far ones with --far-checks)",
    ),
    ("big-from", &[Remoteness, Score, Partizan], "--big-from is for the take games' outcome bits"),
];

/// Options that mean nothing to `--serve`, which answers request lines instead of printing a
/// report, with why.
pub const REFUSED_WITH_SERVE: &[(&str, &str)] = &[
    ("at", "--serve answers the positions of its request lines; --at asks for a report"),
    ("at-file", "--serve answers the positions of its request lines; --at-file asks for a report"),
    ("winning", "--serve plays the best move of each request line; --winning asks for a report"),
    ("to", "--serve plays the best move of each request line"),
    ("max-options", "--serve plays the best move of each request line"),
    ("slice", "--serve prints no table"),
    ("outcomes", "--serve prints no table ('POSITION ?' answers a position's value)"),
    ("no-table", "--serve prints no table"),
    ("svg", "--serve prints no table"),
    ("check", "--serve prints no table to check"),
    ("count", "--serve prints no tally"),
    ("list", "--serve lists no positions"),
    ("json", "--serve answers one line per request, not a JSON report"),
    ("big-from", "--serve needs a table of the box"),
];

/// What `--from` (positions as text) does not take, with why: the options of a box of
/// integer positions, its table and its patterns.
pub const REFUSED_WITH_FROM: &[(&str, &str)] = &[
    ("game", "the built-in games take integer positions in a box"),
    ("multiset", "positions as text are sets already when the program prints them sorted"),
    ("slice", "there is no table of integer positions to cut"),
    ("outcomes", "each answer prints its outcome"),
    ("no-table", "there is no table; only the positions asked are printed"),
    ("at", "the positions asked are the --from ones"),
    ("at-file", "the positions asked are the --from ones (--from-file reads a file)"),
    ("to", "--winning with --from lists the moves to a P-position"),
    ("max-options", "--winning with --from takes one position, whose options are all listed"),
    ("check", "--check compares a table of integer positions"),
    ("svg", "there is no table to draw"),
    ("count", "there is no box to tally"),
    ("list", "there is no box to list"),
    ("big-from", "there is no box"),
    (
        "patterns",
        "patterns are sought in tables of integer positions; text positions are answered as computed",
    ),
    ("search-budget", "patterns are sought in tables of integer positions"),
    ("search-time", "patterns are sought in tables of integer positions"),
    ("far-checks", "there are no far answers: every position asked is computed"),
    ("far-check-time", "there are no far answers: every position asked is computed"),
    ("far-starts", "there are no far answers: every position asked is computed"),
];

/// The kinds `--serve` plays.
const SERVED: [Kind; 5] = [Values, Misere, Remoteness, Score, Partizan];

/// Refuses the first option given that the request's kind (or `--serve`) does not take.
pub fn check(req: &Request) -> Result<()> {
    let kind = req.kind();
    if let Some(why) = refusal(req, kind) {
        return Err(usage(why));
    }
    // `--count` and `--list` print the box only: what asks for answers besides cannot go.
    if req.count || req.list.is_some() {
        let what = if req.count {
            "--count prints only the tally"
        } else {
            "--list prints only the positions"
        };
        if let Some(id) = ["at-file", "winning"].into_iter().find(|id| req.given(id)) {
            return Err(usage(format!("{what} of the box; --{id} cannot go with it")));
        }
    }
    // `--list` takes the kind's own outcome names (or all).
    super::output::list_asked(req, super::output::list_names(kind))?;
    Ok(())
}

/// The refusal of the first option given that `kind` does not take, if any.
pub fn refusal(req: &Request, kind: Kind) -> Option<String> {
    if req.text_positions() {
        let with = |id: &&(&str, &str)| req.given(id.0);
        if let Some((id, why)) = REFUSED_WITH_FROM.iter().find(with) {
            return Some(format!("--{id} is not available with --from: {why}"));
        }
    }
    for (id, kinds, why) in REFUSED {
        // `--patterns 0` (the pattern search off) is for every kind.
        let off = *id == "patterns" && req.patterns.trim() == "0";
        if req.given(id) && kinds.contains(&kind) && !off {
            return Some(format!("--{id} is not available with {}: {why}", kind.name()));
        }
    }
    if req.serve {
        if !SERVED.contains(&kind) {
            return Some(format!(
                "--serve is not available with {}: the perfect player plays impartial, scoring and partizan games",
                kind.name()
            ));
        }
        for (id, why) in REFUSED_WITH_SERVE {
            if req.given(id) {
                return Some(format!("--{id} is not available with --serve: {why}"));
            }
        }
    }
    None
}
