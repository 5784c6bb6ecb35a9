// The query engine of one driver device: every query door (DP2 tokens, the D3D10 query DDI)
// creates, issues and reads its queries here. Queries measure what the device's command stream
// records (CommandStream); the stream calls the hook methods at pass and submission boundaries.
//
// How a query is measured (docs/queries.md):
//  - Occlusion, predicates and pipeline statistics run on a "channel" per Vulkan query type.
//    Vulkan allows one active query of a type per command buffer and none across a submit, so
//    a channel runs one Vulkan query per rendering pass (a segment), ended and restarted
//    whenever a pass ends or the set of active D3D queries changes; each segment is added to
//    every D3D query that was active during it (overlapping queries, suspend and resume).
//  - Timestamps: vkCmdWriteTimestamp at End. Events: the timeline value of the End's submission.
//  - Results are copied with vkCmdCopyQueryPoolResults into host-visible memory before submit
//    and read only once the timeline semaphore says the submission completed: the engine never
//    calls vkGetQueryPoolResults, so nothing reads query pools while another thread submits.
// Not thread-safe: callers hold the device lock.
#pragma once

#include <volk.h>

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "ddivk/hresult.h"
#include "query/command_stream.h"
#include "query/idle_counter.h"
#include "query/query_pool.h"
#include "query/query_types.h"
#include "vk/device.h"

namespace ddivk::query {

using QueryId = uint32_t; // 0: none

// The begin/end rules of a door. D3D10: a wrong-state Begin or End is an error. D3D9: Begin on
// a query being built restarts it, End without Begin issues an empty bracket (the D3D9
// runtime's behaviour for IssueQuery).
enum class IssueRules : uint8_t { D3D10, D3D9 };

enum class QueryState : uint8_t {
    Initial,  // created, never ended: no data to ask for
    Building, // begun, not ended
    Issued,   // ended: data pending or available
};

// A query's data, door-neutral.
struct QueryResult {
    uint64_t count = 0;     // occlusion samples; timestamp ticks (masked to timestampValidBits)
    uint64_t frequency = 0; // timestamp ticks per second (TimestampDisjoint/Frequency)
    bool disjoint = false;  // TimestampDisjoint
    // Pipeline statistics in D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS order.
    std::array<uint64_t, 11> statistics{};
    float idle = 0.0f; // GPU_IDLE: the fraction of the bracket the GPU was idle
    // Stream output per vertex stream: primitives written, and written plus those that did not
    // fit (PrimitivesStorageNeeded).
    std::array<uint64_t, 4> primitivesWritten{}, primitivesNeeded{};
    // The stream-overflow predicates' answer for `stream` (0..3, or kAnyStream).
    bool overflowed(int stream) const {
        for (int s = 0; s < 4; ++s)
            if ((stream == s || stream == kAnyStream) && primitivesNeeded[s] > primitivesWritten[s]) return true;
        return false;
    }
};

// The host clock TIMESTAMPDISJOINT compares the device clock with (calibrated timestamps with
// the DEVICE domain and CLOCK_MONOTONIC_RAW or CLOCK_MONOTONIC); VK_TIME_DOMAIN_DEVICE_EXT when
// there is none: disjoint detection is then coarse (device loss only).
VkTimeDomainEXT disjointHostDomain(const vk::Caps& caps);

// One sample of the device and host clocks (vkGetCalibratedTimestampsEXT).
struct Calibration {
    uint64_t device = 0, host = 0; // device ticks, host ns
    uint64_t deviation = 0;        // the maximum deviation the driver reported, ns
    bool valid = false;            // sampled
    bool lost = false;             // sampling reported VK_ERROR_DEVICE_LOST
};

// TIMESTAMPDISJOINT's answer for a bracket between two samples: TRUE when the device was lost,
// or when the device clock did not advance with the host clock beyond the reported deviations,
// 500 ppm of drift and two ticks. Without valid samples only device loss counts.
bool clocksDisjoint(const Calibration& a, const Calibration& b, double periodNs, uint64_t timestampMask);

class QueryEngine {
  public:
    QueryEngine(vk::Device& device, CommandStream& stream);
    ~QueryEngine();
    QueryEngine(const QueryEngine&) = delete;
    QueryEngine& operator=(const QueryEngine&) = delete;

