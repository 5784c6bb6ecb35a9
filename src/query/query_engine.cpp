#include "query/query_engine.h"

#include <algorithm>
#include <cmath>

#include "util/log.h"
#include "vk/error.h"
#include "vk/queue.h"

namespace ddivk::query {
namespace {

// Vulkan pipeline-statistic bits in result order, with the D3D11 field each one fills
// (D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS order: IA vertices, IA primitives, VS, GS
// invocations, GS primitives, clipper invocations, clipper primitives, PS, HS, DS, CS).
struct StatisticRow {
    VkQueryPipelineStatisticFlagBits bit;
    uint8_t field;
};
constexpr StatisticRow kStatistics[] = {
    {VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_VERTICES_BIT, 0},
    {VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_PRIMITIVES_BIT, 1},
    {VK_QUERY_PIPELINE_STATISTIC_VERTEX_SHADER_INVOCATIONS_BIT, 2},
    {VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_INVOCATIONS_BIT, 3},
    {VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_PRIMITIVES_BIT, 4},
    {VK_QUERY_PIPELINE_STATISTIC_CLIPPING_INVOCATIONS_BIT, 5},
    {VK_QUERY_PIPELINE_STATISTIC_CLIPPING_PRIMITIVES_BIT, 6},
    {VK_QUERY_PIPELINE_STATISTIC_FRAGMENT_SHADER_INVOCATIONS_BIT, 7},
    {VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_CONTROL_SHADER_PATCHES_BIT, 8},
    {VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_EVALUATION_SHADER_INVOCATIONS_BIT, 9},
    {VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT, 10},
};

// D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS's PSInvocations.
constexpr uint8_t kPsInvocationsField = 7;

// Clock drift tolerated between the device and host clocks before a bracket is called
// disjoint, on top of the deviations vkGetCalibratedTimestampsEXT reports (parts per million).
constexpr uint64_t kDriftPpm = 500;

// Slots of the predicate ring (one 32-bit count per SetPredication that runs on the GPU).
constexpr uint32_t kPredicateSlots = 256;

} // namespace

VkTimeDomainEXT disjointHostDomain(const vk::Caps& caps) {
    const auto& d = caps.timeDomains;
    auto has = [&](VkTimeDomainEXT domain) { return std::find(d.begin(), d.end(), domain) != d.end(); };
    if (caps.calibratedTimestamps == vk::CalibratedTimestamps::None || !has(VK_TIME_DOMAIN_DEVICE_EXT))
        return VK_TIME_DOMAIN_DEVICE_EXT;
    for (VkTimeDomainEXT host : {VK_TIME_DOMAIN_CLOCK_MONOTONIC_RAW_EXT, VK_TIME_DOMAIN_CLOCK_MONOTONIC_EXT})
        if (has(host)) return host;
    return VK_TIME_DOMAIN_DEVICE_EXT;
}

QueryEngine::QueryEngine(vk::Device& device, CommandStream& stream) : device_(device), stream_(stream) {
    const vk::Caps& caps = device.caps();
    if (caps.timestampValidBits > 0 && caps.timestampPeriod > 0.0f) {
        // TIMESTAMPDISJOINT's Frequency: the real tick rate as an integer (1 GHz on lavapipe).
        frequency_ = uint64_t(std::llround(1e9 / double(caps.timestampPeriod)));
        timestampMask_ =
            caps.timestampValidBits >= 64 ? ~uint64_t{0} : (uint64_t{1} << caps.timestampValidBits) - 1;
    }
    // Disjoint detection correlates the device clock with a host clock we can read in ns.
    if (device.functions().getCalibratedTimestamps) hostDomain_ = disjointHostDomain(caps);
    if (!calibratedDisjoint())
        DDIVK_INFO("queries: no calibrated device/host clocks; TIMESTAMPDISJOINT only detects device loss");

    if (caps.conditionalRendering) {
        beginConditional_ = reinterpret_cast<PFN_vkCmdBeginConditionalRenderingEXT>(
            vkGetDeviceProcAddr(device.handle(), "vkCmdBeginConditionalRenderingEXT"));
        endConditional_ = reinterpret_cast<PFN_vkCmdEndConditionalRenderingEXT>(
            vkGetDeviceProcAddr(device.handle(), "vkCmdEndConditionalRenderingEXT"));
        if (beginConditional_ && endConditional_) {
            predicates_ = vk::Buffer::create(device.allocator(), kPredicateSlots * 4,
                                             VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                                 VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT,
                                             vk::MemoryUsage::GpuOnly);
            predicateValues_.assign(kPredicateSlots, 0);
        } else {
            beginConditional_ = nullptr;
        }
    }
    if (!beginConditional_)
        DDIVK_INFO("queries: no conditional rendering; predicates not known yet are waited for");

    if (!caps.hostQueryReset) {
        DDIVK_WARN("queries: the device lacks hostQueryReset; occlusion, timestamp and statistics queries "
                   "are not available");
        return;
    }
    occlusion_.kind = Kind::Occlusion;
    occlusion_.control = caps.occlusionQueryPrecise ? VK_QUERY_CONTROL_PRECISE_BIT : 0;
    occlusion_.allocator = std::make_unique<ChunkAllocator>(device, VK_QUERY_TYPE_OCCLUSION, 0, 1);
    if (frequency_) {
        timestamps_ = std::make_unique<ChunkAllocator>(device, VK_QUERY_TYPE_TIMESTAMP, 0, 1);
        idle_ = std::make_unique<IdleCounter>(device, timestampMask_, [this](BracketKey key, float idle) {
            if (owns({key.id, key.generation})) queries_[key.id - 1].result.idle = idle;
        });
    }
    if (caps.pipelineStatisticsQuery) {
        VkQueryPipelineStatisticFlags flags = 0;
        for (const StatisticRow& row : kStatistics) {
            const bool tessellation = row.field == 8 || row.field == 9;
            if (tessellation && !caps.coreFeatures.tessellationShader) continue;
            flags |= row.bit;
            statisticFields_[statisticCount_++] = row.field;
        }
        statistics_.kind = Kind::PipelineStats;
        statistics_.allocator = std::make_unique<ChunkAllocator>(device, VK_QUERY_TYPE_PIPELINE_STATISTICS,
                                                                 flags, statisticCount_);
    }
    // Stream output: primitives written and needed per vertex stream (two values a query).
    if (caps.transformFeedback && caps.transformFeedbackQueries && device.functions().cmdBeginQueryIndexed) {
        const uint32_t streams = std::min<uint32_t>(caps.maxTransformFeedbackStreams, 4);
        for (uint32_t s = 0; s < streams; ++s) {
            streamOutput_[s].kind = Kind(uint32_t(Kind::StreamOutputStats0) + s);
            streamOutput_[s].stream = int(s);
            streamOutput_[s].allocator =
                std::make_unique<ChunkAllocator>(device, VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT, 0, 2);
        }
    }
}

QueryEngine::~QueryEngine() = default;

bool QueryEngine::supports(Kind kind) const {
    // Stream output: the stream's channel (the any-stream predicate needs stream 0 at least).
    if (const int stream = streamOf(kind); stream >= 0)
        return streamOutput_[stream == kAnyStream ? 0 : stream].allocator != nullptr;
    switch (kind) {
    case Kind::Event:
        return true;
    case Kind::Occlusion:
    case Kind::OcclusionPredicate:
        return occlusion_.allocator != nullptr;
    case Kind::Timestamp:
        return timestamps_ != nullptr;
    case Kind::TimestampDisjoint:
    case Kind::TimestampFrequency:
        return frequency_ != 0;
    case Kind::PipelineStats:
    case Kind::PipelineStats11:
        return statistics_.allocator != nullptr;
    case Kind::GpuIdle:
        return idle_ != nullptr;
    default:
        return false;
    }
}

size_t QueryEngine::poolCount() const {
    size_t n = 0;
    for (const ChunkAllocator* a :
         {occlusion_.allocator.get(), statistics_.allocator.get(), timestamps_.get()})
        if (a) n += a->chunkCount();
    for (const Channel& c : streamOutput_)
        if (c.allocator) n += c.allocator->chunkCount();
    return n + (idle_ ? idle_->poolCount() : 0);
}

// --- Queries ---------------------------------------------------------------------------------

QueryEngine::Query* QueryEngine::find(QueryId id) {
    if (id == 0 || id > queries_.size() || !queries_[id - 1].alive) return nullptr;
    return &queries_[id - 1];
}

const QueryEngine::Query* QueryEngine::find(QueryId id) const {
    if (id == 0 || id > queries_.size() || !queries_[id - 1].alive) return nullptr;
    return &queries_[id - 1];
}

bool QueryEngine::owns(const Owner& owner) const {
    const Query* q = find(owner.id);
    return q && q->generation == owner.generation;
}

bool QueryEngine::valid(QueryId id) const {
    return find(id) != nullptr;
}
Kind QueryEngine::kind(QueryId id) const {
    const Query* q = find(id);
    return q ? q->kind : Kind::Unsupported;
}
QueryState QueryEngine::state(QueryId id) const {
    const Query* q = find(id);
    return q ? q->state : QueryState::Initial;
}
uint32_t QueryEngine::generation(QueryId id) const {
    const Query* q = find(id);
    return q ? q->generation : 0;
}

template <class F> void QueryEngine::forChannels(Kind kind, F&& f) {
    if (Channel* channel = channelOf(kind)) {
        f(*channel);
        return;
    }
    const int stream = streamOf(kind);
    for (int s = 0; s < 4; ++s)
        if ((stream == s || stream == kAnyStream) && streamOutput_[s].allocator) f(streamOutput_[s]);
}

QueryEngine::Channel* QueryEngine::channelOf(Kind kind) {
    switch (kind) {
    case Kind::Occlusion:
    case Kind::OcclusionPredicate:
        return &occlusion_;
    case Kind::PipelineStats:
    case Kind::PipelineStats11:
        return &statistics_;
    default:
        return nullptr;
    }
}

HRESULT QueryEngine::create(Kind kind, QueryId* id) {
    if (!supports(kind)) return D3DERR_NOTAVAILABLE;
    QueryId slot;
    if (!freeIds_.empty()) {
        slot = freeIds_.back();
        freeIds_.pop_back();
    } else {
        queries_.emplace_back();
        slot = QueryId(queries_.size());
    }
    Query& q = queries_[slot - 1];
    const uint32_t generation = q.generation + 1; // never reused: stale answers stay stale
    q = Query{};
    q.kind = kind;
    q.alive = true;
    q.generation = generation;
    *id = slot;
    return S_OK;
}

void QueryEngine::destroy(QueryId id) {
    Query* q = find(id);
    if (!q) return;
    if (predication_.id == id) clearPredication();
    if (q->state == QueryState::Building)
        forChannels(q->kind, [&](Channel& channel) { removeActive(channel, id); });
    if (q->kind == Kind::GpuIdle) idle_->drop(id);
    // Outstanding segments keep their slots until their submission completes; they no longer
    // have an owner then.
    q->alive = false;
    ++q->generation;
    freeIds_.push_back(id);
}

HRESULT QueryEngine::begin(QueryId id, IssueRules rules) {
    Query* q = find(id);
    if (!q || !isBracketed(q->kind)) return D3DERR_INVALIDCALL;
    if (q->state == QueryState::Building) {
        // (D3D10: Begin on a query being built is an error; D3D9 restarts it.)
        if (rules == IssueRules::D3D10) return D3DERR_INVALIDCALL;
        forChannels(q->kind, [&](Channel& channel) { removeActive(channel, id); });
    }
    if (q->kind == Kind::GpuIdle) idle_->drop(id); // a new bracket: the earlier issue's is stale
    ++q->generation;
    q->state = QueryState::Building;
    q->endValue = 0;
    q->resolved = false;
    q->result = {};
    forChannels(q->kind, [&](Channel& channel) { addActive(channel, {id, q->generation}); });
    if (q->kind == Kind::TimestampDisjoint) q->begin = calibrate();
    if (q->kind == Kind::GpuIdle) idle_->begin({id, q->generation}, stream_.commands());
    return S_OK;
}

HRESULT QueryEngine::end(QueryId id, IssueRules rules) {
    Query* q = find(id);
    if (!q) return D3DERR_INVALIDCALL;
    if (isBracketed(q->kind)) {
        if (q->state != QueryState::Building) {
            // (D3D10: End without Begin is an error; D3D9 issues an empty bracket.)
            if (rules == IssueRules::D3D10) return D3DERR_INVALIDCALL;
            HRESULT hr = begin(id, rules);
            if (failed(hr)) return hr;
        }
        forChannels(q->kind, [&](Channel& channel) { removeActive(channel, id); });
    } else {
        ++q->generation;
        q->result = {};
    }
    VkCommandBuffer cb = stream_.commands(); // the End belongs to the command buffer being recorded
    if (q->kind == Kind::Timestamp) {
        Segment s;
        s.slot = timestamps_->allocate();
        s.allocator = timestamps_.get();
        s.kind = Kind::Timestamp;
        s.owners.push_back({id, q->generation});
        // After all earlier work: the bottom of the pipe of every previous command.
        vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, s.slot.chunk->pool(), s.slot.index);
        recording_.push_back(std::move(s));
    }
    if (q->kind == Kind::GpuIdle) idle_->end({id, q->generation}, cb);
    q->state = QueryState::Issued;
    q->endValue = 0;
    q->resolved = false;
    endsRecorded_.push_back({id, q->generation});
    return S_OK;
}

