// IDirect3DDevice9Ex: the D3D9 device of the front end. It checks each call as the D3D9 runtime
// does, keeps the state the program can read back (a state cache of its own, the driver's
// StateCache class), and records what the driver must do as DP2 tokens into the device's
// command stream, which a worker thread executes through the driver (docs/d3d9-dll.md).
#pragma once

// Driver headers before <d3d9.h> (win32.h): its macros would rewrite the driver's names.
#include "d3d9/command_stream.h"
#include "ddivk/ddivk.h"
#include "ddivk/fvf.h"
#include "draw/format_table.h"
#include "state/state_cache.h"
#include "util/frame_pacer.h"
#include "util/sync.h"
#include "util/unimplemented.h"

#include <array>
#include <deque>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "d3d9/device_child.h"
#include "d3d9/focus_hook.h"
#include "d3d9/full_screen.h"
#include "d3d9/object_registry.h"
#include "d3d9/user_options.h"
#include "d3d9/win32.h"
#include "d3d9/windows_names.h"

struct ddivk_device;

namespace ddivk::d3d9 {

struct Adapter;
class Surface9;
class SwapChain9;
class TextureBinding;
class VertexDeclaration9;
struct VertexField;
template <class Interface, class Desc> class Buffer9;
using VertexBuffer9 = Buffer9<IDirect3DVertexBuffer9, D3DVERTEXBUFFER_DESC>;
using IndexBuffer9 = Buffer9<IDirect3DIndexBuffer9, D3DINDEXBUFFER_DESC>;

// Vertices a draw of `count` primitives of `type` reads; 0 for an unknown type.
uint64_t primitiveVertices(D3DPRIMITIVETYPE type, UINT count);

// What CreateDevice hands the device.
struct DeviceCreation {
    IDirect3D9Ex* direct3d = nullptr; // referenced for the device's life
    const Adapter* adapter = nullptr;
    UINT adapterOrdinal = 0;
    unsigned vulkanIndex = 0; // the adapter's index among Vulkan's physical devices
    HWND focusWindow = nullptr;
    DWORD flags = 0;                 // D3DCREATE_*
    D3DPRESENT_PARAMETERS present{}; // checked, with defaults filled in
    bool extended = false;           // CreateDeviceEx: QueryInterface gives IDirect3DDevice9Ex
};

class Device9 final : public IDirect3DDevice9Ex {
  public:
    // Creates the driver device, the back buffer, the automatic depth buffer and the context.
    // D3DERR_NOTAVAILABLE (logged) when the driver cannot.
    static HRESULT create(const DeviceCreation& creation, IDirect3DDevice9Ex** device);
    virtual ~Device9();

