//! hdu1846: the Bash formula against the win/loss table over remaining stones for every small
//! n and m, the 64-bit extremes (where m + 1 overflows), and the limit.

use games::brute::hdu1846::wins;
use games::registry::{find, run};
use games::theory::subtraction::bash_p_position;

fn solve(input: &str) -> (String, Option<games::InputError>) {
    let (out, fault) = run(find("hdu1846").unwrap(), input.as_bytes());
    (String::from_utf8(out).unwrap(), fault)
}

#[test]
fn formula_matches_the_table_for_every_small_game() {
    let mut lost = 0;
    for m in 0..=120u64 {
        for n in 0..=240u64 {
            assert_eq!(!bash_p_position(n, m), wins(n, m), "n {n} m {m}");
            lost += usize::from(bash_p_position(n, m));
        }
    }
    assert!(lost > 1000);
}

#[test]
fn extremes_where_m_plus_one_overflows() {
    const MAX: u64 = u64::MAX;
    let cases = [
        (MAX, MAX, "first"), // m + 1 = 2^64 > n: take everything
        (1, MAX, "first"),
        (0, MAX, "second"),       // no stone to take
        (MAX, MAX - 1, "second"), // n = m + 1
        (MAX - 1, MAX - 1, "first"),
        (1 << 63, (1 << 63) - 1, "second"),
        (MAX, 640, "second"), // 641 divides 2^64 - 1 (= 3 * 5 * 17 * 257 * 641 * 65537 * 6700417)
        (MAX, 641, "first"),
        (MAX, 0, "second"), // no move at all
    ];
    let mut input = format!("{}\n", cases.len());
    let mut want = String::new();
    for (n, m, w) in cases {
        input += &format!("{n} {m}\n");
        want += w;
        want.push('\n');
    }
    assert_eq!(solve(&input).0, want);
}

#[test]
fn a_value_past_2_pow_64_is_refused_and_earlier_answers_kept() {
    let input = "3\n4 3\n23 2\n5 18446744073709551616\n";
    let (out, fault) = solve(input);
    assert_eq!(out, "second\nfirst\n");
    let fault = fault.expect("refused");
    assert_eq!(fault.offset, input.find("18446744073709551616").unwrap());
    assert!(fault.render("hdu1846", input.as_bytes()).contains("line 4, column 3"));
}
