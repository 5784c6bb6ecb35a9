// TranslationCache: one decode and translation per (bytecode, key), errors included, shared
// between threads; the key is the bytecode to its end token (cacheKeyLength).
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "shader/assembler.h"
#include "shader/translate/cache.h"
#include "unit/shader/spirv_val.h"

namespace ddivk::shader::test {
namespace {

constexpr const char* kVs20 = R"(vs_2_0
dcl_position v0
dcl_texcoord v1
m4x4 oPos, v0, c0
mov oT0.xy, v1
)";

constexpr const char* kPs20 = R"(ps_2_0
dcl t0.xy
dcl_2d s0
texld r0, t0, s0
mov oC0, r0
)";

std::vector<uint32_t> tokensOf(const char* text) {
    auto tokens = assemble(text);
    if (!tokens) {
        ADD_FAILURE() << tokens.error().message();
        return {};
    }
    return *tokens;
}

TEST(TranslationCache, SameBytecodeTranslatesOnce) {
    TranslationCache cache;
    const auto tokens = tokensOf(kVs20);
    const auto first = cache.get(tokens);
    ASSERT_TRUE(first) << first.error().message();
    const auto second = cache.get(tokens);
    ASSERT_TRUE(second);
    EXPECT_EQ(first->get(), second->get());
    EXPECT_EQ(cache.translations(), 1u);
    EXPECT_EQ(cache.hits(), 1u);
    EXPECT_EQ(cache.size(), 1u);
    const auto val = spirv::test::spirvVal((*first)->spirv);
    EXPECT_TRUE(val.valid) << val.output;
}

TEST(TranslationCache, CopyOfTheBytecodeHits) {
    TranslationCache cache;
    const auto tokens = tokensOf(kVs20);
    const std::vector<uint32_t> copy = tokens;
    const auto first = cache.get(tokens);
    const auto second = cache.get(copy);
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->get(), second->get());
    EXPECT_EQ(cache.translations(), 1u);
}

// decode() ignores tokens after the end token, so the key stops there.
TEST(TranslationCache, TokensAfterTheEndTokenAreNotPartOfTheKey) {
    TranslationCache cache;
    auto tokens = tokensOf(kVs20);
    const auto first = cache.get(tokens);
    tokens.push_back(0xDEADBEEF);
    tokens.push_back(kEndToken);
    EXPECT_EQ(cacheKeyLength(tokens), tokens.size() - 2);
    const auto second = cache.get(tokens);
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->get(), second->get());
    EXPECT_EQ(cache.translations(), 1u);
}

TEST(TranslationCache, DifferentKeyTranslatesAgain) {
    TranslationCache cache;
    const auto tokens = tokensOf(kPs20);
    TranslationKey shadow;
    shadow.shadowSamplers = 1;
    const auto plain = cache.get(tokens);
    const auto compared = cache.get(tokens, shadow);
    ASSERT_TRUE(plain && compared);
    EXPECT_NE(plain->get(), compared->get());
    EXPECT_NE((*plain)->spirv, (*compared)->spirv);
    EXPECT_EQ(cache.translations(), 2u);
    EXPECT_EQ(cache.hits(), 0u);
    EXPECT_EQ(cache.get(tokens, shadow)->get(), compared->get());
    EXPECT_EQ(cache.hits(), 1u);
}

// Streams that agree on every token but one near the end (same length, same prefix) are two
// entries.
TEST(TranslationCache, DifferentBytecodeWithTheSamePrefixTranslatesAgain) {
    TranslationCache cache;
    const auto a = tokensOf("vs_2_0\ndcl_position v0\nmov oPos, v0\nadd oT0, v0, c1\n");
    const auto b = tokensOf("vs_2_0\ndcl_position v0\nmov oPos, v0\nadd oT0, v0, c2\n");
    ASSERT_EQ(a.size(), b.size());
    const auto ta = cache.get(a);
    const auto tb = cache.get(b);
    ASSERT_TRUE(ta && tb);
    EXPECT_NE(ta->get(), tb->get());
    EXPECT_NE((*ta)->spirv, (*tb)->spirv);
    EXPECT_EQ(cache.translations(), 2u);
}

