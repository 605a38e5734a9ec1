//! The harness: everything that runs somebody else's program and judges it. [`process`] runs a
//! shell command under a supervisor (time limit, output cap, its whole process group killed on
//! exit or on a signal); [`stress`] is the case runner (inputs from our generators or from a
//! user's generator, answers from our solver, the brute force or a user's reference, cases on
//! several threads with a report that does not depend on their number); [`generic`] is the
//! user's-generator source of cases; [`test`] judges a solution on files (AC/WA/RE/TLE);
//! [`shrink`] (format-aware, through a problem's judge model) and [`shrink_text`] (any text,
//! its lists found by [`shape`]) make a failing input small. The command-line modules `cli/stress.rs`, `cli/test.rs` only
//! read options and print these modules' reports.

pub mod generic;
pub mod interactive;
pub mod process;
pub mod samples;
pub mod shape;
pub mod shrink;
pub mod shrink_text;
pub mod stress;
pub mod test;
