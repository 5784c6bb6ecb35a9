// Vertex fetch in the shader: inputs the key marks as fetched are read from storage buffers and
// converted from their D3DDECLTYPE here, the fallback for what Vulkan's vertex input cannot do
// (the stream-frequency divider mode, instancing without the divisor extension). abi.h gives
// the indexing; the conversions give exactly what the Vulkan vertex formats of
// draw/vertex_decl.cpp give, so both paths produce the same values.
#include "shader/abi.h"
#include "shader/translate/emitter.h"

namespace ddivk::shader::translator {

using spirv::BuiltIn;
using spirv::Decoration;
using spirv::StorageClass;

namespace {

// D3DDECLTYPE values (ddivk/d3d9_decl.h; the shader room does not include the draw room's header).
enum DeclType : uint8_t {
    kFloat1 = 0, kFloat2, kFloat3, kFloat4, kD3DColor, kUByte4, kShort2, kShort4, kUByte4N, kShort2N,
    kShort4N, kUShort2N, kUShort4N, kUDec3, kDec3N, kFloat16x2, kFloat16x4,
};

uint32_t wordsOf(uint8_t type) {
    switch (type) {
    case kFloat1: return 1;
    case kFloat2: return 2;
    case kFloat3: return 3;
    case kFloat4: return 4;
    case kShort4:
    case kShort4N:
    case kUShort4N:
    case kFloat16x4: return 2;
    default: return 1;
    }
}

struct FetchContext {
    Emitter& e;
    Id tUVec4;
    Id u(uint32_t v) { return e.u32(v); }
    Id band(Id a, uint32_t mask) { return e.b.binary(Op::BitwiseAnd, e.tU32, a, u(mask)); }
    Id shr(Id a, uint32_t n) { return n ? e.b.binary(Op::ShiftRightLogical, e.tU32, a, u(n)) : a; }
    Id toFloat(Id a) { return e.b.convertUToF(e.tF32, a); }
    // Bits [at, at + 16) of `word` as a signed value.
    Id signed16(Id word, uint32_t at) {
        const Id up = e.b.binary(Op::ShiftLeftLogical, e.tU32, word, u(16 - at));
        return e.b.convertSToF(e.tF32, e.b.binary(Op::ShiftRightArithmetic, e.tI32, e.b.bitcast(e.tI32, up), e.i32(16)));
    }
    // Bits [at, at + 10) of `word` as a signed value.
    Id signed10(Id word, uint32_t at) {
        const Id up = e.b.binary(Op::ShiftLeftLogical, e.tU32, word, u(22 - at));
        return e.b.convertSToF(e.tF32, e.b.binary(Op::ShiftRightArithmetic, e.tI32, e.b.bitcast(e.tI32, up), e.i32(22)));
    }
    // x / scale, at least -1 (the SNORM rule: the most negative value is -1 too).
    Id snorm(Id x, float scale) {
        return e.glsl(Glsl::FMax, e.tF32, {e.b.fDiv(e.tF32, x, e.f32(scale)), e.f32(-1.0f)});
    }
    Id unorm(Id x, float scale) { return e.b.fDiv(e.tF32, toFloat(x), e.f32(scale)); }
    Id vec4(Id x, Id y, Id z, Id w) { return e.b.compositeConstruct(e.tVec4, std::vector<Id>{x, y, z, w}); }

