// D3D10DDI_COUNTER_GPU_IDLE through the D3D10 door, and the other counters' answers
// (shared/spec/d3d10ddi-query.md, docs/queries.md "Counters"). Expected values come from what
// the test controls: host sleeps between submissions bound the idle share from below, a bracket
// inside one command buffer has the queue running throughout.
#include <chrono>
#include <cstring>
#include <string>
#include <thread>

#include "device/d3d10_counters.h"
#include "query/idle_counter.h"
#include "query/query_types.h"
#include "support/vk_test.h"
#include "unit/query/query_fixture.h"
#include "vk/queue.h"

namespace ddivk::test {
namespace {

using Clock = std::chrono::steady_clock;
using query::BusyInterval;

class GpuIdle : public QueryTest {
  protected:
    void SetUp() override {
        QueryTest::SetUp();
        if (!engine().supports(query::Kind::GpuIdle)) GTEST_SKIP() << "no timestamps on this device";
    }
    // Submits what is recorded and waits for the GPU to finish it.
    void flushAndWait() {
        device::Device& d = driverDevice();
        d.vulkan().queue().wait(d.commands().flush());
    }
    static double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }
    // A few rectangles (work for the GPU).
    HRESULT drawSome(int count = 8) {
        std::vector<TLVertex> v;
        CommandStream s = scene();
        for (int i = 0; i < count; ++i)
            rect(s, v, 0, 0, 64, 48);
        return execute(s, v);
    }
};

// --- The measurement ---------------------------------------------------------------------------

// "The percentage of GPU idle time": with the Begin and the End in separate submissions and the
// host sleeping between them, the GPU sat idle for most of the bracket. The bound is computed
// from host clocks: the bracket lasts at least from the Begin's completion to the End's
// submission, and the GPU was busy at most while the two submissions ran.
TEST_F(GpuIdle, GpuIdleIsTheShareOfTheBracketTheGpuRanNothing) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_COUNTER_GPU_IDLE);
    ASSERT_EQ(takeError(), S_OK);
    flushAndWait();
    const auto begun = Clock::now();
    begin10(q);
    flushAndWait();
    const auto beginDone = Clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const auto endSubmitted = Clock::now();
    end10(q);
    flushAndWait();
    const auto endDone = Clock::now();
    ASSERT_EQ(takeError(), S_OK);

    const double busyAtMost = seconds(beginDone - begun) + seconds(endDone - endSubmitted);
    const double bracketAtLeast = seconds(endSubmitted - beginDone);
    const double idleAtLeast = 1.0 - busyAtMost / bracketAtLeast;
    ASSERT_GT(idleAtLeast, 0.5) << "the machine was too slow for the bound to say anything";
    const float idle = wait10<float>(q);
    EXPECT_GE(idle, idleAtLeast);
    EXPECT_LE(idle, 1.0f);
}

// Begin and End in one command buffer: the queue ran that command buffer over the whole
// bracket, so the GPU was never idle in it, however long the host took between the calls.
TEST_F(GpuIdle, ABracketInsideOneCommandBufferIsNeverIdle) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_COUNTER_GPU_IDLE);
    flushAndWait();
    const uint64_t submitted = driverDevice().vulkan().queue().lastSubmitted();
    begin10(q);
    ASSERT_EQ(drawSome(), S_OK);
    std::this_thread::sleep_for(std::chrono::milliseconds(50)); // host time, not GPU time
    ASSERT_EQ(drawSome(), S_OK);
    end10(q);
    ASSERT_EQ(takeError(), S_OK);
    ASSERT_EQ(driverDevice().vulkan().queue().lastSubmitted(), submitted)
        << "Begin and End share a command buffer";
    EXPECT_EQ(wait10<float>(q), 0.0f);
}

