// The device's command stream: what the D3D9 front end records as DP2 tokens (d3dhal.h) and the
// worker thread that executes them through the driver's D3dDrawPrimitives2, so the program's
// thread does not wait for Vulkan work. Calls that need an answer from the driver (creating a
// resource, a lock, a read-back) run on the worker too, after everything recorded before them,
// and the caller waits for them: the driver sees one ordered stream.
// Only driver headers here: this file is included before <d3d9.h>, whose macros clash with them.
#pragma once

#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <thread>
#include <vector>

#include "ddivk/dp2.h"
#include "ddivk/hresult.h"
#include "util/sync.h"

namespace ddivk::d3d9 {

class CommandStream {
  public:
    // `context`: the driver context the tokens go to. `threaded`: execute on a worker thread
    // (else at each flush, on the caller's thread).
    CommandStream(uintptr_t context, bool threaded);
    ~CommandStream(); // executes what is recorded, then stops the worker
    CommandStream(const CommandStream&) = delete;
    CommandStream& operator=(const CommandStream&) = delete;

    // Appends one token with `count` items (each a T; any extra payload bytes follow through
    // append()). Flushes first when the batch has no room for `reserve` bytes.
    template <class T> void token(uint8_t op, const T* items, uint16_t count, size_t extra = 0) {
        D3DHAL_DP2COMMAND command{};
        command.bCommand = op;
        command.wStateCount = count;
        reserve(sizeof command + sizeof(T) * count + extra);
        append(&command, sizeof command);
        append(items, sizeof(T) * count);
    }
    template <class T> void token(uint8_t op, const T& item) { token(op, &item, 1); }
    // Raw payload bytes after a token (shader code, declarations, clear rectangles).
    void append(const void* data, size_t bytes);
    // Room for `bytes` more command bytes in this batch (a flush when there is none).
    void reserve(size_t bytes);

    // Copies vertex data into the batch's vertex memory (D3DHALDP2_USERMEMVERTICES of the
    // call that executes it), aligned to `stride`; returns its byte offset there. Flushes
    // first when this batch cannot take the data and `tokenBytes` more command bytes, so the
    // draw tokens recorded next land in the batch that holds their vertices.
    uint32_t vertices(const void* data, uint32_t bytes, uint32_t stride, size_t tokenBytes);

    // Hands the recorded batch to the worker.
    void flush();
    // Runs `call` on the worker after everything recorded so far and waits for it. `call` must
    // not throw (an exception is logged and swallowed).
    void call(const std::function<void()>& call);
    // Runs `work` on the worker after everything recorded so far and before what is recorded
    // next, without waiting for it (a Present, a query's Issue): the batch's commands before it
    // are executed first, those after it next. `work` must not throw (an exception is logged).
    void post(std::function<void()> work);
    // Waits until everything recorded so far has executed.
    void finish();
    // The position of everything handed to the worker so far (each flush moves it on), and a
    // wait until the worker has executed up to such a position.
    uint64_t handedOver() const { return submitted_; }
    void waitUntilExecuted(uint64_t position) { waitFor(position); }
    bool executed(uint64_t position);

    // Failures of recorded tokens the front end did not foresee (each is logged): the front end
    // checks every call before recording it, so this stays 0 in a correct program.
    uint64_t failures() const { return failures_; }

  private:
    struct Batch {
        DDIVK_DP2BUFFER* commands = nullptr;
        uint32_t used = 0;
        std::vector<uint8_t> vertices; // capacity kept across uses
        // Posted work, each run once the commands before its offset have executed.
        struct Posted {
            uint32_t offset;
            std::function<void()> work;
        };
        std::vector<Posted> posted;
    };
    // One DP2 call of the batch's commands [begin, end).
    void executeRange(Batch& batch, uint32_t begin, uint32_t end);
    struct Job {
        Batch* batch = nullptr;                      // execute this batch, or
        const std::function<void()>* call = nullptr; // run this call (the caller waits)
        uint64_t ticket = 0;
    };
    void run(Job& job);

    Batch* takeFreeBatch();
    void execute(Batch& batch);
    void submit(Job&& job);
    void waitFor(uint64_t ticket);
    void workerLoop();

    uintptr_t context_;
    bool threaded_;
    Batch* current_ = nullptr;
    std::vector<Batch*> allBatches_;

    util::Mutex mutex_;
    util::ConditionVariable changed_;
    std::deque<Job> queue_;
    std::vector<Batch*> free_;
    uint64_t submitted_ = 0; // tickets handed out
    uint64_t completed_ = 0; // tickets done, in order
    bool stopping_ = false;
    uint64_t failures_ = 0;
    std::thread worker_;
};

} // namespace ddivk::d3d9
