// State blocks and stream frequency, end to end: blocks made through DP2 STATESET tokens
// (BEGIN / END recording, CREATE of a predefined type, CAPTURE, EXECUTE), dividers set through
// either door, and draws through either door whose pixels say which dividers were in force. The
// scenes are those of stream_frequency_test.cpp: points on pixel centres, colours from a divided
// stream. The rules: D3DSBT_VERTEXSTATE holds the dividers ("For each vertex stream, store the
// divider value from SetStreamSourceFreq"), D3DSBT_ALL every stream, D3DSBT_PIXELSTATE no stream
// state; a recording changes nothing until the block is applied; CAPTURE takes the current
// values, and "only states that are already in the state block are captured" (docs/state.md,
// src/state/predefined_blocks.cpp).
#include <map>

#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

struct Float2 {
    float x, y;
};

constexpr const char* kPointVs = kOffsetPointVs; // cts_fixture.h
constexpr const char* kColorPs = "ps_3_0\ndcl_color v0\nmov oC0, v0\n";

const std::vector<D3DVERTEXELEMENT9> kDecl = {
    {0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
    {1, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0},
    {2, 0, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0},
};

// The instancing scene: stream 0 a 2x2 block of points (indexed, 4 indices), stream 1 offsets
// (2 + 4i, 3), stream 2 colours, 6 of each.
const std::vector<Float2> kBlock = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
constexpr uint32_t kInstanceData = 6;

class StateBlocks : public Cts, public ::testing::WithParamInterface<Door> {
  protected:
    Door door() const { return GetParam(); }
    void SetUp() override {
        Cts::SetUp();
        clearTarget();
        setProgram(kPointVs, kColorPs, kDecl);
        setPixelToClip();
    }
    void TearDown() override {
        for (uint32_t st = 0; st < 3; ++st)
            setFrequency(Door::Dp2, st, 1);
        Cts::TearDown();
    }

    // One D3DHAL_DP2STATESET token.
    void stateSet(uint32_t operation, uint32_t handle, uint32_t type = 0) {
        CommandStream s;
        s.cmd(D3DDP2OP_STATESET, 1).put(D3DHAL_DP2STATESET{operation, handle, type});
        run(s);
    }
    void frequency(uint32_t stream, uint32_t divider) {
        ASSERT_EQ(setFrequency(door(), stream, divider), S_OK)
            << "stream " << stream << " divider " << divider;
    }

    // --- The instancing scene ---
    void instancingStreams() {
        std::vector<Float2> offsets;
        for (uint32_t i = 0; i < kInstanceData; ++i) {
            offsets.push_back({float(2 + 4 * i), 3.0f});
            colors_.push_back(indexColor(i));
        }
        setStream(door(), 0, createBuffer(kBlock), 0, sizeof(Float2));
        setStream(door(), 1, createBuffer(offsets), 0, sizeof(Float2));
        setStream(door(), 2, createBuffer(colors_), 0, 4);
        setIndices(door(), createBuffer(std::vector<uint16_t>{0, 1, 2, 3}, true), 2);
    }
    // Stream 0 INDEXEDDATA | instances, stream 1 INSTANCEDATA | 1, stream 2 INSTANCEDATA | divisor.
    void instancing(uint32_t instances, uint32_t divisor) {
        frequency(0, D3DSTREAMSOURCE_INDEXEDDATA | instances);
        frequency(1, D3DSTREAMSOURCE_INSTANCEDATA | 1);
        frequency(2, D3DSTREAMSOURCE_INSTANCEDATA | divisor);
    }
    // Every divider back to 1: the streams are read per vertex.
    void noDividers() {
        for (uint32_t st = 0; st < 3; ++st)
            frequency(st, 1);
    }
    // Draws the four indexed points on a cleared target and compares: `instances` copies of the
    // block, instance i at offset i in colour i / divisor; 0 instances: not instanced, vertex i
    // at block i + offset i in colour i.
    void drawAndExpectInstances(uint32_t instances, uint32_t divisor) {
        clearTarget();
        ASSERT_EQ(drawIndexed(door(), D3DPT_POINTLIST, 0, 0, 4, 0, 4), S_OK);
        Pixels want;
        if (instances == 0) {
            for (uint32_t i = 0; i < 4; ++i)
                want[{2 + 4 * int(i) + int(kBlock[i].x), 3 + int(kBlock[i].y)}] = colors_[i];
        }
        for (uint32_t i = 0; i < instances; ++i)
            for (const Float2& p : kBlock)
                want[{2 + 4 * int(i) + int(p.x), 3 + int(p.y)}] = colors_[i / divisor];
        expectScene(want);
    }

    // --- The divider-mode scene (vs_3_0, non-indexed) ---
    // Vertex v at pixel (v, row) in colour v (stream 2), stream 1 zero.
    void dividerStreams(int row) {
        std::vector<Float2> positions;
        std::vector<uint32_t> colors;
        for (uint32_t v = 0; v < 40; ++v) {
            positions.push_back({float(v), float(row)});
            colors.push_back(indexColor(v));
        }
        setStream(door(), 0, createBuffer(positions), 0, sizeof(Float2));
        setStream(door(), 1, createBuffer(std::vector<Float2>(40, Float2{0, 0})), 0, sizeof(Float2));
        setStream(door(), 2, createBuffer(colors), 0, 4);
    }
    // Draws `count` points from `start` on row `row` (dividerStreams(row) first); stream 2's
    // divider N makes point k read colour start / N + k / N (stream_frequency_test.cpp).
    void drawDivided(int row, uint32_t start, uint32_t count, uint32_t divider) {
        dividerStreams(row);
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, start, count), S_OK);
        for (uint32_t k = 0; k < count; ++k)
            want_[{int(start + k), row}] = indexColor(start / divider + k / divider);
    }

    std::vector<uint32_t> colors_;
    Pixels want_;
};