// A bracket whose command buffers the queue runs back to back (all held, then released at
// once) is busy but for the hand-over between submissions: the command buffers between the
// Begin's and the End's count with their own start and end timestamps.
TEST_F(GpuIdle, ABracketKeptFullOfWorkIsMostlyBusy) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_COUNTER_GPU_IDLE);
    flushAndWait();
    uint64_t last = 0;
    {
        ScopedQueueHold hold(driverDevice().vulkan().queue());
        begin10(q);
        driverDevice().commands().flush(); // the Begin alone in its command buffer
        for (int i = 0; i < 4; ++i) {
            ASSERT_EQ(drawSome(100), S_OK);
            driverDevice().commands().flush(); // one command buffer of work each
        }
        end10(q);
        last = driverDevice().commands().flush(); // the End alone in its command buffer
        ASSERT_EQ(takeError(), S_OK);
    }
    driverDevice().vulkan().queue().wait(last);
    const float idle = wait10<float>(q);
    EXPECT_LT(idle, 0.5f) << "four command buffers of draws, run back to back";
    EXPECT_GE(idle, 0.0f);
}

// Brackets may overlap (each keeps its own intervals): an outer bracket spanning an idle
// stretch and an inner one inside one command buffer answer each for their own range, with
// NumSimultaneousCounters of them active at once.
TEST_F(GpuIdle, OverlappingCountersEachMeasureTheirOwnBracket) {
    D3D10DDI_COUNTER_INFO info{};
    ddi().pfnCheckCounterInfo(device10_, &info);
    ASSERT_EQ(takeError(), S_OK);
    ASSERT_GE(info.NumSimultaneousCounters, 2u);
    std::vector<D3D10DDI_HQUERY> outer;
    for (uint32_t i = 0; i + 1 < info.NumSimultaneousCounters; ++i)
        outer.push_back(create10(D3D10DDI_COUNTER_GPU_IDLE));
    D3D10DDI_HQUERY inner = create10(D3D10DDI_COUNTER_GPU_IDLE);
    ASSERT_EQ(takeError(), S_OK);

    flushAndWait();
    const auto begun = Clock::now();
    for (D3D10DDI_HQUERY q : outer) {
        begin10(q);
        flushAndWait(); // each outer bracket begins in its own submission
    }
    const auto beginDone = Clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const auto endSubmitted = Clock::now();
    begin10(inner);
    ASSERT_EQ(drawSome(), S_OK);
    end10(inner);
    for (D3D10DDI_HQUERY q : outer)
        end10(q);
    flushAndWait();
    const auto endDone = Clock::now();
    ASSERT_EQ(takeError(), S_OK);

    EXPECT_EQ(wait10<float>(inner), 0.0f);
    // Every outer bracket contains the sleep and at most all the submissions around it.
    const double idleAtLeast = 1.0 - (seconds(beginDone - begun) + seconds(endDone - endSubmitted)) /
                                         seconds(endSubmitted - beginDone);
    ASSERT_GT(idleAtLeast, 0.5) << "the machine was too slow for the bound to say anything";
    for (D3D10DDI_HQUERY q : outer) {
        const float idle = wait10<float>(q);
        EXPECT_GE(idle, idleAtLeast);
        EXPECT_LE(idle, 1.0f);
    }
}

// The value is a fraction in [0, 1] whatever the bracket holds.
TEST_F(GpuIdle, GpuIdleIsAlwaysBetweenZeroAndOne) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_COUNTER_GPU_IDLE);
    for (int round = 0; round < 6; ++round) {
        begin10(q);
        if (round & 1) flushAndWait();
        if (round & 2) {
            ASSERT_EQ(drawSome(4 * round), S_OK);
        }
        if (round & 4) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        end10(q);
        ASSERT_EQ(takeError(), S_OK);
        const float idle = wait10<float>(q);
        EXPECT_GE(idle, 0.0f) << round;
        EXPECT_LE(idle, 1.0f) << round;
    }
}

// --- The query rules hold for the counter ------------------------------------------------------

TEST_F(GpuIdle, GetDataOnTheCounterNeverBlocks) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_COUNTER_GPU_IDLE);
    {
        ScopedQueueHold hold(driverDevice().vulkan().queue());
        begin10(q);
        end10(q);
        float value = -1.0f;
        // Flushing submits, but the GPU (held) has not run it: never waits.
        EXPECT_EQ(getData10(q, &value, sizeof value), DXGI_DDI_ERR_WASSTILLDRAWING);
        EXPECT_EQ(value, -1.0f);
    }
    const float idle = wait10<float>(q);
    EXPECT_GE(idle, 0.0f);
    EXPECT_LE(idle, 1.0f);
}

