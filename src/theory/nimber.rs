//! Nimbers: the nim product on 64-bit values, and two fast ways to compute it.
//!
//! **Definition** (Conway, *On Numbers and Games*, ch. 6; Berlekamp, Conway and Guy, *Winning
//! Ways*, ch. 14): on the non-negative integers, with XOR as addition, the nim product is
//!
//! ```text
//! a (*) b = mex { a' (*) b  ^  a (*) b'  ^  a' (*) b' : a' < a, b' < b }.
//! ```
//!
//! It is the Grundy value of the product of two Nim heaps in the sense of coin-turning games
//! (see [`crate::theory::turning_corners`]: a single light at (a, b) in Turning Corners has
//! exactly these options).
//!
//! **Theorem** (Conway; H. W. Lenstra, "Nim multiplication", Séminaire de Théorie des Nombres de
//! Bordeaux, 1977-78): for every k, the integers below the Fermat 2-power F_k = 2^(2^k) form a
//! field GF(2^(2^k)) under XOR and the nim product, and
//! - F_k (*) x = F_k * x (the ordinary product) for x < F_k, and
//! - F_k (*) F_k = F_k ^ F_k / 2 = (3/2) F_k.
//!
//! So GF(2^64) is a tower of quadratic extensions: writing X = F_k and h = F_k / 2, the field
//! below F_(k+1) is GF(2^(2^k))[X] / (X^2 + X + h), and for a = a1 X + a0, b = b1 X + b0
//! (halves below F_k)
//!
//! ```text
//! a (*) b = (a1b1 + a1b0 + a0b1) X + (a0b0 + h a1b1)
//!         = ((a0+a1)(b0+b1) + a0b0) X + (a0b0 + h a1b1)      (Karatsuba: 3 half products)
//! ```
//!
//! with + = XOR and juxtaposition = nim product below F_k. [`nim_product_reference`] applies the
//! first line recursively down to single bits: simple, slow, obviously the definition's algebra.
//!
//! **Fast paths.** Both are exact; the tests check them against each other, against the
//! reference and against the mex definition.
//! - *Portable* ([`nim_product_portable`]): the second line, twice (64 -> 32 -> 16 bits), with
//!   GF(2^16) products by logarithm and exponent tables (a generator of the cyclic group of order
//!   65535, found at first use). Constants h = 2^15 and h^2 are folded into the logarithms, and
//!   log(0) is a sentinel so large that any sum containing it indexes the all-zero tail of the
//!   exponent table: no branch on zero. Ten table products and eighteen logarithm look-ups per
//!   64-bit product.
//! - *Carry-less* ([`Multiplier`], x86_64 with PCLMULQDQ, detected at run time): GF(2^64) is
//!   also GF(2)[t] / (m(t)) for the minimal polynomial m of any nimber r >= 2^32 (such an r lies
//!   in no proper subfield, so m has degree 64), by the ring isomorphism psi: t -> r. The product
//!   is psi( psi^-1(a) * psi^-1(b) mod m ) where * is the carry-less product of two 64-bit
//!   polynomials (one PCLMULQDQ), reduced modulo m by Barrett's method (two more; exact over
//!   GF(2)). psi^-1 and psi are GF(2)-linear maps of 64 bits, evaluated by byte tables (16
//!   tables of 256 words, 32 KiB): 24 look-ups per product.

use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------------
// The reference: recursive halving.

/// The nim product of `a` and `b`, by the tower formula applied recursively down to single bits
/// (about 15 000 recursive calls for 64-bit operands). For tests and table building only.
///
/// ```
/// use games::theory::nimber::nim_product_reference as mul;
/// assert_eq!(mul(2, 2), 3);
/// assert_eq!(mul(16, 16), 24); // F_2 (*) F_2 = (3/2) F_2
/// assert_eq!(mul(1 << 32, 1 << 32), 3 << 31);
/// ```
pub fn nim_product_reference(a: u64, b: u64) -> u64 {
    halving_product(a, b, 64)
}

/// Product of two values below 2^bits (bits a power of two): the recursion depth is log2(bits).
const fn halving_product(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let hh = halving_product(a1, b1, half);
    let cross = halving_product(a1, b0, half) ^ halving_product(a0, b1, half);
    let ll = halving_product(a0, b0, half);
    // X (*) X = X ^ h with X = 2^half, h = 2^(half - 1).
    let hh_h = halving_product(hh, 1 << (half - 1), half);
    ((hh ^ cross) << half) | (ll ^ hh_h)
}

