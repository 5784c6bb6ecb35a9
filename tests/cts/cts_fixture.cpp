#include "cts/cts_fixture.h"

#include <cstdlib>
#include <cstring>

#include "device/device.h"
#include "shader/assembler.h"

namespace ddivk::test {

HRESULT Cts::createResource(uint32_t format, uint32_t flags, const std::vector<D3DDDI_SURFACEINFO>& surfaces,
                            uint32_t mipLevels, uint32_t* handle) {
    D3DDDIARG_CREATERESOURCE args{};
    args.Format = format;
    args.Pool = D3DDDIPOOL_VIDEOMEMORY;
    args.pSurfList = surfaces.data();
    args.SurfCount = uint32_t(surfaces.size());
    args.MipLevels = mipLevels;
    args.Flags.Value = flags;
    const HRESULT hr = umd().pfnCreateResource(dev(), &args);
    *handle = uint32_t(reinterpret_cast<uintptr_t>(args.hResource));
    return hr;
}

uint32_t Cts::createBuffer(const void* data, uint32_t bytes, bool index, uint32_t flags) {
    return created(index ? D3DFMT_INDEX16 : D3DFMT_VERTEXDATA,
                   flags | (index ? D3DDDI_RESOURCE_INDEXBUFFER : D3DDDI_RESOURCE_VERTEXBUFFER),
                   {{bytes, 1, 1, data, 0, 0}});
}

void Cts::run(CommandStream& s) {
    ASSERT_EQ(execute(s, nullptr, 0, 0, 0), S_OK) << "error offset " << errorOffset();
}

void Cts::setStream(Door door, uint32_t stream, uint32_t buffer, uint32_t offset, uint32_t stride) {
    if (door == Door::Umd) {
        D3DDDIARG_SETSTREAMSOURCE a{stream, reinterpret_cast<HANDLE>(uintptr_t(buffer)), offset, stride};
        ASSERT_EQ(umd().pfnSetStreamSource(dev(), &a), S_OK);
        return;
    }
    CommandStream s;
    s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{stream, buffer, offset, stride});
    run(s);
}

HRESULT Cts::setFrequency(Door door, uint32_t stream, uint32_t divider) {
    if (door == Door::Umd) {
        D3DDDIARG_SETSTREAMSOURCEFREQ a{stream, divider};
        return umd().pfnSetStreamSourceFreq(dev(), &a);
    }
    CommandStream s;
    s.cmd(D3DDP2OP_SETSTREAMSOURCEFREQ, 1).put(D3DHAL_DP2SETSTREAMSOURCEFREQ{stream, divider});
    return execute(s, nullptr, 0, 0, 0);
}

void Cts::setIndices(Door door, uint32_t buffer, uint32_t stride) {
    if (door == Door::Umd) {
        D3DDDIARG_SETINDICES a{reinterpret_cast<HANDLE>(uintptr_t(buffer)), stride};
        ASSERT_EQ(umd().pfnSetIndices(dev(), &a), S_OK);
        return;
    }
    CommandStream s;
    s.cmd(D3DDP2OP_SETINDICES, 1).put(D3DHAL_DP2SETINDICES{buffer, stride});
    run(s);
}

HRESULT Cts::drawPrimitive(Door door, uint32_t type, uint32_t startVertex, uint32_t count) {
    if (door == Door::Umd) {
        D3DDDIARG_DRAWPRIMITIVE a{type, startVertex, count};
        return umd().pfnDrawPrimitive(dev(), &a, nullptr);
    }
    CommandStream s;
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPRIMITIVETYPE(type), startVertex, count});
    return execute(s, nullptr, 0, 0, 0);
}

HRESULT Cts::drawIndexed(Door door, uint32_t type, int32_t baseVertex, uint32_t minIndex, uint32_t numVertices,
                         uint32_t startIndex, uint32_t count) {
    if (door == Door::Umd) {
        D3DDDIARG_DRAWINDEXEDPRIMITIVE a{type, baseVertex, minIndex, numVertices, startIndex, count};
        return umd().pfnDrawIndexedPrimitive(dev(), &a);
    }
    CommandStream s;
    s.cmd(D3DDP2OP_DRAWINDEXEDPRIMITIVE, 1)
        .put(D3DHAL_DP2DRAWINDEXEDPRIMITIVE{D3DPRIMITIVETYPE(type), baseVertex, minIndex, numVertices, startIndex,
                                            count});
    return execute(s, nullptr, 0, 0, 0);
}

namespace {
HANDLE handleOf(uint32_t h) {
    return reinterpret_cast<HANDLE>(uintptr_t(h));
}
uint32_t handleValue(HANDLE h) {
    return uint32_t(reinterpret_cast<uintptr_t>(h));
}
} // namespace

