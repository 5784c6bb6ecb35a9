#include "shader/ff/ff_pixel_variant.h"

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>
#include <string>

#include "ff_pixel_frag.spv.h"
#include "shader/abi.h"
#include "shader/spirv/varying_trim.h"

namespace ddivk::shader::ff {
namespace {

// SPIR-V numbers (SPIR-V specification, 3.x tables).
constexpr uint32_t kMagic = 0x07230203;
constexpr uint32_t kHeaderWords = 5;
constexpr uint32_t kBoundWord = 3;
constexpr uint32_t kOpTypeFloat = 22;
constexpr uint32_t kOpTypeImage = 25;
constexpr uint32_t kOpTypeSampledImage = 27;
constexpr uint32_t kOpTypePointer = 32;
constexpr uint32_t kOpVariable = 59;
constexpr uint32_t kOpLoad = 61;
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kOpCompositeConstruct = 80;
constexpr uint32_t kOpCompositeExtract = 81;
constexpr uint32_t kOpImageSampleImplicitLod = 87;
constexpr uint32_t kOpImageSampleDrefImplicitLod = 89;
constexpr uint32_t kOpSpecConstantTrue = 48;
constexpr uint32_t kOpSpecConstantFalse = 49;
constexpr uint32_t kOpSpecConstant = 50;
constexpr uint32_t kDecorationSpecId = 1;
constexpr uint32_t kDecorationFlat = 14;
constexpr uint32_t kDecorationLocation = 30;
constexpr uint32_t kDecorationBinding = 33;
constexpr uint32_t kDecorationDescriptorSet = 34;
constexpr uint32_t kStorageUniformConstant = 0;
constexpr uint32_t kStorageInput = 1;
constexpr uint32_t kDim2D = 1;
constexpr uint32_t kDim3D = 2;
constexpr uint32_t kPointSpriteSpecId = 0; // kPointSprite in ff_pixel.frag
constexpr uint32_t kDimCube = 3;
// NewTypes key of a shadow stage's image type: 2D with Depth 1 (compared lookups).
constexpr uint32_t kShadowType = 0x100;

uint32_t dimOf(FfTextureType t) {
    switch (t) {
    case FfTextureType::Cube:
        return kDimCube;
    case FfTextureType::Volume:
        return kDim3D;
    default:
        return kDim2D;
    }
}

[[noreturn]] void fail(const std::string& what) {
    throw std::logic_error("ff_pixel.frag variant: " + what);
}

// One instruction of the module: where it starts and how long it is.
struct Instruction {
    size_t at;
    uint32_t count;
    uint32_t opcode;
};

std::vector<Instruction> instructions(const std::vector<uint32_t>& words) {
    if (words.size() < kHeaderWords || words[0] != kMagic) fail("not a SPIR-V module");
    std::vector<Instruction> out;
    for (size_t at = kHeaderWords; at < words.size();) {
        const uint32_t count = words[at] >> 16;
        if (count == 0 || at + count > words.size()) fail("truncated instruction");
        out.push_back({at, count, words[at] & 0xffffu});
        at += count;
    }
    return out;
}

// The module's facts the rewrite needs.
struct Facts {
    std::map<uint32_t, uint32_t> binding;  // variable -> Binding (DescriptorSet 0 only)
    std::map<uint32_t, uint32_t> location; // variable -> Location
    std::map<uint32_t, size_t> definition; // result id -> instruction index, for the types used
    std::map<uint32_t, size_t> variable;   // variable id -> instruction index
    uint32_t pointSprite = 0;              // the kPointSprite specialization constant
    uint32_t float32 = 0;                  // the 32-bit float type
    std::map<uint32_t, uint32_t> specIds;  // result id -> SpecId
    size_t lastDecoration = 0;             // instruction index
};

Facts gather(const std::vector<uint32_t>& w, const std::vector<Instruction>& ins) {
    Facts f;
    std::map<uint32_t, uint32_t> set;
    for (size_t i = 0; i < ins.size(); ++i) {
        const Instruction& in = ins[i];
        const uint32_t* op = &w[in.at];
        switch (in.opcode) {
        case kOpDecorate:
            f.lastDecoration = i;
            if (in.count >= 4 && op[2] == kDecorationBinding) f.binding[op[1]] = op[3];
            if (in.count >= 4 && op[2] == kDecorationDescriptorSet) set[op[1]] = op[3];
            if (in.count >= 4 && op[2] == kDecorationLocation) f.location[op[1]] = op[3];
            if (in.count >= 4 && op[2] == kDecorationSpecId && op[3] == kPointSpriteSpecId)
                f.pointSprite = op[1];
            if (in.count >= 4 && op[2] == kDecorationSpecId) f.specIds[op[1]] = op[3];
            break;
        case kOpTypeImage:
        case kOpTypeSampledImage:
        case kOpTypePointer:
            f.definition[op[1]] = i;
            break;
        case kOpTypeFloat:
            if (in.count == 3 && op[2] == 32) f.float32 = op[1];
            break;
        case kOpVariable:
            f.variable[op[2]] = i;
            break;
        default:
            break;
        }
    }
    for (auto it = f.binding.begin(); it != f.binding.end();) {
        auto s = set.find(it->first);
        it = s != set.end() && s->second == 0 ? std::next(it) : f.binding.erase(it);
    }
    return f;
}

// The types one sampler dimension (or kShadowType) needs, added after `after` (an instruction
// index).
struct NewTypes {
    uint32_t image, sampledImage, pointer;
    size_t after;
};

// The value of each stage-program constant for `program`, by SpecId.
std::map<uint32_t, uint32_t> programValues(const FfPixelProgram& program) {
    std::map<uint32_t, uint32_t> v{{kFfPixelSpecActiveStages, program.activeStages},
                                   {kFfPixelSpecControl, program.control}};
    for (uint32_t stage = 0; stage < kFfPixelStages; ++stage) {
        v[kFfPixelSpecColor0 + stage] = program.color[stage];
        v[kFfPixelSpecAlpha0 + stage] = program.alpha[stage];
        v[kFfPixelSpecFlags0 + stage] = program.flags[stage];
    }
    return v;
}

} // namespace

uint32_t ffPixelInputLocations(const FfPixelKey& key) {
    uint32_t sets = 0;
    for (uint32_t stage = 0; stage < std::min(key.program.activeStages, kFfPixelStages); ++stage) {
        const uint32_t flags = key.program.flags[stage];
        if (flags & kFfPixelStageTexture) sets |= 1u << ((flags >> kFfPixelStageCoordShift) & 7u);
    }
    // Point sprites' stages read gl_PointCoord instead.
    if (key.pointSprite) sets = 0;
    return sets << abi::kLocTexCoord0 | 1u << abi::kLocColor0 | 1u << abi::kLocColor1 | 1u << abi::kLocFog;
}

std::vector<uint32_t> ffPixelSpirv(const FfPixelKey& key) {
    std::vector<uint32_t> w(std::begin(spv_ff_pixel_frag), std::end(spv_ff_pixel_frag));
    const std::vector<Instruction> ins = instructions(w);
    const Facts f = gather(w, ins);
    uint32_t bound = w[kBoundWord];

    std::map<uint32_t, uint32_t> retype;                  // stage variable -> dimension or kShadowType
    std::map<uint32_t, NewTypes> added;                   // dimension or kShadowType -> its new types
    std::multimap<size_t, std::vector<uint32_t>> inserts; // after instruction index -> words
    std::map<size_t, std::vector<uint32_t>> replaced;     // instruction index -> the words in its place

    for (uint32_t stage = 0; stage < kFfPixelStages; ++stage) {
        uint32_t var = 0;
        for (const auto& [id, b] : f.binding)
            if (b == ffPixelSamplerBinding(stage)) var = id;
        auto v = f.variable.find(var);
        if (v == f.variable.end())
            fail("no sampler at binding " + std::to_string(ffPixelSamplerBinding(stage)));
        const uint32_t* varOp = &w[ins[v->second].at];
        auto p = f.definition.find(varOp[1]);
        if (p == f.definition.end() || ins[p->second].opcode != kOpTypePointer ||
            w[ins[p->second].at + 2] != kStorageUniformConstant)
            fail("stage sampler is not a UniformConstant pointer");
        auto si = f.definition.find(w[ins[p->second].at + 3]);
        if (si == f.definition.end() || ins[si->second].opcode != kOpTypeSampledImage)
            fail("stage sampler is not a sampled image");
        auto img = f.definition.find(w[ins[si->second].at + 2]);
        if (img == f.definition.end() || ins[img->second].opcode != kOpTypeImage)
            fail("sampled image without an image type");
        const size_t imageAt = ins[img->second].at;
        if (w[imageAt + 3] != kDim3D) fail("stage samplers must be declared sampler3D");

        const uint32_t dim = dimOf(key.samplers[stage]);
        const bool shadow = (key.shadowStages >> stage & 1) != 0;
        if (shadow && dim != kDim2D) fail("a shadow stage without a 2D texture");
        if (dim == kDim3D) continue;
        const uint32_t type = shadow ? kShadowType : dim;
        retype[var] = type;
        if (added.count(type) != 0) continue;
        NewTypes t{bound, bound + 1, bound + 2, p->second};
        bound += 3;
        std::vector<uint32_t> words(w.begin() + static_cast<ptrdiff_t>(imageAt),
                                    w.begin() + static_cast<ptrdiff_t>(imageAt + ins[img->second].count));
        words[1] = t.image;
        words[3] = dim;
        if (shadow) words[4] = 1; // Depth
        words.insert(words.end(), {(3u << 16) | kOpTypeSampledImage, t.sampledImage, t.image});
        words.insert(words.end(),
                     {(4u << 16) | kOpTypePointer, t.pointer, kStorageUniformConstant, t.sampledImage});
        inserts.emplace(t.after, std::move(words));
        added[type] = t;
    }

    // Flat colour shading: COLOR0 and COLOR1 keep the provoking vertex's value.
    if (key.flatColors) {
        std::vector<uint32_t> words;
        for (const auto& [id, loc] : f.location) {
            auto v = f.variable.find(id);
            if (v == f.variable.end() || w[ins[v->second].at + 3] != kStorageInput) continue;
            if (loc == abi::kLocColor0 || loc == abi::kLocColor1)
                words.insert(words.end(), {(3u << 16) | kOpDecorate, id, kDecorationFlat});
        }
        if (words.size() != 6) fail("COLOR0 and COLOR1 inputs not found");
        inserts.emplace(f.lastDecoration, std::move(words));
    }

    // Point sprites: the kPointSprite constant's default becomes true, and the stage program's
    // constants take the key's values (no specialization info is passed for the pixel stage, so
    // the default is the value).
    bool spriteSet = !key.pointSprite;
    std::map<uint32_t, uint32_t> program = programValues(key.program); // SpecId -> value; erased once set
    std::map<uint32_t, uint32_t> loads; // variable -> loads retyped
    std::map<uint32_t, uint32_t> shadowLoads; // loaded sampled image -> its variable, of shadow stages
    std::map<uint32_t, uint32_t> compared;    // shadow stage variable -> lookups made comparisons
    for (size_t i = 0; i < ins.size(); ++i) {
        const Instruction& in = ins[i];
        uint32_t* op = &w[in.at];
        if (in.opcode == kOpSpecConstantFalse && key.pointSprite && in.count == 3 && op[2] == f.pointSprite) {
            op[0] = (3u << 16) | kOpSpecConstantTrue;
            spriteSet = true;
        } else if (in.opcode == kOpSpecConstant && in.count == 4 && f.specIds.count(op[2]) != 0) {
            auto value = program.find(f.specIds.at(op[2]));
            if (value != program.end()) {
                op[3] = value->second;
                program.erase(value);
            }
        } else if (in.opcode == kOpVariable) {
            auto r = retype.find(op[2]);
            if (r != retype.end()) op[1] = added.at(r->second).pointer;
        } else if (in.opcode == kOpLoad) {
            auto r = retype.find(op[3]);
            if (r != retype.end()) {
                op[1] = added.at(r->second).sampledImage;
                ++loads[op[3]];
                if (r->second == kShadowType) shadowLoads[op[2]] = op[3];
            }
        } else if (in.opcode == kOpImageSampleImplicitLod && in.count >= 5 && shadowLoads.count(op[3]) != 0) {
            // A shadow stage's lookup: the comparison of the coordinate's z (after the stage's
            // projection, as the ubershader passes it) with the depth, in every channel.
            if (f.float32 == 0) fail("no 32-bit float type");
            const uint32_t z = bound++, result = bound++;
            const uint32_t resultType = op[1], value = op[2], image = op[3], coord = op[4];
            std::vector<uint32_t> words{(5u << 16) | kOpCompositeExtract, f.float32, z, coord, 2};
            words.insert(words.end(), {((in.count + 1) << 16) | kOpImageSampleDrefImplicitLod, f.float32,
                                       result, image, coord, z});
            words.insert(words.end(), op + 5, op + in.count); // image operands, if any
            words.insert(words.end(), {(7u << 16) | kOpCompositeConstruct, resultType, value, result, result,
                                       result, result});
            replaced[i] = std::move(words);
            ++compared[shadowLoads.at(image)];
        }
    }
    for (const auto& [var, type] : retype) {
        if (loads[var] == 0) fail("stage sampler never loaded");
        if (type == kShadowType && compared[var] == 0) fail("a shadow stage's sampler is never sampled");
    }
    if (!spriteSet) fail("no kPointSprite specialization constant");
    if (!program.empty())
        fail("no stage-program constant with SpecId " + std::to_string(program.begin()->first));

    std::vector<uint32_t> out(w.begin(), w.begin() + kHeaderWords);
    out.reserve(w.size() + 32);
    out[kBoundWord] = bound;
    for (size_t i = 0; i < ins.size(); ++i) {
        if (auto r = replaced.find(i); r != replaced.end()) {
            out.insert(out.end(), r->second.begin(), r->second.end());
        } else {
            out.insert(out.end(), w.begin() + static_cast<ptrdiff_t>(ins[i].at),
                       w.begin() + static_cast<ptrdiff_t>(ins[i].at + ins[i].count));
        }
        auto [first, last] = inserts.equal_range(i);
        for (auto it = first; it != last; ++it)
            out.insert(out.end(), it->second.begin(), it->second.end());
    }
    // Only the inputs the variant reads: lavapipe interpolates every declared one.
    spirv::VaryingTrim trim;
    trim.storage = spirv::StorageClass::Input;
    trim.keepLocations = ffPixelInputLocations(key);
    trim.dropPointCoord = !key.pointSprite;
    return spirv::withoutVaryings(out, trim);
}

} // namespace ddivk::shader::ff
