// Translates a decoded D3D9 shader (shader::Program) into a SPIR-V module that follows the shader
// ABI (shader/abi.h). docs/shader-translation.md describes the mapping, docs/shader-semantics.md
// the D3D9 arithmetic rules it keeps.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "shader/abi.h"
#include "shader/program.h"

namespace ddivk::shader {

// Fog the translated pixel shader applies after the program (pixel shaders before ps_3_0 get
// the fixed-function fog of D3DRS_FOGENABLE / FOGTABLEMODE).
enum class PixelFog : uint8_t { None, Vertex, Linear, Exp, Exp2 };

// Everything besides the bytecode that changes the translated code; part of the cache key, so
// only what really changes code belongs here.
struct TranslationKey {
    // Samplers of ps_1_x name no texture type: the bound texture decides. Two bits per sampler
    // n at bit 2n: 0 2D, 1 cube, 2 volume.
    uint32_t samplerDims = 0;
    uint16_t shadowSamplers = 0;    // bit n: sampler n holds a depth format, lookups compare
    // Bit n: 2D sampler n's lookups are AMD's FETCH4 (draw/fetch4.h): the 2x2 texels whose
    // top-left is the point-sampled texel, red of each, in (R, G, B, A) = (x+1 y, x y+1, x+1 y+1,
    // x y) order.
    uint16_t fetch4Samplers = 0;
    // Vertex shaders of a device with software vertex processing's register files: the
    // decoder takes c0..c8191, i0..i2047, b0..b2047, and the constants are read from the
    // abi::kVsSw*Binding storage buffers instead of the VsConstants block.
    bool softwareVertexRegisters = false;
    // Pixel shaders: bit n, oCn is not written (its location stays undeclared): the pass has a
    // gap there, no attachment before a later one (a NULL render target, or none bound), and
    // an output without one reads as a mismatch to Vulkan. The draw sets it only then.
    uint8_t droppedColorOutputs = 0;
    // ps_1_1..1_3 lookups at TEXCOORDn (tex, texbem...): two bits per stage n at bit 2n: 0 not
    // projected, else the component that divides the others (1 y, 2 z, 3 w): D3DTTFF_PROJECTED
    // with D3DTTFF_COUNT2..4 divides by the last coordinate the count names.
    uint16_t projectedDivisors = 0;
    uint8_t alphaFunc = 8;          // D3DCMP_* of the alpha test, 8 (ALWAYS): no test
    PixelFog fog = PixelFog::None;
    bool legacyZeroMul = true; // multiplies give 0 when a factor is 0 (docs/shader-semantics.md)
    // Pixel shaders: the inputs at COLOR0 and COLOR1's locations are Flat, they keep the
    // provoking (first) vertex's value (D3DRS_SHADEMODE D3DSHADE_FLAT, as the fixed-function
    // pixel stage does).
    bool flatColors = false;
    // Vertex shaders: the varying locations the pixel stage reads (bit = location), so that
    // the pair links exactly: outputs outside the mask are dropped, locations in the mask the
    // program does not write get zero. kAllOutputs: every output the program has, as it has them.
    static constexpr uint32_t kAllOutputs = ~0u;
    uint32_t vsOutputLocations = kAllOutputs;
    // Pixel shaders: the varying locations the vertex stage writes (bit = location), so that the
    // pair links exactly: an input at every location in the mask, read or not; inputs the program
    // reads outside the mask are (0, 0, 0, 0) and not part of the interface (D3D9 leaves them
    // undefined). kAllInputs: every input the program declares, as it declares them.
    // kFixedFunctionVaryings: after the fixed-function vertex pipeline (shaders/ff_vertex.vert),
    // which writes TEXCOORD0..7, COLOR0..1 and FOG.
    static constexpr uint32_t kAllInputs = ~0u;
    static constexpr uint32_t kFixedFunctionVaryings = (1u << (abi::kLocFog + 1)) - 1;
    uint32_t psInputLocations = kAllInputs;
    // Vertex shaders: inputs whose w the attribute format gets wrong and D3D9 reads as 1 (bit
    // per input register: UDEC3, DEC3N).
    uint16_t inputWIsOne = 0;
    // Vertex shaders: write gl_ClipDistance[abi::kClipPlanes] for the user clip planes of
    // VsSystem (D3DRS_CLIPPLANEENABLE). The draw sets it while any plane is enabled (and the
    // device has shaderClipDistance); the planes and their enable mask are uniforms, so
    // changing which planes are enabled never translates again.
    bool clipDistances = false;
    // Pixel shaders: point sprites (D3DRS_POINTSPRITEENABLE on a point list): every texture
    // coordinate input (t# before ps_3_0, TEXCOORD-usage inputs of ps_3_0) reads the point's
    // coordinate, (gl_PointCoord.xy, 0, 1), instead of the interpolated value.
    bool pointSprite = false;
    // Vertex shaders: write gl_PointSize (oPts, else D3DRS_POINTSIZE, clamped to the min and
    // max states). Only points read it, and a CPU driver computes it for every vertex: the
    // draw clears it unless it rasterises points (a point list or D3DFILL_POINT).
    bool pointSize = true;
    uint8_t zero_[3] = {}; // keeps the key free of padding (compared as bytes)
    // Vertex shaders: inputs fetched by the shader instead of vertex attributes (abi.h,
    // VsFetch): per input register the D3DDECLTYPE (kNotFetched: an attribute), the stream byte
    // (fetchStream()) and the element's byte offset. The stream byte holds what changes the
    // code: the stream number, its abi::FetchMode (the shader computes only that mode's index),
    // kFetchDividerOne (a per-instance stream of divider 1: no division at all) and
    // kFetchWordAligned (every element starts on a 4-byte boundary: one word load per word, none
    // of the unaligned path's joins). Dividers and offsets stay in VsFetch: changing them needs
    // no new translation.
    struct FetchElement {
        uint8_t type = kNotFetched;
        uint8_t stream = 0;
        uint16_t offset = 0;
        auto operator<=>(const FetchElement&) const = default;
    };
    static constexpr uint8_t kNotFetched = 0xFF;
    static constexpr uint8_t kFetchStreamMask = 0x0F;
    static constexpr uint8_t kFetchModeShift = 4; // bits 4..5: abi::FetchMode
    static constexpr uint8_t kFetchModeMask = 0x30;
    static constexpr uint8_t kFetchDividerOne = 0x40;
    static constexpr uint8_t kFetchWordAligned = 0x80;
    static constexpr uint8_t fetchStream(uint32_t stream, abi::FetchMode mode = abi::kFetchPerVertex,
                                         bool dividerOne = false, bool wordAligned = false) {
        return uint8_t((stream & kFetchStreamMask) | uint32_t(mode) << kFetchModeShift |
                       (dividerOne ? kFetchDividerOne : 0) | (wordAligned ? kFetchWordAligned : 0));
    }
    std::array<FetchElement, 16> fetch{};
    // Outputs captured by stream output (transform feedback into buffers), one packed entry
    // each; 0 ends the list. Each entry copies a run of components of one output to an output
    // decorated for buffer `buffer` at a byte offset; strides are per buffer, in bytes. The
    // D3D10 door's SO declaration names vs_3_0 output registers (streamOutputEntry);
    // ProcessVertices names semantics, of any vertex shader version (streamOutputSemanticEntry).
    static constexpr uint32_t kStreamOutputEntries = 16;
    std::array<uint32_t, kStreamOutputEntries> streamOutput{};
    std::array<uint16_t, 4> streamOutputStrides{};