Cts::Program Cts::setProgram(Door door, const char* vs, const char* ps,
                             const std::vector<D3DVERTEXELEMENT9>& decl) {
    if (door == Door::Dp2) {
        // setShaderProgram always makes pixel shader 2; without one, 0 is set after it.
        CommandStream s;
        setShaderProgram(s, vs, ps ? ps : kColorPointPs, decl);
        if (!ps) s.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{0});
        run(s);
        return {1, ps ? 2u : 0u, 3};
    }
    Program p;
    auto vsCode = shader::assemble(vs);
    EXPECT_TRUE(vsCode) << vsCode.error().message();
    if (!vsCode) return p;
    D3DDDIARG_CREATEVERTEXSHADERFUNC v{uint32_t(vsCode->size() * 4), nullptr};
    EXPECT_EQ(umdState().pfnCreateVertexShaderFunc(dev(), &v, vsCode->data()), S_OK);
    p.vs = handleValue(v.ShaderHandle);
    if (ps) {
        auto psCode = shader::assemble(ps);
        EXPECT_TRUE(psCode) << psCode.error().message();
        if (!psCode) return p;
        D3DDDIARG_CREATEPIXELSHADER a{uint32_t(psCode->size() * 4), nullptr};
        EXPECT_EQ(umdState().pfnCreatePixelShader(dev(), &a, psCode->data()), S_OK);
        p.ps = handleValue(a.ShaderHandle);
    }
    D3DDDIARG_CREATEVERTEXSHADERDECL d{uint32_t(decl.size()), nullptr};
    EXPECT_EQ(umdState().pfnCreateVertexShaderDecl(dev(), &d, decl.data()), S_OK);
    p.decl = handleValue(d.ShaderHandle);
    EXPECT_EQ(umdState().pfnSetVertexShaderDecl(dev(), handleOf(p.decl)), S_OK);
    EXPECT_EQ(umdState().pfnSetVertexShaderFunc(dev(), handleOf(p.vs)), S_OK);
    EXPECT_EQ(umdState().pfnSetPixelShader(dev(), handleOf(p.ps)), S_OK);
    return p;
}

// One register of the constants the DP2 opcode `op` sets, through `door`.
HRESULT Cts::setConstant(Door door, uint8_t op, uint32_t reg, const void* value, size_t bytes) {
    if (door == Door::Umd) {
        const D3DDDIARG_SETVERTEXSHADERCONST a{reg, 1};
        const DDIVK_D3DDDI_STATEFUNCS& f = umdState();
        switch (op) {
        case D3DDP2OP_SETVERTEXSHADERCONST:
            return f.pfnSetVertexShaderConst(dev(), &a, value);
        case D3DDP2OP_SETPIXELSHADERCONST:
            return f.pfnSetPixelShaderConst(dev(), &a, static_cast<const float*>(value));
        case D3DDP2OP_SETPIXELSHADERCONSTI:
            return f.pfnSetPixelShaderConstI(dev(), &a, static_cast<const int32_t*>(value));
        case D3DDP2OP_SETPIXELSHADERCONSTB:
            return f.pfnSetPixelShaderConstB(dev(), &a, static_cast<const int32_t*>(value));
        default:
            ADD_FAILURE() << "no UMD function for opcode " << int(op);
            return E_FAIL;
        }
    }
    CommandStream s;
    s.cmd(op, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{reg, 1}).raw(value, bytes);
    return execute(s, nullptr, 0, 0, 0);
}

HRESULT Cts::setVsConstant(Door door, uint32_t reg, float x, float y, float z, float w) {
    const float v[4] = {x, y, z, w};
    return setConstant(door, D3DDP2OP_SETVERTEXSHADERCONST, reg, v, sizeof(v));
}

HRESULT Cts::setPsConstant(Door door, uint32_t reg, float x, float y, float z, float w) {
    const float v[4] = {x, y, z, w};
    return setConstant(door, D3DDP2OP_SETPIXELSHADERCONST, reg, v, sizeof(v));
}

HRESULT Cts::setPsConstantI(Door door, uint32_t reg, int32_t x, int32_t y, int32_t z, int32_t w) {
    const int32_t v[4] = {x, y, z, w};
    return setConstant(door, D3DDP2OP_SETPIXELSHADERCONSTI, reg, v, sizeof(v));
}

HRESULT Cts::setPsConstantB(Door door, uint32_t reg, bool value) {
    const int32_t v = value ? 1 : 0;
    return setConstant(door, D3DDP2OP_SETPIXELSHADERCONSTB, reg, &v, sizeof(v));
}

std::vector<uint32_t> Cts::readBuffer(uint32_t buffer, uint32_t bytes) {
    D3DDDIARG_LOCK a{};
    a.hResource = reinterpret_cast<HANDLE>(uintptr_t(buffer));
    a.Flags.Value = D3DDDI_LOCK_READONLY;
    std::vector<uint32_t> words(bytes / 4);
    EXPECT_EQ(umd().pfnLock(dev(), &a), S_OK);
    if (a.pSurfData) std::memcpy(words.data(), a.pSurfData, bytes);
    D3DDDIARG_UNLOCK u{a.hResource, 0, 0};
    EXPECT_EQ(umd().pfnUnlock(dev(), &u), S_OK);
    return words;
}

