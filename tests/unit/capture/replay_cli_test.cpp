// ddivk-replay's command line (docs/dp2-capture.md, "Replay"): captures it must refuse (exit
// code 2 and a message naming the file, the offset and the field, before any device work), and
// one CLEAR replayed on the device to a known hash.
// Usage: capture_replay_cli_test PATH_TO_DDIVK_REPLAY [gtest flags]
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "capture/encode.h"
#include "capture/writer.h"
#include "ddivk/dp2_payloads.h"
#include "sample_capture.h"

namespace ddivk::capture {
namespace {

std::string g_replay;

struct ReplayResult {
    int exitCode = -1;
    std::string output; // stdout and stderr
};

ReplayResult runReplay(const std::string& args) {
    ReplayResult run;
    const std::string command = "'" + g_replay + "' " + args + " 2>&1";
    std::FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return run;
    char buffer[512];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        run.output.append(buffer, n);
    const int status = pclose(pipe);
    if (WIFEXITED(status)) run.exitCode = WEXITSTATUS(status);
    return run;
}

std::string writeFile(const char* name, const std::vector<uint8_t>& bytes) {
    const std::string path = testing::TempDir() + "ddivk_replay_" + name + "_" + std::to_string(::getpid());
    std::FILE* f = std::fopen(path.c_str(), "wb");
    EXPECT_TRUE(f);
    if (f) {
        std::fwrite(bytes.data(), 1, bytes.size(), f);
        std::fclose(f);
    }
    return path;
}

TEST(ReplayCli, GarbageExitsWithCode2AndNamesTheField) {
    const std::string path = writeFile("garbage", std::vector<uint8_t>(100, 0x5a));
    const ReplayResult run = runReplay("'" + path + "'");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("ddivk-replay: " + path +
                              ": byte offset 0: magic: the file does not start with DDIVKDP2"),
              std::string::npos)
        << run.output;
    std::remove(path.c_str());
}

TEST(ReplayCli, TinyFileIsTruncated) {
    const std::string path = writeFile("tiny", {'D', 'D', 'I'});
    const ReplayResult run = runReplay("'" + path + "'");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("byte offset 3: file header:"), std::string::npos) << run.output;
    std::remove(path.c_str());
}

// A malformed record late in the file fails before anything is replayed.
TEST(ReplayCli, MalformedRecordFailsBeforeReplaying) {
    std::vector<uint8_t> bytes = encodeCapture(test::sampleCapture());
    const uint64_t end = test::recordOffsets(test::sampleCapture()).back();
    bytes[end + kRecordHeaderSize] = 7; // END's submissionCount
    const std::string path = writeFile("late", bytes);
    const ReplayResult run = runReplay("'" + path + "'");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("submissionCount in record 3 (END)"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("submission 0:"), std::string::npos) << run.output;
    std::remove(path.c_str());
}

TEST(ReplayCli, MissingEndSuggestsPartial) {
    std::vector<uint8_t> bytes = encodeCapture(test::sampleCapture());
    bytes.resize(test::recordOffsets(test::sampleCapture()).back());
    const std::string path = writeFile("noend", bytes);
    const ReplayResult run = runReplay("'" + path + "'");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("record header in record 3: the data ends before the END record"),
              std::string::npos)
        << run.output;
    EXPECT_NE(run.output.find("--partial"), std::string::npos) << run.output;
    std::remove(path.c_str());
}

TEST(ReplayCli, MissingFileExitsWithCode2) {
    const ReplayResult run = runReplay("/nonexistent-dir/none.dp2");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("cannot open '/nonexistent-dir/none.dp2'"), std::string::npos) << run.output;
}

TEST(ReplayCli, BadCommandLineExitsWithCode1) {
    EXPECT_EQ(runReplay("").exitCode, 1);
    EXPECT_EQ(runReplay("a.dp2 b.dp2").exitCode, 1);
    EXPECT_EQ(runReplay("a.dp2 --png").exitCode, 1);
    EXPECT_EQ(runReplay("--frobnicate a.dp2").exitCode, 1);
}

