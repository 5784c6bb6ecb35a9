// Calls the driver or the d3d9.dll front end does not implement: each call site logs one warning
// (the first time it is reached) and every call is counted, so that the process's total can be
// logged at exit ("n calls to unimplemented methods").
#pragma once

#include <cstdint>

#include "util/log.h"

namespace ddivk::unimplemented {

// Counts one call of an unimplemented method.
void count();
// Calls counted so far in this process.
uint64_t total();
// Logs the total at warn level when it is not zero (the front end calls it at process detach).
void logTotal();

} // namespace ddivk::unimplemented

// One call of the unimplemented method `what` (a string literal such as
// "IDirect3DDevice9::SetCursorProperties"): a warning the first time this call site is reached,
// and a count every time.
#define DDIVK_UNIMPLEMENTED(what)                                                                            \
    do {                                                                                                     \
        ::ddivk::unimplemented::count();                                                                     \
        DDIVK_WARN_ONCE("%s is not implemented", what);                                                      \
    } while (0)
