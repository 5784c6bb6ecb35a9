// State blocks (D3DHAL_DP2STATESET): a mask over the slot space, the packed values of its slots,
// and the lights it holds. A predefined block's mask comes from the SDK lists in
// predefined_blocks.cpp; a recorded block's mask is whatever was set between BEGIN and END.
#pragma once

#include "state/device_state.h"
#include "state/dirty.h"
#include "state/lights.h"
#include "state/slots.h"

#include <cstdint>
#include <vector>

namespace ddivk::state {

// One light a block holds: its parameters, its enable flag, or both.
struct LightRecord {
    uint32_t index;
    bool hasData;
    bool hasEnable;
    bool enabled;
    D3DLIGHT9 light;
};

struct StateBlock {
    uint32_t type = 0; // D3DSBT_* for a predefined block, 0 for a recorded one
    StateMask mask;
    std::vector<uint8_t> values;     // packed values of the mask's slots, slot order
    std::vector<LightRecord> lights; // ascending index
};

// What BEGIN..END collects: setters write into scratch and set mask bits instead of touching
// the device (see docs/state.md, "Recording"). Allocated once, reused by later recordings.
struct Recorder {
    uint32_t handle = 0;
    bool active = false;
    DeviceState scratch;
    StateMask mask;
    std::vector<LightRecord> lights;

    // The record for a light index, inserted (no data, no enable) when absent.
    LightRecord& light(uint32_t index);
};

// Slots captured by a predefined block type, or nullptr for anything but D3DSBT_ALL,
// D3DSBT_PIXELSTATE and D3DSBT_VERTEXSTATE.
const StateMask* predefinedMask(uint32_t type);
// Whether a predefined block type holds the lights (ALL and VERTEXSTATE).
bool predefinedHoldsLights(uint32_t type);

// A predefined block holding the current values of its type's slots and lights; of the vertex
// shader registers, those of the device's files.
StateBlock makePredefinedBlock(uint32_t type, const DeviceState& s, const LightTable& lights,
                               const VsRegisterLimits& vsLimits = kHardwareVsRegisters);
// The block a finished recording describes.
StateBlock makeRecordedBlock(const Recorder& r);
// CAPTURE: refresh the values of what the block holds from the current state.
void captureBlock(StateBlock& b, const DeviceState& s, const LightTable& lights);
// EXECUTE: write what the block holds into the state, marking it dirty.
void applyBlock(const StateBlock& b, DeviceState& s, LightTable& lights, DirtyState& dirty);

} // namespace ddivk::state
