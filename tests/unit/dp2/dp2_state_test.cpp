// State, shader and resource opcodes: payload decoding and routing, one call per token.
#include <cmath>

#include "dp2_fixture.h"

namespace ddivk::dp2::test {
namespace {

TEST_F(DP2, RenderStateTokenDeliversAllStatesInOneCall) {
    CommandStream s;
    s.cmd(D3DDP2OP_RENDERSTATE, 3);
    for (uint32_t i = 0; i < 3; ++i)
        s.put(D3DHAL_DP2RENDERSTATE{20 + i, {.dwState = 100 + i}});
    run(s);
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.calls.size(), 1u);
    EXPECT_EQ(target.calls[0].items, 3u);
    EXPECT_EQ(target.calls[0].item<D3DHAL_DP2RENDERSTATE>(2).RenderState, 22u);
    EXPECT_EQ(target.calls[0].item<D3DHAL_DP2RENDERSTATE>(2).dwState, 102u);
}

TEST_F(DP2, ExecuteBufferWritesBackRenderStates) {
    uint32_t states[D3DHAL_MAX_RSTATES] = {};
    CommandStream s;
    s.cmd(D3DDP2OP_RENDERSTATE, 2)
        .put(D3DHAL_DP2RENDERSTATE{7, {.dwState = 0x77}})
        .put(D3DHAL_DP2RENDERSTATE{209, {.dwState = 0x209}});
    run(s, {.flags = D3DHALDP2_EXECUTEBUFFER, .renderStates = states});
    ASSERT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(states[7], 0x77u);
    EXPECT_EQ(states[209], 0x209u);
}

TEST_F(DP2, NoWriteBackWithoutExecuteBuffer) {
    uint32_t states[D3DHAL_MAX_RSTATES] = {};
    CommandStream s;
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(D3DHAL_DP2RENDERSTATE{7, {.dwState = 0x77}});
    run(s, {.renderStates = states});
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(states[7], 0u);
}

TEST_F(DP2, WriteBackSkipsStatesBeyondMaxRStates) {
    // lpdwRStates holds D3DHAL_MAX_RSTATES (256) entries; a guard word catches overruns.
    uint32_t states[D3DHAL_MAX_RSTATES + 1] = {};
    CommandStream s;
    s.cmd(D3DDP2OP_RENDERSTATE, 2)
        .put(D3DHAL_DP2RENDERSTATE{D3DHAL_MAX_RSTATES, {.dwState = 1}})
        .put(D3DHAL_DP2RENDERSTATE{255, {.dwState = 2}});
    run(s, {.flags = D3DHALDP2_EXECUTEBUFFER, .renderStates = states});
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(states[255], 2u);
    EXPECT_EQ(states[D3DHAL_MAX_RSTATES], 0u);
    EXPECT_EQ(target.calls[0].items, 2u); // the target still sees (and judges) both
}

TEST_F(DP2, WriteBackHappensOnlyWhenTheTargetAcceptsTheStates) {
    uint32_t states[D3DHAL_MAX_RSTATES] = {};
    target.failMethod = "renderStates";
    CommandStream s;
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(D3DHAL_DP2RENDERSTATE{7, {.dwState = 0x77}});
    run(s, {.flags = D3DHALDP2_EXECUTEBUFFER, .renderStates = states});
    EXPECT_EQ(data.ddrval, E_FAIL);
    EXPECT_EQ(states[7], 0u);
}

TEST_F(DP2, ExecuteBufferWithoutStateArrayIsRejected) {
    CommandStream s;
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(D3DHAL_DP2RENDERSTATE{7, {.dwState = 0x77}});
    run(s, {.flags = D3DHALDP2_EXECUTEBUFFER});
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
    EXPECT_TRUE(target.calls.empty());
}

TEST_F(DP2, TextureStageStateTokenDeliversAllStates) {
    CommandStream s;
    s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 2)
        .put(D3DHAL_DP2TEXTURESTAGESTATE{0, 1, 4})
        .put(D3DHAL_DP2TEXTURESTAGESTATE{7, 13, 3});
    run(s);
    ASSERT_EQ(target.calls.size(), 1u);
    EXPECT_EQ(target.calls[0].items, 2u);
    EXPECT_EQ(target.calls[0].item<D3DHAL_DP2TEXTURESTAGESTATE>(1).wStage, 7u);
    EXPECT_EQ(target.calls[0].item<D3DHAL_DP2TEXTURESTAGESTATE>(1).TSState, 13u);
}

