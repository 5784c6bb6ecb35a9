// Builds DP2 command streams for the tests, remembering where each token starts and where its
// required data ends (IMM tokens may be followed by DWORD padding).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "ddivk/dp2.h"

namespace ddivk::dp2::test {

class CommandStream {
  public:
    struct Token {
        size_t start = 0;   // offset of the D3DHAL_DP2COMMAND
        size_t needEnd = 0; // end of the data the token needs (before trailing padding)
        uint8_t op = 0;
    };

    // Starts a token.
    CommandStream& cmd(uint8_t op, uint16_t count) {
        closeToken();
        open_ = true;
        tokens_.push_back(Token{bytes_.size(), 0, op});
        D3DHAL_DP2COMMAND token{};
        token.bCommand = op;
        token.wStateCount = count;
        return put(token);
    }
    template <class T> CommandStream& put(const T& value) { return raw(&value, sizeof(T)); }
    template <class T> CommandStream& putAll(const std::vector<T>& values) {
        return raw(values.data(), values.size() * sizeof(T));
    }
    CommandStream& raw(const void* data, size_t size) {
        const auto* p = static_cast<const std::byte*>(data);
        bytes_.insert(bytes_.end(), p, p + size);
        return *this;
    }
    // Pads with zero bytes to a multiple of 4 (the IMM rule).
    CommandStream& alignDword() {
        while (bytes_.size() % 4)
            bytes_.push_back(std::byte{0});
        return *this;
    }
    // Marks the end of the current token's required data (before any padding).
    CommandStream& endData() {
        if (open_) tokens_.back().needEnd = bytes_.size();
        open_ = false;
        return *this;
    }

    const std::vector<std::byte>& bytes() {
        closeToken();
        return bytes_;
    }
    const std::vector<Token>& tokens() {
        closeToken();
        return tokens_;
    }
    size_t size() const { return bytes_.size(); }

  private:
    void closeToken() {
        if (open_) tokens_.back().needEnd = bytes_.size();
        open_ = false;
    }
    std::vector<std::byte> bytes_;
    std::vector<Token> tokens_;
    bool open_ = false;
};

} // namespace ddivk::dp2::test