// Two calls: a CLEAR of the whole 64x32 X8R8G8B8 target to 0xff336699, then an unknown opcode.
std::string writeClearCapture() {
    const std::string path = testing::TempDir() + "ddivk_replay_clear_" + std::to_string(::getpid());
    auto writer = CaptureWriter::open(path, {64, 32, D3DFMT_X8R8G8B8, 0});
    EXPECT_TRUE(writer);
    std::vector<uint8_t> memory(256, 0);
    D3DHAL_DP2COMMAND command{};
    command.bCommand = D3DDP2OP_CLEAR;
    command.wPrimitiveCount = 1;
    D3DHAL_DP2CLEAR clear{};
    clear.dwFlags = D3DCLEAR_TARGET;
    clear.dwFillColor = 0xff336699;
    clear.dvFillDepth = 1.0f;
    clear.Rects[0] = {0, 0, 64, 32};
    std::memcpy(memory.data() + 16, &command, sizeof command);
    std::memcpy(memory.data() + 20, &clear, sizeof clear);
    DDIVK_DP2BUFFER buffer{memory.data(), uint32_t(memory.size()), DDIVK_DP2BUFFER_COMMANDS, nullptr};
    D3DHAL_DRAWPRIMITIVES2DATA dp2{};
    dp2.lpDDCommands = &buffer;
    dp2.dwCommandOffset = 16;
    dp2.dwCommandLength = sizeof command + sizeof clear;
    EXPECT_TRUE(writer->append(dp2));
    memory[16] = 250; // no such opcode
    dp2.dwCommandLength = sizeof command;
    EXPECT_TRUE(writer->append(dp2));
    return path;
}

// 64 * 32 pixels of bytes 99 66 33 ff, hashed with FNV-1a 64 by an independent script.
constexpr const char* kClearHash = "rt fnv1a64=0xb60c6095080bd325";

TEST(ReplayCli, ClearReplaysToItsKnownHash) {
    const std::string path = writeClearCapture();
    const std::string png = path + ".png";
    const ReplayResult run = runReplay("'" + path + "' --png '" + png + "'");
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("submission 0: return=1 ddrval=0x00000000 dwErrorOffset=0\n"),
              std::string::npos)
        << run.output;
    EXPECT_NE(run.output.find("submission 1: return=1 ddrval=0x88760bb8 dwErrorOffset=16\n"),
              std::string::npos)
        << run.output; // D3DERR_COMMAND_UNPARSED at the unknown token
    EXPECT_NE(run.output.find(kClearHash), std::string::npos) << run.output;
    std::FILE* f = std::fopen(png.c_str(), "rb");
    EXPECT_TRUE(f) << "no PNG written";
    if (f) std::fclose(f);
    std::remove(png.c_str());
    std::remove(path.c_str());
}

TEST(ReplayCli, PartialReplaysTheCompleteSubmissions) {
    const std::string path = writeClearCapture();
    std::vector<uint8_t> bytes;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    ASSERT_TRUE(f);
    for (int c; (c = std::fgetc(f)) != EOF;)
        bytes.push_back(uint8_t(c));
    std::fclose(f);
    bytes.resize(bytes.size() - 20); // into the second SUBMISSION: a writer that crashed
    const std::string cut = writeFile("clear_cut", bytes);
    EXPECT_EQ(runReplay("'" + cut + "'").exitCode, 2);
    const ReplayResult run = runReplay("'" + cut + "' --partial");
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("incomplete capture"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("submission 0:"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("submission 1:"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find(kClearHash), std::string::npos) << run.output;
    std::remove(cut.c_str());
    std::remove(path.c_str());
}

} // namespace
} // namespace ddivk::capture

int main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s PATH_TO_DDIVK_REPLAY [gtest flags]\n", argv[0]);
        return 2;
    }
    ddivk::capture::g_replay = argv[1];
    return RUN_ALL_TESTS();
}
