//! `games explore`: a game nobody catalogued, given by the user's own moves program (or built
//! in), its table of values on a box, the patterns that reproduce the table, and answers far
//! beyond it, each labelled with how sure it is.
//!
//! One request passes through the stages in order, one folder each:
//! 1. [`game`]: the box, the moves program or built-in rule, the search that reaches every
//!    position the box needs, and its Grundy values and outcomes;
//! 2. [`kind`]: the other kinds of value (remoteness, scores, partizan values);
//! 3. [`pattern`]: the formulas that reproduce every entry of the table (the families and the
//!    grammar search);
//! 4. [`guard`]: far answers, each checked against the game's own rule where it is asked;
//! 5. [`answers`]: `--at`, `--winning`, `--serve`, `--list`, `--check`;
//! 6. [`report`]: text, JSON and SVG.
//!
//! The stages' modules are also re-exported here under their short names
//! (`explore::space`, `explore::guard`, ...), the paths the tests and the tools use.
pub mod answers;
pub mod game;
pub mod guard;
pub mod kind;
pub mod pattern;
pub mod report;
pub mod run;

pub use answers::{at, check, list, misere_winning, serve, winning};
pub use game::{
    big, builtin, families, heap_games, misere_sums, program, reach, space, table, text, values,
};
pub use guard::{answer, far};
pub use kind::partizan::number as partizan_num;
pub use kind::{partizan, remoteness, score};
pub use pattern::partizan as partizan_pattern;
pub use report::partizan as partizan_report;
pub use report::partizan::json as partizan_json;
