// The D3D9 benchmark's shared command line and window rates (bench/d3d9/bench_run.h).
#include "bench_run.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace {

bool parse(std::vector<std::string> words, BenchOptions& options) {
    words.insert(words.begin(), "d3d9_bench");
    std::vector<char*> argv;
    for (std::string& w : words)
        argv.push_back(w.data());
    return parseBenchOptions(int(argv.size()), argv.data(), options);
}

TEST(BenchOptions, ReadsFramesWarmupWindowAndScenarios) {
    BenchOptions options;
    ASSERT_TRUE(
        parse({"--frames", "300", "--window", "25", "--warmup", "2", "instancing", "draws"}, options));
    EXPECT_EQ(options.frames, 300);
    EXPECT_EQ(options.warmup, 2);
    EXPECT_EQ(options.window, 25);
    EXPECT_TRUE(options.wants("draws"));
    EXPECT_TRUE(options.wants("instancing"));
    EXPECT_FALSE(options.wants("queries"));
}

TEST(BenchOptions, DefaultsPrintNoWindowsAndRunEveryScenario) {
    BenchOptions options;
    ASSERT_TRUE(parse({}, options));
    EXPECT_EQ(options.frames, 100);
    EXPECT_EQ(options.window, 0);
    EXPECT_TRUE(options.wants("state_churn"));
}

// Each command line on fresh options, so that one refusal cannot hide behind an earlier one.
bool refused(std::vector<std::string> words) {
    BenchOptions options;
    return !parse(std::move(words), options);
}

TEST(BenchOptions, RefusesUnknownOptionsMissingValuesAndBadCounts) {
    EXPECT_TRUE(refused({"--windows", "5"}));
    EXPECT_TRUE(refused({"--window"}));
    EXPECT_TRUE(refused({"--window", "-1"}));
    EXPECT_TRUE(refused({"--frames", "0"}));
    EXPECT_TRUE(refused({"--window", "x"}));
    EXPECT_TRUE(refused({"--frames", "12x"}));
    EXPECT_TRUE(refused({"--warmup", ""}));
    EXPECT_TRUE(refused({"--frames", "99999999999"}));
    EXPECT_FALSE(refused({"--window", "0", "--warmup", "0"})); // both may be 0
}

// Reads back what the windows wrote.
std::string written(FILE* file) {
    std::string text;
    std::rewind(file);
    for (int c; (c = std::fgetc(file)) != EOF;)
        text += char(c);
    return text;
}

TEST(WindowRates, PrintsEachFullWindowsRateOverItsOwnSpan) {
    FILE* out = std::tmpfile();
    ASSERT_NE(out, nullptr);
    WindowRates windows(2, "draws", out);
    // Frames of 100 units ending at 0.5, 1.0 (window 0-1: 200 units in 1 s), 1.25, 1.5 (window
    // 2-3: 200 in 0.5 s) and 2.0 (a window left open: not printed).
    EXPECT_FALSE(windows.frameDone(0, 0.5, 100));
    EXPECT_TRUE(windows.frameDone(1, 1.0, 100));
    EXPECT_FALSE(windows.frameDone(2, 1.25, 100));
    EXPECT_TRUE(windows.frameDone(3, 1.5, 100));
    EXPECT_FALSE(windows.frameDone(4, 2.0, 100));
    EXPECT_EQ(written(out), "window 0-1 1.000 200.0 draws/s\n"
                            "window 2-3 1.500 400.0 draws/s\n");
    std::fclose(out);
}

TEST(WindowRates, WindowOfZeroFramesPrintsNothing) {
    FILE* out = std::tmpfile();
    ASSERT_NE(out, nullptr);
    WindowRates windows(0, "instances", out);
    for (int f = 0; f < 4; ++f)
        EXPECT_FALSE(windows.frameDone(f, 0.1 * (f + 1), 10));
    EXPECT_EQ(written(out), "");
    std::fclose(out);
}

} // namespace
