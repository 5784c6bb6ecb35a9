#include "device/vertex_declarations.h"

#include "draw/vertex_decl.h"
#include "util/log.h"

namespace ddivk::device {

HRESULT VertexDeclarations::reject(std::string why) {
    DDIVK_WARN("%s", why.c_str());
    lastError_ = std::move(why);
    return D3DERR_INVALIDCALL;
}

HRESULT VertexDeclarations::create(std::span<const dp2::VertexDeclCreate> items) {
    std::vector<std::pair<uint32_t, std::shared_ptr<Elements>>> made;
    for (const dp2::VertexDeclCreate& item : items) {
        const std::string what = "vertex declaration " + std::to_string(item.handle);
        if (item.handle == 0) return reject(what + ": handle 0 is reserved for 'no declaration'");
        auto elements = std::make_shared<Elements>(item.elements.begin(), item.elements.end());
        // The end marker is optional in the token; the checks want it.
        if (!elements->empty() && elements->back().Stream == kDeclEndStream) elements->pop_back();
        Elements terminated = *elements;
        terminated.push_back({kDeclEndStream, 0, D3DDECLTYPE_UNUSED, 0, 0, 0});
        if (auto error = draw::validateDeclaration(terminated))
            return reject(what + " rejected: element " + std::to_string(error->element) + ": " + error->why);
        made.emplace_back(item.handle, std::move(elements));
    }
    for (auto& [handle, elements] : made) table_[handle] = std::move(elements);
    ++generation_;
    return S_OK;
}

HRESULT VertexDeclarations::destroy(std::span<const uint32_t> handles) {
    for (uint32_t handle : handles)
        if (!table_.contains(handle)) return reject("delete of unknown vertex declaration " + std::to_string(handle));
    for (uint32_t handle : handles) table_.erase(handle);
    ++generation_;
    return S_OK;
}

const VertexDeclarations::Elements* VertexDeclarations::find(uint32_t handle) const {
    auto it = table_.find(handle);
    return it == table_.end() ? nullptr : it->second.get();
}

} // namespace ddivk::device