    // device9.cpp: the device itself
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID iid, void** out) override;
    ULONG STDMETHODCALLTYPE AddRef() override;
    ULONG STDMETHODCALLTYPE Release() override;
    HRESULT STDMETHODCALLTYPE TestCooperativeLevel() override;
    UINT STDMETHODCALLTYPE GetAvailableTextureMem() override;
    HRESULT STDMETHODCALLTYPE EvictManagedResources() override;
    HRESULT STDMETHODCALLTYPE GetDirect3D(IDirect3D9** d3d9) override;
    HRESULT STDMETHODCALLTYPE GetDeviceCaps(D3DCAPS9* caps) override;
    HRESULT STDMETHODCALLTYPE GetDisplayMode(UINT swapchain_idx, D3DDISPLAYMODE* mode) override;
    HRESULT STDMETHODCALLTYPE GetCreationParameters(D3DDEVICE_CREATION_PARAMETERS* parameters) override;
    HRESULT STDMETHODCALLTYPE Present(const RECT* src_rect, const RECT* dst_rect, HWND dst_window_override,
                                      const RGNDATA* dirty_region) override;
    UINT STDMETHODCALLTYPE GetNumberOfSwapChains() override;
    HRESULT STDMETHODCALLTYPE SetSoftwareVertexProcessing(WINBOOL software) override;
    WINBOOL STDMETHODCALLTYPE GetSoftwareVertexProcessing() override;
    HRESULT STDMETHODCALLTYPE CheckDeviceState(HWND dst_window) override;
    // device9_targets.cpp: surfaces and targets
    HRESULT STDMETHODCALLTYPE GetBackBuffer(UINT swapchain_idx, UINT backbuffer_idx,
                                            D3DBACKBUFFER_TYPE backbuffer_type,
                                            IDirect3DSurface9** backbuffer) override;
    HRESULT STDMETHODCALLTYPE CreateRenderTarget(UINT width, UINT height, D3DFORMAT format,
                                                 D3DMULTISAMPLE_TYPE multisample_type,
                                                 DWORD multisample_quality, WINBOOL lockable,
                                                 IDirect3DSurface9** surface, HANDLE* shared_handle) override;
    HRESULT STDMETHODCALLTYPE CreateDepthStencilSurface(UINT width, UINT height, D3DFORMAT format,
                                                        D3DMULTISAMPLE_TYPE multisample_type,
                                                        DWORD multisample_quality, WINBOOL discard,
                                                        IDirect3DSurface9** surface,
                                                        HANDLE* shared_handle) override;
    HRESULT STDMETHODCALLTYPE GetRenderTargetData(IDirect3DSurface9* render_target,
                                                  IDirect3DSurface9* dst_surface) override;
    HRESULT STDMETHODCALLTYPE CreateOffscreenPlainSurface(UINT width, UINT height, D3DFORMAT format,
                                                          D3DPOOL pool, IDirect3DSurface9** surface,
                                                          HANDLE* shared_handle) override;
    HRESULT STDMETHODCALLTYPE SetRenderTarget(DWORD idx, IDirect3DSurface9* surface) override;
    HRESULT STDMETHODCALLTYPE GetRenderTarget(DWORD idx, IDirect3DSurface9** surface) override;
    HRESULT STDMETHODCALLTYPE SetDepthStencilSurface(IDirect3DSurface9* depth_stencil) override;
    HRESULT STDMETHODCALLTYPE GetDepthStencilSurface(IDirect3DSurface9** depth_stencil) override;
    // device9_state.cpp: fixed-function and pipeline state
    HRESULT STDMETHODCALLTYPE SetTransform(D3DTRANSFORMSTATETYPE state, const D3DMATRIX* matrix) override;
    HRESULT STDMETHODCALLTYPE GetTransform(D3DTRANSFORMSTATETYPE State, D3DMATRIX* matrix) override;
    HRESULT STDMETHODCALLTYPE MultiplyTransform(D3DTRANSFORMSTATETYPE state,
                                                const D3DMATRIX* matrix) override;
    HRESULT STDMETHODCALLTYPE SetViewport(const D3DVIEWPORT9* viewport) override;
    HRESULT STDMETHODCALLTYPE GetViewport(D3DVIEWPORT9* viewport) override;
    HRESULT STDMETHODCALLTYPE SetMaterial(const D3DMATERIAL9* material) override;
    HRESULT STDMETHODCALLTYPE GetMaterial(D3DMATERIAL9* material) override;
    HRESULT STDMETHODCALLTYPE SetLight(DWORD idx, const D3DLIGHT9* light) override;
    HRESULT STDMETHODCALLTYPE GetLight(DWORD idx, D3DLIGHT9* light) override;
    HRESULT STDMETHODCALLTYPE LightEnable(DWORD idx, WINBOOL enable) override;
    HRESULT STDMETHODCALLTYPE GetLightEnable(DWORD idx, WINBOOL* enable) override;
    HRESULT STDMETHODCALLTYPE SetClipPlane(DWORD idx, const float* plane) override;
    HRESULT STDMETHODCALLTYPE GetClipPlane(DWORD idx, float* plane) override;
    HRESULT STDMETHODCALLTYPE SetRenderState(D3DRENDERSTATETYPE state, DWORD value) override;
    HRESULT STDMETHODCALLTYPE GetRenderState(D3DRENDERSTATETYPE state, DWORD* value) override;
    HRESULT STDMETHODCALLTYPE GetTextureStageState(DWORD stage, D3DTEXTURESTAGESTATETYPE state,
                                                   DWORD* value) override;
    HRESULT STDMETHODCALLTYPE SetTextureStageState(DWORD stage, D3DTEXTURESTAGESTATETYPE state,
                                                   DWORD value) override;
    HRESULT STDMETHODCALLTYPE GetSamplerState(DWORD sampler_idx, D3DSAMPLERSTATETYPE state,
                                              DWORD* value) override;
    HRESULT STDMETHODCALLTYPE SetSamplerState(DWORD sampler_idx, D3DSAMPLERSTATETYPE state,
                                              DWORD value) override;
    HRESULT STDMETHODCALLTYPE SetScissorRect(const RECT* rect) override;
    HRESULT STDMETHODCALLTYPE GetScissorRect(RECT* rect) override;
    // device9_draw.cpp: vertex input, buffers, scenes, clears and draws
    HRESULT STDMETHODCALLTYPE BeginScene() override;
    HRESULT STDMETHODCALLTYPE EndScene() override;
    HRESULT STDMETHODCALLTYPE Clear(DWORD rect_count, const D3DRECT* rects, DWORD flags, D3DCOLOR colour,
                                    float z, DWORD stencil) override;
    HRESULT STDMETHODCALLTYPE DrawPrimitive(D3DPRIMITIVETYPE primitive_type, UINT start_vertex,
                                            UINT primitive_count) override;
    HRESULT STDMETHODCALLTYPE DrawIndexedPrimitive(D3DPRIMITIVETYPE primitive_type, INT base_vertex_idx,
                                                   UINT min_vertex_idx, UINT vertex_count, UINT start_idx,
                                                   UINT primitive_count) override;
    HRESULT STDMETHODCALLTYPE DrawPrimitiveUP(D3DPRIMITIVETYPE primitive_type, UINT primitive_count,
                                              const void* data, UINT stride) override;
    HRESULT STDMETHODCALLTYPE SetFVF(DWORD fvf) override;
    HRESULT STDMETHODCALLTYPE GetFVF(DWORD* fvf) override;
    HRESULT STDMETHODCALLTYPE SetStreamSource(UINT stream_idx, IDirect3DVertexBuffer9* buffer, UINT offset,
                                              UINT stride) override;
    HRESULT STDMETHODCALLTYPE GetStreamSource(UINT stream_idx, IDirect3DVertexBuffer9** buffer, UINT* offset,
                                              UINT* stride) override;
    HRESULT STDMETHODCALLTYPE SetStreamSourceFreq(UINT stream_idx, UINT frequency) override;
    HRESULT STDMETHODCALLTYPE GetStreamSourceFreq(UINT stream_idx, UINT* frequency) override;
    HRESULT STDMETHODCALLTYPE SetIndices(IDirect3DIndexBuffer9* buffer) override;
    HRESULT STDMETHODCALLTYPE GetIndices(IDirect3DIndexBuffer9** buffer) override;
    HRESULT STDMETHODCALLTYPE CreateVertexBuffer(UINT size, DWORD usage, DWORD fvf, D3DPOOL pool,
                                                 IDirect3DVertexBuffer9** buffer,
                                                 HANDLE* shared_handle) override;
    HRESULT STDMETHODCALLTYPE CreateIndexBuffer(UINT size, DWORD usage, D3DFORMAT format, D3DPOOL pool,
                                                IDirect3DIndexBuffer9** buffer,
                                                HANDLE* shared_handle) override;
    HRESULT STDMETHODCALLTYPE DrawIndexedPrimitiveUP(D3DPRIMITIVETYPE primitive_type, UINT min_vertex_idx,
                                                     UINT vertex_count, UINT primitive_count,
                                                     const void* index_data, D3DFORMAT index_format,
                                                     const void* data, UINT stride) override;
    // device9_present.cpp and device9_reset.cpp: presentation and Reset
    HRESULT STDMETHODCALLTYPE GetSwapChain(UINT swapchain_idx, IDirect3DSwapChain9** swapchain) override;
    HRESULT STDMETHODCALLTYPE Reset(D3DPRESENT_PARAMETERS* parameters) override;
    HRESULT STDMETHODCALLTYPE GetRasterStatus(UINT swapchain_idx, D3DRASTER_STATUS* raster_status) override;
    HRESULT STDMETHODCALLTYPE PresentEx(const RECT* src_rect, const RECT* dst_rect, HWND dst_window_override,
                                        const RGNDATA* dirty_region, DWORD flags) override;
    HRESULT STDMETHODCALLTYPE ResetEx(D3DPRESENT_PARAMETERS* parameters, D3DDISPLAYMODEEX* mode) override;
    // Presentation extras (device9_swap_chains.cpp, device9_front_buffer.cpp, device9_gamma.cpp,
    // device9_cursor.cpp, device9_ex_settings.cpp) and the other methods (device9_misc.cpp,
    // device9_palettes.cpp, device9_validate.cpp, device9_ex_surfaces.cpp,
    // device9_process_vertices.cpp); what they refuse is listed in docs/d3d9-dll.md.
    HRESULT STDMETHODCALLTYPE SetCursorProperties(UINT hotspot_x, UINT hotspot_y,
                                                  IDirect3DSurface9* bitmap) override;
    void STDMETHODCALLTYPE SetCursorPosition(int x, int y, DWORD flags) override;
    WINBOOL STDMETHODCALLTYPE ShowCursor(WINBOOL show) override;
    HRESULT STDMETHODCALLTYPE CreateAdditionalSwapChain(D3DPRESENT_PARAMETERS* parameters,
                                                        IDirect3DSwapChain9** swapchain) override;
    HRESULT STDMETHODCALLTYPE SetDialogBoxMode(WINBOOL enable) override;
    void STDMETHODCALLTYPE SetGammaRamp(UINT swapchain_idx, DWORD flags, const D3DGAMMARAMP* ramp) override;
    void STDMETHODCALLTYPE GetGammaRamp(UINT swapchain_idx, D3DGAMMARAMP* ramp) override;
    HRESULT STDMETHODCALLTYPE GetFrontBufferData(UINT swapchain_idx, IDirect3DSurface9* dst_surface) override;
    HRESULT STDMETHODCALLTYPE SetClipStatus(const D3DCLIPSTATUS9* clip_status) override;
    HRESULT STDMETHODCALLTYPE GetClipStatus(D3DCLIPSTATUS9* clip_status) override;
    HRESULT STDMETHODCALLTYPE ValidateDevice(DWORD* pass_count) override;
    HRESULT STDMETHODCALLTYPE SetPaletteEntries(UINT palette_idx, const PALETTEENTRY* entries) override;
    HRESULT STDMETHODCALLTYPE GetPaletteEntries(UINT palette_idx, PALETTEENTRY* entries) override;
    HRESULT STDMETHODCALLTYPE SetCurrentTexturePalette(UINT palette_idx) override;
    HRESULT STDMETHODCALLTYPE GetCurrentTexturePalette(UINT* palette_idx) override;
    HRESULT STDMETHODCALLTYPE SetNPatchMode(float segment_count) override;
    float STDMETHODCALLTYPE GetNPatchMode() override;
    HRESULT STDMETHODCALLTYPE ProcessVertices(UINT src_start_idx, UINT dst_idx, UINT vertex_count,
                                              IDirect3DVertexBuffer9* dst_buffer,
                                              IDirect3DVertexDeclaration9* declaration, DWORD flags) override;
    HRESULT STDMETHODCALLTYPE DrawRectPatch(UINT handle, const float* segment_count,
                                            const D3DRECTPATCH_INFO* patch_info) override;
    HRESULT STDMETHODCALLTYPE DrawTriPatch(UINT handle, const float* segment_count,
                                           const D3DTRIPATCH_INFO* patch_info) override;
    HRESULT STDMETHODCALLTYPE DeletePatch(UINT handle) override;
    HRESULT STDMETHODCALLTYPE SetConvolutionMonoKernel(UINT width, UINT height, float* rows,
                                                       float* columns) override;
    HRESULT STDMETHODCALLTYPE ComposeRects(IDirect3DSurface9* src_surface, IDirect3DSurface9* dst_surface,
                                           IDirect3DVertexBuffer9* src_descs, UINT rect_count,
                                           IDirect3DVertexBuffer9* dst_descs, D3DCOMPOSERECTSOP operation,
                                           INT offset_x, INT offset_y) override;
    HRESULT STDMETHODCALLTYPE GetGPUThreadPriority(INT* priority) override;
    HRESULT STDMETHODCALLTYPE SetGPUThreadPriority(INT priority) override;
    HRESULT STDMETHODCALLTYPE WaitForVBlank(UINT swapchain_idx) override;
    HRESULT STDMETHODCALLTYPE CheckResourceResidency(IDirect3DResource9** resources,
                                                     UINT32 resource_count) override;
    HRESULT STDMETHODCALLTYPE SetMaximumFrameLatency(UINT max_latency) override;
    HRESULT STDMETHODCALLTYPE GetMaximumFrameLatency(UINT* max_latency) override;
    HRESULT STDMETHODCALLTYPE CreateRenderTargetEx(UINT width, UINT height, D3DFORMAT format,
                                                   D3DMULTISAMPLE_TYPE multisample_type,
                                                   DWORD multisample_quality, WINBOOL lockable,
                                                   IDirect3DSurface9** surface, HANDLE* shared_handle,
                                                   DWORD usage) override;
    HRESULT STDMETHODCALLTYPE CreateOffscreenPlainSurfaceEx(UINT width, UINT Height, D3DFORMAT format,
                                                            D3DPOOL pool, IDirect3DSurface9** surface,
                                                            HANDLE* shared_handle, DWORD usage) override;
    HRESULT STDMETHODCALLTYPE CreateDepthStencilSurfaceEx(UINT width, UINT height, D3DFORMAT format,
                                                          D3DMULTISAMPLE_TYPE multisample_type,
                                                          DWORD multisample_quality, WINBOOL discard,
                                                          IDirect3DSurface9** surface, HANDLE* shared_handle,
                                                          DWORD usage) override;
    HRESULT STDMETHODCALLTYPE GetDisplayModeEx(UINT swapchain_idx, D3DDISPLAYMODEEX* mode,
                                               D3DDISPLAYROTATION* rotation) override;
    // ---- TEXTURES ROOM (device9_textures.cpp, device9_texture_copies.cpp) ----
    HRESULT STDMETHODCALLTYPE CreateTexture(UINT width, UINT height, UINT levels, DWORD usage,
                                            D3DFORMAT format, D3DPOOL pool, IDirect3DTexture9** texture,
                                            HANDLE* shared_handle) override;
    HRESULT STDMETHODCALLTYPE CreateVolumeTexture(UINT width, UINT height, UINT depth, UINT levels,
                                                  DWORD usage, D3DFORMAT format, D3DPOOL pool,
                                                  IDirect3DVolumeTexture9** texture,
                                                  HANDLE* shared_handle) override;
    HRESULT STDMETHODCALLTYPE CreateCubeTexture(UINT edge_length, UINT levels, DWORD usage, D3DFORMAT format,
                                                D3DPOOL pool, IDirect3DCubeTexture9** texture,
                                                HANDLE* shared_handle) override;
    HRESULT STDMETHODCALLTYPE UpdateSurface(IDirect3DSurface9* src_surface, const RECT* src_rect,
                                            IDirect3DSurface9* dst_surface, const POINT* dst_point) override;
    HRESULT STDMETHODCALLTYPE UpdateTexture(IDirect3DBaseTexture9* src_texture,
                                            IDirect3DBaseTexture9* dst_texture) override;
    HRESULT STDMETHODCALLTYPE StretchRect(IDirect3DSurface9* src_surface, const RECT* src_rect,
                                          IDirect3DSurface9* dst_surface, const RECT* dst_rect,
                                          D3DTEXTUREFILTERTYPE filter) override;
    HRESULT STDMETHODCALLTYPE ColorFill(IDirect3DSurface9* surface, const RECT* rect,
                                        D3DCOLOR colour) override;
    HRESULT STDMETHODCALLTYPE GetTexture(DWORD stage, IDirect3DBaseTexture9** texture) override;
    HRESULT STDMETHODCALLTYPE SetTexture(DWORD stage, IDirect3DBaseTexture9* texture) override;
    // ---- end of textures room methods ----
    // ---- SHADERS ROOM (device9_shaders.cpp, device9_constants.cpp) ----
    HRESULT STDMETHODCALLTYPE CreateVertexDeclaration(const D3DVERTEXELEMENT9* elements,
                                                      IDirect3DVertexDeclaration9** declaration) override;
    HRESULT STDMETHODCALLTYPE SetVertexDeclaration(IDirect3DVertexDeclaration9* declaration) override;
    HRESULT STDMETHODCALLTYPE GetVertexDeclaration(IDirect3DVertexDeclaration9** declaration) override;
    HRESULT STDMETHODCALLTYPE CreateVertexShader(const DWORD* byte_code,
                                                 IDirect3DVertexShader9** shader) override;
    HRESULT STDMETHODCALLTYPE SetVertexShader(IDirect3DVertexShader9* shader) override;
    HRESULT STDMETHODCALLTYPE GetVertexShader(IDirect3DVertexShader9** shader) override;
    HRESULT STDMETHODCALLTYPE SetVertexShaderConstantF(UINT reg_idx, const float* data, UINT count) override;
    HRESULT STDMETHODCALLTYPE GetVertexShaderConstantF(UINT reg_idx, float* data, UINT count) override;
    HRESULT STDMETHODCALLTYPE SetVertexShaderConstantI(UINT reg_idx, const int* data, UINT count) override;
    HRESULT STDMETHODCALLTYPE GetVertexShaderConstantI(UINT reg_idx, int* data, UINT count) override;
    HRESULT STDMETHODCALLTYPE SetVertexShaderConstantB(UINT reg_idx, const WINBOOL* data,
                                                       UINT count) override;
    HRESULT STDMETHODCALLTYPE GetVertexShaderConstantB(UINT reg_idx, WINBOOL* data, UINT count) override;
    HRESULT STDMETHODCALLTYPE CreatePixelShader(const DWORD* byte_code,
                                                IDirect3DPixelShader9** shader) override;
    HRESULT STDMETHODCALLTYPE SetPixelShader(IDirect3DPixelShader9* shader) override;
    HRESULT STDMETHODCALLTYPE GetPixelShader(IDirect3DPixelShader9** shader) override;
    HRESULT STDMETHODCALLTYPE SetPixelShaderConstantF(UINT reg_idx, const float* data, UINT count) override;
    HRESULT STDMETHODCALLTYPE GetPixelShaderConstantF(UINT reg_idx, float* data, UINT count) override;
    HRESULT STDMETHODCALLTYPE SetPixelShaderConstantI(UINT reg_idx, const int* data, UINT count) override;
    HRESULT STDMETHODCALLTYPE GetPixelShaderConstantI(UINT reg_idx, int* data, UINT count) override;
    HRESULT STDMETHODCALLTYPE SetPixelShaderConstantB(UINT reg_idx, const WINBOOL* data, UINT count) override;
    HRESULT STDMETHODCALLTYPE GetPixelShaderConstantB(UINT reg_idx, WINBOOL* data, UINT count) override;
    // ---- end of shaders room methods ----
    // ---- QUERIES AND STATE BLOCKS ROOM (device9_queries.cpp, device9_state_blocks.cpp once implemented)
    // ----
    HRESULT STDMETHODCALLTYPE CreateStateBlock(D3DSTATEBLOCKTYPE type,
                                               IDirect3DStateBlock9** stateblock) override;
    HRESULT STDMETHODCALLTYPE BeginStateBlock() override;
    HRESULT STDMETHODCALLTYPE EndStateBlock(IDirect3DStateBlock9** stateblock) override;
    HRESULT STDMETHODCALLTYPE CreateQuery(D3DQUERYTYPE type, IDirect3DQuery9** query) override;
    // Which object a handle names, per kind (object_registry.h); shared with the objects.
    const std::shared_ptr<ObjectRegistry>& registry() const { return registry_; }
    // State blocks (device9_state_blocks.cpp): records a STATESET token after state_ took it.
    void recordStateSet(uint32_t operation, uint32_t handle, uint32_t type);
    // Re-derives the Bound<> slots from state_'s handles after a state block changed them.
    void rebindFromState();
    state::StateCache& stateCache() { return state_; }
    // A D3D9Ex device (CreateDeviceEx, or an IDirect3D9Ex's CreateDevice).
    bool extended() const { return creation_.extended; }
    // Presents so far (IDirect3DSwapChain9Ex::GetLastPresentCount).
    UINT presentCount() {
        auto guard = lock();
        return UINT(presentCount_);
    }
    // The implicit swap chain when `surface` is one of its back buffers, else null.
    IDirect3DSwapChain9* implicitChainOf(const Surface9* surface);
    // ---- end of queries room methods ----

