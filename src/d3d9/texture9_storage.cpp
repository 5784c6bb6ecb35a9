// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/ddivk.h"
#include "ddivk/dp2_payloads.h"
#include "draw/format_table.h"

#include "d3d9/format_support.h"
#include "d3d9/texture9_storage.h"

#include <algorithm>

namespace ddivk::d3d9 {
namespace {

HANDLE contextHandle(Device9& device) {
    return reinterpret_cast<HANDLE>(device.context());
}

HANDLE resourceHandle(uint32_t handle) {
    return reinterpret_cast<HANDLE>(uintptr_t{handle});
}

// Rows of blocks padded to 4 bytes, as D3D9's locks of system memory are.
uint32_t scratchPitch(const TextureShape& s, UINT level, uint32_t bytesPerBlock, uint32_t block) {
    return ((s.levelWidth(level) + block - 1) / block * bytesPerBlock + 3) & ~3u;
}

} // namespace

UINT TextureShape::fullChain() const {
    UINT size = width > height ? width : height;
    if (depth > size) size = depth;
    UINT levels = 1;
    while (size >>= 1)
        ++levels;
    return levels;
}

D3DSURFACE_DESC TextureShape::levelDesc(UINT level) const {
    D3DSURFACE_DESC d{};
    d.Format = format;
    d.Type = D3DRTYPE_SURFACE;
    d.Usage = usage;
    d.Pool = pool;
    d.MultiSampleType = D3DMULTISAMPLE_NONE;
    d.Width = levelWidth(level);
    d.Height = levelHeight(level);
    return d;
}

HRESULT TextureStorage::create() {
    const draw::FormatInfo* info = draw::findFormat(static_cast<uint32_t>(shape_.format));
    if (!info || info->bytesPerPixel == 0) return D3DERR_INVALIDCALL;
    bytesPerBlock_ = info->bytesPerPixel;
    blockSize_ = info->blockSize;
    const uint32_t count = shape_.subresources();
    locked_.assign(count, 0);
    if (shape_.pool == ::D3DPOOL_SCRATCH) {
        // Windows' layout (Wine's test_miptree_layout): levels one after another, each cube
        // face's chain starting on 16 bytes, so a program writing a chain through level 0 stays
        // in the block.
        size_t offset = 0;
        for (uint32_t i = 0; i < count; ++i) {
            const UINT l = shape_.levelOf(i);
            if (l == 0) offset = (offset + 15) & ~size_t{15};
            const uint32_t rows = (shape_.levelHeight(l) + blockSize_ - 1) / blockSize_;
            scratchOffsets_.push_back(offset);
            offset +=
                size_t{scratchPitch(shape_, l, bytesPerBlock_, blockSize_)} * rows * shape_.levelDepth(l);
        }
        scratch_.assign(offset, uint8_t{0});
        return D3D_OK;
    }
    std::vector<D3DDDI_SURFACEINFO> levels(count);
    for (uint32_t i = 0; i < count; ++i) {
        const UINT l = shape_.levelOf(i);
        levels[i].Width = shape_.levelWidth(l);
        levels[i].Height = shape_.levelHeight(l);
        levels[i].Depth = shape_.levelDepth(l);
    }
    D3DDDIARG_CREATERESOURCE args{};
    args.Format = static_cast<uint32_t>(shape_.format);
    // Managed textures live in video memory with the driver's CPU copy beside them (resource.h):
    // what D3D9's managed pool promises. System-memory textures are the driver's too, so that
    // UpdateTexture's TEXBLT can copy from them.
    args.Pool = shape_.pool == ::D3DPOOL_SYSTEMMEM ? D3DDDIPOOL_SYSTEMMEM : D3DDDIPOOL_VIDEOMEMORY;
    args.pSurfList = levels.data();
    args.SurfCount = count;
    args.MipLevels = shape_.storedLevels();
    uint32_t flags = shape_.kind == TextureKind::Cube     ? D3DDDI_RESOURCE_CUBEMAP
                     : shape_.kind == TextureKind::Volume ? D3DDDI_RESOURCE_VOLUME
                                                          : D3DDDI_RESOURCE_TEXTURE;
    if (shape_.usage & D3DUSAGE_RENDERTARGET) flags |= D3DDDI_RESOURCE_RENDERTARGET;
    if (shape_.usage & D3DUSAGE_DEPTHSTENCIL) flags |= D3DDDI_RESOURCE_ZBUFFER;
    if (shape_.usage & D3DUSAGE_DYNAMIC) flags |= D3DDDI_RESOURCE_DYNAMIC;
    args.Flags.Value = flags;
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    device_.stream().call(
        [&] { hr = ddivk_umd_draw_functions()->pfnCreateResource(contextHandle(device_), &args); });
    if (hr != S_OK) return hr;
    handle_ = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(args.hResource));
    if (shape_.pool == ::D3DPOOL_DEFAULT) {
        for (const D3DDDI_SURFACEINFO& l : levels)
            videoMemoryBytes_ += int64_t{(l.Width + blockSize_ - 1) / blockSize_} * bytesPerBlock_ *
                                 ((l.Height + blockSize_ - 1) / blockSize_) * l.Depth;
        device_.videoMemoryTaken(videoMemoryBytes_);
    }
    return D3D_OK;
}

