// DP2 command tokens written into a byte vector (ddivk-demo).
#pragma once

#include <cstdint>
#include <vector>

#include "ddivk/d3d9_enums.h"
#include "ddivk/dp2.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/hresult.h"

namespace ddivk::demo {

class Commands {
  public:
    template <class T> Commands& put(const T& v) {
        const auto* p = reinterpret_cast<const uint8_t*>(&v);
        bytes_.insert(bytes_.end(), p, p + sizeof(T));
        return *this;
    }
    template <class T> Commands& putAll(const std::vector<T>& values) {
        for (const T& v : values) put(v);
        return *this;
    }
    Commands& cmd(uint8_t op, uint16_t count) {
        D3DHAL_DP2COMMAND c{};
        c.bCommand = op;
        c.wStateCount = count;
        return put(c);
    }
    Commands& renderState(uint32_t state, uint32_t value) {
        D3DHAL_DP2RENDERSTATE rs{};
        rs.RenderState = state;
        rs.dwState = value;
        return cmd(D3DDP2OP_RENDERSTATE, 1).put(rs);
    }
    Commands& clear(uint32_t flags, uint32_t color, float depth) {
        return cmd(D3DDP2OP_CLEAR, 0).put(flags).put(color).put(depth).put(uint32_t(0));
    }
    const std::vector<uint8_t>& bytes() const { return bytes_; }

  private:
    std::vector<uint8_t> bytes_;
};

// One DP2 call of `commands` on the context, with user-memory vertices (none: null, 0);
// prints the error offset when it fails.
HRESULT execute(uintptr_t context, const Commands& commands, const void* vertices = nullptr,
                uint32_t vertexCount = 0, uint32_t vertexSize = 0, uint32_t fvf = 0);

} // namespace ddivk::demo
