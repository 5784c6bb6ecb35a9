#include "d3d9/fpu_mode.h"

namespace ddivk::d3d9 {

// Wine's record of Windows: 0xf60 (extended precision, rounding toward zero, exceptions
// unmasked) becomes 0x7f; a thread's start word, 0x27f, becomes it as well.
static_assert(d3d9FpuControlWord(0xf60) == 0x7f);
static_assert(d3d9FpuControlWord(0x27f) == 0x7f);

void useD3d9FpuMode() {
#if defined(__i386__) || defined(__x86_64__)
    uint16_t word = 0;
    __asm__ volatile("fnstcw %0" : "=m"(word));
    word = d3d9FpuControlWord(word);
    __asm__ volatile("fldcw %0" : : "m"(word));
#endif
}

} // namespace ddivk::d3d9