// ---------------------------------------------------------------------------------------------
// The portable fast path: GF(2^16) logarithms.

/// The order of the multiplicative group of GF(2^16).
const ORDER: usize = 65_535;
/// log(0): larger than any sum of three logarithms of non-zero values.
const ZERO_LOG: usize = 3 * ORDER;
/// Room for two logarithms of zero plus a constant's logarithm.
const EXP_LEN: usize = 2 * ZERO_LOG + ORDER;

/// The generator of GF(2^16)* the tables use (the least one above the subfield GF(2^8); found
/// by the search in [`LogTables::build`] and kept so the search succeeds at once).
pub const FIRST_GENERATOR_CANDIDATE: u64 = 258;

/// Logarithm and exponent tables of GF(2^16) (nimbers below 2^16) to a primitive element.
pub struct LogTables {
    log: Box<[u32; 1 << 16]>,
    exp: Box<[u16; EXP_LEN]>,
    /// log(2^15) and log(2^15 (*) 2^15): the constants h and h^2 of the tower.
    log_h: usize,
    log_h2: usize,
}

impl LogTables {
    fn build() -> LogTables {
        // x -> x (*) g is GF(2)-linear: tabulate it for each byte of x from reference products
        // of the 16 basis bits, then walk the powers of g. A g whose powers return to 1 only
        // after 65535 steps is a generator. The search starts at one known to work (so the
        // first walk succeeds); the loop only guards against that constant being wrong, and
        // the tests check that no search happens.
        let mut g: u64 = FIRST_GENERATOR_CANDIDATE;
        loop {
            if let Some(tables) = LogTables::try_generator(g) {
                return tables;
            }
            g += 1;
        }
    }

    /// The tables for the generator `g`, or `None` if `g` is not a generator.
    fn try_generator(g: u64) -> Option<LogTables> {
        let images: Vec<u64> = (0..16).map(|i| halving_product(1 << i, g, 16)).collect();
        let mut by_byte = [[0u16; 256]; 2];
        for (half, table) in by_byte.iter_mut().enumerate() {
            for (byte, slot) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    if byte >> bit & 1 == 1 {
                        *slot ^= images[8 * half + bit] as u16;
                    }
                }
            }
        }
        let times_g = |x: u16| by_byte[0][(x & 0xFF) as usize] ^ by_byte[1][(x >> 8) as usize];
        let mut exp: Box<[u16; EXP_LEN]> =
            vec![0u16; EXP_LEN].into_boxed_slice().try_into().expect("EXP_LEN entries");
        let mut log: Box<[u32; 1 << 16]> =
            vec![ZERO_LOG as u32; 1 << 16].into_boxed_slice().try_into().expect("2^16 entries");
        let mut x: u16 = 1;
        for i in 0..ORDER {
            if i > 0 && x == 1 {
                return None; // the order of g is i < 65535
            }
            exp[i] = x;
            log[x as usize] = i as u32;
            x = times_g(x);
        }
        if x != 1 {
            return None; // g was 0 or the walk never closed (cannot happen for g != 0)
        }
        // exp[i] = g^(i mod 65535) up to ZERO_LOG (a sum of up to three logarithms).
        exp.copy_within(0..ORDER, ORDER);
        exp.copy_within(0..ORDER, 2 * ORDER);
        let log_h = log[1 << 15] as usize;
        Some(LogTables { log, exp, log_h, log_h2: (2 * log_h) % ORDER })
    }

    /// Is `g` a generator of GF(2^16)'s multiplicative group? (For the tests.)
    pub fn is_generator(g: u16) -> bool {
        LogTables::try_generator(g as u64).is_some()
    }

    /// The tables, built on first use.
    pub fn get() -> &'static LogTables {
        static TABLES: OnceLock<LogTables> = OnceLock::new();
        TABLES.get_or_init(LogTables::build)
    }

    /// Logarithms of the two 16-bit halves of a 32-bit value and of their sum.
    #[inline(always)]
    fn logs32(&self, v: u64) -> [usize; 3] {
        let lo = v as u16;
        let hi = (v >> 16) as u16;
        let log = |x: u16| self.log[x as usize] as usize;
        [log(lo), log(hi), log(lo ^ hi)]
    }

    #[inline(always)]
    fn e(&self, i: usize) -> u64 {
        self.exp[i] as u64
    }

    /// x (*) y for 32-bit values given by their [`logs32`](Self::logs32).
    #[inline(always)]
    fn mul32(&self, x: &[usize; 3], y: &[usize; 3]) -> u64 {
        let ll = self.e(x[0] + y[0]);
        let hh_h = self.e(x[1] + y[1] + self.log_h);
        let ss = self.e(x[2] + y[2]);
        ((ss ^ ll) << 16) | (ll ^ hh_h)
    }

    /// x (*) y (*) 2^31 for 32-bit values: 2^31 = X h with X = 2^16, h = 2^15, and for
    /// P = p1 X + p0, P X h = h(p1 + p0) X + h^2 p1.
    #[inline(always)]
    fn mul32_times_h(&self, x: &[usize; 3], y: &[usize; 3]) -> u64 {
        let ss = x[2] + y[2];
        let hh = x[1] + y[1];
        let ll = x[0] + y[0];
        let high = self.e(ss + self.log_h) ^ self.e(hh + self.log_h2);
        let low = self.e(ss + self.log_h2) ^ self.e(ll + self.log_h2);
        (high << 16) | low
    }

    /// The nim product of two 64-bit values.
    #[inline]
    pub fn product(&self, a: u64, b: u64) -> u64 {
        let (a0, a1) = (a & 0xFFFF_FFFF, a >> 32);
        let (b0, b1) = (b & 0xFFFF_FFFF, b >> 32);
        let (la0, la1, las) = (self.logs32(a0), self.logs32(a1), self.logs32(a0 ^ a1));
        let (lb0, lb1, lbs) = (self.logs32(b0), self.logs32(b1), self.logs32(b0 ^ b1));
        let ll = self.mul32(&la0, &lb0);
        let ss = self.mul32(&las, &lbs);
        let hh_h = self.mul32_times_h(&la1, &lb1);
        ((ss ^ ll) << 32) | (ll ^ hh_h)
    }

    /// The nim product of two values below 2^16, by one table look-up each.
    #[inline]
    pub fn product16(&self, a: u16, b: u16) -> u16 {
        self.exp[self.log[a as usize] as usize + self.log[b as usize] as usize]
    }
}

