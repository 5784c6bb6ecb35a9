// The contexts DrawPrimitives2 can address: dwhContext -> target, plus what every call needs
// (the runtime's D3dParseUnknownCommand callback and the DP2 buffer pool). Thread-safe; calls
// on one context must not overlap (the runtime serialises them), calls on different contexts
// may.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>

#include "ddivk/dp2.h"
#include "dp2/buffer_pool.h"
#include "dp2/scratch_arena.h"
#include "dp2/target.h"
#include "util/sync.h"

namespace ddivk::dp2 {

class ContextTable {
  public:
    // One registered context.
    struct Entry {
        Target* target = nullptr;
        ScratchArena scratch; // per context, so concurrent contexts do not share it
    };

    ContextTable() = default;
    ContextTable(const ContextTable&) = delete;
    ContextTable& operator=(const ContextTable&) = delete;

    // Registers `target` under a new nonzero handle and returns it.
    uintptr_t add(Target& target);
    // Registers `target` under a handle the caller chose (nonzero); false if it is taken.
    bool add(uintptr_t handle, Target& target);
    // Unregisters a handle; false if it was not registered.
    bool remove(uintptr_t handle);
    // The entry of a handle, or nullptr (D3DHAL_CONTEXT_BAD).
    Entry* find(uintptr_t handle);

    // The runtime's D3dParseUnknownCommand (GUID_D3DParseUnknownCommandCallback); may be null.
    void setParseUnknownCommand(PFND3DPARSEUNKNOWNCOMMAND callback);
    PFND3DPARSEUNKNOWNCOMMAND parseUnknownCommand() const;

    // The pool DP2 buffers come from and are renamed through.
    Dp2BufferPool& bufferPool() { return pool_; }

  private:
    mutable util::Mutex mutex_;
    std::unordered_map<uintptr_t, std::unique_ptr<Entry>> entries_;
    uintptr_t nextHandle_ = 1;
    PFND3DPARSEUNKNOWNCOMMAND parse_ = nullptr;
    Dp2BufferPool pool_;
};

} // namespace ddivk::dp2
