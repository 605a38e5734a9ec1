//! Stage 1, the game and its box: the positions asked ([`space`]), where their options come
//! from (the user's moves program, [`program`], or a built-in rule, [`builtin`] over
//! [`families`] and [`heap_games`]), the search that reaches every position the box needs
//! ([`reach`]), and the values computed on it ([`values`] into a [`table`]; [`big`] keeps only
//! outcome bits for the take games' boxes too large for a table). With `--from`, positions are
//! lines of text ([`text`]), numbered at the program's border.
pub mod big;
pub mod builtin;
pub mod families;
pub mod heap_games;
pub mod misere_sums;
pub mod program;
pub mod reach;
pub mod space;
pub mod table;
pub mod text;
pub mod values;
