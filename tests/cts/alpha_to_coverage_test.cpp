// The vendors' alpha-to-coverage (state/vendor_states.h): NVIDIA's D3DRS_ADAPTIVETESS_Y = ATOC,
// which acts with the alpha test on and in its place, and AMD's D3DRS_POINTSIZE = A2M1 / A2M0.
// White bands of alpha 0, 0x80 and 0xFF are drawn over black. On a 4-sample target a fragment
// then covers the samples its alpha asks for, and the resolve reads the share covered. Vulkan
// leaves the mapping to the device except that alpha 0 covers no sample and alpha 1 all of them
// ("intended to be proportional"), so the half-alpha band must read between one and three
// samples' worth. On a single-sampled target the alpha test works as ever.
#include "cts/cts_fixture.h"

#include <bit>
#include <tuple>

namespace ddivk::test {
namespace {

constexpr uint32_t kBlack = 0xFF000000;
// Bands of columns [kBandStart[b], kBandStart[b + 1]), the whole height. Their edges lie on
// pixel borders, where no sample lies: each band covers its pixels' samples whole.
constexpr int kBandStart[4] = {0, 20, 40, 64};
constexpr uint32_t kBandAlpha[3] = {0x00, 0x80, 0xFF};

// What every colour channel of a band's pixels may resolve to.
struct Range {
    int lo, hi;
};
constexpr Range kNone{0, 0}, kAll{255, 255};
constexpr Range kSome{63, 192}; // one to three of four samples (one step for the resolve's rounding)

// An alpha test that fails the half-alpha band and passes the opaque one.
constexpr uint32_t kAlphaRef = 0xC0;

class AlphaToCoverage : public Cts, public ::testing::WithParamInterface<std::tuple<Door, bool>> {
  protected:
    AlphaToCoverage() { targetSamples_ = 4; }
    Door door() const { return std::get<0>(GetParam()); }
    // The translated ps_3_0 program, or the fixed-function pixel stage.
    const char* pixelShader() const { return std::get<1>(GetParam()) ? kColorPointPs : nullptr; }

    void state(uint32_t rs, uint32_t value) { ASSERT_EQ(setRenderState(door(), rs, value), S_OK); }
    void alphaTest(bool on) {
        state(D3DRS_ALPHATESTENABLE, on);
        state(D3DRS_ALPHAFUNC, D3DCMP_GREATEREQUAL);
        state(D3DRS_ALPHAREF, kAlphaRef);
    }

    // Clears to black and draws the three bands.
    void drawBands() {
        ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, kBlack), S_OK);
        setProgram(door(), kColorPointVs, pixelShader(), colorPointDeclaration());
        setPixelToClip(door());
        state(D3DRS_CULLMODE, D3DCULL_NONE);
        std::vector<PixelVertex> v;
        for (int b = 0; b < 3; ++b) {
            const float x0 = float(kBandStart[b]) - 0.5f, x1 = float(kBandStart[b + 1]) - 0.5f;
            const float y0 = -0.5f, y1 = float(kHeight) - 0.5f;
            const uint32_t c = kBandAlpha[b] << 24 | 0xFFFFFFu;
            v.insert(v.end(), {{x0, y0, c}, {x1, y0, c}, {x0, y1, c}, {x1, y0, c}, {x1, y1, c}, {x0, y1, c}});
        }
        setStream(door(), 0, createBuffer(v), 0, sizeof(PixelVertex));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_TRIANGLELIST, 0, 6), S_OK);
    }

    // Every pixel of band b within bands[b], in red, green and blue. The view volume ends at the
    // centres of the target's outermost pixels (D3D9's viewport mapping), which the bands
    // therefore cover in part: the ring of them is left out.
    void expectBands(Range a, Range b, Range c) {
        const Range bands[3] = {a, b, c};
        const std::vector<uint32_t> pixels = readTarget();
        int wrong = 0;
        for (int y = 1; y + 1 < int(kHeight); ++y)
            for (int x = 1; x + 1 < int(kWidth); ++x) {
                const int band = x < kBandStart[1] ? 0 : x < kBandStart[2] ? 1 : 2;
                const uint32_t got = pixels[size_t(y) * kWidth + x];
                bool inside = true;
                for (int shift = 0; shift < 24; shift += 8) {
                    const int v = int(got >> shift & 0xFF);
                    inside = inside && v >= bands[band].lo && v <= bands[band].hi;
                }
                if (!inside && ++wrong <= 8)
                    ADD_FAILURE() << "pixel (" << x << ", " << y << ") of band " << band << ": 0x" << std::hex
                                  << got << std::dec << ", want channels in [" << bands[band].lo << ", "
                                  << bands[band].hi << "]";
            }
        EXPECT_EQ(wrong, 0) << "pixels outside their band's range";
    }
};

