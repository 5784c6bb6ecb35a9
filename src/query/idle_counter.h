// GPU_IDLE (D3D10DDI_COUNTER_GPU_IDLE): the fraction of a counter's bracket during which the
// device's queue ran no command buffer (docs/queries.md, "Counters").
//
// While a bracket is open (begun, or its End not yet submitted) every command buffer gets a
// TOP_OF_PIPE timestamp first (commandsBegun) and a BOTTOM_OF_PIPE timestamp last (submitting):
// its busy interval on the GPU timeline. The bracket itself is [TOP_OF_PIPE at Begin,
// BOTTOM_OF_PIPE at End], which contains every command recorded between them. Idle is one minus
// the share of the bracket covered by the union of the busy intervals. Results travel as the
// engine's others do: copied before submit, read once the timeline says the submission is done.
// With no bracket open nothing is written: normal frames pay nothing.
#pragma once

#include <volk.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "query/query_pool.h"
#include "vk/device.h"

namespace ddivk::query {

// The D3D query a bracket belongs to: (engine id, generation of its issue).
struct BracketKey {
    uint32_t id = 0;
    uint32_t generation = 0;
};

// A command buffer's busy interval in timestamp ticks. open*: the interval runs on past that
// edge of the bracket (the Begin or End was recorded in this command buffer), so the bracket's
// own edge bounds it there.
struct BusyInterval {
    uint64_t start = 0, end = 0;
    bool openStart = false, openEnd = false;
};

// The idle fraction of the bracket [begin, end] given the busy intervals of the command
// buffers that ran in it (ticks masked to `mask`, so a clock wrap inside the bracket is fine).
// Intervals may overlap (Vulkan lets submissions on one queue overlap): their union counts.
// In [0, 1]; a bracket of zero length is 0 (nothing to be idle in).
float idleFraction(uint64_t begin, uint64_t end, std::span<const BusyInterval> busy, uint64_t mask);

class IdleCounter {
  public:
    // Called with the idle fraction of a bracket once its End's submission completed.
    using Finished = std::function<void(BracketKey, float)>;
    IdleCounter(vk::Device& device, uint64_t timestampMask, Finished finished);
    ~IdleCounter();
    IdleCounter(const IdleCounter&) = delete;
    IdleCounter& operator=(const IdleCounter&) = delete;

    // Begin and End of a bracket, each a timestamp in `cb` (the command buffer being recorded).
    void begin(BracketKey key, VkCommandBuffer cb);
    void end(BracketKey key, VkCommandBuffer cb);
    // The query was destroyed or restarted: its open bracket is dropped (its timestamps come
    // back once their submission completed).
    void drop(uint32_t id);

    // --- Hooks of the command stream (through QueryEngine) ---------------------------------
    void commandsBegun(VkCommandBuffer cb); // right after vkBeginCommandBuffer
    void submitting(VkCommandBuffer cb);    // last commands before vkEndCommandBuffer
    void submitted(uint64_t value);         // the recorded commands complete at `value`
    // Reads what submissions up to `completed` wrote and finishes the brackets they end.
    void resolveCompleted(uint64_t completed);

    // --- Introspection (tests) -------------------------------------------------------------
    // Anything to resolve (a bracket or an interval kept): otherwise the hooks cost nothing.
    bool busy() const { return !brackets_.empty() || !spans_.empty(); }
    uint64_t timestampsWritten() const { return written_; }
    size_t poolCount() const { return allocator_.chunkCount(); }

  private:
    // A timestamp written into a command buffer, read once its submission completed.
    struct Stamp {
        QuerySlot slot;     // until read
        uint64_t ticks = 0; // once read, masked
        bool taken = false; // written at all
        bool pending() const { return slot.chunk != nullptr; }
    };
    // A command buffer timed while a bracket was open.
    struct Span {
        uint64_t serial = 0; // which command buffer (counted here)
        uint64_t value = 0;  // timeline value of its submission (0 while recording)
        Stamp start, end;    // start not taken: it began before any bracket was open
        bool read = false;
    };
    struct Bracket {
        BracketKey key;
        uint64_t beginSerial = 0, endSerial = 0;
        uint64_t beginValue = 0, endValue = 0; // 0: not submitted yet
        Stamp begin, end;
        bool ended = false;
        bool dropped = false; // destroyed, restarted or finished: no answer owed
    };

    Stamp stamp(VkCommandBuffer cb, VkPipelineStageFlagBits stage);
    void read(Stamp& s);
    bool timing() const; // a bracket is open: command buffers are being timed
    Span& currentSpan();
    float measure(const Bracket& b) const;
    void prune();

    uint64_t mask_;
    Finished finished_;
    ChunkAllocator allocator_;
    uint64_t serial_ = 1; // the command buffer being recorded
    bool spanRecording_ = false;
    std::deque<Span> spans_; // in serial order; the last one may be recording
    std::vector<Bracket> brackets_;
    std::vector<QuerySlot> recording_; // written into the command buffer being recorded
    uint64_t written_ = 0;
};

} // namespace ddivk::query
