// Numeric option values (util/config_values.h): what parses, what is refused, and that the
// process reader logs a refused value and treats it as unset.
#include <gtest/gtest.h>

#include <cstdlib>

#include "util/config_values.h"

namespace ddivk::config {
namespace {

TEST(ConfigValues, NumbersAreDecimalWithinTheirRange) {
    EXPECT_EQ(parseNumber("60", 0, 1000), 60.0);
    EXPECT_EQ(parseNumber(" 59.94 ", 0, 1000), 59.94);
    EXPECT_EQ(parseNumber("0", 0, 1000), 0.0);
    EXPECT_EQ(parseNumber("1e2", 0, 1000), 100.0);
    EXPECT_EQ(parseNumber("1000", 0, 1000), 1000.0);
    for (const char* bad : {"", " ", "1001", "-1", "60fps", "fast", "6 0", "inf", "nan", "0x10", "+5"})
        EXPECT_FALSE(parseNumber(bad, 0, 1000).has_value()) << '"' << bad << '"';
}

TEST(ConfigValues, HexNumbersTakeAnOptionalPrefixAndStayUnderTheirLimit) {
    EXPECT_EQ(parseHex("10de", 0xFFFF), 0x10DEu);
    EXPECT_EQ(parseHex("0x10DE", 0xFFFF), 0x10DEu);
    EXPECT_EQ(parseHex(" 0X1002\r", 0xFFFF), 0x1002u);
    EXPECT_EQ(parseHex("ffff", 0xFFFF), 0xFFFFu);
    for (const char* bad : {"", "0x", "10000", "-1", "10de!", "0x 10", "g", "NVIDIA", "99999999999"})
        EXPECT_FALSE(parseHex(bad, 0xFFFF).has_value()) << '"' << bad << '"';
}

// The process reader: set, unset and a typo (nullopt; the error goes to the log).
TEST(ConfigValues, AValueThatIsNotANumberCountsAsUnset) {
    ::setenv("DDIVK_MAX_FRAME_RATE", "75", 1);
    EXPECT_EQ(getNumber("DDIVK_MAX_FRAME_RATE", 0, 1000), 75.0);
    ::setenv("DDIVK_MAX_FRAME_RATE", "seventy", 1);
    EXPECT_FALSE(getNumber("DDIVK_MAX_FRAME_RATE", 0, 1000).has_value());
    ::unsetenv("DDIVK_MAX_FRAME_RATE");
    EXPECT_FALSE(getNumber("DDIVK_MAX_FRAME_RATE", 0, 1000).has_value());
    ::setenv("DDIVK_VENDOR_ID", "0x1002", 1);
    EXPECT_EQ(getHex("DDIVK_VENDOR_ID", 0xFFFF), 0x1002u);
    ::setenv("DDIVK_VENDOR_ID", "AMD", 1);
    EXPECT_FALSE(getHex("DDIVK_VENDOR_ID", 0xFFFF).has_value());
    ::unsetenv("DDIVK_VENDOR_ID");
}

} // namespace
} // namespace ddivk::config
