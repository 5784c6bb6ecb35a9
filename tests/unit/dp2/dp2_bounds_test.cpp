// "The driver must stay within the bounds specified by dwCommandLength and dwVertexLength":
// buffers end right before a PROT_NONE page and every prefix of a stream that holds every
// opcode is executed; also the opcode table is walked row by row.
#include <string>

#include "dp2_fixture.h"
#include "every_opcode.h"
#include "guarded_memory.h"

namespace ddivk::dp2::test {
namespace {

std::string methodOf(uint8_t op) {
    std::string method = opcodeTargetMethod(op);
    return method.substr(0, method.find('('));
}

TEST_F(DP2, EveryDx9OpcodeIsRoutedToTheTarget) {
    CommandStream s;
    appendEveryOpcode(s);
    const auto vertices = makeVertices(kEveryOpcodeVertices);
    run(s, {.flags = D3DHALDP2_USERMEMVERTICES,
            .vertices = vertices.data(),
            .vertexCount = kEveryOpcodeVertices});
    ASSERT_EQ(data.ddrval, S_OK) << "failed at " << data.dwErrorOffset;
    const auto& tokens = s.tokens();
    ASSERT_EQ(target.calls.size(), tokens.size());
    std::vector<bool> seen(256, false);
    for (size_t i = 0; i < tokens.size(); ++i) {
        EXPECT_EQ(target.calls[i].method, methodOf(tokens[i].op)) << opcodeName(tokens[i].op);
        seen[tokens[i].op] = true;
    }
    // Every row of the opcode table is covered (the response tokens are rejected by design).
    size_t rows = 0;
    for (uint32_t op = 0; op < 256; ++op) {
        if (!opcodeName(op)) continue;
        ++rows;
        if (op == D3DDP2OP_RESPONSEQUERY || op == D3DDP2OP_RESPONSECONTINUE) continue;
        EXPECT_TRUE(seen[op]) << opcodeName(op);
    }
    EXPECT_EQ(rows, knownOpcodeCount());
    EXPECT_EQ(target.misaligned, 0);
}

TEST_F(DP2, OpcodeTableHasTheDdkNames) {
    EXPECT_STREQ(opcodeName(D3DDP2OP_POINTS), "POINTS");
    EXPECT_STREQ(opcodeName(D3DDP2OP_SURFACEBLT), "SURFACEBLT");
    EXPECT_STREQ(opcodeName(D3DDP2OP_SETSTREAMSOURCEFREQ), "SETSTREAMSOURCEFREQ");
    EXPECT_EQ(opcodeName(4), nullptr);
    EXPECT_EQ(opcodeName(37), nullptr);
    EXPECT_EQ(opcodeName(92), nullptr);
    EXPECT_EQ(opcodeName(256), nullptr);
    EXPECT_EQ(knownOpcodeCount(), 82u);
}

// Outcome expected for the first `length` bytes of `tokens`' stream.
struct Expected {
    size_t executed = 0;
    bool ok = true;
    size_t errorOffset = 0;
};

Expected expectedFor(const std::vector<CommandStream::Token>& tokens, size_t length) {
    Expected e;
    for (const CommandStream::Token& t : tokens) {
        if (t.start >= length) break;
        if (t.needEnd > length) {
            e.ok = false;
            e.errorOffset = t.start;
            break;
        }
        ++e.executed;
    }
    return e;
}

TEST_F(DP2, NeverReadsPastCommandLength) {
    CommandStream s;
    appendEveryOpcode(s);
    const std::vector<std::byte>& stream = s.bytes();
    GuardedMemory vertexMemory(kEveryOpcodeVertices * sizeof(TLVertex));
    const auto vertices = makeVertices(kEveryOpcodeVertices);
    std::memcpy(vertexMemory.data(), vertices.data(), vertexMemory.size());

    for (size_t length = 0; length <= stream.size(); ++length) {
        GuardedMemory commands(stream.data(), length);
        DDIVK_DP2BUFFER buffer{commands.data(), static_cast<uint32_t>(length), 0, nullptr};
        target.calls.clear();
        data = D3DHAL_DRAWPRIMITIVES2DATA{};
        data.dwhContext = handle;
        data.dwFlags = D3DHALDP2_USERMEMVERTICES;
        data.dwVertexType = kEveryOpcodeFvf;
        data.lpDDCommands = &buffer;
        data.dwCommandLength = static_cast<uint32_t>(length);
        data.lpVertices = vertexMemory.data();
        data.dwVertexLength = kEveryOpcodeVertices;
        data.dwVertexSize = sizeof(TLVertex);
        ASSERT_EQ(drawPrimitives2(contexts, &data), DDHAL_DRIVER_HANDLED);

        const Expected expected = expectedFor(s.tokens(), length);
        ASSERT_EQ(target.calls.size(), expected.executed) << "length " << length;
        if (expected.ok) {
            ASSERT_EQ(data.ddrval, S_OK) << "length " << length << " error at " << data.dwErrorOffset;
        } else {
            ASSERT_EQ(data.ddrval, D3DERR_COMMAND_UNPARSED) << "length " << length;
            ASSERT_EQ(data.dwErrorOffset, expected.errorOffset) << "length " << length;
        }
    }
}

TEST_F(DP2, NeverReadsPastCommandLengthAtAnyAlignment) {
    // The same walk with the stream placed 1..3 bytes into the buffer (dwCommandOffset).
    CommandStream s;
    appendEveryOpcode(s);
    const std::vector<std::byte>& stream = s.bytes();
    const auto vertices = makeVertices(kEveryOpcodeVertices);
    for (uint32_t offset : {1u, 2u, 3u, 4u}) {
        for (size_t length = 0; length <= stream.size(); length += 7) {
            std::vector<std::byte> prefix(offset, std::byte{0});
            prefix.insert(prefix.end(), stream.begin(), stream.begin() + static_cast<ptrdiff_t>(length));
            GuardedMemory commands(prefix.data(), prefix.size());
            DDIVK_DP2BUFFER buffer{commands.data(), static_cast<uint32_t>(prefix.size()), 0, nullptr};
            target.calls.clear();
            data = D3DHAL_DRAWPRIMITIVES2DATA{};
            data.dwhContext = handle;
            data.dwFlags = D3DHALDP2_USERMEMVERTICES;
            data.dwVertexType = kEveryOpcodeFvf;
            data.lpDDCommands = &buffer;
            data.dwCommandOffset = offset;
            data.dwCommandLength = static_cast<uint32_t>(length);
            data.lpVertices = const_cast<TLVertex*>(vertices.data());
            data.dwVertexLength = kEveryOpcodeVertices;
            data.dwVertexSize = sizeof(TLVertex);
            drawPrimitives2(contexts, &data);
            // IMM padding is measured from the buffer start, so a shifted stream may decode
            // differently; what matters here is that nothing outside the buffer is read.
            if (offset == 4) {
                const Expected expected = expectedFor(s.tokens(), length);
                EXPECT_EQ(target.calls.size(), expected.executed) << length;
                if (!expected.ok) {
                    EXPECT_EQ(data.dwErrorOffset, offset + expected.errorOffset) << length;
                }
            }
        }
    }
    EXPECT_EQ(target.misaligned, 0);
}

TEST_F(DP2, NeverReadsPastVertexLength) {
    // 16 vertices end right before a guard page; draws that reach vertex 15 succeed, draws
    // that would read vertex 16 are rejected before the target sees them.
    GuardedMemory vertexMemory(kEveryOpcodeVertices * sizeof(TLVertex));
    const auto vertices = makeVertices(kEveryOpcodeVertices);
    std::memcpy(vertexMemory.data(), vertices.data(), vertexMemory.size());
    struct Case {
        uint8_t op;
        uint16_t start;
        bool ok;
    };
    for (Case c : {Case{D3DDP2OP_TRIANGLELIST, 13, true}, Case{D3DDP2OP_TRIANGLELIST, 14, false},
                   Case{D3DDP2OP_TRIANGLESTRIP, 13, true}, Case{D3DDP2OP_TRIANGLESTRIP, 14, false},
                   Case{D3DDP2OP_LINESTRIP, 14, true}, Case{D3DDP2OP_LINESTRIP, 15, false},
                   Case{D3DDP2OP_LINELIST, 14, true}, Case{D3DDP2OP_LINELIST, 15, false}}) {
        CommandStream s;
        s.cmd(c.op, 1).put(D3DHAL_DP2STARTVERTEX{c.start});
        target.calls.clear();
        run(s, {.flags = D3DHALDP2_USERMEMVERTICES,
                .vertices = vertexMemory.data(),
                .vertexCount = kEveryOpcodeVertices});
        EXPECT_EQ(data.ddrval, c.ok ? S_OK : D3DERR_INVALIDCALL) << int(c.op) << " " << c.start;
        EXPECT_EQ(target.calls.size(), c.ok ? 1u : 0u);
    }
    CommandStream s;
    s.cmd(D3DDP2OP_INDEXEDLINELIST, 2)
        .put(D3DHAL_DP2INDEXEDLINELIST{15, 0})
        .put(D3DHAL_DP2INDEXEDLINELIST{16, 0});
    run(s, {.flags = D3DHALDP2_USERMEMVERTICES,
            .vertices = vertexMemory.data(),
            .vertexCount = kEveryOpcodeVertices});
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
}

} // namespace
} // namespace ddivk::dp2::test
