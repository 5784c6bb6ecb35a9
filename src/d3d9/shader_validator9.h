// The shader validator d3d9.dll hands out through the undocumented Direct3DShaderValidatorCreate9,
// which D3DX's shader assembler asks for. Its interface is known from other implementations
// (Wine's d3d9, DXVK): IUnknown, then Begin(callback, context, flags), Instruction(file, line,
// tokens, count) once per instruction (the version token first), End(). Ours collects the
// tokens and End decodes them with the driver's decoder, so it accepts exactly the programs
// CreateVertexShader and CreatePixelShader accept.
#pragma once

#include <cstdint>
#include <vector>

#include "d3d9/win32.h"

namespace ddivk::d3d9 {

struct ShaderValidator9Vtbl;

// Laid out as a COM object: the vtable pointer first, methods __stdcall (STDMETHODCALLTYPE).
class ShaderValidator9 {
  public:
    ShaderValidator9();
    static ShaderValidator9* create();

    HRESULT queryInterface(REFIID riid, void** object);
    ULONG addRef();
    ULONG release();
    // The callback's signature is not documented: it is kept and never called. A program that
    // fails validation learns it from End's E_FAIL.
    HRESULT begin(void* callback, void* context, DWORD flags);
    HRESULT instruction(const char* file, int line, const DWORD* tokens, DWORD count);
    HRESULT end();

  private:
    const ShaderValidator9Vtbl* vtbl_; // first: what COM callers dereference
    volatile LONG references_ = 1;
    bool begun_ = false;
    bool endSeen_ = false; // the last Instruction was the end token alone
    std::vector<uint32_t> tokens_;
};

} // namespace ddivk::d3d9
