//! Seven-card high (two hole cards and five board cards, the batch's most common shape) eight
//! hands at a time, with AVX2 where the processor has it (checked at run time; elsewhere the
//! scalar loop of [`crate::kinds::each_value`] runs).
//!
//! No perfect hash and no big table: the value is worked out lane by lane from the rank planes,
//! as [`crate::tables::Tables::nf_from_planes`] does it hand by hand. Each card sets its rank's
//! bit in the plane of the ranks seen once, twice, three and four times (`m1`..`m4`); the
//! highest rank of a plane is read off the exponent of the plane converted to a float; the
//! category is chosen by blends, in the order of the hand ranking; the kickers (the highest
//! ranks of what the category leaves) come from one gather of `pack5`, 32 KB that stay in the
//! first-level cache. A block with five or more cards of a suit in a hand (22% of blocks) reads
//! the flush's value from `flush_best` by the ranks of that suit, in another gather. Design,
//! figures and what was tried: benchmarks/README.md.

use crate::tables::Tables;
use std::arch::x86_64::*;
use std::mem::MaybeUninit;
use std::sync::OnceLock;

/// Hands a block holds.
const LANES: usize = 8;

/// True when this processor runs the AVX2 loop.
pub fn available() -> bool {
    static HAS: OnceLock<bool> = OnceLock::new();
    *HAS.get_or_init(|| is_x86_feature_detected!("avx2"))
}

/// Values the first whole blocks of eight 2 + 5 hands (`holes`: two cards a hand, `boards`:
/// five) into `out`, eight bytes a hand (native-endian `i64`, as `_core.batch` returns them);
/// returns how many hands it valued (0 without AVX2), or `None` when a card of those hands is
/// not below 52 (then only some of them are written). The cards are checked as the loop reads
/// them, not in a pass of their own: a batch bigger than the caches would read them from memory
/// twice, the second time without valuing to overlap with (a tenth of the time).
pub fn high_7(
    t: &Tables,
    holes: &[u8],
    boards: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    if !available() {
        return Some(0);
    }
    // SAFETY: `available` checked that the processor has AVX2.
    unsafe { high_7_avx2(t, holes, boards, out) }
}

/// Per category (the value's bits 20 and up): how far the kickers' nibbles shift right from
/// `pack5`'s five, and which of them the value keeps (high card five, a pair three, two pair
/// one, trips two, quads one; a straight and a full house none; a flush never comes here).
const KICKER_SHIFT: [i32; 8] = [0, 4, 8, 4, 0, 0, 0, 4];
const KICKER_KEEP: [i32; 8] = [0xF_FFFF, 0xFFF0, 0x0F00, 0xFF00, 0, 0, 0, 0xF000];

