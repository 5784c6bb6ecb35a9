// SetStreamSourceFreq validation, one test per rule (docs/state.md names the statement behind
// each). An invalid call returns D3DERR_INVALIDCALL and changes nothing.
#include "state_test_util.h"

namespace ddivk::state {
namespace {

using test::freshCache;

TEST(SetStreamSourceFreq, StreamIndexInRange) {
    auto c = freshCache();
    EXPECT_EQ(c->setStreamSourceFreq(kMaxStreams - 1, 2), S_OK);
    EXPECT_INVALID_NO_CHANGE(*c, c->setStreamSourceFreq(kMaxStreams, 2));
    EXPECT_INVALID_NO_CHANGE(*c, c->setStreamSourceFreq(0xffffffffu, 2));
}

TEST(SetStreamSourceFreq, NoInstanceDataOnStreamZero) {
    auto c = freshCache();
    EXPECT_INVALID_NO_CHANGE(*c, c->setStreamSourceFreq(0, D3DSTREAMSOURCE_INSTANCEDATA | 1));
    EXPECT_EQ(c->setStreamSourceFreq(1, D3DSTREAMSOURCE_INSTANCEDATA | 1), S_OK);
    EXPECT_EQ(c->setStreamSourceFreq(0, D3DSTREAMSOURCE_INDEXEDDATA | 5), S_OK);
}

TEST(SetStreamSourceFreq, NotBothFlags) {
    auto c = freshCache();
    constexpr uint32_t both = D3DSTREAMSOURCE_INDEXEDDATA | D3DSTREAMSOURCE_INSTANCEDATA;
    EXPECT_INVALID_NO_CHANGE(*c, c->setStreamSourceFreq(1, both | 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setStreamSourceFreq(0, both | 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setStreamSourceFreq(1, both));
}

TEST(SetStreamSourceFreq, DividerZeroInvalid) {
    auto c = freshCache();
    EXPECT_INVALID_NO_CHANGE(*c, c->setStreamSourceFreq(0, 0));
    EXPECT_INVALID_NO_CHANGE(*c, c->setStreamSourceFreq(3, 0));
}

TEST(SetStreamSourceFreq, ValidValuesAreStoredRaw) {
    auto c = freshCache();
    EXPECT_EQ(c->setStreamSourceFreq(0, D3DSTREAMSOURCE_INDEXEDDATA | 100), S_OK); // instance count
    EXPECT_EQ(c->setStreamSourceFreq(1, D3DSTREAMSOURCE_INSTANCEDATA | 1), S_OK);  // per instance
    EXPECT_EQ(c->setStreamSourceFreq(2, 4), S_OK);                                 // plain divider
    // Only the literal 0 is rejected: a flag with a zero count is the runtime's to accept
    // (D3DSTREAMSOURCE_INSTANCEDATA | 0 is the draw path's zero-divisor case).
    EXPECT_EQ(c->setStreamSourceFreq(3, D3DSTREAMSOURCE_INSTANCEDATA), S_OK);
    EXPECT_EQ(c->streamSourceFreq(0), D3DSTREAMSOURCE_INDEXEDDATA | 100);
    EXPECT_EQ(c->streamSourceFreq(1), D3DSTREAMSOURCE_INSTANCEDATA | 1);
    EXPECT_EQ(c->streamSourceFreq(2), 4u);
    EXPECT_EQ(c->streamSourceFreq(3), D3DSTREAMSOURCE_INSTANCEDATA);
    DirtyState d = c->takeDirty();
    EXPECT_EQ(d.categories, uint32_t{DirtyState::StreamFrequencies});
    EXPECT_EQ(d.streamFrequencies, 0xfu);
    EXPECT_EQ(d.streams, 0u);
}

} // namespace
} // namespace ddivk::state
