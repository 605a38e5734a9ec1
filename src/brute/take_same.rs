//! Reference solver for the k-heap take games `same:K:J` and `moore:K:M`: a plain retrograde
//! over the real positions, listing every option from the rule's words, sharing nothing with
//! `theory::take_same`. Positions in increasing mixed-radix order (options lower heaps only).
//!
//! - `same`: take t >= 1 from one heap, or the same t from every heap of a set whose size is in
//!   `sizes` (all those heaps at least t).
//! - `moore`: choose 1..=`most` heaps and lower each of them by a positive amount.

/// Grundy values (normal play) and misère outcomes of every position of the hull `dims`
/// (row-major, the last heap fastest). `same = Some(sizes)` or `moore = most`.
pub struct Solved {
    pub grundy: Vec<u64>,
    /// Misère play: true = P.
    pub misere_p: Vec<bool>,
}

/// Every option of `pos`.
pub fn options(pos: &[u64], same: Option<&[usize]>, most: usize) -> Vec<Vec<u64>> {
    let k = pos.len();
    let mut out = Vec::new();
    for set in 1u32..(1 << k) {
        let chosen: Vec<usize> = (0..k).filter(|&i| set >> i & 1 == 1).collect();
        match same {
            Some(sizes) => {
                if chosen.len() != 1 && !sizes.contains(&chosen.len()) {
                    continue;
                }
                let top = chosen.iter().map(|&i| pos[i]).min().unwrap_or(0);
                for t in 1..=top {
                    let mut q = pos.to_vec();
                    for &i in &chosen {
                        q[i] -= t;
                    }
                    out.push(q);
                }
            }
            None => {
                if chosen.len() > most || chosen.iter().any(|&i| pos[i] == 0) {
                    continue;
                }
                // Every assignment of a new size below the old one to each chosen heap.
                let mut q = pos.to_vec();
                for &i in &chosen {
                    q[i] = 0;
                }
                loop {
                    out.push(q.clone());
                    let mut j = 0;
                    while j < chosen.len() {
                        let i = chosen[j];
                        if q[i] + 1 < pos[i] {
                            q[i] += 1;
                            break;
                        }
                        q[i] = 0;
                        j += 1;
                    }
                    if j == chosen.len() {
                        break;
                    }
                }
            }
        }
    }
    out
}

/// Solves the hull `dims` (each heap 0..dims[i]).
pub fn solve(dims: &[u64], same: Option<&[usize]>, most: usize) -> Solved {
    let k = dims.len();
    let total: u64 = dims.iter().product();
    let index = |p: &[u64]| p.iter().zip(dims).fold(0u64, |i, (&x, &d)| i * d + x) as usize;
    let mut grundy = vec![0u64; total as usize];
    let mut misere_p = vec![false; total as usize];
    let mut pos = vec![0u64; k];
    for cell in 0..total as usize {
        let opts = options(&pos, same, most);
        let mut seen: Vec<u64> = opts.iter().map(|q| grundy[index(q)]).collect();
        seen.sort_unstable();
        seen.dedup();
        grundy[cell] = seen
            .iter()
            .enumerate()
            .find(|(i, v)| *i as u64 != **v)
            .map_or(seen.len() as u64, |(i, _)| i as u64);
        misere_p[cell] = !opts.is_empty() && opts.iter().all(|q| !misere_p[index(q)]);
        for i in (0..k).rev() {
            pos[i] += 1;
            if pos[i] < dims[i] {
                break;
            }
            pos[i] = 0;
        }
    }
    Solved { grundy, misere_p }
}