/// The nim product by the portable table method.
///
/// ```
/// use games::theory::nimber::nim_product_portable as mul;
/// assert_eq!(mul(5, 7), 13);
/// assert_eq!(mul(3141, 5926), 14994);
/// assert_eq!(mul(u64::MAX, u64::MAX), 11290409524105353207);
/// ```
#[inline]
pub fn nim_product_portable(a: u64, b: u64) -> u64 {
    LogTables::get().product(a, b)
}

// ---------------------------------------------------------------------------------------------
// The carry-less path.

/// The polynomial-basis representation (see the module doc): byte tables for psi^-1 (tables
/// 0..8: psi^-1 of `byte << 8j`) and psi (tables 8..16: the nimber sum of r^i over the bits i
/// of `byte << 8j`), 32 KiB in all, and the Barrett constants of m.
pub struct PolyTables {
    t: [[u64; 256]; 16],
    /// m(t) = t^64 + m_low(t): the minimal polynomial of r.
    m_low: u64,
    /// floor(t^128 / m(t)) = t^64 + mu_low(t).
    mu_low: u64,
}

/// `a (*) r` for r = 2^32, the nimber whose powers give the polynomial basis (any value >= 2^32
/// works): the tower formula with b1 = 1, b0 = 0 gives
/// ((a1 + a0) X + h a1) for X = 2^32, h = 2^31, so one 32-bit product (by the reference
/// recursion: this runs at compile time).
const fn times_poly_root(a: u64) -> u64 {
    let (a1, a0) = (a >> 32, a & 0xFFFF_FFFF);
    ((a1 ^ a0) << 32) | halving_product(a1, 1 << 31, 32)
}

/// The tables, computed at compile time (no start-up cost: a judge input of a few thousand
/// products took 8% of its run building them, and the logarithm tables they were made from).
static POLY_TABLES: PolyTables = PolyTables::build();