#[target_feature(enable = "avx2")]
fn high_7_avx2(
    t: &Tables,
    holes: &[u8],
    boards: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    let (holes, _) = holes.as_chunks::<{ 2 * LANES }>();
    let (boards, _) = boards.as_chunks::<{ 5 * LANES }>();
    let (out, _) = out.as_chunks_mut::<{ 8 * LANES }>();
    let blocks = holes.len().min(boards.len()).min(out.len());
    let zero = _mm256_setzero_si256();
    let one = _mm256_set1_epi32(1);
    // Index k (a card's low three bits: its suit, a bit of its rank): a one in suit k & 3's byte.
    let suit_ones = _mm256_setr_epi32(1, 1 << 8, 1 << 16, 1 << 24, 1, 1 << 8, 1 << 16, 1 << 24);
    // A card's rank: the card shifted right by two, masked to four bits so that the compiler
    // sees the shifts by it stay below 32 and adds no checks for wider ones (a card above 51
    // gets some rank, and its group is refused before any table is read with it)
    let rank_bits = _mm256_set1_epi32(0xF);
    // SAFETY: loads of the local arrays, 32 bytes each.
    let (kicker_shift, kicker_keep) = unsafe {
        (
            _mm256_loadu_si256(KICKER_SHIFT.as_ptr().cast()),
            _mm256_loadu_si256(KICKER_KEEP.as_ptr().cast()),
        )
    };
    let five_suited = _mm256_set1_epi32(0x7b7b_7b7b); // a suit's byte reaches 0x80 at five
    let tops = _mm256_set1_epi32(0x8080_8080_u32 as i32);
    let shuffles = board_shuffles();
    let top_card = _mm256_set1_epi8(51);
    // Blocks go in groups of `GROUP`; the blocks of a group with a suit of five in a hand (22%
    // of blocks, at random: listed without a branch) then have their flushes valued.
    // 16 blocks a group ran 7% faster than 64 on Zen 3 (4 more instructions a block).
    const GROUP: usize = 16;
    let mut suited = [(0usize, zero); GROUP];
    let mut heads = [(zero, zero); GROUP];
    let mut planes = [[zero; 4]; GROUP];
    for group in (0..blocks).step_by(GROUP) {
        let (mut count, mut seen) = (0, zero);
        let end = blocks.min(group + GROUP);
        let cards = holes[group..end].iter().zip(&boards[group..end]);
        for ((i, slot), (hole, board)) in planes.iter_mut().enumerate().zip(cards) {
            let (cards, bytes) = block_cards(hole, board, shuffles);
            seen = _mm256_max_epu8(seen, bytes);
            let (p, suits) = planes_and_suits(cards, suit_ones, rank_bits, one);
            *slot = p;
            let five = _mm256_and_si256(_mm256_add_epi32(suits, five_suited), tops);
            // (`count` is at most `i`: the modulo only spares a bounds check)
            suited[count % GROUP] = (group + i, five);
            count += usize::from(_mm256_testz_si256(five, five) == 0);
        }
        // Every card of the group below 52 before any table is read by them
        let fits = _mm256_cmpeq_epi8(_mm256_max_epu8(seen, top_card), top_card);
        if _mm256_movemask_epi8(fits) != -1 {
            return None;
        }
        for (p, slot) in planes.iter().zip(heads.iter_mut()).take(end - group) {
            *slot = head_and_rest(*p, zero);
        }
        // The kickers apart, so that their gathers overlap (each waits on the whole block).
        for (bytes, &(head, rest)) in out[group..end].iter_mut().zip(heads.iter()) {
            let category = _mm256_srli_epi32::<20>(head);
            // SAFETY: `rest` is a subset of the ranks seen (the cards are below 52, checked
            // above), below 2**13 (`pack5`'s length).
            let kickers = unsafe { _mm256_i32gather_epi32::<4>(t.pack5.as_ptr(), rest) };
            let kickers = _mm256_and_si256(
                _mm256_srlv_epi32(kickers, _mm256_permutevar8x32_epi32(kicker_shift, category)),
                _mm256_permutevar8x32_epi32(kicker_keep, category),
            );
            store(bytes, _mm256_or_si256(head, kickers), None);
        }
        // A flush, where a hand has one, is worth more than the rest of its seven cards: they
        // never make a full house or quads beside it.
        for &(block, five) in &suited[..count] {
            let (cards, _) = block_cards(&holes[block], &boards[block], shuffles);
            let flushes = flush_values(t, cards, five, rank_bits, one);
            let lanes = _mm256_cmpeq_epi32(_mm256_cmpeq_epi32(five, zero), zero);
            store(&mut out[block], flushes, Some(lanes));
        }
    }
    Some(LANES * blocks)
}

/// The seven cards of a block's hands (the lanes; `hole`: their two hole cards each, `board`:
/// their five board cards), each in its lanes' low byte (above it: other cards, or nothing);
/// and the largest of the block's card bytes (in some byte: the bytewise maximum of the loads).
#[target_feature(enable = "avx2")]
#[inline]
fn block_cards(
    hole: &[u8; 2 * LANES],
    board: &[u8; 5 * LANES],
    [four_from, four_later, last_from, last_later]: [__m256i; 4],
) -> ([__m256i; 7], __m256i) {
    // SAFETY: the loads read bytes 0-15 of the 16 hole cards, and 0-15, 4-19, 20-35 and 24-39
    // of the 40 board cards.
    let (hole, from, later) = unsafe {
        let base = board.as_ptr();
        (
            _mm256_cvtepu16_epi32(_mm_loadu_si128(hole.as_ptr().cast())),
            _mm256_loadu2_m128i(base.add(20).cast(), base.cast()),
            _mm256_loadu2_m128i(base.add(24).cast(), base.add(4).cast()),
        )
    };
    let four = _mm256_or_si256(
        _mm256_shuffle_epi8(from, four_from),
        _mm256_shuffle_epi8(later, four_later),
    );
    let last = _mm256_or_si256(
        _mm256_shuffle_epi8(from, last_from),
        _mm256_shuffle_epi8(later, last_later),
    );
    let cards = [
        hole,
        _mm256_srli_epi32::<8>(hole),
        four,
        _mm256_srli_epi32::<8>(four),
        _mm256_srli_epi32::<16>(four),
        _mm256_srli_epi32::<24>(four),
        last,
    ];
    // `from` and `later` hold the 40 board bytes between them, `hole` the 16 hole bytes
    (cards, _mm256_max_epu8(hole, _mm256_max_epu8(from, later)))
}