TEST_F(GpuIdle, GetDataOnTheCounterWithDoNotFlushNeverSubmits) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_COUNTER_GPU_IDLE);
    begin10(q);
    ASSERT_EQ(drawSome(), S_OK);
    end10(q);
    const uint64_t submitted = driverDevice().vulkan().queue().lastSubmitted();
    float value = -1.0f;
    for (int i = 0; i < 10; ++i)
        EXPECT_EQ(getData10(q, &value, sizeof value, D3D10_DDI_GET_DATA_DO_NOT_FLUSH),
                  DXGI_DDI_ERR_WASSTILLDRAWING);
    EXPECT_EQ(driverDevice().vulkan().queue().lastSubmitted(), submitted);
    EXPECT_EQ(value, -1.0f);
    EXPECT_EQ(wait10<float>(q), 0.0f); // (one command buffer: never idle)
}

TEST_F(GpuIdle, WrongSizeAndWrongStateFailAndChangeNothing) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_COUNTER_GPU_IDLE);
    end10(q); // never begun
    EXPECT_EQ(takeError(), E_INVALIDARG);
    float value = -1.0f;
    EXPECT_EQ(getData10(q, &value, sizeof value), E_INVALIDARG); // never ended
    begin10(q);
    EXPECT_EQ(takeError(), S_OK);
    begin10(q); // already building
    EXPECT_EQ(takeError(), E_INVALIDARG);
    EXPECT_EQ(getData10(q, &value, sizeof value), E_INVALIDARG); // still building
    end10(q);
    EXPECT_EQ(takeError(), S_OK);
    uint64_t wide = 0xAAAAAAAAAAAAAAAAull; // FLOAT32 data: 4 bytes exactly
    EXPECT_EQ(getData10(q, &wide, sizeof wide), E_INVALIDARG);
    EXPECT_EQ(wide, 0xAAAAAAAAAAAAAAAAull);
    EXPECT_EQ(getData10(q, nullptr, sizeof(float)), E_INVALIDARG);
    EXPECT_EQ(value, -1.0f);
    EXPECT_EQ(wait10<float>(q), 0.0f); // the bracket that was begun once, in one command buffer
    // A hint is for predicates only.
    create10(D3D10DDI_COUNTER_GPU_IDLE, D3D10DDI_QUERY_MISCFLAG_PREDICATEHINT);
    EXPECT_EQ(takeError(), E_INVALIDARG);
}

// --- Cost --------------------------------------------------------------------------------------

// Normal frames pay nothing: timestamps around command buffers are written only while a counter
// is open. With one open over two command buffers there are exactly five: the Begin, the end of
// its command buffer, the start of the next, the End, and that command buffer's end.
TEST_F(GpuIdle, ScenesWithoutACounterWriteNoExtraTimestamps) {
    const uint64_t atStart = engine().idleTimestamps();
    D3D10DDI_HQUERY occlusion = create10(D3D10DDI_QUERY_OCCLUSION);
    D3D10DDI_HQUERY timestamp = create10(D3D10DDI_QUERY_TIMESTAMP);
    D3D10DDI_HQUERY counter = create10(D3D10DDI_COUNTER_GPU_IDLE); // created, never begun
    for (int frame = 0; frame < 3; ++frame) {
        begin10(occlusion);
        ASSERT_EQ(drawSome(), S_OK);
        end10(occlusion);
        end10(timestamp);
        flushAndWait();
    }
    EXPECT_EQ(engine().idleTimestamps(), atStart);

    begin10(counter);
    flushAndWait();
    ASSERT_EQ(drawSome(), S_OK);
    end10(counter);
    flushAndWait();
    EXPECT_EQ(engine().idleTimestamps(), atStart + 5);
    wait10<float>(counter);

    const uint64_t afterCounter = engine().idleTimestamps();
    for (int frame = 0; frame < 3; ++frame) {
        ASSERT_EQ(drawSome(), S_OK);
        flushAndWait();
    }
    EXPECT_EQ(engine().idleTimestamps(), afterCounter);
    EXPECT_EQ(takeError(), S_OK);
}

