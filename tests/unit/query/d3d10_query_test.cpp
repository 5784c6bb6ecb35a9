// The D3D10 query DDI on lavapipe: every test is named after a statement of
// shared/spec/d3d10ddi-query.md (or a behaviour of issue 5) and measures a scene whose expected
// numbers are computed here (pixels covered by rectangles, primitives drawn).
#include <chrono>
#include <cmath>
#include <optional>

#include "device/command_context.h"
#include "device/d3d10_counters.h"
#include "support/vk_test.h"
#include "unit/query/query_fixture.h"
#include "vk/queue.h"

namespace ddivk::test {
namespace {

class D3D10Query : public QueryTest {};

// --- EVENT -------------------------------------------------------------------------------------

TEST_F(D3D10Query, EventSignalsTrueAfterThePreviouslyIssuedCommands) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_EVENT);
    ASSERT_EQ(takeError(), S_OK);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    rect(s, v, 0, 0, 8, 8);
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    ASSERT_EQ(takeError(), S_OK);
    EXPECT_EQ(wait10<BOOL>(q), 1); // the driver always sends back TRUE
}

TEST_F(D3D10Query, EventIsNotSignalledWhileTheGpuIsStillBusy) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_EVENT);
    {
        ScopedQueueHold hold(driverDevice().vulkan().queue());
        end10(q);
        BOOL value = 0;
        // Flushing submits the work, but the GPU (held) has not finished it: never blocks.
        EXPECT_EQ(getData10(q, &value, sizeof value), DXGI_DDI_ERR_WASSTILLDRAWING);
        EXPECT_EQ(getData10(q, &value, sizeof value), DXGI_DDI_ERR_WASSTILLDRAWING);
        EXPECT_EQ(value, 0);
    }
    EXPECT_EQ(wait10<BOOL>(q), 1);
}

// --- OCCLUSION ---------------------------------------------------------------------------------

TEST_F(D3D10Query, OcclusionCountsTheVisiblePixelsOfANonMultisampledTarget) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    rect(s, v, 4, 4, 14, 11);   // 10 x 7
    rect(s, v, 20, 30, 25, 48); // 5 x 18
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    ASSERT_EQ(takeError(), S_OK);
    EXPECT_EQ(wait10<uint64_t>(q), uint64_t(10 * 7 + 5 * 18));
}

TEST_F(D3D10Query, OcclusionIsTheDifferenceBetweenQueryBeginAndQueryEnd) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    std::vector<TLVertex> v;
    CommandStream before = scene();
    rect(before, v, 0, 0, 30, 30);
    ASSERT_EQ(execute(before, v), S_OK);
    begin10(q);
    v.clear();
    CommandStream inside = scene();
    rect(inside, v, 0, 0, 3, 4);
    ASSERT_EQ(execute(inside, v), S_OK);
    end10(q);
    v.clear();
    CommandStream after = scene();
    rect(after, v, 0, 0, 30, 30);
    ASSERT_EQ(execute(after, v), S_OK);
    EXPECT_EQ(wait10<uint64_t>(q), 12u);
}

TEST_F(D3D10Query, OcclusionWithNothingDrawnIsZero) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    end10(q);
    EXPECT_EQ(wait10<uint64_t>(q), 0u);
}

// Clears are not primitives: they never count.
TEST_F(D3D10Query, OcclusionCountsPrimitivesNotClears) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    CommandStream s = scene();
    clear(s, D3DCLEAR_TARGET, 0xFF00FF00);
    std::vector<TLVertex> v;
    rect(s, v, 1, 1, 3, 3);
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    EXPECT_EQ(wait10<uint64_t>(q), 4u);
}

// Each flush ends the command buffer and the rendering pass: the count is accumulated over the
// pieces (reading the target submits and waits in the middle of the query).
TEST_F(D3D10Query, OcclusionIsAccurateAcrossPassAndCommandBufferBoundaries) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    uint64_t expected = 0;
    for (int i = 0; i < 5; ++i) {
        std::vector<TLVertex> v;
        CommandStream s = scene();
        rect(s, v, float(i), 0, float(i + 4), 6); // 4 x 6
        ASSERT_EQ(execute(s, v), S_OK);
        expected += 24;
        readTarget(); // ends the pass, submits, waits
    }
    end10(q);
    EXPECT_EQ(wait10<uint64_t>(q), expected);
}

// A DP2 call of more than kDrawsPerSubmission draws is submitted in pieces (command_context.h),
// a query open over them or not.
TEST_F(D3D10Query, OcclusionIsAccurateAcrossSubmissionsInsideOneCall) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    static_assert(1500 > device::kDrawsPerSubmission);
    for (int i = 0; i < 1500; ++i)
        rect(s, v, float(i % 60), float(i % 40), float(i % 60 + 2), float(i % 40 + 1)); // 2 pixels
    const uint64_t serial = driverDevice().commands().recordingSerial();
    ASSERT_EQ(execute(s, v), S_OK);
    EXPECT_GE(driverDevice().commands().recordingSerial(), serial + 1500 / device::kDrawsPerSubmission);
    end10(q);
    EXPECT_EQ(wait10<uint64_t>(q), 3000u);
}

