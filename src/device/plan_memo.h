// The previous draw's stream plan, kept with everything it was made from: consecutive draws
// usually feed the same program from the same streams, and the plan is then the same.
#pragma once

#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

#include "draw/stream_plan.h"

namespace ddivk::device {

class PlanMemo {
  public:
    // The plan of `request` under `caps` (nullopt, with *why, when the draw cannot be fed).
    const std::optional<draw::VertexInputPlan>& get(const draw::VertexInputRequest& request,
                                                    const draw::VertexInputCaps& caps, const char** why) {
        if (!valid_ || !same(request, caps)) {
            ++generation_;
            plan_ = draw::planVertexInput(request, caps, &why_);
            elements_.assign(request.elements.begin(), request.elements.end());
            inputs_.assign(request.inputs.begin(), request.inputs.end());
            vertexShaderMajor_ = request.vertexShaderMajor;
            programCanFetch_ = request.programCanFetch;
            indexed_ = request.indexed;
            startVertex_ = request.startVertex;
            streams_ = request.streams;
            caps_ = caps;
            valid_ = true;
        }
        if (why) *why = why_;
        return plan_;
    }

    // Counts the plans made: the plan get() returns is the same while this stays.
    uint64_t generation() const { return generation_; }

  private:
    bool same(const draw::VertexInputRequest& r, const draw::VertexInputCaps& c) const {
        auto equalBytes = [](const auto& a, const auto& b) {
            return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(a[0])) == 0;
        };
        // StartVertex shapes only plans with a divided stream (its first element): draws that
        // differ only in it share every other plan.
        const bool startMatters = plan_ && plan_->dividerModeUsed;
        return r.vertexShaderMajor == vertexShaderMajor_ && r.programCanFetch == programCanFetch_ &&
               r.indexed == indexed_ && (!startMatters || r.startVertex == startVertex_) &&
               c.instanceDivisor == caps_.instanceDivisor && c.maxDivisor == caps_.maxDivisor &&
               c.forceFetchFallback == caps_.forceFetchFallback && c.dividerMode == caps_.dividerMode &&
               equalBytes(r.elements, elements_) && equalBytes(r.inputs, inputs_) &&
               std::equal(r.streams.begin(), r.streams.end(), streams_.begin(), [](const auto& a, const auto& b) {
                   return a.stride == b.stride && a.offset == b.offset && a.frequency == b.frequency;
               });
    }

    bool valid_ = false;
    uint64_t generation_ = 0;
    std::optional<draw::VertexInputPlan> plan_;
    const char* why_ = "";
    std::vector<D3DVERTEXELEMENT9> elements_;
    std::vector<draw::ProgramInput> inputs_;
    uint32_t vertexShaderMajor_ = 0;
    bool programCanFetch_ = false;
    bool indexed_ = false;
    uint32_t startVertex_ = 0;
    std::array<draw::StreamState, draw::kStreamCount> streams_{};
    draw::VertexInputCaps caps_{};
};

} // namespace ddivk::device
