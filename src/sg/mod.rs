//! `games sg`, the Grundy explorer: one heap rule in, its Grundy values and a proven period out.
//!
//! This branch holds the speed and memory part: [`code`] (take-and-break codes as data, shared),
//! [`sparse`] (the rare/common engine for octal codes) and [`long_run`] (bounded memory, the
//! streaming period detector and the Guy-Smith certificate).

pub mod code;
pub mod long_run;
pub mod sparse;