// Draws of more than kVerticesPerSubmission vertices in all are submitted after them
// (command_context.h), so that a CPU driver draws them while the rest is recorded: the count
// accumulates over those submissions too.
TEST_F(D3D10Query, OcclusionIsAccurateAcrossSubmissionsAfterLargeDraws) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    // A 4 x 6 rectangle 6000 times over, drawn twice: two draws of 36000 vertices each.
    constexpr uint16_t kRects = 6000;
    static_assert(3u * 2 * kRects > device::kVerticesPerSubmission);
    std::vector<TLVertex> v;
    CommandStream unused;
    for (int i = 0; i < kRects; ++i)
        rect(unused, v, 10, 10, 14, 16);
    CommandStream s = scene();
    for (int draw = 0; draw < 2; ++draw)
        s.cmd(D3DDP2OP_TRIANGLELIST, 2 * kRects).put(D3DHAL_DP2TRIANGLELIST{0});
    const uint64_t serial = driverDevice().commands().recordingSerial();
    ASSERT_EQ(execute(s, v), S_OK);
    EXPECT_GE(driverDevice().commands().recordingSerial(), serial + 2) << "each large draw is submitted";
    end10(q);
    EXPECT_EQ(wait10<uint64_t>(q), 2u * kRects * 24);
}

// Where no query spans them, draws are submitted every kDrawsPerPiece: a CPU driver draws each
// piece while the next is recorded. While a query counts them they stay together up to
// kDrawsPerSubmission, since a cut would split its Vulkan query in two.
TEST_F(D3D10Query, OnlyDrawsNoQuerySpansAreSubmittedInShortPieces) {
    constexpr int kDraws = 300;
    static_assert(kDraws >= 2 * device::kDrawsPerPiece && kDraws < device::kDrawsPerSubmission);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    for (int i = 0; i < kDraws; ++i)
        rect(s, v, float(i % 60), float(i % 40), float(i % 60 + 2), float(i % 40 + 1)); // 2 pixels
    device::CommandContext& commands = driverDevice().commands();
    const uint64_t unmeasured = commands.recordingSerial();
    ASSERT_EQ(execute(s, v), S_OK);
    EXPECT_GE(commands.recordingSerial(), unmeasured + kDraws / device::kDrawsPerPiece);

    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    const uint64_t measured = commands.recordingSerial();
    ASSERT_EQ(execute(s, v), S_OK);
    EXPECT_EQ(commands.recordingSerial(), measured) << "no cut while the query counts the draws";
    end10(q);
    EXPECT_EQ(wait10<uint64_t>(q), 2u * kDraws);
}

TEST_F(D3D10Query, OverlappingOcclusionQueriesEachCountTheirOwnRange) {
    D3D10DDI_HQUERY a = create10(D3D10DDI_QUERY_OCCLUSION);
    D3D10DDI_HQUERY b = create10(D3D10DDI_QUERY_OCCLUSION);
    std::vector<TLVertex> v;
    begin10(a);
    CommandStream s1 = scene();
    rect(s1, v, 0, 0, 2, 5); // 10: a
    ASSERT_EQ(execute(s1, v), S_OK);
    begin10(b);
    v.clear();
    CommandStream s2 = scene();
    rect(s2, v, 0, 0, 3, 3); // 9: a and b
    ASSERT_EQ(execute(s2, v), S_OK);
    end10(a);
    v.clear();
    CommandStream s3 = scene();
    rect(s3, v, 0, 0, 1, 7); // 7: b
    ASSERT_EQ(execute(s3, v), S_OK);
    end10(b);
    ASSERT_EQ(takeError(), S_OK);
    EXPECT_EQ(wait10<uint64_t>(a), 19u);
    EXPECT_EQ(wait10<uint64_t>(b), 16u);
}

class D3D10QueryDepth : public D3D10Query {
  protected:
    void SetUp() override {
        depthFormat_ = D3DFMT_D24S8;
        D3D10Query::SetUp();
    }
};

// Pixels behind the depth buffer fail the depth test and are not visible.
TEST_F(D3D10QueryDepth, OcclusionCountsOnlyPixelsPassingTheDepthTest) {
    std::vector<TLVertex> v;
    CommandStream front = scene();
    clear(front, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, {}, 1.0f);
    rect(front, v, 0, 0, 10, 10, 0.2f); // occluder
    ASSERT_EQ(execute(front, v), S_OK);
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    v.clear();
    CommandStream behind = scene();
    rect(behind, v, 5, 0, 20, 4, 0.6f); // 15 x 4, of which 5 x 4 behind the occluder
    ASSERT_EQ(execute(behind, v), S_OK);
    end10(q);
    EXPECT_EQ(wait10<uint64_t>(q), uint64_t(10 * 4));
}

// "Disabled depth tests or stencil tests should behave as if the multisamples pass."
TEST_F(D3D10QueryDepth, OcclusionWithTheDepthTestDisabledCountsAsPassing) {
    std::vector<TLVertex> v;
    CommandStream front = scene();
    clear(front, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, {}, 0.0f); // everything would fail
    ASSERT_EQ(execute(front, v), S_OK);
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    CommandStream s = scene();
    renderState(s, D3DRS_ZENABLE, D3DZB_FALSE);
    rect(s, v, 0, 0, 6, 5, 0.9f);
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    EXPECT_EQ(wait10<uint64_t>(q), 30u);
}

// --- OCCLUSIONPREDICATE --------------------------------------------------------------------------

