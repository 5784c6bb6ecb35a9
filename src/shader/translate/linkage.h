// The locations that link vertex outputs to pixel inputs: one per semantic (usage, index), the
// same for every shader in the process (abi.h). Common semantics have fixed locations; the
// others get the next free location on first use.
#pragma once

#include <cstdint>
#include <optional>

namespace ddivk::shader {

// The location of semantic (usage, index), or abi::kLocCount when every location is taken.
// Thread-safe.
uint32_t semanticLocation(uint8_t usage, uint8_t index);

// The semantic (usage, index) at `location`, if one has it (the fixed ones always, the others
// once handed out). Thread-safe.
struct Semantic {
    uint8_t usage = 0;
    uint8_t index = 0;
};
std::optional<Semantic> semanticAt(uint32_t location);

// D3DDECLUSAGE values the translator treats specially.
enum DeclUsage : uint8_t {
    kUsagePosition = 0,
    kUsageBlendWeight = 1,
    kUsageBlendIndices = 2,
    kUsageNormal = 3,
    kUsagePSize = 4,
    kUsageTexCoord = 5,
    kUsageTangent = 6,
    kUsageBinormal = 7,
    kUsageTessFactor = 8,
    kUsagePositionT = 9,
    kUsageColor = 10,
    kUsageFog = 11,
    kUsageDepth = 12,
    kUsageSample = 13,
};

} // namespace ddivk::shader
