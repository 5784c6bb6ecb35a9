#include "util/sync.h"

#ifdef _WIN32

#include <windows.h>

namespace ddivk::util {
namespace {

static_assert(sizeof(SRWLOCK) == sizeof(void*) && sizeof(CONDITION_VARIABLE) == sizeof(void*));

PSRWLOCK srw(void*& storage) {
    return reinterpret_cast<PSRWLOCK>(&storage);
}

PCONDITION_VARIABLE condition(void*& storage) {
    return reinterpret_cast<PCONDITION_VARIABLE>(&storage);
}

} // namespace

void Mutex::lock() {
    AcquireSRWLockExclusive(srw(srw_));
}

bool Mutex::try_lock() {
    return TryAcquireSRWLockExclusive(srw(srw_)) != 0;
}

void Mutex::unlock() {
    ReleaseSRWLockExclusive(srw(srw_));
}

void ConditionVariable::notify_one() {
    WakeConditionVariable(condition(cv_));
}

void ConditionVariable::notify_all() {
    WakeAllConditionVariable(condition(cv_));
}

void ConditionVariable::wait(std::unique_lock<Mutex>& lock) {
    // INFINITE: it returns only when woken (spuriously at worst); the predicate overload loops.
    SleepConditionVariableSRW(condition(cv_), srw(lock.mutex()->srw_), INFINITE, 0);
}

// Only the holder can read its own id in owner_, so relaxed loads decide re-entry safely.
void RecursiveMutex::lock() {
    const unsigned long self = GetCurrentThreadId();
    if (owner_.load(std::memory_order_relaxed) == self) {
        ++depth_;
        return;
    }
    mutex_.lock();
    owner_.store(self, std::memory_order_relaxed);
    depth_ = 1;
}

bool RecursiveMutex::try_lock() {
    const unsigned long self = GetCurrentThreadId();
    if (owner_.load(std::memory_order_relaxed) == self) {
        ++depth_;
        return true;
    }
    if (!mutex_.try_lock()) return false;
    owner_.store(self, std::memory_order_relaxed);
    depth_ = 1;
    return true;
}

void RecursiveMutex::unlock() {
    if (--depth_ != 0) return;
    owner_.store(0, std::memory_order_relaxed);
    mutex_.unlock();
}

} // namespace ddivk::util

#endif
