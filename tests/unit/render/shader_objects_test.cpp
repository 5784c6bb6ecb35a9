// Shader objects through the DP2 door: CREATEVERTEXSHADERFUNC / CREATEPIXELSHADER decode and
// translate at creation; malformed or untranslatable bytecode fails the token with
// D3DERR_INVALIDCALL at its offset and changes nothing; DELETE* drop handles.
#include <gtest/gtest.h>

#include "device/context.h"
#include "device/handles.h"
#include "ddivk/d3d9_decl.h"
#include "shader/assembler.h"
#include "unit/render/render_fixture.h"

namespace ddivk::test {
namespace {

using shader::ShaderType;

std::vector<uint32_t> tokensOf(const char* text) {
    auto tokens = shader::assemble(text);
    EXPECT_TRUE(tokens) << (tokens ? "" : tokens.error().message());
    return tokens ? *tokens : std::vector<uint32_t>{};
}

const char* const kVs = "vs_2_0\ndcl_position v0\nmov oPos, v0\n";
const char* const kPs = "ps_2_0\ndcl t0\nmov oC0, t0\n";

// Appends a create token with one item per (handle, code).
template <class Header>
void create(CommandStream& s, uint8_t op, const std::vector<std::pair<uint32_t, std::vector<uint32_t>>>& items) {
    s.cmd(op, uint16_t(items.size()));
    for (const auto& [handle, code] : items) {
        s.put(Header{handle, uint32_t(code.size() * 4)});
        s.putAll(code);
    }
}

class ShaderObjects : public RenderTest {
  protected:
    const device::ShaderObjects& shaders() { return device::contextOf(context_)->shaders(); }
};

TEST_F(ShaderObjects, CreatedShadersAreTranslated) {
    CommandStream s;
    create<D3DHAL_DP2CREATEVERTEXSHADERFUNC>(s, D3DDP2OP_CREATEVERTEXSHADERFUNC, {{1, tokensOf(kVs)}});
    create<D3DHAL_DP2CREATEPIXELSHADER>(s, D3DDP2OP_CREATEPIXELSHADER, {{2, tokensOf(kPs)}, {3, tokensOf(kPs)}});
    ASSERT_EQ(execute(s), S_OK);
    auto vs = shaders().find(ShaderType::Vertex, 1);
    ASSERT_TRUE(vs);
    EXPECT_FALSE(vs->translation->spirv.empty());
    EXPECT_EQ(shaders().count(ShaderType::Pixel), 2u);
    // The same bytecode is translated once for the device.
    EXPECT_EQ(shaders().find(ShaderType::Pixel, 2)->translation, shaders().find(ShaderType::Pixel, 3)->translation);
}

TEST_F(ShaderObjects, MalformedBytecodeFailsTheTokenAndChangesNothing) {
    std::vector<uint32_t> truncated = tokensOf(kPs);
    truncated.pop_back(); // no end token
    CommandStream s;
    create<D3DHAL_DP2CREATEPIXELSHADER>(s, D3DDP2OP_CREATEPIXELSHADER, {{4, tokensOf(kPs)}});
    const size_t bad = s.size();
    create<D3DHAL_DP2CREATEPIXELSHADER>(s, D3DDP2OP_CREATEPIXELSHADER, {{5, tokensOf(kPs)}, {6, truncated}});
    EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), bad);
    EXPECT_TRUE(shaders().find(ShaderType::Pixel, 4)); // the token before ran
    EXPECT_FALSE(shaders().find(ShaderType::Pixel, 5)); // the failing token made nothing
    EXPECT_FALSE(shaders().find(ShaderType::Pixel, 6));
    EXPECT_NE(shaders().lastError().find("pixel shader 6"), std::string::npos) << shaders().lastError();

    // The device keeps working.
    CommandStream again;
    create<D3DHAL_DP2CREATEPIXELSHADER>(again, D3DDP2OP_CREATEPIXELSHADER, {{5, tokensOf(kPs)}});
    EXPECT_EQ(execute(again), S_OK);
    EXPECT_TRUE(shaders().find(ShaderType::Pixel, 5));
}

TEST_F(ShaderObjects, UntranslatableAndWrongTypeBytecodeIsRejected) {
    const std::vector<uint32_t> recursive = tokensOf("vs_2_0\ncall l0\nret\nlabel l0\ncall l0\nret\n");
    for (const auto& [op, code] : std::vector<std::pair<uint8_t, std::vector<uint32_t>>>{
             {D3DDP2OP_CREATEVERTEXSHADERFUNC, recursive},
             {D3DDP2OP_CREATEVERTEXSHADERFUNC, tokensOf(kPs)},
             {D3DDP2OP_CREATEPIXELSHADER, tokensOf(kVs)},
         }) {
        CommandStream s;
        if (op == D3DDP2OP_CREATEPIXELSHADER)
            create<D3DHAL_DP2CREATEPIXELSHADER>(s, op, {{7, code}});
        else
            create<D3DHAL_DP2CREATEVERTEXSHADERFUNC>(s, op, {{7, code}});
        EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
        EXPECT_EQ(errorOffset(), 0u);
    }
    EXPECT_EQ(shaders().count(ShaderType::Vertex), 0u);
    EXPECT_EQ(shaders().count(ShaderType::Pixel), 0u);
}

