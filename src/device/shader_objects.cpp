#include "device/shader_objects.h"

#include "util/log.h"

namespace ddivk::device {

HRESULT ShaderObjects::reject(std::string why) {
    DDIVK_WARN("%s", why.c_str());
    lastError_ = std::move(why);
    return D3DERR_INVALIDCALL;
}

namespace {
// A software-register translation whose reads stay inside vs_3_0's files, with no relative c#
// read (that one reads the whole file: floatConstantsRead is 8192).
bool fitsHardwareFiles(const shader::Translation& t) {
    return t.floatConstantsRead <= shader::abi::kVsFloatConstants &&
           t.intConstantsRead <= shader::abi::kIntConstants &&
           t.boolConstantsRead <= shader::abi::kBoolConstants;
}
} // namespace

HRESULT ShaderObjects::create(shader::ShaderType type, std::span<const dp2::ShaderCode> items) {
    const char* kind = type == shader::ShaderType::Vertex ? "vertex" : "pixel";
    std::vector<std::pair<uint32_t, std::shared_ptr<ShaderObject>>> made;
    for (const dp2::ShaderCode& item : items) {
        const std::string what = std::string(kind) + " shader " + std::to_string(item.handle);
        if (item.handle == 0) return reject(what + ": handle 0 is reserved for 'no shader'");
        shader::TranslationKey key;
        key.softwareVertexRegisters = softwareVertexRegisters_ && type == shader::ShaderType::Vertex;
        auto entry = cache_.get(item.code, key);
        if (!entry) return reject(what + " rejected: " + entry.error().message());
        if ((*entry)->type != type) return reject(what + " rejected: the bytecode is of the other shader type");
        auto object = std::make_shared<ShaderObject>();
        object->softwareRegisters = key.softwareVertexRegisters;
        if (key.softwareVertexRegisters && fitsHardwareFiles(**entry)) {
            // (The hardware decode refuses a def past them, which no read counts: such a
            // shader keeps the software translation.)
            key.softwareVertexRegisters = false;
            if (auto hardware = cache_.get(item.code, key)) {
                entry = std::move(hardware);
                object->softwareRegisters = false;
            }
        }
        object->type = type;
        object->tokens.assign(item.code.begin(), item.code.end());
        object->translation = *entry;
        made.emplace_back(item.handle, std::move(object));
    }
    for (auto& [handle, object] : made) table(type)[handle] = std::move(object);
    ++generation_;
    return S_OK;
}

HRESULT ShaderObjects::destroy(shader::ShaderType type, std::span<const uint32_t> handles) {
    Table& t = table(type);
    for (uint32_t handle : handles)
        if (!t.contains(handle)) return reject("delete of unknown shader handle " + std::to_string(handle));
    for (uint32_t handle : handles) t.erase(handle);
    ++generation_;
    return S_OK;
}

const ShaderObject* ShaderObjects::find(shader::ShaderType type, uint32_t handle) const {
    const Table& t = table(type);
    auto it = t.find(handle);
    return it == t.end() ? nullptr : it->second.get();
}

} // namespace ddivk::device