    // ---- For the device's objects ----
    // IDirect3DSwapChain9::Present and the device's Present / PresentEx.
    HRESULT presentFrame(const RECT* source, const RECT* dest, HWND window, DWORD flags);
    const D3DPRESENT_PARAMETERS& presentParameters() const { return creation_.present; }
    // SOFTWARE and MIXED devices have software vertex processing's register files (8192 float,
    // 2048 integer and 2048 BOOL vertex shader constants), in either mode of a MIXED one, as
    // Windows' runtime gives them (Wine's test_vertex_shader_constant, test_unsupported_shaders).
    bool processesVerticesInSoftware() const {
        return (creation_.flags & D3DCREATE_SOFTWARE_VERTEXPROCESSING) != 0;
    }
    bool softwareVertexRegisters() const {
        return (creation_.flags & (D3DCREATE_SOFTWARE_VERTEXPROCESSING | D3DCREATE_MIXED_VERTEXPROCESSING)) !=
               0;
    }
    // Objects D3D9's Reset requires released (D3DPOOL_DEFAULT resources, state blocks, ...):
    // their constructors and destructors count them.
    void defaultPoolObjectCreated() { ++defaultPoolObjects_; }
    void defaultPoolObjectDestroyed() { --defaultPoolObjects_; }
    // Bytes the program's default-pool textures, surfaces and buffers take (their constructors
    // and destructors count them): GetAvailableTextureMem answers what is left.
    void videoMemoryTaken(int64_t bytes) { videoMemoryBytes_ += bytes; }
    ddivk_device* driver() const { return driver_; }
    uintptr_t context() const { return context_; }
    CommandStream& stream() { return *stream_; }
    // Held for each call when the program asked for D3DCREATE_MULTITHREADED.
    std::unique_lock<util::RecursiveMutex> lock() {
        return multithreaded_ ? std::unique_lock(mutex_) : std::unique_lock<util::RecursiveMutex>();
    }

