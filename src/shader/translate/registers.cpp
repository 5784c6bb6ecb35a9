// Registers: where each D3D9 register type lives in the module, reading sources (swizzle,
// modifiers, relative addressing) and writing destinations (shift, saturate, write mask,
// predicate).
#include <algorithm>
#include "shader/abi.h"
#include "shader/translate/emitter.h"
#include "shader/translate/linkage.h"

#include <bit>
#include <cstring>

namespace ddivk::shader::translator {

using spirv::BuiltIn;
using spirv::Decoration;
using spirv::StorageClass;

namespace {
float bitsToFloat(uint32_t bits) {
    return std::bit_cast<float>(bits);
}
} // namespace

Id Emitter::ensureVar(RegType type, uint32_t number) {
    const auto key = std::make_pair(type, number);
    if (auto it = vars_.find(key); it != vars_.end()) return it->second;
    Id pointee = tVec4;
    if (type == RegType::AddrOrTexture && !isPixel()) pointee = tIVec4;
    if (type == RegType::Loop) pointee = tI32;
    if (type == RegType::Predicate) pointee = tBVec4;
    // oD0's components the program does not write are 1: an unwritten diffuse reaches the pixel
    // stage white (Wine's test_uninitialized_varyings, test_default_diffuse record it for vs_1_1
    // and vs_2_0; the other outputs read 0 there, alpha 0 or 1 by vendor).
    const bool diffuse = !isPixel() && type == RegType::AttrOut && number == 0;
    const Id var =
        b.variable(StorageClass::Private, pointee, diffuse ? splat4(1.0f) : b.constants().null(pointee));
    vars_.emplace(key, var);
    return var;
}

Id Emitter::predicateVar() {
    return ensureVar(RegType::Predicate, 0);
}
Id Emitter::loopCounterVar() {
    return ensureVar(RegType::Loop, 0);
}
Id Emitter::addressVar() {
    return ensureVar(RegType::AddrOrTexture, 0);
}

// ---- Constants ----

Id Emitter::floatConstant(uint32_t index) {
    if (auto it = floatDefs_.find(index); it != floatDefs_.end()) {
        const auto& v = it->second;
        float f[4] = {bitsToFloat(v[0]), bitsToFloat(v[1]), bitsToFloat(v[2]), bitsToFloat(v[3])};
        // ps_1_x constants hold -1..1 (the "Registers - ps_1_X" page); def values too.
        if (isPs1())
            for (float& x : f) x = x < -1.0f ? -1.0f : (x > 1.0f ? 1.0f : x);
        return vec4(f[0], f[1], f[2], f[3]);
    }
    out_.floatConstantsRead = std::max(out_.floatConstantsRead, index + 1);
    if (softwareRegisters()) return softwareFloat(i32(int32_t(index)));
    const Id block = isPixel() ? psConstants_ : vsConstants_;
    const Id indices[] = {i32(0), i32(int32_t(index))};
    Id v = b.load(tVec4, b.accessChain(pointerVec4Uniform_, block, indices));
    if (isPs1()) v = glsl(Glsl::FClamp, tVec4, {v, splat4(-1.0f), splat4(1.0f)});
    return v;
}

Id Emitter::intConstant(uint32_t index) {
    if (auto it = intDefs_.find(index); it != intDefs_.end()) {
        const auto& v = it->second;
        const Id parts[] = {i32(int32_t(v[0])), i32(int32_t(v[1])), i32(int32_t(v[2])), i32(int32_t(v[3]))};
        return b.constants().composite(tIVec4, parts);
    }
    out_.readsIntOrBoolConstants = true;
    if (softwareRegisters()) return softwareInt(index);
    const Id block = isPixel() ? psConstants_ : vsConstants_;
    const Id indices[] = {i32(1), i32(int32_t(index))};
    return b.load(tIVec4, b.accessChain(pointerIVec4Uniform_, block, indices));
}

Id Emitter::boolConstant(uint32_t index) {
    if (auto it = boolDefs_.find(index); it != boolDefs_.end()) return b.constants().boolean(it->second);
    out_.readsIntOrBoolConstants = true;
    if (softwareRegisters()) return softwareBool(index);
    const Id block = isPixel() ? psConstants_ : vsConstants_;
    const Id indices[] = {i32(2)};
    const Id bits = b.load(tU32, b.accessChain(pointerU32Uniform_, block, indices));
    const Id bit = b.binary(Op::BitwiseAnd, tU32, bits, u32(1u << index));
    return b.binary(Op::INotEqual, tBool, bit, u32(0));
}

Id Emitter::relativeIndex(const Instruction& ins, const RelAddr& rel, uint32_t base) {
    Id index;
    if (rel.type == RegType::Loop) {
        index = b.load(tI32, loopCounterVar());
    } else if (rel.type == RegType::AddrOrTexture && !isPixel()) {
        index = b.compositeExtract(tI32, b.load(tIVec4, addressVar()), uint32_t(rel.swizzle & 3));
    } else {
        fail(ins, "relative addressing through a register other than a0 or aL");
    }
    return b.iAdd(tI32, index, i32(int32_t(base)));
}

// c[a0.x + n]: out of range reads give 0 (D3D9 leaves them undefined; never read outside the
// block), and def'd constants win over the block as with a static index.
static Id inRange(Emitter& e, Id index, uint32_t count) {
    const Id low = e.b.binary(Op::SGreaterThanEqual, e.tBool, index, e.i32(0));
    const Id high = e.b.binary(Op::SLessThan, e.tBool, index, e.i32(int32_t(count)));
    return e.b.binary(Op::LogicalAnd, e.tBool, low, high);
}

static Id clampIndex(Emitter& e, Id index, uint32_t count) {
    return e.glsl(Glsl::SClamp, e.tI32, {index, e.i32(0), e.i32(int32_t(count) - 1)});
}

// ---- Inputs ----

static Id declareInput(Emitter& e, RegType type, uint32_t number, uint32_t location, uint8_t usage,
                       uint8_t usageIndex, bool centroid) {
    const auto key = std::make_pair(type, number);
    // A pixel input at a location the vertex stage does not write (TranslationKey::
    // psInputLocations): (0, 0, 0, 0), outside the interface.
    if (e.isPixel() && !(e.key().psInputLocations >> location & 1)) {
        const Id zero = e.b.variable(StorageClass::Private, e.tVec4, e.b.constants().null(e.tVec4));
        e.inputVars_.emplace(key, zero);
        return zero;
    }
    const Id var = e.b.variable(StorageClass::Input, e.tVec4);
    e.b.location(var, location);
    const bool flat =
        e.isPixel() && e.key().flatColors && (location == abi::kLocColor0 || location == abi::kLocColor1);
    if (flat)
        e.b.decorate(var, Decoration::Flat); // D3DSHADE_FLAT: the provoking vertex's colour
    else if (centroid)
        e.b.decorate(var, Decoration::Centroid);
    e.interface_.push_back(var);
    e.out_.inputs.push_back({type, uint16_t(number), usage, usageIndex, location});
    // Point sprites: the input stays in the interface (the pair links as always) but the program
    // reads the point coordinate (Point Sprites: "the texture coordinates are set so that each
    // point displays the full texture").
    if (e.isPixel() && e.key().pointSprite && usage == kUsageTexCoord && number != kKeyedInputNumber) {
        const Id sprite = e.b.variable(StorageClass::Private, e.tVec4, e.b.constants().null(e.tVec4));
        e.spriteInputs_.push_back(sprite);
        e.inputVars_.emplace(key, sprite);
        return sprite;
    }
    e.inputVars_.emplace(key, var);
    return var;
}

void Emitter::fillSpriteInputs() {
    if (spriteInputs_.empty()) return;
    const Id pointCoord = b.variable(StorageClass::Input, tVec2);
    b.builtIn(pointCoord, BuiltIn::PointCoord);
    interface_.push_back(pointCoord);
    // (0, 0) at the sprite's top-left, (1, 1) at its bottom-right in Vulkan and in D3D9 alike.
    const Id uv = b.load(tVec2, pointCoord);
    const Id parts[] = {b.compositeExtract(tF32, uv, 0), b.compositeExtract(tF32, uv, 1), f32(0.0f), f32(1.0f)};
    const Id value = b.compositeConstruct(tVec4, parts);
    for (const Id var : spriteInputs_) b.store(var, value);
}

// The Input variable of a v#/t# register, declared on first use.
static Id inputVar(Emitter& e, const Instruction& ins, RegType type, uint32_t number) {
    const auto key = std::make_pair(type, number);
    if (auto it = e.inputVars_.find(key); it != e.inputVars_.end()) return it->second;
    const auto dcl = e.decls_.find(key);
    const bool centroid = dcl != e.decls_.end() && (e.dclMods_[key] & kModCentroid);
    if (!e.isPixel()) {
        const uint8_t usage = dcl != e.decls_.end() ? dcl->second.usage : 0;
        const uint8_t index = dcl != e.decls_.end() ? dcl->second.usageIndex : 0;
        return declareInput(e, type, number, number, usage, index, false);
    }
    if (e.program().major >= 3) {
        if (dcl == e.decls_.end()) e.fail(ins, "ps_3_0 input v" + std::to_string(number) + " has no dcl");
        const uint32_t location = semanticLocation(dcl->second.usage, dcl->second.usageIndex);
        if (location >= abi::kLocCount) e.fail(ins, "more distinct input semantics than locations");
        // Two registers declared with one semantic read the same varying (one variable: two at
        // one location would be an invalid module).
        for (const InterfaceSlot& slot : e.out_.inputs)
            if (slot.location == location) {
                const Id shared = e.inputVars_.at({slot.type, slot.number});
                e.inputVars_.emplace(key, shared);
                return shared;
            }
        return declareInput(e, type, number, location, dcl->second.usage, dcl->second.usageIndex, centroid);
    }
    if (type == RegType::RastOut) return declareInput(e, type, number, abi::kLocFog, kUsageFog, 0, false);
    // Before ps_3_0: v0/v1 are COLOR0/1, t# TEXCOORD#.
    if (type == RegType::Input)
        return declareInput(e, type, number, abi::kLocColor0 + number, kUsageColor, uint8_t(number), centroid);
    return declareInput(e, type, number, abi::kLocTexCoord0 + number, kUsageTexCoord, uint8_t(number), centroid);
}

Id Emitter::inputVariable(const Instruction& ins, RegType type, uint32_t number) {
    return inputVar(*this, ins, type, number);
}

void Emitter::declareLinkedInputs() {
    if (!isPixel() || key_.psInputLocations == TranslationKey::kAllInputs) return;
    uint32_t declared = 0;
    for (const InterfaceSlot& slot : out_.inputs)
        if (slot.location != kBuiltInLocation) declared |= 1u << slot.location;
    for (uint32_t location = 0; location < abi::kLocCount; ++location) {
        if (!(key_.psInputLocations >> location & 1) || (declared >> location & 1)) continue;
        const Semantic semantic = semanticAt(location).value_or(Semantic{});
        declareInput(*this, RegType::Input, kKeyedInputNumber, location, semantic.usage, semantic.index,
                     false);
    }
}

Id Emitter::texcoordInput(uint32_t n) {
    Instruction none;
    return b.load(tVec4, inputVar(*this, none, RegType::AddrOrTexture, n));
}

static Id inputValue(Emitter& e, const Instruction& ins, const SrcParam& s) {
    if (s.rel.present) {
        // v[aL + n] (vs_3_0, ps_3_0): a Private copy of every declared input, filled by main.
        if (!e.inputArray_) {
            e.inputArraySize_ = e.isPixel() ? 10u : 16u;
            const Id arr = e.b.types().arrayType(e.tVec4, e.u32(e.inputArraySize_));
            e.inputArray_ = e.b.variable(StorageClass::Private, arr, e.b.constants().null(arr));
        }
        const Id index = e.relativeIndex(ins, s.rel, s.number);
        const Id ptr = e.b.types().pointerType(StorageClass::Private, e.tVec4);
        const Id indices[] = {clampIndex(e, index, e.inputArraySize_)};
        const Id v = e.b.load(e.tVec4, e.b.accessChain(ptr, e.inputArray_, indices));
        return e.b.select(e.tVec4, e.b.splat(e.tBVec4, inRange(e, index, e.inputArraySize_), 4), v, e.splat4(0.0f));
    }
    if (!e.isPixel()) return e.vertexInputValue(ins, s.number);
    Id v = e.b.load(e.tVec4, inputVar(e, ins, RegType::Input, s.number));
    // Colour inputs before ps_3_0 are low precision 0..1 ("Registers - ps_2_0": v#).
    if (e.isPixel() && e.program().major < 3) v = e.saturate(e.tVec4, v);
    return v;
}

// ---- Sources ----

Id Emitter::registerValue(const Instruction& ins, const SrcParam& s) {
    switch (s.type) {
    case RegType::Temp: return b.load(tVec4, ensureVar(RegType::Temp, s.number));
    case RegType::Input: return inputValue(*this, ins, s);
    case RegType::Const: {
        if (!s.rel.present) return floatConstant(s.number);
        const uint32_t count = softwareRegisters() ? abi::kSwVsFloatConstants
                               : isPixel()         ? abi::kPsFloatConstants
                                                   : abi::kVsFloatConstants;
        const Id index = relativeIndex(ins, s.rel, s.number);
        out_.floatConstantsRead = count;
        Id v;
        if (softwareRegisters()) {
            v = softwareFloat(index);
        } else {
            const Id block = isPixel() ? psConstants_ : vsConstants_;
            const Id indices[] = {i32(0), clampIndex(*this, index, count)};
            v = b.load(tVec4, b.accessChain(pointerVec4Uniform_, block, indices));
            v = b.select(tVec4, b.splat(tBVec4, inRange(*this, index, count), 4), v, splat4(0.0f));
        }
        for (const auto& def : floatDefs_) {
            const Id hit = b.binary(Op::IEqual, tBool, index, i32(int32_t(def.first)));
            v = b.select(tVec4, b.splat(tBVec4, hit, 4), floatConstant(def.first), v);
        }
        return v;
    }
    case RegType::AddrOrTexture:
        if (!isPixel()) fail(ins, "a0 is not a float source");
        // ps_1_1..1_3: t# are registers the texture instructions write; later: TEXCOORD#.
        if (version() <= 13) return b.load(tVec4, textureRegisterVar(s.number));
        return texcoordInput(s.number);
    case RegType::MiscType: {
        requirePixel(ins);
        if (s.number == 0) { // vPos: D3D9 pixel centres are integers, Vulkan's half-integers
            if (!fragCoord_) {
                fragCoord_ = b.variable(StorageClass::Input, tVec4);
                b.builtIn(fragCoord_, BuiltIn::FragCoord);
                interface_.push_back(fragCoord_);
                out_.inputs.push_back({RegType::MiscType, 0, 0, 0, kBuiltInLocation});
            }
            return b.fSub(tVec4, b.load(tVec4, fragCoord_), vec4(0.5f, 0.5f, 0.0f, 0.0f));
        }
        if (!frontFacing_) { // vFace: +1 front, -1 back
            frontFacing_ = b.variable(StorageClass::Input, tBool);
            b.builtIn(frontFacing_, BuiltIn::FrontFacing);
            interface_.push_back(frontFacing_);
            out_.inputs.push_back({RegType::MiscType, 1, 0, 0, kBuiltInLocation});
        }
        const Id face = b.select(tF32, b.load(tBool, frontFacing_), f32(1.0f), f32(-1.0f));
        return splatValue(face, 4);
    }
    case RegType::ColorOut:
    case RegType::DepthOut:
    case RegType::RastOut:
    case RegType::AttrOut:
    case RegType::TexCrdOutOrOutput:
        // Output registers read back (some compilers do): their current value.
        return b.load(tVec4, ensureVar(s.type, s.number));
    default: fail(ins, "this register type is not a float source");
    }
}

Id Emitter::applySwizzle(Id v, uint8_t swizzle) {
    if (swizzle == kIdentitySwizzle) return v;
    return shuffle(v, {uint32_t(swizzle & 3), uint32_t(swizzle >> 2 & 3), uint32_t(swizzle >> 4 & 3),
                       uint32_t(swizzle >> 6 & 3)});
}

Id Emitter::applyModifier(const Instruction& ins, Id v, SrcMod mod) {
    switch (mod) {
    case SrcMod::None: return v;
    case SrcMod::Neg: return b.fNegate(tVec4, v);
    case SrcMod::Bias: return b.fSub(tVec4, v, splat4(0.5f));
    case SrcMod::BiasNeg: return b.fNegate(tVec4, b.fSub(tVec4, v, splat4(0.5f)));
    case SrcMod::Sign: return b.fSub(tVec4, b.fMul(tVec4, v, splat4(2.0f)), splat4(1.0f));
    case SrcMod::SignNeg: return b.fNegate(tVec4, b.fSub(tVec4, b.fMul(tVec4, v, splat4(2.0f)), splat4(1.0f)));
    case SrcMod::Comp: return b.fSub(tVec4, splat4(1.0f), v);
    case SrcMod::X2: return b.fMul(tVec4, v, splat4(2.0f));
    case SrcMod::X2Neg: return b.fNegate(tVec4, b.fMul(tVec4, v, splat4(2.0f)));
    case SrcMod::Dz:
    case SrcMod::Dw: {
        // ps_1_4 projective divide of x and y by z or w; a zero divisor gives 1 ("Source
        // Register Modifiers - ps_1_4": x' = y' = 1 then).
        const Id d = component(v, mod == SrcMod::Dz ? 2 : 3);
        const Id isZero = b.binary(Op::FOrdEqual, tBool, d, f32(0.0f));
        const Id safe = b.select(tF32, isZero, f32(1.0f), d);
        const Id divided = b.fDiv(tVec4, v, b.compositeConstruct(tVec4, std::vector<Id>{safe, safe, f32(1.0f), f32(1.0f)}));
        const Id ones = b.compositeConstruct(tVec4, std::vector<Id>{f32(1.0f), f32(1.0f), component(v, 2), component(v, 3)});
        return b.select(tVec4, b.splat(tBVec4, isZero, 4), ones, divided);
    }
    case SrcMod::Abs: return glsl(Glsl::FAbs, tVec4, {v});
    case SrcMod::AbsNeg: return b.fNegate(tVec4, glsl(Glsl::FAbs, tVec4, {v}));
    default: fail(ins, "source modifier not valid on a float source");
    }
}

Id Emitter::src(const Instruction& ins, size_t i) {
    if (i >= ins.src.size()) fail(ins, "missing source");
    const SrcParam& s = ins.src[i];
    return applyModifier(ins, applySwizzle(registerValue(ins, s), s.swizzle), s.modifier);
}

Id Emitter::condition(const Instruction& ins, const SrcParam& s) {
    Id c;
    if (s.type == RegType::ConstBool) {
        c = boolConstant(s.number);
    } else if (s.type == RegType::Predicate) {
        c = b.compositeExtract(tBool, b.load(tBVec4, predicateVar()), uint32_t(s.swizzle & 3));
    } else {
        fail(ins, "condition must be a boolean constant or the predicate register");
    }
    if (s.modifier == SrcMod::Not) c = b.unary(Op::LogicalNot, tBool, c);
    return c;
}

// ---- Destinations ----

Id Emitter::textureRegisterVar(uint32_t n) {
    return ensureVar(RegType::AddrOrTexture, n);
}

void Emitter::dst(const Instruction& ins, Id value) {
    const DstParam& d = ins.dst;
    Id v = value;
    if (d.shift != 0) {
        const float scale = d.shift > 0 ? float(1 << d.shift) : 1.0f / float(1 << -d.shift);
        v = b.fMul(tVec4, v, splat4(scale));
    }
    if (d.modifiers & kModSaturate) v = saturate(tVec4, v);
    if (deferStores_) {
        pendingStores_.emplace_back(&ins, v);
        return;
    }
    store(ins, v);
}

void Emitter::flushStores() {
    auto pending = std::move(pendingStores_);
    pendingStores_.clear();
    for (const auto& [ins, v] : pending) store(*ins, v);
}

void Emitter::store(const Instruction& ins, Id v) {
    const DstParam& d = ins.dst;
    Id pointer = 0;
    Id type = tVec4;
    if (d.type == RegType::AddrOrTexture && !isPixel()) {
        // a0: vs_1_1 mov floors, mova (vs_2_0 on) rounds to nearest with halves away from zero
        // (sign(x) * floor(|x| + 0.5); GLSL's round leaves halves to the driver).
        Id rounded;
        if (version() < 20) {
            rounded = glsl(Glsl::Floor, tVec4, {v});
        } else {
            const Id magnitude = glsl(Glsl::Floor, tVec4, {b.fAdd(tVec4, glsl(Glsl::FAbs, tVec4, {v}), splat4(0.5f))});
            rounded = b.fMul(tVec4, magnitude, glsl(Glsl::FSign, tVec4, {v}));
        }
        v = b.convertFToS(tIVec4, rounded);
        type = tIVec4;
        pointer = addressVar();
    } else if (d.type == RegType::TexCrdOutOrOutput && !isPixel() && p_.major >= 3) {
        if (!outputArray_) {
            const Id arr = b.types().arrayType(tVec4, u32(12));
            outputArray_ = b.variable(StorageClass::Private, arr, b.constants().null(arr));
        }
        Id index = i32(int32_t(d.number));
        if (d.rel.present) index = clampIndex(*this, relativeIndex(ins, d.rel, d.number), 12);
        const Id indices[] = {index};
        pointer = b.accessChain(b.types().pointerType(StorageClass::Private, tVec4), outputArray_, indices);
    } else {
        switch (d.type) {
        case RegType::Temp:
        case RegType::AddrOrTexture: // ps_1_x t#
        case RegType::RastOut:
        case RegType::AttrOut:
        case RegType::TexCrdOutOrOutput:
        case RegType::ColorOut:
        case RegType::DepthOut: pointer = ensureVar(d.type, d.number); break;
        default: fail(ins, "this register type cannot be written");
        }
        if (d.rel.present) fail(ins, "relative addressing of this destination");
    }
    if (d.writeMask == 0xF && !ins.predicated) {
        b.store(pointer, v);
        return;
    }
    const Id old = b.load(type, pointer);
    Id merged = v;
    if (d.writeMask != 0xF) {
        std::vector<uint32_t> comps;
        for (uint32_t c = 0; c < 4; ++c) comps.push_back((d.writeMask >> c & 1) ? 4 + c : c);
        merged = b.vectorShuffle(type, old, v, comps);
    }
    if (ins.predicated) {
        const SrcParam& p = ins.predicate;
        Id pred = b.load(tBVec4, predicateVar());
        if (p.swizzle != kIdentitySwizzle)
            pred = b.vectorShuffle(tBVec4, pred, pred,
                                   std::vector<uint32_t>{uint32_t(p.swizzle & 3), uint32_t(p.swizzle >> 2 & 3),
                                                         uint32_t(p.swizzle >> 4 & 3), uint32_t(p.swizzle >> 6 & 3)});
        if (p.modifier == SrcMod::Not) pred = b.unary(Op::LogicalNot, tBVec4, pred);
        merged = b.select(type, pred, merged, old);
    }
    b.store(pointer, merged);
}

} // namespace ddivk::shader::translator
