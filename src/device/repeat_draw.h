// The previous draw's preparation, kept for the next draw. D3D9 programs mostly change only
// shader constants, transforms or sampler states between draws; while nothing else a draw's
// preparation reads has changed, the next draw reuses it (the programs, the declaration, the
// stream plan, the surfaces and resources found, the translations and the pipeline key) and
// goes straight to recording, which still uploads what changed (context_repeat_draw.cpp).
#pragma once

#include <cstdint>

#include "device/draw_programs.h"
#include "state/dirty.h"

namespace ddivk::device {

struct RepeatableDraw {
    bool valid = false;
    PreparedDraw prepared;
    // What the preparation read beyond the state cache: the call's shape and the generations of
    // the object tables its pointers came from.
    uint32_t type = 0;
    bool indexed = false;
    uint32_t stream0Bytes = 0;
    uint32_t startVertex = 0; // read only when the plan fetches (its fetch block holds it)
    uint64_t deviceObjects = 0;
    uint64_t shaders = 0;
    uint64_t declarations = 0;
    bool forceFetchFallback = false;
    bool dividerMode = false;
};

// State a repeated draw takes in: recording reads it afresh every draw (uniform blocks, sampler
// objects, the scissor); nothing drawProgram decides depends on it.
constexpr uint32_t kRepeatableChanges =
    state::DirtyState::VsConstF | state::DirtyState::VsConstI | state::DirtyState::VsConstB |
    state::DirtyState::PsConstF | state::DirtyState::PsConstI | state::DirtyState::PsConstB |
    state::DirtyState::Transforms | state::DirtyState::Material | state::DirtyState::Lights |
    state::DirtyState::ClipPlanes | state::DirtyState::Samplers | state::DirtyState::Scissor;

} // namespace ddivk::device
