// Vertex declarations: what each D3DDECLTYPE is in memory and as a Vulkan vertex format, FVF
// codes converted to declarations (the SDK's "Mapping FVF Codes to a DirectX 9 Declaration"),
// and the validation CreateVertexDeclaration applies.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ddivk/d3d9_decl.h"
#include "ddivk/dp2_payloads.h"

namespace ddivk::draw {

struct DeclTypeInfo {
    const char* name;
    uint8_t size;       // bytes in the vertex
    uint8_t components; // read from memory; the rest default to 0, 0, 1 (x, y, z), 1 (w)
    VkFormat format;    // the Vulkan vertex format reading the same values
    // The format's fourth component is not D3D9's (UDEC3, DEC3N: D3D9 reads w as 1, Vulkan's
    // 2-bit alpha would give 0..3): the shader must replace w with 1.
    bool wIsOne;
};

// nullptr for a type that is not a D3DDECLTYPE (D3DDECLTYPE_UNUSED included).
const DeclTypeInfo* declTypeInfo(uint8_t type);
// The byte alignment a Vulkan attribute of this D3DDECLTYPE needs (its component size; the
// whole size for a packed format), 0 for a type that is not one.
uint32_t attributeAlignment(uint8_t type);

// The declaration of an FVF code (without the end marker), or nullopt for an invalid code.
std::optional<std::vector<D3DVERTEXELEMENT9>> declarationFromFvf(uint32_t fvf);

// The elements of a declaration up to its end marker, checked the way the runtime's
// CreateVertexDeclaration does; the error names the element and the rule.
struct DeclError {
    size_t element;
    std::string why;
};
std::optional<DeclError> validateDeclaration(std::span<const D3DVERTEXELEMENT9> elements);

} // namespace ddivk::draw
