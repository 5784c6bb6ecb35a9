// From the public API's opaque handles to the driver objects behind them, for the driver's own
// tools and tests (the public API itself never needs this).
#pragma once

#include <cstdint>

#include "ddivk/ddivk.h"

namespace ddivk::device {

class Device;
class Context;

Device& deviceOf(ddivk_device* device);
// The context registered under a DP2 handle, or nullptr.
Context* contextOf(uintptr_t handle);

} // namespace ddivk::device
