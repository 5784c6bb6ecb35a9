// FVFs and vertex declarations seen from each other (docs/d3d9-dll.md, "Shaders, vertex
// declarations and constants"): GetVertexDeclaration after SetFVF gives the FVF's declaration,
// one object per FVF; GetFVF after SetVertexDeclaration gives an FVF only for a lone position.
// The expected elements and FVFs are Windows' answers as Wine's test_fvf_decl_conversion,
// test_decl_to_fvf and test_fvf_decl_management record them.
#include "check.h"
#include "shader_support.h"

#include <cstring>
#include <vector>

namespace {

constexpr int kSize = 16;

// One element of stream 0 with the default method.
D3DVERTEXELEMENT9 el(WORD offset, BYTE type, BYTE usage, BYTE index = 0) {
    return {0, offset, type, D3DDECLMETHOD_DEFAULT, usage, index};
}

// The elements of `declaration` without the end marker; empty when a step fails.
std::vector<D3DVERTEXELEMENT9> elementsOf(IDirect3DVertexDeclaration9* declaration) {
    UINT count = 0;
    if (!declaration || declaration->GetDeclaration(nullptr, &count) != D3D_OK || count == 0) return {};
    std::vector<D3DVERTEXELEMENT9> e(count);
    if (declaration->GetDeclaration(e.data(), &count) != D3D_OK || e.back().Stream != 0xFF) return {};
    e.pop_back();
    return e;
}

bool same(const std::vector<D3DVERTEXELEMENT9>& a, const std::vector<D3DVERTEXELEMENT9>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(a[0])) == 0;
}

ULONG referencesOf(IUnknown* object) {
    object->AddRef();
    return object->Release();
}

constexpr BYTE F1 = D3DDECLTYPE_FLOAT1, F2 = D3DDECLTYPE_FLOAT2, F3 = D3DDECLTYPE_FLOAT3,
               F4 = D3DDECLTYPE_FLOAT4, COLOR = D3DDECLTYPE_D3DCOLOR, UB4 = D3DDECLTYPE_UBYTE4;
constexpr BYTE POS = D3DDECLUSAGE_POSITION, WEIGHT = D3DDECLUSAGE_BLENDWEIGHT,
               INDICES = D3DDECLUSAGE_BLENDINDICES, TC = D3DDECLUSAGE_TEXCOORD;

} // namespace