    // The value of one element from its words, as the matching Vulkan vertex format reads it.
    Id decode(uint8_t type, const std::vector<Id>& w) {
        const Id zero = e.f32(0.0f), one = e.f32(1.0f);
        auto f = [&](size_t i) { return e.b.bitcast(e.tF32, w[i]); };
        auto byte = [&](Id word, uint32_t n) { return band(shr(word, 8 * n), 0xFF); };
        auto half = [&](Id word, uint32_t n) { return band(shr(word, 16 * n), 0xFFFF); };
        switch (type) {
        case kFloat1: return vec4(f(0), zero, zero, one);
        case kFloat2: return vec4(f(0), f(1), zero, one);
        case kFloat3: return vec4(f(0), f(1), f(2), one);
        case kFloat4: return vec4(f(0), f(1), f(2), f(3));
        case kD3DColor: // bytes B, G, R, A
            return vec4(unorm(byte(w[0], 2), 255.0f), unorm(byte(w[0], 1), 255.0f), unorm(byte(w[0], 0), 255.0f),
                        unorm(byte(w[0], 3), 255.0f));
        case kUByte4:
            return vec4(toFloat(byte(w[0], 0)), toFloat(byte(w[0], 1)), toFloat(byte(w[0], 2)),
                        toFloat(byte(w[0], 3)));
        case kUByte4N:
            return vec4(unorm(byte(w[0], 0), 255.0f), unorm(byte(w[0], 1), 255.0f), unorm(byte(w[0], 2), 255.0f),
                        unorm(byte(w[0], 3), 255.0f));
        case kShort2: return vec4(signed16(w[0], 0), signed16(w[0], 16), zero, one);
        case kShort4: return vec4(signed16(w[0], 0), signed16(w[0], 16), signed16(w[1], 0), signed16(w[1], 16));
        case kShort2N:
            return vec4(snorm(signed16(w[0], 0), 32767.0f), snorm(signed16(w[0], 16), 32767.0f), zero, one);
        case kShort4N:
            return vec4(snorm(signed16(w[0], 0), 32767.0f), snorm(signed16(w[0], 16), 32767.0f),
                        snorm(signed16(w[1], 0), 32767.0f), snorm(signed16(w[1], 16), 32767.0f));
        case kUShort2N: return vec4(unorm(half(w[0], 0), 65535.0f), unorm(half(w[0], 1), 65535.0f), zero, one);
        case kUShort4N:
            return vec4(unorm(half(w[0], 0), 65535.0f), unorm(half(w[0], 1), 65535.0f), unorm(half(w[1], 0), 65535.0f),
                        unorm(half(w[1], 1), 65535.0f));
        case kUDec3:
            return vec4(toFloat(band(w[0], 0x3FF)), toFloat(band(shr(w[0], 10), 0x3FF)),
                        toFloat(band(shr(w[0], 20), 0x3FF)), one);
        case kDec3N:
            return vec4(snorm(signed10(w[0], 0), 511.0f), snorm(signed10(w[0], 10), 511.0f),
                        snorm(signed10(w[0], 20), 511.0f), one);
        case kFloat16x2: {
            const Id xy = e.glsl(Glsl::UnpackHalf2x16, e.tVec2, {w[0]});
            return vec4(e.b.compositeExtract(e.tF32, xy, 0), e.b.compositeExtract(e.tF32, xy, 1), zero, one);
        }
        case kFloat16x4: {
            const Id xy = e.glsl(Glsl::UnpackHalf2x16, e.tVec2, {w[0]});
            const Id zw = e.glsl(Glsl::UnpackHalf2x16, e.tVec2, {w[1]});
            return vec4(e.b.compositeExtract(e.tF32, xy, 0), e.b.compositeExtract(e.tF32, xy, 1),
                        e.b.compositeExtract(e.tF32, zw, 0), e.b.compositeExtract(e.tF32, zw, 1));
        }
        default: throw TranslateError{0, "key", "fetched input of an unknown D3DDECLTYPE"};
        }
    }
};

Id builtinInput(Emitter& e, BuiltIn which, Id& cache) {
    if (!cache) {
        cache = e.b.variable(StorageClass::Input, e.tI32);
        e.b.builtIn(cache, which);
        e.interface_.push_back(cache);
    }
    return e.b.bitcast(e.tU32, e.b.load(e.tI32, cache));
}

using FetchElement = TranslationKey::FetchElement;

// Where a stream's element sits and how many words the shader may read of the buffer.
struct StreamAt {
    Id address; // bytes: offset + index * stride
    Id length;  // words in the buffer
};

} // namespace

bool Emitter::isFetched(uint32_t input) const {
    return !isPixel() && input < key_.fetch.size() && key_.fetch[input].type != TranslationKey::kNotFetched;
}

Id Emitter::fetchedVar(uint32_t input) {
    if (auto it = fetchedVars_.find(input); it != fetchedVars_.end()) return it->second;
    const Id var = b.variable(StorageClass::Private, tVec4, b.constants().null(tVec4));
    fetchedVars_.emplace(input, var);
    return var;
}

void Emitter::emitVertexFetch() {
    for (const auto& [reg, dcl] : decls_)
        if (reg.first == RegType::Input && isFetched(reg.second)) fetchedVar(reg.second);
    if (fetchedVars_.empty()) return;
    FetchContext c{*this, b.types().vectorType(tU32, 4)};

    // The VsFetch block: 16 uvec4 stream records, then startVertex.
    const Id streams = b.types().arrayType(c.tUVec4, u32(abi::kFetchStreamCount), 16);
    const Id members[] = {streams, tU32};
    const Id block = b.types().structType(members);
    b.decorate(block, Decoration::Block);
    b.memberDecorate(block, 0, Decoration::Offset, 0);
    b.memberDecorate(block, 1, Decoration::Offset, abi::kFetchStreamCount * 16);
    const Id fetchVar = b.variable(StorageClass::Uniform, block);
    b.binding(fetchVar, abi::kDescriptorSet, abi::kVsFetchBinding);
    const Id uvec4Pointer = b.types().pointerType(StorageClass::Uniform, c.tUVec4);
    const Id wordPointer = b.types().pointerType(StorageClass::StorageBuffer, tU32);

    // The element address of each stream, computed once for all of its elements: only the index
    // of the mode the key names (abi.h), so the common cases divide nothing (per vertex, per
    // instance with divider 1) or once (divided, its start term divided on the CPU).
    std::map<uint8_t, StreamAt> streamsAt;
    auto streamAt = [&](uint8_t streamByte) -> const StreamAt& {
        const uint8_t code = streamByte & ~TranslationKey::kFetchWordAligned;
        if (auto it = streamsAt.find(code); it != streamsAt.end()) return it->second;
        const uint32_t stream = code & TranslationKey::kFetchStreamMask;
        const uint32_t mode = (code & TranslationKey::kFetchModeMask) >> TranslationKey::kFetchModeShift;
        const Id recordIndices[] = {i32(0), i32(int32_t(stream))};
        const Id record = b.load(c.tUVec4, b.accessChain(uvec4Pointer, fetchVar, recordIndices));
        auto divider = [&] { return glsl(Glsl::UMax, tU32, {b.compositeExtract(tU32, record, 2), u32(1)}); };
        Id index = 0;
        if (mode == abi::kFetchPerVertex) {
            index = builtinInput(*this, BuiltIn::VertexIndex, vertexIndex_);
        } else if (mode == abi::kFetchDivided) {
            const Id startIndices[] = {i32(1)};
            const Id start = b.load(tU32, b.accessChain(pointerU32Uniform_, fetchVar, startIndices));
            const Id fromStart =
                b.binary(Op::ISub, tU32, builtinInput(*this, BuiltIn::VertexIndex, vertexIndex_), start);
            index = b.iAdd(tU32, b.compositeExtract(tU32, record, 3),
                           b.binary(Op::UDiv, tU32, fromStart, divider()));
        } else if (mode == abi::kFetchPerInstance) {
            index = builtinInput(*this, BuiltIn::InstanceIndex, instanceIndex_);
            if (!(code & TranslationKey::kFetchDividerOne))
                index = b.binary(Op::UDiv, tU32, index, divider());
        } else {
            throw TranslateError{0, "key", "fetched input of an unknown fetch mode"};
        }
        const Id address = b.iAdd(tU32, b.compositeExtract(tU32, record, 0),
                                  b.binary(Op::IMul, tU32, index, b.compositeExtract(tU32, record, 1)));
        const Id length = b.op(Op::ArrayLength, tU32, std::vector<Id>{streamBuffer(stream), 0});
        return streamsAt.emplace(code, StreamAt{address, length}).first->second;
    };

    for (const auto& [input, var] : fetchedVars_) {
        const FetchElement& element = key_.fetch[input];
        const uint32_t stream = element.stream & TranslationKey::kFetchStreamMask;
        const bool aligned = (element.stream & TranslationKey::kFetchWordAligned) != 0;
        const StreamAt& at = streamAt(element.stream);
        const Id streamVar = streamBuffer(stream);
        const uint32_t n = wordsOf(element.type);
        const Id address = b.iAdd(tU32, at.address, u32(element.offset));
        const Id firstWord = b.binary(Op::ShiftRightLogical, tU32, address, u32(2));
        // The element's words: n from a word boundary (the key promises one), else n + 1 joined
        // pairwise (the last only where the element crosses into it).
        const Id byteInWord = aligned ? u32(0) : b.binary(Op::BitwiseAnd, tU32, address, u32(3));
        const Id lastWord = aligned ? b.iAdd(tU32, firstWord, u32(n - 1))
                                    : b.iAdd(tU32, firstWord,
                                             b.binary(Op::ShiftRightLogical, tU32,
                                                      b.iAdd(tU32, byteInWord, u32(4 * n - 1)), u32(2)));

        // One bounds check per element: the loads run only where the whole element is inside
        // the buffer, so no index needs a clamp; an element past the end reads as zero words.
        const Id inside = b.binary(Op::ULessThan, tBool, lastWord, at.length);
        const Id outsideBlock = b.currentBlock(), loadBlock = b.newId(), merge = b.newId();
        b.selectionMerge(merge);
        b.branchConditional(inside, loadBlock, merge);
        b.label(loadBlock);
        std::vector<Id> loaded;
        for (uint32_t k = 0; k < (aligned ? n : n + 1); ++k) {
            const Id indices[] = {i32(0), k < n ? b.iAdd(tU32, firstWord, u32(k)) : lastWord};
            loaded.push_back(b.load(tU32, b.accessChain(wordPointer, streamVar, indices)));
        }
        b.branch(merge);
        b.label(merge);
        std::vector<Id> raw;
        for (Id word : loaded) {
            const spirv::PhiIncoming incoming[] = {{word, loadBlock}, {u32(0), outsideBlock}};
            raw.push_back(b.phi(tU32, incoming));
        }

        std::vector<Id> words = raw;
        if (!aligned) {
            words.resize(n);
            const Id shift = b.binary(Op::ShiftLeftLogical, tU32, byteInWord, u32(3));
            const Id backShift =
                b.binary(Op::BitwiseAnd, tU32, b.binary(Op::ISub, tU32, u32(32), shift), u32(31));
            const Id onBoundary = b.binary(Op::IEqual, tBool, shift, u32(0));
            for (uint32_t k = 0; k < n; ++k) {
                const Id joined =
                    b.binary(Op::BitwiseOr, tU32, b.binary(Op::ShiftRightLogical, tU32, raw[k], shift),
                             b.binary(Op::ShiftLeftLogical, tU32, raw[k + 1], backShift));
                words[k] = b.select(tU32, onBoundary, raw[k], joined);
            }
        }
        b.store(var, c.decode(element.type, words));
    }
}

Id Emitter::streamBuffer(uint32_t stream) {
    if (auto it = streamVars_.find(stream); it != streamVars_.end()) return it->second;
    const Id words = b.types().runtimeArrayType(tU32, 4);
    const Id members[] = {words};
    const Id block = b.types().structType(members);
    b.decorate(block, Decoration::Block);
    b.memberDecorate(block, 0, Decoration::Offset, 0);
    b.memberDecorate(block, 0, Decoration::NonWritable);
    const Id var = b.variable(StorageClass::StorageBuffer, block);
    b.binding(var, abi::kDescriptorSet, abi::kFetchStreamBinding0 + stream);
    streamVars_.emplace(stream, var);
    return var;
}

Id Emitter::vertexInputValue(const Instruction& ins, uint32_t number) {
    if (isFetched(number)) return b.load(tVec4, fetchedVar(number));
    Id v = b.load(tVec4, inputVariable(ins, RegType::Input, number));
    if (key_.inputWIsOne >> number & 1) v = b.compositeInsert(tVec4, f32(1.0f), v, {{3u}});
    return v;
}

} // namespace ddivk::shader::translator
