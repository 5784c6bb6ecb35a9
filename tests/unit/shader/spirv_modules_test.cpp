// Whole modules written with the SPIR-V builder, each checked by spirv-val for Vulkan 1.1
// (SpirvModules.*): the shapes the D3D9 translator emits.
#include <gtest/gtest.h>

#include <array>
#include <bit>

#include "shader/spirv/builder.h"
#include "shader/spirv/control_flow.h"
#include "spirv_val.h"

namespace ddivk::shader::spirv {
namespace {

using test::spirvVal;

void expectValid(std::span<const uint32_t> words) {
    for (const char* env : {"vulkan1.1", "vulkan1.0"}) {
        const test::ValOutcome v = spirvVal(words, env);
        EXPECT_TRUE(v.valid) << env << ":\n" << v.output;
    }
}

// Position through a push-constant matrix, colour passed through.
TEST(SpirvModules, VertexShaderWithPushConstantTransform) {
    ModuleBuilder b;
    TypeTable& t = b.types();
    ConstantTable& c = b.constants();
    const Id vec4 = t.vec(4), mat4 = t.matrixType(vec4, 4);

    const Id pcType = t.structType(std::array{mat4});
    b.decorate(pcType, Decoration::Block);
    b.memberDecorate(pcType, 0, Decoration::Offset, 0);
    b.memberDecorate(pcType, 0, Decoration::ColMajor);
    b.memberDecorate(pcType, 0, Decoration::MatrixStride, 16);
    b.name(pcType, "Transform");
    b.memberName(pcType, 0, "matrix");
    const Id pc = b.variable(StorageClass::PushConstant, pcType);

    const Id inPos = b.variable(StorageClass::Input, vec4);
    const Id inColor = b.variable(StorageClass::Input, vec4);
    const Id outPos = b.variable(StorageClass::Output, vec4);
    const Id outColor = b.variable(StorageClass::Output, vec4);
    b.location(inPos, 0);
    b.location(inColor, 1);
    b.builtIn(outPos, BuiltIn::Position);
    b.location(outColor, 0);
    b.name(inPos, "inPosition");

    const Id fn = b.beginFunction(t.voidType(), {});
    b.label(b.newId());
    const Id matPtr =
        b.accessChain(t.pointerType(StorageClass::PushConstant, mat4), pc, std::array{c.i32(0)});
    const Id m = b.load(mat4, matPtr);
    b.store(outPos, b.matrixTimesVector(vec4, m, b.load(inPos)));
    b.store(outColor, b.load(inColor));
    b.returnVoid();
    b.endFunction();
    b.entryPoint(ExecutionModel::Vertex, fn, "main", std::array{inPos, inColor, outPos, outColor});
    b.name(fn, "main");

    expectValid(b.finish());
}

// float twice(float x) { return x * 2.0; }
Id defineTwice(ModuleBuilder& b) {
    const Id f32 = b.types().floatType();
    const Id fn = b.beginFunction(f32, std::array{f32});
    b.label(b.newId());
    b.returnValue(b.fMul(f32, b.parameters()[0], b.constants().f32(2.0f)));
    b.endFunction();
    return fn;
}

// Combined image sampler, a counted loop with Phi, a local variable, if/else with Phi, a
// discard, derivatives, every GLSL.std.450 call the translator uses, and a function call.
TEST(SpirvModules, FragmentShaderWithLoopBranchesAndKill) {
    ModuleBuilder b;
    TypeTable& t = b.types();
    ConstantTable& c = b.constants();
    const Id f32 = t.floatType(), i32 = t.sintType(), boolT = t.boolType();
    const Id vec2 = t.vec(2), vec3 = t.vec(3), vec4 = t.vec(4);
    const Id image = t.imageType({.sampledType = f32, .dim = Dim::Dim2D});
    const Id sampler = b.variable(StorageClass::UniformConstant, t.sampledImageType(image));
    b.binding(sampler, 0, 0);

    const Id inUv = b.variable(StorageClass::Input, vec2);
    const Id inColor = b.variable(StorageClass::Input, vec4);
    const Id inIndex = b.variable(StorageClass::Input, i32);
    const Id outColor = b.variable(StorageClass::Output, vec4);
    b.location(inUv, 0);
    b.decorate(inUv, Decoration::Centroid);
    b.location(inColor, 1);
    b.decorate(inColor, Decoration::NoPerspective);
    b.location(inIndex, 2);
    b.decorate(inIndex, Decoration::Flat);
    b.location(outColor, 0);

    const Id twice = defineTwice(b);

    const Id fn = b.beginFunction(t.voidType(), {});
    b.label(b.newId());
    const Id acc = b.localVariable(vec4, c.null(vec4));
    const Id uv = b.load(inUv);
    const Id color = b.load(inColor);
    const Id texel = b.sampleImplicitLod(vec4, b.load(sampler), uv);
    b.store(acc, texel);

    // for (int i = inIndex; i < 4; ++i) acc = fma(acc, 0.5, color);
    const Id start = b.load(inIndex);
    Loop loop(b, kLoopDontUnroll);
    const Id iNext = b.newId();
    const Id i = b.phi(
        i32, std::array{PhiIncoming{start, loop.preheader()}, PhiIncoming{iNext, loop.continueLabel()}});
    loop.body(b.binary(Op::SLessThan, boolT, i, c.i32(4)));
    const Id half = b.splat(vec4, c.f32(0.5f), 4);
    b.store(acc, b.extInst(vec4, Glsl::Fma, std::array{b.load(acc), half, color}));
    loop.breakIf(b.binary(Op::FOrdGreaterThan, boolT, b.compositeExtract(f32, b.load(acc), 3), c.f32(8.0f)));
    loop.continueBlock();
    b.opWithResult(iNext, Op::IAdd, i32, std::array{i, c.i32(1)});
    loop.end();

    // if (acc.x > 0.5) v = sqrt(abs(acc)) else v = pow(fract(floor(acc)), acc);
    const Id a = b.load(acc);
    IfElse branch(b, b.binary(Op::FOrdGreaterThan, boolT, b.compositeExtract(f32, a, 0), c.f32(0.5f)));
    const Id thenValue = b.extInst(vec4, Glsl::Sqrt, std::array{b.extInst(vec4, Glsl::FAbs, std::array{a})});
    branch.otherwise();
    const Id fl = b.extInst(vec4, Glsl::Floor, std::array{a});
    const Id elseValue =
        b.extInst(vec4, Glsl::Pow, std::array{b.extInst(vec4, Glsl::Fract, std::array{fl}), a});
    branch.end();
    Id v = b.phi(
        vec4, std::array{PhiIncoming{thenValue, branch.thenEnd()}, PhiIncoming{elseValue, branch.elseEnd()}});

    // if (v.w < 0.1) discard;
    IfElse discard(b, b.binary(Op::FOrdLessThan, boolT, b.compositeExtract(f32, v, 3), c.f32(0.1f)));
    b.kill();
    discard.end();

    // The remaining GLSL.std.450 calls, derivatives and a gradient sample.
    const Id xyz = b.vectorShuffle(vec3, v, v, std::array{0u, 1u, 2u});
    const Id n =
        b.extInst(vec3, Glsl::Normalize, std::array{b.extInst(vec3, Glsl::Cross, std::array{xyz, xyz})});
    Id s = b.extInst(f32, Glsl::Length, std::array{n});
    s = b.extInst(f32, Glsl::InverseSqrt, std::array{b.extInst(f32, Glsl::Exp2, std::array{s})});
    s = b.extInst(f32, Glsl::Log2, std::array{b.extInst(f32, Glsl::FMax, std::array{s, c.f32(1.0f)})});
    s = b.extInst(f32, Glsl::FMin, std::array{b.extInst(f32, Glsl::Sin, std::array{s}), c.f32(1.0f)});
    s = b.fAdd(f32, s, b.extInst(f32, Glsl::Cos, std::array{s}));
    s = b.extInst(f32, Glsl::FClamp,
                  std::array{b.extInst(f32, Glsl::FSign, std::array{s}), c.f32(0.0f), c.f32(1.0f)});
    s = b.functionCall(f32, twice, std::array{s});
    const Id grad =
        b.sampleExplicitLod(vec4, b.load(sampler), uv, ImageArgs::grad(b.dPdx(vec2, uv), b.dPdy(vec2, uv)));
    v = b.fSub(vec4, b.vectorTimesScalar(vec4, v, s), b.fNegate(vec4, grad));
    v = b.compositeInsert(vec4, b.dot(f32, v, color), v, std::array{3u});
    v = b.fDiv(vec4, v, b.compositeConstruct(vec4, std::array{s, s, s, c.f32(1.0f)}));
    b.store(outColor, b.select(vec4, b.binary(Op::FOrdEqual, t.vectorType(boolT, 4), v, v), v, color));
    b.returnVoid();
    b.endFunction();
    b.entryPoint(ExecutionModel::Fragment, fn, "main", std::array{inUv, inColor, inIndex, outColor});
    b.executionMode(fn, ExecutionMode::OriginUpperLeft);

    expectValid(b.finish());
}

// Every sampling form of D3D9 texld/texldl/texldd/texldp and shadow samplers.
TEST(SpirvModules, EverySampleForm) {
    ModuleBuilder b;
    TypeTable& t = b.types();
    ConstantTable& c = b.constants();
    const Id f32 = t.floatType(), vec2 = t.vec(2), vec3 = t.vec(3), vec4 = t.vec(4);
    const Id colorTex = b.variable(StorageClass::UniformConstant,
                                   t.sampledImageType(t.imageType({.sampledType = f32, .dim = Dim::Dim2D})));
    const Id depthTex = b.variable(StorageClass::UniformConstant,
                                   t.sampledImageType(t.imageType({.sampledType = f32, .depth = 1})));
    const Id cubeTex = b.variable(StorageClass::UniformConstant,
                                  t.sampledImageType(t.imageType({.sampledType = f32, .dim = Dim::Cube})));
    b.binding(colorTex, 0, 0);
    b.binding(depthTex, 0, 1);
    b.binding(cubeTex, 0, 2);
    const Id inCoord = b.variable(StorageClass::Input, vec4);
    const Id out = b.variable(StorageClass::Output, vec4);
    b.location(inCoord, 0);
    b.location(out, 0);

    const Id fn = b.beginFunction(t.voidType(), {});
    b.label(b.newId());
    const Id q = b.load(inCoord);
    const Id uv = b.vectorShuffle(vec2, q, q, std::array{0u, 1u});
    const Id uvw = b.vectorShuffle(vec3, q, q, std::array{0u, 1u, 3u});
    const Id ref = b.compositeExtract(f32, q, 2);
    const Id color = b.load(colorTex), depth = b.load(depthTex);
    Id sum = b.sampleImplicitLod(vec4, color, uv, ImageArgs::bias(c.f32(-1.0f)));
    sum = b.fAdd(vec4, sum, b.sampleExplicitLod(vec4, color, uv, ImageArgs::lod(c.f32(2.0f))));
    sum = b.fAdd(vec4, sum, b.sampleProjImplicitLod(vec4, color, uvw));
    sum = b.fAdd(vec4, sum, b.sampleProjExplicitLod(vec4, color, uvw, ImageArgs::lod(c.f32(0.0f))));
    sum = b.fAdd(vec4, sum, b.sampleImplicitLod(vec4, b.load(cubeTex), uvw));
    Id shadow = b.sampleDrefImplicitLod(f32, depth, uv, ref);
    shadow = b.fAdd(f32, shadow, b.sampleDrefExplicitLod(f32, depth, uv, ref, ImageArgs::lod(c.f32(0.0f))));
    shadow = b.fAdd(f32, shadow, b.sampleProjDrefImplicitLod(f32, depth, uvw, ref));
    b.store(out, b.vectorTimesScalar(vec4, sum, shadow));
    b.returnVoid();
    b.endFunction();
    b.entryPoint(ExecutionModel::Fragment, fn, "main", std::array{inCoord, out});
    b.executionMode(fn, ExecutionMode::OriginUpperLeft);

    expectValid(b.finish());
}

// Specialization constants, a uniform block with offsets and array strides, a storage buffer
// with a runtime array.
TEST(SpirvModules, SpecConstantsAndUniformBlock) {
    ModuleBuilder b;
    TypeTable& t = b.types();
    ConstantTable& c = b.constants();
    const Id f32 = t.floatType(), u32 = t.uintType(), vec4 = t.vec(4), mat4 = t.matrixType(vec4, 4);

    const Id useMatrix = c.specBool(true, 0);
    const Id index = c.specScalar(u32, 3, 1);
    const Id scale = c.specScalar(f32, std::bit_cast<uint32_t>(1.0f), 2);
    b.name(useMatrix, "useMatrix");

    const Id constArray = t.arrayType(vec4, c.u32(8), 16);
    const Id blockType = t.structType(std::array{constArray, mat4, f32});
    b.decorate(blockType, Decoration::Block);
    b.memberDecorate(blockType, 0, Decoration::Offset, 0);
    b.memberDecorate(blockType, 1, Decoration::Offset, 128);
    b.memberDecorate(blockType, 1, Decoration::ColMajor);
    b.memberDecorate(blockType, 1, Decoration::MatrixStride, 16);
    b.memberDecorate(blockType, 2, Decoration::Offset, 192);
    const Id ubo = b.variable(StorageClass::Uniform, blockType);
    b.binding(ubo, 0, 1);

    const Id runtime = t.runtimeArrayType(vec4, 16);
    const Id ssboType = t.structType(std::array{runtime});
    b.decorate(ssboType, Decoration::Block);
    b.memberDecorate(ssboType, 0, Decoration::Offset, 0);
    const Id ssbo = b.variable(StorageClass::StorageBuffer, ssboType);
    b.binding(ssbo, 0, 2);
    b.decorate(ssbo, Decoration::NonWritable);

    const Id pos = b.variable(StorageClass::Input, vec4);
    const Id outPos = b.variable(StorageClass::Output, vec4);
    const Id vertexIndex = b.variable(StorageClass::Input, t.sintType());
    b.location(pos, 0);
    b.builtIn(outPos, BuiltIn::Position);
    b.builtIn(vertexIndex, BuiltIn::VertexIndex);
    const Id priv = b.variable(StorageClass::Private, vec4, c.null(vec4));
    // The same array shape without a stride, for registers: a distinct type.
    const Id registers = b.variable(StorageClass::Private, t.arrayType(vec4, c.u32(8)));

    const Id fn = b.beginFunction(t.voidType(), {});
    b.label(b.newId());
    const Id uniformVec4 = t.pointerType(StorageClass::Uniform, vec4);
    const Id constant = b.load(vec4, b.accessChain(uniformVec4, ubo, std::array{c.i32(0), index}));
    const Id m =
        b.load(mat4, b.accessChain(t.pointerType(StorageClass::Uniform, mat4), ubo, std::array{c.i32(1)}));
    const Id s =
        b.load(f32, b.accessChain(t.pointerType(StorageClass::Uniform, f32), ubo, std::array{c.i32(2)}));
    const Id fetched = b.load(vec4, b.accessChain(t.pointerType(StorageClass::StorageBuffer, vec4), ssbo,
                                                  std::array{c.i32(0), b.load(vertexIndex)}));
    const Id p = b.fAdd(vec4, b.load(pos), b.fAdd(vec4, constant, fetched));
    // SPIR-V 1.0: a vector Select takes a vector condition.
    const Id condition = b.splat(t.vectorType(t.boolType(), 4), useMatrix, 4);
    const Id moved = b.select(vec4, condition, b.matrixTimesVector(vec4, m, p), p);
    b.store(priv, b.vectorTimesScalar(vec4, moved, b.fMul(f32, s, scale)));
    const Id reg = b.accessChain(t.pointerType(StorageClass::Private, vec4), registers, std::array{c.i32(0)});
    b.store(reg, b.load(priv));
    b.store(outPos, b.load(vec4, reg));
    b.returnVoid();
    b.endFunction();
    b.entryPoint(ExecutionModel::Vertex, fn, "main", std::array{pos, outPos, vertexIndex});

    const std::vector<uint32_t> words = b.finish();
    const test::ValOutcome v = spirvVal(words);
    EXPECT_TRUE(v.valid) << v.output;
}

} // namespace
} // namespace ddivk::shader::spirv
