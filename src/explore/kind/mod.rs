//! Stage 2, the kinds of value beyond Grundy values and outcomes (which [`crate::explore::game`]
//! computes itself): [`remoteness`] (win fast, lose slow; loopy positions drawn), [`score`]
//! (scoring games: the mover's total minus the opponent's) and [`partizan`] (Left and Right
//! have their own moves: numbers and canonical forms). What a kind of value is to the pieces
//! written once over every kind (the far search and its guard, best moves, sums, table
//! entries) is the trait [`ValueKind`] of [`value_kind`]; adding a kind means implementing it.
pub mod partizan;
pub mod remoteness;
pub mod score;
pub mod value_kind;

pub use value_kind::ValueKind;
