//! Stage 2, the kinds of value beyond Grundy values and outcomes (which [`crate::explore::game`]
//! computes itself): [`remoteness`] (win fast, lose slow; loopy positions drawn), [`score`]
//! (scoring games: the mover's total minus the opponent's) and [`partizan`] (Left and Right
//! have their own moves: numbers and canonical forms).
pub mod partizan;
pub mod remoteness;
pub mod score;