HRESULT QueryEngine::poll(QueryId id, bool flush, QueryResult* result) {
    Query* q = find(id);
    if (!q || q->state != QueryState::Issued) return D3DERR_INVALIDCALL;
    if (!q->resolved) {
        if (q->endValue == 0 && flush) stream_.flush();
        q = find(id); // (flush runs the hooks; the vector does not move, but stay tidy)
        if (q->endValue == 0 || !device_.queue().isComplete(q->endValue)) return S_FALSE;
        resolveCompleted();
        switch (q->kind) {
        case Kind::TimestampDisjoint: {
            // The bracket ran on the GPU between Begin and now: compare the clocks over it.
            q->result.frequency = frequency_;
            q->result.disjoint =
                clocksDisjoint(q->begin, calibrate(), double(device_.caps().timestampPeriod), timestampMask_);
            break;
        }
        case Kind::TimestampFrequency:
            q->result.frequency = frequency_;
            break;
        default:
            break;
        }
        q->resolved = true;
    }
    if (result) *result = q->result;
    return S_OK;
}

// --- Channels --------------------------------------------------------------------------------

void QueryEngine::startSegment(Channel& channel, VkCommandBuffer cb) {
    channel.slot = channel.allocator->allocate();
    if (channel.stream >= 0)
        device_.functions().cmdBeginQueryIndexed(cb, channel.slot.chunk->pool(), channel.slot.index, 0,
                                                 uint32_t(channel.stream));
    else
        vkCmdBeginQuery(cb, channel.slot.chunk->pool(), channel.slot.index,
                        channel.kind == Kind::Occlusion ? channel.control : 0);
    channel.running = true;
}