// Timestamps and intervals come back once a bracket is answered: many counters in a row
// create no query pool after the first ones (two: a chunk of 256 is recycled once all its
// slots were read, so the next one is in use meanwhile).
TEST_F(GpuIdle, ManyCountersInARowKeepMemoryFlat) {
    D3D10DDI_HQUERY q = create10(D3D10DDI_COUNTER_GPU_IDLE);
    size_t poolsAfterWarmUp = 0;
    for (int i = 0; i < 300; ++i) {
        if (i == 120) poolsAfterWarmUp = engine().poolCount(); // 600 timestamps: both chunks used
        begin10(q);
        driverDevice().commands().flush();
        end10(q);
        const float idle = wait10<float>(q); // (flushes the End)
        ASSERT_GE(idle, 0.0f);
    }
    // Five timestamps a bracket: 900 more after the warm-up, four more chunks if none came back.
    EXPECT_GE(engine().idleTimestamps(), 1500u);
    EXPECT_EQ(engine().poolCount(), poolsAfterWarmUp);
}

// --- The arithmetic ----------------------------------------------------------------------------

// idle = 1 - |union of busy intervals inside the bracket| / |bracket|, in ticks.
TEST(GpuIdleFraction, IdleIsOneMinusTheBusyUnionOverTheBracket) {
    const uint64_t all = ~uint64_t{0};
    // Bracket [1000, 2000]: busy [1100, 1300] and [1200, 1500] overlap (union 400), [1900, 2600]
    // runs past the end (100 inside), [0, 900] lies before it.
    const BusyInterval busy[] = {{1100, 1300}, {1200, 1500}, {1900, 2600}, {0, 900}};
    EXPECT_FLOAT_EQ(query::idleFraction(1000, 2000, busy, all), 1.0f - 500.0f / 1000.0f);
    // Nothing ran: all idle. A zero-length bracket: 0.
    EXPECT_FLOAT_EQ(query::idleFraction(1000, 2000, {}, all), 1.0f);
    EXPECT_FLOAT_EQ(query::idleFraction(1000, 1000, busy, all), 0.0f);
    // The command buffers holding the Begin and the End run across those edges.
    const BusyInterval edges[] = {{0, 1200, true, false}, {1800, 0, false, true}};
    EXPECT_FLOAT_EQ(query::idleFraction(1000, 2000, edges, all), 1.0f - 400.0f / 1000.0f);
    const BusyInterval one[] = {{0, 0, true, true}};
    EXPECT_FLOAT_EQ(query::idleFraction(1000, 2000, one, all), 0.0f);
}

TEST(GpuIdleFraction, TimestampsAreMaskedToTheirValidBits) {
    // A 36-bit clock wrapping inside the bracket [2^36 - 500, 500]: 1000 ticks long.
    const uint64_t mask = (uint64_t{1} << 36) - 1;
    const uint64_t begin = mask + 1 - 500;
    const BusyInterval busy[] = {{mask - 99, 100}}; // 200 ticks across the wrap
    EXPECT_FLOAT_EQ(query::idleFraction(begin, 500, busy, mask), 1.0f - 200.0f / 1000.0f);
    // Bits above the valid ones are ignored.
    const BusyInterval high[] = {{(uint64_t{7} << 40) | 100, (uint64_t{9} << 40) | 300}};
    EXPECT_FLOAT_EQ(query::idleFraction(0, (uint64_t{3} << 40) | 1000, high, mask), 1.0f - 200.0f / 1000.0f);
}

// --- Which counters exist ----------------------------------------------------------------------

