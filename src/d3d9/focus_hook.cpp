#include "d3d9/focus_hook.h"

#include <mutex>
#include <vector>

#include "util/sync.h"

namespace ddivk::d3d9 {
namespace {

// One hooked window. An entry without a handler only passes messages on: its window's
// procedure was replaced after ours, so ours must stay in the chain.
struct Entry {
    HWND window;
    WNDPROC original;
    bool unicode; // the window's procedure takes wide-character messages
    FocusHook::Handler handler;
};

// Recursive: a handler's window calls (ShowWindow...) send messages to the hooked window.
util::RecursiveMutex& registryMutex() {
    static util::RecursiveMutex mutex;
    return mutex;
}

std::vector<Entry>& entries() {
    static std::vector<Entry> all;
    return all;
}

Entry* find(HWND window) {
    for (Entry& e : entries())
        if (e.window == window) return &e;
    return nullptr;
}

LRESULT forward(HWND window, UINT message, WPARAM wParam, LPARAM lParam, bool unicode) {
    WNDPROC original = nullptr;
    {
        std::lock_guard lock(registryMutex());
        Entry* e = find(window);
        if (!e)
            return unicode ? DefWindowProcW(window, message, wParam, lParam)
                           : DefWindowProcA(window, message, wParam, lParam);
        original = e->original;
        // A destroyed window's handle may be reused: its entry goes with it.
        if (message == WM_NCDESTROY)
            entries().erase(entries().begin() + (e - entries().data()));
        else if (message == WM_ACTIVATEAPP && e->handler) {
            // A copy: the handler may unhook (and so destroy the entry's) while it runs.
            const FocusHook::Handler handler = e->handler;
            handler(wParam != 0);
        }
    }
    return unicode ? CallWindowProcW(original, window, message, wParam, lParam)
                   : CallWindowProcA(original, window, message, wParam, lParam);
}

LRESULT CALLBACK hookedProcedureW(HWND window, UINT message, WPARAM wParam, LPARAM lParam) {
    return forward(window, message, wParam, lParam, true);
}

LRESULT CALLBACK hookedProcedureA(HWND window, UINT message, WPARAM wParam, LPARAM lParam) {
    return forward(window, message, wParam, lParam, false);
}

} // namespace

void FocusHook::hook(HWND window, Handler handler) {
    if (window == window_) return;
    unhook();
    if (!window || !IsWindow(window)) return;
    std::lock_guard lock(registryMutex());
    if (Entry* e = find(window)) {
        // Still in the chain from an earlier hook: take it over.
        e->handler = std::move(handler);
    } else {
        const bool unicode = IsWindowUnicode(window) != FALSE;
        const LONG_PTR ours = reinterpret_cast<LONG_PTR>(unicode ? hookedProcedureW : hookedProcedureA);
        const LONG_PTR original = unicode ? SetWindowLongPtrW(window, GWLP_WNDPROC, ours)
                                          : SetWindowLongPtrA(window, GWLP_WNDPROC, ours);
        if (!original) return;
        entries().push_back(Entry{window, reinterpret_cast<WNDPROC>(original), unicode, std::move(handler)});
    }
    window_ = window;
}

void FocusHook::unhook() {
    if (!window_) return;
    HWND window = window_;
    window_ = nullptr;
    std::lock_guard lock(registryMutex());
    Entry* e = find(window);
    if (!e) return;
    const LONG_PTR ours = reinterpret_cast<LONG_PTR>(e->unicode ? hookedProcedureW : hookedProcedureA);
    const LONG_PTR now =
        e->unicode ? GetWindowLongPtrW(window, GWLP_WNDPROC) : GetWindowLongPtrA(window, GWLP_WNDPROC);
    if (IsWindow(window) && now != ours) {
        e->handler = nullptr; // replaced after us: stay in the chain, passing messages on
        return;
    }
    if (IsWindow(window)) {
        const LONG_PTR original = reinterpret_cast<LONG_PTR>(e->original);
        if (e->unicode)
            SetWindowLongPtrW(window, GWLP_WNDPROC, original);
        else
            SetWindowLongPtrA(window, GWLP_WNDPROC, original);
    }
    entries().erase(entries().begin() + (e - entries().data()));
}

} // namespace ddivk::d3d9