TextureStorage::TextureStorage(Device9& device, const TextureShape& shape)
    : device_(device), shape_(shape), dirtyBox_{0, 0, shape.width, shape.height, 0, shape.depth} {
    if (shape_.pool == ::D3DPOOL_DEFAULT) device_.defaultPoolObjectCreated();
}

TextureStorage::~TextureStorage() {
    if (shape_.pool == ::D3DPOOL_DEFAULT) device_.defaultPoolObjectDestroyed();
    device_.videoMemoryTaken(-videoMemoryBytes_);
    if (!handle_) return;
    // After every recorded use: the destruction is in the device's stream.
    auto guard = device_.lock();
    device_.stream().call([&] {
        ddivk_umd_draw_functions()->pfnDestroyResource(contextHandle(device_), resourceHandle(handle_));
    });
}

void TextureStorage::generateLevels(::D3DTEXTUREFILTERTYPE filter) {
    if (!handle_ || !shape_.generatesLevels()) return;
    auto guard = device_.lock();
    device_.stream().token(D3DDP2OP_GENERATEMIPSUBLEVELS,
                           D3DHAL_DP2GENERATEMIPSUBLEVELS{handle_, uint32_t(filter)});
}

void TextureStorage::setLod(uint32_t lod) {
    if (!handle_) return;
    auto guard = device_.lock();
    device_.stream().token(D3DDP2OP_SETTEXLOD, D3DHAL_DP2SETTEXLOD{handle_, lod});
}

void TextureStorage::markDirty(const D3DBOX* box, UINT level) {
    auto guard = device_.lock();
    const D3DBOX whole{0, 0, shape_.width, shape_.height, 0, shape_.depth};
    D3DBOX add = whole;
    if (box) {
        // Scaled to level 0, and out to whole blocks (a copy moves blocks of compressed formats).
        const UINT block = blockSize_ ? blockSize_ : 1;
        auto down = [&](UINT v, UINT end) { return std::min(v / block * block, end); };
        auto up = [&](UINT v, UINT end) { return std::min((v + block - 1) / block * block, end); };
        add.Left = down(box->Left << level, whole.Right);
        add.Top = down(box->Top << level, whole.Bottom);
        add.Right = up(box->Right << level, whole.Right);
        add.Bottom = up(box->Bottom << level, whole.Bottom);
        add.Front = std::min(box->Front << level, whole.Back);
        add.Back = std::min(box->Back << level, whole.Back);
    }
    if (!dirty_) {
        dirtyBox_ = add;
        dirty_ = true;
        return;
    }
    dirtyBox_.Left = std::min(dirtyBox_.Left, add.Left);
    dirtyBox_.Top = std::min(dirtyBox_.Top, add.Top);
    dirtyBox_.Front = std::min(dirtyBox_.Front, add.Front);
    dirtyBox_.Right = std::max(dirtyBox_.Right, add.Right);
    dirtyBox_.Bottom = std::max(dirtyBox_.Bottom, add.Bottom);
    dirtyBox_.Back = std::max(dirtyBox_.Back, add.Back);
}

bool TextureStorage::takeDirty(D3DBOX& region) {
    auto guard = device_.lock();
    if (!dirty_) return false;
    region = dirtyBox_;
    dirty_ = false;
    return true;
}