TEST(FvfDeclarations, GetVertexDeclarationGivesTheFvfsDeclaration) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    const struct {
        DWORD fvf;
        std::vector<D3DVERTEXELEMENT9> elements;
    } cases[] = {
        {D3DFVF_XYZ, {el(0, F3, POS)}},
        {D3DFVF_XYZW, {el(0, F4, POS)}},
        {D3DFVF_XYZRHW, {el(0, F4, D3DDECLUSAGE_POSITIONT)}},
        {D3DFVF_XYZB1, {el(0, F3, POS), el(12, F1, WEIGHT)}},
        {D3DFVF_XYZB1 | D3DFVF_LASTBETA_UBYTE4, {el(0, F3, POS), el(12, UB4, INDICES)}},
        {D3DFVF_XYZB1 | D3DFVF_LASTBETA_D3DCOLOR, {el(0, F3, POS), el(12, COLOR, INDICES)}},
        {D3DFVF_XYZB2, {el(0, F3, POS), el(12, F2, WEIGHT)}},
        {D3DFVF_XYZB2 | D3DFVF_LASTBETA_UBYTE4, {el(0, F3, POS), el(12, F1, WEIGHT), el(16, UB4, INDICES)}},
        // Windows' odd one: a D3DCOLOR weight and UBYTE4 indices.
        {D3DFVF_XYZB2 | D3DFVF_LASTBETA_D3DCOLOR,
         {el(0, F3, POS), el(12, COLOR, WEIGHT), el(16, UB4, INDICES)}},
        {D3DFVF_XYZB3 | D3DFVF_LASTBETA_D3DCOLOR,
         {el(0, F3, POS), el(12, F2, WEIGHT), el(20, COLOR, INDICES)}},
        {D3DFVF_XYZB4, {el(0, F3, POS), el(12, F4, WEIGHT)}},
        {D3DFVF_XYZB4 | D3DFVF_LASTBETA_UBYTE4, {el(0, F3, POS), el(12, F3, WEIGHT), el(24, UB4, INDICES)}},
        {D3DFVF_XYZB5, {el(0, F3, POS), el(12, F4, WEIGHT), el(28, F1, INDICES)}},
        {D3DFVF_XYZB5 | D3DFVF_LASTBETA_UBYTE4, {el(0, F3, POS), el(12, F4, WEIGHT), el(28, UB4, INDICES)}},
        {D3DFVF_NORMAL, {el(0, F3, D3DDECLUSAGE_NORMAL)}},
        {D3DFVF_PSIZE, {el(0, F1, D3DDECLUSAGE_PSIZE)}},
        {D3DFVF_DIFFUSE, {el(0, COLOR, D3DDECLUSAGE_COLOR, 0)}},
        {D3DFVF_SPECULAR, {el(0, COLOR, D3DDECLUSAGE_COLOR, 1)}},
        {D3DFVF_TEXCOORDSIZE1(0) | D3DFVF_TEX1, {el(0, F1, TC)}},
        {D3DFVF_TEXCOORDSIZE4(0) | D3DFVF_TEX1, {el(0, F4, TC)}},
        {D3DFVF_TEXCOORDSIZE1(0) | D3DFVF_TEXCOORDSIZE3(1) | D3DFVF_TEXCOORDSIZE2(2) |
             D3DFVF_TEXCOORDSIZE4(3) | D3DFVF_TEX4,
         {el(0, F1, TC, 0), el(4, F3, TC, 1), el(16, F2, TC, 2), el(24, F4, TC, 3)}},
        {D3DFVF_XYZB4 | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEXCOORDSIZE2(0) | D3DFVF_TEXCOORDSIZE3(1) |
             D3DFVF_TEX2,
         {el(0, F3, POS), el(12, F4, WEIGHT), el(28, COLOR, D3DDECLUSAGE_COLOR, 0),
          el(32, COLOR, D3DDECLUSAGE_COLOR, 1), el(36, F2, TC, 0), el(44, F3, TC, 1)}},
    };
    for (const auto& c : cases) {
        CHECK_EQ(t->SetFVF(c.fvf), D3D_OK);
        IDirect3DVertexDeclaration9* declaration = nullptr;
        CHECK_EQ(t->GetVertexDeclaration(&declaration), D3D_OK);
        REQUIRE(declaration != nullptr);
        if (!same(elementsOf(declaration), c.elements)) {
            char what[64];
            std::snprintf(what, sizeof what, "the declaration of FVF 0x%lx",
                          static_cast<unsigned long>(c.fvf));
            wine_check::fail(__FILE__, __LINE__, what);
        }
        DWORD fvf = 0;
        CHECK_EQ(t->GetFVF(&fvf), D3D_OK);
        CHECK_EQ(fvf, c.fvf); // the FVF stays what was set
        declaration->Release();
    }
}

