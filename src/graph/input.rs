//! Reading the optional positions of a `games graph` input: `q`, then each position as `k`
//! and `k` vertices (1-based in the input, 0-based here).

use crate::error::InputError;
use crate::scanner::Scanner;

/// One position: `k` then `k` vertices, as 0-based indices into `tokens`.
pub(super) fn read_tokens(
    sc: &mut Scanner<'_>,
    n: u64,
    tokens: &mut Vec<u32>,
    single: bool,
) -> Result<(), InputError> {
    let k = if single {
        sc.u64_in("token count k (--misere plays one token)", 1, 1)?
    } else {
        sc.u64("token count k")?
    };
    tokens.clear();
    tokens.reserve(sc.capacity_for(k, 1));
    for _ in 0..k {
        tokens.push((sc.u64_in("vertex", 1, n)? - 1) as u32);
    }
    Ok(())
}

/// The optional positions, all of them (for JSON), then the end of the input.
pub(super) fn read_positions(
    sc: &mut Scanner<'_>,
    n: u64,
    single: bool,
) -> Result<Option<Vec<Vec<u32>>>, InputError> {
    if sc.at_eof() {
        return Ok(None);
    }
    let q = sc.u64("position count q")?;
    let mut all = Vec::with_capacity(sc.capacity_for(q, 1));
    for _ in 0..q {
        let mut tokens = Vec::new();
        read_tokens(sc, n, &mut tokens, single)?;
        all.push(tokens);
    }
    sc.expect_eof()?;
    Ok(Some(all))
}