  private:
    // The end of a D3D9Ex Reset: the new implicit surfaces bound, the state kept
    // (device9_reset.cpp).
    HRESULT keepStateThroughReset(const D3DPRESENT_PARAMETERS& checked, std::vector<Surface9*>& backs,
                                  Surface9* depth, const std::vector<Surface9*>& held,
                                  D3DPRESENT_PARAMETERS* parameters);
    // CreateVertexBuffer / CreateIndexBuffer: a usage and pool a buffer may have (device9_draw.cpp).
    bool bufferUsageAndPool(DWORD usage, D3DPOOL pool) const;
    explicit Device9(const DeviceCreation& creation);
    HRESULT initialise();
    // Creates a driver surface (render target or depth-stencil) for the program or the device,
    // multisampled as `multisample` and `quality` say (checkMultisample passed).
    HRESULT createDriverSurface(UINT width, UINT height, ::D3DFORMAT format, DWORD usage, bool ownedByDevice,
                                Surface9** surface, ::D3DMULTISAMPLE_TYPE multisample = ::D3DMULTISAMPLE_NONE,
                                DWORD quality = 0);
    // A default-pool offscreen plain surface of a format the driver does not render to.
    HRESULT createTexelSurface(UINT width, UINT height, ::D3DFORMAT format, IDirect3DSurface9** surface);
    // The object was made by this device (not another one the program also has).
    template <class Child> bool ownedHere(const Child& child) const {
        return child.owner() == static_cast<const IDirect3DDevice9Ex*>(this);
    }
    // A swap chain's surfaces for `p` (device9_back_buffers.cpp): BackBufferCount back buffers,
    // then the front buffer of a FLIP chain, device-owned; on failure none are left.
    HRESULT createBackBuffers(const D3DPRESENT_PARAMETERS& p, std::vector<Surface9*>& ring);
    // After a chain's Present: its surfaces take the next one's contents, and render targets
    // bound from it are bound again to what their objects now hold.
    void rotateBackBuffers(const std::vector<Surface9*>& ring);
    // Records SETRENDERTARGET2 / SETDEPTHSTENCIL for what is bound now.
    void recordRenderTarget(DWORD index);
    void recordDepthStencil();
    // D3D9's rule for each draw: a vertex shader or an FVF / declaration must be set, and the
    // primitive type and count valid; D3DERR_INVALIDCALL otherwise.
    HRESULT checkDraw(D3DPRIMITIVETYPE type, UINT count) const;
    // Whether the vertex pipeline can read the streams a draw reads: false only for a
    // fixed-function draw whose streams leave an attribute off its alignment (device9_draw.cpp).
    // upStride: a draw from user memory's stride (its stream 0), 0 for a draw from buffers.
    bool vertexPipelineCanRead(UINT upStride) const;
    // The defaults D3D9 gives a device of these presentation parameters.
    state::DeviceDefaults defaults() const;
    // ProcessVertices with the current vertex shader, run on the GPU by the driver
    // (device9_process_vertices_shader.cpp); the caller holds the lock and checked the
    // destination's FVF. `outputDeclaration`: the program's pVertexDecl.
    HRESULT processVerticesWithShader(UINT sourceStart, UINT destinationIndex, UINT count,
                                      IDirect3DVertexBuffer9* destination,
                                      IDirect3DVertexDeclaration9* outputDeclaration, DWORD flags);
    // What both ProcessVertices paths share (device9_process_vertices.cpp): the source layout
    // (the current FVF or declaration; empty when neither is set) and the clip status rule.
    std::vector<VertexField> processingSourceFields();
    // The buffer on field `f`'s stream when software processing may read `bytes` of the field
    // for vertices sourceStart .. sourceStart + count - 1 (count 0 checks the first): the stream
    // is set, holds them, and on a mixed-mode device was made with D3DUSAGE_SOFTWAREPROCESSING;
    // else null.
    VertexBuffer9* processingSource(const VertexField& f, UINT sourceStart, UINT count, uint32_t bytes);
    void recordClipCodes(bool clipping, DWORD clipUnion, DWORD clipIntersection);

