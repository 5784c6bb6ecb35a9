// Front-end files that include the driver's headers (namespace ddivk) and <d3d9.h> (the global
// namespace) see two of many D3D9 names, and code in namespace ddivk::d3d9 would find the
// driver's first. These using-declarations make the Windows types the ones meant there; the
// driver's are spelled ddivk::NAME. Include after d3d9/win32.h.
#pragma once

#include "d3d9/win32.h"

namespace ddivk::d3d9 {

using ::BOOL;
using ::D3DBLEND;
using ::D3DBLENDOP;
using ::D3DBOX;
using ::D3DCMPFUNC;
using ::D3DCOLOR;
using ::D3DCOLORVALUE;
using ::D3DCULL;
using ::D3DDECLMETHOD;
using ::D3DDECLTYPE;
using ::D3DDECLUSAGE;
using ::D3DDEGREETYPE;
using ::D3DFILLMODE;
using ::D3DFOGMODE;
using ::D3DFORMAT;
using ::D3DLIGHT9;
using ::D3DLIGHTTYPE;
using ::D3DMATERIAL9;
using ::D3DMATERIALCOLORSOURCE;
using ::D3DMATRIX;
using ::D3DPATCHEDGESTYLE;
using ::D3DPRIMITIVETYPE;
using ::D3DQUERYTYPE;
using ::D3DRANGE;
using ::D3DRECT;
using ::D3DRECTPATCH_INFO;
using ::D3DRENDERSTATETYPE;
using ::D3DSAMPLERSTATETYPE;
using ::D3DSHADEMODE;
using ::D3DSTATEBLOCKTYPE;
using ::D3DSTENCILOP;
using ::D3DTEXTUREADDRESS;
using ::D3DTEXTUREFILTERTYPE;
using ::D3DTEXTUREOP;
using ::D3DTEXTURESTAGESTATETYPE;
using ::D3DTRANSFORMSTATETYPE;
using ::D3DTRIPATCH_INFO;
using ::D3DVECTOR;
using ::D3DVERTEXBLENDFLAGS;
using ::D3DVERTEXELEMENT9;
using ::D3DVIEWPORT9;
using ::D3DZBUFFERTYPE;
using ::HANDLE;
using ::HRESULT;
using ::POINT;
using ::RECT;

} // namespace ddivk::d3d9