TEST_F(ShaderObjects, HandleZeroIsRejected) {
    CommandStream s;
    create<D3DHAL_DP2CREATEPIXELSHADER>(s, D3DDP2OP_CREATEPIXELSHADER, {{0, tokensOf(kPs)}});
    EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
}

TEST_F(ShaderObjects, DeleteDropsHandlesAllOrNothing) {
    CommandStream s;
    create<D3DHAL_DP2CREATEPIXELSHADER>(s, D3DDP2OP_CREATEPIXELSHADER, {{1, tokensOf(kPs)}, {2, tokensOf(kPs)}});
    ASSERT_EQ(execute(s), S_OK);
    CommandStream bad;
    bad.cmd(D3DDP2OP_DELETEPIXELSHADER, 2).put(D3DHAL_DP2PIXELSHADER{1}).put(D3DHAL_DP2PIXELSHADER{9});
    EXPECT_EQ(execute(bad), D3DERR_INVALIDCALL);
    EXPECT_EQ(shaders().count(ShaderType::Pixel), 2u);
    CommandStream good;
    good.cmd(D3DDP2OP_DELETEPIXELSHADER, 2).put(D3DHAL_DP2PIXELSHADER{1}).put(D3DHAL_DP2PIXELSHADER{2});
    EXPECT_EQ(execute(good), S_OK);
    EXPECT_EQ(shaders().count(ShaderType::Pixel), 0u);
}

// CREATEVERTEXSHADERDECL: {handle, element count} then the elements.
void createDecl(CommandStream& s, const std::vector<std::pair<uint32_t, std::vector<D3DVERTEXELEMENT9>>>& items) {
    s.cmd(D3DDP2OP_CREATEVERTEXSHADERDECL, uint16_t(items.size()));
    for (const auto& [handle, elements] : items) {
        s.put(D3DHAL_DP2CREATEVERTEXSHADERDECL{handle, uint32_t(elements.size())});
        s.putAll(elements);
    }
}

const D3DVERTEXELEMENT9 kPosition{0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0};
const D3DVERTEXELEMENT9 kColor{0, 12, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0};
const D3DVERTEXELEMENT9 kEnd{kDeclEndStream, 0, D3DDECLTYPE_UNUSED, 0, 0, 0};

TEST_F(ShaderObjects, VertexDeclarationsAreCheckedAtCreation) {
    CommandStream s;
    createDecl(s, {{1, {kPosition, kColor, kEnd}}, {2, {kPosition, kColor}}}); // end marker optional
    ASSERT_EQ(execute(s), S_OK);
    const device::Context& c = *device::contextOf(context_);
    ASSERT_TRUE(c.declarations().find(1));
    EXPECT_EQ(c.declarations().find(1)->size(), 2u);
    ASSERT_TRUE(c.declarations().find(2));
    EXPECT_EQ(c.declarations().find(2)->size(), 2u);
    EXPECT_EQ((*c.declarations().find(2))[1].Offset, 12u);

    // A duplicate semantic fails the token at its offset and creates nothing of it.
    CommandStream bad;
    createDecl(bad, {{3, {kPosition}}});
    const size_t offset = bad.size();
    D3DVERTEXELEMENT9 twice = kPosition;
    twice.Offset = 12;
    createDecl(bad, {{4, {kPosition}}, {5, {kPosition, twice}}});
    EXPECT_EQ(execute(bad), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), offset);
    EXPECT_TRUE(c.declarations().find(3));
    EXPECT_FALSE(c.declarations().find(4));
    EXPECT_NE(c.declarations().lastError().find("used twice"), std::string::npos) << c.declarations().lastError();

    CommandStream del;
    del.cmd(D3DDP2OP_DELETEVERTEXSHADERDECL, 2).put(D3DHAL_DP2VERTEXSHADER{1}).put(D3DHAL_DP2VERTEXSHADER{2});
    EXPECT_EQ(execute(del), S_OK);
    EXPECT_EQ(c.declarations().count(), 1u);
}

TEST_F(ShaderObjects, VertexDeclarationWithABadTypeIsRejected) {
    D3DVERTEXELEMENT9 badType = kColor;
    badType.Type = 17; // D3DDECLTYPE_UNUSED is no element type
    CommandStream s;
    createDecl(s, {{6, {kPosition, badType}}});
    EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
    EXPECT_EQ(device::contextOf(context_)->declarations().count(), 0u);
}

} // namespace
} // namespace ddivk::test