TEST_F(D3D10Query, OcclusionPredicateIsFalseWhenTheOcclusionCountIsZero) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSIONPREDICATE);
    begin10(q);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    rect(s, v, 100, 100, 120, 120); // entirely off the 64 x 48 target
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    EXPECT_EQ(wait10<BOOL>(q), 0);
}

TEST_F(D3D10Query, OcclusionPredicateIsTrueWhenOneSampleIsVisible) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSIONPREDICATE);
    begin10(q);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    rect(s, v, 63, 47, 64, 48); // one pixel
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    EXPECT_EQ(wait10<BOOL>(q), 1);
}

TEST_F(D3D10Query, HintPredicateNeverPropagatesAResult) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSIONPREDICATE, D3D10DDI_QUERY_MISCFLAG_PREDICATEHINT);
    ASSERT_EQ(takeError(), S_OK);
    begin10(q);
    end10(q);
    BOOL value = 7;
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(getData10(q, &value, sizeof value), DXGI_DDI_ERR_UNSUPPORTED);
    EXPECT_EQ(value, 7);
}

// "The STREAMOVERFLOWPREDICATE does not support the ability to be used as a hint." Nor do the
// other non-predicates.
TEST_F(D3D10Query, OnlyTheOcclusionPredicateMayBeAHint) {
    for (D3D10DDI_QUERY type :
         {D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE, D3D10DDI_QUERY_OCCLUSION, D3D10DDI_QUERY_EVENT}) {
        create10(type, D3D10DDI_QUERY_MISCFLAG_PREDICATEHINT);
        EXPECT_EQ(takeError(), E_INVALIDARG) << type;
    }
}

// --- Predication (SetPredication with an OCCLUSIONPREDICATE) ----------------------------------

class D3D10Predication : public D3D10Query {
  protected:
    static constexpr uint32_t kBackground = 0xFF000080, kRed = 0xFFFF0000;
    // Clears the target, then runs an occlusion predicate around a rectangle (visible or off
    // the target); returns the predicate.
    D3D10DDI_HQUERY predicate(bool visible, uint32_t flags = 0) {
        CommandStream s = scene();
        clear(s, D3DCLEAR_TARGET, kBackground);
        EXPECT_EQ(execute(s), S_OK);
        D3D10DDI_HQUERY p = create10(D3D10DDI_QUERY_OCCLUSIONPREDICATE, flags);
        begin10(p);
        std::vector<TLVertex> v;
        CommandStream t = scene();
        if (visible)
            rect(t, v, 60, 40, 61, 41, 0.5f, kBackground); // one pixel, invisible in colour
        else
            rect(t, v, 100, 100, 110, 110);
        EXPECT_EQ(execute(t, v), S_OK);
        end10(p);
        return p;
    }
    void drawRed() {
        std::vector<TLVertex> v;
        CommandStream s = scene();
        rect(s, v, 0, 0, 8, 8, 0.5f, kRed);
        ASSERT_EQ(execute(s, v), S_OK);
    }
    bool redDrawn() { return readTarget()[4 * kWidth + 4] == kRed; }
};

// D3D10: rendering is skipped when the predicate's answer equals PredicateValue.
TEST_F(D3D10Predication, KnownPredicateSkipsRenderingWhenItEqualsTheValue) {
    D3D10DDI_HQUERY p = predicate(false);
    EXPECT_EQ(wait10<BOOL>(p), 0);
    ddi().pfnSetPredication(device10_, p, 0); // skip while nothing is visible
    EXPECT_EQ(takeError(), S_OK);
    EXPECT_TRUE(engine().renderingSkipped());
    drawRed();
    EXPECT_FALSE(redDrawn());
    ddi().pfnSetPredication(device10_, p, 1); // skip while something is visible
    drawRed();
    EXPECT_TRUE(redDrawn());
    ddi().pfnSetPredication(device10_, D3D10DDI_HQUERY{nullptr}, 0);
    EXPECT_EQ(takeError(), S_OK);
    EXPECT_FALSE(engine().renderingSkipped());
}

TEST_F(D3D10Predication, PredicatedClearsAreSkippedToo) {
    D3D10DDI_HQUERY p = predicate(false);
    EXPECT_EQ(wait10<BOOL>(p), 0);
    ddi().pfnSetPredication(device10_, p, 0);
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kRed);
    ASSERT_EQ(execute(s), S_OK);
    EXPECT_FALSE(redDrawn());
    ddi().pfnSetPredication(device10_, D3D10DDI_HQUERY{nullptr}, 0);
}

// Copies, blits and fills are predicated too; Vulkan cannot predicate them, so they are
// decided on the CPU, waiting for a predicate the draws would read on the GPU.
TEST_F(D3D10Predication, PredicatedColorFillsAreDecidedOnTheCpu) {
    for (bool visible : {false, true}) {
        for (BOOL value : {0, 1}) {
            D3D10DDI_HQUERY p = predicate(visible);
            ddi().pfnSetPredication(device10_, p, value);
            EXPECT_EQ(takeError(), S_OK);
            CommandStream s;
            s.cmd(D3DDP2OP_COLORFILL, 1).put(D3DHAL_DP2COLORFILL{target_, {0, 0, 8, 8}, kRed});
            ASSERT_EQ(execute(s), S_OK);
            ddi().pfnSetPredication(device10_, D3D10DDI_HQUERY{nullptr}, 0);
            EXPECT_EQ(takeError(), S_OK);
            EXPECT_EQ(redDrawn(), visible != (value != 0)) << visible << " " << value;
            destroy10(p);
        }
    }
}