HRESULT TextureStorage::lock(uint32_t index, const D3DBOX* box, DWORD flags, D3DLOCKED_BOX* locked) {
    const UINT l = shape_.levelOf(index);
    const UINT w = shape_.levelWidth(l), h = shape_.levelHeight(l), d = shape_.levelDepth(l);
    if (box && (box->Left >= box->Right || box->Top >= box->Bottom || box->Front >= box->Back ||
                box->Right > w || box->Bottom > h || box->Back > d))
        return D3DERR_INVALIDCALL;
    // Default-pool levels and volumes lock in whole blocks. The other pools lock part of a block of
    // a 2D level, their pointer being the block that holds the box's first texel.
    if (box && (shape_.pool == ::D3DPOOL_DEFAULT || shape_.kind == TextureKind::Volume) &&
        !coversWholeBlocks(shape_.format,
                           RECT{LONG(box->Left), LONG(box->Top), LONG(box->Right), LONG(box->Bottom)}, w, h))
        return D3DERR_INVALIDCALL;
    auto guard = device_.lock(); // D3DCREATE_MULTITHREADED: one call at a time
    if (locked_[index]) return D3DERR_INVALIDCALL;
    if (!(flags & (D3DLOCK_READONLY | D3DLOCK_NO_DIRTY_UPDATE))) markDirty(box, l);
    if (!handle_) {
        const uint32_t pitch = scratchPitch(shape_, l, bytesPerBlock_, blockSize_);
        const uint32_t slice = pitch * ((h + blockSize_ - 1) / blockSize_);
        size_t offset = 0;
        if (box)
            offset = size_t{box->Front} * slice + size_t{box->Top / blockSize_} * pitch +
                     size_t{box->Left / blockSize_} * bytesPerBlock_;
        locked->pBits = scratch_.data() + scratchOffsets_[index] + offset;
        locked->RowPitch = INT(pitch);
        locked->SlicePitch = INT(slice);
        locked_[index] = 1;
        return D3D_OK;
    }
    D3DDDIARG_LOCK args{};
    args.hResource = resourceHandle(handle_);
    args.SubResourceIndex = index;
    uint32_t ddiFlags = 0;
    if (box) {
        ddiFlags |= D3DDDI_LOCK_BOXVALID;
        // The driver locks from a block's corner: the block that holds the first texel.
        const UINT left = box->Left - box->Left % blockSize_, top = box->Top - box->Top % blockSize_;
        args.Box = {left, top, box->Right, box->Bottom, box->Front, box->Back};
    }
    if (flags & D3DLOCK_READONLY) ddiFlags |= D3DDDI_LOCK_READONLY;
    // DISCARD means something only for dynamic textures (D3D9 ignores it for the others).
    if ((flags & D3DLOCK_DISCARD) && (shape_.usage & D3DUSAGE_DYNAMIC)) ddiFlags |= D3DDDI_LOCK_DISCARD;
    if (flags & D3DLOCK_DONOTWAIT) ddiFlags |= D3DDDI_LOCK_DONOTWAIT;
    args.Flags.Value = ddiFlags;
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    device_.stream().call([&] { hr = ddivk_umd_draw_functions()->pfnLock(contextHandle(device_), &args); });
    if (hr != S_OK) return hr;
    locked->pBits = args.pSurfData;
    locked->RowPitch = INT(args.Pitch);
    locked->SlicePitch = INT(args.SlicePitch);
    locked_[index] = 1;
    return D3D_OK;
}

HRESULT TextureStorage::lockRect(uint32_t index, const RECT& rect, DWORD flags, D3DLOCKED_BOX* locked) {
    const UINT l = shape_.levelOf(index);
    const UINT w = shape_.levelWidth(l), h = shape_.levelHeight(l);
    const bool inside = rect.left >= 0 && rect.top >= 0 && rect.left < rect.right && rect.top < rect.bottom &&
                        UINT(rect.right) <= w && UINT(rect.bottom) <= h;
    if (inside || !locksAnyRectangle(shape_.format, shape_.pool)) {
        if (rect.left < 0 || rect.top < 0) return D3DERR_INVALIDCALL;
        const D3DBOX box{UINT(rect.left), UINT(rect.top), UINT(rect.right), UINT(rect.bottom), 0, 1};
        return lock(index, &box, flags, locked);
    }
    // The rectangle means nothing: the whole level counts as written.
    if (HRESULT hr = lock(index, nullptr, flags, locked); FAILED(hr)) return hr;
    const POINT corner = lockCorner(rect, w, h);
    locked->pBits = static_cast<uint8_t*>(locked->pBits) + size_t(corner.y / blockSize_) * locked->RowPitch +
                    size_t(corner.x / blockSize_) * bytesPerBlock_;
    return D3D_OK;
}

HRESULT TextureStorage::unlock(uint32_t index) {
    auto guard = device_.lock();
    if (!locked_[index]) return D3DERR_INVALIDCALL;
    if (handle_) {
        D3DDDIARG_UNLOCK args{resourceHandle(handle_), index, 0};
        ddivk::HRESULT hr = D3DERR_INVALIDCALL;
        device_.stream().call(
            [&] { hr = ddivk_umd_draw_functions()->pfnUnlock(contextHandle(device_), &args); });
        if (hr != S_OK) return hr;
    }
    locked_[index] = 0;
    return D3D_OK;
}

} // namespace ddivk::d3d9