// NVIDIA: with ATOC the alpha test's pass or fail becomes coverage by alpha; ATOC off, the
// alpha test discards the half-alpha band again.
TEST_P(AlphaToCoverage, NvidiaAtocTakesTheAlphaTestsPlace) {
    alphaTest(true);
    state(D3DRS_ADAPTIVETESS_Y, D3DFMT_ATOC);
    drawBands();
    expectBands(kNone, kSome, kAll);
    state(D3DRS_ADAPTIVETESS_Y, 0);
    drawBands();
    expectBands(kNone, kNone, kAll);
}

// NVIDIA's switch acts only with the alpha test on: without it every band is opaque white.
TEST_P(AlphaToCoverage, NvidiaAtocWithoutTheAlphaTestChangesNothing) {
    state(D3DRS_ADAPTIVETESS_Y, D3DFMT_ATOC);
    drawBands();
    expectBands(kAll, kAll, kAll);
    // Turning the alpha test on afterwards is enough.
    alphaTest(true);
    drawBands();
    expectBands(kNone, kSome, kAll);
}

// AMD: A2M1 covers by alpha with the alpha test off, and in the test's place with it on; A2M0
// stops it.
TEST_P(AlphaToCoverage, AmdA2m1CoversByAlphaAndA2m0StopsIt) {
    state(D3DRS_POINTSIZE, D3DFMT_A2M1);
    drawBands();
    expectBands(kNone, kSome, kAll);
    alphaTest(true);
    drawBands();
    expectBands(kNone, kSome, kAll);
    state(D3DRS_POINTSIZE, D3DFMT_A2M0);
    drawBands();
    expectBands(kNone, kNone, kAll);
    alphaTest(false);
    drawBands();
    expectBands(kAll, kAll, kAll);
}

// AMD's switch is no point size: a point drawn after it keeps the size set before it. A 5-pixel
// point at (10, 10) covers pixels 8..12 in both directions, every sample of them.
TEST_P(AlphaToCoverage, AmdSwitchLeavesThePointSize) {
    state(D3DRS_POINTSIZE, std::bit_cast<uint32_t>(5.0f));
    state(D3DRS_POINTSIZE, D3DFMT_A2M1);
    state(D3DRS_POINTSIZE, D3DFMT_A2M0);
    clearTarget(door());
    setProgram(door(), kColorPointVs, pixelShader(), colorPointDeclaration());
    setPixelToClip(door());
    setStream(door(), 0, createBuffer(std::vector<PixelVertex>{{10.0f, 10.0f, 0xFFFFFFFF}}), 0,
              sizeof(PixelVertex));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 1), S_OK);
    Pixels scene;
    for (int y = 8; y <= 12; ++y)
        for (int x = 8; x <= 12; ++x)
            scene[{x, y}] = 0xFFFFFFFF;
    expectScene(scene);
}

// Both doors, each with the translated and the fixed-function pixel stage.
const auto kDoorsAndStages = ::testing::Combine(::testing::Values(Door::Dp2, Door::Umd), ::testing::Bool());
std::string doorAndStage(const ::testing::TestParamInfo<std::tuple<Door, bool>>& p) {
    return std::string(doorName(std::get<0>(p.param))) +
           (std::get<1>(p.param) ? "PixelShader" : "FixedFunction");
}

INSTANTIATE_TEST_SUITE_P(Doors, AlphaToCoverage, kDoorsAndStages, doorAndStage);

// On a single-sampled target neither switch acts: the alpha test works as ever.
class AlphaToCoverageSingleSampled : public AlphaToCoverage {
  protected:
    AlphaToCoverageSingleSampled() { targetSamples_ = 1; }
};

TEST_P(AlphaToCoverageSingleSampled, TheAlphaTestStays) {
    alphaTest(true);
    state(D3DRS_ADAPTIVETESS_Y, D3DFMT_ATOC);
    drawBands();
    expectBands(kNone, kNone, kAll);
    alphaTest(false);
    state(D3DRS_POINTSIZE, D3DFMT_A2M1);
    drawBands();
    expectBands(kAll, kAll, kAll);
}

INSTANTIATE_TEST_SUITE_P(Doors, AlphaToCoverageSingleSampled, kDoorsAndStages, doorAndStage);

} // namespace
} // namespace ddivk::test
