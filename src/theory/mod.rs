//! The mathematics, free of I/O: each module states its theorem, cites where it comes from, and
//! gives the algorithm on plain integers. Problem modules only read, call these, and write.

pub mod nim;
pub mod retrograde;
pub mod hackenbush;
