// Shader objects of the front end: the length of a D3D9 token stream, GetFunction, and deletion
// of the driver's object through the UMD state door.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/ddivk.h"
#include "shader/tokens.h"

#include "d3d9/shader9.h"

#include <cstring>
#include <type_traits>

namespace ddivk::d3d9 {
namespace {

// The longest stream we walk: vs_3_0 / ps_3_0 allow 32768 instruction slots of at most 16 tokens.
constexpr size_t kMaxShaderTokens = size_t{1} << 20;

} // namespace

size_t shaderTokenCount(const DWORD* code) {
    using namespace ddivk::shader;
    const uint32_t tag = code[0] >> 16;
    if (tag != kVertexShaderTag && tag != kPixelShaderTag) return 0;
    const uint32_t major = (code[0] >> 8) & 0xFF;
    size_t i = 1;
    while (i < kMaxShaderTokens) {
        const uint32_t token = code[i];
        if (token == kEndToken) return i + 1;
        if ((token & kOpcodeMask) == kOpComment) {
            i += 1 + ((token & kCommentSizeMask) >> kCommentSizeShift);
        } else if (major >= 2) {
            // SM2+ instruction tokens count the tokens that follow them.
            i += 1 + ((token & kLengthMask) >> kLengthShift);
        } else if ((token & kOpcodeMask) == kOpDef) {
            i += 6; // def: destination and four literal values, which need not look like parameters
        } else {
            // SM1 gives no length: parameter tokens are the ones with bit 31 set.
            ++i;
            while (i < kMaxShaderTokens && (code[i] & kParamBit))
                ++i;
        }
    }
    return 0;
}

template <class Interface> Shader9<Interface>::~Shader9() {
    auto guard = owner_.lock();
    const HANDLE handle = reinterpret_cast<HANDLE>(uintptr_t{handle_});
    const HANDLE context = reinterpret_cast<HANDLE>(owner_.context());
    owner_.stream().call([&] {
        if constexpr (std::is_same_v<Interface, IDirect3DVertexShader9>)
            ddivk_umd_state_functions()->pfnDeleteVertexShaderFunc(context, handle);
        else
            ddivk_umd_state_functions()->pfnDeletePixelShader(context, handle);
    });
}

template <class Interface> HRESULT STDMETHODCALLTYPE Shader9<Interface>::GetFunction(void* data, UINT* size) {
    if (!size) return D3DERR_INVALIDCALL;
    const UINT bytes = static_cast<UINT>(code_.size() * sizeof(DWORD));
    if (!data) {
        *size = bytes;
        return D3D_OK;
    }
    if (*size < bytes) return D3DERR_INVALIDCALL;
    std::memcpy(data, code_.data(), bytes);
    return D3D_OK;
}

template class Shader9<IDirect3DVertexShader9>;
template class Shader9<IDirect3DPixelShader9>;

} // namespace ddivk::d3d9
