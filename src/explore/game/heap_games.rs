//! The classic heap games both `builtin` and `families` build on: the Grundy values of games
//! of lines (a move subtracts t times one direction: Nim, Wythoff, the take families' normal
//! play), and the theorems of Wythoff (normal and misère play) and Bouton (the nim-sum) as
//! formulas. Here so that `builtin` (which uses the families) and `families` (which uses these)
//! do not import each other.

use crate::explore::pattern::{Answer, Covers, Formula};
use crate::explore::space::{MAX_ARITY, MAX_COORD};

/// The most cells of the hull (the box `0..=hi` in every coordinate) a table may need.
pub const MAX_HULL: u64 = 1 << 26;

/// Row-major strides of a hull (the last coordinate fastest).
pub(crate) fn strides(dims: &[usize]) -> Vec<usize> {
    let mut s = vec![1usize; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1];
    }
    s
}

/// Grundy values of a game whose moves subtract t * d (t >= 1) for a direction d in `dirs`
/// (bit i: coordinate i), over the hull `dims`: a walk back along each direction, the values
/// seen stamped with the cell's number.
pub(crate) fn line_normal(dims: &[usize], dirs: &[usize]) -> Vec<u32> {
    let k = dims.len();
    let st = strides(dims);
    let cells: usize = dims.iter().product();
    let step: Vec<usize> =
        dirs.iter().map(|&d| (0..k).filter(|i| d >> i & 1 == 1).map(|i| st[i]).sum()).collect();
    let most: usize = dirs
        .iter()
        .map(|&d| (0..k).filter(|i| d >> i & 1 == 1).map(|i| dims[i] - 1).min().unwrap_or(0))
        .sum();
    let mut stamp = vec![0u32; most + 2];
    let mut g = vec![0u32; cells];
    let mut c = [0usize; MAX_ARITY];
    for idx in 0..cells {
        let tag = idx as u32 + 1;
        for (j, &d) in dirs.iter().enumerate() {
            let n = (0..k).filter(|i| d >> i & 1 == 1).map(|i| c[i]).min().unwrap_or(0);
            let mut x = idx;
            for _ in 0..n {
                x -= step[j];
                stamp[g[x] as usize] = tag;
            }
        }
        let mut v = 0usize;
        while stamp[v] == tag {
            v += 1;
        }
        g[idx] = v as u32;
        advance(&mut c, dims);
    }
    g
}

/// The next coordinates in cell order.
pub(crate) fn advance(c: &mut [usize; MAX_ARITY], dims: &[usize]) {
    for i in (0..dims.len()).rev() {
        c[i] += 1;
        if c[i] < dims[i] {
            return;
        }
        c[i] = 0;
    }
}

/// The formula of Wythoff's theorem (normal or misère play), for the families.
pub(crate) fn wythoff_formula(misere: bool) -> Box<dyn Formula> {
    Box::new(WythoffP { misere })
}

/// Bouton's nim-sum (normal or misère) on `heaps` heaps, for the families.
pub(crate) fn nim_formula(heaps: usize, misere: bool) -> Box<dyn Formula> {
    Box::new(NimSum { heaps, misere })
}

/// Wythoff's P-positions (normal play), or the misère set (see the module doc).
pub(crate) struct WythoffP {
    misere: bool,
}

/// Is (a, b) a misère P-position of Wythoff's game (coordinates below 2^63)?
pub fn misere_wythoff_p(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    match (a, b) {
        (0, 1) | (2, 2) => true,
        (0, 0) | (1, 2) => false,
        _ => crate::theory::wythoff::p_position(a, b),
    }
}

