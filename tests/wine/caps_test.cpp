// GetDeviceCaps: shader model 3, the driver's limits, the Vulkan device's limits.
#include "check.h"
#include "support.h"

// The driver translates vs_3_0 / ps_3_0 (src/shader) with the full SM3 register files.
TEST(DeviceCaps, ShaderModel3) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    D3DCAPS9 caps{};
    CHECK_EQ(d3d->GetDeviceCaps(0, D3DDEVTYPE_HAL, &caps), D3D_OK);
    CHECK_EQ(caps.VertexShaderVersion, D3DVS_VERSION(3, 0));
    CHECK_EQ(caps.PixelShaderVersion, D3DPS_VERSION(3, 0));
    CHECK_EQ(caps.MaxVertexShaderConst, 256);
    CHECK(caps.MaxVertexShader30InstructionSlots >= 512 && caps.MaxVertexShader30InstructionSlots <= 32768);
    CHECK(caps.MaxPixelShader30InstructionSlots >= 512 && caps.MaxPixelShader30InstructionSlots <= 32768);
    CHECK(caps.MaxVShaderInstructionsExecuted >= 65535);
    CHECK(caps.MaxPShaderInstructionsExecuted >= 65535);
    CHECK_EQ(d3d->GetDeviceCaps(0, D3DDEVTYPE_HAL, nullptr), D3DERR_INVALIDCALL);
}

// 16 streams with stream offsets, 8 texture stages, 8 lights, 6 clip planes at most.
TEST(DeviceCaps, DriverLimits) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    D3DCAPS9 caps{};
    REQUIRE(d3d->GetDeviceCaps(0, D3DDEVTYPE_HAL, &caps) == D3D_OK);
    CHECK_EQ(caps.DeviceType, D3DDEVTYPE_HAL);
    CHECK_EQ(caps.AdapterOrdinal, 0);
    CHECK_EQ(caps.NumberOfAdaptersInGroup, 1);
    CHECK_EQ(caps.MaxStreams, 16);
    CHECK(caps.DevCaps2 & D3DDEVCAPS2_STREAMOFFSET);
    CHECK(caps.DevCaps & D3DDEVCAPS_HWTRANSFORMANDLIGHT);
    CHECK_EQ(caps.MaxSimultaneousTextures, 8);
    CHECK_EQ(caps.MaxTextureBlendStages, 8);
    CHECK_EQ(caps.MaxActiveLights, 8);
    CHECK(caps.MaxUserClipPlanes <= 6);
    CHECK_EQ(caps.MaxVertexBlendMatrixIndex, 7);
    CHECK(caps.TextureCaps & D3DPTEXTURECAPS_VOLUMEMAP);
    CHECK(caps.TextureCaps & D3DPTEXTURECAPS_CUBEMAP);
    CHECK(!(caps.TextureCaps & D3DPTEXTURECAPS_POW2)); // any size, no power-of-two rule
    CHECK(caps.Caps2 & D3DCAPS2_CANAUTOGENMIPMAP);     // CheckDeviceFormat: D3D_OK for A8R8G8B8
    CHECK(!(caps.TextureOpCaps & D3DTEXOPCAPS_PREMODULATE));
    CHECK(caps.TextureOpCaps & D3DTEXOPCAPS_BUMPENVMAP);
}

// Texture sizes, and the render-target count, come from the Vulkan device the adapter is.
TEST(DeviceCaps, VulkanLimits) {
    D3D9 d3d;
    D3DADAPTER_IDENTIFIER9 id;
    const VulkanDevice* vk = vulkanDeviceOfAdapter(d3d.d3d, 0, id);
    REQUIRE(vk != nullptr);
    D3DCAPS9 caps{};
    REQUIRE(d3d->GetDeviceCaps(0, D3DDEVTYPE_HAL, &caps) == D3D_OK);
    const DWORD size = vk->maxImageDimension2D < vk->maxImageDimensionCube ? vk->maxImageDimension2D
                                                                           : vk->maxImageDimensionCube;
    CHECK_EQ(caps.MaxTextureWidth, size);
    CHECK_EQ(caps.MaxTextureHeight, size);
    CHECK_EQ(caps.MaxVolumeExtent, vk->maxImageDimension3D);
    // D3D9's four render targets within the device's colour attachments, with the MRT caps
    // multiple_render_targets_test.cpp checks.
    CHECK_EQ(caps.NumSimultaneousRTs, vk->maxColorAttachments < 4 ? vk->maxColorAttachments : 4);
    const DWORD mrt = D3DPMISCCAPS_MRTINDEPENDENTBITDEPTHS | D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING |
                      D3DPMISCCAPS_INDEPENDENTWRITEMASKS;
    CHECK_EQ(caps.PrimitiveMiscCaps & mrt, mrt);
}
