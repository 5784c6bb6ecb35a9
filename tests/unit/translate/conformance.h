// Runs translated D3D9 shaders on the device for the conformance tests: a vertex shader over
// one point per input row, or a pixel shader over one pixel per input row, each reading back a
// vec4 per row. The other stage is a translated pass-through shader, generated to match the
// tested shader's interface exactly (the validation layer warns about unmatched varyings).
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "shader/translate/translator.h"
#include "support/shader_runner.h"

namespace ddivk::shader::test {

using ddivk::test::Float4;
using ddivk::test::ShaderRun;

// Vertex shader test: `vsText` must read its position from v0 and write the clip position to
// oPos (or a dcl_position output); its result goes to TEXCOORD0 (oT0, or an output declared
// dcl_texcoord0). Row i supplies v1, v2, ... (inputs[i][k] is v(k+1)); v0 is the position of
// pixel i. Returns TEXCOORD0 of each row. `setup` may set constants and textures.
std::vector<Float4> runVertexShader(const std::string& vsText, const std::vector<std::vector<Float4>>& inputs,
                                    const std::function<void(ShaderRun&)>& setup = {},
                                    const TranslationKey& key = {});

// Pixel shader inputs per row: TEXCOORDn and COLORn values (v0/v1 before ps_3_0 are the colours).
struct PixelInputs {
    std::vector<std::vector<Float4>> texcoords; // [n][row]
    std::vector<std::vector<Float4>> colors;    // [n][row]
    std::vector<float> fog;                     // [row], the FOG varying (x)
};

// Pixel shader test: one point per row at pixel (row, 0); returns oC0 (r0 for ps_1_x) per row.
std::vector<Float4> runPixelShader(const std::string& psText, const PixelInputs& inputs, size_t rows,
                                   const std::function<void(ShaderRun&)>& setup = {},
                                   const TranslationKey& key = {});

// Pixel shader over a whole `width` x `height` target: a quad whose TEXCOORD0 is (x, y, 0, 1)
// at pixel (x, y) (interpolated, so derivatives are known). Returns oC0 per pixel, row-major.
std::vector<Float4> runPixelShaderOverQuad(const std::string& psText, uint32_t width, uint32_t height,
                                           const std::function<void(ShaderRun&)>& setup = {},
                                           const TranslationKey& key = {});

// The translation of `text` (assembled, decoded, translated); fails the test on an error.
Translation translateText(const std::string& text, const TranslationKey& key = {});

// |actual - expected| <= tolerance * max(1, |expected|) per component, with matching
// infinities and NaNs; a message naming the row when not.
::testing::AssertionResult near(const Float4& actual, const Float4& expected, float tolerance, size_t row = 0);

} // namespace ddivk::shader::test