// A def value whose bits equal the end token (a denormal float) does not end the key: the key
// walks instructions, not tokens.
TEST(TranslationCache, EndTokenBitsInsideAnInstructionDoNotEndTheKey) {
    for (const char* version : {"ps_1_1", "ps_2_0"}) {
        SCOPED_TRACE(version);
        const std::string head = std::string(version) + "\ndef c0, 1, 0, 0, 0\n";
        auto a = tokensOf((head + "mov r0, c0\n").c_str());
        auto b = tokensOf((head + "mov r0, c1\n").c_str());
        ASSERT_GT(a.size(), 4u);
        // Version, def, destination, then the first value.
        ASSERT_EQ(a[3], 0x3F800000u);
        a[3] = b[3] = kEndToken;
        EXPECT_EQ(cacheKeyLength(a), a.size());
        TranslationCache cache;
        const auto ta = cache.get(a);
        const auto tb = cache.get(b);
        ASSERT_TRUE(ta && tb) << (ta ? tb.error().message() : ta.error().message());
        EXPECT_NE(ta->get(), tb->get());
        EXPECT_EQ(cache.translations(), 2u);
    }
}

// Comment tokens may hold anything, the end token's bits included.
TEST(TranslationCache, CommentsAreSkippedWhenFindingTheEnd) {
    auto tokens = tokensOf(kVs20);
    const std::vector<uint32_t> comment = {kOpComment | (2u << kCommentSizeShift), kEndToken, kEndToken};
    tokens.insert(tokens.begin() + 1, comment.begin(), comment.end());
    EXPECT_EQ(cacheKeyLength(tokens), tokens.size());
    TranslationCache cache;
    EXPECT_TRUE(cache.get(tokens));
}

TEST(TranslationCache, NoEndTokenKeysOnEveryToken) {
    const std::vector<uint32_t> tokens = {0xFFFE0200, 0x02000001, 0x800F0000, 0x90E40000};
    EXPECT_EQ(cacheKeyLength(tokens), tokens.size());
    EXPECT_EQ(cacheKeyLength({}), 0u);
}

TEST(TranslationCache, ErrorsAreCached) {
    TranslationCache cache;
    // A vs_2_0 whose only instruction has an unknown opcode.
    const std::vector<uint32_t> tokens = {0xFFFE0200, 0x00007777, kEndToken};
    const auto first = cache.get(tokens);
    ASSERT_FALSE(first);
    const auto second = cache.get(tokens);
    ASSERT_FALSE(second);
    EXPECT_EQ(first.error().message(), second.error().message());
    EXPECT_EQ(cache.translations(), 1u);
    EXPECT_EQ(cache.hits(), 1u);
    EXPECT_EQ(cache.size(), 1u);
}

TEST(TranslationCache, ConcurrentGetsTranslateOnce) {
    TranslationCache cache;
    const auto tokens = tokensOf(kPs20);
    constexpr int kThreads = 8;
    std::vector<const Translation*> seen(kThreads, nullptr);
    std::atomic<int> ready{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i) {
        threads.emplace_back([&, i] {
            ready.fetch_add(1);
            while (ready.load() < kThreads)
                std::this_thread::yield();
            const auto t = cache.get(tokens);
            if (t) seen[i] = t->get();
        });
    }
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(cache.translations(), 1u);
    EXPECT_EQ(cache.hits(), uint64_t(kThreads - 1));
    for (const Translation* t : seen) {
        EXPECT_NE(t, nullptr);
        EXPECT_EQ(t, seen[0]);
    }
}

// Different pairs from several threads: one translation each, none lost.
TEST(TranslationCache, ConcurrentGetsOfDifferentPairs) {
    TranslationCache cache;
    const auto tokens = tokensOf(kPs20);
    constexpr int kThreads = 4, kKeys = 16;
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i) {
        threads.emplace_back([&] {
            for (int k = 0; k < kKeys; ++k) {
                TranslationKey key;
                key.alphaFunc = uint8_t(1 + k % 8);
                key.legacyZeroMul = k < 8;
                EXPECT_TRUE(cache.get(tokens, key));
            }
        });
    }
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(cache.translations(), uint64_t(kKeys));
    EXPECT_EQ(cache.size(), size_t(kKeys));
    EXPECT_EQ(cache.hits(), uint64_t(kThreads * kKeys - kKeys));
}

} // namespace
} // namespace ddivk::shader::test
