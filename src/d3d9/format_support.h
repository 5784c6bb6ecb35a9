// What a D3DFORMAT can be used as on an adapter: the answers of CheckDeviceFormat,
// CheckDepthStencilMatch, CheckDeviceFormatConversion and CheckDeviceType. The truth comes from
// the device's format table (src/draw/format_table.*: what the driver creates) and the Vulkan
// format features of the storage it would choose, with the same rules the driver applies when
// it creates the resource (src/device/device.cpp, device_resources.cpp).
#pragma once

#include "d3d9/adapter.h"
#include "d3d9/win32.h"

namespace ddivk::d3d9 {

// Display (adapter) formats D3D9 knows: X8R8G8B8, X1R5G5B5, R5G6B5, A2R10G10B10.
bool isDisplayFormat(::D3DFORMAT format);

// Back buffers ddivk can present from a display mode of `adapterFormat`: full screen, the display
// format or its alpha twin ("Display formats and back buffer formats" table of Direct3D 9);
// windowed, any format it renders to and converts into the display format (A2R10G10B10 displays
// are full screen only); UNKNOWN in windowed mode means "the display's format".
HRESULT checkDeviceType(const Adapter& adapter, ::D3DFORMAT adapterFormat, ::D3DFORMAT backBufferFormat, BOOL windowed);

// IDirect3D9::CheckDeviceFormat for a HAL device. D3DOK_NOAUTOGEN when AUTOGENMIPMAP is asked:
// the driver does not generate mipmaps.
HRESULT checkDeviceFormat(const Adapter& adapter, ::D3DFORMAT adapterFormat, DWORD usage, ::D3DRESOURCETYPE type,
                          ::D3DFORMAT format);

// A render-target format and a depth-stencil format that one pass can use together.
HRESULT checkDepthStencilMatch(const Adapter& adapter, ::D3DFORMAT adapterFormat, ::D3DFORMAT renderTarget,
                               ::D3DFORMAT depthStencil);

// StretchRect from `source` into a render target of `target` (the driver's BLT: vkCmdBlitImage).
HRESULT checkFormatConversion(const Adapter& adapter, ::D3DFORMAT source, ::D3DFORMAT target);

// Whether the format is one of render targets or depth-stencil buffers in the driver's table.
bool isTargetFormat(::D3DFORMAT format);

// The sample counts above one of render-target or depth surfaces of `format` (as the driver
// makes them: vk/sample_counts.h); 0 for other formats.
VkSampleCountFlags targetSampleCounts(const Adapter& adapter, ::D3DFORMAT format);

// Whether the adapter renders to `format` (render-target surfaces).
bool rendersTo(const Adapter& adapter, ::D3DFORMAT format);

// Whether `rect` covers whole blocks of `format` in a surface `width` x `height`: the 4x4 blocks
// of DXT and ATI formats and the 2x1 pixel pairs of YUY2, UYVY, R8G8_B8G8 and G8R8_G8B8, the
// units D3D9 locks default-pool surfaces and fills them in. The last row and column may be cut
// by the surface's edge.
bool coversWholeBlocks(::D3DFORMAT format, const RECT& rect, UINT width, UINT height);

// Whether a lock of `format` in `pool` takes any rectangle, empty, inverted or outside the
// surface: Windows' D3D9 takes them for the block formats (DXT, ATI, the pixel pairs) outside the
// default pool (Wine's test_surface_blocks), and Command & Conquer 3 locks its small DXT levels
// with rectangles larger than they are. Other formats, and the default pool, refuse them.
bool locksAnyRectangle(::D3DFORMAT format, ::D3DPOOL pool);

// The texel a lock of `rect` points at: its top-left corner, moved to the nearest texel of the
// `width` x `height` surface when it is outside, so that the program's writes stay in the surface
// (Windows' pointer for such a corner is not recorded).
POINT lockCorner(const RECT& rect, UINT width, UINT height);

// Whether a surface or texture of `format` may be `width` x `height`: D3D9 makes DXT1-5
// whole 4x4 blocks in every pool, and checks no other format's size (ATI1 / ATI2 and the pixel
// pairs may end in part of a block).
bool sizeFitsBlocks(::D3DFORMAT format, UINT width, UINT height);

} // namespace ddivk::d3d9
