//! Built-in games (placeholder until the built-in games land).
use super::pattern::Formula;
use super::space::Space;
use super::table::Table;

/// A built-in game.
pub struct Builtin;

/// Reads a built-in game's name.
pub fn parse(name: &str) -> Result<Builtin, String> {
    Err(format!("unknown game '{name}'"))
}
/// Coordinates of its positions.
pub fn arity(_g: &Builtin) -> usize {
    1
}
/// Its table on a box.
pub fn table(_g: &Builtin, _s: &Space, _misere: bool) -> Result<Table, String> {
    Err("no built-in games yet".to_string())
}
/// Its proved formulas.
pub fn theorems(_g: &Builtin, _misere: bool) -> Vec<Box<dyn Formula>> {
    Vec::new()
}
