#include "cts/cts_fixture.h"

#include <cstdlib>

#include "device/device.h"

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

void Cts::setProgram(const char* vs, const char* ps, const std::vector<D3DVERTEXELEMENT9>& decl) {
    CommandStream s;
    setShaderProgram(s, vs, ps, decl);
    run(s);
}

void Cts::setVsConstant(uint32_t reg, float x, float y, float z, float w) {
    CommandStream s;
    const float v[4] = {x, y, z, w};
    s.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{reg, 1}).put(v);
    run(s);
}

void Cts::setPixelToClip() {
    // clip = pixel * (2 / W, -2 / H) + (-1, 1): pixel centres of D3D9 (integers) land on
    // the pixel, z 0.5, w 1.
    setVsConstant(0, 2.0f / kWidth, -2.0f / kHeight, 0.0f, 0.0f);
    setVsConstant(1, -1.0f, 1.0f, 0.5f, 1.0f);
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

void Cts::clearTarget() {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kCtsBackground);
    run(s);
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
