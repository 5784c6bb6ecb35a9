// Driver headers before <d3d9.h>.
#include "shader/decoder.h"
#include "util/log.h"

#include <new>

#include "d3d9/shader_validator9.h"

namespace ddivk::d3d9 {

// The interface's methods in vtable order, as a C caller (d3dx9) reaches them.
struct ShaderValidator9Vtbl {
    HRESULT(STDMETHODCALLTYPE* QueryInterface)(ShaderValidator9*, REFIID, void**);
    ULONG(STDMETHODCALLTYPE* AddRef)(ShaderValidator9*);
    ULONG(STDMETHODCALLTYPE* Release)(ShaderValidator9*);
    HRESULT(STDMETHODCALLTYPE* Begin)(ShaderValidator9*, void*, void*, DWORD);
    HRESULT(STDMETHODCALLTYPE* Instruction)(ShaderValidator9*, const char*, int, const DWORD*, DWORD);
    HRESULT(STDMETHODCALLTYPE* End)(ShaderValidator9*);
};

namespace {

constexpr uint32_t kEndToken = 0x0000FFFF;

const ShaderValidator9Vtbl kVtbl = {
    [](ShaderValidator9* self, REFIID riid, void** object)
        STDMETHODCALLTYPE { return self->queryInterface(riid, object); },
    [](ShaderValidator9* self) STDMETHODCALLTYPE { return self->addRef(); },
    [](ShaderValidator9* self) STDMETHODCALLTYPE { return self->release(); },
    [](ShaderValidator9* self, void* callback, void* context, DWORD flags)
        STDMETHODCALLTYPE { return self->begin(callback, context, flags); },
    [](ShaderValidator9* self, const char* file, int line, const DWORD* tokens, DWORD count)
        STDMETHODCALLTYPE { return self->instruction(file, line, tokens, count); },
    [](ShaderValidator9* self) STDMETHODCALLTYPE { return self->end(); },
};

} // namespace

ShaderValidator9::ShaderValidator9() : vtbl_(&kVtbl) {}

ShaderValidator9* ShaderValidator9::create() {
    return new (std::nothrow) ShaderValidator9();
}

HRESULT ShaderValidator9::queryInterface(REFIID riid, void** object) {
    if (!object) return E_POINTER;
    // Its own IID is not public: only IUnknown is answered.
    if (IsEqualGUID(riid, IID_IUnknown)) {
        addRef();
        *object = this;
        return S_OK;
    }
    *object = nullptr;
    return E_NOINTERFACE;
}

ULONG ShaderValidator9::addRef() {
    return ULONG(InterlockedIncrement(&references_));
}

ULONG ShaderValidator9::release() {
    const LONG left = InterlockedDecrement(&references_);
    if (left == 0) delete this;
    return ULONG(left);
}

HRESULT ShaderValidator9::begin(void*, void*, DWORD) {
    tokens_.clear();
    begun_ = true;
    endSeen_ = false;
    return S_OK;
}

HRESULT ShaderValidator9::instruction(const char*, int, const DWORD* tokens, DWORD count) {
    if (!begun_ || !tokens || count == 0) return E_FAIL;
    tokens_.insert(tokens_.end(), tokens, tokens + count);
    endSeen_ = count == 1 && tokens[0] == kEndToken;
    return S_OK;
}

HRESULT ShaderValidator9::end() {
    if (!begun_) return E_FAIL;
    begun_ = false;
    // The end token as an instruction of its own, or added (a last operand may equal it).
    if (!endSeen_) tokens_.push_back(kEndToken);
    const auto program = shader::decode(tokens_);
    if (!program) {
        DDIVK_WARN("shader validator: %s", program.error().message().c_str());
        return E_FAIL;
    }
    return S_OK;
}

} // namespace ddivk::d3d9
