// Shader translation: translate() of a decoded program, per shader of a small realistic set (one
// of each kind a D3D9 game creates at load time), beside decode() of the same tokens measured in
// the same run (counter decode_ratio: translate time over decode time), and a TranslationCache
// hit (what a second CreateVertexShader of the same bytecode costs). Counters: tokens in, SPIR-V
// words out; items are shaders.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "shader/assembler.h"
#include "shader/decoder.h"
#include "shader/translate/cache.h"
#include "shader/translate/translator.h"

using namespace ddivk::shader;

namespace {

// Four-bone skinning through a loop with a0-relative constants, then per-vertex lighting over
// three directional lights addressed by aL.
constexpr const char* kSkinnedVs30 = R"(vs_3_0
dcl_position v0
dcl_normal v1
dcl_blendweight v2
dcl_blendindices v3
dcl_texcoord v4
dcl_position o0
dcl_texcoord o1.xy
dcl_color o2
dcl_texcoord1 o3.xyz
defi i0, 4, 0, 1, 0
defi i1, 3, 0, 1, 0
def c0, 0, 1, 3, 0.25
mov r0, c0.x
mov r1.xyz, c0.x
mul r7, v3, c0.z
mov r8, v2
loop aL, i0
mova a0.x, r7.x
dp4 r2.x, v0, c[a0.x + 10]
dp4 r2.y, v0, c[a0.x + 11]
dp4 r2.z, v0, c[a0.x + 12]
mov r2.w, c0.y
dp3 r3.x, v1, c[a0.x + 10]
dp3 r3.y, v1, c[a0.x + 11]
dp3 r3.z, v1, c[a0.x + 12]
mad r0, r2, r8.x, r0
mad r1.xyz, r3, r8.x, r1
mov r7, r7.yzwx
mov r8, r8.yzwx
endloop
m4x4 o0, r0, c4
nrm r1.xyz, r1
mov r4, c8
loop aL, i1
dp3 r5.x, r1, c[aL + 100]
max r5.x, r5.x, c0.x
mad r4, r5.x, c[aL + 110], r4
endloop
mov o2, r4
mov o1.xy, v4
mov o3.xyz, r1
)";

// Normal-mapped per-pixel lighting: albedo and normal map lookups, then a loop over four point
// lights whose tangent-space vectors arrive in v2..v5, read through aL (ps_3_0 indexes only
// input registers with aL), diffuse and specular.
constexpr const char* kLitPs30 = R"(ps_3_0
dcl_texcoord v0.xy
dcl_texcoord1 v1.xyz
dcl_texcoord2 v2
dcl_texcoord3 v3
dcl_texcoord4 v4
dcl_texcoord5 v5
dcl_2d s0
dcl_2d s1
defi i0, 4, 0, 1, 0
def c0, 0, 1, 16, 2
texld r0, v0, s0
texld r1, v0, s1
mad r1.xyz, r1, c0.w, -c0.y
nrm r2.xyz, r1
mov r3, c1
loop aL, i0
dp3 r4.w, v[aL + 2], v[aL + 2]
rsq r5.x, r4.w
mul r4.xyz, v[aL + 2], r5.x
dp3_sat r5.y, r2, r4
add r6.xyz, r4, v1
nrm r7.xyz, r6
dp3_sat r5.w, r2, r7
pow r5.z, r5.w, c0.z
mul r5.y, r5.y, v[aL + 2].w
mad r3.xyz, c2, r5.y, r3
mad r3.xyz, c3, r5.z, r3
endloop
mul r0.xyz, r0, r3
mov oC0, r0
)";

// A two-phase ps_1_4: a dependent read through texcrd coordinates, then arithmetic with
// source modifiers, a co-issued alpha and a saturate.
constexpr const char* kPs14 = R"(ps_1_4
def c0, 0.5, 0.5, 0.5, 1
texld r0, t0
texcrd r1.xyz, t1
texld r2, t2
mul r1.xyz, r1, c0
phase
texld r3, r1
texld r4, t3
mul r0, r0, r3
mad_sat r0.rgb, r4, c1, r0
dp3_x2 r5, r2_bx2, c2_bx2
lrp r0.rgb, r5, r0, c3
+mov r0.a, c0.a
)";

// Transform, normalised normal, one directional light, texture coordinates and fog.
constexpr const char* kVs11 = R"(vs_1_1
dcl_position v0
dcl_normal v3
dcl_texcoord v7
def c95, 1, 0, 0.5, 0
m4x4 oPos, v0, c0
m3x3 r0.xyz, v3, c4
dp3 r1.x, r0, r0
rsq r1.x, r1.x
mul r0.xyz, r0, r1.x
dp3 r2.x, r0, c10
max r2.x, r2.x, c95.y
mad oD0, r2.x, c11, c12
mov oT0.xy, v7
dp4 r3.x, v0, c2
mad oFog, r3.x, c13.x, c13.y
)";