    std::atomic<ULONG> references_{1};
    DeviceCreation creation_;
    bool multithreaded_ = false;
    DeviceOptions options_; // read at creation (user_options.h)
    FramePacer framePacer_; // DDIVK_MAX_FRAME_RATE, in presentFrame
    util::RecursiveMutex mutex_;

    ddivk_device* driver_ = nullptr;
    uintptr_t context_ = 0;
    std::unique_ptr<CommandStream> stream_;
    state::StateCache state_; // what the program has set: answers the Get methods

    // The implicit chain's surfaces, owned: back buffers 0 .. BackBufferCount - 1, then a FLIP
    // chain's front buffer (device9_back_buffers.cpp). Present rotates their driver surfaces.
    std::vector<Surface9*> backBuffers_;
    Surface9* autoDepth_ = nullptr;  // owned; null without EnableAutoDepthStencil
    std::array<Bound<Surface9>, state::kMaxRenderTargets> renderTargets_;
    Bound<Surface9> depthStencil_;
    std::array<Bound<VertexBuffer9>, state::kMaxStreams> streams_;
    Bound<IndexBuffer9> indices_;
    bool inScene_ = false;
    bool reszPointSize_ = false; // POINTSIZE was last set to the RESZ code (GetRenderState answers it)
    bool softwareVertexProcessing_ = false;