impl PolyTables {
    const fn build() -> PolyTables {
        // Powers r^0 .. r^64.
        let mut powers = [0u64; 65];
        powers[0] = 1;
        let mut i = 1;
        while i < 65 {
            powers[i] = times_poly_root(powers[i - 1]);
            i += 1;
        }
        // psi maps the polynomial basis t^i to r^i (i < 64); invert it by Gauss-Jordan
        // elimination over GF(2): rows are [psi(t^i) | e_i], reduced until the left half is
        // the identity, after which row i reads [e_i | psi^-1(e_i)].
        let mut left = [0u64; 64];
        let mut right = [0u64; 64];
        let mut i = 0;
        while i < 64 {
            (left[i], right[i]) = (powers[i], 1 << i);
            i += 1;
        }
        let mut bit = 0;
        while bit < 64 {
            let mut pivot = bit;
            while left[pivot] >> bit & 1 == 0 {
                // r >= 2^32 has degree 64, so its first 64 powers are independent and a pivot
                // exists (past the end, compilation fails with an index out of bounds).
                pivot += 1;
            }
            (left[bit], left[pivot]) = (left[pivot], left[bit]);
            (right[bit], right[pivot]) = (right[pivot], right[bit]);
            let (pl, pr) = (left[bit], right[bit]);
            let mut r = 0;
            while r < 64 {
                if r != bit && left[r] >> bit & 1 == 1 {
                    left[r] ^= pl;
                    right[r] ^= pr;
                }
                r += 1;
            }
            bit += 1;
        }
        // Columns: psi^-1 of each bit (tables 0..8), then psi of each t^i (tables 8..16).
        let mut t = [[0u64; 256]; 16];
        let mut table = 0;
        while table < 16 {
            let mut byte = 0;
            while byte < 256 {
                let mut slot = 0u64;
                let mut b = 0;
                while b < 8 {
                    if byte >> b & 1 == 1 {
                        let index = (table % 8) * 8 + b;
                        slot ^= if table < 8 { right[index] } else { powers[index] };
                    }
                    b += 1;
                }
                t[table][byte] = slot;
                byte += 1;
            }
            table += 1;
        }
        // r^64 = sum of m_low's coefficients times r^i: m(r) = 0.
        let mut m_low = 0u64;
        let mut j = 0;
        while j < 8 {
            m_low ^= t[j][(powers[64] >> (8 * j)) as u8 as usize];
            j += 1;
        }
        // Long division of t^128 by m: the quotient's t^64 term leaves m_low t^64.
        let mut rem: u128 = (m_low as u128) << 64;
        let mut mu_low = 0u64;
        let mut i = 64;
        while i > 0 {
            i -= 1;
            if rem >> (64 + i) & 1 == 1 {
                mu_low |= 1 << i;
                rem ^= (1u128 << (64 + i)) ^ ((m_low as u128) << i);
            }
        }
        PolyTables { t, m_low, mu_low }
    }

    /// The tables (computed at compile time).
    pub fn get() -> &'static PolyTables {
        &POLY_TABLES
    }

    /// psi^-1: the nimber `a` as a polynomial over GF(2) in the basis of powers of r.
    #[inline(always)]
    pub fn to_poly(&self, a: u64) -> u64 {
        let t = &self.t;
        let byte = |j: usize| (a >> (8 * j)) as u8 as usize;
        (t[0][byte(0)] ^ t[1][byte(1)] ^ t[2][byte(2)] ^ t[3][byte(3)])
            ^ (t[4][byte(4)] ^ t[5][byte(5)] ^ t[6][byte(6)] ^ t[7][byte(7)])
    }

    /// psi: the nimber of a polynomial of degree < 64.
    #[inline(always)]
    pub fn from_poly(&self, p: u64) -> u64 {
        let t = &self.t;
        let byte = |j: usize| (p >> (8 * j)) as u8 as usize;
        (t[8][byte(0)] ^ t[9][byte(1)] ^ t[10][byte(2)] ^ t[11][byte(3)])
            ^ (t[12][byte(4)] ^ t[13][byte(5)] ^ t[14][byte(6)] ^ t[15][byte(7)])
    }

    /// The product c = (lo, hi) of two polynomials of degree < 64, reduced modulo m by Barrett's
    /// method, given a carry-less multiply. In GF(2)[t] the quotient estimate is exact: with
    /// t^128 = mu m + R (deg R < 64), c t^64 = hi mu m + (hi R + lo t^64), and the second term
    /// over m has degree below 64, so floor(c / m) = floor(hi mu / t^64)
    /// = hi + floor(hi mu_low / t^64); the remainder is lo + low word of (quotient * m_low).
    #[inline(always)]
    pub fn reduce(&self, lo: u64, hi: u64, clmul: impl Fn(u64, u64) -> (u64, u64)) -> u64 {
        let q = hi ^ clmul(hi, self.mu_low).1;
        lo ^ clmul(q, self.m_low).0
    }

    /// The nim product through the polynomial basis, with a portable carry-less multiply (for
    /// testing the tables and the reduction on any CPU; slow).
    pub fn product_soft(&self, a: u64, b: u64) -> u64 {
        let (lo, hi) = clmul_soft(self.to_poly(a), self.to_poly(b));
        self.from_poly(self.reduce(lo, hi, clmul_soft))
    }
}

