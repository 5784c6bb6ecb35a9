// IDirect3DDevice9Ex: vertex and pixel shader constants. D3D9's register files (vs_3_0: 256 float,
// 16 integer, 16 BOOL registers, software vertex processing's 8192, 2048, 2048 on SOFTWARE and
// MIXED devices; ps_3_0: 224, 16, 16) bound every call: a range past the end is
// D3DERR_INVALIDCALL and changes nothing. Accepted values go to the state cache (which answers
// the Get methods) and into one SET*SHADERCONST* DP2 token.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/dp2_payloads.h"

#include <cstring>

namespace ddivk::d3d9 {

template <class T>
HRESULT Device9::setShaderConstants(uint8_t op,
                                    ddivk::HRESULT (state::StateCache::*set)(uint32_t, const T*, uint32_t),
                                    uint32_t limit, uint32_t perRegister, UINT start, const T* data,
                                    UINT count) {
    if (start > limit || count > limit - start || (count && !data)) return D3DERR_INVALIDCALL;
    if (count == 0) return D3D_OK;
    auto guard = lock();
    if ((state_.*set)(start, data, count) != S_OK) return D3DERR_INVALIDCALL;
    // One block: {register, count}, then the values.
    const D3DHAL_DP2SETVERTEXSHADERCONST block{start, count};
    const size_t bytes = sizeof(T) * perRegister * count;
    stream_->token(op, &block, 1, bytes);
    stream_->append(data, bytes);
    return D3D_OK;
}

namespace {

// Registers [start, start + count) of a register file of `limit` registers.
template <class Register, class T>
HRESULT copyOut(const Register* file, uint32_t limit, UINT start, T* data, UINT count) {
    if (!data || start > limit || count > limit - start) return D3DERR_INVALIDCALL;
    std::memcpy(data, file + start, sizeof(Register) * count);
    return D3D_OK;
}

} // namespace

using state::kPsConstB, state::kPsConstF, state::kPsConstI;
using Cache = state::StateCache;

// (The vertex files are the device's: state_.vsLimits(), larger on SOFTWARE and MIXED devices;
// set once at creation, so read without the lock.)
HRESULT STDMETHODCALLTYPE Device9::SetVertexShaderConstantF(UINT start, const float* data, UINT count) {
    return setShaderConstants(D3DDP2OP_SETVERTEXSHADERCONST, &Cache::setVsConstF, state_.vsLimits().floats, 4,
                              start, data, count);
}

HRESULT STDMETHODCALLTYPE Device9::SetVertexShaderConstantI(UINT start, const int* data, UINT count) {
    return setShaderConstants(D3DDP2OP_SETVERTEXSHADERCONSTI, &Cache::setVsConstI, state_.vsLimits().ints, 4,
                              start, reinterpret_cast<const int32_t*>(data), count);
}

HRESULT STDMETHODCALLTYPE Device9::SetVertexShaderConstantB(UINT start, const WINBOOL* data, UINT count) {
    return setShaderConstants(D3DDP2OP_SETVERTEXSHADERCONSTB, &Cache::setVsConstB, state_.vsLimits().bools, 1,
                              start, reinterpret_cast<const uint32_t*>(data), count);
}

HRESULT STDMETHODCALLTYPE Device9::SetPixelShaderConstantF(UINT start, const float* data, UINT count) {
    return setShaderConstants(D3DDP2OP_SETPIXELSHADERCONST, &Cache::setPsConstF, kPsConstF, 4, start, data,
                              count);
}

HRESULT STDMETHODCALLTYPE Device9::SetPixelShaderConstantI(UINT start, const int* data, UINT count) {
    return setShaderConstants(D3DDP2OP_SETPIXELSHADERCONSTI, &Cache::setPsConstI, kPsConstI, 4, start,
                              reinterpret_cast<const int32_t*>(data), count);
}

HRESULT STDMETHODCALLTYPE Device9::SetPixelShaderConstantB(UINT start, const WINBOOL* data, UINT count) {
    return setShaderConstants(D3DDP2OP_SETPIXELSHADERCONSTB, &Cache::setPsConstB, kPsConstB, 1, start,
                              reinterpret_cast<const uint32_t*>(data), count);
}

HRESULT STDMETHODCALLTYPE Device9::GetVertexShaderConstantF(UINT start, float* data, UINT count) {
    auto guard = lock();
    return copyOut(state_.state().vsConstF.data(), state_.vsLimits().floats, start, data, count);
}

HRESULT STDMETHODCALLTYPE Device9::GetVertexShaderConstantI(UINT start, int* data, UINT count) {
    auto guard = lock();
    return copyOut(state_.state().vsConstI.data(), state_.vsLimits().ints, start, data, count);
}

HRESULT STDMETHODCALLTYPE Device9::GetVertexShaderConstantB(UINT start, WINBOOL* data, UINT count) {
    auto guard = lock();
    return copyOut(state_.state().vsConstB.data(), state_.vsLimits().bools, start, data, count);
}

HRESULT STDMETHODCALLTYPE Device9::GetPixelShaderConstantF(UINT start, float* data, UINT count) {
    auto guard = lock();
    return copyOut(state_.state().psConstF.data(), kPsConstF, start, data, count);
}

HRESULT STDMETHODCALLTYPE Device9::GetPixelShaderConstantI(UINT start, int* data, UINT count) {
    auto guard = lock();
    return copyOut(state_.state().psConstI.data(), kPsConstI, start, data, count);
}

HRESULT STDMETHODCALLTYPE Device9::GetPixelShaderConstantB(UINT start, WINBOOL* data, UINT count) {
    auto guard = lock();
    return copyOut(state_.state().psConstB.data(), kPsConstB, start, data, count);
}

} // namespace ddivk::d3d9
