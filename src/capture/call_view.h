// What a capture records of one D3dDrawPrimitives2 call (docs/dp2-capture.md, "What a writer
// stores"): its input fields and views of its command and vertex memory.
#pragma once

#include "capture/capture.h"
#include "capture/encode.h"
#include "ddivk/dp2.h"

namespace ddivk::capture {

struct CallView {
    SubmissionFields fields;
    BufferView commands;
    BufferView vertices;
    const char* problem = nullptr; // why the call cannot be recorded, or null
};

// Reads data's inputs and buffer pointers. Call before the driver runs the call: it writes
// ddrval over dwVertexSize and may rename the buffers.
CallView viewOfCall(const D3DHAL_DRAWPRIMITIVES2DATA& data);

// The recorded input fields of a call.
SubmissionFields fieldsOfCall(const D3DHAL_DRAWPRIMITIVES2DATA& data);

} // namespace ddivk::capture
