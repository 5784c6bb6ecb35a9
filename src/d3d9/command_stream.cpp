#include "d3d9/command_stream.h"

#include <stdexcept>

#include "ddivk/ddivk.h"
#include "util/log.h"

namespace ddivk::d3d9 {
namespace {

// A batch's command bytes. Big enough that a frame of small draws is a few DP2 calls.
constexpr uint32_t kCommandBytes = 256 * 1024;
// Batches in flight: the program records one while the worker executes the others.
constexpr size_t kBatches = 3;
// Vertex bytes of DrawPrimitiveUP calls one batch collects before it is flushed.
constexpr size_t kVertexBytes = size_t{4} << 20;

void runCall(const std::function<void()>& call) {
    try {
        call();
    } catch (const std::exception& e) {
        DDIVK_ERROR("d3d9: a driver call on the worker failed: %s", e.what());
    }
}

} // namespace

CommandStream::CommandStream(uintptr_t context, bool threaded) : context_(context), threaded_(threaded) {
    for (size_t i = 0; i < kBatches; ++i) {
        auto* batch = new Batch;
        if (ddivk_dp2_buffer_create(kCommandBytes, DDIVK_DP2BUFFER_COMMANDS, &batch->commands) != S_OK) {
            delete batch;
            for (Batch* b : allBatches_) {
                ddivk_dp2_buffer_destroy(b->commands);
                delete b;
            }
            throw std::bad_alloc();
        }
        allBatches_.push_back(batch);
        free_.push_back(batch);
    }
    current_ = takeFreeBatch();
    if (threaded_) worker_ = std::thread([this] { workerLoop(); });
}

CommandStream::~CommandStream() {
    finish();
    if (threaded_) {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        changed_.notify_all();
        worker_.join();
    }
    for (Batch* b : allBatches_) {
        ddivk_dp2_buffer_destroy(b->commands);
        delete b;
    }
}

void CommandStream::append(const void* data, size_t bytes) {
    if (bytes == 0) return;
    reserve(bytes);
    std::memcpy(static_cast<uint8_t*>(current_->commands->lpMemory) + current_->used, data, bytes);
    current_->used += static_cast<uint32_t>(bytes);
}

void CommandStream::reserve(size_t bytes) {
    if (bytes > kCommandBytes) throw std::length_error("DP2 token larger than a command batch");
    if (current_->used + bytes > current_->commands->dwSize) flush();
}

uint32_t CommandStream::vertices(const void* data, uint32_t bytes, uint32_t stride, size_t tokenBytes) {
    reserve(tokenBytes);
    std::vector<uint8_t>& v = current_->vertices;
    // A batch's vertex memory stays under a few MiB unless one draw needs more.
    size_t at = stride ? (v.size() + stride - 1) / stride * stride : v.size();
    if (!v.empty() && at + bytes > kVertexBytes) {
        flush();
        at = 0;
    }
    std::vector<uint8_t>& w = current_->vertices;
    w.resize(at + bytes);
    std::memcpy(w.data() + at, data, bytes);
    return static_cast<uint32_t>(at);
}

void CommandStream::flush() {
    if (current_->used == 0 && current_->posted.empty()) return;
    Job job;
    job.batch = current_;
    submit(std::move(job));
    current_ = takeFreeBatch();
}

void CommandStream::call(const std::function<void()>& call) {
    flush();
    Job job;
    job.call = &call;
    submit(std::move(job));
    waitFor(submitted_);
}

void CommandStream::post(std::function<void()> work) {
    current_->posted.push_back({current_->used, std::move(work)});
}

void CommandStream::finish() {
    flush();
    waitFor(submitted_);
}

CommandStream::Batch* CommandStream::takeFreeBatch() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !free_.empty(); });
    Batch* b = free_.back();
    free_.pop_back();
    b->used = 0;
    b->vertices.clear();
    b->posted.clear();
    return b;
}

void CommandStream::execute(Batch& batch) {
    uint32_t done = 0;
    for (Batch::Posted& p : batch.posted) {
        executeRange(batch, done, p.offset);
        done = p.offset;
        runCall(p.work);
    }
    executeRange(batch, done, batch.used);
}

void CommandStream::executeRange(Batch& batch, uint32_t begin, uint32_t end) {
    if (begin == end) return;
    D3DHAL_DRAWPRIMITIVES2DATA data{};
    data.dwhContext = context_;
    data.lpDDCommands = batch.commands;
    data.dwCommandOffset = begin;
    data.dwCommandLength = end - begin;
    if (!batch.vertices.empty()) {
        // Vertex data is bytes of several strides: one "vertex" of one byte each.
        data.dwFlags = D3DHALDP2_USERMEMVERTICES;
        data.lpVertices = batch.vertices.data();
        data.dwVertexLength = static_cast<uint32_t>(batch.vertices.size());
        data.dwVertexSize = 1;
    }
    ddivk_DrawPrimitives2(&data);
    if (data.ddrval != S_OK) {
        ++failures_;
        const auto* failed = static_cast<const uint8_t*>(batch.commands->lpMemory) + data.dwErrorOffset;
        const unsigned op = data.dwErrorOffset < end ? *failed : 0;
        DDIVK_ERROR("d3d9: the driver refused DP2 token %u at byte %u of a batch (0x%08x); the rest of "
                    "the batch is dropped",
                    op, data.dwErrorOffset, static_cast<unsigned>(data.ddrval));
    }
}

void CommandStream::run(Job& job) {
    if (job.batch) execute(*job.batch);
    if (job.call) runCall(*job.call);
}

void CommandStream::submit(Job&& job) {
    {
        std::lock_guard lock(mutex_);
        job.ticket = ++submitted_;
        if (threaded_) queue_.push_back(std::move(job));
    }
    if (threaded_) {
        changed_.notify_all();
        return;
    }
    // Unthreaded: execute now, on the caller's thread.
    run(job);
    std::lock_guard lock(mutex_);
    if (job.batch) free_.push_back(job.batch);
    completed_ = job.ticket;
}

bool CommandStream::executed(uint64_t position) {
    std::lock_guard lock(mutex_);
    return completed_ >= position;
}

void CommandStream::waitFor(uint64_t ticket) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return completed_ >= ticket; });
}

void CommandStream::workerLoop() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return; // stopping, nothing left
        Job job = std::move(queue_.front());
        queue_.pop_front();
        lock.unlock();
        run(job);
        lock.lock();
        if (job.batch) free_.push_back(job.batch);
        completed_ = job.ticket;
        changed_.notify_all();
    }
}

} // namespace ddivk::d3d9
