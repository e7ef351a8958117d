/* Plain C table loops for bench_kernels.py: per hand, the cards' per-card constants summed,
 * then table reads. They compute no hand value: they are the floor of an evaluator that
 * reads a table per hand (Omaha: per pair of hole cards), built with gcc -O2.
 *
 * direct: the sum is the table's index (a table as big as the sums' range, as a plain
 *         additive evaluator keeps it: no perfect hash);
 * hashed: the sum is spread over a table as big as the core's by a multiply.
 */
#include <stdint.h>
#include <stddef.h>

#define MIX 0x9E3779B97F4A7C15ull

static inline size_t spread(uint64_t key, size_t size) {
    return (size_t)((((key * MIX) >> 32) & 0xFFFFFFFFull) * size >> 32);
}

void c_one(const uint8_t *holes, size_t hole_n, const uint8_t *boards, size_t board_n,
           size_t hands, const int64_t *constants, const uint16_t *table, size_t size,
           int hashed, int64_t *out) {
    for (size_t i = 0; i < hands; i++) {
        uint64_t key = 0;
        for (size_t j = 0; j < hole_n; j++) key += constants[holes[i * hole_n + j]];
        for (size_t j = 0; j < board_n; j++) key += constants[boards[i * board_n + j]];
        out[i] = table[hashed ? spread(key, size) : key];
    }
}

void c_pairs(const uint8_t *holes, size_t hole_n, const uint8_t *boards, size_t board_n,
             size_t hands, const int64_t *constants, const uint32_t *rows, size_t row_size,
             const uint8_t *pairs, const uint16_t *table, size_t size, int hashed,
             int64_t *out) {
    size_t row_count = size / 91;
    for (size_t i = 0; i < hands; i++) {
        uint64_t key = 0;
        for (size_t j = 0; j < board_n; j++) key += constants[boards[i * board_n + j]];
        size_t base = (hashed ? spread(key, row_count) : rows[key]) * 91;
        const uint8_t *hole = holes + i * hole_n;
        uint16_t best = 0;
        for (size_t a = 0; a + 1 < hole_n; a++)
            for (size_t b = a + 1; b < hole_n; b++) {
                uint16_t v = table[base + pairs[hole[a] * 52 + hole[b]]];
                best = v > best ? v : best;
            }
        out[i] = best;
    }
    (void)row_size;
}