TEST_F(DP2, ViewportInfoIsDelivered) {
    CommandStream s;
    s.cmd(D3DDP2OP_VIEWPORTINFO, 1).put(D3DHAL_DP2VIEWPORTINFO{1, 2, 640, 480});
    run(s);
    ASSERT_EQ(target.methods(), std::vector<std::string>{"viewportInfo"});
    EXPECT_EQ(target.calls[0].item<D3DHAL_DP2VIEWPORTINFO>(0).dwHeight, 480u);
}

TEST_F(DP2, WInfoIsDelivered) {
    CommandStream s;
    s.cmd(D3DDP2OP_WINFO, 1).put(D3DHAL_DP2WINFO{0.5f, 100.f});
    run(s);
    ASSERT_EQ(target.methods(), std::vector<std::string>{"wInfo"});
    EXPECT_EQ(target.calls[0].item<D3DHAL_DP2WINFO>(0).dvWFar, 100.f);
}

TEST_F(DP2, ZeroCountTokensAreConsumedWithoutACall) {
    CommandStream s;
    s.cmd(D3DDP2OP_RENDERSTATE, 0);
    s.cmd(D3DDP2OP_SETTRANSFORM, 0);
    s.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 0);
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    run(s);
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(target.methods(), std::vector<std::string>{"zRange"});
}

TEST_F(DP2, SetLightCarriesLightDataOnlyForDataType) {
    D3DLIGHT7 light{};
    light.dltType = 3;
    light.dvPhi = 1.5f;
    CommandStream s;
    s.cmd(D3DDP2OP_SETLIGHT, 3)
        .put(D3DHAL_DP2SETLIGHT{4, D3DHAL_SETLIGHT_ENABLE})
        .put(D3DHAL_DP2SETLIGHT{4, D3DHAL_SETLIGHT_DATA})
        .put(light)
        .put(D3DHAL_DP2SETLIGHT{5, D3DHAL_SETLIGHT_DISABLE});
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    run(s);
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.methods(), (std::vector<std::string>{"setLight", "zRange"}));
    const Call& call = target.calls[0];
    EXPECT_EQ(call.head, (std::vector<uint32_t>{4, 4, 5}));
    EXPECT_EQ(call.words[0], std::vector<uint32_t>{D3DHAL_SETLIGHT_ENABLE});
    ASSERT_EQ(call.words[1].size(), 1 + sizeof(D3DLIGHT7) / 4);
    EXPECT_EQ(call.words[1][1], 3u);
}

TEST_F(DP2, SetLightWithUnknownDataTypeIsRejected) {
    CommandStream s;
    s.cmd(D3DDP2OP_SETLIGHT, 1).put(D3DHAL_DP2SETLIGHT{4, 9});
    run(s);
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
    EXPECT_TRUE(target.calls.empty());
}

TEST_F(DP2, ClearCarriesStateCountRects) {
    CommandStream s;
    s.cmd(D3DDP2OP_CLEAR, 2).put(D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER).put(0xFF00FF00u).put(0.25f).put(7u);
    s.put(RECT{0, 0, 10, 10}).put(RECT{5, 5, 20, 30});
    s.cmd(D3DDP2OP_CLEAR, 0).put(D3DCLEAR_STENCIL).put(0u).put(1.f).put(1u);
    run(s);
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.methods(), (std::vector<std::string>{"clear", "clear"}));
    EXPECT_EQ(target.calls[0].items, 2u);
    EXPECT_EQ(target.calls[0].head[1], 0xFF00FF00u);
    EXPECT_EQ(target.calls[0].words[0][7], 30u);
    EXPECT_EQ(target.calls[1].items, 0u);
}