/// The carry-less (GF(2)[t]) product of two 64-bit polynomials, bit by bit: (low, high) words.
pub fn clmul_soft(a: u64, b: u64) -> (u64, u64) {
    let mut acc: u128 = 0;
    for i in 0..64 {
        if b >> i & 1 == 1 {
            acc ^= (a as u128) << i;
        }
    }
    (acc as u64, (acc >> 64) as u64)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::PolyTables;
    use std::arch::x86_64::*;

    /// The carry-less product of two 64-bit polynomials: (low, high) words.
    #[target_feature(enable = "pclmulqdq")]
    #[inline]
    fn clmul(a: u64, b: u64) -> (u64, u64) {
        let c = _mm_clmulepi64_si128(_mm_cvtsi64_si128(a as i64), _mm_cvtsi64_si128(b as i64), 0);
        (_mm_cvtsi128_si64(c) as u64, _mm_cvtsi128_si64(_mm_unpackhi_epi64(c, c)) as u64)
    }

    /// The nim product with PCLMULQDQ: 24 byte-table look-ups and three carry-less multiplies.
    #[target_feature(enable = "pclmulqdq")]
    #[inline]
    fn product_inline(t: &PolyTables, a: u64, b: u64) -> u64 {
        let (lo, hi) = clmul(t.to_poly(a), t.to_poly(b));
        t.from_poly(t.reduce(lo, hi, |x, y| clmul(x, y)))
    }

    /// The carry-less product of a and b in the polynomial basis, before reduction: (low, high)
    /// words. psi of its reduction is a (*) b, and both steps are GF(2)-linear.
    ///
    /// # Safety
    /// The CPU must support `pclmulqdq`.
    #[target_feature(enable = "pclmulqdq")]
    pub unsafe fn unreduced_product(t: &PolyTables, a: u64, b: u64) -> (u64, u64) {
        clmul(t.to_poly(a), t.to_poly(b))
    }

    /// psi of the reduction of an unreduced product (or of a sum of them).
    ///
    /// # Safety
    /// The CPU must support `pclmulqdq`.
    #[target_feature(enable = "pclmulqdq")]
    pub unsafe fn reduced(t: &PolyTables, lo: u64, hi: u64) -> u64 {
        t.from_poly(t.reduce(lo, hi, |x, y| clmul(x, y)))
    }

    /// The nim product with PCLMULQDQ.
    ///
    /// # Safety
    /// The CPU must support `pclmulqdq` (and SSE2, part of x86_64).
    #[target_feature(enable = "pclmulqdq")]
    pub unsafe fn product(t: &PolyTables, a: u64, b: u64) -> u64 {
        product_inline(t, a, b)
    }

    /// Products of many pairs, with the multiply inlined in the loop.
    ///
    /// # Safety
    /// The CPU must support `pclmulqdq`.
    #[target_feature(enable = "pclmulqdq")]
    pub unsafe fn products(t: &PolyTables, pairs: &[[u64; 2]], dst: &mut Vec<u64>) {
        dst.reserve(pairs.len());
        for &[a, b] in pairs {
            dst.push(product_inline(t, a, b));
        }
    }

    pub fn available() -> bool {
        std::arch::is_x86_feature_detected!("pclmulqdq")
    }
}

// ---------------------------------------------------------------------------------------------
// Dispatch.

