//! `games sg`, the Grundy explorer: one heap rule in, its Grundy values, a proven period and
//! exact answers for heaps up to 2^64 - 1 out.
//!
//! The parts: [`code`] holds take-and-break codes as data (shared with the fast engine);
//! `rule` reads and prints the rule language (codes, subtraction games, the project's named
//! rules); `moves` enumerates a heap's options straight from the definition and is the naive
//! oracle; `values` is the generic exact engine for every rule family; `certificate` turns a
//! slice of values into a proof of (arithmetic) periodicity, or says why none applies; [`closed`]
//! holds the proved closed forms of subtraction games (one range L..R, {1, 2, k});
//! [`sparse`] is the fast rare/common engine for octal codes and [`long_run`] the bounded-memory
//! store, the streaming period detector and the Guy-Smith certificate for runs of 10^8 values;
//! [`table`] holds a table of values 2 bytes a value until one passes 65535, then 4, and
//! [`checkpoint`] writes and reads such a table for `--save` / `--resume`; [`report`] prints
//! the verdict, the table, the statistics, the JSON document and the SVG drawing. One run of
//! `games sg`: [`request`] plans it from the options, [`drive`] runs the engines to a verdict
//! (and the `--save` checkpoint), [`answers`] answers `--at` and `--heaps`.

pub mod answers;
pub mod certificate;
pub mod checkpoint;
pub mod closed;
pub mod code;
pub mod drive;
pub mod long_run;
pub mod misere;
pub mod moves;
pub mod parallel;
pub mod play;
pub mod report;
pub mod request;
pub mod rule;
pub mod sparse;
pub mod table;
pub mod values;
