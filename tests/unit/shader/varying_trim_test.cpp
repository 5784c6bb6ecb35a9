// spirv::withoutVaryings (src/shader/spirv/varying_trim.h): the fixed-function vertex stages
// trimmed to every output set the pixel side asks for lose exactly the dropped outputs and stay
// valid (VaryingTrim.FixedFunction*), and on modules written with the builder, a varying used in
// any way the trim does not rewrite stays (VaryingTrim.*Stays*).
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>
#include <string>

#include "ff_pretransformed_vert.spv.h"
#include "ff_vertex_clip_vert.spv.h"
#include "ff_vertex_vert.spv.h"
#include "shader/spirv/builder.h"
#include "shader/spirv/varying_trim.h"
#include "spirv_val.h"

namespace ddivk::shader::spirv {
namespace {

// What a module declares: the locations of its variables of one storage class, and the ids its
// entry point lists.
struct Interface {
    std::set<uint32_t> locations;
    std::set<Id> entryPointIds;
    std::set<Id> variables; // of that storage class, with a Location or not
};

Interface interfaceOf(std::span<const uint32_t> module, StorageClass storage) {
    Interface out;
    std::map<Id, uint32_t> location;
    std::set<Id> ofStorage;
    for (const InstructionView& in : instructions(module.subspan(5))) {
        const auto& op = in.operands;
        if (in.op == Op::Decorate && op.size() >= 3 && op[1] == uint32_t(Decoration::Location))
            location[op[0]] = op[2];
        if (in.op == Op::Variable && op.size() >= 3 && op[2] == uint32_t(storage)) ofStorage.insert(op[1]);
        if (in.op == Op::EntryPoint) {
            // Model, id, the name (its last word holds a nul), then the interface.
            size_t k = 2;
            while (k < op.size()) {
                const uint32_t word = op[k++];
                if (!(word & 0xff) || !(word & 0xff00) || !(word & 0xff0000) || !(word & 0xff000000)) break;
            }
            out.entryPointIds.insert(op.begin() + k, op.end());
        }
    }
    for (Id v : ofStorage) {
        out.variables.insert(v);
        if (location.count(v)) out.locations.insert(location[v]);
    }
    return out;
}

std::set<uint32_t> bits(uint32_t mask) {
    std::set<uint32_t> out;
    for (uint32_t n = 0; n < 32; ++n)
        if (mask >> n & 1) out.insert(n);
    return out;
}

void expectValid(std::span<const uint32_t> words) {
    const test::ValOutcome v = test::spirvVal(words, "vulkan1.1");
    EXPECT_TRUE(v.valid) << v.output;
}

VaryingTrim outputs(uint32_t keep) {
    VaryingTrim t;
    t.storage = StorageClass::Output;
    t.keepLocations = keep;
    return t;
}

TEST(VaryingTrim, FixedFunctionVertexStagesLoseExactlyTheDroppedOutputs) {
    const std::pair<const char*, std::span<const uint32_t>> modules[] = {
        {"ff_vertex.vert", spv_ff_vertex_vert},
        {"ff_vertex.vert with clip distances", spv_ff_vertex_clip_vert},
        {"ff_pretransformed.vert", spv_ff_pretransformed_vert},
    };
    constexpr uint32_t kAll = 0x7ff; // TEXCOORD0..7 at 0..7, COLOR0, COLOR1, FOG at 8..10
    for (const auto& [name, module] : modules) {
        SCOPED_TRACE(name);
        const Interface before = interfaceOf(module, StorageClass::Output);
        ASSERT_EQ(before.locations, bits(kAll)); // the shader declares all eleven

        // Unchanged when every output is read.
        const std::vector<uint32_t> all = withoutVaryings(module, outputs(kAll));
        EXPECT_TRUE(std::equal(all.begin(), all.end(), module.begin(), module.end()));

        for (uint32_t keep : {0u, 0x700u, 0x701u, 0x782u, 0x0ffu, 0x7feu}) {
            SCOPED_TRACE("keep " + std::to_string(keep));
            const std::vector<uint32_t> trimmed = withoutVaryings(module, outputs(keep));
            const Interface after = interfaceOf(trimmed, StorageClass::Output);
            EXPECT_EQ(after.locations, bits(keep));
            // The built-ins (gl_PerVertex) stay, and the entry point lists no removed variable.
            EXPECT_EQ(after.variables.size(), before.variables.size() - (11 - bits(keep).size()));
            for (Id v : before.variables) {
                if (!after.variables.count(v)) {
                    EXPECT_FALSE(after.entryPointIds.count(v)) << "id " << v;
                }
            }
            expectValid(trimmed);
        }
    }
}

// A vertex module writing location 0 whole, location 1 through an access chain and reading
// location 2 back after writing it.
std::vector<uint32_t> vertexModuleWithOtherUses() {
    ModuleBuilder b;
    TypeTable& t = b.types();
    ConstantTable& c = b.constants();
    const Id f32 = t.floatType(), vec4 = t.vec(4);
    const Id inPos = b.variable(StorageClass::Input, vec4);
    const Id outPos = b.variable(StorageClass::Output, vec4);
    const Id out0 = b.variable(StorageClass::Output, vec4);
    const Id out1 = b.variable(StorageClass::Output, vec4);
    const Id out2 = b.variable(StorageClass::Output, vec4);
    b.location(inPos, 0);
    b.builtIn(outPos, BuiltIn::Position);
    b.location(out0, 0);
    b.location(out1, 1);
    b.location(out2, 2);
    const Id fn = b.beginFunction(t.voidType(), {});
    b.label(b.newId());
    const Id pos = b.load(inPos);
    b.store(outPos, pos);
    b.store(out0, pos);
    b.store(b.accessChain(t.pointerType(StorageClass::Output, f32), out1, std::array{c.i32(0)}), c.f32(1.0f));
    b.store(out2, pos);
    b.store(out0, b.load(out2));
    b.returnVoid();
    b.endFunction();
    b.entryPoint(ExecutionModel::Vertex, fn, "main", std::array{inPos, outPos, out0, out1, out2});
    return b.finish();
}

TEST(VaryingTrim, AnOutputUsedOtherThanByWholeStoresStays) {
    const std::vector<uint32_t> module = vertexModuleWithOtherUses();
    expectValid(module);
    // Dropping everything removes only location 0; 1 (access chain) and 2 (loaded) stay.
    const std::vector<uint32_t> trimmed = withoutVaryings(module, outputs(0));
    EXPECT_EQ(interfaceOf(trimmed, StorageClass::Output).locations, (std::set<uint32_t>{1, 2}));
    expectValid(trimmed);
}

TEST(VaryingTrim, InputsLoseTheirLoadsToUndefAndTheBuiltInOnRequest) {
    ModuleBuilder b;
    TypeTable& t = b.types();
    ConstantTable& c = b.constants();
    const Id f32 = t.floatType(), vec2 = t.vec(2), vec4 = t.vec(4);
    const Id in0 = b.variable(StorageClass::Input, vec4);
    const Id in1 = b.variable(StorageClass::Input, vec4);
    const Id in3 = b.variable(StorageClass::Input, vec4);
    const Id pointCoord = b.variable(StorageClass::Input, vec2);
    const Id color = b.variable(StorageClass::Output, vec4);
    b.location(in0, 0);
    b.location(in1, 1);
    b.location(in3, 3);
    b.builtIn(pointCoord, BuiltIn::PointCoord);
    b.location(color, 0);
    const Id fn = b.beginFunction(t.voidType(), {});
    b.label(b.newId());
    const Id sum = b.fAdd(vec4, b.load(in0), b.load(in1));
    const Id x =
        b.load(f32, b.accessChain(t.pointerType(StorageClass::Input, f32), in3, std::array{c.i32(0)}));
    const Id pc = b.load(pointCoord);
    b.store(color, b.vectorTimesScalar(vec4, sum, b.fAdd(f32, x, b.compositeExtract(f32, pc, 0))));
    b.returnVoid();
    b.endFunction();
    b.entryPoint(ExecutionModel::Fragment, fn, "main", std::array{in0, in1, in3, pointCoord, color});
    b.executionMode(fn, ExecutionMode::OriginUpperLeft);
    const std::vector<uint32_t> module = b.finish();
    expectValid(module);

    VaryingTrim trim; // inputs
    trim.keepLocations = 1u << 1;
    trim.dropPointCoord = true;
    const std::vector<uint32_t> trimmed = withoutVaryings(module, trim);
    const Interface after = interfaceOf(trimmed, StorageClass::Input);
    // Location 0 goes (its load is OpUndef), 1 is kept, 3 stays for its access chain.
    EXPECT_EQ(after.locations, (std::set<uint32_t>{1, 3}));
    EXPECT_FALSE(after.variables.count(pointCoord));
    EXPECT_FALSE(after.entryPointIds.count(in0));
    EXPECT_FALSE(after.entryPointIds.count(pointCoord));
    expectValid(trimmed);

    trim.dropPointCoord = false;
    EXPECT_TRUE(interfaceOf(withoutVaryings(module, trim), StorageClass::Input).variables.count(pointCoord));
}

TEST(VaryingTrim, AModuleItCannotWalkComesBackUnchanged) {
    std::vector<uint32_t> module = vertexModuleWithOtherUses();
    module.push_back(0xffff0000u); // a word count past the end
    EXPECT_EQ(withoutVaryings(module, outputs(0)), module);
}

} // namespace
} // namespace ddivk::shader::spirv