// test_fvf_decl_management: one object per FVF, counted by the program's references only;
// SetFVF(0) leaves a set declaration in place.
TEST(FvfDeclarations, OneDeclarationPerFvfAndFvfZeroKeepsTheDeclaration) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    IDirect3DVertexDeclaration9 *first = nullptr, *again = nullptr, *normal = nullptr, *back = nullptr;
    CHECK_EQ(t->SetVertexDeclaration(nullptr), D3D_OK);
    CHECK_EQ(t->SetFVF(D3DFVF_XYZRHW), D3D_OK);
    CHECK_EQ(t->GetVertexDeclaration(&first), D3D_OK);
    CHECK_EQ(t->GetVertexDeclaration(&again), D3D_OK);
    CHECK(first != nullptr && first == again);
    CHECK_EQ(t->SetFVF(D3DFVF_NORMAL), D3D_OK);
    CHECK_EQ(t->GetVertexDeclaration(&normal), D3D_OK);
    CHECK(normal != nullptr && normal != first);
    CHECK(same(elementsOf(first), {el(0, F4, D3DDECLUSAGE_POSITIONT)}));
    CHECK_EQ(t->SetFVF(D3DFVF_XYZRHW), D3D_OK);
    CHECK_EQ(t->GetVertexDeclaration(&back), D3D_OK);
    CHECK(back == first);
    REQUIRE(first && normal);
    CHECK_EQ(referencesOf(first), 3);
    CHECK_EQ(referencesOf(normal), 1);
    first->Release();
    again->Release();
    back->Release();

    // A declaration set, then FVF 0: the declaration stays.
    CHECK_EQ(t->SetVertexDeclaration(normal), D3D_OK);
    CHECK_EQ(t->SetFVF(0), D3D_OK);
    IDirect3DVertexDeclaration9* still = nullptr;
    CHECK_EQ(t->GetVertexDeclaration(&still), D3D_OK);
    CHECK(still == normal);
    if (still) still->Release();
    normal->Release();
    // Nothing set: success and null.
    CHECK_EQ(t->SetVertexDeclaration(nullptr), D3D_OK);
    IDirect3DVertexDeclaration9* none = reinterpret_cast<IDirect3DVertexDeclaration9*>(1);
    CHECK_EQ(t->GetVertexDeclaration(&none), D3D_OK);
    CHECK(none == nullptr);
}

// test_decl_to_fvf: a lone FLOAT3 POSITION is D3DFVF_XYZ, a lone FLOAT4 POSITIONT is
// D3DFVF_XYZRHW, every other declaration 0 (never the FVF set before).
TEST(FvfDeclarations, GetFvfAfterADeclarationConvertsOnlyALonePosition) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    const struct {
        std::vector<D3DVERTEXELEMENT9> elements;
        DWORD fvf;
    } cases[] = {
        {{el(0, F3, POS)}, D3DFVF_XYZ},
        {{el(0, F4, D3DDECLUSAGE_POSITIONT)}, D3DFVF_XYZRHW},
        {{el(0, F4, POS)}, 0},
        {{el(0, F3, POS, 1)}, 0},
        {{el(0, F3, D3DDECLUSAGE_NORMAL)}, 0},
        {{el(0, COLOR, D3DDECLUSAGE_COLOR, 0)}, 0},
        {{el(0, F2, TC)}, 0},
        {{el(0, F3, POS), el(12, COLOR, D3DDECLUSAGE_COLOR)}, 0},
    };
    for (const auto& c : cases) {
        std::vector<D3DVERTEXELEMENT9> elements = c.elements;
        elements.push_back(D3DDECL_END());
        IDirect3DVertexDeclaration9* declaration = nullptr;
        REQUIRE(t->CreateVertexDeclaration(elements.data(), &declaration) == D3D_OK);
        CHECK_EQ(t->SetFVF(D3DFVF_DIFFUSE | D3DFVF_SPECULAR), D3D_OK);
        CHECK_EQ(t->SetVertexDeclaration(declaration), D3D_OK);
        DWORD fvf = 0xDEAD;
        CHECK_EQ(t->GetFVF(&fvf), D3D_OK);
        CHECK_EQ(fvf, c.fvf);
        declaration->Release();
    }
}

// The declaration of an FVF draws as the FVF does: set it after another FVF and draw
// pretransformed, coloured vertices with it.
TEST(FvfDeclarations, TheFvfsDeclarationDraws) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    IDirect3DVertexDeclaration9* declaration = nullptr;
    REQUIRE(t->GetVertexDeclaration(&declaration) == D3D_OK && declaration);
    CHECK_EQ(t->SetFVF(D3DFVF_XYZ), D3D_OK);
    CHECK_EQ(t->SetVertexDeclaration(declaration), D3D_OK);
    declaration->Release();
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    const std::vector<ScreenVertex> rect = screenRect(0, 0, kSize / 2, kSize, 0.5f, 0xFF20C040);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, rect.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(wrongPixels(readBackBuffer(t.device), kSize, kSize,
                         [](int x, int) { return x < kSize / 2 ? 0x20C040u : 0u; }),
             0);
}