/// Writes `values` as a block's `i64`s (`bytes`): the lanes that `lanes` selects (all ones),
/// or every lane.
#[target_feature(enable = "avx2")]
#[inline]
fn store(bytes: &mut [MaybeUninit<u8>; 8 * LANES], values: __m256i, lanes: Option<__m256i>) {
    let halves = |v: __m256i| {
        [
            _mm256_cvtepi32_epi64(_mm256_castsi256_si128(v)),
            _mm256_cvtepi32_epi64(_mm256_extracti128_si256::<1>(v)),
        ]
    };
    let [low, high] = halves(values);
    let (first, second) = bytes.split_at_mut(32);
    // SAFETY: each store writes (at most) the 32 bytes of its half of the block.
    unsafe {
        match lanes {
            None => {
                _mm256_storeu_si256(first.as_mut_ptr().cast(), low);
                _mm256_storeu_si256(second.as_mut_ptr().cast(), high);
            }
            Some(lanes) => {
                let [low_lanes, high_lanes] = halves(lanes);
                _mm256_maskstore_epi64(first.as_mut_ptr().cast(), low_lanes, low);
                _mm256_maskstore_epi64(second.as_mut_ptr().cast(), high_lanes, high);
            }
        }
    }
}

/// The byte shuffles of [`high_7_avx2`]'s boards (a byte of -1 gives zero).
#[target_feature(enable = "avx2")]
fn board_shuffles() -> [__m256i; 4] {
    let (mut four_from, mut four_later) = ([-1i8; 32], [-1i8; 32]);
    let (mut last_from, mut last_later) = ([-1i8; 32], [-1i8; 32]);
    for half in [0, 16] {
        for i in 0..4 {
            for k in 0..4 {
                let byte = 5 * i + k;
                if i < 3 {
                    four_from[half + 4 * i + k] = byte as i8;
                } else {
                    four_later[half + 4 * i + k] = (byte - 4) as i8;
                }
            }
            let byte = 5 * i + 4;
            if byte < 16 {
                last_from[half + 4 * i] = byte as i8;
            } else {
                last_later[half + 4 * i] = (byte - 4) as i8;
            }
        }
    }
    // SAFETY: loads of the local arrays, 32 bytes each.
    [four_from, four_later, last_from, last_later]
        .map(|bytes| unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) })
}

/// The rank planes `[m1, m2, m3, m4]` (the ranks seen at least once .. four times) of seven
/// cards, each in the low byte of its lanes, and their suit counts (a byte a suit).
#[target_feature(enable = "avx2")]
#[inline]
fn planes_and_suits(
    cards: [__m256i; 7],
    suit_ones: __m256i,
    rank_bits: __m256i,
    one: __m256i,
) -> ([__m256i; 4], __m256i) {
    let mut suits = _mm256_setzero_si256();
    let bits = cards.map(|card| {
        suits = _mm256_add_epi32(suits, _mm256_permutevar8x32_epi32(suit_ones, card));
        let rank = _mm256_and_si256(_mm256_srli_epi32::<2>(card), rank_bits);
        _mm256_sllv_epi32(one, rank)
    });
    // Each rank's count of the seven, bit by bit, by full adders (sum, carry)
    let add = |a: __m256i, b: __m256i, c: __m256i| {
        let x = _mm256_xor_si256(a, b);
        (
            _mm256_xor_si256(x, c),
            _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(x, c)),
        )
    };
    let (s1, c1) = add(bits[0], bits[1], bits[2]);
    let (s2, c2) = add(bits[3], bits[4], bits[5]);
    let (ones, c3) = add(s1, s2, bits[6]);
    let (twos, fours) = add(c1, c2, c3); // a count of four is 4 alone
    let m2 = _mm256_or_si256(twos, fours);
    let m1 = _mm256_or_si256(m2, ones);
    let m3 = _mm256_or_si256(fours, _mm256_and_si256(twos, ones));
    let m4 = fours;
    ([m1, m2, m3, m4], suits)
}

