#include "query/idle_counter.h"

#include <algorithm>
#include <utility>

namespace ddivk::query {

float idleFraction(uint64_t begin, uint64_t end, std::span<const BusyInterval> busy, uint64_t mask) {
    const uint64_t length = (end - begin) & mask;
    if (length == 0) return 0.0f;
    // Ticks into the bracket, clamped to it. Masked arithmetic survives a clock wrap; a stamp
    // taken before the bracket began lands in the upper half of the range and counts as 0.
    auto into = [&](uint64_t t) -> uint64_t {
        const uint64_t d = (t - begin) & mask;
        return d > mask / 2 ? 0 : std::min(d, length);
    };
    std::vector<std::pair<uint64_t, uint64_t>> parts;
    parts.reserve(busy.size());
    for (const BusyInterval& i : busy) {
        const uint64_t s = i.openStart ? 0 : into(i.start);
        const uint64_t e = i.openEnd ? length : into(i.end);
        if (e > s) parts.emplace_back(s, e);
    }
    // The union of the intervals: submissions on one queue may overlap in Vulkan.
    std::sort(parts.begin(), parts.end());
    uint64_t covered = 0, reached = 0;
    for (auto [s, e] : parts) {
        s = std::max(s, reached);
        if (e <= s) continue;
        covered += e - s;
        reached = e;
    }
    return std::clamp(float(1.0 - double(covered) / double(length)), 0.0f, 1.0f);
}

IdleCounter::IdleCounter(vk::Device& device, uint64_t timestampMask, Finished finished)
    : mask_(timestampMask), finished_(std::move(finished)),
      allocator_(device, VK_QUERY_TYPE_TIMESTAMP, 0, 1) {}

IdleCounter::~IdleCounter() = default;

IdleCounter::Stamp IdleCounter::stamp(VkCommandBuffer cb, VkPipelineStageFlagBits stage) {
    Stamp s;
    s.slot = allocator_.allocate();
    s.taken = true;
    vkCmdWriteTimestamp(cb, stage, s.slot.chunk->pool(), s.slot.index);
    recording_.push_back(s.slot);
    ++written_;
    return s;
}

void IdleCounter::read(Stamp& s) {
    if (!s.pending()) return;
    s.ticks = s.slot.chunk->results(s.slot.index)[0] & mask_;
    allocator_.release(s.slot);
    s.slot = {};
}

bool IdleCounter::timing() const {
    return std::any_of(brackets_.begin(), brackets_.end(),
                       [](const Bracket& b) { return !b.dropped && (!b.ended || b.endValue == 0); });
}

IdleCounter::Span& IdleCounter::currentSpan() {
    if (!spanRecording_) {
        spans_.push_back(Span{serial_});
        spanRecording_ = true;
    }
    return spans_.back();
}

void IdleCounter::begin(BracketKey key, VkCommandBuffer cb) {
    // The command buffer holding the Begin is timed to its end (its start is the Begin's).
    currentSpan();
    Bracket b;
    b.key = key;
    b.beginSerial = serial_;
    // TOP_OF_PIPE: no later command starts before it, so the bracket holds them all.
    b.begin = stamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT);
    brackets_.push_back(b);
}

void IdleCounter::end(BracketKey key, VkCommandBuffer cb) {
    auto it = std::find_if(brackets_.begin(), brackets_.end(), [&](const Bracket& b) {
        return !b.dropped && !b.ended && b.key.id == key.id && b.key.generation == key.generation;
    });
    if (it == brackets_.end()) return;
    currentSpan();
    // BOTTOM_OF_PIPE: after every earlier command completed.
    it->end = stamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT);
    it->ended = true;
    it->endSerial = serial_;
}

void IdleCounter::drop(uint32_t id) {
    for (Bracket& b : brackets_)
        if (b.key.id == id) b.dropped = true;
}

void IdleCounter::commandsBegun(VkCommandBuffer cb) {
    if (brackets_.empty() || !timing()) return;
    currentSpan().start = stamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT);
}

void IdleCounter::submitting(VkCommandBuffer cb) {
    if (spanRecording_) spans_.back().end = stamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT);
    if (recording_.empty()) return;
    copyResults(cb, recording_, [](const QuerySlot& s) { return s; });
    recording_.clear();
}

void IdleCounter::submitted(uint64_t value) {
    if (spanRecording_) {
        spans_.back().value = value;
        spanRecording_ = false;
    }
    for (Bracket& b : brackets_) {
        if (b.beginSerial == serial_) b.beginValue = value;
        if (b.ended && b.endSerial == serial_) b.endValue = value;
    }
    ++serial_;
}

void IdleCounter::resolveCompleted(uint64_t completed) {
    auto done = [&](uint64_t value) { return value != 0 && value <= completed; };
    for (Span& s : spans_) {
        if (s.read || !done(s.value)) continue;
        read(s.start);
        read(s.end);
        s.read = true;
    }
    for (Bracket& b : brackets_) {
        if (done(b.beginValue)) read(b.begin);
        if (done(b.endValue)) read(b.end);
    }
    // A bracket ends once its End's submission completed: every command buffer before it has.
    for (Bracket& b : brackets_)
        if (!b.dropped && b.ended && done(b.endValue)) {
            finished_(b.key, measure(b));
            b.dropped = true;
        }
    std::erase_if(brackets_,
                  [](const Bracket& b) { return b.dropped && !b.begin.pending() && !b.end.pending(); });
    prune();
}

float IdleCounter::measure(const Bracket& b) const {
    std::vector<BusyInterval> busy;
    for (const Span& s : spans_) {
        if (s.serial < b.beginSerial || s.serial > b.endSerial) continue;
        BusyInterval i;
        i.start = s.start.ticks;
        i.end = s.end.ticks;
        // The command buffers holding the Begin and the End ran across those edges.
        i.openStart = s.serial == b.beginSerial || !s.start.taken;
        i.openEnd = s.serial == b.endSerial;
        busy.push_back(i);
    }
    return idleFraction(b.begin.ticks, b.end.ticks, busy, mask_);
}

// Keeps the intervals an unfinished bracket may still need, and those not read yet.
void IdleCounter::prune() {
    uint64_t needed = serial_;
    for (const Bracket& b : brackets_)
        if (!b.dropped) needed = std::min(needed, b.beginSerial);
    while (!spans_.empty() && spans_.front().read && spans_.front().serial < needed)
        spans_.pop_front();
}

} // namespace ddivk::query
