// Samplers and the SM2/SM3 texture instructions: texld (with texldp and texldb), texldl,
// texldd, texkill; ps_1_4's texld. The ps_1_1..1_3 texture-register instructions are in
// texture_ps1.cpp.
#include "shader/abi.h"
#include "shader/translate/emitter.h"

namespace ddivk::shader::translator {

using spirv::Dim;
using spirv::StorageClass;

namespace {
enum TextureOp : uint16_t { kTexkill = 65, kTexld = 66, kTexldd = 93, kTexldl = 95 };
} // namespace

TextureType Emitter::samplerType(uint32_t sampler) const {
    if (auto it = decls_.find({RegType::Sampler, sampler}); it != decls_.end())
        return it->second.textureType == TextureType::Unknown ? TextureType::Tex2D : it->second.textureType;
    switch (key_.samplerDims >> (2 * sampler) & 3) {
    case 1: return TextureType::Cube;
    case 2: return TextureType::Volume;
    default: return TextureType::Tex2D;
    }
}

static Id imageTypeOf(Emitter& e, TextureType type, bool shadow) {
    spirv::ImageTypeDesc desc;
    desc.sampledType = e.tF32;
    desc.dim = type == TextureType::Cube ? Dim::Cube : (type == TextureType::Volume ? Dim::Dim3D : Dim::Dim2D);
    desc.depth = shadow ? 1 : 0;
    return e.b.types().imageType(desc);
}

static Id samplerVar(Emitter& e, uint32_t sampler, TextureType type, bool shadow) {
    if (auto it = e.samplerVars_.find(sampler); it != e.samplerVars_.end()) return it->second;
    const Id sampled = e.b.types().sampledImageType(imageTypeOf(e, type, shadow));
    const Id var = e.b.variable(StorageClass::UniformConstant, sampled);
    const uint32_t binding = e.isPixel() ? abi::kPsSamplerBinding0 + sampler : abi::kVsSamplerBinding0 + sampler;
    e.b.binding(var, abi::kDescriptorSet, binding);
    e.samplerVars_.emplace(sampler, var);
    e.out_.samplerMask |= 1u << sampler;
    e.out_.samplerTypes[sampler] = type;
    if (shadow) e.out_.shadowSamplers |= uint16_t(1u << sampler);
    return var;
}

// AMD's FETCH4 lookup of a 2D texture (TranslationKey::fetch4Samplers): the 2x2 texels whose
// top-left is the texel point sampling picks at uv, floor(uv * size). A gather at that texel's
// far corner, (floor(uv * size) + 1) / size, sits exactly between the four texel centres, so its
// footprint is those four whatever the device's sub-texel precision. The gather's (x, y+1),
// (x+1, y+1), (x+1, y), (x, y) order becomes FETCH4's (x+1, y), (x, y+1), (x+1, y+1), (x, y).
// Level 0 always, as gathers read it: no bias, lod or gradients.
static Id fetch4(Emitter& e, Id sampledImage, Id uv) {
    auto& b = e.b;
    b.capability(spirv::Capability::ImageQuery);
    const Id image = b.unary(Op::Image, imageTypeOf(e, TextureType::Tex2D, false), sampledImage);
    const Id ivec2 = b.types().vectorType(e.tI32, 2);
    const Id size = b.convertSToF(e.tVec2, b.binary(Op::ImageQuerySizeLod, ivec2, image, e.i32(0)));
    const Id texel = b.extInst(e.tVec2, spirv::Glsl::Floor, std::vector<Id>{b.fMul(e.tVec2, uv, size)});
    const Id corner = b.fDiv(e.tVec2, b.fAdd(e.tVec2, texel, b.splat(e.tVec2, e.f32(1.0f), 2)), size);
    const Id gathered = b.op(Op::ImageGather, e.tVec4, std::vector<Id>{sampledImage, corner, e.i32(0)});
    return b.vectorShuffle(e.tVec4, gathered, gathered, std::vector<uint32_t>{2, 0, 1, 3});
}

Id Emitter::sample(const Instruction& ins, uint32_t sampler, Id coord, bool project, Lod lod, Id lodValue, Id dx,
                   Id dy) {
    const uint32_t count = isPixel() ? abi::kPsSamplerCount : abi::kVsSamplerCount;
    if (sampler >= count) fail(ins, "sampler number out of range");
    const TextureType type = samplerType(sampler);
    const bool shadow = isPixel() && (key_.shadowSamplers >> sampler & 1) && type == TextureType::Tex2D;
    const Id var = samplerVar(*this, sampler, type, shadow);
    const Id image = b.load(var);
    if (project) {
        // texldp / D3DTTFF_PROJECTED: x, y, z divided by w.
        const Id w = component(coord, 3);
        coord = b.fDiv(tVec4, coord, b.compositeConstruct(tVec4, std::vector<Id>{w, w, w, f32(1.0f)}));
    }
    if (!isPixel() && lod == Lod::Implicit) { // vertex shaders have no derivatives: level 0
        lod = Lod::Explicit;
        lodValue = f32(0.0f);
    }
    const uint32_t dims = type == TextureType::Tex2D ? 2 : 3;
    const Id uv = dims == 2 ? shuffle(coord, {0, 1}) : shuffle(coord, {0, 1, 2});
    if (isPixel() && (key_.fetch4Samplers >> sampler & 1) && type == TextureType::Tex2D && !shadow)
        return fetch4(*this, image, uv);
    spirv::ImageArgs args;
    if (lod == Lod::Bias) args = spirv::ImageArgs::bias(lodValue);
    if (lod == Lod::Explicit) args = spirv::ImageArgs::lod(lodValue);
    if (lod == Lod::Grad) {
        const Id gx = dims == 2 ? shuffle(dx, {0, 1}) : shuffle(dx, {0, 1, 2});
        const Id gy = dims == 2 ? shuffle(dy, {0, 1}) : shuffle(dy, {0, 1, 2});
        args = spirv::ImageArgs::grad(gx, gy);
    }
    if (shadow) {
        // Depth textures compare with the coordinate's z (the D3D9 shadow-map convention).
        const Id dref = component(coord, 2);
        const Id r = lod == Lod::Implicit || lod == Lod::Bias ? b.sampleDrefImplicitLod(tF32, image, uv, dref, args)
                                                              : b.sampleDrefExplicitLod(tF32, image, uv, dref, args);
        return splatValue(r);
    }
    if (lod == Lod::Implicit || lod == Lod::Bias) return b.sampleImplicitLod(tVec4, image, uv, args);
    return b.sampleExplicitLod(tVec4, image, uv, args);
}

// A swizzle on the sampler source (ps_3_0; vs_3_0's texldl) reorders the lookup's result, as
// Windows' drivers do (Wine's fetch4_test reads s0.yzwx).
Id Emitter::samplerSwizzled(const Instruction& ins, Id texel) {
    return applySwizzle(texel, ins.src[1].swizzle);
}

void Emitter::discardIf(Id cond) {
    out_.discards = true;
    spirv::IfElse branch(b, cond);
    b.kill();
    branch.end();
}

bool Emitter::texture(const Instruction& ins) {
    switch (ins.opcode) {
    case kTexld:
        if (version() <= 13) return false; // tex: texture_ps1.cpp
        if (version() == 14) {
            // ps_1_4: texld r#, t#/r#: sampler # = the destination register.
            dst(ins, sample(ins, ins.dst.number, src(ins, 0), false, Lod::Implicit));
            return true;
        }
        {
            if (ins.src.size() < 2 || ins.src[1].type != RegType::Sampler) fail(ins, "the second source must be a sampler");
            const Id coord = src(ins, 0);
            const bool project = ins.control & kTexldProject;
            const bool bias = ins.control & kTexldBias;
            dst(ins, samplerSwizzled(ins, sample(ins, ins.src[1].number, coord, project,
                                                 bias ? Lod::Bias : Lod::Implicit,
                                                 bias ? component(coord, 3) : 0)));
        }
        return true;
    case kTexldl: {
        if (ins.src.size() < 2 || ins.src[1].type != RegType::Sampler) fail(ins, "the second source must be a sampler");
        const Id coord = src(ins, 0);
        dst(ins, samplerSwizzled(
                     ins, sample(ins, ins.src[1].number, coord, false, Lod::Explicit, component(coord, 3))));
        return true;
    }
    case kTexldd:
        requirePixel(ins);
        if (ins.src.size() < 4 || ins.src[1].type != RegType::Sampler) fail(ins, "the second source must be a sampler");
        dst(ins, samplerSwizzled(ins, sample(ins, ins.src[1].number, src(ins, 0), false, Lod::Grad, 0,
                                             src(ins, 2), src(ins, 3))));
        return true;
    case kTexkill: {
        requirePixel(ins);
        // ps_1_1..1_3: the texture coordinate set; later: the register's value. Kills when
        // any of x, y, z (ps_1_x) or x, y, z, w (ps_2_0 on) is below zero.
        Id v;
        if (version() <= 13) {
            v = texcoordInput(ins.dst.number);
        } else {
            SrcParam s;
            s.type = ins.dst.type;
            s.number = ins.dst.number;
            v = registerValue(ins, s);
        }
        const Id below = b.binary(Op::FOrdLessThan, tBVec4, v, splat4(0.0f));
        Id any;
        if (version() < 20) {
            any = b.unary(Op::Any, tBool, b.vectorShuffle(bvecType(3), below, below, std::vector<uint32_t>{0, 1, 2}));
        } else {
            any = b.unary(Op::Any, tBool, below);
        }
        discardIf(any);
        return true;
    }
    default: return false;
    }
}

} // namespace ddivk::shader::translator
