// What main does around the D3D9 program: copies inputs that are addressed relatively into an
// array before it, and after it hands the output registers to the Output variables, with the
// alpha test and fog of pixel shaders.
#include "shader/abi.h"
#include "shader/translate/emitter.h"
#include "shader/translate/linkage.h"

namespace ddivk::shader::translator {

using spirv::BuiltIn;
using spirv::StorageClass;

namespace {

// Vec4 index of PsSystem / VsSystem members (abi.h).
constexpr uint32_t kPsFogColor = 0, kPsFogParams = 1, kPsAlphaRef = 2;
constexpr uint32_t kVsPointSize = 0, kVsClipPlane0 = 1; // point size, mask in w; planes

Id systemVec4(Emitter& e, Id block, uint32_t index) {
    const Id indices[] = {e.i32(0), e.i32(int32_t(index))};
    return e.b.load(e.tVec4, e.b.accessChain(e.pointerVec4Uniform_, block, indices));
}

Id outputVar(Emitter& e, Id type, uint32_t location, const InterfaceSlot& slot, BuiltIn builtIn = BuiltIn::Position,
             bool isBuiltIn = false) {
    const Id var = e.b.variable(StorageClass::Output, type);
    if (isBuiltIn)
        e.b.builtIn(var, builtIn);
    else
        e.b.location(var, location);
    e.interface_.push_back(var);
    InterfaceSlot s = slot;
    s.location = isBuiltIn ? kBuiltInLocation : location;
    e.out_.outputs.push_back(s);
    return var;
}

// The value of an output register, or zero when the program never wrote it.
Id registerOrZero(Emitter& e, RegType type, uint32_t number) {
    auto it = e.vars_.find({type, number});
    return it == e.vars_.end() ? e.splat4(0.0f) : e.b.load(e.tVec4, it->second);
}

} // namespace

void Emitter::fillInputArray() {
    if (!inputArray_) return;
    const Id ptr = b.types().pointerType(StorageClass::Private, tVec4);
    Instruction none;
    for (const auto& [reg, dcl] : decls_) {
        if (reg.first != RegType::Input || reg.second >= inputArraySize_) continue;
        const Id indices[] = {i32(int32_t(reg.second))};
        const Id value = isPixel() ? b.load(tVec4, inputVariable(none, RegType::Input, reg.second))
                                   : vertexInputValue(none, reg.second);
        b.store(b.accessChain(ptr, inputArray_, indices), value);
    }
}

void Emitter::emitEpilogue() {
    if (isPixel())
        pixelEpilogue();
    else
        vertexEpilogue();
}

void Emitter::vertexEpilogue() {
    Id position = splat4(0.0f);
    Id pointSize = 0;
    uint32_t written = 0; // varying locations stored
    bool positionWritten = false;
    std::vector<SemanticValue> semantics; // for stream output by semantic
    auto emitVarying = [&](Id value, uint8_t usage, uint8_t index, RegType type, uint32_t number) {
        bool known = false;
        for (const SemanticValue& v : semantics)
            known |= v.usage == usage && v.usageIndex == index;
        if (!known) semantics.push_back({usage, index, value});
        if (usage == kUsagePosition && index == 0) {
            position = value;
            positionWritten = true;
            return;
        }
        if (usage == kUsagePSize && index == 0) {
            pointSize = component(value, 0);
            return;
        }
        const uint32_t location = semanticLocation(usage, index);
        if (location >= abi::kLocCount)
            throw TranslateError{0, "output", "more distinct output semantics than locations"};
        if (!(key_.vsOutputLocations >> location & 1)) return; // the pixel stage does not read it
        if (written >> location & 1) return; // two registers with one semantic: the first wins
        written |= 1u << location;
        b.store(outputVar(*this, tVec4, location, {type, uint16_t(number), usage, index, 0}), value);
    };
    if (p_.major >= 3) {
        const Id ptr = b.types().pointerType(StorageClass::Private, tVec4);
        for (const auto& [reg, dcl] : decls_) {
            if (reg.first != RegType::TexCrdOutOrOutput) continue;
            Id value = splat4(0.0f);
            if (outputArray_) {
                const Id indices[] = {i32(int32_t(reg.second))};
                value = b.load(tVec4, b.accessChain(ptr, outputArray_, indices));
            }
            emitVarying(value, dcl.usage, dcl.usageIndex, reg.first, reg.second);
        }
    } else {
        for (const auto& [reg, var] : vars_) {
            const auto [type, number] = reg;
            const bool isOutput =
                type == RegType::RastOut || type == RegType::AttrOut || type == RegType::TexCrdOutOrOutput;
            if (!isOutput) continue;
            const Id value = b.load(tVec4, var);
            if (type == RegType::RastOut) {
                const uint8_t usage = number == 0 ? kUsagePosition : (number == 1 ? kUsageFog : kUsagePSize);
                emitVarying(value, usage, 0, type, number);
            } else if (type == RegType::AttrOut) {
                // oD0 and oD1 are clamped to [0, 1] per vertex, before interpolation (vs_1_1 and
                // vs_2_0's colour outputs; Wine's zenable_test records Windows' colours).
                emitVarying(saturate(tVec4, value), kUsageColor, uint8_t(number), type, number);
            } else if (type == RegType::TexCrdOutOrOutput) {
                emitVarying(value, kUsageTexCoord, uint8_t(number), type, number);
            }
        }
    }
    (void)positionWritten;
    // Locations the pixel stage reads that the program never writes: zero, but white for the
    // diffuse colour (as an unwritten oD0, ensureVar).
    for (uint32_t location = 0; location < abi::kLocCount && key_.vsOutputLocations != TranslationKey::kAllOutputs;
         ++location)
        if ((key_.vsOutputLocations >> location & 1) && !(written >> location & 1))
            b.store(outputVar(*this, tVec4, location, {RegType::TexCrdOutOrOutput, 0, 0, 0, 0}),
                    splat4(location == abi::kLocColor0 ? 1.0f : 0.0f));
    b.store(outputVar(*this, tVec4, 0, {RegType::RastOut, 0, kUsagePosition, 0, 0}, BuiltIn::Position, true), position);
    // Point size: oPts when written, else D3DRS_POINTSIZE; clamped to the min/max states.
    const Id system = key_.pointSize || key_.clipDistances ? systemVec4(*this, vsSystem_, kVsPointSize) : 0;
    if (key_.pointSize) {
        if (!pointSize) pointSize = component(system, 0);
        pointSize = glsl(Glsl::FClamp, tF32, {pointSize, component(system, 1), component(system, 2)});
        b.store(outputVar(*this, tF32, 0, {RegType::RastOut, 2, kUsagePSize, 0, 0}, BuiltIn::PointSize, true),
                pointSize);
    }
    if (key_.clipDistances) clipDistances(position, component(system, 3));
    if (key_.streamOutput[0]) {
        const uint32_t linked = key_.vsOutputLocations == TranslationKey::kAllOutputs ? 0 : key_.vsOutputLocations;
        streamOutputs(written | linked, semantics);
    }
}

// User clip planes (IDirect3DDevice9::SetClipPlane: with the programmable pipeline the planes
// are in clip space, "the same space as output vertices", and a point is kept where
// Ax + By + Cz + Dw >= 0): gl_ClipDistance[n] = dot(plane n, position) for the planes the mask
// (VsSystem::clipPlaneMask, as float bits) enables, 1 for the others.
void Emitter::clipDistances(Id position, Id maskBits) {
    b.capability(spirv::Capability::ClipDistance);
    const Id arrayType = b.types().arrayType(tF32, u32(abi::kClipPlanes));
    const Id var = b.variable(StorageClass::Output, arrayType);
    b.builtIn(var, BuiltIn::ClipDistance);
    interface_.push_back(var);
    const Id mask = b.bitcast(tU32, maskBits);
    const Id ptr = b.types().pointerType(StorageClass::Output, tF32);
    for (uint32_t n = 0; n < abi::kClipPlanes; ++n) {
        const Id plane = systemVec4(*this, vsSystem_, kVsClipPlane0 + n);
        const Id bit = b.binary(Op::BitwiseAnd, tU32, mask, u32(1u << n));
        const Id enabled = b.binary(Op::INotEqual, tBool, bit, u32(0));
        const Id distance = b.select(tF32, enabled, b.dot(tF32, plane, position), f32(1.0f));
        const Id indices[] = {i32(int32_t(n))};
        b.store(b.accessChain(ptr, var, indices), distance);
    }
}

void Emitter::pixelEpilogue() {
    Id color = isPs1() ? registerOrZero(*this, RegType::Temp, 0) : registerOrZero(*this, RegType::ColorOut, 0);

    if (key_.alphaFunc != 8) {
        // Alpha test (D3DRS_ALPHAFUNC): the pixel survives when alpha <func> reference, compared
        // at the 8 bits of D3DRS_ALPHAREF as the fixed-function pipeline does (docs/fixed-function.md).
        auto quantise = [&](Id x) {
            const Id scaled = b.fMul(tF32, saturate(tF32, x), f32(255.0f));
            return glsl(Glsl::Floor, tF32, {b.fAdd(tF32, scaled, f32(0.5f))});
        };
        const Id alpha = quantise(component(color, 3));
        const Id ref = quantise(component(systemVec4(*this, psSystem_, kPsAlphaRef), 0));
        Id pass;
        switch (key_.alphaFunc) {
        case 1: pass = b.constants().boolean(false); break;
        case 2: pass = b.binary(Op::FOrdLessThan, tBool, alpha, ref); break;
        case 3: pass = b.binary(Op::FOrdEqual, tBool, alpha, ref); break;
        case 4: pass = b.binary(Op::FOrdLessThanEqual, tBool, alpha, ref); break;
        case 5: pass = b.binary(Op::FOrdGreaterThan, tBool, alpha, ref); break;
        case 6: pass = b.binary(Op::FUnordNotEqual, tBool, alpha, ref); break;
        case 7: pass = b.binary(Op::FOrdGreaterThanEqual, tBool, alpha, ref); break;
        default: throw TranslateError{0, "key", "alpha function out of range"};
        }
        discardIf(b.unary(Op::LogicalNot, tBool, pass));
    }

    if (key_.fog != PixelFog::None) {
        // Fixed-function fog after a ps_1_x/ps_2_x program: colour = f * colour + (1 - f) * fog.
        Id factor;
        if (key_.fog == PixelFog::Vertex) {
            Instruction none;
            factor = component(b.load(tVec4, inputVariable(none, RegType::RastOut, 1)), 0);
        } else {
            if (!fragCoord_) {
                fragCoord_ = b.variable(StorageClass::Input, tVec4);
                b.builtIn(fragCoord_, BuiltIn::FragCoord);
                interface_.push_back(fragCoord_);
            }
            const Id z = component(b.load(tVec4, fragCoord_), 2);
            const Id params = systemVec4(*this, psSystem_, kPsFogParams);
            const Id start = component(params, 0), end = component(params, 1), density = component(params, 2);
            if (key_.fog == PixelFog::Linear) {
                factor = b.fDiv(tF32, b.fSub(tF32, end, z), b.fSub(tF32, end, start));
            } else {
                Id d = b.fMul(tF32, density, z);
                if (key_.fog == PixelFog::Exp2) d = b.fMul(tF32, d, d);
                factor = glsl(Glsl::Exp, tF32, {b.fNegate(tF32, d)});
            }
        }
        factor = saturate(tF32, factor);
        const Id fogColor = systemVec4(*this, psSystem_, kPsFogColor);
        const Id mixed = glsl(Glsl::FMix, tVec4, {fogColor, color, splatValue(factor)});
        color = b.vectorShuffle(tVec4, mixed, color, std::vector<uint32_t>{0, 1, 2, 7});
    }

    if (!(key_.droppedColorOutputs & 1)) {
        b.store(outputVar(*this, tVec4, 0, {RegType::ColorOut, 0, 0, 0, 0}), color);
        out_.colorOutputs = 1;
    }
    if (!isPs1())
        for (uint32_t n = 1; n < 4; ++n)
            if (vars_.contains({RegType::ColorOut, n}) && !(key_.droppedColorOutputs >> n & 1)) {
                b.store(outputVar(*this, tVec4, n, {RegType::ColorOut, uint16_t(n), 0, 0, 0}),
                        registerOrZero(*this, RegType::ColorOut, n));
                out_.colorOutputs |= uint8_t(1u << n);
            }
    if (vars_.contains({RegType::DepthOut, 0})) {
        out_.writesDepth = true;
        b.store(outputVar(*this, tF32, 0, {RegType::DepthOut, 0, kUsageDepth, 0, 0}, BuiltIn::FragDepth, true),
                component(registerOrZero(*this, RegType::DepthOut, 0), 0));
    }
}

} // namespace ddivk::shader::translator
