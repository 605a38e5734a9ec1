//! `games count --game` on large boxes (issue 48: it was checked only up to 15²) against closed
//! forms written here: Moore's theorem counted bit by bit (a box of side 2^b is b independent
//! bit columns), and Wythoff's P-positions from Beatty's sequences in exact integers.

use crate::common::games;

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// The P-positions of Nim_M on K heaps in 0..2^b - 1: in each of the b bit columns the number
/// of heaps with the bit set is a multiple of M + 1 (Moore), the columns independent.
fn moore_count(k: u64, m: u64, b: u32) -> u64 {
    let column: u64 = (0..=k).filter(|j| j.is_multiple_of(m + 1)).map(|j| binomial(k, j)).sum();
    column.pow(b)
}

fn isqrt(x: u64) -> u64 {
    let mut r = (x as f64).sqrt() as u64;
    while r * r > x {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= x {
        r += 1;
    }
    r
}

/// The P-positions of Wythoff's game in 0..=n squared: (0, 0) and, for k >= 1, (a_k, a_k + k)
/// and its mirror, a_k = floor(k phi) = floor((k + floor(k sqrt 5)) / 2).
fn wythoff_count(n: u64) -> u64 {
    let mut count = 1;
    for k in 1.. {
        let a = (k + isqrt(5 * k * k)) / 2;
        if a + k > n {
            break;
        }
        count += 2;
    }
    count
}

fn counted(game: &str, bx: &str) -> (u64, u64) {
    let out = games(&["count", "--game", game, "--box", bx], b"");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{game} {bx}: {}", String::from_utf8_lossy(&out.stderr));
    let field = |name: &str| -> u64 {
        let line = text.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{text}"));
        line[name.len()..].trim().parse().unwrap_or_else(|_| panic!("{text}"))
    };
    (field("P "), field("N "))
}

#[test]
fn moore_boxes_of_side_a_power_of_two() {
    for (k, m, b) in [(2u64, 1u64, 12u32), (3, 1, 9), (3, 2, 9), (4, 2, 6), (5, 3, 4), (4, 1, 6)] {
        let side = 1u64 << b;
        let bx = format!("0..{}^{k}", side - 1);
        let (p, n) = counted(&format!("moore:{k}:{m}"), &bx);
        assert_eq!(p, moore_count(k, m, b), "moore:{k}:{m} on {bx}");
        assert_eq!(p + n, side.pow(k as u32), "moore:{k}:{m} on {bx}: every position counted");
    }
}

#[test]
fn wythoff_as_same_2_2_on_large_squares() {
    for n in [1000u64, 4095, 5000] {
        let bx = format!("0..{n}^2");
        let (p, total_n) = counted("same:2:2", &bx);
        assert_eq!(p, wythoff_count(n), "same:2:2 on {bx}");
        assert_eq!(p + total_n, (n + 1) * (n + 1));
    }
    // The closed form itself, against a search of the first box corner by the definition.
    let n = 40usize;
    let mut p = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let to_p = (1..=a).any(|t| p[a - t][b])
                || (1..=b).any(|t| p[a][b - t])
                || (1..=a.min(b)).any(|t| p[a - t][b - t]);
            p[a][b] = !to_p;
        }
    }
    let searched = p.iter().flatten().filter(|&&x| x).count() as u64;
    assert_eq!(searched, wythoff_count(n as u64));
}
