//! The mathematics, free of I/O: each module states its theorem, cites where it comes from, and
//! gives the algorithm on plain integers. Problem modules only read, call these, and write.

pub mod anti_sg;
pub mod bigint;
pub mod canonical;
pub mod csr;
pub mod dyadic;
pub mod ecm;
pub mod euclid_lanes;
pub mod every_sg;
pub mod factor;
pub mod fibonacci;
pub mod fibonacci_subtraction;
pub mod hackenbush;
pub mod hackenbush_graph;
pub mod leaf_removal;
pub mod loopy;
pub mod lunch;
pub mod modular;
pub mod multi_sg;
pub mod nim;
pub mod nimber;
pub mod quadratic;
pub mod remoteness;
pub mod retrograde;
pub mod sequences;
pub mod split;
pub mod staircase;
pub mod subtraction;
pub mod take_same;
pub mod touched;
pub mod turning;
pub mod turning_corners;
pub mod walsh;
pub mod wythoff;