    // Presentation (device9_present.cpp). The window swapchains are the worker's: made, used
    // and destroyed by jobs on it (and by the destructor once it has stopped).
    struct WindowChain {
        HWND window;
        uint32_t interval;
        ddivk_swapchain* chain; // null: the window cannot be presented to
        std::shared_ptr<const D3DGAMMARAMP> gamma; // the ramp the chain applies (null: none)
    };
    // DrawIndexedPrimitiveUP's indices go through a dynamic index buffer of the device's,
    // written on the worker before the draw (device9_draw_up.cpp); 0 until first needed.
    HRESULT uploadUpIndices(const void* indices, UINT bytes);
    void destroyUpIndexBuffer();
    HRESULT drawPrimitiveUp(D3DPRIMITIVETYPE type, UINT count, const void* data, UINT stride);
    HRESULT drawIndexedPrimitiveUp(D3DPRIMITIVETYPE type, UINT minVertex, UINT vertexCount, UINT count,
                                   const void* indices, D3DFORMAT indexFormat, const void* data, UINT stride);
    // What the bindings of a UP draw become afterwards (or after a refused one), on the device:
    // stream 0's buffer (offset and stride zeroed or kept) and the index buffer.
    void unbindStreamZero(bool keepOffsetAndStride);
    void unbindIndices();
    // A UP draw made while recording changes the device, not the block: the recording is
    // suspended around it, in state_ and in the driver (device9_state_blocks.cpp). False when
    // there was no recording to suspend.
    bool suspendRecording();
    void resumeRecording();
    uint32_t upIndexBuffer_ = 0;
    UINT upIndexBytes_ = 0;
    // Reset and ResetEx (device9_reset.cpp); releaseBindings drops every binding's reference.
    HRESULT resetDevice(D3DPRESENT_PARAMETERS* parameters);
    HRESULT applyReset(D3DPRESENT_PARAMETERS* parameters);
    void releaseBindings();
    void presentOnWorker(HWND window, uint32_t interval, uint32_t surface, const ddivk_rect* source,
                         const ddivk_rect* dest, const std::shared_ptr<const D3DGAMMARAMP>& gamma);
    void destroyWindowChains();
    // The worker's swapchain entry of (window, interval), made when missing (on the worker).
    WindowChain& windowChainOn(HWND window, uint32_t interval);
    // Destroys the worker's swapchains of `window` (on the worker).
    void destroyWindowChainsOf(HWND window);
    // Makes the entry through the worker while the caller waits, unless windowChainKeys_ has it;
    // drops the swapchains of destroyed windows in the same wait.
    void ensureWindowChain(HWND window, uint32_t interval);
    // Destroys every window swapchain after the work recorded so far, while the caller waits
    // (Reset): the next Present makes them again.
    void dropWindowChains();
    // The maximum frame latency (device9_frame_latency.cpp): an event query after each frame's
    // work, and at Present a wait for the oldest frames beyond the latency.
    ddivk::HANDLE markFrameEnd();
    void throttleFrames(ddivk::HANDLE marker);
    // Drops the finished frames at the front without waiting; true when another frame may be
    // presented without waiting (D3DPRESENT_DONOTWAIT).
    bool frameSlotFree();
    struct FrameMarker {
        ddivk::HANDLE query;
        uint64_t position; // the command stream's position after the frame's Present
    };
    std::deque<FrameMarker> framesInFlight_;
    std::vector<ddivk::HANDLE> spareFrameMarkers_;
    // Waits until the window chains' presents have reached the window system (on the worker).
    void waitForWindowPresents();
    // UpdateSurface from an offscreen plain (system-memory) surface (device9_texture_copies.cpp).
    HRESULT updateFromPlainSurface(Surface9& src, const RECT& from, Surface9& dst, const RECT& to);
    // GetRenderTargetData into a level of a system-memory texture (device9_targets.cpp).
    HRESULT readTargetIntoLevel(Surface9& from, Surface9& to);
    // StretchRect between depth-stencil surfaces.
    HRESULT stretchDepth(Surface9& src, const RECT* sourceRect, Surface9& dst, const RECT* destinationRect,
                         D3DTEXTUREFILTERTYPE filter);
    SwapChain9* swapChain_ = nullptr; // owned: the implicit swap chain
    // The display mode and window of a full-screen device (full_screen.h); left last, after
    // the swapchains of the window are gone.
    FullScreen fullScreen_;
    // Focus loss of a full-screen device (device9_focus.cpp): the focus window is watched
    // while the device is full screen; losing focus restores the desktop and loses the device
    // (D3DERR_DEVICELOST; S_PRESENT_OCCLUDED on Ex devices) until focus comes back (and, for
    // non-Ex devices, a Reset). Set on the window's thread.
    FocusHook focusHook_;
    std::atomic<bool> focusLost_{false};
    void watchFocus();
    void onActivateApp(bool active);
    std::vector<WindowChain> windowChains_;
    // The front end's record of windowChains_'s keys (under the device's lock): those made by
    // ensureWindowChain and not dropped since.
    std::vector<std::pair<HWND, uint32_t>> windowChainKeys_;
    std::atomic<bool> deviceLost_{false};
    // A Reset failed (not on Ex devices): D3DERR_DEVICENOTRESET until one succeeds.
    std::atomic<bool> notReset_{false};
    uint64_t presentCount_ = 0;
    std::atomic<int> defaultPoolObjects_{0};
    std::atomic<int64_t> videoMemoryBytes_{0};