/// The best flush of each lane (`flush_best` of the ranks of its suit of five; `five` holds
/// 0x80 in that suit's byte, nothing where there is none: those lanes' values mean nothing).
#[target_feature(enable = "avx2")]
#[inline]
fn flush_values(
    t: &Tables,
    cards: [__m256i; 7],
    five: __m256i,
    rank_bits: __m256i,
    one: __m256i,
) -> __m256i {
    // 0x80 << 8 s: 1 << 8 s, whose exponent is 127 + 8 s
    let exponent = top(_mm256_srli_epi32::<7>(five)).1;
    let suit = _mm256_sub_epi32(_mm256_srli_epi32::<3>(exponent), _mm256_set1_epi32(15));
    let three = _mm256_set1_epi32(3);
    let mut ranks = _mm256_setzero_si256();
    for card in cards {
        let rank = _mm256_and_si256(_mm256_srli_epi32::<2>(card), rank_bits);
        let suited = _mm256_cmpeq_epi32(_mm256_and_si256(card, three), suit);
        ranks = _mm256_or_si256(
            ranks,
            _mm256_and_si256(suited, _mm256_sllv_epi32(one, rank)),
        );
    }
    // SAFETY: `ranks` is a set of 13 ranks, below 2**13 (`flush_best`'s length).
    unsafe { _mm256_i32gather_epi32::<4>(t.flush_best.as_ptr(), ranks) }
}

/// The highest rank of each lane's plane (below 2**24), read off the plane converted to a
/// float: that rank's bit alone (the float without its mantissa), and the rank plus 127 (its
/// exponent); an empty plane gives no bit and 0.
#[target_feature(enable = "avx2")]
#[inline]
fn top(m: __m256i) -> (__m256i, __m256i) {
    let float = _mm256_castps_si256(_mm256_cvtepi32_ps(m));
    let exponent = _mm256_and_si256(float, _mm256_set1_epi32(0x7F80_0000));
    (
        _mm256_cvttps_epi32(_mm256_castsi256_ps(exponent)),
        _mm256_srli_epi32::<23>(float),
    )
}

/// `a` where `zero_mask` is set (the condition failed), else `b`.
#[target_feature(enable = "avx2")]
#[inline]
fn unless(zero_mask: __m256i, b: __m256i, a: __m256i) -> __m256i {
    _mm256_blendv_epi8(b, a, zero_mask)
}

/// Category `category` with its leading ranks `ranks` (ranks plus 127, shifted to their
/// nibbles: `nibbles` of them) taken back to plain ranks.
#[target_feature(enable = "avx2")]
#[inline]
fn lead(category: i32, ranks: __m256i, nibbles: &[i32]) -> __m256i {
    let bias: i32 = nibbles.iter().map(|&shift| 127 << shift).sum();
    _mm256_add_epi32(ranks, _mm256_set1_epi32((category << 20) - bias))
}

