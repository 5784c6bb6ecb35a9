// Writer and encoder output reads back as written (docs/dp2-capture.md).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <thread>
#include <unistd.h>

#include "capture/call_view.h"
#include "capture/encode.h"
#include "capture/reader.h"
#include "capture/writer.h"
#include "sample_capture.h"

namespace ddivk::capture {
namespace {

using test::pattern;
using test::sampleCapture;

std::string tempPath(const char* name) {
    return testing::TempDir() + "ddivk_capture_" + name + "_" + std::to_string(::getpid());
}

void expectSameBuffer(const BufferCapture& a, const BufferCapture& b) {
    EXPECT_EQ(a.source, b.source);
    EXPECT_EQ(a.size, b.size);
    EXPECT_EQ(a.storedBytes, b.bytes.size());
    EXPECT_EQ(a.bytes, b.bytes);
}

void expectSame(const Capture& read, const Capture& written) {
    EXPECT_EQ(read.target.width, written.target.width);
    EXPECT_EQ(read.target.height, written.target.height);
    EXPECT_EQ(read.target.format, written.target.format);
    EXPECT_EQ(read.target.depthStencilFormat, written.target.depthStencilFormat);
    EXPECT_EQ(read.target.softwareVertexRegisters, written.target.softwareVertexRegisters);
    ASSERT_EQ(read.submissions.size(), written.submissions.size());
    for (size_t i = 0; i < read.submissions.size(); ++i) {
        const Submission& r = read.submissions[i];
        const Submission& w = written.submissions[i];
        EXPECT_EQ(r.dwFlags, w.dwFlags);
        EXPECT_EQ(r.dwVertexType, w.dwVertexType);
        EXPECT_EQ(r.dwCommandOffset, w.dwCommandOffset);
        EXPECT_EQ(r.dwCommandLength, w.dwCommandLength);
        EXPECT_EQ(r.dwVertexOffset, w.dwVertexOffset);
        EXPECT_EQ(r.dwVertexLength, w.dwVertexLength);
        EXPECT_EQ(r.dwVertexSize, w.dwVertexSize);
        EXPECT_EQ(r.dwReqVertexBufSize, w.dwReqVertexBufSize);
        EXPECT_EQ(r.dwReqCommandBufSize, w.dwReqCommandBufSize);
        expectSameBuffer(r.commands, w.commands);
        expectSameBuffer(r.vertices, w.vertices);
    }
}

TEST(CaptureRoundTrip, EncodedCaptureReadsBack) {
    const Capture written = sampleCapture();
    const std::vector<uint8_t> bytes = encodeCapture(written);
    Expected<Capture> read = readCapture(bytes);
    ASSERT_TRUE(read) << read.error().message();
    expectSame(*read, written);
    EXPECT_TRUE(read->complete);
    EXPECT_EQ(read->skippedRecords, 0u);
    EXPECT_EQ(read->submissions[1].fileOffset, test::recordOffsets(written)[1]);
}

// headerFlags bit 0: the device had software vertex processing's register files.
TEST(CaptureRoundTrip, SoftwareVertexRegistersTravelInTheHeader) {
    Capture written = sampleCapture();
    written.target.softwareVertexRegisters = true;
    const std::vector<uint8_t> bytes = encodeCapture(written);
    EXPECT_EQ(bytes[header_field::headerFlags], kHeaderSoftwareVertexRegisters);
    Expected<Capture> read = readCapture(bytes);
    ASSERT_TRUE(read) << read.error().message();
    expectSame(*read, written);
}

TEST(CaptureRoundTrip, EmptyCaptureIsHeaderAndEnd) {
    Capture empty;
    empty.target = {1, 1, D3DFMT_A8R8G8B8, 0};
    const std::vector<uint8_t> bytes = encodeCapture(empty);
    EXPECT_EQ(bytes.size(), kFileHeaderSize + kRecordHeaderSize + kEndPayloadSize);
    Expected<Capture> read = readCapture(bytes);
    ASSERT_TRUE(read) << read.error().message();
    EXPECT_TRUE(read->submissions.empty());
}

// The writer's file equals the encoder's bytes, and reads back through the file reader.
TEST(CaptureRoundTrip, WriterFileMatchesEncoder) {
    const Capture written = sampleCapture();
    const std::string path = tempPath("writer");
    {
        std::string error;
        auto writer = CaptureWriter::open(path, written.target, &error);
        ASSERT_TRUE(writer) << error;
        for (const Submission& s : written.submissions) {
            ASSERT_TRUE(writer->append(s, {s.commands.source, s.commands.size, s.commands.bytes},
                                       {s.vertices.source, s.vertices.size, s.vertices.bytes}));
        }
        EXPECT_EQ(writer->submissionCount(), written.submissions.size());
        EXPECT_TRUE(writer->close());
    }
    Expected<Capture> read = readCaptureFile(path);
    ASSERT_TRUE(read) << read.error().message();
    expectSame(*read, written);

    std::vector<uint8_t> fileBytes;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    ASSERT_TRUE(f);
    for (int c; (c = std::fgetc(f)) != EOF;)
        fileBytes.push_back(uint8_t(c));
    std::fclose(f);
    EXPECT_EQ(fileBytes, encodeCapture(written));
    std::remove(path.c_str());
}

// After every append the file is a complete capture, while the writer is still open.
TEST(CaptureRoundTrip, FileIsValidAfterEachAppend) {
    const Capture sample = sampleCapture();
    const std::string path = tempPath("each");
    auto writer = CaptureWriter::open(path, sample.target);
    ASSERT_TRUE(writer);
    for (uint32_t n = 0; n <= sample.submissions.size(); ++n) {
        Expected<Capture> read = readCaptureFile(path);
        ASSERT_TRUE(read) << read.error().message();
        EXPECT_EQ(read->submissions.size(), n);
        if (n == sample.submissions.size()) break;
        const Submission& s = sample.submissions[n];
        ASSERT_TRUE(writer->append(s, {s.commands.source, s.commands.size, s.commands.bytes},
                                   {s.vertices.source, s.vertices.size, s.vertices.bytes}));
    }
    writer.reset();
    std::remove(path.c_str());
}

TEST(CaptureRoundTrip, AppendFromCallRecordsWhatTheDocSays) {
    std::vector<uint8_t> commandMemory = pattern(100, 9);
    std::vector<uint8_t> vertexMemory = pattern(300, 10);
    DDIVK_DP2BUFFER commandBuffer{commandMemory.data(), 100, DDIVK_DP2BUFFER_COMMANDS, nullptr};
    DDIVK_DP2BUFFER vertexBuffer{vertexMemory.data(), 300, DDIVK_DP2BUFFER_VERTICES, nullptr};

    D3DHAL_DRAWPRIMITIVES2DATA dp2{};
    dp2.lpDDCommands = &commandBuffer;
    dp2.dwCommandOffset = 8;
    dp2.dwCommandLength = 40; // stored: 0..47
    dp2.lpDDVertex = &vertexBuffer;
    dp2.dwVertexOffset = 16;
    dp2.dwVertexLength = 50; // 16 + 50 * 8 = 416 > 300: stored up to the buffer's end
    dp2.dwVertexSize = 8;
    CallView view = viewOfCall(dp2);
    ASSERT_EQ(view.problem, nullptr);
    EXPECT_EQ(view.commands.source, BufferSource::Dp2Buffer);
    EXPECT_EQ(view.commands.size, 100u);
    EXPECT_EQ(view.commands.stored.size(), 48u);
    EXPECT_EQ(view.vertices.source, BufferSource::Dp2Buffer);
    EXPECT_EQ(view.vertices.size, 300u);
    EXPECT_EQ(view.vertices.stored.size(), 300u);

    dp2.dwFlags = D3DHALDP2_USERMEMVERTICES;
    dp2.lpVertices = vertexMemory.data();
    dp2.dwVertexLength = 10; // 16 + 80 bytes of user memory
    view = viewOfCall(dp2);
    ASSERT_EQ(view.problem, nullptr);
    EXPECT_EQ(view.vertices.source, BufferSource::UserMemory);
    EXPECT_EQ(view.vertices.size, 96u);
    EXPECT_EQ(view.vertices.stored.size(), 96u);

    dp2.dwVertexLength = 0xffffffffu; // more than a record holds: refused
    dp2.dwVertexSize = 0xffffffffu;
    view = viewOfCall(dp2);
    EXPECT_NE(view.problem, nullptr);

    dp2 = {};
    view = viewOfCall(dp2); // null pointers
    ASSERT_EQ(view.problem, nullptr);
    EXPECT_EQ(view.commands.source, BufferSource::None);
    EXPECT_EQ(view.vertices.source, BufferSource::None);
}

TEST(CaptureRoundTrip, WriterAppendsCallsAndRefusesOversizeOnes) {
    const std::string path = tempPath("calls");
    std::vector<uint8_t> commandMemory = pattern(64, 5);
    std::vector<uint8_t> vertices = pattern(60, 6);
    DDIVK_DP2BUFFER commandBuffer{commandMemory.data(), 64, DDIVK_DP2BUFFER_COMMANDS, nullptr};
    D3DHAL_DRAWPRIMITIVES2DATA dp2{};
    dp2.dwFlags = D3DHALDP2_USERMEMVERTICES;
    dp2.lpDDCommands = &commandBuffer;
    dp2.dwCommandLength = 32;
    dp2.lpVertices = vertices.data();
    dp2.dwVertexLength = 3;
    dp2.dwVertexSize = 20;
    {
        auto writer = CaptureWriter::open(path, {16, 16, D3DFMT_A8R8G8B8, 0});
        ASSERT_TRUE(writer);
        EXPECT_TRUE(writer->append(dp2));
        D3DHAL_DRAWPRIMITIVES2DATA huge = dp2;
        huge.dwVertexLength = 1u << 20;
        huge.dwVertexSize = 1024;
        EXPECT_FALSE(writer->append(huge));
        EXPECT_EQ(writer->submissionCount(), 1u);
    }
    Expected<Capture> read = readCaptureFile(path);
    ASSERT_TRUE(read) << read.error().message();
    ASSERT_EQ(read->submissions.size(), 1u);
    EXPECT_EQ(read->submissions[0].commands.bytes,
              std::vector<uint8_t>(commandMemory.begin(), commandMemory.begin() + 32));
    EXPECT_EQ(read->submissions[0].vertices.bytes, vertices);
    std::remove(path.c_str());
}

TEST(CaptureRoundTrip, WriterRefusesTargetsTheFormatCannotName) {
    std::string error;
    EXPECT_FALSE(CaptureWriter::open(tempPath("bad"), {0, 16, D3DFMT_A8R8G8B8, 0}, &error));
    EXPECT_FALSE(error.empty());
    EXPECT_FALSE(CaptureWriter::open(tempPath("bad"), {16, 16, D3DFMT_D24S8, 0}, &error));
    EXPECT_FALSE(CaptureWriter::open(tempPath("bad"), {16, 16, D3DFMT_A8R8G8B8, D3DFMT_A8R8G8B8}, &error));
    EXPECT_FALSE(CaptureWriter::open("/nonexistent-dir/x.dp2", {16, 16, D3DFMT_A8R8G8B8, 0}, &error));
    EXPECT_NE(error.find("/nonexistent-dir/x.dp2"), std::string::npos);
}

// Appends from several threads land as whole records, none lost.
TEST(CaptureRoundTrip, WriterIsThreadSafe) {
    const std::string path = tempPath("threads");
    constexpr uint32_t kThreads = 4, kCalls = 200;
    {
        auto writer = CaptureWriter::open(path, {8, 8, D3DFMT_A8R8G8B8, 0});
        ASSERT_TRUE(writer);
        std::vector<std::thread> threads;
        for (uint32_t t = 0; t < kThreads; ++t) {
            threads.emplace_back([&writer, t] {
                for (uint32_t i = 0; i < kCalls; ++i) {
                    const std::vector<uint8_t> bytes = pattern(16 + i % 50, uint8_t(t * 31 + i));
                    SubmissionFields fields;
                    fields.dwFlags = t;
                    fields.dwVertexType = i;
                    ASSERT_TRUE(writer->append(fields, {BufferSource::Dp2Buffer, 4096, bytes}, {}));
                }
            });
        }
        for (std::thread& thread : threads)
            thread.join();
    }
    Expected<Capture> read = readCaptureFile(path);
    ASSERT_TRUE(read) << read.error().message();
    ASSERT_EQ(read->submissions.size(), kThreads * kCalls);
    for (const Submission& s : read->submissions) {
        EXPECT_EQ(s.commands.bytes,
                  pattern(16 + s.dwVertexType % 50, uint8_t(s.dwFlags * 31 + s.dwVertexType)));
    }
    std::remove(path.c_str());
}

} // namespace
} // namespace ddivk::capture
