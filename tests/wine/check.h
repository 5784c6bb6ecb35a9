// A small test harness for the MinGW-built wine tests (no gtest for Windows): TEST(Suite, Rule)
// registers a test, CHECK* record failures with file and line and let the test go on.
// main (check.cpp) runs every test (or those whose Suite.Name contains an argument), prints one line per test
// and "N passed, N failed", and exits 0 only when every test passed.
#pragma once

#include <cstdio>

namespace wine_check {

using TestFn = void (*)();

// Registers a test at static-initialization time.
struct Registrar {
    Registrar(const char* suite, const char* name, TestFn fn);
};

// Records one failed expectation of the running test.
void fail(const char* file, int line, const char* what);

} // namespace wine_check

#define TEST(suite, name)                                                                          \
    static void suite##_##name();                                                                  \
    static const wine_check::Registrar suite##_##name##_registrar(#suite, #name, suite##_##name);  \
    static void suite##_##name()

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) wine_check::fail(__FILE__, __LINE__, #cond);                                  \
    } while (0)

// Compares two integral values (HRESULTs, counts) and prints both on failure.
#define CHECK_EQ(a, b)                                                                             \
    do {                                                                                           \
        const long long check_a = (long long)(a), check_b = (long long)(b);                        \
        if (check_a != check_b) {                                                                  \
            char check_text[256];                                                                  \
            std::snprintf(check_text, sizeof check_text, "%s == %s (0x%llx vs 0x%llx)", #a, #b,    \
                          (unsigned long long)check_a, (unsigned long long)check_b);               \
            wine_check::fail(__FILE__, __LINE__, check_text);                                      \
        }                                                                                          \
    } while (0)

// CHECK that ends the test when it fails (what follows depends on it).
#define REQUIRE(cond)                                                                              \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            wine_check::fail(__FILE__, __LINE__, #cond);                                           \
            return;                                                                                \
        }                                                                                          \
    } while (0)
