// Direct3DShaderValidatorCreate9 (undocumented; docs/d3d9-dll.md, "Exports"): the object D3DX's
// assembler drives. Its layout is IUnknown, then Begin(callback, context, flags),
// Instruction(file, line, tokens, count), End(); End accepts what CreateVertexShader and
// CreatePixelShader accept and fails the rest.
#include "check.h"
#include "support.h"

#include <vector>

namespace {

struct Validator;
struct ValidatorVtbl {
    HRESULT(STDMETHODCALLTYPE* QueryInterface)(Validator*, REFIID, void**);
    ULONG(STDMETHODCALLTYPE* AddRef)(Validator*);
    ULONG(STDMETHODCALLTYPE* Release)(Validator*);
    HRESULT(STDMETHODCALLTYPE* Begin)(Validator*, void*, void*, DWORD);
    HRESULT(STDMETHODCALLTYPE* Instruction)(Validator*, const char*, int, const DWORD*, DWORD);
    HRESULT(STDMETHODCALLTYPE* End)(Validator*);
};
struct Validator {
    const ValidatorVtbl* vtbl;
};

Validator* createValidator() {
    HMODULE dll = GetModuleHandleA("d3d9.dll");
    if (!dll) return nullptr;
    using Create = Validator*(WINAPI*)();
    auto create = reinterpret_cast<Create>(
        reinterpret_cast<void*>(GetProcAddress(dll, "Direct3DShaderValidatorCreate9")));
    return create ? create() : nullptr;
}

// Feeds a program as D3DX does: the version token, then one call per instruction (the lengths
// given), then End.
HRESULT validate(Validator* v, const std::vector<DWORD>& tokens, const std::vector<DWORD>& lengths) {
    if (v->vtbl->Begin(v, nullptr, nullptr, 0) != S_OK) return E_UNEXPECTED;
    size_t at = 0;
    for (DWORD n : lengths) {
        if (v->vtbl->Instruction(v, "shader.asm", int(at), tokens.data() + at, n) != S_OK)
            return E_UNEXPECTED;
        at += n;
    }
    return v->vtbl->End(v);
}

} // namespace

TEST(ShaderValidator, CountsReferencesAndAnswersIUnknownOnly) {
    Validator* v = createValidator();
    REQUIRE(v != nullptr);
    CHECK_EQ(v->vtbl->AddRef(v), 2u);
    void* unknown = nullptr;
    CHECK_EQ(v->vtbl->QueryInterface(v, __uuidof(IUnknown), &unknown), S_OK);
    CHECK(unknown == v);
    CHECK_EQ(v->vtbl->Release(v), 2u);
    void* device = reinterpret_cast<void*>(1);
    CHECK_EQ(v->vtbl->QueryInterface(v, __uuidof(IDirect3DDevice9), &device), E_NOINTERFACE);
    CHECK(device == nullptr);
    CHECK_EQ(v->vtbl->Release(v), 1u);
    CHECK_EQ(v->vtbl->Release(v), 0u);
}

TEST(ShaderValidator, AcceptsValidProgramsAndFailsInvalidOnes) {
    Validator* v = createValidator();
    REQUIRE(v != nullptr);
    // vs_2_0: dcl_position v0; mov oPos, v0; end (End adds the end token when it is missing).
    const std::vector<DWORD> vs = {0xFFFE0200, 0x0200001F, 0x80000000, 0x900F0000,
                                   0x02000001, 0xC00F0000, 0x90E40000};
    CHECK_EQ(validate(v, vs, {1, 3, 3}), S_OK);
    std::vector<DWORD> withEnd = vs;
    withEnd.push_back(0x0000FFFF);
    CHECK_EQ(validate(v, withEnd, {1, 3, 3, 1}), S_OK);
    // ps_2_0: mov oC0, c0.
    CHECK_EQ(validate(v, {0xFFFF0200, 0x02000001, 0x800F0800, 0xA0E40000}, {1, 3}), S_OK);
    // A temporary register vs_2_0 does not have: mov r40, v0 (it has r0..r11).
    CHECK_EQ(validate(v, {0xFFFE0200, 0x0200001F, 0x80000000, 0x900F0000, 0x02000001, 0x800F0028, 0x90E40000},
                      {1, 3, 3}),
             E_FAIL);
    // Writing an input register, which is read-only: mov v0, c0.
    CHECK_EQ(validate(v, {0xFFFE0200, 0x0200001F, 0x80000000, 0x900F0000, 0x02000001, 0x900F0000, 0xA0E40000},
                      {1, 3, 3}),
             E_FAIL);
    // Not a shader version token.
    CHECK_EQ(validate(v, {0x12345678}, {1}), E_FAIL);
    // The validator is usable again after a failure.
    CHECK_EQ(validate(v, vs, {1, 3, 3}), S_OK);
    // Out of order: Instruction or End without Begin.
    CHECK_EQ(v->vtbl->Instruction(v, nullptr, 0, vs.data(), 1), E_FAIL);
    CHECK_EQ(v->vtbl->End(v), E_FAIL);
    CHECK_EQ(v->vtbl->Release(v), 0u);
}