    auto operator<=>(const TranslationKey&) const = default;
};

// Keys compare as bytes on the per-draw path (the member-wise comparison walks 40 fields): every
// field is an integer, a bool or a byte enum, laid out without padding.
static_assert(std::has_unique_object_representations_v<TranslationKey>, "TranslationKey must stay padding-free");
inline bool sameKey(const TranslationKey& a, const TranslationKey& b) {
    return std::memcmp(&a, &b, sizeof(TranslationKey)) == 0;
}

// One TranslationKey::streamOutput entry: components [first, first + count) of output register
// oN (N < 12) to buffer `buffer` (< 4) at `offset` bytes (a multiple of 4, below 4096).
constexpr uint32_t streamOutputEntry(uint32_t reg, uint32_t first, uint32_t count, uint32_t buffer, uint32_t offset) {
    return 1u << 31 | reg | first << 4 | (count - 1) << 6 | buffer << 8 | (offset / 4) << 10;
}
// The same for the output of semantic D3DDECLUSAGE `usage` (< 16) / `usageIndex` (< 16), as the
// vertex stage links it: vs_1_x/2_x's oPos, oFog, oPts, oD#, oT# are POSITION0, FOG0, PSIZE0,
// COLOR#, TEXCOORD#; vs_3_0's registers carry their dcl. An output the program never writes
// captures zero.
constexpr uint32_t kStreamOutputBySemantic = 1u << 30;
constexpr uint32_t streamOutputSemanticEntry(uint32_t usage, uint32_t usageIndex, uint32_t first,
                                             uint32_t count, uint32_t buffer, uint32_t offset) {
    return streamOutputEntry(usageIndex, first, count, buffer, offset) | kStreamOutputBySemantic |
           usage << 20;
}
struct StreamOutputField {
    uint32_t reg, first, count, buffer, offset; // reg: the usage index of a semantic entry
    bool bySemantic;
    uint32_t usage;
};
constexpr StreamOutputField streamOutputField(uint32_t entry) {
    return {entry & 0xF,
            entry >> 4 & 3,
            (entry >> 6 & 3) + 1,
            entry >> 8 & 3,
            (entry >> 10 & 0x3FF) * 4,
            (entry & kStreamOutputBySemantic) != 0,
            entry >> 20 & 0xF};
}

// Every field of the key packed into words, for hashing (keep in step with the struct; the
// size check below fails when a field is added, unless it fills padding as flatColors does).
inline std::array<uint32_t, 42> keyWords(const TranslationKey& k) {
    static_assert(sizeof(TranslationKey) == 168, "a TranslationKey field is missing from keyWords()");
    std::array<uint32_t, 42> w{k.samplerDims,
                               uint32_t(k.shadowSamplers) | uint32_t(k.projectedDivisors) << 16,
                               uint32_t(k.alphaFunc) | uint32_t(k.fog) << 8 |
                                   uint32_t(k.legacyZeroMul) << 16 | uint32_t(k.flatColors) << 24,
                               k.vsOutputLocations,
                               k.psInputLocations,
                               uint32_t(k.inputWIsOne) | uint32_t(k.clipDistances) << 16 |
                                   uint32_t(k.pointSprite) << 24};
    for (size_t i = 0; i < k.fetch.size(); ++i)
        w[6 + i] =
            uint32_t(k.fetch[i].type) | uint32_t(k.fetch[i].stream) << 8 | uint32_t(k.fetch[i].offset) << 16;
    for (size_t i = 0; i < k.streamOutput.size(); ++i) w[22 + i] = k.streamOutput[i];
    w[38] = uint32_t(k.streamOutputStrides[0]) | uint32_t(k.streamOutputStrides[1]) << 16;
    w[39] = uint32_t(k.streamOutputStrides[2]) | uint32_t(k.streamOutputStrides[3]) << 16;
    w[40] = uint32_t(k.fetch4Samplers) | uint32_t(k.droppedColorOutputs) << 16;
    w[41] = uint32_t(k.pointSize);
    return w;
}

// Where one D3D9 register meets the outside: vertex inputs (location = register number),
// vertex outputs and pixel inputs (location from the semantic, abi.h).
struct InterfaceSlot {
    RegType type = RegType::Input;
    uint16_t number = 0;
    uint8_t usage = 0; // D3DDECLUSAGE
    uint8_t usageIndex = 0;
    uint32_t location = 0; // kBuiltInLocation for position, point size, vPos, vFace, depth
    bool operator==(const InterfaceSlot&) const = default;
};
constexpr uint32_t kBuiltInLocation = ~0u;
// InterfaceSlot::number of a pixel input only the key declares (TranslationKey::psInputLocations
// names a location the program has no input for); usage and index name the location's semantic.
constexpr uint16_t kKeyedInputNumber = 0xFFFF;

struct Translation {
    std::vector<uint32_t> spirv;
    ShaderType type = ShaderType::Vertex;
    std::vector<InterfaceSlot> inputs;
    std::vector<InterfaceSlot> outputs;
    uint32_t samplerMask = 0;                  // bit n: sampler n is sampled
    std::array<TextureType, 16> samplerTypes{}; // of the samplers in samplerMask
    // Bit n: sampler n's lookups compare (TranslationKey::shadowSamplers, a 2D pixel sampler):
    // its sampler needs compareEnable and its view a depth format.
    uint16_t shadowSamplers = 0;
    bool writesDepth = false;
    // Pixel shaders: bit n, the module writes oCn (location n): oC0 and the oCn the program
    // writes, less TranslationKey::droppedColorOutputs. A render target whose register is not
    // written keeps its pixels (the draw masks it).
    uint8_t colorOutputs = 0;
    bool discards = false;
    // The constant registers the program reads from its block (not its def values): c0 up to
    // floatConstantsRead - 1 (every register with relative addressing), and whether it reads
    // i# or b#. The draw uploads only those.
    uint32_t floatConstantsRead = 0;
    bool readsIntOrBoolConstants = false;
    // Under softwareVertexRegisters: one past the highest integer and BOOL register read (the
    // floats: floatConstantsRead).
    uint32_t intConstantsRead = 0;
    uint32_t boolConstantsRead = 0;
    bool softwareRegisters = false; // translated under TranslationKey::softwareVertexRegisters
    // Vertex shaders: outputs only stream output reads (TranslationKey::streamOutput).
    bool captureOnlyOutputs = false;
};

// The module, or why the program cannot be translated (Error::offset: the instruction's token
// offset). Never returns a module that fails spirv-val.
Result<Translation> translate(const Program& program, const TranslationKey& key = {});

} // namespace ddivk::shader
