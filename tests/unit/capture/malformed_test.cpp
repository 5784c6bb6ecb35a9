// Every class of malformed file gives the error docs/dp2-capture.md documents: kind, field
// and byte offset ("Validation order and errors").
#include <gtest/gtest.h>

#include <algorithm>

#include "capture/byte_io.h"
#include "capture/encode.h"
#include "capture/reader.h"
#include "sample_capture.h"

namespace ddivk::capture {
namespace {

using test::recordOffsets;
using test::sampleCapture;

class Malformed : public testing::Test {
  protected:
    Capture sample = sampleCapture();
    std::vector<uint8_t> bytes = encodeCapture(sample);
    std::vector<uint64_t> records = recordOffsets(sample); // three SUBMISSIONs, then END

    uint64_t payload(size_t record) const { return records[record] + kRecordHeaderSize; }
    void patch(uint64_t offset, uint32_t value) { storeLe32(bytes.data() + offset, value); }

    // Reads bytes and checks the error's kind, offset and field.
    void expectError(ErrorKind kind, uint64_t offset, const char* field, ReadOptions options = {}) {
        Expected<Capture> read = readCapture(bytes, options);
        ASSERT_FALSE(read) << "expected " << errorKindName(kind) << " at " << offset;
        EXPECT_EQ(read.error().kind, kind) << read.error().message();
        EXPECT_EQ(read.error().offset, offset) << read.error().message();
        EXPECT_EQ(read.error().field, field) << read.error().message();
        EXPECT_FALSE(read.error().reason.empty());
    }
};

TEST_F(Malformed, BadMagic) {
    bytes[3] = 'X';
    expectError(ErrorKind::BadMagic, 0, "magic");
}

TEST_F(Malformed, BadVersion) {
    patch(header_field::version, 2);
    expectError(ErrorKind::BadVersion, 8, "version");
    patch(header_field::version, 0);
    expectError(ErrorKind::BadVersion, 8, "version");
}

TEST_F(Malformed, HeaderValues) {
    std::vector<uint8_t> good = bytes;
    patch(header_field::rtWidth, 0);
    expectError(ErrorKind::BadValue, 12, "rtWidth");
    bytes = good;
    patch(header_field::rtWidth, kMaxDimension + 1);
    expectError(ErrorKind::BadValue, 12, "rtWidth");
    bytes = good;
    patch(header_field::rtHeight, 0);
    expectError(ErrorKind::BadValue, 16, "rtHeight");
    bytes = good;
    patch(header_field::rtFormat, D3DFMT_D24S8); // a depth format is no render target
    expectError(ErrorKind::BadValue, 20, "rtFormat");
    bytes = good;
    patch(header_field::dsFormat, D3DFMT_A8R8G8B8);
    expectError(ErrorKind::BadValue, 24, "dsFormat");
    bytes = good;
    patch(header_field::headerFlags, 2);
    expectError(ErrorKind::BadValue, 28, "headerFlags");
    bytes = good;
    patch(header_field::rtWidth, kMaxDimension);
    patch(header_field::rtHeight, kMaxDimension);
    patch(header_field::rtFormat, D3DFMT_A16B16G16R16); // 2 GiB
    expectError(ErrorKind::TooLarge, 12, "rtWidth");
}

// Every proper prefix of a valid file fails: Truncated, or MissingEnd exactly at a record boundary.
TEST_F(Malformed, TruncatedAtEveryOffset) {
    const std::vector<uint8_t> whole = bytes;
    for (uint64_t n = 0; n < whole.size(); ++n) {
        SCOPED_TRACE(n);
        bytes.assign(whole.begin(), whole.begin() + n);
        if (n < kFileHeaderSize) {
            expectError(ErrorKind::Truncated, n, "file header");
            continue;
        }
        uint64_t r = 0; // start of the record the cut falls in
        for (uint64_t at : records)
            if (at <= n) r = at;
        if (n == r)
            expectError(ErrorKind::MissingEnd, r, "record header");
        else if (n - r < kRecordHeaderSize)
            expectError(ErrorKind::Truncated, r, "record header");
        else
            expectError(ErrorKind::Truncated, r + 4, "payloadLength");
    }
}

// With allowIncomplete, every prefix past the header reads as its complete submissions.
TEST_F(Malformed, IncompleteCapturesKeepTheirCompleteSubmissions) {
    const std::vector<uint8_t> whole = bytes;
    for (uint64_t n = kFileHeaderSize; n < whole.size(); ++n) {
        SCOPED_TRACE(n);
        const std::vector<uint8_t> prefix(whole.begin(), whole.begin() + n);
        Expected<Capture> read = readCapture(prefix, {.allowIncomplete = true});
        ASSERT_TRUE(read) << read.error().message();
        EXPECT_FALSE(read->complete);
        size_t complete = 0;
        for (size_t i = 0; i + 1 < records.size(); ++i)
            if (records[i + 1] <= n) complete = i + 1;
        EXPECT_EQ(read->submissions.size(), complete);
    }
    Expected<Capture> read = readCapture(whole, {.allowIncomplete = true});
    ASSERT_TRUE(read);
    EXPECT_TRUE(read->complete);
}

TEST_F(Malformed, RecordTypeZero) {
    patch(records[1], 0);
    expectError(ErrorKind::BadValue, records[1], "type");
}

TEST_F(Malformed, OversizePayloadLength) {
    patch(records[1] + 4, kMaxPayload + 1);
    expectError(ErrorKind::TooLarge, records[1] + 4, "payloadLength");
    patch(records[1] + 4, 0xffffffffu);
    expectError(ErrorKind::TooLarge, records[1] + 4, "payloadLength");
    // Above CAP is too large even where the file could hold it, for unknown records too.
    patch(records[1], 0x1234);
    expectError(ErrorKind::TooLarge, records[1] + 4, "payloadLength");
}

TEST_F(Malformed, PayloadLengthPastTheEnd) {
    patch(records[1] + 4, kMaxPayload); // within CAP, past the file's end
    expectError(ErrorKind::Truncated, records[1] + 4, "payloadLength");
    bytes = encodeCapture(sample);
    patch(records.back() + 4, 9); // END claims one byte more than the file has
    expectError(ErrorKind::Truncated, records.back() + 4, "payloadLength");
}

TEST_F(Malformed, SubmissionShorterThanItsFixedPart) {
    patch(records[2] + 4, kSubmissionFixedSize - 1);
    expectError(ErrorKind::BadLength, records[2] + 4, "payloadLength");
}

TEST_F(Malformed, BufferSources) {
    const std::vector<uint8_t> good = bytes;
    patch(payload(0) + submission_field::commandSource, 1); // commands never in user memory
    expectError(ErrorKind::BadValue, payload(0) + 36, "commandSource");
    bytes = good;
    patch(payload(0) + submission_field::commandSource, 3);
    expectError(ErrorKind::BadValue, payload(0) + 36, "commandSource");
    bytes = good;
    patch(payload(1) + submission_field::vertexSource, 7);
    expectError(ErrorKind::BadValue, payload(1) + 48, "vertexSource");
}

TEST_F(Malformed, BufferSizes) {
    const std::vector<uint8_t> good = bytes;
    patch(payload(1) + submission_field::commandBufferSize, kMaxBufferSize + 1);
    expectError(ErrorKind::TooLarge, payload(1) + 40, "commandBufferSize");
    bytes = good;
    patch(payload(1) + submission_field::vertexBufferSize, 0xffffffffu);
    expectError(ErrorKind::TooLarge, payload(1) + 52, "vertexBufferSize");
    bytes = good;
    patch(payload(2) + submission_field::commandBufferSize, 4); // a null pointer with a size
    expectError(ErrorKind::BadValue, payload(2) + 40, "commandBufferSize");
    bytes = good;
    patch(payload(2) + submission_field::vertexStoredBytes, 1); // a null pointer with bytes
    expectError(ErrorKind::BadValue, payload(2) + 56, "vertexStoredBytes");
    bytes = good;
    patch(payload(0) + submission_field::vertexBufferSize, 100); // user memory stored in part
    expectError(ErrorKind::BadLength, payload(0) + 56, "vertexStoredBytes");
    bytes = good;
    patch(payload(1) + submission_field::commandBufferSize, 5); // 12 stored bytes of a 5-byte buffer
    expectError(ErrorKind::BadLength, payload(1) + 44, "commandStoredBytes");
}

TEST_F(Malformed, StoredBytesDisagreeWithPayloadLength) {
    patch(payload(1) + submission_field::vertexStoredBytes, 50); // 56 are there
    expectError(ErrorKind::BadLength, records[1] + 4, "payloadLength");
}

TEST_F(Malformed, ReservedFields) {
    const std::vector<uint8_t> good = bytes;
    patch(payload(0) + submission_field::submissionFlags, 0x10);
    expectError(ErrorKind::BadValue, payload(0) + 60, "submissionFlags");
    bytes = good;
    patch(records.back() + kRecordHeaderSize + end_field::endFlags, 1);
    expectError(ErrorKind::BadValue, records.back() + 12, "endFlags");
}

TEST_F(Malformed, EndRecord) {
    const std::vector<uint8_t> good = bytes;
    patch(records.back() + kRecordHeaderSize, 2); // three submissions are there
    expectError(ErrorKind::BadValue, records.back() + 8, "submissionCount");
    bytes = good;
    bytes.push_back(0);
    patch(records.back() + 4, 9);
    expectError(ErrorKind::BadLength, records.back() + 4, "payloadLength");
    bytes = good;
    bytes.resize(records.back());
    expectError(ErrorKind::MissingEnd, records.back(), "record header");
}

TEST_F(Malformed, TrailingData) {
    const uint64_t end = bytes.size();
    bytes.push_back(0xAA);
    expectError(ErrorKind::TrailingData, end, "file");
    const std::vector<uint8_t> more = bytes;
    bytes.insert(bytes.end(), more.begin(), more.end()); // two captures back to back
    expectError(ErrorKind::TrailingData, end, "file");
}

std::vector<uint8_t> record(uint32_t type, const std::vector<uint8_t>& payload) {
    std::vector<uint8_t> r(kRecordHeaderSize + payload.size());
    storeLe32(r.data(), type);
    storeLe32(r.data() + 4, uint32_t(payload.size()));
    std::copy(payload.begin(), payload.end(), r.begin() + kRecordHeaderSize);
    return r;
}

TEST_F(Malformed, UnknownSkippableRecordsAreSkipped) {
    const std::vector<uint8_t> unknown = record(0x1234, {1, 2, 3, 4, 5});
    const std::vector<uint8_t> empty = record(0x7fffffff, {});
    bytes.insert(bytes.begin() + records[1], unknown.begin(), unknown.end());
    bytes.insert(bytes.begin() + kFileHeaderSize, empty.begin(), empty.end());
    Expected<Capture> read = readCapture(bytes);
    ASSERT_TRUE(read) << read.error().message();
    EXPECT_EQ(read->skippedRecords, 2u);
    ASSERT_EQ(read->submissions.size(), sample.submissions.size());
    EXPECT_EQ(read->submissions[1].commands.bytes, sample.submissions[1].commands.bytes);
}

TEST_F(Malformed, UnknownCriticalRecordIsRejected) {
    const std::vector<uint8_t> critical = record(0x80000007u, {9, 9});
    bytes.insert(bytes.begin() + records[2], critical.begin(), critical.end());
    expectError(ErrorKind::UnknownCriticalRecord, records[2], "type");
}

TEST_F(Malformed, MessagesNameOffsetFieldAndRecord) {
    patch(payload(1) + submission_field::commandSource, 5);
    Expected<Capture> read = readCapture(bytes);
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().message(),
              "byte offset " + std::to_string(payload(1) + 36) +
                  ": commandSource in record 1 (SUBMISSION): 5; allowed: 0 (null), 2 (DP2 buffer)");
    bytes = encodeCapture(sample);
    patch(header_field::rtWidth, 0);
    EXPECT_EQ(readCapture(bytes).error().message(), "byte offset 12: rtWidth: 0 is outside 1..16384");
}

TEST_F(Malformed, WholeReadsStopAtTheirMemoryLimit) {
    Expected<Capture> read = readCapture(bytes, {.maxBufferedBytes = 10});
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().kind, ErrorKind::TooLarge);
    EXPECT_EQ(read.error().offset, records[0]);
    EXPECT_EQ(read.error().field, "file");
}

