//! `games`: exact, fast solvers for the classic impartial-game judge problems.
//!
//! The data path: input bytes -> [`scanner::Scanner`] -> a problem's parser in [`problems`] ->
//! the game theory in [`theory`] -> the [`out::Out`] writer. [`registry::PROBLEMS`] lists every
//! problem once; the command line, the samples, the generators and the tests all read it.
//! [`brute`] holds the independent exhaustive-search reference solvers.
pub mod brute;
pub mod console;
pub mod count;
pub mod error;
pub mod explore;
pub mod graph;
pub mod hackenbush_graph;
pub mod harness;
pub mod input;
pub mod json;
pub mod judge;
pub mod out;
pub mod prefetch;
pub mod problem;
pub mod problems;
pub mod registry;
pub mod rng;
pub mod scanner;
pub mod sg;
pub mod testkit;
pub mod theory;

pub use error::InputError;
pub use out::Out;
pub use problem::{Problem, Size};
pub use registry::PROBLEMS;
pub use scanner::Scanner;
