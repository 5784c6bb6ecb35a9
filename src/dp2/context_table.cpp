#include "dp2/context_table.h"

namespace ddivk::dp2 {

uintptr_t ContextTable::add(Target& target) {
    std::lock_guard lock(mutex_);
    while (nextHandle_ == 0 || entries_.count(nextHandle_))
        ++nextHandle_;
    const uintptr_t handle = nextHandle_++;
    auto entry = std::make_unique<Entry>();
    entry->target = &target;
    entries_.emplace(handle, std::move(entry));
    return handle;
}

bool ContextTable::add(uintptr_t handle, Target& target) {
    if (handle == 0) return false;
    std::lock_guard lock(mutex_);
    auto entry = std::make_unique<Entry>();
    entry->target = &target;
    return entries_.emplace(handle, std::move(entry)).second;
}

bool ContextTable::remove(uintptr_t handle) {
    std::lock_guard lock(mutex_);
    return entries_.erase(handle) != 0;
}

ContextTable::Entry* ContextTable::find(uintptr_t handle) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(handle);
    return it == entries_.end() ? nullptr : it->second.get();
}

void ContextTable::setParseUnknownCommand(PFND3DPARSEUNKNOWNCOMMAND callback) {
    std::lock_guard lock(mutex_);
    parse_ = callback;
}

PFND3DPARSEUNKNOWNCOMMAND ContextTable::parseUnknownCommand() const {
    std::lock_guard lock(mutex_);
    return parse_;
}

} // namespace ddivk::dp2
