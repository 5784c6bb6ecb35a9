// The shader objects of a context (CREATEVERTEXSHADERFUNC, CREATEPIXELSHADER): handle -> the
// validated bytecode and its translation under the default key. A shader is decoded and
// translated when it is created, so malformed bytecode fails the create token with a clear
// error instead of failing a draw later.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "ddivk/hresult.h"
#include "dp2/target.h"
#include "shader/translate/cache.h"

namespace ddivk::device {

struct ShaderObject {
    shader::ShaderType type = shader::ShaderType::Vertex;
    std::vector<uint32_t> tokens;
    // Under the default TranslationKey, with softwareVertexRegisters as below.
    shader::TranslationCache::Entry translation;
    // A vertex shader of a device with software vertex processing's register files that
    // needs them: it names or defines a register past vs_3_0's files, or reads c# relatively. The others
    // translate as on any device, reading the uniform block (registers 0..255, 0..15, 0..15 of
    // the same files), which GPUs read faster than storage buffers.
    bool softwareRegisters = false;
    // The translation for the latest draw's key: consecutive draws mostly repeat it, and then
    // skip the cache's hash and lock. Touched only under the device lock.
    mutable shader::TranslationKey lastKey{};
    mutable shader::TranslationCache::Entry lastTranslation;
};

class ShaderObjects {
  public:
    // softwareVertexRegisters: vertex shaders are decoded with software vertex processing's
    // register files, and those that need them translate under
    // TranslationKey::softwareVertexRegisters (ShaderObject::softwareRegisters).
    ShaderObjects(shader::TranslationCache& cache, bool softwareVertexRegisters)
        : cache_(cache), softwareVertexRegisters_(softwareVertexRegisters) {}

    // Creates every item or none: each must be bytecode of `type` that decodes and translates,
    // under a handle other than 0. D3DERR_INVALIDCALL otherwise (the reason is logged and kept
    // in lastError()).
    HRESULT create(shader::ShaderType type, std::span<const dp2::ShaderCode> items);
    // Deletes every handle or none: each must name a shader of `type`.
    HRESULT destroy(shader::ShaderType type, std::span<const uint32_t> handles);

    // The table owns the object: valid until the handle is destroyed (no reference counting:
    // draws look shaders up every time).
    const ShaderObject* find(shader::ShaderType type, uint32_t handle) const;
    size_t count(shader::ShaderType type) const { return table(type).size(); }
    // Why the last create or destroy failed.
    const std::string& lastError() const { return lastError_; }
    // Counts creates and destroys: a pointer find() returned is still the handle's object while
    // this stays the same (a repeated draw skips the lookups on it).
    uint64_t generation() const { return generation_; }

  private:
    using Table = std::unordered_map<uint32_t, std::shared_ptr<const ShaderObject>>;
    Table& table(shader::ShaderType type) { return type == shader::ShaderType::Vertex ? vertex_ : pixel_; }
    const Table& table(shader::ShaderType type) const {
        return type == shader::ShaderType::Vertex ? vertex_ : pixel_;
    }
    HRESULT reject(std::string why);

    shader::TranslationCache& cache_;
    bool softwareVertexRegisters_;
    Table vertex_, pixel_;
    std::string lastError_;
    uint64_t generation_ = 0;
};

} // namespace ddivk::device