void QueryEngine::endSegment(Channel& channel, VkCommandBuffer cb) {
    if (channel.stream >= 0)
        device_.functions().cmdEndQueryIndexed(cb, channel.slot.chunk->pool(), channel.slot.index,
                                               uint32_t(channel.stream));
    else
        vkCmdEndQuery(cb, channel.slot.chunk->pool(), channel.slot.index);
    Segment s;
    s.slot = channel.slot;
    s.allocator = channel.allocator.get();
    s.kind = channel.kind;
    s.owners = channel.active;
    s.noPixelShader = &channel == &statistics_ && noPixelShader_;
    recording_.push_back(std::move(s));
    channel.running = false;
}

void QueryEngine::addActive(Channel& channel, Owner owner) {
    if (channel.running) endSegment(channel, stream_.commands());
    channel.active.push_back(owner);
    if (stream_.isRendering()) startSegment(channel, stream_.commands());
}

void QueryEngine::removeActive(Channel& channel, QueryId id) {
    auto it = std::find_if(channel.active.begin(), channel.active.end(),
                           [&](const Owner& o) { return o.id == id; });
    if (it == channel.active.end()) return;
    if (channel.running) endSegment(channel, stream_.commands());
    channel.active.erase(it);
    if (!channel.active.empty() && stream_.isRendering()) startSegment(channel, stream_.commands());
}

