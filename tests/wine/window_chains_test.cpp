// The swapchains the device makes for the windows it presents to: made while the program waits
// in its first Present to a window, and gone once the window is destroyed.
//
// Why made while the program waits: Wine's X11 driver shares one display connection between GDI
// and Vulkan's window surfaces, and libX11 (1.8.4 here) can deadlock when a thread of ours makes
// a window's surface while the program waits in GetPixel (docs/d3d9-dll.md). A watchdog turns a
// deadlock into a failure with a message instead of a suite that never ends.
#include "check.h"
#include "device_support.h"
#include "screen_support.h"
#include "support.h"

#include <tlhelp32.h>

#include <cstdio>

namespace {

constexpr DWORD kRounds = 30;

// Ends the process with a message when a round makes no progress: not kicked (or destroyed)
// within `seconds` of the last kick.
class Watchdog {
  public:
    Watchdog(const char* what, DWORD seconds) : what_(what), ms_(seconds * 1000) {
        disarmed_ = CreateEventA(nullptr, TRUE, FALSE, nullptr);
        kicked_ = CreateEventA(nullptr, FALSE, FALSE, nullptr);
        thread_ = CreateThread(nullptr, 0, &Watchdog::watch, this, 0, nullptr);
    }
    ~Watchdog() {
        SetEvent(disarmed_);
        WaitForSingleObject(thread_, INFINITE);
        CloseHandle(thread_);
        CloseHandle(disarmed_);
        CloseHandle(kicked_);
    }
    void kick() { SetEvent(kicked_); }
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

  private:
    static DWORD WINAPI watch(void* self) {
        auto* w = static_cast<Watchdog*>(self);
        const HANDLE events[2] = {w->disarmed_, w->kicked_};
        DWORD woke;
        while ((woke = WaitForMultipleObjects(2, events, FALSE, w->ms_)) == WAIT_OBJECT_0 + 1) {
        }
        if (woke == WAIT_TIMEOUT) {
            std::printf("FAIL  %s: no progress in %lu s (a deadlock)\n", w->what_, w->ms_ / 1000);
            std::fflush(stdout);
            TerminateProcess(GetCurrentProcess(), 3);
        }
        return 0;
    }
    const char* what_;
    DWORD ms_;
    HANDLE disarmed_ = nullptr;
    HANDLE kicked_ = nullptr;
    HANDLE thread_ = nullptr;
};

// The threads of this process (the driver's presenter threads among them).
int threadCount() {
    const HANDLE snapshot = CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0);
    if (snapshot == INVALID_HANDLE_VALUE) return -1;
    THREADENTRY32 entry{};
    entry.dwSize = sizeof entry;
    int count = 0;
    for (BOOL more = Thread32First(snapshot, &entry); more; more = Thread32Next(snapshot, &entry))
        count += entry.th32OwnerProcessID == GetCurrentProcessId();
    CloseHandle(snapshot);
    return count;
}

// Shows a new window without activating it (Wine then leaves it to itself, not to a window
// manager, and destroys it at once), presents a frame to it and destroys it once it shows it.
void presentToShortLivedWindow(IDirect3DDevice9* device) {
    TestWindow window(64, 32);
    SetWindowPos(window.hwnd, HWND_TOPMOST, 0, 0, 0, 0, SWP_NOSIZE | SWP_SHOWWINDOW | SWP_NOACTIVATE);
    CHECK_EQ(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF204060, 1.0f, 0), D3D_OK);
    CHECK_EQ(device->Present(nullptr, nullptr, window.hwnd, nullptr), D3D_OK);
    POINT origin{0, 0};
    ClientToScreen(window.hwnd, &origin);
    CHECK(screenShows(origin.x + 32, origin.y + 16, 0x204060)); // shown before the window goes
}

} // namespace

// A program presenting to short-lived windows (previews, tool windows) does not gather a
// swapchain, with its presenter thread, for each window it has destroyed: the next first Present
// to a window drops them.
TEST(WindowChains, DestroyedWindowsDoNotKeepTheirSwapchains) {
    TestDevice t(64, 32);
    REQUIRE(t.device != nullptr);
    presentToShortLivedWindow(t.device); // threads started once (the worker's, the driver's) start here
    const int before = threadCount();
    REQUIRE(before > 0);
    constexpr int kWindows = 8;
    for (int i = 0; i < kWindows; ++i)
        presentToShortLivedWindow(t.device);
    // One swapchain for a destroyed window, the last one's, as before the loop; kept, each would
    // add its presenter thread.
    const int after = threadCount();
    CHECK(after < before + kWindows / 2);
}

// Each round shows a new window, presents a first frame to it and reads the screen at once and
// without pause until the frame appears, as a program checking its window would.
TEST(WindowChains, FirstPresentsToNewWindowsWhileTheScreenIsRead) {
    Watchdog watchdog("WindowChains.FirstPresentsToNewWindowsWhileTheScreenIsRead", 30);
    TestDevice t(64, 32);
    REQUIRE(t.device != nullptr);
    for (DWORD round = 0; round < kRounds; ++round) {
        watchdog.kick();
        // Shown and activated, as a program's window is: the deadlock came only with such
        // windows (none in 1500 rounds of windows shown without activation). Wine gives them to
        // a window manager, and destroying one waits 2 s for the manager xvfb lacks, hence the
        // few rounds.
        TestWindow window(64, 32);
        const POINT origin = showWindowAt(window.hwnd, 0, 0);
        const DWORD rgb = 0x102030 + (round * 0x010101) % 0x808080;
        CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000 | rgb, 1.0f, 0), D3D_OK);
        CHECK_EQ(t->Present(nullptr, nullptr, window.hwnd, nullptr), D3D_OK);
        bool shown = false;
        for (int i = 0; i < 20000 && !shown; ++i)
            shown = screenPixel(origin.x + 32, origin.y + 16) == rgb;
        CHECK(shown);
    }
}
