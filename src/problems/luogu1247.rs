//! `luogu1247` (Luogu P1247): Nim, and a winning first player prints the move.

use super::generate::{by_size, effective, line_of};
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::nim::{nim_sum, p_position, winning_reduction};

pub static PROBLEM: Problem = Problem {
    name: "luogu1247",
    aliases: &["nim-move"],
    source: "Luogu P1247",
    summary: "Nim with the move: `lose`, or `a b` (take a from pile b) and the piles after it",
    statement: include_str!("../../problems/luogu1247.md"),
    judge_limits: "k <= 5e5, 0 <= n_i <= 1e9",
    our_limits: "k up to memory (0 allowed: lose), 0 <= n_i < 2^64",
    solve,
    brute: crate::brute::luogu1247::answer,
    generate,
    judge: &crate::judge::problems::luogu1247::JUDGE,
};

/// Where a pile stands: its index, its token's byte range, its size.
#[derive(Clone, Copy, Default)]
struct Seen {
    index: u64,
    at: usize,
    end: usize,
    size: u64,
}

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let k = sc.u64("pile count k")?;
    // One pass, nothing stored per pile. A winning move must leave pile ^ sum on a pile that
    // has the highest set bit of the nim-sum (theory::nim::winning_reduction), so the smallest
    // b is the first pile with that bit set: we remember, for each of the 64 bits, the first
    // pile that has it.
    let mut first_with_bit = [Seen::default(); 64];
    let mut bits_seen = 0u64;
    let mut sum = 0u64;
    // The second output line is the pile line itself with one pile changed. When the input
    // writes the piles canonically (plain digits, no leading zeros, one space between them),
    // it is copied as it stands around the changed pile instead of being formatted again.
    let input = sc.input();
    let first = sc.peek_start();
    let mut canonical = true;
    let mut end = first;
    for index in 0..k {
        let at = sc.peek_start();
        let p = sc.u64("pile size")?;
        canonical &= (at == first || (at == end + 1 && input[end] == b' '))
            && input[at] != b'+'
            && (input[at] != b'0' || sc.offset() == at + 1);
        end = sc.offset();
        sum ^= p;
        let mut new_bits = p & !bits_seen;
        if new_bits != 0 {
            bits_seen |= p;
            while new_bits != 0 {
                first_with_bit[new_bits.trailing_zeros() as usize] =
                    Seen { index, at, end, size: p };
                new_bits &= new_bits - 1;
            }
        }
    }
    if p_position(sum) {
        out.line("lose");
        return sc.expect_eof();
    }
    let pile = first_with_bit[63 - sum.leading_zeros() as usize];
    let left = winning_reduction(pile.size, sum).expect("the pile has the top bit of the nim-sum");
    out.int(pile.size - left).byte(b' ').int(pile.index + 1).nl();
    if canonical {
        out.try_reserve(end - first + 1)?;
        out.bytes(&input[first..pile.at]).int(left).bytes(&input[pile.end..end]).nl();
    } else {
        // Read the pile line again (it is known to be valid) and write it out normalised.
        let mut again = Scanner::new(&input[first..end]);
        out.try_reserve(k.min(end as u64) as usize * 21)?;
        for index in 0..k {
            let p = again.u64("pile size")?;
            if index > 0 {
                out.byte(b' ');
            }
            out.int(if index == pile.index { left } else { p });
        }
        out.nl();
    }
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let k = by_size(size, rng.range(1, 4), rng.range(1, 300), 500_000, 5_000_000);
    let max = by_size(size, 5, 1_000_000_000, 1_000_000_000, u64::MAX);
    let mut piles: Vec<u64> = (0..k).map(|_| rng.edgy(max)).collect();
    match rng.below(3) {
        0 => {
            // A P-position on purpose: the last pile cancels the others.
            let rest = nim_sum(piles[..piles.len() - 1].iter().copied());
            if rest <= max {
                *piles.last_mut().expect("k >= 1") = rest;
            }
        }
        1 if piles.len() >= 2 => {
            // Winning with a tiny nim-sum (1..=7): few piles can move, often not the largest
            // nor the first, and the count taken is small.
            let j = rng.index(piles.len() - 1);
            let rest = nim_sum(piles.iter().enumerate().filter(|&(i, _)| i != j).map(|(_, &p)| p));
            let v = rest ^ rng.range(1, max.min(7));
            if !judge || v <= 1_000_000_000 {
                piles[j] = v;
            }
        }
        _ => {}
    }
    let mut out = Out::new();
    out.int(k).nl();
    line_of(&mut out, &piles);
    out.into_bytes()
}