bool QueryEngine::spansDraws() const {
    if (!occlusion_.active.empty() || !statistics_.active.empty()) return true;
    for (const Channel& channel : streamOutput_)
        if (!channel.active.empty()) return true;
    return false;
}

// --- Hooks -----------------------------------------------------------------------------------

void QueryEngine::pixelShaderBound(bool bound) {
    if (noPixelShader_ == !bound) return;
    // The statistics so far belong to the other kind of draw: a new segment from here.
    if (statistics_.running) {
        VkCommandBuffer cb = stream_.commands();
        endSegment(statistics_, cb);
        noPixelShader_ = !bound;
        startSegment(statistics_, cb);
        return;
    }
    noPixelShader_ = !bound;
}

void QueryEngine::renderingBegun(VkCommandBuffer cb) {
    for (Channel* c : {&occlusion_, &statistics_, &streamOutput_[0], &streamOutput_[1], &streamOutput_[2],
                       &streamOutput_[3]})
        if (c->allocator && !c->active.empty() && !c->running) startSegment(*c, cb);
    if (predication_.gpu && !predication_.running) {
        VkConditionalRenderingBeginInfoEXT info{VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT};
        info.buffer = predicates_.handle();
        info.offset = VkDeviceSize(predication_.slot) * 4;
        info.flags = predication_.inverted ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0;
        beginConditional_(cb, &info);
        predication_.running = true;
        predicateSlotsRecording_.push_back(predication_.slot);
    }
}

