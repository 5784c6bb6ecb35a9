// The vertex declarations of a context (CREATEVERTEXSHADERDECL): handle -> its elements, checked
// as the runtime's CreateVertexDeclaration checks them (draw/vertex_decl.h) when created.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "ddivk/dp2_payloads.h"
#include "ddivk/hresult.h"
#include "dp2/target.h"

namespace ddivk::device {

class VertexDeclarations {
  public:
    using Elements = std::vector<D3DVERTEXELEMENT9>; // without the end marker

    // Creates every item or none: each needs a handle other than 0 and valid elements (the
    // end marker may follow them or not). D3DERR_INVALIDCALL otherwise, the reason logged and
    // kept in lastError().
    HRESULT create(std::span<const dp2::VertexDeclCreate> items);
    // Deletes every handle or none.
    HRESULT destroy(std::span<const uint32_t> handles);

    // The table owns the elements: valid until the handle is destroyed.
    const Elements* find(uint32_t handle) const;
    size_t count() const { return table_.size(); }
    const std::string& lastError() const { return lastError_; }
    // Counts creates and destroys: a pointer find() returned still holds while this stays.
    uint64_t generation() const { return generation_; }

  private:
    HRESULT reject(std::string why);

    std::unordered_map<uint32_t, std::shared_ptr<const Elements>> table_;
    std::string lastError_;
    uint64_t generation_ = 0;
};

} // namespace ddivk::device
