#include "unit/translate/conformance.h"

#include "support/spirv_flat_inputs.h"
#include "unit/translate/translate_util.h"

#include <cmath>
#include <sstream>

#include "shader/tables.h"
#include "shader/translate/linkage.h"

namespace ddivk::shader::test {

using ddivk::test::pointCentre;
using ddivk::test::runShaders;
using ddivk::test::ShaderRunResult;
using ddivk::test::VertexAttribute;

Translation translateText(const std::string& text, const TranslationKey& key) {
    const Program program = programFrom(text);
    if (program.major == 0) return {}; // programFrom reported why
    auto t = translate(program, key);
    if (!t) {
        ADD_FAILURE() << "translation failed: " << t.error().message() << "\n" << text;
        return {};
    }
    return *t;
}

namespace {

std::string dclName(const InterfaceSlot& s) {
    const char* name = usageName(s.usage);
    std::string text = std::string("dcl_") + (name ? name : "texcoord");
    if (s.usageIndex) text += std::to_string(s.usageIndex);
    return text;
}

bool isVarying(const InterfaceSlot& s) {
    return s.location != kBuiltInLocation;
}

} // namespace

std::vector<Float4> runVertexShader(const std::string& vsText, const std::vector<std::vector<Float4>>& inputs,
                                    const std::function<void(ShaderRun&)>& setup, const TranslationKey& key) {
    const Translation vs = translateText(vsText, key);
    if (vs.spirv.empty()) return {};
    const uint32_t rows = uint32_t(inputs.size());

    // A ps_3_0 that consumes every varying the vertex shader writes and returns TEXCOORD0.
    std::ostringstream ps;
    ps << "ps_3_0\n";
    int result = -1, k = 0;
    for (const InterfaceSlot& s : vs.outputs) {
        if (!isVarying(s)) continue;
        ps << dclName(s) << " v" << k << "\n";
        if (s.usage == kUsageTexCoord && s.usageIndex == 0) result = k;
        ++k;
    }
    if (result < 0) {
        ADD_FAILURE() << "the vertex shader writes no TEXCOORD0";
        return {};
    }
    ps << "mov oC0, v" << result << "\n";
    const Translation pixel = translateText(ps.str());

    ShaderRun run;
    run.vertexSpirv = vs.spirv;
    run.fragmentSpirv = ddivk::test::withFlatInputs(pixel.spirv); // a point's values exactly
    run.width = rows;
    run.height = 1;
    run.vertexCount = rows;
    for (const InterfaceSlot& s : vs.inputs) {
        std::vector<Float4> values(rows, Float4{0, 0, 0, 0});
        for (uint32_t i = 0; i < rows; ++i) {
            if (s.number == 0)
                values[i] = pointCentre(i, 0, rows, 1);
            else if (s.number - 1u < inputs[i].size())
                values[i] = inputs[i][s.number - 1u];
            else
                ADD_FAILURE() << "row " << i << " has no value for v" << s.number;
        }
        run.attributes.push_back(VertexAttribute::floats(s.location, values));
    }
    if (setup) setup(run);
    const ShaderRunResult r = runShaders(run);
    std::vector<Float4> out(rows);
    for (uint32_t i = 0; i < rows; ++i) out[i] = r.pixel(i);
    return out;
}

namespace {

// A vs_3_0 that passes v(k+1) to the k-th varying `ps` reads, position from v0.
std::string passThroughVertexShader(const Translation& ps) {
    std::ostringstream vs;
    vs << "vs_3_0\ndcl_position v0\ndcl_position o0\n";
    int k = 1;
    for (const InterfaceSlot& s : ps.inputs) {
        if (!isVarying(s)) continue;
        vs << dclName(s) << " v" << k << "\n" << dclName(s) << " o" << k << "\n";
        ++k;
    }
    vs << "mov o0, v0\n";
    for (int n = 1; n < k; ++n) vs << "mov o" << n << ", v" << n << "\n";
    return vs.str();
}

} // namespace

std::vector<Float4> runPixelShader(const std::string& psText, const PixelInputs& inputs, size_t rowCount,
                                   const std::function<void(ShaderRun&)>& setup, const TranslationKey& key) {
    const Translation ps = translateText(psText, key);
    if (ps.spirv.empty()) return {};
    const uint32_t rows = uint32_t(rowCount);
    const Translation vs = translateText(passThroughVertexShader(ps));

    ShaderRun run;
    run.vertexSpirv = vs.spirv;
    run.fragmentSpirv = ddivk::test::withFlatInputs(ps.spirv); // a point's values exactly
    run.width = rows;
    run.height = 1;
    run.vertexCount = rows;
    std::vector<Float4> positions(rows);
    for (uint32_t i = 0; i < rows; ++i) positions[i] = pointCentre(i, 0, rows, 1);
    run.attributes.push_back(VertexAttribute::floats(0, positions));
    uint32_t k = 1;
    for (const InterfaceSlot& s : ps.inputs) {
        if (!isVarying(s)) continue;
        std::vector<Float4> values(rows, Float4{0, 0, 0, 0});
        const std::vector<std::vector<Float4>>* source = nullptr;
        if (s.usage == kUsageTexCoord) source = &inputs.texcoords;
        if (s.usage == kUsageColor) source = &inputs.colors;
        for (uint32_t i = 0; i < rows; ++i) {
            if (s.usage == kUsageFog) {
                if (i < inputs.fog.size()) values[i] = {inputs.fog[i], 0, 0, 0};
            } else if (source && s.usageIndex < source->size() && i < (*source)[s.usageIndex].size()) {
                values[i] = (*source)[s.usageIndex][i];
            }
        }
        run.attributes.push_back(VertexAttribute::floats(k++, values));
    }
    if (setup) setup(run);
    const ShaderRunResult r = runShaders(run);
    std::vector<Float4> out(rows);
    for (uint32_t i = 0; i < rows; ++i) out[i] = r.pixel(i);
    return out;
}

std::vector<Float4> runPixelShaderOverQuad(const std::string& psText, uint32_t width, uint32_t height,
                                           const std::function<void(ShaderRun&)>& setup, const TranslationKey& key) {
    const Translation ps = translateText(psText, key);
    if (ps.spirv.empty()) return {};
    const Translation vs = translateText(passThroughVertexShader(ps));
    ShaderRun run;
    run.vertexSpirv = vs.spirv;
    run.fragmentSpirv = ps.spirv;
    run.width = width;
    run.height = height;
    run.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
    run.vertexCount = 4;
    // A quad larger than the target; TEXCOORD0 = (x, y) at the centre of pixel (x, y), where
    // clip x = 2x/W - 1 and clip y = 1 - 2y/H.
    std::vector<Float4> positions, coords;
    for (const auto& [cx, cy] : {std::pair{-2.0f, 2.0f}, {2.0f, 2.0f}, {-2.0f, -2.0f}, {2.0f, -2.0f}}) {
        positions.push_back({cx, cy, 0.5f, 1.0f});
        coords.push_back({(cx + 1.0f) * float(width) / 2.0f, (1.0f - cy) * float(height) / 2.0f, 0.0f, 1.0f});
    }
    run.attributes.push_back(VertexAttribute::floats(0, positions));
    uint32_t varyings = 0;
    for (const InterfaceSlot& s : ps.inputs) varyings += isVarying(s) ? 1 : 0;
    for (uint32_t k = 1; k <= varyings; ++k) run.attributes.push_back(VertexAttribute::floats(k, coords));
    if (setup) setup(run);
    const ShaderRunResult r = runShaders(run);
    std::vector<Float4> out;
    for (uint32_t y = 0; y < height; ++y)
        for (uint32_t x = 0; x < width; ++x) out.push_back(r.pixel(x, y));
    return out;
}

::testing::AssertionResult near(const Float4& actual, const Float4& expected, float tolerance, size_t row) {
    for (int c = 0; c < 4; ++c) {
        const float a = actual[c], e = expected[c];
        bool ok;
        if (std::isnan(e))
            ok = std::isnan(a);
        else if (std::isinf(e))
            ok = a == e;
        else
            ok = std::fabs(a - e) <= tolerance * std::max(1.0f, std::fabs(e));
        if (!ok) {
            return ::testing::AssertionFailure()
                   << "row " << row << " component " << "xyzw"[c] << ": got (" << actual[0] << ", " << actual[1]
                   << ", " << actual[2] << ", " << actual[3] << "), expected (" << expected[0] << ", " << expected[1]
                   << ", " << expected[2] << ", " << expected[3] << ")";
        }
    }
    return ::testing::AssertionSuccess();
}

} // namespace ddivk::shader::test
