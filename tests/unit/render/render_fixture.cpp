#include "unit/render/render_fixture.h"

#include <cstring>

#include "device/handles.h"
#include "shader/assembler.h"

namespace ddivk::test {

ddivk_device* RenderTest::device_ = nullptr;

void RenderTest::SetUpTestSuite() {
    ASSERT_EQ(ddivk_device_create(nullptr, &device_), S_OK);
}

void RenderTest::TearDownTestSuite() {
    ddivk_device_destroy(device_);
    device_ = nullptr;
}

void RenderTest::SetUp() {
    ASSERT_NE(device_, nullptr);
    ddivk_surface_desc rt{kWidth, kHeight, targetFormat_, DDIVK_SURFACE_RENDERTARGET, targetSamples_};
    ASSERT_EQ(ddivk_surface_create(device_, &rt, &target_), S_OK);
    if (depthFormat_) {
        ddivk_surface_desc ds{kWidth, kHeight, depthFormat_, DDIVK_SURFACE_DEPTHSTENCIL, targetSamples_};
        ASSERT_EQ(ddivk_surface_create(device_, &ds, &depth_), S_OK);
    }
    ASSERT_EQ(ddivk_context_create(device_, target_, depth_, &context_), S_OK);
}

void RenderTest::TearDown() {
    EXPECT_EQ(ddivk_context_destroy(context_), S_OK);
    EXPECT_EQ(ddivk_surface_destroy(device_, target_), S_OK);
    if (depth_) {
        EXPECT_EQ(ddivk_surface_destroy(device_, depth_), S_OK);
    }
}

HRESULT RenderTest::execute(CommandStream& commands, const void* vertices, uint32_t vertexCount,
                            uint32_t vertexSize, uint32_t fvf) {
    const std::vector<std::byte>& bytes = commands.bytes();
    DDIVK_DP2BUFFER* buffer = nullptr;
    EXPECT_EQ(ddivk_dp2_buffer_create(uint32_t(bytes.size()), DDIVK_DP2BUFFER_COMMANDS, &buffer), S_OK);
    if (!bytes.empty()) std::memcpy(buffer->lpMemory, bytes.data(), bytes.size());

    D3DHAL_DRAWPRIMITIVES2DATA data{};
    data.dwhContext = context_;
    data.dwFlags = D3DHALDP2_USERMEMVERTICES;
    data.dwVertexType = fvf;
    data.lpDDCommands = buffer;
    data.dwCommandOffset = 0;
    data.dwCommandLength = uint32_t(bytes.size());
    data.lpVertices = const_cast<void*>(vertices);
    data.dwVertexOffset = 0;
    data.dwVertexLength = vertexCount;
    data.dwVertexSize = vertexSize;
    EXPECT_EQ(ddivk_DrawPrimitives2(&data), DDHAL_DRIVER_HANDLED);
    errorOffset_ = data.dwErrorOffset;
    ddivk_dp2_buffer_destroy(buffer);
    return data.ddrval;
}

std::vector<uint32_t> RenderTest::readTarget() {
    std::vector<uint32_t> pixels(size_t(kWidth) * kHeight);
    EXPECT_EQ(ddivk_surface_read(device_, target_, pixels.data(), kWidth * 4, pixels.size() * 4), S_OK);
    return pixels;
}

uint64_t RenderTest::pipelinesCreated() {
    device::Device& d = driverDevice();
    return d.programPipelines() ? d.programPipelines()->createdCount() : 0;
}

device::Device& RenderTest::driverDevice() {
    return device::deviceOf(device_);
}

void RenderTest::renderState(CommandStream& s, uint32_t state, uint32_t value) {
    D3DHAL_DP2RENDERSTATE rs{};
    rs.RenderState = state;
    rs.dwState = value;
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(rs);
}

void RenderTest::setShaderProgram(CommandStream& s, const char* vsText, const char* psText,
                                  const std::vector<D3DVERTEXELEMENT9>& elements,
                                  const shader::DecodeOptions& options) {
    auto vs = shader::assemble(vsText, options), ps = shader::assemble(psText);
    ASSERT_TRUE(vs) << vs.error().message();
    ASSERT_TRUE(ps) << ps.error().message();
    s.cmd(D3DDP2OP_CREATEVERTEXSHADERFUNC, 1)
        .put(D3DHAL_DP2CREATEVERTEXSHADERFUNC{1, uint32_t(vs->size() * 4)});
    s.putAll(*vs);
    s.cmd(D3DDP2OP_CREATEPIXELSHADER, 1).put(D3DHAL_DP2CREATEPIXELSHADER{2, uint32_t(ps->size() * 4)});
    s.putAll(*ps);
    s.cmd(D3DDP2OP_CREATEVERTEXSHADERDECL, 1)
        .put(D3DHAL_DP2CREATEVERTEXSHADERDECL{3, uint32_t(elements.size())});
    s.putAll(elements);
    s.cmd(D3DDP2OP_SETVERTEXSHADERDECL, 1).put(D3DHAL_DP2VERTEXSHADER{3});
    s.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{1});
    s.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{2});
}

void RenderTest::setPassThroughProgram(CommandStream& s) {
    setShaderProgram(s,
                     "vs_3_0\ndcl_position v0\ndcl_color v1\ndcl_position o0\ndcl_color o1\n"
                     "mov o0, v0\nmov o1, v1\n",
                     "ps_3_0\ndcl_color v0\nmov oC0, v0\n",
                     {{0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITION, 0},
                      {0, 16, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0}});
    userStream(s, sizeof(ClipVertex));
}

void RenderTest::clear(CommandStream& s, uint32_t flags, uint32_t color, const std::vector<RECT>& rects,
                       float depth, uint32_t stencil) {
    s.cmd(D3DDP2OP_CLEAR, uint16_t(rects.size()));
    s.put(flags).put(color).put(depth).put(stencil);
    for (const RECT& r : rects)
        s.put(r);
}

} // namespace ddivk::test
