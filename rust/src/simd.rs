//! Seven-card high (two hole cards and five board cards, the batch's most common shape) sixteen
//! hands at a time, with AVX-512 where the processor has it (checked at run time; elsewhere the
//! scalar loop of [`crate::kinds::each_value`] runs).
//!
//! The same arithmetic as [`crate::high::pool_of`], lane by lane: each card's rank constant
//! (`RANK_KEY`, from a register by a permute: the card's bits 2-5 are its rank) and a one in its
//! suit's byte (bits 0-1) are summed; the rank sum, with the count of seven, goes through the
//! same perfect hash (a 64-bit multiply, `ph_offset` gathered) to the best non-flush value,
//! gathered from a table of values (`ord_value[high_nf[i]]`, 512 KB, built on first use). A
//! hand with five or more cards of a suit (3% of them) is valued again by `pool_of`. The cards
//! of sixteen boards (80 bytes) are spread to the sixteen lanes by two byte permutes.

use crate::high;
use crate::tables::{Tables, COUNT_SHIFT, PH_MUL, PH_SIZE, RANK_KEY};
use std::arch::x86_64::*;
use std::sync::OnceLock;

/// Hands a block holds.
const LANES: usize = 16;

/// True when this processor runs the AVX-512 loop.
pub fn available() -> bool {
    static HAS: OnceLock<bool> = OnceLock::new();
    *HAS.get_or_init(|| {
        is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512dq")
            && is_x86_feature_detected!("avx512vbmi")
    })
}

/// The best non-flush high value at each index of the perfect hash.
fn non_flush_values(t: &Tables) -> &'static [i32] {
    static VALUES: OnceLock<Box<[i32]>> = OnceLock::new();
    VALUES.get_or_init(|| {
        t.high_nf
            .iter()
            .map(|&ordinal| t.ord_value[usize::from(ordinal)])
            .collect()
    })
}

