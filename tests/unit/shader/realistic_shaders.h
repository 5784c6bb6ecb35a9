// Realistic shaders of each version, written as text: the round-trip tests (tests/unit/shader)
// and the translator tests (tests/unit/translate) both use them.
#pragma once

namespace ddivk::shader::test_shaders {

inline constexpr const char* kSkinnedVs30 = R"(vs_3_0
dcl_position v0
dcl_blendweight v1
dcl_blendindices v2
dcl_normal v3
dcl_texcoord v4
dcl_position o0
dcl_texcoord o1.xy
dcl_color o2
dcl_texcoord1 o3
defi i0, 4, 0, 1, 0
def c0, 0, 1, 3, 0.5
mov r0, c0.x
mov r1.xyz, c0.x
loop aL, i0
mova a0.x, v2.x
mul r2.x, v1.x, c0.y
dp4 r3.x, v0, c[a0.x + 10]
dp3 r4.x, v3, c[aL + 40]
mad r0, v0, r2.x, r0
add r1.xyz, r1, r4.x
endloop
m4x4 o0, r0, c4
nrm r5.xyz, r1
mov o1.xy, v4
mov_sat o2, r5.xyzz
mov o[aL + 3], -r1_abs.wzyx
)";

inline constexpr const char* kPs30 = R"(ps_3_0
dcl_texcoord v0.xy
dcl_texcoord1 v1
dcl vPos.xy
dcl vFace
dcl_2d s0
dcl_cube s1
def c0, 0.5, -1, 2, 0
defb b0, true
defi i1, 2, 0, 1, 0
texld r0, v0, s0
texldl r1, v1, s1
texldb r4, v0, s0
texldp r5, v0, s0
dsx r2.xy, v0
dsy r3.xy, v0
if b0
add_pp r0, r0, r1
else
mul r0, r0, c0.x
endif
setp_lt p0.x, r2.x, c0.w
(p0.x) mov r0.w, c0.z
(!p0.x) mov r0.w, -c0.y
ifc_gt vFace, c0.w
mov r0.x, r4_abs.y
endif
loop aL, i1
add r0, r0, v[aL + 0]
endloop
texldd r6, v0, s0, r2, r3
mov_centroid r7, vPos
mov oC0, r0
mov oDepth, r0.x
)";

inline constexpr const char* kPs14 = R"(ps_1_4
texcrd r0.xyz, t0
texld r1, t1
phase
texld r2, r0
mul_x2 r0, r1_bx2, r2
+mov r0.a, c0.b
cnd r0, r0.a, r1, r2
bem r3.xy, r0, r1
texdepth r5
mad_sat r4, 1-r2, c7, -r1_bias
)";

inline constexpr const char* kPs11 = R"(ps_1_1
def c0, 1, 0.5, 0.25, 0
tex t0
texcoord t1
texm3x2pad t2, t0_bx2
texm3x2tex t3, t0_bx2
mul r0, t0, v0
mad_d2 r1, 1-t1, c0, r0_bias
+mov_sat r0.a, -t0_bx2.a
dp3_x4 r1.rgb, t1_bx2, v1_bx2
lrp r0, v0.a, r0, r1
)";

inline constexpr const char* kVs11 = R"(vs_1_1
dcl_position v0
dcl_normal v3
dcl_texcoord v7
def c95, 1, 2, 0.5, 0
mov a0.x, v7.x
m4x4 oPos, v0, c0
dp3 r0.x, v3, c[a0.x + 8]
mad oD0, r0.x, c4, c5
mov oT0.xy, v7
mov oFog, c95.x
mov oPts, c95.y
expp r1, v0.x
logp r1.y, v0.y
lit r2, r0
mov r3, -c[a0.x]
)";

inline constexpr const char* kAll[] = {kSkinnedVs30, kPs30, kPs14, kPs11, kVs11};

} // namespace ddivk::shader::test_shaders