// A predicate the GPU has not answered yet runs as VK_EXT_conditional_rendering: nothing waits.
TEST_F(D3D10Predication, UnknownPredicateRunsOnTheGpuWithConditionalRendering) {
    if (!driverDevice().vulkan().caps().conditionalRendering) GTEST_SKIP() << "no conditional rendering";
    for (bool visible : {false, true}) {
        for (BOOL value : {0, 1}) {
            D3D10DDI_HQUERY p;
            {
                ScopedQueueHold hold(driverDevice().vulkan().queue());
                p = predicate(visible);
                ddi().pfnSetPredication(device10_, p, value);
                EXPECT_EQ(takeError(), S_OK);
                EXPECT_TRUE(engine().predicatedOnGpu());
                drawRed();
                CommandStream c; // a clear in the pass is predicated by conditional rendering too
                clear(c, D3DCLEAR_TARGET, kRed, {{20, 20, 24, 24}});
                ASSERT_EQ(execute(c), S_OK);
                ddi().pfnSetPredication(device10_, D3D10DDI_HQUERY{nullptr}, 0);
                BOOL answer = 0;
                EXPECT_EQ(getData10(p, &answer, sizeof answer), DXGI_DDI_ERR_WASSTILLDRAWING);
            }
            // Skipped exactly when the answer (visible) equals the value.
            EXPECT_EQ(redDrawn(), visible != (value != 0)) << visible << " " << value;
            EXPECT_EQ(readTarget()[22 * kWidth + 22] == kRed, visible != (value != 0)) << "clear";
            destroy10(p);
        }
    }
}

// A predicate spread over several Vulkan queries (here: another occlusion query begins and ends
// inside its bracket, splitting it) is waited for, then decided exactly on the CPU.
TEST_F(D3D10Predication, PredicateSpanningSeveralVulkanQueriesIsWaitedForAndExact) {
    for (bool visible : {false, true}) {
        CommandStream s = scene();
        clear(s, D3DCLEAR_TARGET, kBackground);
        ASSERT_EQ(execute(s), S_OK);
        D3D10DDI_HQUERY p = create10(D3D10DDI_QUERY_OCCLUSIONPREDICATE);
        D3D10DDI_HQUERY split = create10(D3D10DDI_QUERY_OCCLUSION);
        begin10(p);
        for (int i = 0; i < 3; ++i) {
            if (i == 1) begin10(split);
            if (i == 2) end10(split);
            std::vector<TLVertex> v;
            CommandStream t = scene();
            if (visible && i == 2)
                rect(t, v, 60, 40, 61, 41, 0.5f, kBackground);
            else
                rect(t, v, 100, 100, 101, 101); // off the target
            ASSERT_EQ(execute(t, v), S_OK);
        }
        end10(p);
        ddi().pfnSetPredication(device10_, p, 0); // skip while nothing is visible
        EXPECT_EQ(takeError(), S_OK);
        EXPECT_FALSE(engine().predicatedOnGpu());
        EXPECT_EQ(engine().renderingSkipped(), !visible);
        drawRed();
        EXPECT_EQ(redDrawn(), visible);
        ddi().pfnSetPredication(device10_, D3D10DDI_HQUERY{nullptr}, 0);
        destroy10(p);
        destroy10(split);
    }
}

// A hint predicate not known yet may render: it never stalls.
TEST_F(D3D10Predication, HintPredicateNotKnownYetRendersWithoutWaiting) {
    D3D10DDI_HQUERY split = create10(D3D10DDI_QUERY_OCCLUSION);
    ScopedQueueHold hold(driverDevice().vulkan().queue());
    CommandStream s = scene();
    clear(s, D3DCLEAR_TARGET, kBackground);
    ASSERT_EQ(execute(s), S_OK);
    D3D10DDI_HQUERY p = create10(D3D10DDI_QUERY_OCCLUSIONPREDICATE, D3D10DDI_QUERY_MISCFLAG_PREDICATEHINT);
    begin10(p);
    for (int i = 0; i < 2; ++i) {
        if (i == 1) begin10(split);
        std::vector<TLVertex> v;
        CommandStream t = scene();
        rect(t, v, 100, 100, 101, 101);
        ASSERT_EQ(execute(t, v), S_OK);
    }
    end10(split);
    end10(p);
    ddi().pfnSetPredication(device10_, p, 0); // would wait (queue held: a wait would throw)
    EXPECT_EQ(takeError(), S_OK);
    EXPECT_FALSE(engine().renderingSkipped());
    EXPECT_FALSE(engine().predicatedOnGpu());
    ddi().pfnSetPredication(device10_, D3D10DDI_HQUERY{nullptr}, 0);
}