/// A way to multiply nimbers, with its tables: pick one with [`Multiplier::best`] (or a specific
/// path for tests and benchmarks) once, then multiply many times.
#[derive(Clone, Copy)]
pub enum Multiplier {
    /// GF(2^16) logarithm tables and two Karatsuba levels: works everywhere.
    Portable(&'static LogTables),
    /// Polynomial basis and the CPU's carry-less multiply (x86_64 with PCLMULQDQ only). The
    /// [`ClmulDetected`] witness can only be made in this module, after the run-time check, so
    /// safe code cannot reach the intrinsics on a CPU without them.
    Clmul(&'static PolyTables, ClmulDetected),
}

/// Proof that the CPU's carry-less multiply was detected (its field is private).
#[derive(Clone, Copy, Debug)]
pub struct ClmulDetected(());

impl Multiplier {
    /// The fastest path this CPU supports.
    pub fn best() -> Multiplier {
        static BEST: OnceLock<Multiplier> = OnceLock::new();
        *BEST.get_or_init(|| Multiplier::clmul().unwrap_or_else(Multiplier::portable))
    }

    /// The portable path.
    pub fn portable() -> Multiplier {
        Multiplier::Portable(LogTables::get())
    }

    /// The carry-less path, if the CPU has it.
    pub fn clmul() -> Option<Multiplier> {
        #[cfg(target_arch = "x86_64")]
        {
            if x86::available() {
                return Some(Multiplier::Clmul(PolyTables::get(), ClmulDetected(())));
            }
        }
        None
    }

    /// An accumulator of the nim sum (XOR) of many nim products: [`NimDot`].
    pub fn dot(&self) -> NimDot {
        NimDot { mul: *self, lo: 0, hi: 0 }
    }

    /// A short name for reports.
    pub fn name(&self) -> &'static str {
        match self {
            Multiplier::Portable(_) => "portable (GF(2^16) log tables)",
            Multiplier::Clmul(..) => "carry-less (PCLMULQDQ)",
        }
    }

    /// The nim product `a (*) b`.
    #[inline]
    pub fn product(&self, a: u64, b: u64) -> u64 {
        match self {
            Multiplier::Portable(t) => t.product(a, b),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `ClmulDetected` exists only after the feature was detected.
            Multiplier::Clmul(t, _) => unsafe { x86::product(t, a, b) },
            #[cfg(not(target_arch = "x86_64"))]
            Multiplier::Clmul(t, _) => t.product_soft(a, b),
        }
    }

    /// Appends `a (*) b` for each pair to `dst`.
    pub fn products(&self, pairs: &[[u64; 2]], dst: &mut Vec<u64>) {
        match self {
            Multiplier::Portable(t) => {
                dst.reserve(pairs.len());
                for &[a, b] in pairs {
                    dst.push(t.product(a, b));
                }
            }
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `ClmulDetected` exists only after the feature was detected.
            Multiplier::Clmul(t, _) => unsafe { x86::products(t, pairs, dst) },
            #[cfg(not(target_arch = "x86_64"))]
            Multiplier::Clmul(t, _) => dst.extend(pairs.iter().map(|&[a, b]| t.product_soft(a, b))),
        }
    }
}

/// The nim sum a_1 (*) b_1 + a_2 (*) b_2 + ... of many products (a Turning Corners position's
/// Grundy value), with one reduction for the whole sum on the carry-less path: psi^-1, the
/// reduction modulo m and psi are GF(2)-linear (psi is a ring isomorphism), so
/// sum psi(P_i mod m) = psi((sum P_i) mod m) for the unreduced products P_i. Each term costs
/// one carry-less multiply and 16 look-ups instead of three and 24.
///
/// ```
/// use games::theory::nimber::{Multiplier, nim_product_reference as mul};
/// for m in [Multiplier::portable()].into_iter().chain(Multiplier::clmul()) {
///     let mut dot = m.dot();
///     dot.add(5, 7);
///     dot.add(u64::MAX, 1 << 40);
///     assert_eq!(dot.value(), mul(5, 7) ^ mul(u64::MAX, 1 << 40));
/// }
/// ```
pub struct NimDot {
    mul: Multiplier,
    /// The sum so far: unreduced on the carry-less path, plain nimbers (in `lo`) otherwise.
    lo: u64,
    hi: u64,
}

impl NimDot {
    /// Adds a (*) b to the sum.
    #[inline]
    pub fn add(&mut self, a: u64, b: u64) {
        match self.mul {
            Multiplier::Portable(t) => self.lo ^= t.product(a, b),
            #[cfg(target_arch = "x86_64")]
            Multiplier::Clmul(t, _) => {
                // SAFETY: a `ClmulDetected` exists only after the feature was detected.
                let (lo, hi) = unsafe { x86::unreduced_product(t, a, b) };
                self.lo ^= lo;
                self.hi ^= hi;
            }
            #[cfg(not(target_arch = "x86_64"))]
            Multiplier::Clmul(t, _) => self.lo ^= t.product_soft(a, b),
        }
    }

