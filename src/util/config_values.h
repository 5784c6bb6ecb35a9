// Numeric options (docs/configuration.md): an option read through config::get and parsed as a
// number in a range. A value that is not one is a user's typo: it is logged as an error naming the
// option and the value, and the option counts as unset.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace ddivk::config {

// The whole of `text` (blanks around it aside) as a decimal number from `low` to `high` ("60",
// "59.94"); nullopt otherwise.
std::optional<double> parseNumber(std::string_view text, double low, double high);
// The whole of `text` as a hexadecimal number up to `high` ("10de", "0x10DE"); nullopt otherwise.
std::optional<uint32_t> parseHex(std::string_view text, uint32_t high);

// Option `name` (config::get) as parseNumber / parseHex read it; nullopt when unset or not valid
// (then an error is logged).
std::optional<double> getNumber(const char* name, double low, double high);
std::optional<uint32_t> getHex(const char* name, uint32_t high);

} // namespace ddivk::config
