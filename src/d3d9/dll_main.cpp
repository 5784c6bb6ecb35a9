// The DLL's entry point: at process exit, the count of calls to methods we do not implement
// (issue 6: "the count of such calls is logged at exit"). Nothing else runs here: the loader
// lock is held, so no thread, Vulkan or COM work belongs in DllMain.
#include "d3d9/win32.h"
#include "util/unimplemented.h"

extern "C" BOOL WINAPI DllMain(HINSTANCE, DWORD reason, LPVOID) {
    if (reason == DLL_PROCESS_DETACH) ddivk::unimplemented::logTotal();
    return TRUE;
}
