// Stream output (TranslationKey::streamOutput): each captured run of components, of a vs_3_0
// output register (the D3D10 door) or of an output semantic of any vertex shader
// (ProcessVertices), becomes an Output variable of its own, decorated for transform feedback
// (XfbBuffer, XfbStride, Offset), so that an output can be captured partly, several times, and
// whatever semantic the pixel stage links it by. The variables take locations the pixel stage
// does not read.
#include "shader/abi.h"
#include "shader/translate/emitter.h"

namespace ddivk::shader::translator {

using spirv::Decoration;
using spirv::StorageClass;

void Emitter::streamOutputs(uint32_t usedLocations, const std::vector<SemanticValue>& semantics) {
    b.capability(spirv::Capability::TransformFeedback);
    out_.captureOnlyOutputs = true;
    const Id ptr = b.types().pointerType(StorageClass::Private, tVec4);
    uint32_t location = 0;
    for (uint32_t entry : key_.streamOutput) {
        if (!entry) break;
        const StreamOutputField f = streamOutputField(entry);
        if ((!f.bySemantic && f.reg >= 12) || f.first + f.count > 4 ||
            f.offset + 4 * f.count > key_.streamOutputStrides[f.buffer])
            throw TranslateError{0, "key", "stream output entry out of range"};
        while (location < abi::kLocCount && (usedLocations >> location & 1)) ++location;
        if (location >= abi::kLocCount) throw TranslateError{0, "key", "no location left for stream output"};
        usedLocations |= 1u << location;

        if (!f.bySemantic && p_.major < 3)
            throw TranslateError{0, "key", "stream output of registers needs a vs_3_0 program"};
        Id value = splat4(0.0f); // an output the program never writes captures zero
        if (f.bySemantic) {
            for (const SemanticValue& v : semantics)
                if (v.usage == f.usage && v.usageIndex == f.reg) value = v.value;
        } else if (outputArray_) {
            const Id indices[] = {i32(int32_t(f.reg))};
            value = b.load(tVec4, b.accessChain(ptr, outputArray_, indices));
        }
        Id type = tF32;
        if (f.count == 1) {
            value = component(value, f.first);
        } else {
            type = b.types().vec(f.count);
            uint32_t lanes[4];
            for (uint32_t i = 0; i < f.count; ++i) lanes[i] = f.first + i;
            value = b.vectorShuffle(type, value, value, std::span<const uint32_t>(lanes, f.count));
        }
        const Id var = b.variable(StorageClass::Output, type);
        b.location(var, location);
        b.decorate(var, Decoration::XfbBuffer, f.buffer);
        b.decorate(var, Decoration::XfbStride, key_.streamOutputStrides[f.buffer]);
        b.decorate(var, Decoration::Offset, f.offset);
        interface_.push_back(var);
        b.store(var, value);
    }
}

} // namespace ddivk::shader::translator
