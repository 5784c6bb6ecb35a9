// The x87 floating-point mode D3D9 gives the thread that creates a device: without
// D3DCREATE_FPU_PRESERVE, Windows' d3d9.dll switches that thread's x87 unit to single precision,
// rounding to nearest, every exception masked (Wine's d3d9 device test reads the control word
// 0x7f after CreateDevice from 0xf60), and leaves it so after the device is gone. 32-bit programs
// do their float arithmetic on the x87 unit, so their results depend on it, and programs that
// compare results with Windows machines (lockstep multiplayer, replays) need the same mode.
#pragma once

#include <cstdint>

namespace ddivk::d3d9 {

// The control word D3D9 makes of `word`: precision and rounding fields cleared (24-bit, to
// nearest), the six exception masks set; the other bits kept.
constexpr uint16_t d3d9FpuControlWord(uint16_t word) {
    return uint16_t((word & ~0x0F3Fu) | 0x003Fu);
}

// Puts the calling thread's x87 unit in D3D9's mode (nothing on processors without one).
void useD3d9FpuMode();

} // namespace ddivk::d3d9
