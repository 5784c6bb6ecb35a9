// Direct3DCreate9 / Direct3DCreate9Ex, reference counting, QueryInterface, the exports.
#include "check.h"
#include "support.h"

#include <cctype>
#include <string>

// "D3D_SDK_VERSION: the value of this parameter should be D3D_SDK_VERSION" (Direct3DCreate9);
// other values give no object. 31 (9.0b) and the debug bit are accepted as the runtime does.
TEST(Direct3DCreate9, WrongSdkVersionReturnsNull) {
    CHECK(Direct3DCreate9(0) == nullptr);
    CHECK(Direct3DCreate9(D3D_SDK_VERSION + 1) == nullptr);
    IDirect3D9* d3d = Direct3DCreate9(D3D_SDK_VERSION);
    CHECK(d3d != nullptr);
    if (d3d) CHECK_EQ(d3d->Release(), 0);
    IDirect3D9* debug = Direct3DCreate9(D3D_SDK_VERSION | 0x80000000u);
    CHECK(debug != nullptr);
    if (debug) debug->Release();
}

TEST(Direct3DCreate9Ex, WrongSdkVersionIsNotAvailableAndNullOutputIsInvalid) {
    IDirect3D9Ex* ex = reinterpret_cast<IDirect3D9Ex*>(1);
    CHECK_EQ(Direct3DCreate9Ex(D3D_SDK_VERSION + 1, &ex), D3DERR_NOTAVAILABLE);
    CHECK(ex == nullptr);
    CHECK_EQ(Direct3DCreate9Ex(D3D_SDK_VERSION, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(Direct3DCreate9Ex(D3D_SDK_VERSION, &ex), D3D_OK);
    CHECK(ex != nullptr);
    if (ex) CHECK_EQ(ex->Release(), 0);
}

// IUnknown: AddRef and Release return the new count; QueryInterface adds a reference.
TEST(IDirect3D9, ReferenceCountsFollowAddRefReleaseAndQueryInterface) {
    IDirect3D9* d3d = Direct3DCreate9(D3D_SDK_VERSION);
    REQUIRE(d3d != nullptr);
    CHECK_EQ(d3d->AddRef(), 2);
    CHECK_EQ(d3d->AddRef(), 3);
    CHECK_EQ(d3d->Release(), 2);
    IUnknown* unknown = nullptr;
    CHECK_EQ(d3d->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(&unknown)), S_OK);
    CHECK(unknown == static_cast<IUnknown*>(d3d));
    CHECK_EQ(d3d->AddRef(), 4);
    CHECK_EQ(d3d->Release(), 3);
    if (unknown) CHECK_EQ(unknown->Release(), 2);
    CHECK_EQ(d3d->Release(), 1);
    CHECK_EQ(d3d->Release(), 0);
}

// An object from Direct3DCreate9 is not an IDirect3D9Ex; one from Direct3DCreate9Ex is both.
TEST(IDirect3D9, OnlyObjectsFromDirect3DCreate9ExAreIDirect3D9Ex) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    IDirect3D9Ex* ex = reinterpret_cast<IDirect3D9Ex*>(1);
    CHECK_EQ(d3d->QueryInterface(__uuidof(IDirect3D9Ex), reinterpret_cast<void**>(&ex)), E_NOINTERFACE);
    CHECK(ex == nullptr);
    IDirect3DDevice9* wrong = nullptr;
    CHECK_EQ(d3d->QueryInterface(__uuidof(IDirect3DDevice9), reinterpret_cast<void**>(&wrong)), E_NOINTERFACE);

    IDirect3D9Ex* made = nullptr;
    CHECK_EQ(Direct3DCreate9Ex(D3D_SDK_VERSION, &made), D3D_OK);
    REQUIRE(made != nullptr);
    IDirect3D9Ex* again = nullptr;
    CHECK_EQ(made->QueryInterface(__uuidof(IDirect3D9Ex), reinterpret_cast<void**>(&again)), S_OK);
    CHECK(again == made);
    if (again) CHECK_EQ(again->Release(), 1);
    CHECK_EQ(made->Release(), 0);
}

// The d3d9.dll loaded is the one beside the test, not Wine's built-in (WINEDLLOVERRIDES=d3d9=n),
// and it exports what programs import.
TEST(D3d9Dll, IsOursAndExportsEveryEntryPoint) {
    HMODULE dll = GetModuleHandleA("d3d9.dll");
    REQUIRE(dll != nullptr);
    char dllPath[MAX_PATH] = {}, exePath[MAX_PATH] = {};
    GetModuleFileNameA(dll, dllPath, MAX_PATH);
    GetModuleFileNameA(nullptr, exePath, MAX_PATH);
    std::string dllDir(dllPath), exeDir(exePath);
    dllDir = dllDir.substr(0, dllDir.find_last_of('\\'));
    exeDir = exeDir.substr(0, exeDir.find_last_of('\\'));
    for (char& c : dllDir) c = char(std::tolower(static_cast<unsigned char>(c)));
    for (char& c : exeDir) c = char(std::tolower(static_cast<unsigned char>(c)));
    CHECK(dllDir == exeDir);
    for (const char* name : {"Direct3DCreate9", "Direct3DCreate9Ex", "Direct3DShaderValidatorCreate9",
                             "Direct3D9EnableMaximizedWindowedModeShim", "D3DPERF_BeginEvent", "D3DPERF_EndEvent",
                             "D3DPERF_GetStatus", "D3DPERF_QueryRepeatFrame", "D3DPERF_SetMarker",
                             "D3DPERF_SetOptions", "D3DPERF_SetRegion"}) {
        if (!GetProcAddress(dll, name)) wine_check::fail(__FILE__, __LINE__, name);
    }
}

// D3DPERF_BeginEvent "returns the zero-based level of the hierarchy that this event is starting
// in"; D3DPERF_EndEvent the level it ends, negative on error (no event open). No profiler runs.
TEST(D3DPERF, EventLevelsNestAndAnUnmatchedEndIsNegative) {
    CHECK_EQ(D3DPERF_BeginEvent(0xffff0000, L"outer"), 0);
    CHECK_EQ(D3DPERF_BeginEvent(0xff00ff00, L"inner"), 1);
    D3DPERF_SetMarker(0xff0000ff, L"marker");
    CHECK_EQ(D3DPERF_EndEvent(), 1);
    CHECK_EQ(D3DPERF_EndEvent(), 0);
    CHECK(D3DPERF_EndEvent() < 0);
    CHECK_EQ(D3DPERF_BeginEvent(0, L"again"), 0); // the failed end left the level at zero
    CHECK_EQ(D3DPERF_EndEvent(), 0);
    CHECK_EQ(D3DPERF_GetStatus(), 0);
    CHECK_EQ(D3DPERF_QueryRepeatFrame(), FALSE);
}
