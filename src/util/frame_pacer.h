// Paces presents to at most a given number per second (DDIVK_MAX_FRAME_RATE): old games that
// run unbounded draw thousands of frames a second, and some tie their simulation to it.
#pragma once

#include <chrono>
#include <optional>

namespace ddivk {

class FramePacer {
  public:
    using Clock = std::chrono::steady_clock;

    // framesPerSecond 0: no pacing.
    explicit FramePacer(double framesPerSecond = 0);

    bool active() const { return interval_ > Clock::duration::zero(); }

    // When the present that arrives at `now` may go (now or later), and that present's due time
    // is remembered. Each present is due one interval after the previous one's due time, so a
    // late wake-up does not add up over frames. A present that arrives after its due time goes
    // at once; if it is late by a whole interval or more (a loading screen, a stall) the pace
    // starts again from it, so that no burst of unpaced frames follows.
    Clock::time_point due(Clock::time_point now);

  private:
    Clock::duration interval_{};
    std::optional<Clock::time_point> last_;
};

} // namespace ddivk
