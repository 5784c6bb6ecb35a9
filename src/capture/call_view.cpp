#include "capture/call_view.h"

#include <algorithm>

namespace ddivk::capture {
namespace {

// end(off, len) = min(bufferSize, off + len), without overflow.
uint32_t storedEnd(uint32_t bufferSize, uint64_t offset, uint64_t length) {
    return uint32_t(std::min<uint64_t>(bufferSize, offset + length));
}

BufferView viewOfBuffer(const DDIVK_DP2BUFFER* buffer, uint64_t offset, uint64_t length) {
    if (!buffer) return {};
    BufferView view{BufferSource::Dp2Buffer, buffer->dwSize, {}};
    if (buffer->lpMemory)
        view.stored = {static_cast<const uint8_t*>(buffer->lpMemory),
                       storedEnd(buffer->dwSize, offset, length)};
    return view;
}

} // namespace

SubmissionFields fieldsOfCall(const D3DHAL_DRAWPRIMITIVES2DATA& data) {
    SubmissionFields f;
    f.dwFlags = data.dwFlags;
    f.dwVertexType = data.dwVertexType;
    f.dwCommandOffset = data.dwCommandOffset;
    f.dwCommandLength = data.dwCommandLength;
    f.dwVertexOffset = data.dwVertexOffset;
    f.dwVertexLength = data.dwVertexLength;
    f.dwVertexSize = data.dwVertexSize;
    f.dwReqVertexBufSize = data.dwReqVertexBufSize;
    f.dwReqCommandBufSize = data.dwReqCommandBufSize;
    return f;
}

CallView viewOfCall(const D3DHAL_DRAWPRIMITIVES2DATA& data) {
    CallView view;
    view.fields = fieldsOfCall(data);
    view.commands = viewOfBuffer(data.lpDDCommands, data.dwCommandOffset, data.dwCommandLength);
    const uint64_t vertexBytes = uint64_t(data.dwVertexLength) * data.dwVertexSize;
    if (data.dwFlags & D3DHALDP2_USERMEMVERTICES) {
        if (data.lpVertices) {
            const uint64_t size = data.dwVertexOffset + vertexBytes;
            if (size > kMaxPayload - kSubmissionFixedSize) {
                view.problem = "user-memory vertices larger than a record can hold";
                return view;
            }
            view.vertices = {BufferSource::UserMemory,
                             uint32_t(size),
                             {static_cast<const uint8_t*>(data.lpVertices), size_t(size)}};
        }
    } else {
        view.vertices = viewOfBuffer(data.lpDDVertex, data.dwVertexOffset, vertexBytes);
    }
    view.problem = checkBuffers(view.commands, view.vertices);
    return view;
}

} // namespace ddivk::capture