    // ---- textures room members ----
    // The texture bound to each sampler (state::samplerIndex order), kept alive while bound.
    std::array<Bound<TextureBinding>, state::kSamplerCount> textures_;
    // Unbinds every texture; the destructor calls it while the stream still runs.
    void releaseBoundTextures();
    // Re-derives the texture slots from state_'s handles (after a state block changed them).
    void rebindTextures();
    // ---- shaders room members ----
    // The bound declaration and shaders (device9_shaders.cpp): kept alive while set.
    struct ShaderBindings;
    struct ShaderBindingsDeleter {
        void operator()(ShaderBindings* bindings) const;
    };
    std::unique_ptr<ShaderBindings, ShaderBindingsDeleter> shaderBindings_;
    ShaderBindings& shaderBindings();
    // Re-derives the bound declaration and shaders from state_'s handles (after a state block).
    void rebindShaders();
    // A declaration of checked elements (end marker included) through the driver, with one
    // public reference; null when the driver refuses it. Called with the lock held.
    VertexDeclaration9* makeDeclaration(std::vector<D3DVERTEXELEMENT9> elements);
    // The declaration set (null when none or an FVF is).
    VertexDeclaration9* currentDeclaration();
    // Set*ShaderConstant*: D3D9's register range, the state cache, then the DP2 token `op` with
    // `perRegister` values a register (device9_constants.cpp).
    template <class T>
    HRESULT setShaderConstants(uint8_t op,
                               ddivk::HRESULT (state::StateCache::*set)(uint32_t, const T*, uint32_t),
                               uint32_t limit, uint32_t perRegister, UINT start, const T* data, UINT count);
    // ---- presentation extras room members ----
    // Additional swap chains present and read the front buffer through the device.
    friend class SwapChain9;
    // Presents back buffer 0 of a swap chain's surfaces (`ring`, with the chain's parameters),
    // then rotates them (device9_present.cpp; the implicit chain's are creation_.present and
    // backBuffers_), through `gamma` when not null.
    HRESULT presentSurface(const D3DPRESENT_PARAMETERS& parameters, const std::vector<Surface9*>& ring,
                           const RECT* source, const RECT* dest, HWND window, DWORD flags,
                           std::shared_ptr<const D3DGAMMARAMP> gamma = nullptr);
    // Drops the worker's swapchains of `window` (a released additional chain's) after the work
    // recorded so far, while the caller waits (device9_present.cpp).
    void forgetWindowChains(HWND window);
    // GetFrontBufferData: the screen into a system-memory A8R8G8B8 surface of the display mode's
    // size, after the presentations recorded so far (device9_front_buffer.cpp).
    HRESULT copyFrontBuffer(IDirect3DSurface9* destination);
    // The implicit swap chain's gamma ramp (device9_gamma.cpp): null until set (the identity).
    // Each SetGammaRamp makes a new one, so the worker's chains see a change by the pointer.
    std::shared_ptr<const D3DGAMMARAMP> gammaRamp_;
    // The ramp the implicit chain's presents go through: gammaRamp_ in full screen when it is
    // not the identity and the device applies ramps; else null.
    std::shared_ptr<const D3DGAMMARAMP> presentedGamma() const;
    // The cursor of SetCursorProperties (device9_cursor.cpp), destroyed with the device.
    struct OwnedCursor {
        HCURSOR handle = nullptr;
        OwnedCursor() = default;
        OwnedCursor(const OwnedCursor&) = delete;
        OwnedCursor& operator=(const OwnedCursor&) = delete;
        ~OwnedCursor() {
            if (handle) DestroyCursor(handle);
        }
    };
    OwnedCursor cursor_;
    bool cursorVisible_ = false;
    // IDirect3DDevice9Ex settings (device9_ex_settings.cpp).
    UINT maximumFrameLatency_ = 3; // D3D9Ex's default
    INT gpuThreadPriority_ = 0;
    // ---- misc methods room members ----
    // Clip status (device9_misc.cpp): stored and returned; D3D9's documented initial values.
    // Draws do not update it (hardware vertex processing); ProcessVertices does.
    ::D3DCLIPSTATUS9 clipStatus_{0, 0xFFFFFFFF};
    // Texture palettes (device9_palettes.cpp), made on first use; unset entries read 0xFFFFFFFF.
    std::vector<std::array<PALETTEENTRY, 256>> palettes_;
    // SetConvolutionMonoKernel's size: kept, no sampler filters with it (no CONVOLUTIONMONO cap).
    UINT convolutionWidth_ = 1, convolutionHeight_ = 1;
    // ValidateDevice's checks (device9_validate.cpp): the texture stages and the samplers of
    // bound textures against what the driver draws; D3D_OK or the documented D3DERR_UNSUPPORTED*.
    HRESULT validateTextureStages() const;
    HRESULT validateSamplers() const;
    // ---- queries and state blocks room members ----
    std::shared_ptr<ObjectRegistry> registry_ = std::make_shared<ObjectRegistry>();
    uint32_t nextStateBlock_ = 1; // handles of state blocks, chosen here (DP2 STATESET's dwParam)
    uint32_t recordingBlock_ = 0; // the handle BeginStateBlock gave, 0 when not recording
    // While recording, the setters leave the device's Bound<> slots (the getters answer the
    // device's bindings, as on Windows) and hold what they record here instead, until the block
    // takes its own holds at EndStateBlock.
    std::vector<ObjectRegistry::Hold> recordingHolds_;
    // Binds `object` in `slot`, or while recording holds it for the recording.
    template <class T> void bindOrHold(Bound<T>& slot, T* object, ObjectKind kind, uint32_t handle) {
        if (!state_.recording())
            slot.reset(object);
        else if (handle)
            recordingHolds_.push_back(registry_->hold(kind, handle));
    }
};

} // namespace ddivk::d3d9
