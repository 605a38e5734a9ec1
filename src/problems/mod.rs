//! One module per judge problem: a thin adapter that reads the judge format through the
//! [`Scanner`](crate::scanner::Scanner), calls [`theory`](crate::theory), and writes the exact
//! judge output through [`Out`](crate::out::Out). Each module also carries its input generator.

pub mod generate;

pub mod bob_and_ben;
pub mod game_draw;
pub mod game_teams;
pub mod hackenbush;
pub mod hdu1524;
pub mod hdu1846;
pub mod hdu1848;
pub mod hdu1907;
pub mod hdu2509;
pub mod hdu2516;
pub mod hdu3595;
pub mod hdu6892;
pub mod luogu1247;
pub mod multi_sg;
pub mod nim;
pub mod nim_product;
pub mod poj1067;
pub mod set_nim;
pub mod split_nim;
pub mod staircase_nim;
pub mod turning_corners;
