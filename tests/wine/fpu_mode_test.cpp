// The x87 mode device creation leaves the program's thread in (src/d3d9/fpu_mode.h): without
// D3DCREATE_FPU_PRESERVE, single precision, rounding to nearest, exceptions masked, also after
// the device is released; with it, the program's own mode. Wine's d3d9 test_fpu_setup records
// Windows turning the control word 0xf60 into 0x7f. The tests start from 0x67f (double
// precision, rounding down) instead: its exceptions stay masked, so nothing that runs meanwhile
// can trap.
#include "check.h"
#include "device_support.h"

#include <cstdint>

#if defined(__i386__) || defined(__x86_64__)

namespace {

uint16_t fpuControlWord() {
    uint16_t word = 0;
    __asm__ volatile("fnstcw %0" : "=m"(word));
    return word;
}

void setFpuControlWord(uint16_t word) {
    __asm__ volatile("fldcw %0" : : "m"(word));
}

constexpr uint16_t kProgramMode = 0x67f;
constexpr uint16_t kD3d9Mode = 0x7f;

// Puts the thread's control word back as it was when the test began.
struct RestoreFpuMode {
    uint16_t word = fpuControlWord();
    ~RestoreFpuMode() { setFpuControlWord(word); }
};

// One third on the x87 unit: what a 32-bit program's long arithmetic gives in the thread's mode.
long double third() {
    volatile long double one = 1.0L, three = 3.0L;
    return one / three;
}

} // namespace

TEST(CreateDevice, LeavesTheX87UnitInSinglePrecisionUnlessAskedToPreserveIt) {
    RestoreFpuMode restore;
    setFpuControlWord(kProgramMode);
    CHECK(third() != (long double)(1.0f / 3.0f)); // the program's precision, before
    {
        TestDevice t(16, 16);
        REQUIRE(t.device != nullptr);
        CHECK_EQ(fpuControlWord(), kD3d9Mode);
        // A quotient rounded to a float's 24 bits, as under Windows' d3d9.dll.
        CHECK(third() == (long double)(1.0f / 3.0f));
    }
    CHECK_EQ(fpuControlWord(), kD3d9Mode); // releasing the device does not restore it

    setFpuControlWord(kProgramMode);
    {
        TestDevice t(16, 16, false, D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_FPU_PRESERVE);
        REQUIRE(t.device != nullptr);
        CHECK_EQ(fpuControlWord(), kProgramMode);
    }
    CHECK_EQ(fpuControlWord(), kProgramMode);
}

TEST(CreateDeviceEx, LeavesTheX87UnitInSinglePrecisionUnlessAskedToPreserveIt) {
    RestoreFpuMode restore;
    IDirect3D9Ex* d3d = nullptr;
    REQUIRE(SUCCEEDED(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d)));
    TestWindow window(16, 16);
    for (const DWORD preserve : {DWORD{0}, DWORD{D3DCREATE_FPU_PRESERVE}}) {
        setFpuControlWord(kProgramMode);
        D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, 16, 16, false);
        IDirect3DDevice9Ex* device = nullptr;
        CHECK_EQ(d3d->CreateDeviceEx(0, D3DDEVTYPE_HAL, window.hwnd,
                                     D3DCREATE_HARDWARE_VERTEXPROCESSING | preserve, &pp, nullptr, &device),
                 D3D_OK);
        CHECK_EQ(fpuControlWord(), preserve ? kProgramMode : kD3d9Mode);
        if (device) device->Release();
    }
    d3d->Release();
}

#endif
