// The public entry points of the ddivk driver: device and surface set-up (what the DirectDraw
// and D3D9 runtimes do through CreateSurfaceEx and D3dContextCreate) and the DP2 door.
// Entry points never throw; they return the DDI's own codes.
#pragma once

#include <cstdint>

#include "ddivk/d3d9_formats.h"
#include "ddivk/dp2.h"
#include "ddivk/hresult.h"
#include "ddivk/umd_blit.h"
#include "ddivk/umd_draw.h"
#include "ddivk/umd_process_vertices.h"
#include "ddivk/umd_query.h"
#include "ddivk/umd_state.h"

extern "C" {

// An opaque driver device: one Vulkan device with its state cache and renderer.
struct ddivk_device;

enum : uint32_t {
    // The vertex shader register files of software vertex processing (8192 float, 2048 integer,
    // 2048 BOOL registers) in place of vs_3_0's 256 / 16 / 16: what a D3D9 device made with
    // D3DCREATE_SOFTWARE_VERTEXPROCESSING or D3DCREATE_MIXED_VERTEXPROCESSING takes.
    DDIVK_DEVICE_SOFTWARE_VERTEX_REGISTERS = 1,
};

struct ddivk_device_desc {
    // Vulkan device choice: an index or a substring of the name. Null: DDIVK_DEVICE, else the
    // first device of the best kind (discrete, integrated, virtual, other, CPU).
    const char* deviceSelector;
    uint32_t flags; // DDIVK_DEVICE_*
};

ddivk::HRESULT ddivk_device_create(const ddivk_device_desc* desc, ddivk_device** device);
void ddivk_device_destroy(ddivk_device* device);
// The Vulkan device's name, for tools.
const char* ddivk_device_name(const ddivk_device* device);

enum : uint32_t {
    DDIVK_SURFACE_RENDERTARGET = 1,
    DDIVK_SURFACE_DEPTHSTENCIL = 2,
};

struct ddivk_surface_desc {
    uint32_t width;
    uint32_t height;
    uint32_t format; // D3DFORMAT
    uint32_t usage;  // DDIVK_SURFACE_*
    // Samples per pixel: 0 or 1 for a plain surface, else a count the device has for the format
    // (a multisampled target: read, blitted and presented through a resolve).
    uint32_t samples = 1;
};

// Creates a surface; *handle is what DP2 tokens (SETRENDERTARGET, SETRENDERTARGET2,
// SETDEPTHSTENCIL) name it by. D3DERR_INVALIDCALL for sizes or formats we cannot create;
// D3DERR_NOTAVAILABLE for a sample count the device does not have for the format.
ddivk::HRESULT ddivk_surface_create(ddivk_device* device, const ddivk_surface_desc* desc, uint32_t* handle);
ddivk::HRESULT ddivk_surface_destroy(ddivk_device* device, uint32_t handle);
// Copies the surface's pixels into memory (rows of width * bytes-per-pixel, pitch bytes apart;
// a multisampled surface's resolved: each pixel the average of its samples),
// after all work submitted so far that writes it. size is the destination's byte size.
ddivk::HRESULT ddivk_surface_read(ddivk_device* device, uint32_t handle, void* pixels, uint32_t pitch,
                                  uint64_t size);
// Presents the surface (a flip): the flip is in progress until the GPU has finished it, and
// DP2 calls on contexts drawing to that surface answer DDERR_WASSTILLDRAWING until then.
ddivk::HRESULT ddivk_surface_flip(ddivk_device* device, uint32_t handle);

// Presentation to a window (the d3d9.dll's Present). Windows builds only: elsewhere
// ddivk_swapchain_create answers D3DERR_NOTAVAILABLE (native programs read surfaces back).
struct ddivk_swapchain;
struct ddivk_swapchain_desc {
    void* window;      // the HWND to present in
    uint32_t interval; // 0: at once (may tear); 1 or more: at vertical blank (FIFO)
};
ddivk::HRESULT ddivk_swapchain_create(ddivk_device* device, const ddivk_swapchain_desc* desc,
                                      ddivk_swapchain** swapchain);
void ddivk_swapchain_destroy(ddivk_device* device, ddivk_swapchain* swapchain);
// A rectangle of a surface or window: left, top, right, bottom.
struct ddivk_rect {
    int32_t left, top, right, bottom;
};
// Copies the colour surface into the window after all work submitted so far, scaling `source`
// of the surface (null: all) to `dest` of the window's client area (null: all); the surface
// keeps its contents. Returns once the copy is submitted: the window system gets the image from
// the swapchain's own thread (ddivk_swapchain_wait waits for that). D3DERR_INVALIDCALL for a bad
// surface or rectangle, D3DERR_DEVICELOST when the Vulkan device is lost (a present that failed
// on that thread is answered by the next call).
ddivk::HRESULT ddivk_swapchain_present(ddivk_device* device, ddivk_swapchain* swapchain, uint32_t surface,
                                       const ddivk_rect* source, const ddivk_rect* dest);
// A gamma ramp (D3DGAMMARAMP's layout): a colour channel's 8-bit value v shows as entry v,
// where 65535 is full intensity.
struct ddivk_gamma_ramp {
    uint16_t red[256];
    uint16_t green[256];
    uint16_t blue[256];
};
// The ramp the swapchain's later presents show their surfaces through, as a display's gamma
// table would (null: none, the surface's values as they are). A back buffer with more than 8
// bits per channel goes through the ramp at 8. D3DERR_NOTAVAILABLE where the Vulkan device
// cannot apply one (without VK_KHR_push_descriptor).
ddivk::HRESULT ddivk_swapchain_set_gamma(ddivk_device* device, ddivk_swapchain* swapchain,
                                         const ddivk_gamma_ramp* ramp);
// Waits until every present of the swapchain has been handed to the window system (before the
// screen is read back, say). D3DERR_DEVICELOST when a present found the device lost.
ddivk::HRESULT ddivk_swapchain_wait(ddivk_device* device, ddivk_swapchain* swapchain);

// D3dContextCreate: a DP2 context drawing into renderTarget and depthStencil (0: none).
ddivk::HRESULT ddivk_context_create(ddivk_device* device, uint32_t renderTarget, uint32_t depthStencil,
                                    uintptr_t* context);
// D3dContextDestroy.
ddivk::HRESULT ddivk_context_destroy(uintptr_t context);
// IDirect3DDevice9::Reset for a context: every state back to its D3D9 default for a context
// drawing into renderTarget and depthStencil (0: none), lights and state blocks dropped;
// shaders, declarations, resources and queries kept. D3DERR_INVALIDCALL for bad surfaces
// (nothing changes), D3DHAL_CONTEXT_BAD for an unknown context.
ddivk::HRESULT ddivk_context_reset(uintptr_t context, uint32_t renderTarget, uint32_t depthStencil);

// GUID_D3DParseUnknownCommandCallback: the runtime's parser for tokens the driver does not
// know (PFND3DPARSEUNKNOWNCOMMAND, __stdcall on 32-bit Windows). Process-wide, as the runtime
// hands it to the driver once.
void ddivk_set_parse_unknown_command(ddivk::PFND3DPARSEUNKNOWNCOMMAND callback);

// D3dDrawPrimitives2. Returns DDHAL_DRIVER_HANDLED; the result is in data->ddrval.
uint32_t ddivk_DrawPrimitives2(ddivk::D3DHAL_DRAWPRIMITIVES2DATA* data);

// CreateD3DBuffer / DestroyD3DBuffer: DP2 command and vertex buffers (lpDDCommands,
// lpDDVertex). flags: DDIVK_DP2BUFFER_COMMANDS or DDIVK_DP2BUFFER_VERTICES.
ddivk::HRESULT ddivk_dp2_buffer_create(uint32_t size, uint32_t flags, ddivk::DDIVK_DP2BUFFER** buffer);
void ddivk_dp2_buffer_destroy(ddivk::DDIVK_DP2BUFFER* buffer);

// The D3D9 UMD query door (include/ddivk/umd_query.h): CreateQuery, DestroyQuery, IssueQuery,
// GetQueryData and Flush of d3dumddi.h, whose hDevice is a context handle cast to HANDLE. The
// queries belong to the context (destroyed with it) and measure the device's command stream,
// on the same engine as the DP2 tokens and the D3D10 door. GetQueryData returns S_FALSE until
// the data is ready and never submits; Flush submits what is recorded.
const ddivk::DDIVK_D3DDDI_QUERYFUNCS* ddivk_umd_query_functions(void);
// IDirect3DQuery9::GetData's rules on top of that door (the runtime's side, for the d3d9.dll
// front end and tools): size is the type's data size, or 0 to poll; flags 0 or
// D3DGETDATA_FLUSH (submits the work the query waits for). Wrong sizes, flags or states:
// D3DERR_INVALIDCALL, nothing written.
ddivk::HRESULT ddivk_umd_query_get_data(uintptr_t context, ddivk::HANDLE query, void* data, uint32_t size,
                                        uint32_t flags);
// The data size of a query of the UMD door (IDirect3DQuery9::GetDataSize); 0 for an unknown one.
uint32_t ddivk_umd_query_data_size(uintptr_t context, ddivk::HANDLE query);

// The D3D9 UMD door for resources and draws (include/ddivk/umd_draw.h): CreateResource,
// DestroyResource, Lock, Unlock, the stream, index and texture setters and the DrawPrimitive
// family of d3dumddi.h, hDevice a context handle as above. Resources belong to the context's
// device; their handles are what DP2 tokens (SETSTREAMSOURCE, SETINDICES, TEXTURESTAGESTATE's
// TEXTUREMAP, SETRENDERTARGET) name them by, as surfaces' handles are.
const ddivk::DDIVK_D3DDDI_DRAWFUNCS* ddivk_umd_draw_functions(void);

// The D3D9 UMD door for state (include/ddivk/umd_state.h): render, texture stage and sampler
// states, shaders, declarations, constants, viewport, scissor, clears, targets, transforms,
// material, lights, clip planes and state blocks, hDevice a context handle as above. Each entry
// point calls the context method the equivalent DP2 token calls; shaders, declarations and state
// blocks it creates get driver-chosen handles that DP2 tokens name them by too.
const ddivk::DDIVK_D3DDDI_STATEFUNCS* ddivk_umd_state_functions(void);

// The D3D9 UMD door for blits and fills (include/ddivk/umd_blit.h): Blt, ColorFill, TexBlt,
// VolBlt and BufBlt, hDevice a context handle as above. Each calls the context method the
// equivalent DP2 token (BLT, COLORFILL, TEXBLT, VOLUMEBLT, BUFFERBLT) calls, recorded in the
// device's command stream in order with the draws around it.
const ddivk::DDIVK_D3DDDI_BLITFUNCS* ddivk_umd_blit_functions(void);

// ProcessVertices with a vertex shader, run on the GPU for the runtime:
// ddivk_umd_process_vertices (include/ddivk/umd_process_vertices.h), hDevice a context handle
// as above.

} // extern "C"
