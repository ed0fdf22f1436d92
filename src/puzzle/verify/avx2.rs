//! The 32 x 32 bit transpose of the small walk in AVX2 registers: the 32
//! rows in eight registers of four words, each round of block swaps done
//! four rows at a time (those whose partners lie in another register
//! first, then those whose partners lie in the same one).

use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_loadu_si256, _mm256_or_si256, _mm256_permute4x64_epi64,
    _mm256_set1_epi64x, _mm256_set_epi64x, _mm256_shuffle_epi32, _mm256_sll_epi64,
    _mm256_sllv_epi64, _mm256_srl_epi64, _mm256_srlv_epi64, _mm256_storeu_si256, _mm256_xor_si256,
    _mm_cvtsi32_si128,
};

/// Swaps the off-diagonal blocks of `half` bits of the rows of `a` and
/// their partners `half` rows below, in `b` (the top rows' high columns
/// and the bottom rows' low ones, `low` the low `half` bits of every
/// `2 * half`).
#[inline(always)]
fn swap_apart(a: &mut __m256i, b: &mut __m256i, half: i32, low: u64) {
    // SAFETY: AVX2 is on (this module's condition).
    unsafe {
        let n = _mm_cvtsi32_si128(half);
        let t = _mm256_and_si256(
            _mm256_xor_si256(_mm256_srl_epi64(*a, n), *b),
            _mm256_set1_epi64x(low as i64),
        );
        *a = _mm256_xor_si256(*a, _mm256_sll_epi64(t, n));
        *b = _mm256_xor_si256(*b, t);
    }
}

/// The same swap where each row's partner lies in the same register,
/// `partner` the register with each row's partner in its place: a top
/// row takes its partner's low columns moved up, a bottom row its
/// partner's high ones moved down. `up` and `down` are the shifts (64:
/// none) and `mask` the bits taken, per row.
#[inline(always)]
fn swap_within(x: __m256i, partner: __m256i, up: __m256i, down: __m256i, mask: __m256i) -> __m256i {
    // SAFETY: AVX2 is on.
    unsafe {
        let moved = _mm256_or_si256(
            _mm256_sllv_epi64(partner, up),
            _mm256_srlv_epi64(partner, down),
        );
        _mm256_xor_si256(x, _mm256_and_si256(_mm256_xor_si256(x, moved), mask))
    }
}

/// Transposes the 32 x 32 bit matrix in the first 32 rows (none with a
/// bit from 32 on): bit `j` of `rows[i]` moves to bit `i` of `rows[j]`.
#[inline(always)]
pub(super) fn transpose32(rows: &mut [u64; 64]) {
    debug_assert!(rows[..32].iter().all(|&x| x >> 32 == 0));
    debug_assert!(std::arch::is_x86_feature_detected!("avx2"));
    let quads = rows.as_mut_ptr().cast::<__m256i>();
    // SAFETY: AVX2 is on (checked in debug builds); registers `m < 8`
    // hold words `4m..4m + 4` of the 64.
    let mut y: [__m256i; 8] = std::array::from_fn(|m| unsafe { _mm256_loadu_si256(quads.add(m)) });
    // Rows `i` and `i + 16`, `i + 8`, `i + 4`: registers apart.
    for (apart, half, low) in [
        (4, 16, 0x0000_ffff_0000_ffff),
        (2, 8, 0x00ff_00ff_00ff_00ff),
        (1, 4, 0x0f0f_0f0f_0f0f_0f0f),
    ] {
        for m in (0..8).filter(|m| m & apart == 0) {
            let (top, bottom) = y.split_at_mut(m + apart);
            swap_apart(&mut top[m], &mut bottom[0], half, low);
        }
    }
    // SAFETY: AVX2 is on.
    unsafe {
        // Rows `i` and `i + 2` (the other half of the register), then
        // `i` and `i + 1` (the other word of the half): the top rows'
        // shifts up, the bottom rows' down.
        let mask = |top: u64, bottom: u64, pattern: [bool; 4]| {
            let [a, b, c, d] = pattern.map(|t| if t { top } else { bottom } as i64);
            _mm256_set_epi64x(d, c, b, a)
        };
        let (top2, top1) = ([true, true, false, false], [true, false, true, false]);
        let (up2, down2) = (mask(2, 64, top2), mask(64, 2, top2));
        let mask2 = mask(0xcccc_cccc_cccc_cccc, 0x3333_3333_3333_3333, top2);
        let (up1, down1) = (mask(1, 64, top1), mask(64, 1, top1));
        let mask1 = mask(0xaaaa_aaaa_aaaa_aaaa, 0x5555_5555_5555_5555, top1);
        for (m, x) in y.iter_mut().enumerate() {
            let halves = _mm256_permute4x64_epi64::<0b01_00_11_10>(*x);
            *x = swap_within(*x, halves, up2, down2, mask2);
            let words = _mm256_shuffle_epi32::<0b01_00_11_10>(*x);
            *x = swap_within(*x, words, up1, down1, mask1);
            debug_assert!(m < 8);
            // SAFETY: register `m < 8` goes back to words `4m..4m + 4`.
            _mm256_storeu_si256(quads.add(m), *x);
        }
    }
}
