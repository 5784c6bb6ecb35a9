#include "check.h"

#include <cstring>
#include <string>
#include <vector>

namespace wine_check {
namespace {

struct Test {
    const char* suite;
    const char* name;
    TestFn fn;
};

std::vector<Test>& tests() {
    static std::vector<Test> all;
    return all;
}

int g_failures = 0; // of the running test

} // namespace

Registrar::Registrar(const char* suite, const char* name, TestFn fn) {
    tests().push_back({suite, name, fn});
}

void fail(const char* file, int line, const char* what) {
    ++g_failures;
    std::printf("  %s:%d: failed: %s\n", file, line, what);
}

} // namespace wine_check

// Arguments: run only the tests whose "Suite.Name" contains one of them (all without any), and
// none whose name contains an argument given as -TEXT.
int main(int argc, char** argv) {
    int passed = 0, failed = 0;
    bool anyChoice = false;
    for (int i = 1; i < argc; ++i)
        anyChoice = anyChoice || argv[i][0] != '-';
    for (const wine_check::Test& t : wine_check::tests()) {
        const std::string full = std::string(t.suite) + "." + t.name;
        bool chosen = !anyChoice, excluded = false;
        for (int i = 1; i < argc; ++i) {
            if (argv[i][0] == '-')
                excluded = excluded || std::strstr(full.c_str(), argv[i] + 1) != nullptr;
            else
                chosen = chosen || std::strstr(full.c_str(), argv[i]) != nullptr;
        }
        if (!chosen || excluded) continue;
        wine_check::g_failures = 0;
        t.fn();
        const bool ok = wine_check::g_failures == 0;
        std::printf("[%s] %s.%s\n", ok ? "  OK  " : " FAIL ", t.suite, t.name);
        std::fflush(stdout);
        (ok ? passed : failed)++;
    }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
