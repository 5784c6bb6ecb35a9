// Arithmetic, macro and comparison instructions, with D3D9's rules where they differ from IEEE
// (docs/shader-semantics.md cites each).
#include <cfloat>
#include <cmath>

#include "shader/translate/emitter.h"

namespace ddivk::shader::translator {

namespace {

// clang-format off
enum AluOp : uint16_t {
    kMov = 1, kAdd = 2, kSub = 3, kMad = 4, kMul = 5, kRcp = 6, kRsq = 7, kDp3 = 8, kDp4 = 9,
    kMin = 10, kMax = 11, kSlt = 12, kSge = 13, kExp = 14, kLog = 15, kLit = 16, kDst = 17,
    kLrp = 18, kFrc = 19, kM4x4 = 20, kM4x3 = 21, kM3x4 = 22, kM3x3 = 23, kM3x2 = 24,
    kPow = 32, kCrs = 33, kSgn = 34, kAbs = 35, kNrm = 36, kSincos = 37, kMova = 46,
    kExpp = 78, kLogp = 79, kCnd = 80, kCmp = 88, kDp2add = 90, kDsx = 91, kDsy = 92, kSetp = 94,
};
// clang-format on

// a * b with 0 times anything (infinity and NaN included) giving +0: D3D9's multiply, and what
// pow and lit need whatever the key says (0^0 = 1 needs 0 * log2(0) = 0).
Id legacyProduct(Emitter& e, Id type, Id x, Id y) {
    const uint32_t n = e.b.types().componentCount(type);
    const Id zero = e.splatValue(e.f32(0.0f), n);
    const Id bt = e.bvecType(n);
    const Id either = e.b.binary(Op::LogicalOr, bt, e.b.binary(Op::FOrdEqual, bt, x, zero),
                                 e.b.binary(Op::FOrdEqual, bt, y, zero));
    return e.b.select(type, either, zero, e.b.fMul(type, x, y));
}

} // namespace

Id Emitter::saturate(Id type, Id v) {
    const uint32_t n = b.types().componentCount(type);
    return glsl(Glsl::FClamp, type, {v, splatValue(f32(0.0f), n), splatValue(f32(1.0f), n)});
}

Id Emitter::mul(Id type, Id x, Id y) {
    return key_.legacyZeroMul ? legacyProduct(*this, type, x, y) : b.fMul(type, x, y);
}

Id Emitter::dot(Id a4, Id b4, uint32_t n) {
    Id products = mul(tVec4, a4, b4);
    Id sum = component(products, 0);
    for (uint32_t c = 1; c < n; ++c)
        sum = b.fAdd(tF32, sum, component(products, c));
    return sum;
}

namespace {

// The scalar of an instruction that works on one component: .w of the swizzled source (the
// replicate swizzle SM2 requires, and vs_1_1's default).
Id scalarSource(Emitter& e, const Instruction& ins, size_t i) {
    return e.component(e.src(ins, i), 3);
}

} // namespace

Id compareValues(Emitter& e, Compare c, Id type, Id x, Id y) {
    const uint32_t n = e.b.types().componentCount(type);
    const Id bt = e.bvecType(n);
    switch (c) {
    case Compare::Gt:
        return e.b.binary(Op::FOrdGreaterThan, bt, x, y);
    case Compare::Eq:
        return e.b.binary(Op::FOrdEqual, bt, x, y);
    case Compare::Ge:
        return e.b.binary(Op::FOrdGreaterThanEqual, bt, x, y);
    case Compare::Lt:
        return e.b.binary(Op::FOrdLessThan, bt, x, y);
    case Compare::Ne:
        return e.b.binary(Op::FUnordNotEqual, bt, x, y);
    case Compare::Le:
        return e.b.binary(Op::FOrdLessThanEqual, bt, x, y);
    default:
        return e.b.constants().boolean(false);
    }
}

namespace {

// m4x4 and friends: `rows` dot products of `size` components with consecutive registers.
Id matrixProduct(Emitter& e, const Instruction& ins, uint32_t size, uint32_t rows) {
    const Id v = e.src(ins, 0);
    Id parts[4] = {e.f32(0.0f), e.f32(0.0f), e.f32(0.0f), e.f32(0.0f)};
    for (uint32_t r = 0; r < rows; ++r) {
        SrcParam row = ins.src[1];
        row.number = uint16_t(row.number + r);
        const Id m =
            e.applyModifier(ins, e.applySwizzle(e.registerValue(ins, row), row.swizzle), row.modifier);
        parts[r] = e.dot(v, m, size);
    }
    return e.b.compositeConstruct(e.tVec4, parts);
}

} // namespace

bool Emitter::alu(const Instruction& ins) {
    const Id inf = f32(INFINITY);
    switch (ins.opcode) {
    case kMov:
    case kMova:
        dst(ins, src(ins, 0));
        return true;
    case kAdd:
        dst(ins, b.fAdd(tVec4, src(ins, 0), src(ins, 1)));
        return true;
    case kSub:
        dst(ins, b.fSub(tVec4, src(ins, 0), src(ins, 1)));
        return true;
    case kMul:
        dst(ins, mul(tVec4, src(ins, 0), src(ins, 1)));
        return true;
    case kMad:
        dst(ins, b.fAdd(tVec4, mul(tVec4, src(ins, 0), src(ins, 1)), src(ins, 2)));
        return true;
    case kRcp: {
        // 1/0 is +infinity (the rcp page); 1/x otherwise.
        const Id w = scalarSource(*this, ins, 0);
        const Id isZero = b.binary(Op::FOrdEqual, tBool, w, f32(0.0f));
        const Id safe = b.select(tF32, isZero, f32(1.0f), w);
        dst(ins, splatValue(b.select(tF32, isZero, inf, b.fDiv(tF32, f32(1.0f), safe))));
        return true;
    }
    case kRsq: {
        // 1/sqrt(|x|); +infinity for 0 (the rsq page).
        const Id w = glsl(Glsl::FAbs, tF32, {scalarSource(*this, ins, 0)});
        const Id isZero = b.binary(Op::FOrdEqual, tBool, w, f32(0.0f));
        const Id safe = b.select(tF32, isZero, f32(1.0f), w);
        dst(ins, splatValue(b.select(tF32, isZero, inf, glsl(Glsl::InverseSqrt, tF32, {safe}))));
        return true;
    }
    case kDp3:
        dst(ins, splatValue(dot(src(ins, 0), src(ins, 1), 3)));
        return true;
    case kDp4:
        dst(ins, splatValue(dot(src(ins, 0), src(ins, 1), 4)));
        return true;
    case kMin:
        dst(ins, glsl(Glsl::FMin, tVec4, {src(ins, 0), src(ins, 1)}));
        return true;
    case kMax:
        dst(ins, glsl(Glsl::FMax, tVec4, {src(ins, 0), src(ins, 1)}));
        return true;
    case kSlt:
    case kSge: {
        const Compare c = ins.opcode == kSlt ? Compare::Lt : Compare::Ge;
        const Id cond = compareValues(*this, c, tVec4, src(ins, 0), src(ins, 1));
        dst(ins, b.select(tVec4, cond, splat4(1.0f), splat4(0.0f)));
        return true;
    }
    case kExp:
        dst(ins, splatValue(glsl(Glsl::Exp2, tF32, {scalarSource(*this, ins, 0)})));
        return true;
    case kLog:
    case kLogp: {
        // log2(|x|), -infinity for 0 (the log page). vs_1_1 logp also writes the exponent and
        // the mantissa (1..2) of |x| in x and y, from its bits as the DirectX 8 logp page does;
        // 0 gives (-infinity, 1, -infinity, 1).
        const Id w = glsl(Glsl::FAbs, tF32, {scalarSource(*this, ins, 0)});
        const Id isZero = b.binary(Op::FOrdEqual, tBool, w, f32(0.0f));
        const Id safe = b.select(tF32, isZero, f32(1.0f), w);
        const Id log = b.select(tF32, isZero, f32(-INFINITY), glsl(Glsl::Log2, tF32, {safe}));
        if (ins.opcode == kLogp && version() < 20) {
            const Id bits = b.bitcast(tU32, w);
            const Id biased = b.convertUToF(tF32, b.binary(Op::ShiftRightLogical, tU32, bits, u32(23)));
            const Id exponent = b.select(tF32, isZero, f32(-INFINITY), b.fSub(tF32, biased, f32(127.0f)));
            const Id fraction = b.binary(Op::BitwiseAnd, tU32, bits, u32(0x007FFFFFu));
            const Id mantissa = b.bitcast(tF32, b.binary(Op::BitwiseOr, tU32, fraction, u32(0x3F800000u)));
            dst(ins, b.compositeConstruct(tVec4, std::vector<Id>{exponent, mantissa, log, f32(1.0f)}));
        } else {
            dst(ins, splatValue(log));
        }
        return true;
    }
    case kExpp: {
        const Id w = scalarSource(*this, ins, 0);
        if (version() < 20) {
            // vs_1_1: x = 2^floor(w), y = fraction of w, z = 2^w, w = 1 (the expp page).
            const Id whole = glsl(Glsl::Floor, tF32, {w});
            dst(ins, b.compositeConstruct(tVec4, std::vector<Id>{glsl(Glsl::Exp2, tF32, {whole}),
                                                                 b.fSub(tF32, w, whole),
                                                                 glsl(Glsl::Exp2, tF32, {w}), f32(1.0f)}));
        } else {
            dst(ins, splatValue(glsl(Glsl::Exp2, tF32, {w})));
        }
        return true;
    }
    case kLit: {
        // The lit page: x = 1, y = max(s.x, 0), z = s.x > 0 && s.y > 0 ? s.y^power : 0, w = 1,
        // power = s.w clamped to +-127.9961.
        const Id s = src(ins, 0);
        const Id x = component(s, 0), y = component(s, 1);
        const Id power = glsl(Glsl::FClamp, tF32, {component(s, 3), f32(-127.9961f), f32(127.9961f)});
        const Id xPositive = b.binary(Op::FOrdGreaterThan, tBool, x, f32(0.0f));
        const Id yPositive = b.binary(Op::FOrdGreaterThan, tBool, y, f32(0.0f));
        const Id safeY = b.select(tF32, yPositive, y, f32(1.0f));
        const Id specular =
            glsl(Glsl::Exp2, tF32, {legacyProduct(*this, tF32, power, glsl(Glsl::Log2, tF32, {safeY}))});
        const Id z =
            b.select(tF32, b.binary(Op::LogicalAnd, tBool, xPositive, yPositive), specular, f32(0.0f));
        const Id outY = b.select(tF32, xPositive, x, f32(0.0f));
        dst(ins, b.compositeConstruct(tVec4, std::vector<Id>{f32(1.0f), outY, z, f32(1.0f)}));
        return true;
    }
    case kDst: {
        const Id s0 = src(ins, 0), s1 = src(ins, 1);
        const Id y = mul(tF32, component(s0, 1), component(s1, 1));
        dst(ins,
            b.compositeConstruct(tVec4, std::vector<Id>{f32(1.0f), y, component(s0, 2), component(s1, 3)}));
        return true;
    }
    case kLrp: {
        const Id s0 = src(ins, 0), s1 = src(ins, 1), s2 = src(ins, 2);
        dst(ins, b.fAdd(tVec4, mul(tVec4, s0, b.fSub(tVec4, s1, s2)), s2));
        return true;
    }
    case kFrc:
        dst(ins, glsl(Glsl::Fract, tVec4, {src(ins, 0)}));
        return true;
    case kM4x4:
        dst(ins, matrixProduct(*this, ins, 4, 4));
        return true;
    case kM4x3:
        dst(ins, matrixProduct(*this, ins, 4, 3));
        return true;
    case kM3x4:
        dst(ins, matrixProduct(*this, ins, 3, 4));
        return true;
    case kM3x3:
        dst(ins, matrixProduct(*this, ins, 3, 3));
        return true;
    case kM3x2:
        dst(ins, matrixProduct(*this, ins, 3, 2));
        return true;
    case kPow: {
        // |x|^y (the pow page), as 2^(y * log2|x|) with log2(0) = -infinity and 0 * anything = 0
        // whatever the key, so that 0^0 and infinity^0 are 1 as in C.
        const Id x = glsl(Glsl::FAbs, tF32, {scalarSource(*this, ins, 0)});
        const Id y = scalarSource(*this, ins, 1);
        const Id isZero = b.binary(Op::FOrdEqual, tBool, x, f32(0.0f));
        const Id log = b.select(tF32, isZero, f32(-INFINITY),
                                glsl(Glsl::Log2, tF32, {b.select(tF32, isZero, f32(1.0f), x)}));
        dst(ins, splatValue(glsl(Glsl::Exp2, tF32, {legacyProduct(*this, tF32, y, log)})));
        return true;
    }
    case kCrs: {
        const Id a = shuffle(src(ins, 0), {0, 1, 2}), c = shuffle(src(ins, 1), {0, 1, 2});
        const Id cross = glsl(Glsl::Cross, tVec3, {a, c});
        dst(ins, b.compositeConstruct(tVec4, std::vector<Id>{cross, f32(0.0f)}));
        return true;
    }
    case kSgn:
        dst(ins, glsl(Glsl::FSign, tVec4, {src(ins, 0)}));
        return true;
    case kAbs:
        dst(ins, glsl(Glsl::FAbs, tVec4, {src(ins, 0)}));
        return true;
    case kNrm: {
        // The nrm page: all four components scaled by 1/length(xyz); a zero vector stays zero.
        const Id s = src(ins, 0);
        const Id lengthSquared = dot(s, s, 3);
        const Id isZero = b.binary(Op::FOrdEqual, tBool, lengthSquared, f32(0.0f));
        const Id inv =
            b.select(tF32, isZero, f32(FLT_MAX),
                     glsl(Glsl::InverseSqrt, tF32, {b.select(tF32, isZero, f32(1.0f), lengthSquared)}));
        dst(ins, mul(tVec4, s, splatValue(inv)));
        return true;
    }
    case kSincos: {
        // x = cos, y = sin of the replicated source; the SM2 form's two constant sources are
        // the runtime's Taylor coefficients, not needed here.
        const Id a = scalarSource(*this, ins, 0);
        dst(ins,
            b.compositeConstruct(tVec4, std::vector<Id>{glsl(Glsl::Cos, tF32, {a}),
                                                        glsl(Glsl::Sin, tF32, {a}), f32(0.0f), f32(0.0f)}));
        return true;
    }
    case kCnd: {
        // src0 > 0.5 ? src1 : src2, per component (ps_1_1..1_3 use r0.a, which the swizzle
        // replicates).
        const Id cond = b.binary(Op::FOrdGreaterThan, tBVec4, src(ins, 0), splat4(0.5f));
        dst(ins, b.select(tVec4, cond, src(ins, 1), src(ins, 2)));
        return true;
    }
    case kCmp: {
        const Id cond = b.binary(Op::FOrdGreaterThanEqual, tBVec4, src(ins, 0), splat4(0.0f));
        dst(ins, b.select(tVec4, cond, src(ins, 1), src(ins, 2)));
        return true;
    }
    case kDp2add: {
        const Id d = b.fAdd(tF32, dot(src(ins, 0), src(ins, 1), 2), component(src(ins, 2), 0));
        dst(ins, splatValue(d));
        return true;
    }
    case kDsx:
    case kDsy: {
        requirePixel(ins);
        const Id s = src(ins, 0);
        dst(ins, ins.opcode == kDsx ? b.dPdx(tVec4, s) : b.dPdy(tVec4, s));
        return true;
    }
    case kSetp: {
        const Id cond = compareValues(*this, Compare(ins.control & 7), tVec4, src(ins, 0), src(ins, 1));
        const Id p = predicateVar();
        Id merged = cond;
        if (ins.dst.writeMask != 0xF) {
            std::vector<uint32_t> comps;
            for (uint32_t c = 0; c < 4; ++c)
                comps.push_back((ins.dst.writeMask >> c & 1) ? 4 + c : c);
            merged = b.vectorShuffle(tBVec4, b.load(tBVec4, p), cond, comps);
        }
        b.store(p, merged);
        return true;
    }
    default:
        return false;
    }
}

} // namespace ddivk::shader::translator