void Cts::setPixelToClip(Door door) {
    // clip = pixel * (2 / W, -2 / H) + (-1, 1): pixel centres of D3D9 (integers) land on
    // the pixel, z 0.5, w 1.
    EXPECT_EQ(setVsConstant(door, 0, 2.0f / kWidth, -2.0f / kHeight, 0.0f, 0.0f), S_OK);
    EXPECT_EQ(setVsConstant(door, 1, -1.0f, 1.0f, 0.5f, 1.0f), S_OK);
}

HRESULT Cts::setRenderState(Door door, uint32_t state, uint32_t value) {
    if (door == Door::Umd) {
        D3DDDIARG_RENDERSTATE a{state, value};
        return umdState().pfnSetRenderState(dev(), &a);
    }
    CommandStream s;
    renderState(s, state, value);
    return execute(s, nullptr, 0, 0, 0);
}

HRESULT Cts::setTextureStageState(Door door, uint32_t stage, uint32_t state, uint32_t value) {
    if (door == Door::Umd) {
        D3DDDIARG_TEXTURESTAGESTATE a{stage, state, value};
        return umdState().pfnSetTextureStageState(dev(), &a);
    }
    CommandStream s;
    s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1)
        .put(D3DHAL_DP2TEXTURESTAGESTATE{uint16_t(stage), uint16_t(state), value});
    return execute(s, nullptr, 0, 0, 0);
}

HRESULT Cts::setViewport(Door door, uint32_t x, uint32_t y, uint32_t width, uint32_t height) {
    if (door == Door::Umd) {
        D3DDDIARG_VIEWPORTINFO a{x, y, width, height};
        return umdState().pfnSetViewport(dev(), &a);
    }
    CommandStream s;
    s.cmd(D3DDP2OP_VIEWPORTINFO, 1).put(D3DHAL_DP2VIEWPORTINFO{x, y, width, height});
    return execute(s, nullptr, 0, 0, 0);
}

HRESULT Cts::setZRange(Door door, float minZ, float maxZ) {
    if (door == Door::Umd) {
        D3DDDIARG_ZRANGE a{minZ, maxZ};
        return umdState().pfnSetZRange(dev(), &a);
    }
    CommandStream s;
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{minZ, maxZ});
    return execute(s, nullptr, 0, 0, 0);
}

HRESULT Cts::setScissorRect(Door door, const RECT& rect) {
    if (door == Door::Umd) return umdState().pfnSetScissorRect(dev(), &rect);
    CommandStream s;
    s.cmd(D3DDP2OP_SETSCISSORRECT, 1).put(rect);
    return execute(s, nullptr, 0, 0, 0);
}

HRESULT Cts::clearWith(Door door, uint32_t flags, uint32_t color, const std::vector<RECT>& rects, float depth,
                       uint32_t stencil) {
    if (door == Door::Umd) {
        D3DDDIARG_CLEAR a{flags, color, depth, stencil};
        return umdState().pfnClear(dev(), &a, uint32_t(rects.size()), rects.data());
    }
    CommandStream s;
    clear(s, flags, color, rects, depth, stencil);
    return execute(s, nullptr, 0, 0, 0);
}

void Cts::forceFetch(bool on) {
    driverDevice().drawOptions().forceFetchFallback = on;
}

uint32_t Cts::createIndexBuffer(const std::vector<uint16_t>& indices) {
    return createBuffer(indices, true); // D3DFMT_INDEX16
}

uint32_t Cts::createIndexBuffer(const std::vector<uint32_t>& indices) {
    return created(D3DFMT_INDEX32, D3DDDI_RESOURCE_INDEXBUFFER,
                   {{uint32_t(indices.size() * 4), 1, 1, indices.data(), 0, 0}});
}

void Cts::expectScene(const Pixels& expected, int tolerance) {
    const std::vector<uint32_t> pixels = readTarget();
    int wrong = 0;
    for (int y = 0; y < int(kHeight); ++y)
        for (int x = 0; x < int(kWidth); ++x) {
            const auto it = expected.find({x, y});
            const uint32_t want = it == expected.end() ? kCtsBackground : it->second;
            const uint32_t got = pixels[size_t(y) * kWidth + x];
            bool near = true;
            for (int shift = 0; shift < 32; shift += 8)
                near = near && std::abs(int(got >> shift & 0xFF) - int(want >> shift & 0xFF)) <= tolerance;
            if (!near && ++wrong <= 8)
                ADD_FAILURE() << "pixel (" << x << ", " << y << "): 0x" << std::hex << got << ", want 0x"
                              << want;
        }
    EXPECT_EQ(wrong, 0) << "pixels differ";
}

} // namespace ddivk::test
