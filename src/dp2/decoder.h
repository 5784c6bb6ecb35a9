// Internals of the DP2 executor shared by the opcode handlers: the state of one call (Exec),
// the token being decoded (Cmd) and a reader that never reads past dwCommandLength (Payload).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "ddivk/dp2.h"
#include "ddivk/hresult.h"
#include "dp2/scratch_arena.h"
#include "dp2/target.h"

namespace ddivk::dp2::detail {

// The payload runs past the end of the command data: the command cannot be parsed.
constexpr HRESULT kTruncated = D3DERR_COMMAND_UNPARSED;
// The payload is complete but its contents are invalid (counts, indices, FVF, sizes).
constexpr HRESULT kInvalid = D3DERR_INVALIDCALL;

// One DrawPrimitives2 call being executed.
struct Exec {
    Target& target;
    ScratchArena& arena;
    const std::byte* commands = nullptr; // lpDDCommands memory; offsets are relative to it
    size_t end = 0;                      // dwCommandOffset + dwCommandLength
    ExecuteInfo info;                    // resolved DP2 vertex data
    uint32_t* renderStates = nullptr;    // lpdwRStates when D3DHALDP2_EXECUTEBUFFER is set
    bool writeBackRenderStates = false;  // D3DHALDP2_EXECUTEBUFFER
};

// The token being decoded.
struct Cmd {
    uint8_t op = 0;
    uint16_t count = 0; // wPrimitiveCount / wStateCount
    size_t offset = 0;  // of the D3DHAL_DP2COMMAND, relative to Exec::commands
};

// Decodes one token: validates all of it, calls the target once, and on success sets `next`
// to the offset of the following token.
using Handler = HRESULT (*)(Exec&, const Cmd&, size_t& next);

// Reads a token's payload front to back. Every read is checked against Exec::end; a failed
// read leaves the reader unusable (the caller returns kTruncated).
class Payload {
  public:
    Payload(const Exec& exec, const Cmd& cmd)
        : base_(exec.commands), pos_(cmd.offset + sizeof(D3DHAL_DP2COMMAND)), end_(exec.end),
          arena_(exec.arena) {}

    size_t position() const { return pos_; }
    size_t remaining() const { return end_ - pos_; }

    // `n` raw bytes (no alignment).
    bool bytes(uint64_t n, const std::byte*& out) {
        out = nullptr;
        if (n > remaining()) return false;
        out = base_ + pos_;
        pos_ += static_cast<size_t>(n);
        return true;
    }

    bool skip(uint64_t n) {
        const std::byte* ignored;
        return bytes(n, ignored);
    }

    // Moves to the next DWORD boundary (the IMM vertex rule), measured from the start of the
    // command buffer memory: pool buffers are 64-byte aligned, so this is the DDK's absolute
    // address alignment, and it does not depend on where a test places the buffer.
    bool alignToDword() { return skip((4 - (pos_ & 3)) & 3); }

    // A copy of one T.
    template <class T> bool value(T& out) {
        const std::byte* p;
        if (!bytes(sizeof(T), p)) return false;
        std::memcpy(&out, p, sizeof(T));
        return true;
    }

    // `count` consecutive T, aligned for T: in place when the data is aligned, else copied
    // into the scratch arena.
    template <class T> bool array(uint64_t count, std::span<const T>& out) {
        if (count > remaining() / sizeof(T)) return false;
        const std::byte* p = base_ + pos_;
        const auto n = static_cast<size_t>(count);
        pos_ += n * sizeof(T);
        if (reinterpret_cast<uintptr_t>(p) % alignof(T) == 0) {
            out = std::span<const T>(reinterpret_cast<const T*>(p), n);
        } else {
            T* copy = arena_.allocateArray<T>(n);
            if (n) std::memcpy(static_cast<void*>(copy), p, n * sizeof(T));
            out = std::span<const T>(copy, n);
        }
        return true;
    }

    // One T, aligned, in place or copied.
    template <class T> bool object(const T*& out) {
        std::span<const T> one;
        if (!array<T>(1, one)) return false;
        out = one.data();
        return true;
    }

  private:
    const std::byte* base_;
    size_t pos_;
    size_t end_;
    ScratchArena& arena_;
};

// Handlers by family (decode_*.cpp); the opcode table (opcode_table.cpp) points at them.
template <class T, HRESULT (Target::*Method)(Items<T>)>
HRESULT fixedArray(Exec& exec, const Cmd& cmd, size_t& next) {
    Payload payload(exec, cmd);
    std::span<const T> items;
    if (!payload.array(cmd.count, items)) return kTruncated;
    next = payload.position();
    if (items.empty()) return S_OK;
    return (exec.target.*Method)(items);
}

// D3DDP2OP_RENDERSTATE: wStateCount states in one target call; with D3DHALDP2_EXECUTEBUFFER
// also written back to lpdwRStates[state] for states below D3DHAL_MAX_RSTATES, once the target
// accepted them. (The executor's loop decodes the common token, without write-back, in place.)
// (Rule DP2.ExecuteBufferWritesBackRenderStates.)
inline HRESULT renderState(Exec& exec, const Cmd& cmd, size_t& next) {
    Payload payload(exec, cmd);
    std::span<const D3DHAL_DP2RENDERSTATE> states;
    if (!payload.array(cmd.count, states)) return kTruncated;
    next = payload.position();
    if (states.empty()) return S_OK;
    if (exec.writeBackRenderStates && !exec.renderStates) return kInvalid;
    const HRESULT hr = exec.target.renderStates(states);
    if (failed(hr) || !exec.writeBackRenderStates) return hr;
    for (const D3DHAL_DP2RENDERSTATE& state : states)
        if (state.RenderState < D3DHAL_MAX_RSTATES) exec.renderStates[state.RenderState] = state.dwState;
    return hr;
}

HRESULT setLight(Exec&, const Cmd&, size_t& next);
HRESULT clear(Exec&, const Cmd&, size_t& next);
HRESULT updatePalette(Exec&, const Cmd&, size_t& next);
HRESULT setConvolutionKernelMono(Exec&, const Cmd&, size_t& next);
HRESULT responseToken(Exec&, const Cmd&, size_t& next);

HRESULT createVertexShader(Exec&, const Cmd&, size_t& next);
HRESULT createVertexShaderDecl(Exec&, const Cmd&, size_t& next);
HRESULT createVertexShaderFunc(Exec&, const Cmd&, size_t& next);
HRESULT createPixelShader(Exec&, const Cmd&, size_t& next);
template <ShaderStage Stage> HRESULT shaderConstF(Exec&, const Cmd&, size_t& next);
template <ShaderStage Stage> HRESULT shaderConstI(Exec&, const Cmd&, size_t& next);
template <ShaderStage Stage> HRESULT shaderConstB(Exec&, const Cmd&, size_t& next);

HRESULT drawRectPatch(Exec&, const Cmd&, size_t& next);
HRESULT drawTriPatch(Exec&, const Cmd&, size_t& next);
HRESULT legacyPrimitive(Exec&, const Cmd&, size_t& next);

// The handler of each opcode, nullptr when the opcode is unknown (parse callback).
extern const std::array<Handler, 256> kDispatch;

} // namespace ddivk::dp2::detail