    // Whether the device can measure this kind (Unsupported never).
    bool supports(Kind kind) const;
    // Timestamp ticks per second: 1e9 / timestampPeriod rounded to an integer; 0 without
    // timestamps.
    uint64_t frequency() const { return frequency_; }
    // Disjoint detection compares the device and host clocks (calibrated timestamps); false:
    // it only sees device loss.
    bool calibratedDisjoint() const { return hostDomain_ != VK_TIME_DOMAIN_DEVICE_EXT; }

    // --- Queries (ids are this engine's; doors keep their own namespaces) -----------------
    // D3DERR_NOTAVAILABLE for a kind the device cannot measure.
    HRESULT create(Kind kind, QueryId* id);
    void destroy(QueryId id);
    // D3DERR_INVALIDCALL for an unknown id, a kind without Begin, or a wrong state (D3D10).
    HRESULT begin(QueryId id, IssueRules rules);
    HRESULT end(QueryId id, IssueRules rules);
    // S_OK with *result once the data is available, S_FALSE while the GPU is not done with it
    // (never waits). flush: submit recorded work the query waits for, so that the answer comes.
    // D3DERR_INVALIDCALL for an unknown id or a query that was never ended or is being built.
    HRESULT poll(QueryId id, bool flush, QueryResult* result);

    // --- Predication (SetPredication) -----------------------------------------------------
    // Rendering is skipped while the occlusion predicate's answer (count != 0) equals `value`;
    // id 0 turns predication off. Answered on the CPU when the result is known (then
    // renderingSkipped() tells the device to skip draws and clears), else with
    // VK_EXT_conditional_rendering on the predicate's count. A predicate whose count spans
    // several Vulkan queries is waited for, unless it is a hint (`hint`: drawing anyway is
    // allowed). A stream-overflow predicate is answered on the CPU (waited for when not known:
    // it must be guaranteed). D3DERR_INVALIDCALL for a query that is not an ended predicate.
    HRESULT setPredication(QueryId id, bool value, bool hint);
    // Predication decided on the CPU that rendering is skipped.
    bool renderingSkipped() const { return predication_.skipAll; }
    // Predication runs on the GPU (conditional rendering inside each pass).
    bool predicatedOnGpu() const { return predication_.gpu; }
    // Predication skips copies, blits and fills, which Vulkan cannot predicate: decided on the
    // CPU, waiting for the predicate when it is answered on the GPU for draws.
    bool transfersSkipped();

    bool valid(QueryId id) const;
    Kind kind(QueryId id) const;
    QueryState state(QueryId id) const;
    // Changes at every Begin, every End that starts a new issue, and at destruction: a door
    // holding (id, generation) can tell whether an answer still belongs to its issue.
    uint32_t generation(QueryId id) const;

    // Whether the draws recorded from now on have a fragment shader. D3D10: "when a NULL pixel
    // shader is bound to the pipeline, the value in PSInvocations does not increment"; drivers
    // may count invocations of their own internal fragment stage, so statistics segments are
    // split where this changes and those without one add no PSInvocations.
    void pixelShaderBound(bool bound);

    // A query counts the draws recorded now (occlusion, statistics, stream output): a command
    // buffer ended here would split its Vulkan query in two.
    bool spansDraws() const;

    // --- Hooks of the command stream ------------------------------------------------------
    void commandsBegun(VkCommandBuffer cb);   // right after vkBeginCommandBuffer
    void renderingBegun(VkCommandBuffer cb);  // after vkCmdBeginRendering
    void renderingEnding(VkCommandBuffer cb); // before vkCmdEndRendering
    void submitting(VkCommandBuffer cb);      // after the last pass, before vkEndCommandBuffer
    void submitted(uint64_t value);           // the recorded commands complete at `value`

    // --- Introspection (tests) ------------------------------------------------------------
    size_t poolCount() const;
    size_t pendingSegments() const { return pending_.size() + recording_.size(); }
    size_t liveQueries() const { return queries_.size() - freeIds_.size(); }
    // Timestamps written for GPU_IDLE counters so far (none while no counter is open).
    uint64_t idleTimestamps() const { return idle_ ? idle_->timestampsWritten() : 0; }