TEST_F(DP2, UpdatePaletteReadsOneHeaderAndItsEntries) {
    CommandStream s;
    s.cmd(D3DDP2OP_UPDATEPALETTE, 5).put(D3DHAL_DP2UPDATEPALETTE{9, 16, 3}).put(1u).put(2u).put(3u);
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    run(s);
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.methods(), (std::vector<std::string>{"updatePalette", "zRange"}));
    EXPECT_EQ(target.calls[0].head, (std::vector<uint32_t>{9, 16}));
    EXPECT_EQ(target.calls[0].words[0], (std::vector<uint32_t>{1, 2, 3}));
}

TEST_F(DP2, ShaderConstantsCarryTheirRegisters) {
    CommandStream s;
    s.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 2).put(D3DHAL_DP2SETVERTEXSHADERCONST{4, 1});
    for (int i = 0; i < 4; ++i)
        s.put(float(i));
    s.put(D3DHAL_DP2SETVERTEXSHADERCONST{10, 2});
    for (int i = 0; i < 8; ++i)
        s.put(float(i));
    s.cmd(D3DDP2OP_SETPIXELSHADERCONSTI, 1)
        .put(D3DHAL_DP2SETPIXELSHADERCONST{1, 1})
        .put(1)
        .put(2)
        .put(3)
        .put(4);
    s.cmd(D3DDP2OP_SETVERTEXSHADERCONSTB, 1)
        .put(D3DHAL_DP2SETVERTEXSHADERCONST{3, 3})
        .put(1u)
        .put(0u)
        .put(1u);
    s.cmd(D3DDP2OP_SETPIXELSHADERCONSTB, 1).put(D3DHAL_DP2SETPIXELSHADERCONST{0, 1}).put(1u);
    run(s);
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.calls.size(), 4u);
    const Call& f = target.calls[0];
    EXPECT_EQ(f.method, "setShaderConstF");
    EXPECT_EQ(f.stage, ShaderStage::Vertex);
    EXPECT_EQ(f.head, (std::vector<uint32_t>{4, 10}));
    EXPECT_EQ(f.words[1].size(), 8u);
    EXPECT_EQ(target.calls[1].method, "setShaderConstI");
    EXPECT_EQ(target.calls[1].stage, ShaderStage::Pixel);
    EXPECT_EQ(target.calls[1].words[0], (std::vector<uint32_t>{1, 2, 3, 4}));
    EXPECT_EQ(target.calls[2].words[0], (std::vector<uint32_t>{1, 0, 1}));
    EXPECT_EQ(target.calls[3].stage, ShaderStage::Pixel);
}

TEST_F(DP2, ConstantCountBeyondTheCommandDataIsRejected) {
    CommandStream s;
    s.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{0, 0x10000001u}).put(1.f);
    run(s);
    EXPECT_EQ(data.ddrval, D3DERR_COMMAND_UNPARSED);
    EXPECT_TRUE(target.calls.empty());
}

TEST_F(DP2, ShaderCreationCarriesBytecode) {
    CommandStream s;
    s.cmd(D3DDP2OP_CREATEPIXELSHADER, 1)
        .put(D3DHAL_DP2CREATEPIXELSHADER{3, 12})
        .put(0xFFFF0200u)
        .put(1u)
        .put(0xFFFFu);
    s.cmd(D3DDP2OP_CREATEVERTEXSHADERFUNC, 1)
        .put(D3DHAL_DP2CREATEVERTEXSHADERFUNC{5, 8})
        .put(0xFFFE0300u)
        .put(0xFFFFu);
    s.cmd(D3DDP2OP_CREATEVERTEXSHADER, 1).put(D3DHAL_DP2CREATEVERTEXSHADER{6, 4, 4}).put(0xAu).put(0xBu);
    s.cmd(D3DDP2OP_CREATEVERTEXSHADERDECL, 1).put(D3DHAL_DP2CREATEVERTEXSHADERDECL{7, 2});
    s.put(D3DVERTEXELEMENT9{0, 0, 2, 0, 0, 0}).put(D3DVERTEXELEMENT9{0xFF, 0, 17, 0, 0, 0});
    run(s);
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.methods(), (std::vector<std::string>{"createPixelShader", "createVertexShaderFunc",
                                                          "createVertexShader", "createVertexShaderDecl"}));
    EXPECT_EQ(target.calls[0].words[0], (std::vector<uint32_t>{0xFFFF0200u, 1u, 0xFFFFu}));
    EXPECT_EQ(target.calls[1].head[0], 5u);
    EXPECT_EQ(target.calls[2].words[0], (std::vector<uint32_t>{0xA, 0xDEC1E9D, 0xB}));
    EXPECT_EQ(target.calls[3].words[0].size(), 4u);
}

