//! `nim-product` (Library Checker "Nim Product (64-bit)"): T queries, each the nim product A (*) B.

use super::generate::by_size;
use super::generate::effective;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::nimber::Multiplier;

pub static PROBLEM: Problem = Problem {
    name: "nim-product",
    aliases: &["nim-product-64"],
    source: "Library Checker, Nim Product (64-bit)",
    summary: "Nim product A (*) B of 64-bit nimbers, one per query",
    statement: include_str!("../../problems/nim-product.md"),
    judge_limits: "T <= 1e6, 0 <= A, B < 2^64",
    our_limits: "T up to memory (input + ~21 bytes a query), 0 <= A, B < 2^64",
    solve,
    brute: crate::brute::nim_product::answer,
    generate,
    judge: &crate::judge::problems::nim_product::JUDGE,
};

/// Queries multiplied together: enough to amortise the call into the multiply loop.
const BATCH: usize = 1024;

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let t = sc.u64("query count T")?;
    let mul = Multiplier::best();
    let mut pairs: Vec<[u64; 2]> = Vec::with_capacity(sc.capacity_for(t, 2).min(BATCH));
    let mut products: Vec<u64> = Vec::with_capacity(BATCH);
    let mut text: Vec<u8> = Vec::with_capacity(BATCH * 21);
    // Each answer is at most 20 digits and a newline.
    out.reserve(sc.capacity_for(t, 2).min(1 << 22) * 21);
    let mut left = t;
    let mut fault = None;
    while left > 0 && fault.is_none() {
        pairs.clear();
        let take = left.min(BATCH as u64);
        for _ in 0..take {
            let a = match sc.u64("A") {
                Ok(v) => v,
                Err(e) => {
                    fault = Some(e);
                    break;
                }
            };
            match sc.u64("B") {
                Ok(b) => pairs.push([a, b]),
                Err(e) => {
                    fault = Some(e);
                    break;
                }
            }
        }
        left -= pairs.len() as u64;
        products.clear();
        mul.products(&pairs, &mut products);
        text.clear();
        for &p in &products {
            push_line(&mut text, p);
        }
        out.bytes(&text);
    }
    match fault {
        Some(e) => Err(e),
        None => sc.expect_eof(),
    }
}

/// Appends `v` in decimal and a newline: the digit count first (from the bit length), then the
/// value cut into three 8-digit groups (`v = a 10^16 + b 10^8 + c`), each turned into eight
/// ASCII bytes at once by [`eight_ascii`], and the last `digits` of those 24 bytes copied.
#[inline]
fn push_line(text: &mut Vec<u8>, v: u64) {
    const POW10: [u64; 20] = {
        let mut p = [1u64; 20];
        let mut i = 1;
        while i < 20 {
            p[i] = p[i - 1] * 10;
            i += 1;
        }
        p
    };
    // With b the bit length, t = (b * 1233) >> 12 = floor(b log10 2) (1233 / 4096 ~ log10 2)
    // is floor(log10 v) or one more: 10^t decides which (tests check every power-of-ten edge).
    let bits = 64 - (v | 1).leading_zeros() as usize;
    let t = (bits * 1233) >> 12;
    let digits = (t + 1 - usize::from(v < POW10[t])).max(1);
    const E8: u64 = 100_000_000;
    let (a, rest) = (v / (E8 * E8), v % (E8 * E8));
    let (b, c) = (rest / E8, rest % E8);
    let mut block = [0u8; 25];
    block[0..8].copy_from_slice(&eight_ascii(a as u32).to_le_bytes());
    block[8..16].copy_from_slice(&eight_ascii(b as u32).to_le_bytes());
    block[16..24].copy_from_slice(&eight_ascii(c as u32).to_le_bytes());
    block[24] = b'\n';
    text.extend_from_slice(&block[24 - digits..]);
}