// BEGIN..END records the dividers set in between without applying them; EXECUTE applies them.
TEST_P(StateBlocks, RecordedBlockAppliesItsDividersOnlyWhenExecuted) {
    instancingStreams();
    stateSet(D3DHAL_STATESETBEGIN, 1);
    instancing(6, 2);
    stateSet(D3DHAL_STATESETEND, 1);
    drawAndExpectInstances(0, 1); // the recording changed nothing
    instancing(3, 3);
    drawAndExpectInstances(3, 3);
    stateSet(D3DHAL_STATESETEXECUTE, 1);
    drawAndExpectInstances(6, 2);
}

// CREATE of a D3DSBT_VERTEXSTATE block holds the dividers of that moment; EXECUTE restores them.
TEST_P(StateBlocks, VertexStateBlockRestoresTheInstancingDividers) {
    instancingStreams();
    instancing(6, 3);
    stateSet(D3DHAL_STATESETCREATE, 2, D3DSBT_VERTEXSTATE);
    noDividers();
    drawAndExpectInstances(0, 1);
    stateSet(D3DHAL_STATESETEXECUTE, 2);
    drawAndExpectInstances(6, 3);
}

// CAPTURE replaces the block's values with the current ones.
TEST_P(StateBlocks, CaptureTakesTheCurrentDividers) {
    instancingStreams();
    instancing(6, 1);
    stateSet(D3DHAL_STATESETCREATE, 3, D3DSBT_VERTEXSTATE);
    instancing(5, 2);
    stateSet(D3DHAL_STATESETCAPTURE, 3);
    instancing(4, 3);
    stateSet(D3DHAL_STATESETEXECUTE, 3);
    drawAndExpectInstances(5, 2);
}

// A recorded block holds what was set while recording (stream 2's divider): CAPTURE refreshes
// only that, EXECUTE writes only that.
TEST_P(StateBlocks, RecordedBlockCapturesAndAppliesOnlyWhatItHolds) {
    instancingStreams();
    stateSet(D3DHAL_STATESETBEGIN, 4);
    frequency(2, D3DSTREAMSOURCE_INSTANCEDATA | 3);
    stateSet(D3DHAL_STATESETEND, 4);
    instancing(6, 2);
    stateSet(D3DHAL_STATESETCAPTURE, 4); // stream 2: INSTANCEDATA | 2
    instancing(4, 1);
    stateSet(D3DHAL_STATESETEXECUTE, 4); // streams 0 and 1 keep their dividers
    drawAndExpectInstances(4, 2);
}

// D3DSBT_PIXELSTATE holds no stream state: executing it leaves the dividers as they are.
TEST_P(StateBlocks, PixelStateBlockLeavesTheDividers) {
    instancingStreams();
    instancing(6, 2);
    stateSet(D3DHAL_STATESETCREATE, 5, D3DSBT_PIXELSTATE);
    instancing(4, 3);
    stateSet(D3DHAL_STATESETEXECUTE, 5);
    drawAndExpectInstances(4, 3);
}

// D3DSBT_ALL holds every stream (buffer, offset, stride, divider).
TEST_P(StateBlocks, AllBlockRestoresTheDividers) {
    instancingStreams();
    instancing(6, 2);
    stateSet(D3DHAL_STATESETCREATE, 6, D3DSBT_ALL);
    instancing(4, 3);
    stateSet(D3DHAL_STATESETEXECUTE, 6);
    drawAndExpectInstances(6, 2);
}

// The vs_3_0 divider mode (a plain divider N on a non-indexed draw) is a divider like any other:
// a created VERTEXSTATE block and a recorded one restore it. The blocks hold no stream sources,
// so each draw's own position buffer (its row) stays.
TEST_P(StateBlocks, VertexStateBlocksRestoreTheDividerMode) {
    frequency(2, 3);
    stateSet(D3DHAL_STATESETCREATE, 7, D3DSBT_VERTEXSTATE);
    stateSet(D3DHAL_STATESETBEGIN, 8);
    frequency(2, 4);
    stateSet(D3DHAL_STATESETEND, 8);
    frequency(2, 1);
    drawDivided(2, 4, 9, 1);
    stateSet(D3DHAL_STATESETEXECUTE, 7);
    drawDivided(5, 4, 9, 3);
    stateSet(D3DHAL_STATESETEXECUTE, 8);
    drawDivided(8, 6, 11, 4);
    stateSet(D3DHAL_STATESETCAPTURE, 8); // takes 4 again; then 2 is set and the block restores 4
    frequency(2, 2);
    stateSet(D3DHAL_STATESETEXECUTE, 8);
    drawDivided(11, 5, 12, 4);
    expectScene(want_);
}

INSTANTIATE_TEST_SUITE_P(BothDoors, StateBlocks, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

} // namespace
} // namespace ddivk::test