/// The best non-flush value's category and leading ranks (`head`), and the ranks its kickers
/// come from (`rest`), from the planes: the rules of `Tables::nf_from_planes`, each category
/// over the one below it where its condition holds.
#[target_feature(enable = "avx2")]
#[inline]
fn head_and_rest([m1, m2, m3, m4]: [__m256i; 4], zero: __m256i) -> (__m256i, __m256i) {
    let is_zero = |x: __m256i| _mm256_cmpeq_epi32(x, zero);
    let (quad_bit, quad) = top(m4);
    let (trips_bit, trips) = top(m3);
    let (high_bit, high) = top(m2);
    let (low_bit, low) = top(_mm256_xor_si256(m2, high_bit)); // the pairs below the highest
    let paired = _mm256_xor_si256(m2, trips_bit); // a full house's pair
    let (_, full_pair) = top(paired);
    // Straights: bit i of `x` is rank i - 1 (bit 0 the ace, low); a run of five from bit i
    // tops at rank i + 3.
    let x = _mm256_or_si256(_mm256_slli_epi32::<1>(m1), _mm256_srli_epi32::<12>(m1));
    let y = _mm256_and_si256(x, _mm256_srli_epi32::<1>(x));
    let runs = _mm256_and_si256(
        _mm256_and_si256(y, _mm256_srli_epi32::<2>(y)),
        _mm256_srli_epi32::<4>(x),
    );
    let (_, run) = top(runs);
    let (high, trips) = (
        _mm256_slli_epi32::<16>(high),
        _mm256_slli_epi32::<16>(trips),
    );
    // High card, then one pair, two pair, trips, a straight, a full house, quads; `gone`: the
    // ranks of `m1` the head holds, that no kicker may take.
    let (mut head, mut gone) = (zero, zero);
    let no_pair = is_zero(m2);
    head = unless(no_pair, lead(1, high, &[16]), head);
    gone = unless(no_pair, high_bit, gone);
    let one_pair = is_zero(low_bit);
    let two = _mm256_add_epi32(high, _mm256_slli_epi32::<12>(low));
    head = unless(one_pair, lead(2, two, &[16, 12]), head);
    gone = unless(one_pair, _mm256_or_si256(high_bit, low_bit), gone);
    let no_trips = is_zero(m3);
    head = unless(no_trips, lead(3, trips, &[16]), head);
    gone = unless(no_trips, trips_bit, gone);
    // a run from bit i tops at rank i + 3: the bias is 124, not 127
    let straight = lead(4, _mm256_slli_epi32::<16>(run), &[16]);
    head = unless(
        is_zero(runs),
        _mm256_add_epi32(straight, _mm256_set1_epi32(3 << 16)),
        head,
    );
    let no_full = _mm256_or_si256(no_trips, is_zero(paired));
    let full = _mm256_add_epi32(trips, _mm256_slli_epi32::<12>(full_pair));
    head = unless(no_full, lead(6, full, &[16, 12]), head);
    let no_quads = is_zero(m4);
    head = unless(
        no_quads,
        lead(7, _mm256_slli_epi32::<16>(quad), &[16]),
        head,
    );
    gone = unless(no_quads, quad_bit, gone);
    (head, _mm256_xor_si256(m1, gone))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::high;
    use crate::tables::tables;

    /// Values `holes` and `boards` with [`high_7`], checks each hand it valued against
    /// [`high::pool_of`], and returns how many it valued.
    fn valued_as_pool_of(holes: &[u8], boards: &[u8]) -> usize {
        let t = tables();
        let mut out = vec![MaybeUninit::new(0u8); 4 * holes.len()];
        let done = high_7(t, holes, boards, &mut out).expect("cards below 52");
        for hand in 0..done {
            let mut bytes = [0u8; 8];
            for (byte, written) in bytes.iter_mut().zip(&out[8 * hand..][..8]) {
                // SAFETY: `out` starts initialised (zeros) and the loop writes only values.
                *byte = unsafe { written.assume_init() };
            }
            let want = high::pool_of(t, &holes[2 * hand..][..2], &boards[5 * hand..][..5]);
            assert_eq!(i64::from_ne_bytes(bytes), i64::from(want), "hand {hand}");
        }
        done
    }

    #[test]
    fn the_eight_lane_loop_equals_pool_of_hand_by_hand() {
        // Random hands, hands rich in flushes (cards of two suits only) and in pairs (cards of
        // five ranks only); 1,000 of each kind of block and a tail the loop leaves to the caller.
        let mut rng = crate::testing::Rng(20);
        let (mut holes, mut boards) = (Vec::new(), Vec::new());
        for hand in 0..48_007 {
            let keep = |c: &Vec<u8>| match hand % 3 {
                1 => c.iter().all(|&x| x % 4 < 2),
                2 => c.iter().all(|&x| x / 4 % 3 == 0 || x / 4 == 1),
                _ => true,
            };
            let cards = loop {
                let c = rng.cards(7);
                if keep(&c) {
                    break c;
                }
            };
            holes.extend_from_slice(&cards[..2]);
            boards.extend_from_slice(&cards[2..]);
        }
        let done = valued_as_pool_of(&holes, &boards);
        assert_eq!(done, if available() { 48_000 } else { 0 });
    }

    #[test]
    fn every_rank_multiset_of_seven_cards_gets_the_value_of_pool_of() {
        // Every multiset of seven ranks (at most four of each), dealt in suits that never make
        // five of one: 49,205 hands, all the loop's non-flush cases.
        let (mut holes, mut boards) = (Vec::new(), Vec::new());
        let mut counts = [0u8; 13];
        fn each(rank: usize, left: u8, counts: &mut [u8; 13], f: &mut impl FnMut(&[u8; 13])) {
            if rank == 13 {
                if left == 0 {
                    f(counts);
                }
                return;
            }
            for c in 0..=left.min(4) {
                counts[rank] = c;
                each(rank + 1, left - c, counts, f);
            }
            counts[rank] = 0;
        }
        each(0, 7, &mut counts, &mut |counts| {
            let mut cards = Vec::new();
            for (rank, &c) in counts.iter().enumerate() {
                for _ in 0..c {
                    // suits in turn over the hand: no suit gets more than two of the seven, and
                    // the copies of a rank get different suits
                    cards.push((rank * 4 + cards.len() % 4) as u8);
                }
            }
            holes.extend_from_slice(&cards[..2]);
            boards.extend_from_slice(&cards[2..]);
        });
        let hands = holes.len() / 2;
        assert_eq!(hands, 49_205);
        let done = valued_as_pool_of(&holes, &boards);
        assert_eq!(done, if available() { 49_200 } else { 0 });
    }
}
