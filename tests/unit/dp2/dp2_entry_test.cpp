// The rules of d3ddrawprimitives2.txt about the call itself: context, flip, where commands
// start, order, errors and their offset, unknown opcodes.
#include "dp2_fixture.h"

namespace ddivk::dp2::test {
namespace {

CommandStream threeStates() {
    CommandStream s;
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(D3DHAL_DP2RENDERSTATE{7, {.dwState = 1}});
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(D3DHAL_DP2RENDERSTATE{8, {.dwState = 2}});
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(D3DHAL_DP2RENDERSTATE{9, {.dwState = 3}});
    return s;
}

TEST_F(DP2, InvalidContextHandleIsRejected) {
    CommandStream s = threeStates();
    handle = handle + 1000;
    EXPECT_EQ(run(s), DDHAL_DRIVER_HANDLED);
    EXPECT_EQ(data.ddrval, D3DHAL_CONTEXT_BAD);
    EXPECT_TRUE(target.calls.empty());
    EXPECT_EQ(target.begins, 0);
}

TEST_F(DP2, RemovedContextIsRejected) {
    ASSERT_TRUE(contexts.remove(handle));
    CommandStream s = threeStates();
    EXPECT_EQ(run(s), DDHAL_DRIVER_HANDLED);
    EXPECT_EQ(data.ddrval, D3DHAL_CONTEXT_BAD);
}

TEST_F(DP2, FlipInProgressReturnsWasStillDrawing) {
    target.flipping = true;
    CommandStream s = threeStates();
    EXPECT_EQ(run(s), DDHAL_DRIVER_HANDLED);
    EXPECT_EQ(data.ddrval, DDERR_WASSTILLDRAWING);
    EXPECT_TRUE(target.calls.empty());
    EXPECT_EQ(target.begins, 0);
}

TEST_F(DP2, FirstCommandIsAtCommandOffset) {
    CommandStream s = threeStates();
    EXPECT_EQ(run(s, {.commandOffset = 12}), DDHAL_DRIVER_HANDLED);
    EXPECT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.calls.size(), 3u);
    EXPECT_EQ(target.calls[0].item<D3DHAL_DP2RENDERSTATE>(0).RenderState, 7u);
}

TEST_F(DP2, CommandsExecuteInOrder) {
    CommandStream s = threeStates();
    s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1).put(D3DHAL_DP2TEXTURESTAGESTATE{1, 2, 3});
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    run(s);
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(target.methods(), (std::vector<std::string>{"renderStates", "renderStates", "renderStates",
                                                          "textureStageStates", "zRange"}));
    EXPECT_EQ(target.begins, 1);
    EXPECT_EQ(target.ends, 1);
}

TEST_F(DP2, EmptyCommandBufferSucceeds) {
    run(std::vector<std::byte>{});
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(data.dwErrorOffset, 0u);
    EXPECT_TRUE(target.calls.empty());
}

TEST_F(DP2, CommandRangeBeyondTheBufferIsRejected) {
    CommandStream s = threeStates();
    run(s);
    commandBuffer.dwSize -= 1; // the buffer no longer holds dwCommandOffset + dwCommandLength
    target.calls.clear();
    data.dwhContext = handle;
    EXPECT_EQ(drawPrimitives2(contexts, &data), DDHAL_DRIVER_HANDLED);
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
    EXPECT_EQ(data.dwErrorOffset, 0u);
    EXPECT_TRUE(target.calls.empty());
}

TEST_F(DP2, ErrorOffsetPointsAtFirstUnhandledCommand) {
    CommandStream s = threeStates();
    target.failMethod = "textureStageStates";
    s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1).put(D3DHAL_DP2TEXTURESTAGESTATE{1, 2, 3});
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    run(s);
    EXPECT_EQ(data.ddrval, E_FAIL);
    EXPECT_EQ(data.dwErrorOffset, s.tokens()[3].start);
}

