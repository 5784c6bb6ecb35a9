#include "util/frame_pacer.h"

namespace ddivk {

FramePacer::FramePacer(double framesPerSecond) {
    if (framesPerSecond > 0)
        interval_ =
            std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / framesPerSecond));
}

FramePacer::Clock::time_point FramePacer::due(Clock::time_point now) {
    if (!active()) return now;
    if (!last_) {
        last_ = now;
        return now;
    }
    const Clock::time_point next = *last_ + interval_;
    if (now <= next) {
        last_ = next;
        return next;
    }
    last_ = now - next < interval_ ? next : now;
    return now;
}

} // namespace ddivk
