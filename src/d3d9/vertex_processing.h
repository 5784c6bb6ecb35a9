// The CPU side of IDirect3DDevice9::ProcessVertices: vertex layouts of FVF codes and
// declarations, and the fixed-function transform of a position into screen space with its
// clip code. Plain data in, plain data out: the device (device9_process_vertices.cpp) finds
// the buffers and states and applies the D3D9 rules.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "d3d9/win32.h"

namespace ddivk::d3d9 {

// Where one value of a vertex lives: D3DDECLTYPE, D3DDECLUSAGE and usage index as a
// declaration names them.
struct VertexField {
    uint32_t stream = 0;
    uint32_t offset = 0;
    uint8_t type = 0;
    uint8_t usage = 0;
    uint8_t usageIndex = 0;
};

// The fields of an FVF code on stream 0 in D3D9's FVF order (position, blend weights and
// indices, normal, point size, diffuse, specular, texture coordinate sets); empty for a
// malformed FVF.
std::vector<VertexField> fvfFields(uint32_t fvf);
// The fields of a declaration's elements up to D3DDECL_END.
std::vector<VertexField> declarationFields(const D3DVERTEXELEMENT9* elements, unsigned count);
// The field of `usage` / `index`, if the layout has one.
std::optional<VertexField> findField(const std::vector<VertexField>& fields, uint8_t usage, uint8_t index);
// Bytes of a D3DDECLTYPE; 0 for one ProcessVertices does not read (it reads FLOAT1..4,
// D3DCOLOR and UBYTE4).
uint32_t readableFieldSize(uint8_t type);

// World * view * projection (row vectors, D3D9's convention) and the viewport.
struct ScreenTransform {
    float m[4][4];
    float x, y, width, height, minZ, maxZ;
};
// A position through the transform: clip coordinates and their D3DCS_* code (the view
// volume's six planes: -w <= x, y <= w, 0 <= z <= w).
struct ProjectedVertex {
    float clip[4];
    uint32_t clipCode;
};
ProjectedVertex project(const ScreenTransform& t, const float position[3]);
// The same for clip coordinates a vertex shader wrote (oPos).
ProjectedVertex fromClip(const float clip[4]);
// Screen x, y, z and 1/w of a projected vertex (the viewport's mapping, D3D9's pixel
// convention: x = X + (1 + x/w) * Width/2, y = Y + (1 - y/w) * Height/2).
void toScreen(const ScreenTransform& t, const ProjectedVertex& v, float out[4]);
// The position ProcessVertices writes: screen coordinates, or with clipping on the clip
// coordinates of a vertex outside the view volume (as D3D9 documents).
void processedPosition(const ScreenTransform& t, const ProjectedVertex& v, bool clipping, float out[4]);

// Float RGBA to D3DCOLOR (A8R8G8B8), each channel clamped to [0, 1] and rounded to the nearest
// step as a UNORM8 attachment stores it.
DWORD packColour(const float rgba[4]);

// Writes four floats (the first `components` of them for FLOAT1..3) as a D3DDECLTYPE element, the
// inverse of how a draw reads that type (draw/vertex_decl.cpp's Vulkan formats): floats as they
// are; D3DCOLOR by packColour; UBYTE4, SHORT2/4 and UDEC3 rounded to the nearest integer and
// clamped to the type's range; the normalized types from [0, 1] or [-1, 1] (x 255, 65535, 32767,
// 511); UDEC3 / DEC3N with x in bits 0-9, y 10-19, z 20-29 and the top bits 0; FLOAT16 rounded
// to the nearest even half. Returns the bytes written, 0 for a type it does not write.
uint32_t packField(uint8_t type, const float v[4], uint8_t* out);

} // namespace ddivk::d3d9
