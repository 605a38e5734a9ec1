//! One module per judge problem: a thin adapter that reads the judge format through the
//! [`Scanner`](crate::scanner::Scanner), calls [`theory`](crate::theory), and writes the exact
//! judge output through [`Out`](crate::out::Out). Each module also carries its input generator.

pub mod generate;

pub mod nim;
pub mod game_draw;
pub mod game_teams;
pub mod hackenbush;