void QueryEngine::renderingEnding(VkCommandBuffer cb) {
    if (predication_.running) {
        endConditional_(cb);
        predication_.running = false;
    }
    for (Channel* c : {&occlusion_, &statistics_, &streamOutput_[0], &streamOutput_[1], &streamOutput_[2],
                       &streamOutput_[3]})
        if (c->running) endSegment(*c, cb);
}

void QueryEngine::commandsBegun(VkCommandBuffer cb) {
    if (idle_) idle_->commandsBegun(cb);
}

void QueryEngine::submitting(VkCommandBuffer cb) {
    // The counters' last timestamp first, so that it is copied out with the rest.
    if (idle_) idle_->submitting(cb);
    // One copy per run of consecutive slots of one chunk (segments are allocated in order).
    copyResults(cb, recording_, [](const Segment& s) { return s.slot; });
}

void QueryEngine::submitted(uint64_t value) {
    for (uint32_t slot : predicateSlotsRecording_)
        predicateValues_[slot] = value;
    predicateSlotsRecording_.clear();
    for (Segment& s : recording_) {
        s.value = value;
        pending_.push_back(std::move(s));
    }
    recording_.clear();
    for (const Owner& o : endsRecorded_)
        if (owns(o)) queries_[o.id - 1].endValue = value;
    endsRecorded_.clear();
    if (idle_) idle_->submitted(value);
    // Keep the pending list short even when nobody asks for results.
    resolveCompleted();
}

