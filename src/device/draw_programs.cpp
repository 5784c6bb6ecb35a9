#include "device/draw_programs.h"

#include "ddivk/d3d9_decl.h"
#include "draw/vertex_decl.h"
#include "shader/abi.h"

namespace ddivk::device {

namespace abi = shader::abi;

std::array<draw::ProgramInput, 15> fixedFunctionInputs(bool tweening) {
    std::array<draw::ProgramInput, 15> in{{
        {abi::kFfInPosition, D3DDECLUSAGE_POSITION, 0},
        {abi::kFfInBlendWeight, D3DDECLUSAGE_BLENDWEIGHT, 0},
        {abi::kFfInBlendIndices, D3DDECLUSAGE_BLENDINDICES, 0},
        {abi::kFfInNormal, D3DDECLUSAGE_NORMAL, 0},
        {abi::kFfInPointSize, D3DDECLUSAGE_PSIZE, 0},
        {abi::kFfInDiffuse, D3DDECLUSAGE_COLOR, 0},
        {abi::kFfInSpecular, D3DDECLUSAGE_COLOR, 1},
    }};
    for (uint8_t set = 0; set < 8; ++set) in[7 + set] = {uint8_t(abi::kFfInTexCoord0 + set), D3DDECLUSAGE_TEXCOORD, set};
    if (tweening) {
        in[1] = {abi::kFfInPosition1, D3DDECLUSAGE_POSITION, 1};
        in[2] = {abi::kFfInNormal1, D3DDECLUSAGE_NORMAL, 1};
    }
    return in;
}

shader::ff::FfVertexKey ffVertexKeyOf(std::span<const D3DVERTEXELEMENT9> elements, bool tweening) {
    shader::ff::FfVertexKey key;
    for (const draw::ProgramInput& input : fixedFunctionInputs(tweening))
        for (const D3DVERTEXELEMENT9& e : elements) {
            if (e.Usage != input.usage || e.UsageIndex != input.usageIndex) continue;
            const auto location = abi::FixedFunctionInput(input.location);
            if (location >= abi::kFfInTexCoord0) {
                const draw::DeclTypeInfo* info = draw::declTypeInfo(e.Type);
                key.addTexCoord(location - abi::kFfInTexCoord0, info ? std::max<uint32_t>(1, info->components) : 4);
            } else {
                key.add(location);
            }
            break;
        }
    return key;
}

bool hasTransformedPosition(std::span<const D3DVERTEXELEMENT9> elements) {
    for (const D3DVERTEXELEMENT9& e : elements)
        if (e.Usage == D3DDECLUSAGE_POSITIONT) return true;
    return false;
}

} // namespace ddivk::device
