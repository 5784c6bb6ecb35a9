// windows.h and d3d9.h as the front end includes them: no min/max macros, the COM C++ interfaces.
#pragma once

#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <d3d9.h>

// PresentEx's "present now, whatever the interval" flag: the SDK's d3d9.h has it, MinGW's lacks it.
#ifndef D3DPRESENT_FORCEIMMEDIATE
#define D3DPRESENT_FORCEIMMEDIATE 0x00000100L
#endif

// d3d9.h of the Windows SDK has it (GetAdapterIdentifier: leave DriverVersion out); MinGW's lacks it.
#ifndef D3DENUM_NO_DRIVERVERSION
#define D3DENUM_NO_DRIVERVERSION 0x00000004L
#endif
