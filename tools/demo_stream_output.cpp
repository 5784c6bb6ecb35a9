#include "demo_stream_output.h"

#include <cstdio>
#include <vector>

#include "ddivk/d3d10_stream_output.h"
#include "ddivk/d3d9_decl.h"
#include "ddivk/d3d9_formats.h"
#include "ddivk/ddivk.h"
#include "ddivk/umd_draw.h"
#include "demo_commands.h"
#include "shader/assembler.h"

namespace ddivk::demo {
namespace {

// Handles of the pass's shaders and declaration (the demo's frames use none).
constexpr uint32_t kVs = 0x5000, kPs = 0x5001, kDecl = 0x5002;

constexpr const char* kSparkVs = R"(vs_3_0
dcl_position v0
dcl_color v1
dcl_position o0
dcl_color o1
mad o0, v0, c0, c1
mov o1, v1
)";
constexpr const char* kSparkPs = "ps_3_0\ndcl_color v0\nmov oC0, v0\n";

struct Spark {
    float x, y; // pixels
    uint32_t color;
};

HANDLE asHandle(uint32_t h) {
    return reinterpret_cast<HANDLE>(uintptr_t(h));
}

} // namespace

HRESULT drawCapturedSparks(uintptr_t context, D3D10DDI_HDEVICE d10, uint32_t width, uint32_t height) {
    auto vs = shader::assemble(kSparkVs);
    auto ps = shader::assemble(kSparkPs);
    if (!vs || !ps) return E_FAIL;
    const std::vector<D3DVERTEXELEMENT9> decl = {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
                                                 {0, 8, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0}};
    // clip = pixel * (2 / W, -2 / H) + (-1, 1).
    const float c0[4] = {2.0f / float(width), -2.0f / float(height), 0, 0}, c1[4] = {-1, 1, 0.5f, 1};
    Commands setup;
    setup.cmd(D3DDP2OP_CREATEVERTEXSHADERFUNC, 1)
        .put(D3DHAL_DP2CREATEVERTEXSHADERFUNC{kVs, uint32_t(vs->size() * 4)})
        .putAll(*vs);
    setup.cmd(D3DDP2OP_CREATEPIXELSHADER, 1).put(D3DHAL_DP2CREATEPIXELSHADER{kPs, uint32_t(ps->size() * 4)}).putAll(*ps);
    setup.cmd(D3DDP2OP_CREATEVERTEXSHADERDECL, 1)
        .put(D3DHAL_DP2CREATEVERTEXSHADERDECL{kDecl, uint32_t(decl.size())})
        .putAll(decl);
    setup.cmd(D3DDP2OP_SETVERTEXSHADERDECL, 1).put(D3DHAL_DP2VERTEXSHADER{kDecl});
    setup.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{kVs});
    setup.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{kPs});
    setup.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{0, 2}).put(c0).put(c1);
    if (HRESULT hr = execute(context, setup); failed(hr)) return hr;

    // The sparks, and a buffer with room for kSparksCaptured positions (16 bytes each).
    const DDIVK_D3DDDI_DRAWFUNCS& umd = *ddivk_umd_draw_functions();
    const HANDLE dev = reinterpret_cast<HANDLE>(context);
    std::vector<Spark> sparks;
    for (uint32_t i = 0; i < kSparks; ++i)
        sparks.push_back({float(width) * (0.1f + 0.1f * float(i)), float(height) * 0.08f, 0xFFFFE080});
    auto buffer = [&](const void* data, uint32_t bytes, uint32_t* handle) {
        const D3DDDI_SURFACEINFO surface{bytes, 1, 1, data, 0, 0};
        D3DDDIARG_CREATERESOURCE args{};
        args.Format = D3DFMT_VERTEXDATA;
        args.Pool = D3DDDIPOOL_VIDEOMEMORY;
        args.pSurfList = &surface;
        args.SurfCount = 1;
        args.MipLevels = 1;
        args.Flags.Value = D3DDDI_RESOURCE_VERTEXBUFFER;
        const HRESULT hr = umd.pfnCreateResource(dev, &args);
        *handle = uint32_t(reinterpret_cast<uintptr_t>(args.hResource));
        return hr;
    };
    uint32_t vb = 0, out = 0;
    if (HRESULT hr = buffer(sparks.data(), uint32_t(sparks.size() * sizeof(Spark)), &vb); failed(hr)) return hr;
    if (HRESULT hr = buffer(nullptr, kSparksCaptured * 16, &out); failed(hr)) return hr;

    // Stream output of o0 (the clip-space position) into `out`. The D3D10 entry points report
    // errors through the runtime's callback (the demo's table shows them).
    const DDIVK_D3D10DDI_STREAMOUTPUTFUNCS& so = *ddivk_d3d10_stream_output_functions();
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY position{0, 0, 0, 0xF};
    so.pfnSetStreamOutputDeclaration(d10, &position, 1, nullptr, 0);
    const D3D10DDI_HRESOURCE target{reinterpret_cast<void*>(uintptr_t(out))};
    const uint32_t offset = 0;
    so.pfnSoSetTargets(d10, 1, 0, &target, &offset);

    D3DDDIARG_SETSTREAMSOURCE source{0, asHandle(vb), 0, sizeof(Spark)};
    HRESULT hr = umd.pfnSetStreamSource(dev, &source);
    D3DDDIARG_DRAWPRIMITIVE draw{D3DPT_POINTLIST, 0, kSparks};
    if (!failed(hr)) hr = umd.pfnDrawPrimitive(dev, &draw, nullptr);

    so.pfnSoSetTargets(d10, 0, 1, nullptr, nullptr);
    so.pfnSetStreamOutputDeclaration(d10, nullptr, 0, nullptr, 0);
    umd.pfnDestroyResource(dev, asHandle(vb)); // kept by the device until the GPU is done
    umd.pfnDestroyResource(dev, asHandle(out));
    Commands restore; // back to fixed function
    restore.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{0});
    restore.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{0});
    if (HRESULT restored = execute(context, restore); !failed(hr)) hr = restored;
    return hr;
}

} // namespace ddivk::demo
