// Shader objects, vertex declarations and shader constants through d3d9.dll: D3D9's argument
// rules (bad input is D3DERR_INVALIDCALL and changes nothing), what the Get methods and the
// objects answer, and reference counting of what the device holds.
#include "check.h"
#include "shader_support.h"

#include <cstring>
#include <iterator>

namespace {

ULONG references(IUnknown* object) {
    object->AddRef();
    return object->Release();
}

// An instruction no shader model has (opcode 0x00FF) between a valid version and end.
const DWORD kUnknownOpcodeVs30[] = {0xFFFE0300, 0x000000FF, 0x0000FFFF};
// vs_4_0: past the versions D3D9 takes (up to 3_0).
const DWORD kVs40[] = {0xFFFE0400, 0x0000FFFF};
// Not a shader version token at all.
const DWORD kNoVersion[] = {0x12345678, 0x0000FFFF};

} // namespace

TEST(ShaderObjects, BadBytecodeIsRefusedAndChangesNothing) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DVertexShader9* vs = nullptr;
    REQUIRE(t->CreateVertexShader(shader_code::kColourVs30, &vs) == D3D_OK);
    CHECK_EQ(t->SetVertexShader(vs), D3D_OK);
    for (const DWORD* code : {kUnknownOpcodeVs30, kVs40, kNoVersion, shader_code::kColourPs30}) {
        IDirect3DVertexShader9* bad = reinterpret_cast<IDirect3DVertexShader9*>(1);
        CHECK_EQ(t->CreateVertexShader(code, &bad), D3DERR_INVALIDCALL);
        CHECK(bad == nullptr);
    }
    // A vertex shader is no pixel shader.
    IDirect3DPixelShader9* badPs = reinterpret_cast<IDirect3DPixelShader9*>(1);
    CHECK_EQ(t->CreatePixelShader(shader_code::kColourVs30, &badPs), D3DERR_INVALIDCALL);
    CHECK(badPs == nullptr);
    IDirect3DVertexShader9* none = nullptr;
    CHECK_EQ(t->CreateVertexShader(nullptr, &none), D3DERR_INVALIDCALL);
    CHECK_EQ(t->CreateVertexShader(shader_code::kColourVs30, nullptr), D3DERR_INVALIDCALL);
    // The shader set before is still the one set.
    IDirect3DVertexShader9* current = nullptr;
    CHECK_EQ(t->GetVertexShader(&current), D3D_OK);
    CHECK(current == vs);
    if (current) current->Release();
    CHECK_EQ(t->SetVertexShader(nullptr), D3D_OK);
    vs->Release();
}

// GetFunction: a null buffer asks for the size in bytes; the bytes are the program's.
TEST(ShaderObjects, GetFunctionGivesTheBytecodeAndItsSize) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DPixelShader9* ps = nullptr;
    REQUIRE(t->CreatePixelShader(shader_code::kTexcoordColourPs20, &ps) == D3D_OK);
    UINT size = 0;
    CHECK_EQ(ps->GetFunction(nullptr, &size), D3D_OK);
    CHECK_EQ(size, sizeof shader_code::kTexcoordColourPs20);
    DWORD copy[32] = {};
    UINT room = sizeof copy;
    CHECK_EQ(ps->GetFunction(copy, &room), D3D_OK);
    CHECK(std::memcmp(copy, shader_code::kTexcoordColourPs20, sizeof shader_code::kTexcoordColourPs20) == 0);
    UINT tooSmall = size - 4;
    CHECK_EQ(ps->GetFunction(copy, &tooSmall), D3DERR_INVALIDCALL);
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(ps->GetDevice(&device), D3D_OK);
    CHECK(device == t.device);
    if (device) device->Release();
    CHECK_EQ(ps->Release(), 0u);
}

