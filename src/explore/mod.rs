//! `games explore`: a game nobody catalogued, given by the user's own moves program (or built
//! in), its table of values on a box, the patterns that reproduce the table, and answers far
//! beyond it, each labelled with how sure it is.
//!
//! The parts: [`space`] is the box and positions; [`table`] the computed values; [`pattern`]
//! the detectors and the check that keeps only patterns reproducing every entry.
pub mod answer;
pub mod at;
pub mod big;
pub mod builtin;
pub mod check;
pub mod families;
pub mod far;
pub mod guard;
pub mod heap_games;
pub mod list;
pub mod partizan;
pub mod partizan_json;
pub mod partizan_num;
pub mod partizan_pattern;
pub mod partizan_report;
pub mod pattern;
pub mod program;
pub mod reach;
pub mod remoteness;
pub mod report;
pub mod score;
pub mod serve;
pub mod space;
pub mod table;
pub mod values;
pub mod winning;
