// Locks and condition variables for the threads that hand work to each other (the d3d9.dll's
// program thread and worker, the worker and a swapchain's presenter, the queue's users).
// Elsewhere these are the std types. On Windows (the MinGW build of d3d9.dll) the std types are
// winpthreads', which waits and wakes on kernel objects: under Wine every contended lock, wait
// and wake-up was a round trip through wineserver (several per frame, each a context switch
// away). Windows' SRW locks and condition variables wait on addresses instead, which Wine
// implements with futexes, as Windows does in user space.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>

namespace ddivk::util {

#ifdef _WIN32

// A non-recursive lock (an SRWLOCK); std::lock_guard and std::unique_lock take it.
class Mutex {
  public:
    constexpr Mutex() = default;
    Mutex(const Mutex&) = delete;
    Mutex& operator=(const Mutex&) = delete;

    void lock();
    bool try_lock();
    void unlock();

  private:
    friend class ConditionVariable;
    void* srw_ = nullptr; // an SRWLOCK: one pointer, SRWLOCK_INIT is all zero
};

// Waits under a std::unique_lock<Mutex> (a CONDITION_VARIABLE).
class ConditionVariable {
  public:
    constexpr ConditionVariable() = default;
    ConditionVariable(const ConditionVariable&) = delete;
    ConditionVariable& operator=(const ConditionVariable&) = delete;

    void notify_one();
    void notify_all();
    // Releases the lock while waiting; may return without a notify, as std's may.
    void wait(std::unique_lock<Mutex>& lock);
    template <class Predicate> void wait(std::unique_lock<Mutex>& lock, Predicate ready) {
        while (!ready())
            wait(lock);
    }

  private:
    void* cv_ = nullptr; // a CONDITION_VARIABLE: one pointer, CONDITION_VARIABLE_INIT is all zero
};

// A lock its holder may take again (D3DCREATE_MULTITHREADED's device lock): an SRW lock and the
// holding thread's id.
class RecursiveMutex {
  public:
    RecursiveMutex() = default;
    RecursiveMutex(const RecursiveMutex&) = delete;
    RecursiveMutex& operator=(const RecursiveMutex&) = delete;

    void lock();
    bool try_lock();
    void unlock();

  private:
    Mutex mutex_;
    std::atomic<unsigned long> owner_{0}; // the holder's thread id (0: none; no thread has it)
    unsigned depth_ = 0;                  // the holder's lock() calls not yet unlocked
};

#else

using Mutex = std::mutex;
using ConditionVariable = std::condition_variable;
using RecursiveMutex = std::recursive_mutex;

#endif

} // namespace ddivk::util
