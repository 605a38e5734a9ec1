//! `hdu2509` (HDU 2509 "Be the Winner"): remove a run of consecutive apples from one group;
//! taking the last apple loses. A group of n has Grundy value n; the SJ theorem decides.

use super::generate::by_size;
use super::generate::effective;
use super::hdu1907::misere_piles;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::anti_sg::{AntiSg, run_removal_grundy};

pub static PROBLEM: Problem = Problem {
    name: "hdu2509",
    aliases: &["be-the-winner"],
    source: "HDU 2509",
    summary: "Be the Winner: remove consecutive apples from a group, last apple loses; Yes/No",
    statement: include_str!("../../problems/hdu2509.md"),
    judge_limits: "n <= 100, 1 <= group size <= 100, cases until EOF",
    our_limits: "n up to the input size, 0 <= group size < 2^64",
    solve,
    brute: crate::brute::hdu2509::answer,
    generate,
    judge: &crate::judge::problems::hdu2509::JUDGE,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    while !sc.at_eof() {
        let n = sc.u64("group count n")?;
        let mut sum = AntiSg::new();
        for _ in 0..n {
            sum.add(run_removal_grundy(sc.u64("group size")?));
        }
        out.line(if sum.first_player_wins() { "Yes" } else { "No" });
    }
    Ok(())
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let cases = by_size(size, rng.range(1, 4), rng.range(1, 100), 1_000, 10_000);
    let max_n = by_size(size, 3, 100, 100, 1_000);
    let max_a = by_size(size, 5, 100, 100, u64::MAX);
    let min_a = if judge || size == Size::Judge { 1 } else { 0 };
    let mut out = Out::new();
    for _ in 0..cases {
        let n = if size >= Size::Judge { max_n - rng.below(5) } else { rng.range(1, max_n) };
        let mut groups = misere_piles(rng, n as usize, max_a, min_a);
        if size == Size::Tiny {
            while groups.iter().sum::<u64>() > 12 {
                groups.pop();
            }
        }
        out.int(groups.len()).nl();
        for (i, g) in groups.iter().enumerate() {
            out.str(if i == 0 { "" } else { " " }).int(*g);
        }
        out.nl();
        if rng.chance(1, 4) {
            out.nl();
        }
    }
    out.into_bytes()
}
