// The ps_1_x texture-coordinate pipeline: tex, texcoord (ps_1_1..1_3), texcrd (ps_1_4) and
// the texture-register instructions that read and write t#: bump mapping (texbem, texbeml,
// bem), dependent reads (texreg2ar, texreg2gb, texreg2rgb), the matrix rows (texm3x2*, texm3x3*,
// texdp3*) and the depth replacements (texm3x2depth, texdepth). Each instruction's stage is its
// destination register number; the pages cited are the D3D9 assembly reference's.
#include <cstddef>

#include "shader/abi.h"
#include "shader/translate/emitter.h"

namespace ddivk::shader::translator {

namespace {

enum Ps1Op : uint16_t {
    kTexcoord = 64,
    kTex = 66,
    kTexbem = 67,
    kTexbeml = 68,
    kTexreg2ar = 69,
    kTexreg2gb = 70,
    kTexm3x2pad = 71,
    kTexm3x2tex = 72,
    kTexm3x3pad = 73,
    kTexm3x3tex = 74,
    kTexm3x3spec = 76,
    kTexm3x3vspec = 77,
    kTexreg2rgb = 82,
    kTexdp3tex = 83,
    kTexm3x2depth = 84,
    kTexdp3 = 85,
    kTexm3x3 = 86,
    kTexdepth = 87,
    kBem = 89,
};

// Vec4 index of the bump-mapping state of texture stage `stage` in PsSystem (abi.h).
constexpr uint32_t kBumpEnvMat0 = uint32_t(offsetof(abi::PsSystem, bumpEnvMat) / 16);
constexpr uint32_t kBumpEnvLum0 = uint32_t(offsetof(abi::PsSystem, bumpEnvLum) / 16);
constexpr uint32_t kBumpStages = 8;

Id psSystemVec4(Emitter& e, uint32_t index) {
    const Id indices[] = {e.i32(0), e.i32(int32_t(index))};
    return e.b.load(e.tVec4, e.b.accessChain(e.pointerVec4Uniform_, e.psSystem_, indices));
}

uint32_t bumpStage(Emitter& e, const Instruction& ins) {
    if (ins.dst.number >= kBumpStages) e.fail(ins, "bump-mapping stage out of range (stages 0..7)");
    return ins.dst.number;
}

// (u, v) + BUMPENVMAT * (du, dv) of the stage, where du, dv are the red and green of `offset`:
//   u' = u + M00 * du + M10 * dv,  v' = v + M01 * du + M11 * dv
// ("texbem - ps", "bem - ps"; BUMPENVMAT00, 01, 10, 11 are x, y, z, w of the vec4).
Id bumpCoordinate(Emitter& e, uint32_t stage, Id base, Id offset) {
    const Id m = psSystemVec4(e, kBumpEnvMat0 + stage);
    const Id du = e.splatValue(e.component(offset, 0), 2), dv = e.splatValue(e.component(offset, 1), 2);
    const Id uv = e.b.fAdd(
        e.tVec2, e.b.fAdd(e.tVec2, e.shuffle(base, {0, 1}), e.b.fMul(e.tVec2, e.shuffle(m, {0, 1}), du)),
        e.b.fMul(e.tVec2, e.shuffle(m, {2, 3}), dv));
    return e.b.vectorShuffle(e.tVec4, uv, base, std::vector<uint32_t>{0, 1, 4, 5});
}

// One row of a texm* matrix: TEXCOORD(stage).xyz . src.rgb.
Id matrixRow(Emitter& e, const Instruction& ins) {
    return e.dot(e.texcoordInput(ins.dst.number), e.src(ins, 0), 3);
}

// The texm3x2pad / texm3x3pad rows before the instruction that completes the matrix, with this
// instruction's own row last.
std::vector<Id> completeMatrix(Emitter& e, const Instruction& ins, size_t pads) {
    if (e.matrixRows_.size() != pads) {
        e.fail(ins, "needs exactly " + std::to_string(pads) + " pad instruction" + (pads > 1 ? "s" : "") +
                        " right before it");
    }
    std::vector<Id> rows = std::move(e.matrixRows_);
    e.matrixRows_.clear();
    rows.push_back(matrixRow(e, ins));
    return rows;
}

Id vec4Of(Emitter& e, Id x, Id y, Id z, Id w) {
    return e.b.compositeConstruct(e.tVec4, std::vector<Id>{x, y, z, w});
}

// The reflection of eye vector E about normal N: 2 * (N.E / N.N) * N - E ("texm3x3spec - ps").
Id reflect(Emitter& e, Id n3, Id eye3) {
    const Id scale =
        e.b.fDiv(e.tF32, e.b.fMul(e.tF32, e.f32(2.0f), e.b.dot(e.tF32, n3, eye3)), e.b.dot(e.tF32, n3, n3));
    return e.b.fSub(e.tVec3, e.b.vectorTimesScalar(e.tVec3, n3, scale), eye3);
}

// The depth of texm3x2depth and texdepth: z / w, 1 when w is 0 ("texm3x2depth - ps",
// "texdepth - ps"). The pages leave values outside 0..1 undefined; we clamp them.
void writeDepth(Emitter& e, Id z, Id w) {
    const Id isZero = e.b.binary(Op::FOrdEqual, e.tBool, w, e.f32(0.0f));
    const Id depth = e.saturate(e.tF32, e.b.select(e.tF32, isZero, e.f32(1.0f), e.b.fDiv(e.tF32, z, w)));
    e.b.store(e.varFor(RegType::DepthOut, 0), e.splatValue(depth));
}

} // namespace

Id Emitter::projectStage(uint32_t stage, Id coord) {
    const uint32_t divisor = key().projectedDivisors >> (2 * stage) & 3;
    if (divisor == 0) return coord;
    const Id d = component(coord, divisor);
    return b.fDiv(tVec4, coord, b.compositeConstruct(tVec4, std::vector<Id>{d, d, d, f32(1.0f)}));
}

bool Emitter::texturePs1(const Instruction& ins) {
    if (!isPs1()) return false;
    const uint32_t n = ins.dst.number;
    auto lookup = [&](Id coord) { return sample(ins, n, coord, false, Lod::Implicit); };
    switch (ins.opcode) {
    case kTexcoord:
        if (version() <= 13) {
            // texcoord t#: the coordinate set, clamped to 0..1, w = 1 (the texcoord page).
            const Id c = saturate(tVec4, texcoordInput(n));
            dst(ins, b.compositeInsert(tVec4, f32(1.0f), c, {{3u}}));
        } else {
            // texcrd r#, t#: the coordinates unclamped (modifiers _dz/_dw divide).
            dst(ins, src(ins, 0));
        }
        return true;
    case kTex:
        if (version() > 13) return false;
        dst(ins, sample(ins, n, projectStage(n, texcoordInput(n)), false, Lod::Implicit));
        return true;
    case kTexbem:
    case kTexbeml: {
        // Samples stage n at TEXCOORDn perturbed by the bump matrix; texbeml then scales the
        // colour by t(src).b * LSCALE + LOFFSET ("texbeml - ps"), clamped to 0..1 as the
        // fixed-function D3DTOP_BUMPENVMAPLUMINANCE luminance (the page shows no clamp).
        // A projected stage divides its coordinates before the offset is added (Wine's
        // texbem_test records Windows' pick of the same texel as the unprojected lookup).
        const uint32_t stage = bumpStage(*this, ins);
        const Id offset = src(ins, 0);
        const Id coord = bumpCoordinate(*this, stage, projectStage(n, texcoordInput(n)), offset);
        Id color = sample(ins, n, coord, false, Lod::Implicit);
        if (ins.opcode == kTexbeml) {
            const Id lum = psSystemVec4(*this, kBumpEnvLum0 + stage);
            const Id factor = saturate(
                tF32, b.fAdd(tF32, b.fMul(tF32, component(offset, 2), component(lum, 0)), component(lum, 1)));
            color = b.vectorTimesScalar(tVec4, color, factor);
        }
        dst(ins, color);
        return true;
    }
    case kBem: {
        // ps_1_4 bem dst.rg, src0, src1: src0.rg + BUMPENVMAT(stage dst) * src1.rg ("bem - ps").
        const uint32_t stage = bumpStage(*this, ins);
        dst(ins, bumpCoordinate(*this, stage, src(ins, 0), src(ins, 1)));
        return true;
    }
    case kTexreg2ar:
    case kTexreg2gb:
    case kTexreg2rgb: {
        // Dependent reads: (a, r), (g, b) or (r, g, b) of the source as the coordinate.
        const Id s = src(ins, 0);
        const Id coord = ins.opcode == kTexreg2rgb ? b.compositeInsert(tVec4, f32(1.0f), s, {{3u}})
                         : ins.opcode == kTexreg2ar
                             ? vec4Of(*this, component(s, 3), component(s, 0), f32(0.0f), f32(1.0f))
                             : vec4Of(*this, component(s, 1), component(s, 2), f32(0.0f), f32(1.0f));
        dst(ins, lookup(coord));
        return true;
    }
    case kTexm3x2pad:
    case kTexm3x3pad:
        // A row of the matrix; its register is not written ("texm3x2pad - ps").
        if (matrixRows_.size() >= (ins.opcode == kTexm3x2pad ? 1u : 2u))
            fail(ins, "too many pad instructions in a row");
        matrixRows_.push_back(matrixRow(*this, ins));
        return true;
    case kTexm3x2tex: {
        const std::vector<Id> r = completeMatrix(*this, ins, 1);
        dst(ins, lookup(vec4Of(*this, r[0], r[1], f32(0.0f), f32(1.0f))));
        return true;
    }
    case kTexm3x2depth: {
        // z from the pad row, w from this one. The page stores the depth in t(m+1) and makes
        // that register unavailable after, so only the depth output is written.
        const std::vector<Id> r = completeMatrix(*this, ins, 1);
        writeDepth(*this, r[0], r[1]);
        return true;
    }
    case kTexm3x3:
    case kTexm3x3tex: {
        const std::vector<Id> r = completeMatrix(*this, ins, 2);
        const Id v = vec4Of(*this, r[0], r[1], r[2], f32(1.0f));
        dst(ins, ins.opcode == kTexm3x3 ? v : lookup(v)); // texm3x3: (u', v', w', 1)
        return true;
    }
    case kTexm3x3spec:
    case kTexm3x3vspec: {
        // The normal N = (u', v', w') reflects the eye vector: c# (texm3x3spec) or the w of the
        // three rows' texture coordinates (texm3x3vspec).
        const std::vector<Id> r = completeMatrix(*this, ins, 2);
        const Id normal = b.compositeConstruct(tVec3, std::vector<Id>{r[0], r[1], r[2]});
        Id eye;
        if (ins.opcode == kTexm3x3spec) {
            eye = shuffle(src(ins, 1), {0, 1, 2});
        } else {
            if (n < 2) fail(ins, "the matrix needs the two stages before the destination");
            eye = b.compositeConstruct(tVec3, std::vector<Id>{component(texcoordInput(n - 2), 3),
                                                              component(texcoordInput(n - 1), 3),
                                                              component(texcoordInput(n), 3)});
        }
        const Id reflected = reflect(*this, normal, eye);
        dst(ins, lookup(b.vectorShuffle(tVec4, reflected, vec4(0.0f, 0.0f, 0.0f, 1.0f),
                                        std::vector<uint32_t>{0, 1, 2, 6})));
        return true;
    }
    case kTexdp3:
    case kTexdp3tex: {
        // TEXCOORD(stage).xyz . src.rgb: replicated (texdp3) or the lookup at (u', 0, 0).
        const Id u = matrixRow(*this, ins);
        dst(ins, ins.opcode == kTexdp3 ? splatValue(u)
                                       : lookup(vec4Of(*this, u, f32(0.0f), f32(0.0f), f32(1.0f))));
        return true;
    }
    case kTexdepth: {
        // ps_1_4 texdepth r5: depth = r5.r / r5.g; r5 is not written.
        SrcParam s;
        s.type = ins.dst.type;
        s.number = ins.dst.number;
        const Id v = registerValue(ins, s);
        writeDepth(*this, component(v, 0), component(v, 1));
        return true;
    }
    default:
        return false;
    }
}

} // namespace ddivk::shader::translator
