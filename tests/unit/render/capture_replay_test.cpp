// DDIVK_CAPTURE records every DP2 call of a context; ddivk-replay runs the file on a fresh
// device and must reproduce the same render target, byte for byte (FNV-1a of the pixels).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

#include "ddivk/ddivk.h"
#include "unit/dp2/command_stream.h"
#include "unit/render/render_fixture.h"

namespace ddivk::test {
namespace {

std::string g_replayExe; // DDIVK_REPLAY_EXE, set by meson

uint64_t fnv1a(const std::vector<uint32_t>& pixels) {
    uint64_t h = 0xcbf29ce484222325ull;
    const auto* p = reinterpret_cast<const uint8_t*>(pixels.data());
    for (size_t i = 0; i < pixels.size() * 4; ++i)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

std::string run(const std::string& command) {
    std::string out;
    if (FILE* p = popen(command.c_str(), "r")) {
        char buf[512];
        while (fgets(buf, sizeof(buf), p))
            out += buf;
        pclose(p);
    }
    return out;
}

TEST(CaptureReplay, ReplayReproducesTheRenderTarget) {
    ASSERT_FALSE(g_replayExe.empty()) << "DDIVK_REPLAY_EXE must name ddivk-replay";
    char path[] = "/tmp/ddivk-capture-XXXXXX";
    int fd = mkstemp(path);
    ASSERT_GE(fd, 0);
    close(fd);
    ASSERT_EQ(setenv("DDIVK_CAPTURE", path, 1), 0);

    ddivk_device* device = nullptr;
    ASSERT_EQ(ddivk_device_create(nullptr, &device), S_OK);
    uint32_t target = 0;
    ddivk_surface_desc rt{40, 30, D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET};
    ASSERT_EQ(ddivk_surface_create(device, &rt, &target), S_OK);
    uintptr_t context = 0;
    ASSERT_EQ(ddivk_context_create(device, target, 0, &context), S_OK);
    unsetenv("DDIVK_CAPTURE");

    std::vector<TLVertex> v = {{2.5f, 1.5f, 0.5f, 1, 0xFFFF0000},
                               {38.5f, 6.5f, 0.5f, 1, 0xFF00FF00},
                               {12.5f, 28.5f, 0.5f, 1, 0xFF0000FF}};
    for (int call = 0; call < 3; ++call) {
        dp2::test::CommandStream s;
        D3DHAL_DP2RENDERSTATE cull{};
        cull.RenderState = D3DRS_CULLMODE;
        cull.dwState = D3DCULL_NONE;
        s.cmd(D3DDP2OP_RENDERSTATE, 1).put(cull);
        if (call == 0) s.cmd(D3DDP2OP_CLEAR, 0).put(D3DCLEAR_TARGET).put(0xFF203040u).put(1.0f).put(0u);
        s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
        v[0].x += 3; // a different frame each call
        const auto& bytes = s.bytes();
        DDIVK_DP2BUFFER* buffer = nullptr;
        ASSERT_EQ(ddivk_dp2_buffer_create(uint32_t(bytes.size()), DDIVK_DP2BUFFER_COMMANDS, &buffer), S_OK);
        std::memcpy(buffer->lpMemory, bytes.data(), bytes.size());
        D3DHAL_DRAWPRIMITIVES2DATA data{};
        data.dwhContext = context;
        data.dwFlags = D3DHALDP2_USERMEMVERTICES;
        data.dwVertexType = kTLVertexFvf;
        data.lpDDCommands = buffer;
        data.dwCommandLength = uint32_t(bytes.size());
        data.lpVertices = v.data();
        data.dwVertexLength = uint32_t(v.size());
        data.dwVertexSize = sizeof(TLVertex);
        ddivk_DrawPrimitives2(&data);
        EXPECT_EQ(data.ddrval, S_OK);
        ddivk_dp2_buffer_destroy(buffer);
    }
    std::vector<uint32_t> pixels(40 * 30);
    ASSERT_EQ(ddivk_surface_read(device, target, pixels.data(), 40 * 4, pixels.size() * 4), S_OK);
    ddivk_device_destroy(device);

    std::string out = run(g_replayExe + " " + path + " 2>&1");
    unlink(path);
    char expected[64];
    std::snprintf(expected, sizeof(expected), "rt fnv1a64=0x%016llx", (unsigned long long)fnv1a(pixels));
    EXPECT_NE(out.find("submission 2: return=1 ddrval=0x00000000"), std::string::npos) << out;
    EXPECT_NE(out.find(expected), std::string::npos) << "want " << expected << "\n" << out;
}

} // namespace
} // namespace ddivk::test

// The shared main (tests/support) runs the tests; meson names the replay tool in
// DDIVK_REPLAY_EXE (tests/unit/render/meson.build).
namespace {
struct ReplayPathFromEnvironment {
    ReplayPathFromEnvironment() {
        if (const char* p = std::getenv("DDIVK_REPLAY_EXE")) ddivk::test::g_replayExe = p;
    }
} g_replayPathFromEnvironment;
} // namespace