TEST_F(DP2, ErrorOffsetIsRelativeToTheStartOfTheCommandBuffer) {
    // d3dhal.h: "offset in lpDDCommands to first D3DHAL_COMMAND not handled": from the
    // buffer's first byte, so dwCommandOffset is included.
    CommandStream s = threeStates();
    s.cmd(D3DDP2OP_RENDERSTATE, 2).put(D3DHAL_DP2RENDERSTATE{1, {.dwState = 1}}); // truncated
    run(s, {.commandOffset = 40});
    EXPECT_EQ(data.ddrval, D3DERR_COMMAND_UNPARSED);
    EXPECT_EQ(data.dwErrorOffset, 40 + s.tokens()[3].start);
}

TEST_F(DP2, CommandsBeforeTheErrorTakeEffectNoneAfter) {
    CommandStream s = threeStates();
    s.cmd(D3DDP2OP_CLEAR, 0).put(D3DCLEAR_TARGET).put(0u).put(1.f).put(0u);
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    target.failMethod = "clear";
    run(s);
    EXPECT_EQ(data.ddrval, E_FAIL);
    EXPECT_EQ(target.methods(),
              (std::vector<std::string>{"renderStates", "renderStates", "renderStates", "clear"}));
    EXPECT_EQ(data.dwErrorOffset, s.tokens()[3].start);
    EXPECT_EQ(target.ends, 1); // the target still hears the end of the call
}

TEST_F(DP2, FailingCommandIsValidatedBeforeTheTargetSeesIt) {
    // A SETLIGHT token whose second light is truncated: the target sees none of it.
    CommandStream s;
    s.cmd(D3DDP2OP_SETLIGHT, 2).put(D3DHAL_DP2SETLIGHT{0, D3DHAL_SETLIGHT_ENABLE});
    s.put(D3DHAL_DP2SETLIGHT{1, D3DHAL_SETLIGHT_DATA}).put(uint32_t{1}); // light data cut short
    run(s);
    EXPECT_EQ(data.ddrval, D3DERR_COMMAND_UNPARSED);
    EXPECT_EQ(data.dwErrorOffset, 0u);
    EXPECT_TRUE(target.calls.empty());
}

TEST_F(DP2, TruncatedTokenHeaderIsRejected) {
    CommandStream s = threeStates();
    std::vector<std::byte> bytes = s.bytes();
    bytes.push_back(std::byte{D3DDP2OP_RENDERSTATE});
    bytes.push_back(std::byte{0});
    run(bytes);
    EXPECT_EQ(data.ddrval, D3DERR_COMMAND_UNPARSED);
    EXPECT_EQ(data.dwErrorOffset, s.size());
    EXPECT_EQ(target.calls.size(), 3u);
}

TEST_F(DP2, BeginExecuteFailureFailsTheCallBeforeAnyCommand) {
    target.beginResult = E_OUTOFMEMORY;
    CommandStream s = threeStates();
    run(s, {.commandOffset = 8});
    EXPECT_EQ(data.ddrval, E_OUTOFMEMORY);
    EXPECT_EQ(data.dwErrorOffset, 8u);
    EXPECT_TRUE(target.calls.empty());
    EXPECT_EQ(target.ends, 0);
}

TEST_F(DP2, SuccessLeavesNoResponses) {
    CommandStream s = threeStates();
    run(s);
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(data.dwErrorOffset, 0u); // DX9: dwErrorOffset on success = response bytes (none)
}

TEST_F(DP2, ResponseTokensAreRejectedInCommandBuffers) {
    CommandStream s;
    s.cmd(D3DDP2OP_RESPONSEQUERY, 0);
    run(s);
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
    EXPECT_EQ(data.dwErrorOffset, 0u);
}

// --- Unknown opcodes and D3dParseUnknownCommand ------------------------------------------

struct ParseLog {
    std::vector<uint8_t> opcodes;
    int skipBytes = 8; // resume this far past the token
    HRESULT result = S_OK;
    intptr_t resumeOverride = 0; // nonzero: return this offset from the token instead
};
ParseLog g_parse;

HRESULT DDIVK_STDCALL parseUnknown(void* commands, void** resume) {
    auto* token = static_cast<std::byte*>(commands);
    g_parse.opcodes.push_back(static_cast<uint8_t>(token[0]));
    *resume = token + (g_parse.resumeOverride ? g_parse.resumeOverride : g_parse.skipBytes);
    return g_parse.result;
}

