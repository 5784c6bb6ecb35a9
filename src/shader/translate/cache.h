// Translations shared by (bytecode, TranslationKey): each pair is decoded and translated once,
// whatever the number of shaders, draws or threads that ask for it. Errors are kept too, so a
// malformed or untranslatable shader is not decoded again on every draw.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "shader/translate/translator.h"
#include "util/sync.h"

namespace ddivk::shader {

// How many tokens of `tokens` the cache keys on: the version token to the end token inclusive,
// found by walking instruction lengths (SM2+), parameter tokens (bit 31, SM1), def values and
// comments; all of `tokens` when no end token is found that way. Tokens after the end token
// are ignored by decode(), so streams that differ only there share an entry. The cache decodes
// exactly these tokens, which makes every entry a function of its key alone: two streams can
// only share an entry when they decode, and so translate, the same.
size_t cacheKeyLength(std::span<const uint32_t> tokens);

class TranslationCache {
  public:
    using Entry = std::shared_ptr<const Translation>;

    TranslationCache() = default;
    TranslationCache(const TranslationCache&) = delete;
    TranslationCache& operator=(const TranslationCache&) = delete;

    // The translation of `tokens` (to their end token) under `key`, or the decode or translate
    // error. The first caller of a pair translates; callers of the same pair at the same time
    // wait for it and get the same Entry. Entries stay until the cache goes (D3D9 programs
    // create their shaders at load time, so their number is bounded by the application).
    Result<Entry> get(std::span<const uint32_t> tokens, const TranslationKey& key = {});

    // Decode-and-translate runs so far (one per pair).
    uint64_t translations() const { return translations_.load(std::memory_order_relaxed); }
    // Gets that found their pair already there (translated, or being translated by another caller).
    uint64_t hits() const { return hits_.load(std::memory_order_relaxed); }
    // Pairs held, errors included.
    size_t size() const;

  private:
    // One (bytecode, key) pair; `result` is set once, under `once`.
    struct Node {
        std::vector<uint32_t> tokens;
        TranslationKey key;
        std::once_flag once;
        std::optional<Result<Entry>> result;
    };

    mutable util::Mutex mutex_; // nodes_; not held while translating
    // By hash of (tokens, key); the vector holds the pairs whose hashes collide.
    std::unordered_map<uint64_t, std::vector<std::unique_ptr<Node>>> nodes_;
    size_t size_ = 0;
    std::atomic<uint64_t> translations_{0};
    std::atomic<uint64_t> hits_{0};
};

} // namespace ddivk::shader
