// A fixed-size bitset over 64-bit words: set/test are one shift and one OR, ranges are word
// operations, iteration walks set bits in ascending order with countr_zero.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace ddivk::state {

template <size_t N> struct Bits {
    static constexpr size_t kWords = (N + 63) / 64;
    std::array<uint64_t, kWords> words{};

    static constexpr size_t size() { return N; }

    constexpr void set(size_t i) { words[i >> 6] |= uint64_t{1} << (i & 63); }
    constexpr void reset(size_t i) { words[i >> 6] &= ~(uint64_t{1} << (i & 63)); }
    constexpr bool test(size_t i) const { return (words[i >> 6] >> (i & 63)) & 1; }

    // Sets bits [first, first + count); the caller keeps the range inside N.
    constexpr void setRange(size_t first, size_t count) {
        // Most ranges (a few shader constants) sit inside one word.
        if (count - 1 < 63 && (first & 63) + count <= 64) { // 1..63 bits (0 goes to the loop)
            words[first >> 6] |= ((uint64_t{1} << count) - 1) << (first & 63);
            return;
        }
        setRangeWords(first, count);
    }

  private:
    // setRange across words, out of line: keeps the inline one-word case small.
    [[gnu::noinline]] constexpr void setRangeWords(size_t first, size_t count) {
        while (count) {
            size_t bit = first & 63;
            size_t n = count < 64 - bit ? count : 64 - bit;
            uint64_t mask = n == 64 ? ~uint64_t{0} : ((uint64_t{1} << n) - 1) << bit;
            words[first >> 6] |= mask;
            first += n;
            count -= n;
        }
    }

  public:
    // Clears bits [first, first + count); the caller keeps the range inside N.
    constexpr void resetRange(size_t first, size_t count) {
        while (count) {
            size_t bit = first & 63;
            size_t n = count < 64 - bit ? count : 64 - bit;
            uint64_t mask = n == 64 ? ~uint64_t{0} : ((uint64_t{1} << n) - 1) << bit;
            words[first >> 6] &= ~mask;
            first += n;
            count -= n;
        }
    }

    constexpr bool any() const {
        for (uint64_t w : words)
            if (w) return true;
        return false;
    }
    constexpr bool none() const { return !any(); }
    constexpr void clear() { words = {}; }

    constexpr size_t count() const {
        size_t n = 0;
        for (uint64_t w : words)
            n += static_cast<size_t>(std::popcount(w));
        return n;
    }

    // Calls f(index) for every set bit, lowest first.
    template <class F> constexpr void forEach(F&& f) const {
        for (size_t w = 0; w < kWords; ++w) {
            uint64_t bits = words[w];
            while (bits) {
                f(w * 64 + static_cast<size_t>(std::countr_zero(bits)));
                bits &= bits - 1;
            }
        }
    }

    constexpr Bits& operator|=(const Bits& o) {
        for (size_t w = 0; w < kWords; ++w)
            words[w] |= o.words[w];
        return *this;
    }
    friend constexpr bool operator==(const Bits&, const Bits&) = default;
};

} // namespace ddivk::state