// The device holds a set shader: the program may release it, and Get hands out a reference.
TEST(ShaderObjects, SetShaderStaysAliveAndGetAddsAReference) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DVertexShader9* vs = nullptr;
    REQUIRE(t->CreateVertexShader(shader_code::kTransformVs30, &vs) == D3D_OK);
    CHECK_EQ(references(vs), 1u);
    CHECK_EQ(t->SetVertexShader(vs), D3D_OK);
    CHECK_EQ(references(vs), 1u); // the device's hold is no public reference
    IDirect3DVertexShader9* got = nullptr;
    CHECK_EQ(t->GetVertexShader(&got), D3D_OK);
    CHECK(got == vs);
    CHECK_EQ(references(vs), 2u);
    CHECK_EQ(got->Release(), 1u);
    CHECK_EQ(vs->Release(), 0u);
    // Released by the program, still set: Get gives it back alive.
    CHECK_EQ(t->GetVertexShader(&got), D3D_OK);
    REQUIRE(got != nullptr);
    UINT size = 0;
    CHECK_EQ(got->GetFunction(nullptr, &size), D3D_OK);
    CHECK_EQ(size, sizeof shader_code::kTransformVs30);
    CHECK_EQ(got->Release(), 0u);
    CHECK_EQ(t->SetVertexShader(nullptr), D3D_OK);
    CHECK_EQ(t->GetVertexShader(&got), D3D_OK);
    CHECK(got == nullptr);
}

TEST(VertexDeclarations, BadDeclarationsAreRefused) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const D3DVERTEXELEMENT9 position = {
        0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0};
    D3DVERTEXELEMENT9 badType = position, misaligned = position, badMethod = position, badUsage = position;
    badType.Type = 17; // past D3DDECLTYPE_FLOAT16_4
    misaligned.Offset = 2;
    badMethod.Method = 7; // past D3DDECLMETHOD_LOOKUPPRESAMPLED
    badUsage.Usage = 14;  // past D3DDECLUSAGE_SAMPLE
    D3DVERTEXELEMENT9 twice = position;
    twice.Offset = 12; // the same usage and index again
    const D3DVERTEXELEMENT9 end = D3DDECL_END();
    // A type past the last (D3DDECLTYPE_UNUSED is 17) or an offset off 4 bytes is E_FAIL, as
    // Windows answers (Wine's test_unused_declaration_type, test_vertex_declaration_alignment: a
    // D3DCOLOR at 17, 18 or 19 after a FLOAT3).
    D3DVERTEXELEMENT9 color = {0, 17, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0};
    const D3DVERTEXELEMENT9 lists[][3] = {{badType, end, end},    {misaligned, end, end},
                                          {position, color, end}, {badMethod, end, end},
                                          {badUsage, end, end},   {position, twice, end}};
    const HRESULT answers[] = {
        E_FAIL, E_FAIL, E_FAIL, D3DERR_INVALIDCALL, D3DERR_INVALIDCALL, D3DERR_INVALIDCALL};
    for (size_t i = 0; i < std::size(lists); ++i) {
        IDirect3DVertexDeclaration9* declaration = reinterpret_cast<IDirect3DVertexDeclaration9*>(1);
        CHECK_EQ(t->CreateVertexDeclaration(lists[i], &declaration), answers[i]);
        CHECK(declaration == nullptr);
    }
    // No D3DDECL_END within MAXD3DDECLLENGTH elements.
    D3DVERTEXELEMENT9 endless[MAXD3DDECLLENGTH + 1];
    for (int i = 0; i <= MAXD3DDECLLENGTH; ++i)
        endless[i] = {0, WORD(4 * i), D3DDECLTYPE_FLOAT1, 0, D3DDECLUSAGE_TEXCOORD, BYTE(i % 16)};
    IDirect3DVertexDeclaration9* declaration = nullptr;
    CHECK_EQ(t->CreateVertexDeclaration(endless, &declaration), D3DERR_INVALIDCALL);
    CHECK_EQ(t->CreateVertexDeclaration(nullptr, &declaration), D3DERR_INVALIDCALL);
    const D3DVERTEXELEMENT9 good[] = {position, end};
    CHECK_EQ(t->CreateVertexDeclaration(good, nullptr), D3DERR_INVALIDCALL);
}

