// FramePacer's schedule (util/frame_pacer.h), on time points the test chooses: no clock, no sleep.
#include <gtest/gtest.h>

#include "util/frame_pacer.h"

namespace ddivk {
namespace {

using Clock = FramePacer::Clock;
using std::chrono::milliseconds;

TEST(FramePacer, WithoutARateEveryPresentGoesAtOnce) {
    FramePacer pacer;
    EXPECT_FALSE(pacer.active());
    const Clock::time_point t0{};
    EXPECT_EQ(pacer.due(t0), t0);
    EXPECT_EQ(pacer.due(t0 + milliseconds(1)), t0 + milliseconds(1));
}

// 50 frames a second: 20 ms apart, counted from due times, not from when the program arrived.
TEST(FramePacer, PresentsAreDueOneIntervalAfterThePreviousDueTime) {
    FramePacer pacer(50);
    EXPECT_TRUE(pacer.active());
    const Clock::time_point t0 = Clock::time_point{} + milliseconds(1000);
    EXPECT_EQ(pacer.due(t0), t0); // the first goes at once
    EXPECT_EQ(pacer.due(t0 + milliseconds(3)), t0 + milliseconds(20));
    // Woken late (at 41 ms) for the frame due at 40 ms: the next is still due at 60 ms.
    EXPECT_EQ(pacer.due(t0 + milliseconds(25)), t0 + milliseconds(40));
    EXPECT_EQ(pacer.due(t0 + milliseconds(41)), t0 + milliseconds(60));
}

TEST(FramePacer, ASlightlyLateFrameIsMadeUpAndAStallRestartsThePace) {
    FramePacer pacer(50);
    const Clock::time_point t0 = Clock::time_point{} + milliseconds(1000);
    pacer.due(t0);
    // Due at 20 ms, arrives at 30: goes at once, and the next stays due at 40.
    EXPECT_EQ(pacer.due(t0 + milliseconds(30)), t0 + milliseconds(30));
    EXPECT_EQ(pacer.due(t0 + milliseconds(31)), t0 + milliseconds(40));
    // Due at 60 ms, arrives at 500 (a stall): goes at once, and the pace starts from it, so the
    // frames after it are not let through unpaced to catch up.
    EXPECT_EQ(pacer.due(t0 + milliseconds(500)), t0 + milliseconds(500));
    EXPECT_EQ(pacer.due(t0 + milliseconds(501)), t0 + milliseconds(520));
}

} // namespace
} // namespace ddivk
