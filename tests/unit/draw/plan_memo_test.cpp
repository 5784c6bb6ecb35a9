// The previous draw's stream plan (device/plan_memo.h): kept while the request is the same, and
// made again when any part the plan reads changes. StartVertex shapes only divided-mode plans.
#include <gtest/gtest.h>

#include "ddivk/d3d9_decl.h"
#include "ddivk/d3d9_enums.h"
#include "device/plan_memo.h"

namespace ddivk::device {
namespace {

using draw::ProgramInput;
using draw::VertexInputCaps;
using draw::VertexInputRequest;

constexpr VertexInputCaps kExtension{true, 0xFFFFFFFF};

constexpr D3DVERTEXELEMENT9 element(uint16_t stream, uint16_t offset, uint8_t type, uint8_t usage) {
    return {stream, offset, type, D3DDECLMETHOD_DEFAULT, usage, 0};
}

// Positions on stream 0 and a texture coordinate on stream 1, read by a vs_3_0 program.
constexpr D3DVERTEXELEMENT9 kDecl[] = {
    element(0, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION),
    element(1, 0, D3DDECLTYPE_FLOAT2, D3DDECLUSAGE_TEXCOORD),
};
constexpr ProgramInput kInputs[] = {{0, D3DDECLUSAGE_POSITION, 0}, {1, D3DDECLUSAGE_TEXCOORD, 0}};

// A non-indexed draw from `startVertex`; stream 1 is read every `divider` vertices (1: per vertex).
VertexInputRequest draw(uint32_t startVertex, uint32_t divider) {
    VertexInputRequest r;
    r.elements = kDecl;
    r.inputs = kInputs;
    r.vertexShaderMajor = 3;
    r.programCanFetch = true;
    r.startVertex = startVertex;
    r.streams[0] = {12, 0, 1};
    r.streams[1] = {8, 24, divider};
    return r;
}

TEST(PlanMemo, DrawsDifferingOnlyInStartVertexShareThePlan) {
    PlanMemo memo;
    const char* why = nullptr;
    ASSERT_TRUE(memo.get(draw(0, 1), kExtension, &why));
    const uint64_t first = memo.generation();
    for (uint32_t start : {6u, 12u, 600u}) {
        const auto& plan = memo.get(draw(start, 1), kExtension, &why);
        ASSERT_TRUE(plan);
        EXPECT_EQ(memo.generation(), first) << "start " << start;
        EXPECT_FALSE(plan->dividerModeUsed);
        EXPECT_EQ(plan->fetchStreams, 0); // both streams as attributes, whatever the start
    }
}

TEST(PlanMemo, DividedStreamsMakeANewPlanForEachStartVertex) {
    PlanMemo memo;
    const char* why = nullptr;
    ASSERT_TRUE(memo.get(draw(10, 4), kExtension, &why));
    const uint64_t first = memo.generation();
    EXPECT_EQ(memo.get(draw(10, 4), kExtension, &why)->fetchBlock.streams[1].firstElement, 10u / 4);
    EXPECT_EQ(memo.generation(), first); // the same request again
    const auto& plan = memo.get(draw(13, 4), kExtension, &why);
    ASSERT_TRUE(plan);
    EXPECT_GT(memo.generation(), first);
    EXPECT_TRUE(plan->dividerModeUsed);
    EXPECT_EQ(plan->fetchBlock.startVertex, 13u);
    EXPECT_EQ(plan->fetchBlock.streams[1].firstElement, 13u / 4);
}

TEST(PlanMemo, ANewDividerMakesANewPlan) {
    PlanMemo memo;
    const char* why = nullptr;
    ASSERT_TRUE(memo.get(draw(8, 1), kExtension, &why));
    const uint64_t first = memo.generation();
    const auto& plan = memo.get(draw(8, 4), kExtension, &why);
    ASSERT_TRUE(plan);
    EXPECT_GT(memo.generation(), first);
    EXPECT_TRUE(plan->dividerModeUsed);
    EXPECT_EQ(plan->fetchBlock.streams[1].firstElement, 2u);
}

} // namespace
} // namespace ddivk::device