TEST_F(Malformed, MissingFileIsIo) {
    Expected<Capture> read = readCaptureFile("/nonexistent-dir/capture.dp2");
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().kind, ErrorKind::Io);
    EXPECT_NE(read.error().message().find("/nonexistent-dir/capture.dp2"), std::string::npos);
}

// The streaming reader validates without bytes, and reads again after rewind.
TEST_F(Malformed, StreamingReaderWithoutBytesAndRewind) {
    Expected<CaptureReader> reader = CaptureReader::open(std::make_unique<MemorySource>(bytes));
    ASSERT_TRUE(reader);
    Submission s;
    ASSERT_EQ(reader->next(s, false), CaptureReader::Step::Submission);
    EXPECT_EQ(s.commands.storedBytes, 24u);
    EXPECT_TRUE(s.commands.bytes.empty());
    while (reader->next(s, false) == CaptureReader::Step::Submission) {
    }
    EXPECT_TRUE(reader->complete());
    EXPECT_EQ(reader->next(s), CaptureReader::Step::End); // End stays End
    reader->rewind();
    ASSERT_EQ(reader->next(s), CaptureReader::Step::Submission);
    EXPECT_EQ(s.commands.bytes, sample.submissions[0].commands.bytes);
}

TEST(CaptureErrors, EveryKindHasItsDocumentedName) {
    const std::pair<ErrorKind, const char*> kinds[] = {
        {ErrorKind::Truncated, "Truncated"},
        {ErrorKind::BadMagic, "BadMagic"},
        {ErrorKind::BadVersion, "BadVersion"},
        {ErrorKind::BadValue, "BadValue"},
        {ErrorKind::TooLarge, "TooLarge"},
        {ErrorKind::BadLength, "BadLength"},
        {ErrorKind::UnknownCriticalRecord, "UnknownCriticalRecord"},
        {ErrorKind::MissingEnd, "MissingEnd"},
        {ErrorKind::TrailingData, "TrailingData"},
        {ErrorKind::Io, "Io"},
    };
    for (const auto& [kind, name] : kinds)
        EXPECT_STREQ(errorKindName(kind), name);
}

} // namespace
} // namespace ddivk::capture