TEST_F(DP2, ShaderCodeSizeMustBeAWholeNumberOfTokens) {
    CommandStream s;
    s.cmd(D3DDP2OP_CREATEPIXELSHADER, 1).put(D3DHAL_DP2CREATEPIXELSHADER{3, 6}).put(0u).put(0u);
    run(s);
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
    EXPECT_TRUE(target.calls.empty());
}

TEST_F(DP2, PatchesCarryOptionalSegmentsAndInfo) {
    CommandStream s;
    s.cmd(D3DDP2OP_DRAWRECTPATCH, 2).put(D3DHAL_DP2DRAWRECTPATCH{1, RTPATCHFLAG_HASSEGS});
    s.put(1.f).put(2.f).put(3.f).put(4.f);
    s.put(D3DHAL_DP2DRAWRECTPATCH{2, RTPATCHFLAG_HASSEGS | RTPATCHFLAG_HASINFO});
    s.put(1.f).put(2.f).put(3.f).put(4.f).put(D3DRECTPATCH_INFO{0, 0, 4, 4, 4, 0, 3});
    s.cmd(D3DDP2OP_DRAWTRIPATCH, 1)
        .put(D3DHAL_DP2DRAWTRIPATCH{3, RTPATCHFLAG_HASINFO})
        .put(D3DTRIPATCH_INFO{0, 10, 0, 3});
    run(s);
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.methods(), (std::vector<std::string>{"drawRectPatch", "drawTriPatch"}));
    EXPECT_EQ(target.calls[0].words[0].size(), 5u);
    EXPECT_EQ(target.calls[0].words[1].size(), 5u + 7u);
    EXPECT_EQ(target.calls[0].words[1].back(), 3u);
    EXPECT_EQ(target.calls[1].words[0], (std::vector<uint32_t>{RTPATCHFLAG_HASINFO, 0, 10, 0, 3}));
}

TEST_F(DP2, ConvolutionKernelCarriesItsWeights) {
    CommandStream s;
    s.cmd(D3DDP2OP_SETCONVOLUTIONKERNELMONO, 1)
        .put(D3DHAL_DP2SETCONVOLUTIONKERNELMONO{3, 2, D3DHAL_COL_WEIGHTS});
    s.put(0.5f).put(0.25f);
    run(s);
    ASSERT_EQ(data.ddrval, S_OK);
    EXPECT_TRUE(target.calls[0].words[0].empty());
    EXPECT_EQ(target.calls[0].words[1].size(), 2u);
}

TEST_F(DP2, MisalignedPayloadsReachTheTargetAligned) {
    // An INDEXEDLINESTRIP with an odd primitive count leaves the next token 2 bytes off a
    // DWORD boundary; the following RENDERSTATE payload must still reach the target aligned.
    const auto vertices = makeVertices(4);
    CommandStream s;
    s.cmd(D3DDP2OP_INDEXEDLINESTRIP, 1).put(D3DHAL_DP2STARTVERTEX{0}).put(uint16_t{0}).put(uint16_t{1});
    ASSERT_EQ(s.size() % 4, 2u);
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(D3DHAL_DP2RENDERSTATE{7, {.dwState = 9}});
    run(s, {.vertices = vertices.data(), .vertexCount = 4});
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.calls.size(), 2u);
    EXPECT_EQ(target.calls[1].item<D3DHAL_DP2RENDERSTATE>(0).dwState, 9u);
    EXPECT_EQ(target.misaligned, 0);
}

} // namespace
} // namespace ddivk::dp2::test