// A 2D and a cube lookup (environment map), blended and modulated by the vertex colour.
constexpr const char* kPs20 = R"(ps_2_0
dcl t0.xy
dcl t1.xyz
dcl v0
dcl_2d s0
dcl_cube s1
def c0, 2, -1, 0.5, 0
texld r0, t0, s0
texld r1, t1, s1
mad r2.xyz, r0, c0.x, c0.y
dp3 r3.x, r2, t1
mul r1, r1, r3.x
lrp r0, c1, r1, r0
mul r0, r0, v0
mov oC0, r0
)";

// The assembled tokens; empty, with the assembler's message printed, when the text is wrong.
std::vector<uint32_t> tokensOf(const char* text) {
    auto tokens = assemble(text);
    if (!tokens) std::fprintf(stderr, "shader_bench: %s\n", tokens.error().message().c_str());
    return tokens ? *tokens : std::vector<uint32_t>{};
}

// Best single decode() of `tokens` over a few runs, in seconds.
double decodeSeconds(const std::vector<uint32_t>& tokens) {
    double best = 1e30;
    for (int i = 0; i < 64; ++i) {
        const auto begin = std::chrono::steady_clock::now();
        auto program = decode(tokens);
        benchmark::DoNotOptimize(program);
        best =
            std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
    return best;
}

void BM_ShaderDecode(benchmark::State& state, const char* text) {
    const auto tokens = tokensOf(text);
    if (tokens.empty() || !decode(tokens)) {
        state.SkipWithError("the shader does not assemble or decode");
        return;
    }
    for (auto _ : state) {
        auto program = decode(tokens);
        benchmark::DoNotOptimize(program);
    }
    state.SetItemsProcessed(int64_t(state.iterations()));
    state.counters["tokens"] = double(tokens.size());
}

void BM_ShaderTranslate(benchmark::State& state, const char* text) {
    const auto tokens = tokensOf(text);
    const auto program = decode(tokens);
    if (tokens.empty() || !program) {
        state.SkipWithError("the shader does not assemble or decode");
        return;
    }
    const auto first = translate(*program);
    if (!first) {
        state.SkipWithError(("translate: " + first.error().message()).c_str());
        return;
    }
    double translateBest = 1e30; // best single call, compared with the best decode
    for (auto _ : state) {
        const auto begin = std::chrono::steady_clock::now();
        auto t = translate(*program);
        benchmark::DoNotOptimize(t);
        translateBest = std::min(
            translateBest, std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
    state.SetItemsProcessed(int64_t(state.iterations()));
    state.counters["tokens"] = double(tokens.size());
    state.counters["spirv_words"] = double(first->spirv.size());
    state.counters["decode_ratio"] = translateBest / decodeSeconds(tokens);
}

// TranslationCache::get of an entry already there: hash and compare of the bytecode, one lock.
void BM_ShaderCacheHit(benchmark::State& state, const char* text) {
    const auto tokens = tokensOf(text);
    TranslationCache cache;
    if (tokens.empty() || !cache.get(tokens)) {
        state.SkipWithError("the shader does not translate");
        return;
    }
    for (auto _ : state) {
        auto t = cache.get(tokens);
        benchmark::DoNotOptimize(t);
    }
    state.SetItemsProcessed(int64_t(state.iterations()));
    state.counters["tokens"] = double(tokens.size());
    state.counters["translations"] = double(cache.translations());
}

#define SHADER_BENCHMARKS(name, text)                                                                        \
    BENCHMARK_CAPTURE(BM_ShaderDecode, name, text)->Unit(benchmark::kMicrosecond);                           \
    BENCHMARK_CAPTURE(BM_ShaderTranslate, name, text)->Unit(benchmark::kMicrosecond)

SHADER_BENCHMARKS(vs_3_0_skinned, kSkinnedVs30);
SHADER_BENCHMARKS(ps_3_0_lit, kLitPs30);
SHADER_BENCHMARKS(ps_1_4, kPs14);
SHADER_BENCHMARKS(vs_1_1, kVs11);
SHADER_BENCHMARKS(ps_2_0, kPs20);
BENCHMARK_CAPTURE(BM_ShaderCacheHit, vs_3_0_skinned, kSkinnedVs30)->Unit(benchmark::kMicrosecond);

} // namespace