  private:
    struct Owner {
        QueryId id = 0;
        uint32_t generation = 0;
    };
    // One Vulkan query (or timestamp) whose result adds to its owners.
    struct Segment {
        QuerySlot slot;
        ChunkAllocator* allocator = nullptr;
        Kind kind = Kind::Occlusion;
        uint64_t value = 0; // timeline value of its submission (0 while recording)
        std::vector<Owner> owners;
        bool noPixelShader = false; // statistics: its draws had no fragment shader
    };
    // A Vulkan query type that spans draws (occlusion, pipeline statistics).
    struct Channel {
        std::unique_ptr<ChunkAllocator> allocator;
        Kind kind = Kind::Occlusion;
        VkQueryControlFlags control = 0;
        int stream = -1; // stream output: the vertex stream (an indexed Vulkan query)
        std::vector<Owner> active; // D3D queries begun on it
        bool running = false;      // a Vulkan query is begun in the open pass
        QuerySlot slot;
    };
    struct Query {
        Kind kind = Kind::Event;
        bool alive = false;
        QueryState state = QueryState::Initial;
        uint32_t generation = 0;
        uint64_t endValue = 0; // timeline value completing the last End (0: not submitted)
        bool resolved = false; // result is final
        QueryResult result;
        Calibration begin; // TimestampDisjoint
    };

    Query* find(QueryId id);
    const Query* find(QueryId id) const;
    bool owns(const Owner& owner) const;
    Channel* channelOf(Kind kind);
    // Every channel the kind runs on (the any-stream overflow predicate runs on four).
    template <class F> void forChannels(Kind kind, F&& f);
    void startSegment(Channel& channel, VkCommandBuffer cb);
    void endSegment(Channel& channel, VkCommandBuffer cb);
    void addActive(Channel& channel, Owner owner);
    void removeActive(Channel& channel, QueryId id);
    void resolveCompleted();
    void resolve(const Segment& segment);
    Calibration calibrate() const;
    void clearPredication();
    uint32_t predicateSlot();

    vk::Device& device_;
    CommandStream& stream_;
    uint64_t frequency_ = 0;
    uint64_t timestampMask_ = 0;
    VkTimeDomainEXT hostDomain_ = VK_TIME_DOMAIN_DEVICE_EXT; // DEVICE: no host domain to compare
    Channel occlusion_;
    Channel statistics_;
    bool noPixelShader_ = false; // the draws recorded now have no fragment shader
    std::array<Channel, 4> streamOutput_; // per vertex stream (VK_EXT_transform_feedback queries)
    std::array<uint8_t, 11> statisticFields_{}; // Vulkan result word i -> D3D11 field
    uint32_t statisticCount_ = 0;
    std::unique_ptr<ChunkAllocator> timestamps_;
    std::unique_ptr<IdleCounter> idle_; // GPU_IDLE counters

    // Predication: the predicate's 32-bit count, copied into a slot of predicates_ (a ring read
    // by vkCmdBeginConditionalRenderingEXT).
    struct Predication {
        QueryId id = 0;
        bool skipAll = false;  // decided on the CPU: skip rendering
        bool gpu = false;      // conditional rendering on `slot`
        bool inverted = false; // draw when the count is 0
        bool running = false;  // begun in the open pass
        uint32_t slot = 0;
    };
    Predication predication_;
    vk::Buffer predicates_;
    std::vector<uint64_t> predicateValues_; // per slot: the submission that last read it
    std::vector<uint32_t> predicateSlotsRecording_;
    uint32_t nextPredicateSlot_ = 0;
    PFN_vkCmdBeginConditionalRenderingEXT beginConditional_ = nullptr;
    PFN_vkCmdEndConditionalRenderingEXT endConditional_ = nullptr;

    std::vector<Query> queries_; // id - 1
    std::vector<QueryId> freeIds_;
    std::vector<Segment> recording_;  // ended in the command buffer being recorded
    std::deque<Segment> pending_;     // submitted, in value order
    std::vector<Owner> endsRecorded_; // queries whose End is in the recording command buffer
};

} // namespace ddivk::query