TEST_F(D3D10Predication, OnlyAnEndedOcclusionPredicateCanPredicate) {
    D3D10DDI_HQUERY occ = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(occ);
    end10(occ);
    ddi().pfnSetPredication(device10_, occ, 0);
    EXPECT_EQ(takeError(), E_INVALIDARG);
    D3D10DDI_HQUERY p = create10(D3D10DDI_QUERY_OCCLUSIONPREDICATE);
    ddi().pfnSetPredication(device10_, p, 0); // never ended
    EXPECT_EQ(takeError(), E_INVALIDARG);
    EXPECT_FALSE(engine().renderingSkipped());
    // A failed call leaves the predication that was set.
    D3D10DDI_HQUERY known = predicate(false);
    EXPECT_EQ(wait10<BOOL>(known), 0);
    ddi().pfnSetPredication(device10_, known, 0);
    EXPECT_TRUE(engine().renderingSkipped());
    ddi().pfnSetPredication(device10_, occ, 0);
    EXPECT_EQ(takeError(), E_INVALIDARG);
    EXPECT_TRUE(engine().renderingSkipped());
    ddi().pfnSetPredication(device10_, D3D10DDI_HQUERY{nullptr}, 0);
}

// --- TIMESTAMP and TIMESTAMPDISJOINT ---------------------------------------------------------------

TEST_F(D3D10Query, TimestampIsSampledAfterThePreviousCommandsAndIncreases) {
    D3D10DDI_HQUERY t0 = create10(D3D10DDI_QUERY_TIMESTAMP);
    D3D10DDI_HQUERY t1 = create10(D3D10DDI_QUERY_TIMESTAMP);
    end10(t0);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    for (int i = 0; i < 50; ++i)
        rect(s, v, 0, 0, 64, 48);
    ASSERT_EQ(execute(s, v), S_OK);
    end10(t1);
    ASSERT_EQ(takeError(), S_OK);
    const uint64_t a = wait10<uint64_t>(t0), b = wait10<uint64_t>(t1);
    EXPECT_LT(a, b);
    const uint32_t bits = driverDevice().vulkan().caps().timestampValidBits;
    if (bits < 64) {
        EXPECT_EQ(b >> bits, 0u); // masked to timestampValidBits
    }
}

TEST_F(D3D10Query, TimestampDisjointFrequencyIsTheTimestampClockFrequency) {
    const float period = driverDevice().vulkan().caps().timestampPeriod;
    const uint64_t expected = uint64_t(std::llround(1e9 / double(period)));
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_TIMESTAMPDISJOINT);
    begin10(q);
    end10(q);
    auto d = wait10<D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT>(q);
    EXPECT_EQ(d.Frequency, expected);
    EXPECT_GT(d.Frequency, 10'000'000u); // "greater than 10 MHz"
    if (isLavapipe(driverDevice().vulkan())) {
        EXPECT_EQ(d.Frequency, 1'000'000'000u);
    }
}

// Two timestamps bracketed by a TIMESTAMPDISJOINT that answers FALSE give the elapsed time.
TEST_F(D3D10Query, TimestampDifferenceInsideANonDisjointBracketMeasuresElapsedTime) {
    D3D10DDI_HQUERY dj = create10(D3D10DDI_QUERY_TIMESTAMPDISJOINT);
    D3D10DDI_HQUERY t0 = create10(D3D10DDI_QUERY_TIMESTAMP);
    D3D10DDI_HQUERY t1 = create10(D3D10DDI_QUERY_TIMESTAMP);
    const auto hostStart = std::chrono::steady_clock::now();
    begin10(dj);
    end10(t0);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    rect(s, v, 0, 0, 64, 48);
    ASSERT_EQ(execute(s, v), S_OK);
    end10(t1);
    end10(dj);
    auto d = wait10<D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT>(dj);
    const uint64_t a = wait10<uint64_t>(t0), b = wait10<uint64_t>(t1);
    const double hostSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - hostStart).count();
    EXPECT_EQ(d.Disjoint, 0) << "a steady bracket is not disjoint";
    ASSERT_GT(d.Frequency, 0u);
    const double gpuSeconds = double(b - a) / double(d.Frequency);
    EXPECT_GE(gpuSeconds, 0.0);
    EXPECT_LE(gpuSeconds, hostSeconds); // the GPU interval lies inside the host's
}

TEST_F(D3D10Query, TimestampDisjointIsComputedFromCalibratedClocks) {
    // On lavapipe calibrated timestamps exist: the answer comes from comparing clocks.
    if (driverDevice().vulkan().caps().calibratedTimestamps != vk::CalibratedTimestamps::None) {
        EXPECT_TRUE(engine().calibratedDisjoint());
    }
}

// --- PIPELINESTATS -----------------------------------------------------------------------------

// The scenario table of the spec: non-indexed list and strip of 4 triangles.
TEST_F(D3D10Query, PipelineStatsTriangleListOfFourPrimitives) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_PIPELINESTATS);
    begin10(q);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    s.cmd(D3DDP2OP_TRIANGLELIST, 4).put(D3DHAL_DP2TRIANGLELIST{0});
    for (int i = 0; i < 4; ++i)
        for (TLVertex p :
             {vtx(float(4 * i), 0, ~0u), vtx(float(4 * i + 4), 0, ~0u), vtx(float(4 * i), 4, ~0u)})
            v.push_back(p);
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    auto st = wait10<D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS>(q);
    EXPECT_EQ(st.IAVertices, 12u);
    EXPECT_EQ(st.IAPrimitives, 4u);
    EXPECT_GE(st.VSInvocations, 6u);
    EXPECT_LE(st.VSInvocations, 12u);
    EXPECT_EQ(st.CInvocations, 4u);
}

