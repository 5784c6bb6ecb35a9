// Vertex declarations of the front end: the end marker, GetDeclaration, and deletion of the
// driver's object through the UMD state door.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/ddivk.h"

#include "d3d9/vertex_declaration9.h"

#include <algorithm>

namespace ddivk::d3d9 {

int declarationLength(const D3DVERTEXELEMENT9* elements) {
    for (int i = 0; i <= MAXD3DDECLLENGTH; ++i)
        if (elements[i].Stream == 0xFF) return i;
    return -1;
}

VertexDeclaration9::~VertexDeclaration9() {
    auto guard = owner_.lock();
    const HANDLE handle = reinterpret_cast<HANDLE>(uintptr_t{handle_});
    const HANDLE context = reinterpret_cast<HANDLE>(owner_.context());
    owner_.stream().call([&] { ddivk_umd_state_functions()->pfnDeleteVertexShaderDecl(context, handle); });
}

HRESULT STDMETHODCALLTYPE VertexDeclaration9::GetDeclaration(D3DVERTEXELEMENT9* elements, UINT* count) {
    if (!count) return D3DERR_INVALIDCALL;
    if (elements) std::copy(elements_.begin(), elements_.end(), elements);
    *count = static_cast<UINT>(elements_.size());
    return D3D_OK;
}

} // namespace ddivk::d3d9
