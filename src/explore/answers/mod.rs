//! Stage 4, answers from the computed values and the patterns the guard kept: positions and
//! sums asked ([`at`]), winning moves ([`winning`]; in misère play through sums,
//! [`misere_winning`]), the perfect player on standard input ([`serve`]; over any kind of value, [`player`]), the positions of one
//! outcome ([`list`]) and the user's own formula checked against the table ([`check`]).
pub mod at;
pub mod check;
pub mod list;
pub mod misere_winning;
pub mod player;
pub mod serve;
pub mod winning;
