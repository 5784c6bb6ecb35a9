// The SPIR-V builder's own rules (SpirvBuilder.*): deduplication of types and constants, the
// section order of SPIR-V 2.4, word encoding, and the debug checks; invalid modules written with
// the checks off are rejected by spirv-val.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "shader/spirv/builder.h"
#include "spirv_val.h"

namespace ddivk::shader::spirv {
namespace {

// Instructions of a finished module, header skipped.
std::vector<InstructionView> body(const std::vector<uint32_t>& words) {
    return instructions(std::span(words).subspan(5));
}

size_t countOp(const std::vector<uint32_t>& words, Op op) {
    const auto list = body(words);
    return size_t(
        std::count_if(list.begin(), list.end(), [&](const InstructionView& i) { return i.op == op; }));
}

// An empty vertex entry point, so that the module is complete.
Id addEmptyMain(ModuleBuilder& b) {
    const Id fn = b.beginFunction(b.types().voidType(), {});
    b.label(b.newId());
    b.returnVoid();
    b.endFunction();
    b.entryPoint(ExecutionModel::Vertex, fn, "main", {});
    return fn;
}

TEST(SpirvBuilder, TypesAreDeduplicated) {
    ModuleBuilder b;
    TypeTable& t = b.types();
    EXPECT_EQ(t.floatType(), t.floatType());
    EXPECT_EQ(t.vec(4), t.vectorType(t.floatType(), 4));
    EXPECT_NE(t.vec(4), t.vec(3));
    EXPECT_NE(t.uintType(), t.sintType());
    EXPECT_EQ(t.matrixType(t.vec(4), 4), t.matrixType(t.vec(4), 4));
    EXPECT_EQ(t.pointerType(StorageClass::Input, t.vec(4)), t.pointerType(StorageClass::Input, t.vec(4)));
    EXPECT_NE(t.pointerType(StorageClass::Input, t.vec(4)), t.pointerType(StorageClass::Output, t.vec(4)));
    EXPECT_EQ(t.functionType(t.voidType(), {}), t.functionType(t.voidType(), {}));
    const ImageTypeDesc image{.sampledType = t.floatType()};
    EXPECT_EQ(t.imageType(image), t.imageType(image));
    EXPECT_EQ(t.sampledImageType(t.imageType(image)), t.sampledImageType(t.imageType(image)));
    const Id length = b.constants().u32(4);
    EXPECT_EQ(t.arrayType(t.vec(4), length), t.arrayType(t.vec(4), length));
    // Strided arrays: one per stride, never the undecorated array.
    EXPECT_EQ(t.arrayType(t.vec(4), length, 16), t.arrayType(t.vec(4), length, 16));
    EXPECT_NE(t.arrayType(t.vec(4), length, 16), t.arrayType(t.vec(4), length));
    EXPECT_NE(t.arrayType(t.vec(4), length, 16), t.arrayType(t.vec(4), length, 32));
    EXPECT_EQ(t.runtimeArrayType(t.vec(4), 16), t.runtimeArrayType(t.vec(4), 16));
    EXPECT_NE(t.runtimeArrayType(t.vec(4), 16), t.runtimeArrayType(t.vec(4)));
    // Structs are never merged: each may carry its own decorations.
    const std::array members{t.vec(4)};
    EXPECT_NE(t.structType(members), t.structType(members));
    EXPECT_EQ(t.pointee(t.pointerType(StorageClass::Private, t.vec(2))), t.vec(2));
    EXPECT_EQ(t.componentCount(t.vec(3)), 3u);
    EXPECT_EQ(t.scalarOf(t.vec(3)), t.floatType());
    EXPECT_TRUE(t.isFloat(t.vec(3)));
    EXPECT_FALSE(t.isFloat(t.uintType()));

    addEmptyMain(b);
    const std::vector<uint32_t> words = b.finish();
    EXPECT_EQ(countOp(words, Op::TypeFloat), 1u);
    EXPECT_EQ(countOp(words, Op::TypeVector), 3u); // vec4, vec3, vec2
    EXPECT_EQ(countOp(words, Op::TypeStruct), 2u);
    EXPECT_EQ(countOp(words, Op::TypeArray), 3u);        // unstrided, stride 16, stride 32
    EXPECT_EQ(countOp(words, Op::TypeRuntimeArray), 2u); // unstrided, stride 16
    EXPECT_EQ(countOp(words, Op::Decorate), 3u);         // one ArrayStride per strided array
    EXPECT_TRUE(test::spirvVal(words).valid);
}

TEST(SpirvBuilder, ConstantsAreDeduplicated) {
    ModuleBuilder b;
    ConstantTable& c = b.constants();
    EXPECT_EQ(c.f32(1.0f), c.f32(1.0f));
    EXPECT_NE(c.f32(0.0f), c.f32(-0.0f)); // by bit pattern
    EXPECT_NE(c.u32(1), c.i32(1));        // by type
    EXPECT_NE(c.u32(1), c.f32(1.0f));
    EXPECT_EQ(c.boolean(true), c.boolean(true));
    EXPECT_NE(c.boolean(true), c.boolean(false));
    EXPECT_EQ(c.null(b.types().vec(4)), c.null(b.types().vec(4)));
    const std::array xyzw{1.0f, 2.0f, 3.0f, 4.0f};
    EXPECT_EQ(c.vecF32(xyzw), c.vecF32(xyzw));
    // Specialization constants are never merged, with each other or with plain constants.
    const Id spec = c.specScalar(b.types().uintType(), 1, 7);
    EXPECT_NE(spec, c.u32(1));
    EXPECT_NE(spec, c.specScalar(b.types().uintType(), 1, 8));

    addEmptyMain(b);
    const std::vector<uint32_t> words = b.finish();
    EXPECT_EQ(countOp(words, Op::Constant), 8u); // 1.0 0.0 -0.0 1u 1i 2.0 3.0 4.0
    EXPECT_EQ(countOp(words, Op::SpecConstant), 2u);
    bool specIdSeven = false;
    for (const InstructionView& i : body(words))
        if (i.op == Op::Decorate && i.operands[0] == spec && i.operands[1] == uint32_t(Decoration::SpecId))
            specIdSeven = i.operands[2] == 7;
    EXPECT_TRUE(specIdSeven);
    EXPECT_TRUE(test::spirvVal(words).valid);
}

// Rank of an instruction's section in SPIR-V 2.4's logical layout.
int sectionOf(Op op) {
    switch (op) {
    case Op::Capability:
        return 0;
    case Op::Extension:
        return 1;
    case Op::ExtInstImport:
        return 2;
    case Op::MemoryModel:
        return 3;
    case Op::EntryPoint:
        return 4;
    case Op::ExecutionMode:
        return 5;
    case Op::Name:
    case Op::MemberName:
        return 6;
    case Op::Decorate:
    case Op::MemberDecorate:
        return 7;
    case Op::Function:
        return 9;
    default:
        return 8; // types, constants, variables; function bodies come after OpFunction
    }
}

TEST(SpirvBuilder, SectionsFollowTheLogicalLayout) {
    ModuleBuilder b;
    TypeTable& t = b.types();
    // Declared out of order on purpose: function first, then globals, names and capabilities.
    const Id out = b.variable(StorageClass::Output, t.vec(4));
    const Id fn = b.beginFunction(t.voidType(), {});
    b.label(b.newId());
    b.store(out, b.extInst(t.vec(4), Glsl::FAbs,
                           std::array{b.constants().vecF32(std::array{1.f, 2.f, 3.f, 4.f})}));
    b.returnVoid();
    b.endFunction();
    b.name(fn, "main");
    b.builtIn(out, BuiltIn::Position);
    b.entryPoint(ExecutionModel::Vertex, fn, "main", std::array{out});
    b.capability(Capability::DrawParameters);
    b.extension("SPV_KHR_shader_draw_parameters");
    b.name(out, "position");

    const std::vector<uint32_t> words = b.finish();
    ASSERT_GE(words.size(), 5u);
    EXPECT_EQ(words[0], kMagic);
    EXPECT_EQ(words[1], kVersion10);
    EXPECT_EQ(words[4], 0u);
    int last = 0;
    bool inFunction = false;
    uint32_t largestId = 0;
    for (const InstructionView& i : body(words)) {
        if (i.op == Op::Function) inFunction = true;
        const int section = inFunction ? 9 : sectionOf(i.op);
        EXPECT_GE(section, last) << "opcode " << uint32_t(i.op);
        last = section;
        if (i.op == Op::Label || i.op == Op::ExtInstImport) largestId = std::max(largestId, i.operands[0]);
    }
    EXPECT_GT(words[3], largestId); // the id bound
    EXPECT_EQ(countOp(words, Op::MemoryModel), 1u);
    EXPECT_EQ(countOp(words, Op::ExtInstImport), 1u);
    const test::ValOutcome v = test::spirvVal(words);
    EXPECT_TRUE(v.valid) << v.output;
}

TEST(SpirvBuilder, DebugNamesCanBeLeftOut) {
    ModuleBuilder b;
    b.setDebugNames(false);
    b.name(addEmptyMain(b), "main");
    EXPECT_EQ(countOp(b.finish(), Op::Name), 0u);
}

TEST(SpirvBuilder, StringsArePaddedToWholeWords) {
    EXPECT_EQ(stringWords("abc"), (std::vector<uint32_t>{0x00636261}));
    EXPECT_EQ(stringWords("main"), (std::vector<uint32_t>{0x6E69616D, 0}));
    EXPECT_EQ(stringWords(""), (std::vector<uint32_t>{0}));
}

// Writes a function whose only block has no terminator.
void writeBlockWithoutTerminator(ModuleBuilder& b) {
    const Id fn = b.beginFunction(b.types().voidType(), {});
    b.label(b.newId());
    b.endFunction();
    b.entryPoint(ExecutionModel::Vertex, fn, "main", {});
}

TEST(SpirvBuilder, BlockWithoutTerminatorIsRejected) {
    ModuleBuilder checked;
    EXPECT_THROW(writeBlockWithoutTerminator(checked), BuildError);

    ModuleBuilder unchecked(Checks::Off);
    writeBlockWithoutTerminator(unchecked);
    const test::ValOutcome v = test::spirvVal(unchecked.finish());
    EXPECT_FALSE(v.valid);
    EXPECT_FALSE(v.output.empty());
}

TEST(SpirvBuilder, LabelInsideAnOpenBlockIsRejected) {
    ModuleBuilder b;
    b.beginFunction(b.types().voidType(), {});
    b.label(b.newId());
    EXPECT_THROW(b.label(b.newId()), BuildError);
}

TEST(SpirvBuilder, InstructionAfterATerminatorIsRejected) {
    ModuleBuilder b;
    const Id out = b.variable(StorageClass::Output, b.types().vec(4));
    b.beginFunction(b.types().voidType(), {});
    b.label(b.newId());
    b.returnVoid();
    EXPECT_THROW(b.store(out, b.constants().null(b.types().vec(4))), BuildError);
}

TEST(SpirvBuilder, FragmentEntryWithoutOriginIsRejected) {
    for (Checks checks : {Checks::On, Checks::Off}) {
        ModuleBuilder b(checks);
        const Id fn = b.beginFunction(b.types().voidType(), {});
        b.label(b.newId());
        b.returnVoid();
        b.endFunction();
        b.entryPoint(ExecutionModel::Fragment, fn, "main", {});
        if (checks == Checks::On)
            EXPECT_THROW(b.finish(), BuildError);
        else
            EXPECT_FALSE(test::spirvVal(b.finish()).valid);
    }
}

// A Phi written after an OpLoad in a two-block function.
void writeLatePhi(ModuleBuilder& b) {
    TypeTable& t = b.types();
    const Id in = b.variable(StorageClass::Input, t.floatType());
    const Id fn = b.beginFunction(t.voidType(), {});
    const Id first = b.newId(), second = b.newId();
    b.label(first);
    const Id x = b.load(in);
    b.branch(second);
    b.label(second);
    b.load(in);
    b.phi(t.floatType(), std::array{PhiIncoming{x, first}});
    b.returnVoid();
    b.endFunction();
    b.entryPoint(ExecutionModel::Vertex, fn, "main", std::array{in});
}

TEST(SpirvBuilder, PhiAfterOtherInstructionsIsRejected) {
    ModuleBuilder checked;
    EXPECT_THROW(writeLatePhi(checked), BuildError);
    ModuleBuilder unchecked(Checks::Off);
    writeLatePhi(unchecked);
    EXPECT_FALSE(test::spirvVal(unchecked.finish()).valid);
}

// A selection merge followed by a store instead of the branch.
void writeMergeBeforeStore(ModuleBuilder& b) {
    TypeTable& t = b.types();
    const Id out = b.variable(StorageClass::Output, t.vec(4));
    const Id fn = b.beginFunction(t.voidType(), {});
    b.label(b.newId());
    const Id then = b.newId(), merge = b.newId();
    b.selectionMerge(merge);
    b.store(out, b.constants().null(t.vec(4)));
    b.branchConditional(b.constants().boolean(true), then, merge);
    b.label(then);
    b.branch(merge);
    b.label(merge);
    b.returnVoid();
    b.endFunction();
    b.entryPoint(ExecutionModel::Vertex, fn, "main", std::array{out});
}

TEST(SpirvBuilder, MergeNotBeforeTheBranchIsRejected) {
    ModuleBuilder checked;
    EXPECT_THROW(writeMergeBeforeStore(checked), BuildError);
    ModuleBuilder unchecked(Checks::Off);
    writeMergeBeforeStore(unchecked);
    EXPECT_FALSE(test::spirvVal(unchecked.finish()).valid);
}

TEST(SpirvBuilder, UnfinishedFunctionIsRejected) {
    ModuleBuilder b;
    b.beginFunction(b.types().voidType(), {});
    EXPECT_THROW(b.finish(), BuildError);
}

TEST(SpirvBuilder, ExplicitLodWithoutLodIsRejected) {
    ModuleBuilder b;
    TypeTable& t = b.types();
    const Id tex = b.variable(StorageClass::UniformConstant,
                              t.sampledImageType(t.imageType({.sampledType = t.floatType()})));
    b.beginFunction(t.voidType(), {});
    b.label(b.newId());
    const Id uv = b.constants().null(t.vec(2));
    EXPECT_THROW(b.sampleExplicitLod(t.vec(4), b.load(tex), uv, {}), BuildError);
}

// Function variables declared in a later block still land at the top of the first block.
TEST(SpirvBuilder, LocalVariablesAreHoistedToTheFirstBlock) {
    ModuleBuilder b;
    TypeTable& t = b.types();
    const Id fn = b.beginFunction(t.voidType(), {});
    b.label(b.newId());
    const Id next = b.newId();
    b.branch(next);
    b.label(next);
    const Id var = b.localVariable(t.floatType());
    b.store(var, b.constants().f32(1.0f));
    b.returnVoid();
    b.endFunction();
    b.entryPoint(ExecutionModel::Vertex, fn, "main", {});
    const std::vector<uint32_t> words = b.finish();
    const auto list = body(words);
    auto label =
        std::find_if(list.begin(), list.end(), [](const InstructionView& i) { return i.op == Op::Label; });
    ASSERT_NE(label, list.end());
    ASSERT_NE(label + 1, list.end());
    EXPECT_EQ((label + 1)->op, Op::Variable);
    EXPECT_EQ((label + 1)->operands[1], var);
    const test::ValOutcome v = test::spirvVal(words);
    EXPECT_TRUE(v.valid) << v.output;
}

} // namespace
} // namespace ddivk::shader::spirv