    /// The nim sum of the products added so far.
    pub fn value(&self) -> u64 {
        match self.mul {
            Multiplier::Portable(_) => self.lo,
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `add`.
            Multiplier::Clmul(t, _) => unsafe { x86::reduced(t, self.lo, self.hi) },
            #[cfg(not(target_arch = "x86_64"))]
            Multiplier::Clmul(..) => self.lo,
        }
    }
}

/// The nim product `a (*) b` in GF(2^64), by the fastest path available.
///
/// ```
/// use games::theory::nimber::nim_product;
/// assert_eq!(nim_product(5, 8), 3);
/// assert_eq!(nim_product(u64::MAX, u64::MAX), 11290409524105353207);
/// assert_eq!(nim_product(1 << 32, 1 << 32), 3 << 31);
/// ```
#[inline]
pub fn nim_product(a: u64, b: u64) -> u64 {
    Multiplier::best().product(a, b)
}

/// `a` raised to the nim power `e` (square and multiply; a^0 = 1).
///
/// ```
/// use games::theory::nimber::nim_power;
/// assert_eq!(nim_power(2, 3), 1); // 2 has order 3: GF(4) = {0, 1, 2, 3}
/// ```
pub fn nim_power(a: u64, mut e: u64) -> u64 {
    let m = Multiplier::best();
    let (mut base, mut acc) = (a, 1u64);
    while e != 0 {
        if e & 1 == 1 {
            acc = m.product(acc, base);
        }
        base = m.product(base, base);
        e >>= 1;
    }
    acc
}

/// The inverse of a non-zero nimber in GF(2^64): a^(2^64 - 2). `None` for 0.
///
/// ```
/// use games::theory::nimber::{nim_inverse, nim_product};
/// let a = 0x0123_4567_89AB_CDEF;
/// assert_eq!(nim_product(a, nim_inverse(a).unwrap()), 1);
/// assert_eq!(nim_inverse(0), None);
/// ```
pub fn nim_inverse(a: u64) -> Option<u64> {
    (a != 0).then(|| nim_power(a, u64::MAX - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_products_match_the_definition() {
        let t = crate::brute::nim_product::mex_definition_table(32);
        let m = LogTables::get();
        for a in 0..32u64 {
            for b in 0..32u64 {
                assert_eq!(nim_product_reference(a, b), t[a as usize][b as usize], "{a} {b}");
                assert_eq!(m.product(a, b), t[a as usize][b as usize], "{a} {b}");
            }
        }
    }

    #[test]
    fn the_generator_constant_is_the_least_above_gf256() {
        assert!(LogTables::is_generator(FIRST_GENERATOR_CANDIDATE as u16));
        assert!((256..FIRST_GENERATOR_CANDIDATE as u16).all(|g| !LogTables::is_generator(g)));
        // Elements of the subfield GF(2^8) have order dividing 255.
        assert!(!LogTables::is_generator(2) && !LogTables::is_generator(255));
    }

    #[test]
    fn a_dot_product_is_the_nim_sum_of_its_products() {
        let mut x: u64 = 0x0123_4567_89AB_CDEF;
        for m in [Multiplier::portable()].into_iter().chain(Multiplier::clmul()) {
            for len in 0..200 {
                let mut dot = m.dot();
                let mut expected = 0;
                for k in 0..len {
                    x = crate::rng::mix64(x);
                    // Small, full-width and one-sided operands.
                    let (a, b) = match k % 3 {
                        0 => (x % 10_001, (x >> 32) % 10_001),
                        1 => (x, crate::rng::mix64(x ^ 7)),
                        _ => (x >> (x % 64), 1 << (x % 64)),
                    };
                    dot.add(a, b);
                    expected ^= nim_product_reference(a, b);
                }
                assert_eq!(dot.value(), expected, "{} len {len}", m.name());
            }
        }
    }

    #[test]
    fn soft_polynomial_path_matches() {
        let p = PolyTables::get();
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..2000 {
            x = crate::rng::mix64(x);
            let y = crate::rng::mix64(x ^ 1);
            assert_eq!(p.product_soft(x, y), nim_product_reference(x, y));
        }
    }
}