// Installs parseUnknown as the runtime callback and returns a stream with an unknown opcode
// (200, 8 bytes) as its fourth token.
CommandStream withUnknown(ContextTable& contexts) {
    g_parse = ParseLog{};
    contexts.setParseUnknownCommand(parseUnknown);
    CommandStream s = threeStates();
    s.cmd(200, 1).put(uint32_t{0xABCD});
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    return s;
}

TEST_F(DP2, UnknownOpcodeGoesToParseCallbackAndResumes) {
    CommandStream s = withUnknown(contexts);
    run(s);
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(g_parse.opcodes, std::vector<uint8_t>{200});
    EXPECT_EQ(target.methods().back(), "zRange");
    EXPECT_EQ(target.calls.size(), 4u);
}

TEST_F(DP2, EveryUnassignedOpcodeIsUnknown) {
    withUnknown(contexts);
    for (uint32_t op = 0; op < 256; ++op) {
        if (opcodeName(op)) continue;
        g_parse.opcodes.clear();
        CommandStream s;
        s.cmd(static_cast<uint8_t>(op), 0).put(uint32_t{0});
        run(s);
        EXPECT_EQ(data.ddrval, S_OK) << op;
        EXPECT_EQ(g_parse.opcodes.size(), 1u) << op;
    }
}

TEST_F(DP2, UnknownOpcodeWithoutCallbackFails) {
    CommandStream s = withUnknown(contexts);
    contexts.setParseUnknownCommand(nullptr);
    run(s);
    EXPECT_EQ(data.ddrval, D3DERR_COMMAND_UNPARSED);
    EXPECT_EQ(data.dwErrorOffset, s.tokens()[3].start);
    EXPECT_EQ(target.calls.size(), 3u);
}

TEST_F(DP2, ParseCallbackFailureStopsAtTheUnknownCommand) {
    CommandStream s = withUnknown(contexts);
    g_parse.result = D3DERR_INVALIDCALL;
    run(s);
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
    EXPECT_EQ(data.dwErrorOffset, s.tokens()[3].start);
    EXPECT_EQ(target.calls.size(), 3u);
}

TEST_F(DP2, ParseCallbackResumePointerMustBePastTheCommand) {
    for (intptr_t resume : {-4, 1, 3}) {
        target.calls.clear();
        CommandStream s = withUnknown(contexts);
        g_parse.resumeOverride = resume;
        run(s);
        EXPECT_EQ(data.ddrval, D3DERR_COMMAND_UNPARSED) << resume;
        EXPECT_EQ(data.dwErrorOffset, s.tokens()[3].start) << resume;
        EXPECT_EQ(target.calls.size(), 3u) << resume;
    }
}

TEST_F(DP2, ParseCallbackResumePointerMustLieInsideTheCommandBuffer) {
    CommandStream s = withUnknown(contexts);
    const auto& tokens = s.tokens();
    g_parse.resumeOverride = static_cast<intptr_t>(s.size() - tokens[3].start + 1); // one past the end
    run(s);
    EXPECT_EQ(data.ddrval, D3DERR_COMMAND_UNPARSED);
    EXPECT_EQ(data.dwErrorOffset, tokens[3].start);
    // Exactly the end is fine: nothing left to execute.
    g_parse.resumeOverride = static_cast<intptr_t>(s.size() - tokens[3].start);
    target.calls.clear();
    run(s);
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(target.calls.size(), 3u);
}

TEST_F(DP2, NullArgumentBlockIsNotHandled) {
    EXPECT_EQ(drawPrimitives2(contexts, nullptr), DDHAL_DRIVER_NOTHANDLED);
}

TEST_F(DP2, VertexSizeIsReadBeforeDdrvalIsWritten) {
    // dwVertexSize and ddrval share storage: the executor must use the size the runtime sent.
    const auto vertices = makeVertices(3);
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
    run(s, {.flags = D3DHALDP2_USERMEMVERTICES, .vertices = vertices.data(), .vertexCount = 3});
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(target.lastInfo.vertexSize, sizeof(TLVertex));
    EXPECT_EQ(target.lastInfo.vertices.size(), 3 * sizeof(TLVertex));
}

} // namespace
} // namespace ddivk::dp2::test