// GetDeclaration: a null array asks for the count, D3DDECL_END included.
TEST(VertexDeclarations, GetDeclarationGivesTheElementsWithTheEndMarker) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {1, 4, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 1},
        D3DDECL_END(),
    };
    IDirect3DVertexDeclaration9* declaration = nullptr;
    REQUIRE(t->CreateVertexDeclaration(elements, &declaration) == D3D_OK);
    UINT count = 0;
    CHECK_EQ(declaration->GetDeclaration(nullptr, &count), D3D_OK);
    CHECK_EQ(count, 3u);
    D3DVERTEXELEMENT9 copy[3] = {};
    CHECK_EQ(declaration->GetDeclaration(copy, &count), D3D_OK);
    CHECK(std::memcmp(copy, elements, sizeof elements) == 0);
    CHECK_EQ(declaration->Release(), 0u);
}

// A declaration replaces the FVF and the FVF the declaration. (GetFVF converts only a lone
// position: fvf_declaration_test.cpp.)
TEST(VertexDeclarations, SetFvfAndSetVertexDeclarationReplaceEachOther) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITIONT, 0},
        {0, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END()};
    IDirect3DVertexDeclaration9* declaration = nullptr;
    REQUIRE(t->CreateVertexDeclaration(elements, &declaration) == D3D_OK);
    CHECK_EQ(t->SetFVF(D3DFVF_XYZRHW), D3D_OK);
    CHECK_EQ(t->SetVertexDeclaration(declaration), D3D_OK);
    DWORD fvf = 1;
    CHECK_EQ(t->GetFVF(&fvf), D3D_OK);
    CHECK_EQ(fvf, 0u);
    IDirect3DVertexDeclaration9* got = nullptr;
    CHECK_EQ(t->GetVertexDeclaration(&got), D3D_OK);
    CHECK(got == declaration);
    if (got) got->Release();
    CHECK_EQ(t->SetFVF(D3DFVF_XYZRHW), D3D_OK);
    CHECK_EQ(t->GetVertexDeclaration(&got), D3D_OK);
    CHECK(got != declaration);
    if (got) got->Release();
    CHECK_EQ(declaration->Release(), 0u);
}

// D3D9's register files: vs 256 F / 16 I / 16 B, ps 224 F / 16 I / 16 B. A range past the end
// is refused and leaves the registers as they were.
TEST(ShaderConstants, RangesPastTheRegisterFilesAreRefusedAndChangeNothing) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    float f[8] = {1, 2, 3, 4, 5, 6, 7, 8}, fBack[8] = {};
    int i[8] = {-1, 2, -3, 4, 5, -6, 7, -8}, iBack[8] = {};
    BOOL b[2] = {TRUE, FALSE}, bBack[2] = {7, 7};
    CHECK_EQ(t->SetVertexShaderConstantF(254, f, 2), D3D_OK);
    CHECK_EQ(t->GetVertexShaderConstantF(254, fBack, 2), D3D_OK);
    CHECK(std::memcmp(f, fBack, sizeof f) == 0);
    CHECK_EQ(t->SetPixelShaderConstantF(222, f, 2), D3D_OK);
    CHECK_EQ(t->GetPixelShaderConstantF(222, fBack, 2), D3D_OK);
    CHECK(std::memcmp(f, fBack, sizeof f) == 0);
    CHECK_EQ(t->SetVertexShaderConstantI(14, i, 2), D3D_OK);
    CHECK_EQ(t->GetVertexShaderConstantI(14, iBack, 2), D3D_OK);
    CHECK(std::memcmp(i, iBack, sizeof i) == 0);
    CHECK_EQ(t->SetPixelShaderConstantB(14, b, 2), D3D_OK);
    CHECK_EQ(t->GetPixelShaderConstantB(14, bBack, 2), D3D_OK);
    CHECK(bBack[0] == TRUE && bBack[1] == FALSE);
    const float other[8] = {9, 9, 9, 9, 9, 9, 9, 9};
    const int otherI[8] = {9, 9, 9, 9, 9, 9, 9, 9};
    const BOOL otherB[2] = {FALSE, TRUE};
    CHECK_EQ(t->SetVertexShaderConstantF(255, other, 2), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetPixelShaderConstantF(223, other, 2), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetPixelShaderConstantF(224, other, 1), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetVertexShaderConstantI(15, otherI, 2), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetPixelShaderConstantI(16, otherI, 1), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetPixelShaderConstantB(15, otherB, 2), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetVertexShaderConstantB(16, otherB, 1), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetVertexShaderConstantF(255, fBack, 2), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetPixelShaderConstantF(223, fBack, 2), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetVertexShaderConstantF(254, fBack, 2), D3D_OK);
    CHECK(std::memcmp(f, fBack, sizeof f) == 0);
    CHECK_EQ(t->GetPixelShaderConstantF(222, fBack, 2), D3D_OK);
    CHECK(std::memcmp(f, fBack, sizeof f) == 0);
    CHECK_EQ(t->GetVertexShaderConstantI(14, iBack, 2), D3D_OK);
    CHECK(std::memcmp(i, iBack, sizeof i) == 0);
    CHECK_EQ(t->GetPixelShaderConstantB(14, bBack, 2), D3D_OK);
    CHECK(bBack[0] == TRUE && bBack[1] == FALSE);
}