// A fixed-function draw with no vertex input (FVF 0, no declaration: a context's state before
// any is set) has no position to place its vertices by: nothing is drawn, so nothing is
// assembled or shaded (before, every vertex sat at (0, 0, 0, 0), which lavapipe clipped and
// NVIDIA drew at the centre).
TEST_F(D3D10Query, PipelineStatsAFixedFunctionDrawWithoutPositionsDrawsNothing) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_PIPELINESTATS);
    D3D10DDI_HQUERY occlusion = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    begin10(occlusion);
    CommandStream s = scene();
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
    ASSERT_EQ(execute(s), S_OK);
    end10(occlusion);
    end10(q);
    const auto st = wait10<D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS>(q);
    EXPECT_EQ(st.IAVertices, 0u);
    EXPECT_EQ(st.VSInvocations, 0u);
    EXPECT_EQ(wait10<uint64_t>(occlusion), 0u);
}

TEST_F(D3D10Query, PipelineStatsTriangleStripOfFourPrimitives) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_PIPELINESTATS);
    begin10(q);
    std::vector<TLVertex> v = {vtx(0, 0, ~0u), vtx(0, 8, ~0u),  vtx(8, 0, ~0u),
                               vtx(8, 8, ~0u), vtx(16, 0, ~0u), vtx(16, 8, ~0u)};
    CommandStream s = scene();
    s.cmd(D3DDP2OP_TRIANGLESTRIP, 4).put(D3DHAL_DP2TRIANGLESTRIP{0});
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    auto st = wait10<D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS>(q);
    EXPECT_EQ(st.IAVertices, 6u);
    EXPECT_EQ(st.IAPrimitives, 4u);
    EXPECT_GE(st.VSInvocations, 6u);
    EXPECT_LE(st.VSInvocations, 12u);
}

// The table's indexed rows: 4 primitives whose indices are all the same value. The input
// assembler counts every index (IAVertices 12 for the list, 6 for the strip); the vertex shader
// runs between once (a perfect post-transform cache) and once per index.
TEST_F(D3D10Query, PipelineStatsIndexedTriangleListOfFourPrimitivesWithOneIndexValue) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_PIPELINESTATS);
    begin10(q);
    std::vector<TLVertex> v = {vtx(2, 2, ~0u)};
    CommandStream s = scene();
    s.cmd(D3DDP2OP_INDEXEDTRIANGLELIST2, 4).put(D3DHAL_DP2STARTVERTEX{0});
    for (int i = 0; i < 4; ++i) s.put(D3DHAL_DP2INDEXEDTRIANGLELIST2{0, 0, 0});
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    auto st = wait10<D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS>(q);
    EXPECT_EQ(st.IAVertices, 12u);
    EXPECT_EQ(st.IAPrimitives, 4u);
    EXPECT_GE(st.VSInvocations, 1u);
    EXPECT_LE(st.VSInvocations, 12u);
}

TEST_F(D3D10Query, PipelineStatsIndexedTriangleStripOfFourPrimitivesWithOneIndexValue) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_PIPELINESTATS);
    begin10(q);
    std::vector<TLVertex> v = {vtx(2, 2, ~0u)};
    CommandStream s = scene();
    s.cmd(D3DDP2OP_INDEXEDTRIANGLESTRIP, 4).put(D3DHAL_DP2STARTVERTEX{0});
    for (int i = 0; i < 6; ++i) s.put(uint16_t(0));
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    auto st = wait10<D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS>(q);
    EXPECT_EQ(st.IAVertices, 6u);
    EXPECT_EQ(st.IAPrimitives, 4u);
    EXPECT_GE(st.VSInvocations, 1u);
    EXPECT_LE(st.VSInvocations, 12u);
}

// DSP <= PSInvocations <= DSP + DSF, with DSP measured by an OCCLUSION query over the same range.
TEST_F(D3D10Query, PipelineStatsPixelShaderInvocationsLieBetweenPassedAndPassedPlusFailed) {
    D3D10DDI_HQUERY stats = create10(D3D11DDI_QUERY_PIPELINESTATS);
    D3D10DDI_HQUERY occ = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(stats);
    begin10(occ);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    rect(s, v, 0, 0, 16, 8); // 128 pixels, no depth buffer: all pass
    ASSERT_EQ(execute(s, v), S_OK);
    end10(occ);
    end10(stats);
    auto st = wait10<D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS>(stats);
    const uint64_t dsp = wait10<uint64_t>(occ);
    EXPECT_EQ(dsp, 128u);
    EXPECT_GE(st.PSInvocations, dsp);
    EXPECT_LE(st.PSInvocations, dsp); // DSF is 0 here
    EXPECT_EQ(st.IAPrimitives, 2u);
    EXPECT_EQ(st.HSInvocations, 0u);
    EXPECT_EQ(st.DSInvocations, 0u);
    EXPECT_EQ(st.CSInvocations, 0u);
}

// --- Behaviour: states, sizes, flushing, order ---------------------------------------------------

TEST_F(D3D10Query, GetDataWithAWrongDataSizeFailsAndChangesNothing) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q);
    end10(q);
    uint32_t small = 0xAAAAAAAA;
    EXPECT_EQ(getData10(q, &small, sizeof small), E_INVALIDARG);
    EXPECT_EQ(small, 0xAAAAAAAAu);
    EXPECT_EQ(getData10(q, nullptr, 8), E_INVALIDARG);
    EXPECT_EQ(wait10<uint64_t>(q), 0u);
}