impl Formula for WythoffP {
    fn family(&self) -> &'static str {
        "beatty"
    }
    fn words(&self) -> String {
        let base = "with a <= b and k = b - a, (a, b) is a P-position iff a = floor(k * phi), \
                    phi = (1 + sqrt 5) / 2 (the pairs (floor(k phi), floor(k phi) + k))";
        if self.misere {
            format!(
                "misère: P-positions (0, 1), (1, 0), (2, 2), and for k >= 2 the normal ones: {base}"
            )
        } else {
            base.to_string()
        }
    }
    fn cpp(&self) -> String {
        let core = "// exact: floor(k*phi) = (k + isqrt(5k^2)) / 2, no floating point\n\
             typedef unsigned long long u64; typedef unsigned __int128 u128;\n\
             u64 isqrt128(u128 n){ u128 x = (u128)sqrtl((long double)n); while (x*x > n) x--; while ((x+1)*(x+1) <= n) x++; return (u64)x; }\n\
             bool wythoff_p(u64 a, u64 b){ if (a > b) { u64 t = a; a = b; b = t; } u64 k = b - a;\n\
             \x20 if (3*(u128)k > 2*(u128)a + 1) return k == 0 && a == 0; return a == ((u128)k + isqrt128((u128)5*k*k)) / 2; }";
        if self.misere {
            format!(
                "{core}\nbool misere_p(u64 a, u64 b){{ if (a > b) {{ u64 t = a; a = b; b = t; }}\n\
                 \x20 if ((a == 0 && b == 1) || (a == 2 && b == 2)) return true; if ((a == 0 && b == 0) || (a == 1 && b == 2)) return false; return wythoff_p(a, b); }}"
            )
        } else {
            core.to_string()
        }
    }
    fn python(&self) -> String {
        let core = "from math import isqrt\n\
                    def wythoff_p(a, b):\n    a, b = min(a, b), max(a, b); k = b - a\n    return a == (k + isqrt(5 * k * k)) // 2";
        if self.misere {
            format!(
                "{core}\ndef misere_p(a, b):\n    a, b = min(a, b), max(a, b)\n    if (a, b) in ((0, 1), (2, 2)): return True\n    if (a, b) in ((0, 0), (1, 2)): return False\n    return wythoff_p(a, b)"
            )
        } else {
            core.to_string()
        }
    }
    fn covers(&self) -> Covers {
        Covers::Outcomes
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        if p[0] > MAX_COORD || p[1] > MAX_COORD {
            return None;
        }
        let is_p = if self.misere {
            misere_wythoff_p(p[0], p[1])
        } else {
            crate::theory::wythoff::p_position(p[0], p[1])
        };
        Some(Answer::of_p(is_p, self.misere))
    }
    fn cost(&self) -> u64 {
        3
    }
    fn proof(&self) -> Option<String> {
        Some(if self.misere {
            "misère Wythoff: the normal P-set with (0,0), (1,2), (2,1) replaced by (0,1), (1,0), \
             (2,2) (this project's proof from Wythoff's theorem, in `games explore --help`; exact \
             integer test, coordinates up to 2^63 - 1)"
                .to_string()
        } else {
            "Wythoff's theorem (1907), exact integer test (no floating point), coordinates up to \
             2^63 - 1"
                .to_string()
        })
    }
}

/// Nim: the nim-sum (normal play) or Bouton's misère rule.
pub(crate) struct NimSum {
    heaps: usize,
    misere: bool,
}

impl NimSum {
    fn vars(&self) -> Vec<&'static str> {
        (0..self.heaps).map(|i| crate::explore::pattern::var(self.heaps, i)).collect()
    }
}

impl Formula for NimSum {
    fn family(&self) -> &'static str {
        "nim-sum"
    }
    fn words(&self) -> String {
        if self.misere {
            "misère nim: P iff the XOR of the heaps is 0 and some heap is >= 2, or the XOR is 1 \
             and every heap is <= 1"
                .to_string()
        } else {
            "G = the XOR of the heaps (nim-sum)".to_string()
        }
    }
    fn cpp(&self) -> String {
        let x = self.vars().join(" ^ ");
        if self.misere {
            let big =
                self.vars().iter().map(|v| format!("{v} >= 2")).collect::<Vec<_>>().join(" || ");
            format!("(({big}) ? ({x}) == 0 : ({x}) == 1) /* P */")
        } else {
            x
        }
    }
    fn python(&self) -> String {
        let x = self.vars().join(" ^ ");
        if self.misere {
            let big =
                self.vars().iter().map(|v| format!("{v} >= 2")).collect::<Vec<_>>().join(" or ");
            format!("(({x}) == 0) if ({big}) else (({x}) == 1)  # P")
        } else {
            x
        }
    }
    fn covers(&self) -> Covers {
        if self.misere { Covers::Outcomes } else { Covers::Values }
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        let p = &p[..self.heaps];
        let x = p.iter().fold(0u64, |a, &h| a ^ h);
        Some(if self.misere {
            let big = p.iter().any(|&h| h >= 2);
            Answer::of_p(if big { x == 0 } else { x == 1 }, true)
        } else {
            Answer::of_value(x)
        })
    }
    fn cost(&self) -> u64 {
        1
    }
    fn proof(&self) -> Option<String> {
        Some(if self.misere {
            "Bouton's theorem, misère form (1901)".to_string()
        } else {
            "Bouton's theorem (1901) / Sprague-Grundy: the value of nim heaps is their XOR"
                .to_string()
        })
    }
}
