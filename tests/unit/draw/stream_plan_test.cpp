// The vertex input planner (draw/stream_plan.h): each rule of src/draw/stream_plan.cpp under
// its own name, asserted on the exact plan fields. Pure logic, no device.
#include <gtest/gtest.h>

#include <ostream>
#include <vector>

#include "ddivk/d3d9_decl.h"
#include "ddivk/d3d9_enums.h"
#include "draw/stream_plan.h"
#include "draw/vertex_decl.h"

namespace ddivk::draw {

void PrintTo(const VertexInputPlan::Binding& b, std::ostream* os) {
    *os << "{binding " << b.binding << ", stride " << b.stride << ", rate " << b.rate << ", divisor "
        << b.divisor << "}";
}
void PrintTo(const VertexInputPlan::Attribute& a, std::ostream* os) {
    *os << "{location " << a.location << ", binding " << a.binding << ", offset " << a.offset << ", format "
        << a.format << "}";
}

namespace {

namespace abi = shader::abi;
using Binding = VertexInputPlan::Binding;
using Attribute = VertexInputPlan::Attribute;
using FetchElement = shader::TranslationKey::FetchElement;
using Key = shader::TranslationKey; // Key::fetchStream: the stream byte of fetched elements

constexpr VkVertexInputRate kVertex = VK_VERTEX_INPUT_RATE_VERTEX;
constexpr VkVertexInputRate kInstance = VK_VERTEX_INPUT_RATE_INSTANCE;
constexpr VkFormat kFloat3 = VK_FORMAT_R32G32B32_SFLOAT;
constexpr VkFormat kFloat4 = VK_FORMAT_R32G32B32A32_SFLOAT;
constexpr VkFormat kColor = VK_FORMAT_B8G8R8A8_UNORM;

constexpr D3DVERTEXELEMENT9 element(uint16_t stream, uint16_t offset, uint8_t type, uint8_t usage,
                                    uint8_t index = 0) {
    return {stream, offset, type, D3DDECLMETHOD_DEFAULT, usage, index};
}

std::vector<Binding> bindings(const VertexInputPlan& p) {
    return {p.bindings.begin(), p.bindings.begin() + p.bindingCount};
}
std::vector<Attribute> attributes(const VertexInputPlan& p) {
    return {p.attributes.begin(), p.attributes.begin() + p.attributeCount};
}

// The fetch table with these locations fetched, the rest not.
std::array<FetchElement, 16> fetched(std::initializer_list<std::pair<int, FetchElement>> locations) {
    std::array<FetchElement, 16> fetch{};
    for (const auto& [location, element] : locations)
        fetch[location] = element;
    return fetch;
}

void expectFetchStream(const VertexInputPlan& p, uint32_t s, uint32_t offset, uint32_t stride,
                       uint32_t divider, uint32_t firstElement = 0) {
    const abi::VsFetch::Stream& f = p.fetchBlock.streams[s];
    EXPECT_EQ(f.offset, offset) << "stream " << s;
    EXPECT_EQ(f.stride, stride) << "stream " << s;
    EXPECT_EQ(f.divider, divider) << "stream " << s;
    EXPECT_EQ(f.firstElement, firstElement) << "stream " << s;
}

constexpr VertexInputCaps kExtension{true, 0xFFFFFFFF};
constexpr VertexInputCaps kNoExtension{};

// Instancing: positions per vertex on stream 0, three per-instance streams of divisors 1, 3 and
// 0x7FFFFF (the largest count the low bits hold without reaching the flags).
constexpr D3DVERTEXELEMENT9 kInstancedDecl[] = {
    element(0, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION),
    element(1, 0, D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_TEXCOORD, 0),
    element(2, 0, D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_TEXCOORD, 1),
    element(3, 0, D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR),
};
constexpr ProgramInput kInstancedInputs[] = {{0, D3DDECLUSAGE_POSITION, 0},
                                             {1, D3DDECLUSAGE_TEXCOORD, 0},
                                             {2, D3DDECLUSAGE_TEXCOORD, 1},
                                             {3, D3DDECLUSAGE_COLOR, 0}};

VertexInputRequest instancedDraw(uint32_t vsMajor, bool canFetch) {
    VertexInputRequest r;
    r.elements = kInstancedDecl;
    r.inputs = kInstancedInputs;
    r.vertexShaderMajor = vsMajor;
    r.programCanFetch = canFetch;
    r.indexed = true;
    r.streams[0] = {12, 0, D3DSTREAMSOURCE_INDEXEDDATA | 5};
    r.streams[1] = {16, 16, D3DSTREAMSOURCE_INSTANCEDATA | 1};
    r.streams[2] = {16, 32, D3DSTREAMSOURCE_INSTANCEDATA | 3};
    r.streams[3] = {4, 4, D3DSTREAMSOURCE_INSTANCEDATA | 0x7FFFFF};
    return r;
}

// The plan of an instanced draw whose per-instance streams the shader fetches.
void expectInstancesFetched(const VertexInputPlan& p) {
    EXPECT_EQ(p.instanceCount, 5u);
    EXPECT_EQ(p.instancing, InstancingPath::ShaderFetch);
    EXPECT_EQ(bindings(p), (std::vector<Binding>{{0, 12, kVertex, 1}}));
    EXPECT_EQ(attributes(p), (std::vector<Attribute>{{0, 0, 0, kFloat3}}));
    EXPECT_EQ(p.vertexStreams, 0x1);
    EXPECT_EQ(p.fetchStreams, 0xE);
    EXPECT_EQ(p.loopStreams, 0);
    expectFetchStream(p, 1, 16, 16, 1);
    expectFetchStream(p, 2, 32, 16, 3);
    expectFetchStream(p, 3, 4, 4, 0x7FFFFF);
    EXPECT_EQ(p.fetchBlock.startVertex, 0u);
    // Per instance, stream 1 with divider 1 (the shader divides nothing), every stream on word
    // boundaries (the aligned fetch).
    constexpr abi::FetchMode kPerInstance = abi::kFetchPerInstance;
    EXPECT_EQ(p.fetch,
              fetched({{1, {D3DDECLTYPE_FLOAT4, Key::fetchStream(1, kPerInstance, true, true), 0}},
                       {2, {D3DDECLTYPE_FLOAT4, Key::fetchStream(2, kPerInstance, false, true), 0}},
                       {3, {D3DDECLTYPE_D3DCOLOR, Key::fetchStream(3, kPerInstance, false, true), 0}}}));
    EXPECT_FALSE(p.dividerModeUsed);
    EXPECT_FALSE(p.dividerIgnored);
}

TEST(StreamPlan, HardwareInstancingUsesTheDivisorExtension) {
    for (uint32_t vsMajor : {0u, 3u}) {
        auto p = planVertexInput(instancedDraw(vsMajor, vsMajor != 0), kExtension);
        ASSERT_TRUE(p);
        EXPECT_EQ(p->instanceCount, 5u);
        EXPECT_EQ(p->instancing, InstancingPath::Divisor);
        EXPECT_EQ(bindings(*p), (std::vector<Binding>{{0, 12, kVertex, 1},
                                                      {1, 16, kInstance, 1},
                                                      {2, 16, kInstance, 3},
                                                      {3, 4, kInstance, 0x7FFFFF}}));
        EXPECT_EQ(attributes(*p),
                  (std::vector<Attribute>{
                      {0, 0, 0, kFloat3}, {1, 1, 0, kFloat4}, {2, 2, 0, kFloat4}, {3, 3, 0, kColor}}));
        EXPECT_EQ(p->vertexStreams, 0xF);
        EXPECT_EQ(p->fetchStreams, 0);
        EXPECT_EQ(p->loopStreams, 0);
        EXPECT_EQ(p->missingInputs, 0);
        EXPECT_EQ(p->wIsOneInputs, 0);
        EXPECT_EQ(p->fetch, fetched({}));
        EXPECT_FALSE(p->dividerModeUsed);
        EXPECT_FALSE(p->dividerIgnored);
    }
}

TEST(StreamPlan, HardwareInstancingWithoutTheExtensionFetchesPerInstance) {
    auto p = planVertexInput(instancedDraw(2, true), kNoExtension);
    ASSERT_TRUE(p);
    expectInstancesFetched(*p);
}

TEST(StreamPlan, HardwareInstancingAboveTheMaxDivisorFallsBack) {
    const VertexInputCaps caps{true, 256};
    auto p = planVertexInput(instancedDraw(3, true), caps);
    ASSERT_TRUE(p);
    expectInstancesFetched(*p);
    p = planVertexInput(instancedDraw(0, false), caps);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->instancing, InstancingPath::DrawLoop);
}

TEST(StreamPlan, HardwareInstancingForcedFetchFallback) {
    VertexInputCaps caps = kExtension;
    caps.forceFetchFallback = true;
    auto p = planVertexInput(instancedDraw(3, true), caps);
    ASSERT_TRUE(p);
    expectInstancesFetched(*p);
}

// TranslationKey::FetchElement: the fetch key names the mode and whether a per-instance divider
// is 1 (the code differs); other dividers live in VsFetch only, so one translation serves them.
TEST(StreamPlan, HardwareInstancingFetchKeyNamesDividerOneOtherDividersStayInTheBlock) {
    VertexInputRequest r = instancedDraw(3, true);
    auto fetchKeyWith = [&](uint32_t divider2) {
        r.streams[2].frequency = D3DSTREAMSOURCE_INSTANCEDATA | divider2;
        auto p = planVertexInput(r, kNoExtension);
        EXPECT_TRUE(p);
        EXPECT_EQ(p->fetchBlock.streams[2].divider, divider2);
        return p->fetch;
    };
    const auto divider3 = fetchKeyWith(3), divider7 = fetchKeyWith(7), divider1 = fetchKeyWith(1);
    EXPECT_EQ(divider3, divider7);
    EXPECT_NE(divider3, divider1);
    EXPECT_EQ(divider1[2].stream, Key::fetchStream(2, abi::kFetchPerInstance, true, true));
    EXPECT_EQ(divider7[2].stream, Key::fetchStream(2, abi::kFetchPerInstance, false, true));
}

TEST(StreamPlan, HardwareInstancingFixedFunctionLoopsWithoutTheExtension) {
    auto p = planVertexInput(instancedDraw(0, false), kNoExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->instanceCount, 5u);
    EXPECT_EQ(p->instancing, InstancingPath::DrawLoop);
    // Each instance reads one element of a per-instance stream: stride 0, moved per instance.
    EXPECT_EQ(bindings(*p),
              (std::vector<Binding>{
                  {0, 12, kVertex, 1}, {1, 0, kVertex, 1}, {2, 0, kVertex, 3}, {3, 0, kVertex, 0x7FFFFF}}));
    EXPECT_EQ(attributes(*p),
              (std::vector<Attribute>{
                  {0, 0, 0, kFloat3}, {1, 1, 0, kFloat4}, {2, 2, 0, kFloat4}, {3, 3, 0, kColor}}));
    EXPECT_EQ(p->vertexStreams, 0xF);
    EXPECT_EQ(p->loopStreams, 0xE);
    EXPECT_EQ(p->fetchStreams, 0);
    EXPECT_EQ(p->fetch, fetched({}));
}

TEST(StreamPlan, HardwareInstancingDivisorOneIsCoreVulkan) {
    VertexInputRequest r = instancedDraw(0, false);
    r.streams[2].frequency = r.streams[3].frequency = D3DSTREAMSOURCE_INSTANCEDATA | 1;
    auto p = planVertexInput(r, kNoExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->instancing, InstancingPath::Divisor);
    EXPECT_EQ(bindings(*p),
              (std::vector<Binding>{
                  {0, 12, kVertex, 1}, {1, 16, kInstance, 1}, {2, 16, kInstance, 1}, {3, 4, kInstance, 1}}));
    EXPECT_EQ(p->loopStreams, 0);
}

TEST(StreamPlan, HardwareInstancingCountZeroReadsAsOne) {
    VertexInputRequest r = instancedDraw(0, false);
    r.streams[0].frequency = D3DSTREAMSOURCE_INDEXEDDATA;
    r.streams[1].frequency = D3DSTREAMSOURCE_INSTANCEDATA;
    r.streams[2].frequency = r.streams[3].frequency = 1;
    auto p = planVertexInput(r, kNoExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->instanceCount, 1u);
    EXPECT_EQ(p->instancing, InstancingPath::Divisor);
    EXPECT_EQ(bindings(*p),
              (std::vector<Binding>{
                  {0, 12, kVertex, 1}, {1, 16, kInstance, 1}, {2, 16, kVertex, 1}, {3, 4, kVertex, 1}}));
}

TEST(StreamPlan, NonIndexedDrawsIgnoreInstancing) {
    VertexInputRequest r = instancedDraw(3, true);
    r.indexed = false;
    auto p = planVertexInput(r, kExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->instanceCount, 1u);
    EXPECT_EQ(p->instancing, InstancingPath::None);
    EXPECT_EQ(bindings(*p),
              (std::vector<Binding>{
                  {0, 12, kVertex, 1}, {1, 16, kVertex, 1}, {2, 16, kVertex, 1}, {3, 4, kVertex, 1}}));
    EXPECT_EQ(p->vertexStreams, 0xF);
    EXPECT_EQ(p->fetchStreams, 0);
    EXPECT_FALSE(p->dividerModeUsed);
    EXPECT_FALSE(p->dividerIgnored);
}

// The divider mode: positions on stream 0, a texture coordinate on stream 1 every 4 vertices.
constexpr D3DVERTEXELEMENT9 kDividedDecl[] = {
    element(0, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION),
    element(1, 0, D3DDECLTYPE_FLOAT2, D3DDECLUSAGE_TEXCOORD),
};
constexpr ProgramInput kDividedInputs[] = {{0, D3DDECLUSAGE_POSITION, 0}, {1, D3DDECLUSAGE_TEXCOORD, 0}};

VertexInputRequest dividedDraw(uint32_t vsMajor, bool canFetch, bool indexed) {
    VertexInputRequest r;
    r.elements = kDividedDecl;
    r.inputs = kDividedInputs;
    r.vertexShaderMajor = vsMajor;
    r.programCanFetch = canFetch;
    r.indexed = indexed;
    r.startVertex = 10;
    r.streams[0] = {12, 0, 1};
    r.streams[1] = {8, 24, 4};
    return r;
}

TEST(StreamPlan, DividerModeFetchesDividedStreams) {
    auto p = planVertexInput(dividedDraw(3, true, false), kExtension);
    ASSERT_TRUE(p);
    EXPECT_TRUE(p->dividerModeUsed);
    EXPECT_FALSE(p->dividerIgnored);
    EXPECT_EQ(p->instanceCount, 1u);
    EXPECT_EQ(p->instancing, InstancingPath::None);
    EXPECT_EQ(bindings(*p), (std::vector<Binding>{{0, 12, kVertex, 1}}));
    EXPECT_EQ(attributes(*p), (std::vector<Attribute>{{0, 0, 0, kFloat3}}));
    EXPECT_EQ(p->vertexStreams, 0x1);
    EXPECT_EQ(p->fetchStreams, 0x2);
    expectFetchStream(*p, 1, 24, 8, 4, 10 / 4); // the start term divided once, on the CPU
    EXPECT_EQ(p->fetchBlock.startVertex, 10u);
    EXPECT_EQ(p->fetch,
              fetched({{1, {D3DDECLTYPE_FLOAT2, Key::fetchStream(1, abi::kFetchDivided, false, true), 0}}}));
}

// A divider the draw ignores: both streams per vertex, as attributes.
void expectDividerIgnored(const VertexInputRequest& r, const VertexInputCaps& caps) {
    auto p = planVertexInput(r, caps);
    ASSERT_TRUE(p);
    EXPECT_TRUE(p->dividerIgnored);
    EXPECT_FALSE(p->dividerModeUsed);
    EXPECT_EQ(bindings(*p), (std::vector<Binding>{{0, 12, kVertex, 1}, {1, 8, kVertex, 1}}));
    EXPECT_EQ(attributes(*p),
              (std::vector<Attribute>{{0, 0, 0, kFloat3}, {1, 1, 0, VK_FORMAT_R32G32_SFLOAT}}));
    EXPECT_EQ(p->fetchStreams, 0);
    EXPECT_EQ(p->fetchBlock.startVertex, 0u);
    EXPECT_EQ(p->fetch, fetched({}));
}

TEST(StreamPlan, DividerModeIgnoredForIndexedDraws) {
    expectDividerIgnored(dividedDraw(3, true, true), kExtension);
}

TEST(StreamPlan, DividerModeIgnoredBeforeVs3) {
    expectDividerIgnored(dividedDraw(2, true, false), kExtension);
}

TEST(StreamPlan, DividerModeIgnoredForFixedFunction) {
    expectDividerIgnored(dividedDraw(0, false, false), kExtension);
}

TEST(StreamPlan, DividerModeIgnoredWhenSwitchedOff) {
    VertexInputCaps caps = kExtension;
    caps.dividerMode = false;
    expectDividerIgnored(dividedDraw(3, true, false), caps);
}

TEST(StreamPlan, DividerModeDividerOneIsPerVertex) {
    VertexInputRequest r = dividedDraw(3, true, false);
    r.streams[1].frequency = 1;
    auto p = planVertexInput(r, kExtension);
    ASSERT_TRUE(p);
    EXPECT_FALSE(p->dividerIgnored);
    EXPECT_FALSE(p->dividerModeUsed);
    EXPECT_EQ(p->fetchStreams, 0);
    EXPECT_EQ(p->vertexStreams, 0x3);
}

TEST(StreamPlan, SemanticsMissingInputs) {
    const D3DVERTEXELEMENT9 decl[] = {element(0, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION),
                                      element(0, 12, D3DDECLTYPE_FLOAT2, D3DDECLUSAGE_TEXCOORD, 1)};
    // NORMAL has no element, TEXCOORD0 none of its index.
    const ProgramInput inputs[] = {
        {0, D3DDECLUSAGE_POSITION, 0}, {4, D3DDECLUSAGE_NORMAL, 0}, {7, D3DDECLUSAGE_TEXCOORD, 0}};
    VertexInputRequest r;
    r.elements = decl;
    r.inputs = inputs;
    r.streams[0] = {20, 0, 1};
    auto p = planVertexInput(r, kExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->missingInputs, (1 << 4) | (1 << 7));
    EXPECT_EQ(bindings(*p), (std::vector<Binding>{{0, 20, kVertex, 1}}));
    EXPECT_EQ(attributes(*p), (std::vector<Attribute>{{0, 0, 0, kFloat3}}));
}

TEST(StreamPlan, SemanticsUnreadElementsAreNotBound) {
    const D3DVERTEXELEMENT9 decl[] = {element(0, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION),
                                      element(0, 12, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_NORMAL),
                                      element(2, 0, D3DDECLTYPE_FLOAT2, D3DDECLUSAGE_TEXCOORD)};
    const ProgramInput inputs[] = {{3, D3DDECLUSAGE_NORMAL, 0}};
    VertexInputRequest r;
    r.elements = decl;
    r.inputs = inputs;
    r.streams[0] = {24, 0, 1};
    r.streams[2] = {8, 0, 1};
    auto p = planVertexInput(r, kExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(bindings(*p), (std::vector<Binding>{{0, 24, kVertex, 1}}));
    EXPECT_EQ(attributes(*p), (std::vector<Attribute>{{3, 0, 12, kFloat3}}));
    EXPECT_EQ(p->vertexStreams, 0x1);
    EXPECT_EQ(p->missingInputs, 0);
}

TEST(StreamPlan, AlignmentOfEveryType) {
    // Component sizes; UDEC3 and DEC3N are packed 32-bit formats.
    const uint32_t expected[] = {4, 4, 4, 4, 1, 1, 2, 2, 1, 2, 2, 2, 2, 4, 4, 2, 2};
    for (uint8_t t = 0; t < std::size(expected); ++t)
        EXPECT_EQ(attributeAlignment(t), expected[t]) << int(t);
    EXPECT_EQ(attributeAlignment(D3DDECLTYPE_UNUSED), 0u);
}

TEST(StreamPlan, AlignmentMisalignedStreamsAreFetched) {
    const D3DVERTEXELEMENT9 decl[] = {element(0, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION),
                                      element(1, 0, D3DDECLTYPE_SHORT2, D3DDECLUSAGE_TEXCOORD, 0),
                                      element(2, 0, D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR),
                                      element(3, 0, D3DDECLTYPE_UDEC3, D3DDECLUSAGE_NORMAL)};
    const ProgramInput inputs[] = {{0, D3DDECLUSAGE_POSITION, 0},
                                   {1, D3DDECLUSAGE_TEXCOORD, 0},
                                   {2, D3DDECLUSAGE_COLOR, 0},
                                   {3, D3DDECLUSAGE_NORMAL, 0}};
    VertexInputRequest r;
    r.elements = decl;
    r.inputs = inputs;
    r.vertexShaderMajor = 2;
    r.programCanFetch = true;
    r.streams[0] = {14, 0, 1}; // FLOAT3, stride off 4: fetched
    r.streams[1] = {6, 2, 1};  // SHORT2 on 2-byte addresses: an attribute
    r.streams[2] = {5, 1, 1};  // D3DCOLOR reads bytes: an attribute
    r.streams[3] = {4, 2, 1};  // UDEC3 is packed, 2 is off 4: fetched
    auto p = planVertexInput(r, kNoExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(bindings(*p), (std::vector<Binding>{{1, 6, kVertex, 1}, {2, 5, kVertex, 1}}));
    EXPECT_EQ(attributes(*p),
              (std::vector<Attribute>{{1, 1, 0, VK_FORMAT_R16G16_SSCALED}, {2, 2, 0, kColor}}));
    EXPECT_EQ(p->vertexStreams, 0x6);
    EXPECT_EQ(p->fetchStreams, 0x9);
    expectFetchStream(*p, 0, 0, 14, 1);
    expectFetchStream(*p, 3, 2, 4, 1);
    EXPECT_EQ(p->fetch, fetched({{0, {D3DDECLTYPE_FLOAT3, 0, 0}}, {3, {D3DDECLTYPE_UDEC3, 3, 0}}}));
    EXPECT_EQ(p->wIsOneInputs, 0); // the fetch sets w itself
    EXPECT_FALSE(p->dividerModeUsed);
}

TEST(StreamPlan, AlignmentMisalignedInstanceStreamFetchedPerInstance) {
    VertexInputRequest r = instancedDraw(3, true);
    r.streams[2].offset = 34;
    auto p = planVertexInput(r, kExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->instancing, InstancingPath::Divisor);
    EXPECT_EQ(bindings(*p), (std::vector<Binding>{
                                {0, 12, kVertex, 1}, {1, 16, kInstance, 1}, {3, 4, kInstance, 0x7FFFFF}}));
    EXPECT_EQ(p->fetchStreams, 0x4);
    expectFetchStream(*p, 2, 34, 16, 3);
    EXPECT_EQ(p->fetch, fetched({{2, {D3DDECLTYPE_FLOAT4, Key::fetchStream(2, abi::kFetchPerInstance), 0}}}));
}

TEST(StreamPlan, AlignmentWithoutFetchFails) {
    VertexInputRequest r = instancedDraw(0, false);
    r.streams[0].offset = 2;
    const char* why = nullptr;
    EXPECT_FALSE(planVertexInput(r, kExtension, &why));
    ASSERT_NE(why, nullptr);
    EXPECT_NE(std::string(why).find("misaligned"), std::string::npos);
}

TEST(StreamPlan, WholeStreamsOneMisalignedElementFetchesTheStream) {
    const D3DVERTEXELEMENT9 decl[] = {element(0, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION),
                                      element(0, 12, D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR)};
    const ProgramInput inputs[] = {{0, D3DDECLUSAGE_POSITION, 0}, {5, D3DDECLUSAGE_COLOR, 0}};
    VertexInputRequest r;
    r.elements = decl;
    r.inputs = inputs;
    r.vertexShaderMajor = 3;
    r.programCanFetch = true;
    r.streams[0] = {16, 2, 1}; // the colour alone could be an attribute
    auto p = planVertexInput(r, kExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->bindingCount, 0u);
    EXPECT_EQ(p->attributeCount, 0u);
    EXPECT_EQ(p->vertexStreams, 0);
    EXPECT_EQ(p->fetchStreams, 0x1);
    expectFetchStream(*p, 0, 2, 16, 1);
    EXPECT_EQ(p->fetch, fetched({{0, {D3DDECLTYPE_FLOAT3, 0, 0}}, {5, {D3DDECLTYPE_D3DCOLOR, 0, 12}}}));
}

TEST(StreamPlan, WIsOneForUdec3AndDec3nAttributes) {
    const D3DVERTEXELEMENT9 decl[] = {element(0, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION),
                                      element(0, 12, D3DDECLTYPE_UDEC3, D3DDECLUSAGE_NORMAL),
                                      element(0, 16, D3DDECLTYPE_DEC3N, D3DDECLUSAGE_TANGENT)};
    const ProgramInput inputs[] = {
        {0, D3DDECLUSAGE_POSITION, 0}, {1, D3DDECLUSAGE_NORMAL, 0}, {2, D3DDECLUSAGE_TANGENT, 0}};
    VertexInputRequest r;
    r.elements = decl;
    r.inputs = inputs;
    r.vertexShaderMajor = 3;
    r.programCanFetch = true;
    r.streams[0] = {20, 0, 1};
    auto p = planVertexInput(r, kExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->wIsOneInputs, 0b110);
    EXPECT_EQ(attributes(*p), (std::vector<Attribute>{{0, 0, 0, kFloat3},
                                                      {1, 0, 12, VK_FORMAT_A2B10G10R10_USCALED_PACK32},
                                                      {2, 0, 16, VK_FORMAT_A2B10G10R10_SNORM_PACK32}}));
    // Fetched (a divided stream), the shader sets w itself: no bits.
    r.streams[0].frequency = 2;
    p = planVertexInput(r, kExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->fetchStreams, 0x1);
    EXPECT_EQ(p->wIsOneInputs, 0);
}

TEST(StreamPlan, StrideZeroStreams) {
    const D3DVERTEXELEMENT9 decl[] = {element(0, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION),
                                      element(1, 0, D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR)};
    const ProgramInput inputs[] = {{0, D3DDECLUSAGE_POSITION, 0}, {5, D3DDECLUSAGE_COLOR, 0}};
    VertexInputRequest r;
    r.elements = decl;
    r.inputs = inputs;
    r.streams[0] = {12, 0, 1};
    r.streams[1] = {0, 8, 1}; // every vertex reads the same colour
    auto p = planVertexInput(r, kNoExtension);
    ASSERT_TRUE(p);
    EXPECT_EQ(bindings(*p), (std::vector<Binding>{{0, 12, kVertex, 1}, {1, 0, kVertex, 1}}));
    EXPECT_EQ(attributes(*p), (std::vector<Attribute>{{0, 0, 0, kFloat3}, {5, 1, 0, kColor}}));
    EXPECT_EQ(p->fetchStreams, 0);
}

TEST(StreamPlan, BadInputsFail) {
    const D3DVERTEXELEMENT9 decl[] = {element(0, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION),
                                      element(16, 0, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_NORMAL),
                                      element(0, 12, D3DDECLTYPE_UNUSED, D3DDECLUSAGE_TEXCOORD)};
    const ProgramInput location16[] = {{16, D3DDECLUSAGE_POSITION, 0}};
    const ProgramInput stream16[] = {{0, D3DDECLUSAGE_NORMAL, 0}};
    const ProgramInput badType[] = {{0, D3DDECLUSAGE_TEXCOORD, 0}};
    for (std::span<const ProgramInput> inputs :
         {std::span<const ProgramInput>(location16), std::span<const ProgramInput>(stream16),
          std::span<const ProgramInput>(badType)}) {
        VertexInputRequest r;
        r.elements = decl;
        r.inputs = inputs;
        const char* why = nullptr;
        EXPECT_FALSE(planVertexInput(r, kExtension, &why));
        EXPECT_NE(why, nullptr);
    }
}

} // namespace
} // namespace ddivk::draw
