// Walks every row of the version and opcode tables (src/shader/tables.cpp).
#include <gtest/gtest.h>

#include "shader/assembler.h"
#include "shader/decoder.h"
#include "shader/tables.h"

namespace ddivk::shader {
namespace {

TEST(ShaderTables, EveryVersionDecodesAndAssembles) {
    for (const VersionInfo& v : allVersions()) {
        const uint32_t tag = v.type == ShaderType::Vertex ? 0xFFFE0000 : 0xFFFF0000;
        auto program = decode({{tag | uint32_t(v.major) << 8 | v.minor, 0x0000FFFF}});
        ASSERT_TRUE(program) << v.name;
        auto tokens = assemble(std::string(v.name) + "\n");
        ASSERT_TRUE(tokens) << v.name;
        EXPECT_EQ((*tokens)[0], tag | uint32_t(v.major) << 8 | v.minor) << v.name;
    }
}

TEST(ShaderTables, RowsOfOneOpcodeDoNotOverlap) {
    for (const VersionInfo& v : allVersions()) {
        const int code = versionCode(v.major, v.minor);
        for (const OpcodeInfo& a : allOpcodes())
            for (const OpcodeInfo& b : allOpcodes()) {
                if (&a == &b || a.opcode != b.opcode) continue;
                const auto& ra = v.type == ShaderType::Vertex ? a.vs : a.ps;
                const auto& rb = v.type == ShaderType::Vertex ? b.vs : b.ps;
                EXPECT_FALSE(ra.contains(code) && rb.contains(code)) << a.name << " in " << v.name;
            }
    }
}

TEST(ShaderTables, EveryOpcodeRowIsKnownAndFound) {
    for (const OpcodeInfo& op : allOpcodes()) {
        EXPECT_TRUE(knownOpcode(op.opcode)) << op.name;
        EXPECT_LE(op.dstCount, 1) << op.name;
        for (const VersionInfo& v : allVersions()) {
            const int code = versionCode(v.major, v.minor);
            if (!(v.type == ShaderType::Vertex ? op.vs : op.ps).contains(code)) continue;
            EXPECT_EQ(findOpcode(op.opcode, v.type, code), &op) << op.name << " in " << v.name;
        }
    }
}

} // namespace
} // namespace ddivk::shader
