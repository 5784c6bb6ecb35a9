#include "unit/query/query_fixture.h"

#include <algorithm>

namespace ddivk::test {
namespace {

thread_local HRESULT g_lastError = S_OK; // reported on the calling thread

void DDIVK_APIENTRY setError(D3D10DDI_HRTDEVICE, HRESULT hr) {
    g_lastError = hr;
}

} // namespace

HRESULT QueryTest::takeError() {
    HRESULT hr = g_lastError;
    g_lastError = S_OK;
    return hr;
}

void QueryTest::SetUp() {
    RenderTest::SetUp();
    DDIVK_D3D10DDI_RUNTIME_CALLBACKS callbacks{setError};
    ASSERT_EQ(ddivk_d3d10_device_open(device_, &callbacks, D3D10DDI_HRTDEVICE{this}, &device10_), S_OK);
    funcs_ = ddivk_d3d10_query_functions();
    ASSERT_NE(funcs_, nullptr);
    takeError();
}

void QueryTest::TearDown() {
    for (D3D10DDI_HQUERY q : live10_)
        funcs_->pfnDestroyQuery(device10_, q);
    live10_.clear();
    EXPECT_EQ(takeError(), S_OK);
    ddivk_d3d10_device_close(device10_);
    RenderTest::TearDown();
}

void QueryTest::rect(CommandStream& s, std::vector<TLVertex>& v, float x0, float y0, float x1, float y1,
                     float z, uint32_t color) {
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{uint16_t(v.size())});
    for (TLVertex p : {vtx(x0, y0, color, z), vtx(x1, y0, color, z), vtx(x0, y1, color, z),
                       vtx(x1, y0, color, z), vtx(x1, y1, color, z), vtx(x0, y1, color, z)})
        v.push_back(p);
}

CommandStream QueryTest::scene() {
    CommandStream s;
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    return s;
}

D3D10DDI_HQUERY QueryTest::create10(D3D10DDI_QUERY type, uint32_t miscFlags) {
    D3D10DDIARG_CREATEQUERY args{type, miscFlags};
    queryMemory_.emplace_back(funcs_->pfnCalcPrivateQuerySize(device10_, &args));
    D3D10DDI_HQUERY q{queryMemory_.back().data()};
    funcs_->pfnCreateQuery(device10_, &args, q, D3D10DDI_HRTQUERY{nullptr});
    live10_.push_back(q);
    return q;
}

void QueryTest::destroy10(D3D10DDI_HQUERY q) {
    funcs_->pfnDestroyQuery(device10_, q);
    live10_.erase(std::remove_if(live10_.begin(), live10_.end(),
                                 [&](const D3D10DDI_HQUERY& h) { return h.pDrvPrivate == q.pDrvPrivate; }),
                  live10_.end());
}

HRESULT QueryTest::getData10(D3D10DDI_HQUERY q, void* data, uint32_t size, uint32_t flags) {
    takeError();
    funcs_->pfnQueryGetData(device10_, q, data, size, flags);
    return takeError();
}

HRESULT QueryTest::executeResponding(CommandStream& s, const std::vector<TLVertex>& vertices,
                                     std::vector<Response>& out, uint32_t capacity, bool* sawContinue) {
    const std::vector<std::byte>& bytes = s.bytes();
    capacity = std::max<uint32_t>(capacity, uint32_t(bytes.size()));
    DDIVK_DP2BUFFER* buffer = nullptr;
    EXPECT_EQ(ddivk_dp2_buffer_create(capacity, DDIVK_DP2BUFFER_COMMANDS, &buffer), S_OK);
    // The pool rounds buffer sizes up: place the commands so that exactly `capacity` bytes
    // follow dwCommandOffset (the room the responses get).
    const uint32_t offset = buffer->dwSize - capacity;
    auto* memory = static_cast<std::byte*>(buffer->lpMemory);
    if (!bytes.empty()) std::memcpy(memory + offset, bytes.data(), bytes.size());

    D3DHAL_DRAWPRIMITIVES2DATA data{};
    data.dwhContext = context_;
    data.dwFlags = D3DHALDP2_USERMEMVERTICES;
    data.dwVertexType = kTLVertexFvf;
    data.lpDDCommands = buffer;
    data.dwCommandOffset = offset;
    data.dwCommandLength = uint32_t(bytes.size());
    data.lpVertices = const_cast<TLVertex*>(vertices.data());
    data.dwVertexLength = uint32_t(vertices.size());
    data.dwVertexSize = sizeof(TLVertex);
    EXPECT_EQ(ddivk_DrawPrimitives2(&data), DDHAL_DRIVER_HANDLED);
    errorOffset_ = data.dwErrorOffset;
    if (sawContinue) *sawContinue = false;
    if (data.ddrval == S_OK && data.dwErrorOffset > 0) {
        // Parse the response buffer: RESPONSEQUERY groups, maybe a RESPONSECONTINUE at the end.
        const std::byte* p = memory + offset;
        size_t at = 0;
        while (at < data.dwErrorOffset) {
            D3DHAL_DP2RESPONSE header;
            std::memcpy(&header, p + at, sizeof header);
            EXPECT_GE(header.dwTotalSize, sizeof header);
            if (header.bCommand == D3DDP2OP_RESPONSECONTINUE) {
                if (sawContinue) *sawContinue = true;
                at += header.dwTotalSize;
                continue;
            }
            EXPECT_EQ(header.bCommand, D3DDP2OP_RESPONSEQUERY);
            size_t q = at + sizeof header;
            for (uint16_t i = 0; i < header.wStateCount; ++i) {
                D3DHAL_DP2RESPONSEQUERY r;
                std::memcpy(&r, p + q, sizeof r);
                Response response;
                response.queryID = r.dwQueryID;
                response.data.assign(p + q + sizeof r, p + q + sizeof r + r.dwSize);
                out.push_back(std::move(response));
                q += sizeof r + r.dwSize;
            }
            EXPECT_EQ(q, at + header.dwTotalSize);
            at += header.dwTotalSize;
            if (header.dwTotalSize == 0) break;
        }
        EXPECT_EQ(at, data.dwErrorOffset);
    }
    ddivk_dp2_buffer_destroy(buffer);
    return data.ddrval;
}

std::vector<Response> QueryTest::collect(size_t count, std::vector<Response> have) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (have.size() < count && std::chrono::steady_clock::now() < deadline) {
        CommandStream empty;
        EXPECT_EQ(executeResponding(empty, {}, have), S_OK);
    }
    EXPECT_EQ(have.size(), count);
    return have;
}

} // namespace ddivk::test
