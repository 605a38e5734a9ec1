//! Family 6: 2-D tables and more.
use super::Formula;
use crate::explore::table::Table;

/// Each row's own 1-D pattern.
pub fn rows(_t: &Table) -> Vec<Box<dyn Formula>> {
    Vec::new()
}
/// G = g(a) XOR h(b).
pub fn nim_sum(_t: &Table) -> Vec<Box<dyn Formula>> {
    Vec::new()
}
/// G = a ⊗ b.
pub fn nim_product(_t: &Table) -> Vec<Box<dyn Formula>> {
    Vec::new()
}
/// Values periodic in every coordinate.
pub fn periodic(_t: &Table) -> Vec<Box<dyn Formula>> {
    Vec::new()
}
