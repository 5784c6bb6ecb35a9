// The texels of a D3D9 texture: a texture resource of the driver's UMD door (CreateResource with
// D3DDDI_RESOURCE_TEXTURE, CUBEMAP or VOLUME, one D3DDDI_SURFACEINFO per level, faces outermost),
// locked per subresource through the door's Lock / Unlock; or, for D3DPOOL_SCRATCH (CPU only,
// never bound), memory of our own. Subresource i is face i / levels, level i % levels.
#pragma once

#include <cstdint>
#include <vector>

#include "d3d9/windows_names.h"

namespace ddivk::d3d9 {

class Device9;

enum class TextureKind : uint8_t { Plain, Cube, Volume };

// What a texture is: the arguments of its Create method, checked.
struct TextureShape {
    TextureKind kind = TextureKind::Plain;
    UINT width = 0, height = 0, depth = 1;
    UINT levels = 0; // the levels the program sees (1 for AUTOGENMIPMAP textures)
    DWORD usage = 0;
    ::D3DFORMAT format = ::D3DFMT_UNKNOWN;
    ::D3DPOOL pool = ::D3DPOOL_DEFAULT;
    // The levels of the driver resource when not `levels`: the full chain of an AUTOGENMIPMAP
    // texture, whose levels below the top the driver makes (GENERATEMIPSUBLEVELS).
    UINT generatedLevels = 0;

    uint32_t faces() const { return kind == TextureKind::Cube ? 6 : 1; }
    UINT storedLevels() const { return generatedLevels ? generatedLevels : levels; }
    // The driver's subresources: face f's level l is f * storedLevels() + l.
    uint32_t subresources() const { return faces() * storedLevels(); }
    UINT levelOf(uint32_t subresource) const { return subresource % storedLevels(); }
    // Automatic mipmaps: the driver makes the levels below the one the program sees.
    bool generatesLevels() const { return generatedLevels > levels; }
    UINT levelWidth(UINT level) const { return width >> level ? width >> level : 1; }
    UINT levelHeight(UINT level) const { return height >> level ? height >> level : 1; }
    UINT levelDepth(UINT level) const { return depth >> level ? depth >> level : 1; }
    // The levels of a full mip chain down to 1x1(x1): what Levels = 0 asks for.
    UINT fullChain() const;
    // D3DSURFACE_DESC of a level (of any face).
    D3DSURFACE_DESC levelDesc(UINT level) const;
};

class TextureStorage {
  public:
    // Default-pool textures count among the objects D3D9's Reset requires released.
    TextureStorage(Device9& device, const TextureShape& shape);
    ~TextureStorage();
    TextureStorage(const TextureStorage&) = delete;
    TextureStorage& operator=(const TextureStorage&) = delete;

    // Makes the driver resource (or the scratch memory); the driver's answer on failure.
    HRESULT create();
    // The driver's handle (0 for scratch textures).
    uint32_t handle() const { return handle_; }
    // Locks `box` (null: all) of subresource `index`, checked as D3D9 checks it: inside the
    // level, not empty, on 4x4 blocks for DXT formats, the subresource not locked already.
    HRESULT lock(uint32_t index, const D3DBOX* box, DWORD flags, D3DLOCKED_BOX* locked);
    // Locks `rect` of 2D subresource `index` as `lock` does, or, where D3D9 takes any rectangle
    // there (locksAnyRectangle), all of it with the pointer at lockCorner's block.
    HRESULT lockRect(uint32_t index, const RECT& rect, DWORD flags, D3DLOCKED_BOX* locked);
    HRESULT unlock(uint32_t index);
    // SetLOD: draws sample from level `lod` on (DP2 SETTEXLOD, in stream order).
    void setLod(uint32_t lod);
    // Automatic mipmaps: the levels below the top made from it (DP2 GENERATEMIPSUBLEVELS, in
    // stream order), with `filter` (D3DTEXF_POINT picks, others average).
    void generateLevels(::D3DTEXTUREFILTERTYPE filter);
    bool locked(uint32_t index) const { return locked_[index] != 0; }
    // The region of level 0 (every face alike) changed since UpdateTexture last copied from the
    // texture: all of it at first; a lock (not READONLY, not NO_DIRTY_UPDATE) of `box` (null:
    // all) at `level` adds the box scaled to level 0, AddDirtyRect / AddDirtyBox theirs.
    void markDirty(const D3DBOX* box, UINT level = 0);
    // The dirty region, which becomes clean; false (and nothing) when clean.
    bool takeDirty(D3DBOX& region);

  private:
    Device9& device_;
    TextureShape shape_;
    uint32_t handle_ = 0;
    bool dirty_ = true;
    D3DBOX dirtyBox_{};
    uint32_t bytesPerBlock_ = 0, blockSize_ = 1;
    int64_t videoMemoryBytes_ = 0;              // a default-pool texture's share of Device9::videoMemoryTaken
    std::vector<uint8_t> locked_;               // per subresource
    // SCRATCH only: every subresource in one block, as the driver's CPU copies are laid out
    // (levels one after another, each cube face's chain on 16 bytes), at these offsets.
    std::vector<uint8_t> scratch_;
    std::vector<size_t> scratchOffsets_;
};

} // namespace ddivk::d3d9