TEST_F(D3D10Query, GetDataOnAQueryNeverBegunFails) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    uint64_t value = 5;
    EXPECT_EQ(getData10(q, &value, sizeof value), E_INVALIDARG);
    EXPECT_EQ(value, 5u);
    D3D10DDI_HQUERY e = create10(D3D10DDI_QUERY_EVENT);
    BOOL b = 5;
    EXPECT_EQ(getData10(e, &b, sizeof b), E_INVALIDARG);
}

TEST_F(D3D10Query, WrongStateBeginAndEndFailAndChangeNothing) {
    D3D10DDI_HQUERY occ = create10(D3D10DDI_QUERY_OCCLUSION);
    end10(occ); // never begun
    EXPECT_EQ(takeError(), E_INVALIDARG);
    uint64_t untouched = 9;
    EXPECT_EQ(getData10(occ, &untouched, sizeof untouched), E_INVALIDARG); // still never ended
    begin10(occ);
    EXPECT_EQ(takeError(), S_OK);
    begin10(occ); // already building
    EXPECT_EQ(takeError(), E_INVALIDARG);
    uint64_t value = 0;
    EXPECT_EQ(getData10(occ, &value, sizeof value), E_INVALIDARG); // still building
    end10(occ);
    EXPECT_EQ(takeError(), S_OK);
    EXPECT_EQ(wait10<uint64_t>(occ), 0u);

    // EVENT and TIMESTAMP take QueryEnd only.
    for (D3D10DDI_QUERY type : {D3D10DDI_QUERY_EVENT, D3D10DDI_QUERY_TIMESTAMP}) {
        D3D10DDI_HQUERY q = create10(type);
        begin10(q);
        EXPECT_EQ(takeError(), E_INVALIDARG) << type;
    }
}

TEST_F(D3D10Query, GetDataWithDoNotFlushNeverSubmits) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_EVENT);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    rect(s, v, 0, 0, 4, 4);
    ASSERT_EQ(execute(s, v), S_OK);
    end10(q);
    const uint64_t submitted = driverDevice().vulkan().queue().lastSubmitted();
    BOOL value = 0;
    for (int i = 0; i < 20; ++i)
        EXPECT_EQ(getData10(q, &value, sizeof value, D3D10_DDI_GET_DATA_DO_NOT_FLUSH),
                  DXGI_DDI_ERR_WASSTILLDRAWING);
    EXPECT_EQ(driverDevice().vulkan().queue().lastSubmitted(), submitted);
    EXPECT_EQ(wait10<BOOL>(q), 1); // a flushing GetData submits, so the answer comes
    EXPECT_GT(driverDevice().vulkan().queue().lastSubmitted(), submitted);
}

TEST_F(D3D10Query, ResultsBecomeAvailableInIssueOrder) {
    std::vector<D3D10DDI_HQUERY> events;
    {
        ScopedQueueHold hold(driverDevice().vulkan().queue());
        for (int i = 0; i < 8; ++i) {
            events.push_back(create10(D3D10DDI_QUERY_EVENT));
            std::vector<TLVertex> v;
            CommandStream s = scene();
            rect(s, v, 0, 0, 4, 4);
            ASSERT_EQ(execute(s, v), S_OK);
            end10(events.back());
            BOOL b = 0;
            getData10(events.back(), &b, sizeof b); // submits this piece
        }
        for (D3D10DDI_HQUERY q : events) {
            BOOL b = 0;
            EXPECT_EQ(getData10(q, &b, sizeof b), DXGI_DDI_ERR_WASSTILLDRAWING);
        }
    }
    // Once a later query answers, every earlier one does.
    bool laterReady = false;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!laterReady && std::chrono::steady_clock::now() < deadline) {
        BOOL b = 0;
        laterReady = getData10(events.back(), &b, sizeof b) == S_OK;
    }
    ASSERT_TRUE(laterReady);
    for (D3D10DDI_HQUERY q : events) {
        BOOL b = 0;
        EXPECT_EQ(getData10(q, &b, sizeof b, D3D10_DDI_GET_DATA_DO_NOT_FLUSH), S_OK);
    }
}

TEST_F(D3D10Query, AQueryCanBeReissuedAndAnswersItsLatestBracket) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
    for (int size = 1; size <= 4; ++size) {
        begin10(q);
        std::vector<TLVertex> v;
        CommandStream s = scene();
        rect(s, v, 0, 0, float(size), float(size));
        ASSERT_EQ(execute(s, v), S_OK);
        end10(q);
    }
    EXPECT_EQ(wait10<uint64_t>(q), 16u);
}

// --- Types and counters ------------------------------------------------------------------------

