//! Shifts of four-word rows in AVX2 registers: word by word, the carries
//! between words keep the compiler from vectorizing the rest of the
//! rules around them (packs of 20x20 puzzles live on four-word rows).

use std::arch::x86_64::{
    __m256i, _mm256_blend_epi32, _mm256_loadu_si256, _mm256_or_si256, _mm256_permute4x64_epi64,
    _mm256_set1_epi64x, _mm256_sll_epi64, _mm256_srl_epi64, _mm256_storeu_si256, _mm_cvtsi32_si128,
};

/// A row of four words in one register.
#[derive(Clone, Copy)]
pub struct Four<const W: usize>(__m256i);

impl<const W: usize> Four<W> {
    /// A row's words `r` in a register, if they are four.
    #[inline(always)]
    pub fn of(r: [u64; W]) -> Option<Self> {
        // SAFETY: AVX2 is on (this module's condition), and `r` is
        // four words long, the 32 bytes read.
        (W == 4).then(|| Four(unsafe { _mm256_loadu_si256(r.as_ptr().cast()) }))
    }

    /// The row back in words.
    #[inline(always)]
    pub fn words(self) -> [u64; W] {
        // Always true (`of` makes every `Four`); the store relies on it.
        assert!(W == 4, "a row of {W} words");
        let mut r = [0; W];
        // SAFETY: AVX2 is on, and `r` is four words (a `Four` is made
        // only of four-word rows), the 32 bytes written.
        unsafe { _mm256_storeu_si256(r.as_mut_ptr().cast(), self.0) };
        r
    }

    /// [`Row::east`](super::Row::east) (`east`) or
    /// [`Row::west`](super::Row::west), `0 < n < 64`.
    #[inline(always)]
    pub fn shift(self, n: u32, fill: bool, east: bool) -> Self {
        let x = self.0;
        // SAFETY: AVX2 is on (this module's condition).
        unsafe {
            let fill = _mm256_set1_epi64x(-i64::from(fill));
            let (n, back) = (
                _mm_cvtsi32_si128(n as i32),
                _mm_cvtsi32_si128(64 - n as i32),
            );
            Four(if east {
                // Each word's lower neighbour, the fill below word 0:
                // words (fill, x0, x1, x2).
                let below = _mm256_permute4x64_epi64::<0b10_01_00_00>(x);
                let below = _mm256_blend_epi32::<0b0000_0011>(below, fill);
                _mm256_or_si256(_mm256_sll_epi64(x, n), _mm256_srl_epi64(below, back))
            } else {
                // Each word's upper neighbour, the fill above word 3:
                // words (x1, x2, x3, fill).
                let above = _mm256_permute4x64_epi64::<0b11_11_10_01>(x);
                let above = _mm256_blend_epi32::<0b1100_0000>(above, fill);
                _mm256_or_si256(_mm256_srl_epi64(x, n), _mm256_sll_epi64(above, back))
            })
        }
    }
}