/// The eight decimal digits of `x < 10^8` (leading zeros included) as ASCII, the first digit in
/// the lowest byte: split into two 4-digit halves in the two 32-bit lanes, each half into two
/// 2-digit quarters in 16-bit lanes, each quarter into two digits in bytes, every split by a
/// multiply-shift that divides all lanes at once (`x * 10486 >> 20 = x / 100` for `x < 10^4`,
/// `x * 103 >> 10 = x / 10` for `x < 100`; no lane's product reaches the next lane).
#[inline(always)]
fn eight_ascii(x: u32) -> u64 {
    let x = x as u64;
    let y = (x / 10_000) | ((x % 10_000) << 32);
    let hundreds = ((y * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let z = hundreds | ((y - hundreds * 100) << 16);
    let tens = ((z * 103) >> 10) & 0x000F_000F_000F_000F;
    (tens | ((z - tens * 10) << 8)) + 0x3030_3030_3030_3030
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    // Below `huge` every size already keeps the judge's constraints: the domain only decides
    // what `huge` means (see `effective`).
    let t = by_size(size, rng.range(1, 6), rng.range(100, 400), 1_000_000, 3_000_000);
    let mut out = Out::new();
    out.int(t).nl();
    for _ in 0..t {
        let (a, b) = if size == Size::Tiny {
            // Within the mex definition's reach (the brute force): below 64.
            (rng.edgy(63), rng.edgy(63))
        } else {
            match rng.below(8) {
                // Fermat 2-powers and their neighbours: the tower's special cases.
                0 => (fermat_like(rng), fermat_like(rng)),
                // Equal operands: squares.
                1 => {
                    let a = rng.edgy(u64::MAX);
                    (a, a)
                }
                // Small against large.
                2 => (rng.edgy(255), rng.next_u64()),
                3 => (rng.edgy(u64::MAX), rng.edgy(u64::MAX)),
                _ => (rng.next_u64(), rng.next_u64()),
            }
        };
        out.int(a).byte(b' ').int(b).nl();
    }
    out.into_bytes()
}

/// 2^(2^k), 2^(2^k) - 1, 2^(2^k) + 1, 2^(2^k - 1), 2^64 - 1.
fn fermat_like(rng: &mut Rng) -> u64 {
    let k = rng.below(7) as u32;
    let f = 1u64.checked_shl(1 << k).unwrap_or(0);
    match rng.below(5) {
        0 if f != 0 => f,
        1 => f.wrapping_sub(1),
        2 if f != 0 => f + 1,
        3 => 1u64 << ((1u32 << k) - 1),
        _ => u64::MAX,
    }
}

#[cfg(test)]
mod tests {
    use super::{eight_ascii, push_line};

    #[test]
    fn eight_ascii_gives_every_digit() {
        let edges = (0..100_000u32).chain(99_900_000..100_000_000);
        for x in edges.chain((0..100_000_000).step_by(97)) {
            let want: Vec<u8> =
                (0..8).rev().map(|k| b'0' + (x / 10u32.pow(k) % 10) as u8).collect();
            assert_eq!(eight_ascii(x).to_le_bytes().to_vec(), want, "{x}");
        }
    }

    #[test]
    fn lines_match_std_formatting() {
        let mut values: Vec<u64> = vec![0, 1, 9, 10, 11, 99, 100, 101, u64::MAX, u64::MAX - 1];
        let mut p = 1u64;
        while let Some(q) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, q - 1]);
            p = q;
        }
        values.extend([p - 1, p, p + 1]);
        for k in 0..64 {
            values.extend([(1u64 << k) - 1, 1u64 << k, (1u64 << k) + 1]);
        }
        let mut x = 12345u64;
        for _ in 0..10_000 {
            x = crate::rng::mix64(x);
            values.extend([x, x >> (x % 64)]);
        }
        let mut text = Vec::new();
        let mut want = String::new();
        for &v in &values {
            push_line(&mut text, v);
            want.push_str(&format!("{v}\n"));
        }
        assert_eq!(String::from_utf8(text).unwrap(), want);
    }
}