void QueryEngine::resolveCompleted() {
    if (idle_ && idle_->busy()) idle_->resolveCompleted(device_.queue().completedValue());
    if (pending_.empty()) return;
    const uint64_t completed = device_.queue().completedValue();
    while (!pending_.empty() && pending_.front().value <= completed) {
        resolve(pending_.front());
        pending_.pop_front();
    }
}

void QueryEngine::resolve(const Segment& s) {
    bool wanted = false;
    for (const Owner& o : s.owners)
        wanted = wanted || owns(o);
    if (wanted) {
        std::span<const uint64_t> data = s.slot.chunk->results(s.slot.index);
        for (const Owner& o : s.owners) {
            if (!owns(o)) continue;
            QueryResult& r = queries_[o.id - 1].result;
            switch (s.kind) {
            case Kind::Occlusion:
                r.count += data[0]; // wraps on overflow, as the spec asks
                break;
            case Kind::Timestamp:
                r.count = data[0] & timestampMask_;
                break;
            case Kind::PipelineStats:
                for (uint32_t i = 0; i < statisticCount_; ++i)
                    if (!(s.noPixelShader && statisticFields_[i] == kPsInvocationsField))
                        r.statistics[statisticFields_[i]] += data[i];
                break;
            case Kind::StreamOutputStats0:
            case Kind::StreamOutputStats1:
            case Kind::StreamOutputStats2:
            case Kind::StreamOutputStats3: {
                const int stream = streamOf(s.kind);
                r.primitivesWritten[stream] += data[0];
                r.primitivesNeeded[stream] += data[1];
                break;
            }
            default:
                break;
            }
        }
    }
    s.allocator->release(s.slot);
}

// --- Timestamps ------------------------------------------------------------------------------

Calibration QueryEngine::calibrate() const {
    Calibration c;
    if (!calibratedDisjoint()) return c;
    VkCalibratedTimestampInfoEXT infos[2] = {{VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_EXT},
                                             {VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_EXT}};
    infos[0].timeDomain = VK_TIME_DOMAIN_DEVICE_EXT;
    infos[1].timeDomain = hostDomain_;
    uint64_t stamps[2] = {};
    VkResult r =
        device_.functions().getCalibratedTimestamps(device_.handle(), 2, infos, stamps, &c.deviation);
    if (r == VK_ERROR_DEVICE_LOST) c.lost = true;
    if (r != VK_SUCCESS) return c;
    c.device = stamps[0];
    c.host = stamps[1];
    c.valid = true;
    return c;
}

bool clocksDisjoint(const Calibration& a, const Calibration& b, double periodNs, uint64_t timestampMask) {
    if (a.lost || b.lost) return true;
    if (!a.valid || !b.valid) return false; // no calibrated clocks: only device loss is seen
    const uint64_t ticks = (b.device - a.device) & timestampMask;
    const double deviceNs = double(ticks) * periodNs;
    const double hostNs = double(int64_t(b.host - a.host));
    const double allowed =
        double(a.deviation + b.deviation) + std::abs(hostNs) * double(kDriftPpm) * 1e-6 + 2.0 * periodNs;
    return std::abs(deviceNs - hostNs) > allowed;
}

// --- Predication -----------------------------------------------------------------------------

void QueryEngine::clearPredication() {
    if (predication_.running) stream_.endRendering(); // the hook ends conditional rendering
    predication_ = {};
}

bool QueryEngine::transfersSkipped() {
    if (predication_.skipAll || !predication_.gpu) return predication_.skipAll;
    Query* q = find(predication_.id);
    if (!q) return false;
    if (!q->resolved) {
        DDIVK_WARN_ONCE("predicated copy or blit: waiting for the predicate (Vulkan cannot predicate transfers)");
        if (q->endValue == 0) stream_.flush();
        device_.queue().wait(q->endValue);
        resolveCompleted();
    }
    // Only occlusion predicates run on the GPU; `inverted` is the predicate value.
    return (q->result.count != 0) == predication_.inverted;
}