TEST(QueryTypes, EveryCounterRowHasItsDdkValueAFloatAndAReasonWhenUnsupported) {
    uint32_t n = 0;
    const query::TypeRow* rows = query::d3d10Counters(&n);
    EXPECT_EQ(n, 18u); // GPU_IDLE .. TEXTURE_CACHE_HIT_RATE
    for (uint32_t i = 0; i < n; ++i) {
        EXPECT_EQ(rows[i].type, D3D10DDI_COUNTER_GPU_IDLE + i) << rows[i].name;
        EXPECT_EQ(query::findD3D10Counter(rows[i].type), &rows[i]);
        EXPECT_EQ(rows[i].dataSize, sizeof(float)) << rows[i].name; // every counter is a FLOAT32
        if (rows[i].kind == query::Kind::Unsupported) {
            EXPECT_NE(rows[i].whyNot, nullptr) << rows[i].name;
        } else {
            EXPECT_EQ(rows[i].type, D3D10DDI_COUNTER_GPU_IDLE) << "only GPU_IDLE is measured";
        }
    }
    EXPECT_EQ(query::findD3D10Counter(D3D10DDI_COUNTER_TEXTURE_CACHE_HIT_RATE + 1), nullptr);
    EXPECT_EQ(query::findD3D10Counter(D3D10DDI_COUNTER_DEVICE_DEPENDENT_0), nullptr);
    // The busy counters split time by stage, which timestamps cannot measure.
    for (D3D10DDI_QUERY busy : {D3D10DDI_COUNTER_VERTEX_PROCESSING, D3D10DDI_COUNTER_GEOMETRY_PROCESSING,
                                D3D10DDI_COUNTER_PIXEL_PROCESSING, D3D10DDI_COUNTER_OTHER_GPU_PROCESSING})
        EXPECT_EQ(query::findD3D10Counter(busy)->kind, query::Kind::Unsupported) << busy;
}

// ID3D10Device::CheckCounter's length rules: no length, no string; no string, only the length
// (with the NUL); both, the length must leave room, else nothing is written.
TEST_F(GpuIdle, CheckCounterStringsFollowTheLengthRules) {
    D3D10DDI_COUNTER_TYPE type = D3D10DDI_COUNTER_TYPE_UINT64;
    uint32_t active = 0, nameLength = 0, unitsLength = 0, descriptionLength = 0;
    ddi().pfnCheckCounter(device10_, D3D10DDI_COUNTER_GPU_IDLE, &type, &active, nullptr, &nameLength, nullptr,
                          &unitsLength, nullptr, &descriptionLength);
    ASSERT_EQ(takeError(), S_OK);
    EXPECT_EQ(type, D3D10DDI_COUNTER_TYPE_FLOAT32);
    EXPECT_EQ(active, 1u);
    ASSERT_GT(nameLength, 1u);
    ASSERT_GT(unitsLength, 1u);
    ASSERT_GT(descriptionLength, 1u);

    std::string name(nameLength, 'x'), units(unitsLength, 'x'), description(descriptionLength, 'x');
    ddi().pfnCheckCounter(device10_, D3D10DDI_COUNTER_GPU_IDLE, &type, &active, name.data(), &nameLength,
                          units.data(), &unitsLength, description.data(), &descriptionLength);
    ASSERT_EQ(takeError(), S_OK);
    EXPECT_EQ(name.back(), '\0');
    EXPECT_EQ(std::strlen(name.c_str()) + 1, nameLength);
    EXPECT_EQ(std::strlen(units.c_str()) + 1, unitsLength);
    EXPECT_EQ(std::strlen(description.c_str()) + 1, descriptionLength);

    // One byte short on the description: an error, and no string or length changes.
    std::string name2(nameLength, 'y'), description2(descriptionLength - 1, 'y');
    uint32_t shortLength = descriptionLength - 1, nameLength2 = nameLength;
    type = D3D10DDI_COUNTER_TYPE_UINT64;
    ddi().pfnCheckCounter(device10_, D3D10DDI_COUNTER_GPU_IDLE, &type, &active, name2.data(), &nameLength2,
                          nullptr, nullptr, description2.data(), &shortLength);
    EXPECT_EQ(takeError(), E_INVALIDARG);
    EXPECT_EQ(name2, std::string(nameLength, 'y'));
    EXPECT_EQ(description2, std::string(descriptionLength - 1, 'y'));
    EXPECT_EQ(shortLength, descriptionLength - 1);
    EXPECT_EQ(type, D3D10DDI_COUNTER_TYPE_UINT64);

    // No length pointers: only the type and the active count.
    ddi().pfnCheckCounter(device10_, D3D10DDI_COUNTER_GPU_IDLE, &type, &active, nullptr, nullptr, nullptr,
                          nullptr, nullptr, nullptr);
    EXPECT_EQ(takeError(), S_OK);
    EXPECT_EQ(type, D3D10DDI_COUNTER_TYPE_FLOAT32);
}

} // namespace
} // namespace ddivk::test
