#include "util/config_values.h"

#include <charconv>
#include <cmath>

#include "util/config.h"
#include "util/log.h"

namespace ddivk::config {

std::optional<double> parseNumber(std::string_view text, double low, double high) {
    text = trim(text);
    double value = 0;
    // (from_chars also reads "inf" and "nan": not numbers a user means.)
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    if (!(value >= low && value <= high)) return std::nullopt;
    return value;
}

std::optional<uint32_t> parseHex(std::string_view text, uint32_t high) {
    text = trim(text);
    if (text.starts_with("0x") || text.starts_with("0X")) text.remove_prefix(2);
    uint32_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || value > high)
        return std::nullopt;
    return value;
}

std::optional<double> getNumber(const char* name, double low, double high) {
    const char* value = get(name);
    if (!value) return std::nullopt;
    const std::optional<double> n = parseNumber(value, low, high);
    if (!n)
        DDIVK_ERROR("config: %s = \"%s\" is not a number from %g to %g (ignored)", name, value, low, high);
    return n;
}

std::optional<uint32_t> getHex(const char* name, uint32_t high) {
    const char* value = get(name);
    if (!value) return std::nullopt;
    const std::optional<uint32_t> n = parseHex(value, high);
    if (!n)
        DDIVK_ERROR("config: %s = \"%s\" is not a hexadecimal number up to %X (ignored)", name, value,
                    unsigned(high));
    return n;
}

} // namespace ddivk::config