// A free slot of the predicate ring: not read by recorded or unfinished work.
uint32_t QueryEngine::predicateSlot() {
    const uint32_t slot = nextPredicateSlot_++ % kPredicateSlots;
    if (std::find(predicateSlotsRecording_.begin(), predicateSlotsRecording_.end(), slot) !=
        predicateSlotsRecording_.end())
        stream_.flush();
    if (!device_.queue().isComplete(predicateValues_[slot])) {
        DDIVK_WARN_ONCE("SetPredication: %u predicates in flight; waiting for the oldest", kPredicateSlots);
        device_.queue().wait(predicateValues_[slot]);
    }
    return slot;
}

HRESULT QueryEngine::setPredication(QueryId id, bool value, bool hint) {
    Query* q = find(id);
    // The occlusion predicate, or a stream-overflow predicate (answered on the CPU).
    const bool overflow = q && isStreamOverflow(q->kind);
    if (id != 0 && (!q || (q->kind != Kind::OcclusionPredicate && !overflow) || q->state != QueryState::Issued))
        return D3DERR_INVALIDCALL; // predication stays as it was
    clearPredication();
    if (id == 0) return S_OK;
    predication_.id = id;
    // Skip rendering when the predicate's answer equals `value`.
    auto decide = [&](bool answer) {
        predication_.skipAll = answer == value;
        return S_OK;
    };
    auto answer = [&] { return overflow ? q->result.overflowed(streamOf(q->kind)) : q->result.count != 0; };
    auto known = [&] {
        if (q->resolved) return true;
        if (q->endValue == 0 || !device_.queue().isComplete(q->endValue)) return false;
        resolveCompleted();
        return true;
    };
    // The predicate's Vulkan queries; all still unresolved while its submission runs.
    auto segments = [&](QuerySlot* only) {
        size_t n = 0;
        auto mine = [&](const Segment& s) {
            for (const Owner& o : s.owners)
                if (o.id == id && o.generation == q->generation) return true;
            return false;
        };
        auto count = [&](const Segment& s) {
            if (!mine(s)) return;
            ++n;
            *only = s.slot;
        };
        std::for_each(recording_.begin(), recording_.end(), count);
        std::for_each(pending_.begin(), pending_.end(), count);
        return n;
    };

    if (known()) return decide(answer());
    QuerySlot only;
    size_t n = segments(&only);
    if (n == 0) return decide(false); // nothing was drawn in the bracket
    if (n == 1 && !overflow && beginConditional_) {
        // Copies are recorded outside a pass; the slot first, as freeing one may flush and
        // complete the predicate itself.
        stream_.endRendering();
        const uint32_t slot = predicateSlot();
        if (known()) return decide(answer());
        VkCommandBuffer cb = stream_.commands();
        vkCmdCopyQueryPoolResults(cb, only.chunk->pool(), only.index, 1, predicates_.handle(),
                                  VkDeviceSize(slot) * 4, 4, VK_QUERY_RESULT_WAIT_BIT);
        VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_CONDITIONAL_RENDERING_READ_BIT_EXT;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_CONDITIONAL_RENDERING_BIT_EXT, 0, 1, &barrier, 0, nullptr, 0,
                             nullptr);
        predicateSlotsRecording_.push_back(slot);
        predication_.gpu = true;
        predication_.slot = slot;
        predication_.inverted = value; // skip when visible: draw when the count is 0
        return S_OK;
    }
    if (hint) {
        // A hint may render anyway: no predication rather than a stall.
        DDIVK_INFO("SetPredication: hint predicate not known yet; rendering unpredicated");
        predication_ = {};
        return S_OK;
    }
    if (overflow)
        DDIVK_WARN_ONCE("SetPredication: stream-overflow predicates are answered on the CPU; waiting for the result");
    else
        DDIVK_WARN_ONCE("SetPredication: the predicate spans several passes; waiting for its result");
    if (q->endValue == 0) stream_.flush();
    device_.queue().wait(q->endValue);
    resolveCompleted();
    return decide(answer());
}

} // namespace ddivk::query