/// Values the first whole blocks of sixteen 2 + 5 hands (`holes`: two cards a hand, `boards`:
/// five) into `out`, eight bytes a hand (native-endian `i64`, as `_core.batch` returns them);
/// returns how many hands it valued (0 without AVX-512). The cards must be below 52 (as
/// [`crate::kinds::check`] requires).
pub fn high_7(t: &Tables, holes: &[u8], boards: &[u8], out: &mut [u8]) -> usize {
    if !available() {
        return 0;
    }
    let values = non_flush_values(t);
    assert_eq!(values.len(), PH_SIZE);
    // SAFETY: `available` checked that the processor has every feature the function enables.
    unsafe { high_7_avx512(t, values, holes, boards, out) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi")]
fn high_7_avx512(t: &Tables, values: &[i32], holes: &[u8], boards: &[u8], out: &mut [u8]) -> usize {
    let blocks = (holes.len() / 2).min(boards.len() / 5).min(out.len() / 8) / LANES;
    let mut keys = [0i32; 16];
    for (key, &rank_key) in keys.iter_mut().zip(&RANK_KEY) {
        *key = rank_key as i32;
    }
    // SAFETY: loads of the local arrays, 64 bytes each.
    let rank_keys = unsafe { _mm512_loadu_si512(keys.as_ptr().cast()) };
    // Index k (the low four bits of a card: its suit and two bits of its rank): suit k & 3's byte.
    let suit_ones = _mm512_set4_epi32(1 << 24, 1 << 16, 1 << 8, 1);
    // Lane i of the first permute holds cards 0-3 of board i (bytes 5i to 5i + 3), of the second
    // card 4 (byte 5i + 4) in its low byte.
    let mut first = [0u8; 64];
    let mut fifth = [0u8; 64];
    for i in 0..LANES {
        for j in 0..4 {
            first[4 * i + j] = (5 * i + j) as u8;
        }
        fifth[4 * i] = (5 * i + 4) as u8;
    }
    // SAFETY: as above.
    let (first, fifth) = unsafe {
        (
            _mm512_loadu_si512(first.as_ptr().cast()),
            _mm512_loadu_si512(fifth.as_ptr().cast()),
        )
    };
    let seven = _mm512_set1_epi32(7 << COUNT_SHIFT);
    let multiplier = _mm512_set1_epi64(PH_MUL as i64);
    let five_suited = _mm512_set1_epi32(0x7b7b_7b7b); // a suit's byte reaches 0x80 at five
    let tops = _mm512_set1_epi32(0x8080_8080_u32 as i32);
    // Blocks go in groups of `GROUP`, each followed by its hands with a suit of five.
    const GROUP: usize = 64;
    let mut suited = [(0usize, 0u16); GROUP];
    for group in (0..blocks).step_by(GROUP) {
        let mut count = 0;
        for block in group..blocks.min(group + GROUP) {
            let hole_bytes: &[u8; 2 * LANES] = holes[2 * LANES * block..][..2 * LANES]
                .try_into()
                .expect("a block of hole cards");
            let board_bytes: &[u8; 5 * LANES] = boards[5 * LANES * block..][..5 * LANES]
                .try_into()
                .expect("a block of boards");
            // SAFETY: the loads read the 32, 64 and 16 bytes of the arrays just taken (the masked
            // load reads only the 16 bytes its mask selects).
            let (hole, low, high) = unsafe {
                (
                    _mm512_cvtepu16_epi32(_mm256_loadu_si256(hole_bytes.as_ptr().cast())),
                    _mm512_loadu_si512(board_bytes.as_ptr().cast()),
                    _mm512_maskz_loadu_epi8(0xFFFF, board_bytes[64..].as_ptr().cast()),
                )
            };
            let four = _mm512_permutex2var_epi8(low, first, high);
            let last = _mm512_permutex2var_epi8(low, fifth, high);
            let mut ranks = seven;
            let mut suits = _mm512_setzero_si512();
            for card in [
                hole,
                _mm512_srli_epi32::<8>(hole),
                four,
                _mm512_srli_epi32::<8>(four),
                _mm512_srli_epi32::<16>(four),
                _mm512_srli_epi32::<24>(four),
                last,
            ] {
                suits = _mm512_add_epi32(suits, _mm512_permutexvar_epi32(card, suit_ones));
                let rank = _mm512_srli_epi32::<2>(card);
                ranks = _mm512_add_epi32(ranks, _mm512_permutexvar_epi32(rank, rank_keys));
            }
            // The perfect hash of `Tables::ph_index`, in 64-bit lanes: row = bits 40-52 of the
            // product, column = bits 20-36.
            let hashed = [
                _mm512_cvtepu32_epi64(_mm512_castsi512_si256(ranks)),
                _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64::<1>(ranks)),
            ]
            .map(|k| _mm512_mullo_epi64(k, multiplier));
            let row = _mm512_and_si512(
                narrow(
                    _mm512_srli_epi64::<40>(hashed[0]),
                    _mm512_srli_epi64::<40>(hashed[1]),
                ),
                _mm512_set1_epi32(0x1FFF),
            );
            let column = narrow(
                _mm512_srli_epi64::<20>(hashed[0]),
                _mm512_srli_epi64::<20>(hashed[1]),
            );
            // SAFETY: the rows are masked below 8,192 (`ph_offset`'s length) and the indices below
            // 2**17 (`values`' length, asserted by the caller).
            let value = unsafe {
                let offset = _mm512_i32gather_epi32::<4>(row, t.ph_offset.as_ptr().cast());
                let index = _mm512_and_si512(
                    _mm512_add_epi32(column, offset),
                    _mm512_set1_epi32(PH_SIZE as i32 - 1),
                );
                _mm512_i32gather_epi32::<4>(index, values.as_ptr())
            };
            // Blocks with a suit of five, listed without a branch (a block has one 39% of the time,
            // at random) and valued again after the group.
            let flushes = _mm512_test_epi32_mask(_mm512_add_epi32(suits, five_suited), tops);
            suited[count] = (block, flushes);
            count += usize::from(flushes != 0);
            let bytes: &mut [u8; 8 * LANES] = (&mut out[8 * LANES * block..][..8 * LANES])
                .try_into()
                .expect("a block of values");
            // SAFETY: the two stores write the 128 bytes of `bytes`.
            unsafe {
                _mm512_storeu_si512(
                    bytes.as_mut_ptr().cast(),
                    _mm512_cvtepi32_epi64(_mm512_castsi512_si256(value)),
                );
                _mm512_storeu_si512(
                    bytes[64..].as_mut_ptr().cast(),
                    _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64::<1>(value)),
                );
            }
        }
        for &(block, mut lanes) in &suited[..count] {
            while lanes != 0 {
                let hand = LANES * block + lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                let value = high::pool_of(t, &holes[2 * hand..][..2], &boards[5 * hand..][..5]);
                out[8 * hand..][..8].copy_from_slice(&i64::from(value).to_ne_bytes());
            }
        }
    }
    LANES * blocks
}

/// The low 32 bits of the eight 64-bit lanes of `low`, then of `high`.
#[target_feature(enable = "avx512f")]
fn narrow(low: __m512i, high: __m512i) -> __m512i {
    _mm512_inserti64x4::<1>(
        _mm512_castsi256_si512(_mm512_cvtepi64_epi32(low)),
        _mm512_cvtepi64_epi32(high),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::tables;

    #[test]
    fn the_sixteen_lane_loop_equals_pool_of_hand_by_hand() {
        // Random hands, and hands rich in flushes (cards of two suits only); 1,000 of each kind
        // of block and a tail the loop leaves to the caller.
        let t = tables();
        let mut rng = crate::testing::Rng(20);
        let (mut holes, mut boards) = (Vec::new(), Vec::new());
        for hand in 0..32_007 {
            let mut cards = rng.cards(7);
            if hand % 2 == 1 {
                cards = loop {
                    let c = rng.cards(7);
                    if c.iter().all(|&x| x % 4 < 2) {
                        break c;
                    }
                };
            }
            holes.extend_from_slice(&cards[..2]);
            boards.extend_from_slice(&cards[2..]);
        }
        let mut out = vec![0u8; 8 * 32_007];
        let done = high_7(t, &holes, &boards, &mut out);
        assert_eq!(done, if available() { 32_000 } else { 0 });
        for hand in 0..done {
            let want = i64::from(high::pool_of(
                t,
                &holes[2 * hand..][..2],
                &boards[5 * hand..][..5],
            ));
            let got = i64::from_ne_bytes(out[8 * hand..][..8].try_into().unwrap());
            assert_eq!(got, want, "hand {hand}");
        }
    }
}
