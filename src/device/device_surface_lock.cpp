// Lock and Unlock of render-target surfaces (the UMD door's Lock on a RENDERTARGET resource or
// a DP2 surface). Render targets live on the GPU only, so a lock reads the whole surface back
// after the work recorded before it (waiting for the GPU) into a CPU copy in D3D9's layout
// (rows of width * bytes-per-pixel), and Unlock writes that copy back into the image, ordered
// before the work recorded after it. D3D9 only lets programs lock lockable render targets; we
// allow every one. Of depth surfaces D3D9 locks only the _LOCKABLE formats: D16_LOCKABLE locks
// as 16-bit integers, D32F_LOCKABLE as 32-bit floats (their depth); the others answer
// D3DERR_INVALIDCALL. Multisampled surfaces do not lock (their samples have no CPU layout;
// D3D9 resolves them with StretchRect first).
#include <cstring>

#include "device/device.h"
#include "device/fill_format.h"
#include "vk/barriers.h"

namespace ddivk::device {

HRESULT Device::lockSurface(Surface& surface, D3DDDIARG_LOCK& args) {
    const uint32_t flags = args.Flags.Value;
    if ((flags & D3DDDI_LOCK_READONLY) && (flags & D3DDDI_LOCK_DISCARD)) return D3DERR_INVALIDCALL;
    // Levels of render-target textures do not lock (D3D9's rule for such textures).
    if ((surface.isDepthStencil() && !lockableDepth(surface.format())) || !surface.hasImage() ||
        surface.texture() || surface.samples() > 1 || args.SubResourceIndex != 0 ||
        surfaceLocks_.contains(surface.handle()))
        return D3DERR_INVALIDCALL; // NULL surfaces have no pixels to lock
    const uint32_t bpp = surface.format().bytesPerPixel;
    const uint32_t pitch = surface.width() * bpp;
    uint32_t left = 0, top = 0;
    if (flags & (D3DDDI_LOCK_AREAVALID | D3DDDI_LOCK_BOXVALID)) {
        const bool box = (flags & D3DDDI_LOCK_BOXVALID) != 0;
        const int64_t l = box ? args.Box.Left : args.Area.left, t = box ? args.Box.Top : args.Area.top;
        const int64_t r = box ? args.Box.Right : args.Area.right,
                      b = box ? args.Box.Bottom : args.Area.bottom;
        const int64_t f = box ? args.Box.Front : 0, k = box ? args.Box.Back : 1;
        if (l < 0 || t < 0 || l >= r || t >= b || r > surface.width() || b > surface.height() || f != 0 ||
            k != 1)
            return D3DERR_INVALIDCALL;
        left = uint32_t(l);
        top = uint32_t(t);
    }
    // DONOTWAIT is not honoured: the read-back always waits (a lock that succeeds after a wait
    // is what a lock without the flag does).
    SurfaceLock lock;
    lock.flags = flags;
    lock.pixels.resize(size_t(pitch) * surface.height());
    if (HRESULT hr = readSurface(surface.handle(), lock.pixels.data(), pitch, lock.pixels.size()); failed(hr))
        return hr;
    SurfaceLock& held = surfaceLocks_[surface.handle()] = std::move(lock);
    args.pSurfData = held.pixels.data() + size_t(top) * pitch + size_t(left) * bpp;
    args.Pitch = pitch;
    args.SlicePitch = pitch * surface.height();
    return S_OK;
}

HRESULT Device::unlockSurface(Surface& surface, const D3DDDIARG_UNLOCK& args) {
    auto it = surfaceLocks_.find(surface.handle());
    if (it == surfaceLocks_.end() || args.SubResourceIndex != 0) return D3DERR_INVALIDCALL;
    const SurfaceLock& lock = it->second;
    if (!(lock.flags & D3DDDI_LOCK_READONLY)) {
        const uint32_t bpp = surface.format().bytesPerPixel;
        vk::UploadSlice slice = commands_->uploads().allocate(lock.pixels.size(), 16);
        std::memcpy(slice.data, lock.pixels.data(), lock.pixels.size());
        // X formats keep alpha at one (Device::createSurface): whatever the program wrote there.
        setXAlphaBits(surface.format().d3dFormat, bpp, static_cast<uint8_t*>(slice.data), lock.pixels.size());
        commands_->endRendering();
        VkCommandBuffer cb = commands_->commands();
        // A barrier even from TRANSFER_DST: the copy waits for transfers that wrote the image.
        vk::transitionImage(*vulkan_, cb, surface.image(), surface.layout(),
                            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
        surface.setLayout(VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
        VkBufferImageCopy region{};
        region.bufferOffset = slice.offset;
        region.imageSubresource =
            surface.layers(surface.isDepthStencil() ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT);
        region.imageExtent = {surface.width(), surface.height(), 1};
        vkCmdCopyBufferToImage(cb, slice.buffer, surface.image().handle(),
                               VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    }
    surfaceLocks_.erase(it);
    return S_OK;
}

} // namespace ddivk::device