// Stream output is measured with VK_EXT_transform_feedback's stream queries (scenes in
// tests/cts/stream_output_test.cpp); an empty bracket streams nothing and overflows nothing.
TEST_F(D3D10Query, StreamOutputTypesAreMeasuredWhereTheDeviceHasTransformFeedback) {
    const vk::Caps& caps = driverDevice().vulkan().caps();
    const bool measurable = caps.transformFeedback && caps.transformFeedbackQueries;
    const D3D10DDI_QUERY stats[] = {D3D10DDI_QUERY_STREAMOUTPUTSTATS, D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0,
                                    D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1, D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM2,
                                    D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3};
    const D3D10DDI_QUERY predicates[] = {
        D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE, D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0,
        D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1, D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM2,
        D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3};
    auto stream = [](D3D10DDI_QUERY t) {
        return t >= D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1 && t <= D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3
                   ? uint32_t(t - D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0)
               : t >= D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1
                   ? uint32_t(t - D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0)
                   : 0u;
    };
    // Created (or not, without the extension or the stream), then an empty bracket.
    auto emptyBracket = [&](D3D10DDI_QUERY type) -> std::optional<D3D10DDI_HQUERY> {
        D3D10DDI_HQUERY q = create10(type);
        if (!measurable || stream(type) >= caps.maxTransformFeedbackStreams) {
            EXPECT_EQ(takeError(), DXGI_DDI_ERR_UNSUPPORTED) << type;
            return std::nullopt;
        }
        EXPECT_EQ(takeError(), S_OK) << type;
        begin10(q);
        end10(q);
        return q;
    };
    for (D3D10DDI_QUERY type : stats)
        if (auto q = emptyBracket(type)) {
            const auto data = wait10<D3D10_DDI_QUERY_DATA_SO_STATISTICS>(*q);
            EXPECT_EQ(data.NumPrimitivesWritten, 0u) << type;
            EXPECT_EQ(data.PrimitivesStorageNeeded, 0u) << type;
        }
    for (D3D10DDI_QUERY type : predicates) {
        if (auto q = emptyBracket(type)) {
            EXPECT_EQ(wait10<BOOL>(*q), 0) << type;
        }
    }
}

TEST_F(D3D10Query, CheckCounterInfoReportsOnlyWhatTheDeviceCanMeasure) {
    D3D10DDI_COUNTER_INFO info;
    std::memset(&info, 0xCC, sizeof info);
    ddi().pfnCheckCounterInfo(device10_, &info);
    EXPECT_EQ(takeError(), S_OK);
    EXPECT_EQ(info.LastDeviceDependentCounter, D3D10DDI_QUERY(0)); // no device-dependent counters
    // GPU_IDLE needs timestamps (lavapipe has them); its brackets may overlap freely.
    const bool idle = engine().supports(query::Kind::GpuIdle);
    if (isLavapipe(driverDevice().vulkan())) {
        EXPECT_TRUE(idle);
    }
    EXPECT_EQ(info.NumSimultaneousCounters, idle ? device::kSimultaneousCounters : 0u);
    EXPECT_EQ(info.NumDetectableParallelUnits, 1u);
    ddi().pfnCheckCounterInfo(device10_, nullptr);
    EXPECT_EQ(takeError(), E_INVALIDARG);
}

TEST_F(D3D10Query, OnlyGpuIdleIsReportedSupported) {
    std::vector<uint32_t> counters;
    for (uint32_t c = D3D10DDI_COUNTER_GPU_IDLE; c <= D3D10DDI_COUNTER_TEXTURE_CACHE_HIT_RATE + 1; ++c)
        counters.push_back(c);
    counters.push_back(D3D10DDI_COUNTER_DEVICE_DEPENDENT_0); // LastDeviceDependentCounter is 0
    const bool idle = engine().supports(query::Kind::GpuIdle);
    for (uint32_t c : counters) {
        const bool supported = c == D3D10DDI_COUNTER_GPU_IDLE && idle;
        D3D10DDI_COUNTER_TYPE type = D3D10DDI_COUNTER_TYPE_UINT16;
        uint32_t active = 0, nameLength = 0, unitsLength = 0, descriptionLength = 0;
        ddi().pfnCheckCounter(device10_, D3D10DDI_QUERY(c), &type, &active, nullptr, &nameLength, nullptr,
                              &unitsLength, nullptr, &descriptionLength);
        EXPECT_EQ(takeError(), supported ? S_OK : DXGI_DDI_ERR_UNSUPPORTED) << std::hex << c;
        EXPECT_EQ(type, supported ? D3D10DDI_COUNTER_TYPE_FLOAT32 : D3D10DDI_COUNTER_TYPE_UINT16)
            << std::hex << c;
        EXPECT_EQ(active, supported ? 1u : 0u) << std::hex << c;
        create10(D3D10DDI_QUERY(c));
        EXPECT_EQ(takeError(), supported ? S_OK : DXGI_DDI_ERR_UNSUPPORTED) << std::hex << c;
    }
}

TEST_F(D3D10Query, TheTableHasEveryQueryEntryPoint) {
    const DDIVK_D3D10DDI_QUERYFUNCS& f = ddi();
    EXPECT_NE(f.pfnCalcPrivateQuerySize, nullptr);
    EXPECT_NE(f.pfnCreateQuery, nullptr);
    EXPECT_NE(f.pfnDestroyQuery, nullptr);
    EXPECT_NE(f.pfnQueryBegin, nullptr);
    EXPECT_NE(f.pfnQueryEnd, nullptr);
    EXPECT_NE(f.pfnQueryGetData, nullptr);
    EXPECT_NE(f.pfnSetPredication, nullptr);
    EXPECT_NE(f.pfnCheckCounterInfo, nullptr);
    EXPECT_NE(f.pfnCheckCounter, nullptr);
}

} // namespace
} // namespace ddivk::test
