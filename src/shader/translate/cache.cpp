#include "shader/translate/cache.h"

#include <algorithm>

#include "shader/decoder.h"

namespace ddivk::shader {

namespace {

// Mixes one 32-bit value into a 64-bit hash (a multiply and a shift per token: the whole
// bytecode is hashed on each get).
uint64_t mix(uint64_t h, uint32_t v) {
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

// Entries compare the whole bytecode and key; the hash only sorts them into buckets.
uint64_t hashOf(std::span<const uint32_t> tokens, const TranslationKey& key) {
    uint64_t h = mix(0x243F6A8885A308D3ull, uint32_t(tokens.size()));
    for (uint32_t t : tokens)
        h = mix(h, t);
    for (uint32_t word : keyWords(key))
        h = mix(h, word);
    return h;
}

} // namespace

size_t cacheKeyLength(std::span<const uint32_t> tokens) {
    if (tokens.empty()) return 0;
    // Version token bits 8-15: the major version; before SM2 instructions carry no length.
    const bool sm1 = ((tokens[0] >> 8) & 0xFF) < 2;
    size_t pos = 1;
    while (pos < tokens.size()) {
        const uint32_t token = tokens[pos];
        if (token == kEndToken) return pos + 1;
        const uint32_t opcode = token & kOpcodeMask;
        ++pos;
        if (opcode == kOpComment) {
            pos += (token & kCommentSizeMask) >> kCommentSizeShift;
        } else if (!sm1) {
            pos += (token & kLengthMask) >> kLengthShift;
        } else if (opcode == kOpDef || opcode == kOpDefi) {
            pos += 5; // destination and four raw values
        } else if (opcode == kOpDefb) {
            pos += 2;
        } else {
            while (pos < tokens.size() && (tokens[pos] & kParamBit))
                ++pos;
        }
    }
    return tokens.size();
}

size_t TranslationCache::size() const {
    std::lock_guard lock(mutex_);
    return size_;
}

Result<TranslationCache::Entry> TranslationCache::get(std::span<const uint32_t> tokens,
                                                      const TranslationKey& key) {
    tokens = tokens.first(cacheKeyLength(tokens));
    const uint64_t hash = hashOf(tokens, key);
    Node* node = nullptr;
    {
        std::lock_guard lock(mutex_);
        auto& bucket = nodes_[hash];
        for (const auto& n : bucket) {
            if (n->key == key && std::ranges::equal(n->tokens, tokens)) {
                node = n.get();
                break;
            }
        }
        if (node) {
            hits_.fetch_add(1, std::memory_order_relaxed);
        } else {
            auto fresh = std::make_unique<Node>();
            fresh->tokens.assign(tokens.begin(), tokens.end());
            fresh->key = key;
            node = fresh.get();
            bucket.push_back(std::move(fresh));
            ++size_;
        }
    }
    // Nodes are never removed, so `node` outlives the lock; other pairs translate meanwhile.
    std::call_once(node->once, [node, this] {
        translations_.fetch_add(1, std::memory_order_relaxed);
        const auto program = decode(node->tokens, {node->key.softwareVertexRegisters});
        if (!program) {
            node->result.emplace(program.error());
            return;
        }
        auto translation = translate(*program, node->key);
        if (!translation) {
            node->result.emplace(translation.error());
            return;
        }
        node->result.emplace(std::make_shared<const Translation>(std::move(*translation)));
    });
    return *node->result;
}

} // namespace ddivk::shader