// D3D9 gives no bytecode size: the stream ends at its end token, not at a word that looks like
// one inside a comment or a def's literal values (SM1: instruction lengths are not encoded).
TEST(ShaderObjects, BytecodeEndsAtTheEndTokenNotAtLookalikesInCommentsOrLiterals) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const DWORD vs11[] = {
        0xFFFE0101,                                  // vs_1_1
        0x0002FFFE, 0x0000FFFF, 0x0000FFFF,          // comment of two words, both "end"
        0x00000051, 0xA00F0000, 0x0000FFFF, 0, 0, 0, // def c0, (denormal 0x0000FFFF), 0, 0, 0
        0x0000001F, 0x80000000, 0x900F0000,          // dcl_position v0
        0x00000001, 0xC00F0000, 0x90E40000,          // mov oPos, v0
        0x0000FFFF,                                  // end
    };
    const DWORD ps20[] = {
        0xFFFF0200,                                  // ps_2_0
        0x0001FFFE, 0x0000FFFF,                      // comment of one word: "end"
        0x05000051, 0xA00F0000, 0x0000FFFF, 0, 0, 0, // def c0, (denormal 0x0000FFFF), 0, 0, 0
        0x02000001, 0x800F0800, 0xA0E40000,          // mov oC0, c0
        0x0000FFFF,                                  // end
    };
    IDirect3DVertexShader9* vs = nullptr;
    IDirect3DPixelShader9* ps = nullptr;
    REQUIRE(t->CreateVertexShader(vs11, &vs) == D3D_OK);
    REQUIRE(t->CreatePixelShader(ps20, &ps) == D3D_OK);
    UINT size = 0;
    CHECK_EQ(vs->GetFunction(nullptr, &size), D3D_OK);
    CHECK_EQ(size, sizeof vs11);
    CHECK_EQ(ps->GetFunction(nullptr, &size), D3D_OK);
    CHECK_EQ(size, sizeof ps20);
    vs->Release();
    ps->Release();
}

// Windows refuses a ps_3_0 that declares a POSITION0 input (Wine's test_position_index), and
// takes POSITION1 as any other input.
TEST(ShaderObjects, PixelShaderInputsCannotBePositionZero) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const DWORD position0[] = {0xFFFF0300, 0x0200001F, 0x80000000, 0x900F0000,
                               0x02000001, 0x800F0800, 0x90E40000, 0x0000FFFF};
    const DWORD position1[] = {0xFFFF0300, 0x0200001F, 0x80010000, 0x900F0000,
                               0x02000001, 0x800F0800, 0x90E40000, 0x0000FFFF};
    IDirect3DPixelShader9* shader = nullptr;
    CHECK_EQ(t->CreatePixelShader(position0, &shader), D3DERR_INVALIDCALL);
    CHECK(shader == nullptr);
    CHECK_EQ(t->CreatePixelShader(position1, &shader), D3D_OK);
    releaseAll(shader);
}
