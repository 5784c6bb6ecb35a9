// util::Mutex and util::ConditionVariable as the DLL builds them for Windows (SRW locks and
// condition variables, src/util/sync.h): the worker, presenter and queue hand-offs stand on
// them, and natively they are only the std types, so this is where their Windows side is tested.
#include <atomic>
#include <thread>
#include <vector>

#include "check.h"
#include "util/sync.h"

using ddivk::util::ConditionVariable;
using ddivk::util::Mutex;

// Increments of a plain counter under the lock from several threads all count.
TEST(Sync, MutexExcludesOtherThreads) {
    Mutex mutex;
    long counter = 0;
    constexpr int kThreads = 4, kIncrements = 100000;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < kIncrements; ++i) {
                std::lock_guard lock(mutex);
                counter = counter + 1;
            }
        });
    for (std::thread& t : threads) t.join();
    CHECK_EQ(counter, long{kThreads} * kIncrements);
}

// try_lock fails while another thread holds the lock and succeeds once it is released.
TEST(Sync, TryLockFailsWhileHeldElsewhere) {
    Mutex mutex;
    bool whileHeld = true, afterRelease = false;
    mutex.lock();
    std::thread([&] { whileHeld = mutex.try_lock(); }).join();
    mutex.unlock();
    std::thread([&] {
        afterRelease = mutex.try_lock();
        if (afterRelease) mutex.unlock();
    }).join();
    CHECK(!whileHeld);
    CHECK(afterRelease);
}

// A hand-off in both directions, as the command stream's program thread and worker do: each
// value is seen by the other side exactly once and in order.
TEST(Sync, ConditionVariableHandsValuesBackAndForth) {
    Mutex mutex;
    ConditionVariable changed;
    int sent = 0, received = 0;
    constexpr int kRounds = 20000;
    std::thread consumer([&] {
        std::unique_lock lock(mutex);
        for (int i = 1; i <= kRounds; ++i) {
            changed.wait(lock, [&] { return sent == i; });
            received = i;
            changed.notify_all();
        }
    });
    bool inOrder = true;
    {
        std::unique_lock lock(mutex);
        for (int i = 1; i <= kRounds; ++i) {
            sent = i;
            changed.notify_all();
            changed.wait(lock, [&] { return received == i; });
            inOrder = inOrder && received == i && sent == i;
        }
    }
    consumer.join();
    CHECK(inOrder);
    CHECK_EQ(received, kRounds);
}

// notify_all wakes every waiter.
TEST(Sync, NotifyAllWakesEveryWaiter) {
    Mutex mutex;
    ConditionVariable changed;
    int go = 0, waiting = 0;
    std::atomic<int> woken{0};
    constexpr int kWaiters = 3;
    std::vector<std::thread> threads;
    for (int t = 0; t < kWaiters; ++t)
        threads.emplace_back([&] {
            std::unique_lock lock(mutex);
            ++waiting;
            changed.notify_all();
            changed.wait(lock, [&] { return go > 0; });
            woken.fetch_add(1);
        });
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return waiting == kWaiters; });
        go = 1;
    }
    changed.notify_all();
    for (std::thread& t : threads) t.join();
    CHECK_EQ(woken.load(), kWaiters);
}

// Each notify_one after a token is added wakes a waiter that takes it: every waiter gets one.
TEST(Sync, NotifyOneWakesAWaiterPerToken) {
    Mutex mutex;
    ConditionVariable changed;
    int tokens = 0, taken = 0;
    constexpr int kWaiters = 3;
    std::vector<std::thread> threads;
    for (int t = 0; t < kWaiters; ++t)
        threads.emplace_back([&] {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return tokens > 0; });
            --tokens;
            ++taken;
        });
    for (int t = 0; t < kWaiters; ++t) {
        {
            std::lock_guard lock(mutex);
            ++tokens;
        }
        changed.notify_one();
    }
    for (std::thread& t : threads) t.join();
    CHECK_EQ(taken, kWaiters);
    CHECK_EQ(tokens, 0);
}

// The holder of a RecursiveMutex takes it again; another thread waits until every lock() of the
// holder is unlocked.
TEST(Sync, RecursiveMutexReentersForItsHolderOnly) {
    ddivk::util::RecursiveMutex mutex;
    bool otherWhileHeld = true, otherAfterRelease = false;
    mutex.lock();
    const bool reentered = mutex.try_lock();
    mutex.lock();
    std::thread([&] { otherWhileHeld = mutex.try_lock(); }).join();
    mutex.unlock();
    mutex.unlock();
    std::thread([&] { otherWhileHeld = otherWhileHeld || mutex.try_lock(); }).join(); // still held once
    mutex.unlock();
    std::thread([&] {
        otherAfterRelease = mutex.try_lock();
        if (otherAfterRelease) mutex.unlock();
    }).join();
    CHECK(reentered);
    CHECK(!otherWhileHeld);
    CHECK(otherAfterRelease);
    // Exclusion between threads, each taking it twice.
    long counter = 0;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 50000; ++i) {
                std::lock_guard outer(mutex);
                std::lock_guard inner(mutex);
                counter = counter + 1;
            }
        });
    for (std::thread& t : threads) t.join();
    CHECK_EQ(counter, 4L * 50000);
}
