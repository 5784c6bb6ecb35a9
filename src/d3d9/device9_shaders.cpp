// IDirect3DDevice9Ex: vertex declarations and vertex and pixel shaders. Objects are made by the
// driver's UMD state door on the worker (stream_->call: after everything recorded before them;
// bad bytecode or elements come back as the call's error and nothing is made); setting them is
// a DP2 token (SETVERTEXSHADERDECL, SETVERTEXSHADERFUNC, SETPIXELSHADER). The device holds what
// is set (Bound), so a program may release a bound object.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/dp2_payloads.h"
#include "ddivk/umd_state.h"
#include "draw/vertex_decl.h"

#include "d3d9/fvf_declaration.h"
#include "d3d9/shader9.h"
#include "d3d9/vertex_declaration9.h"

#include <cstring>
#include <unordered_map>

namespace ddivk::d3d9 {

struct Device9::ShaderBindings {
    Bound<VertexDeclaration9> declaration;
    Bound<VertexShader9> vertexShader;
    Bound<PixelShader9> pixelShader;
    // The declarations GetVertexDeclaration gave for FVFs, one per FVF, made at the first ask
    // and given again after the same SetFVF (Wine's test_fvf_decl_management). Private
    // references: the program's count only its own Gets.
    std::unordered_map<DWORD, Bound<VertexDeclaration9>> fvfDeclarations;
};

void Device9::ShaderBindingsDeleter::operator()(ShaderBindings* bindings) const {
    delete bindings;
}

Device9::ShaderBindings& Device9::shaderBindings() {
    if (!shaderBindings_) shaderBindings_.reset(new ShaderBindings);
    return *shaderBindings_;
}

void Device9::rebindShaders() {
    ShaderBindings& b = shaderBindings();
    b.declaration.reset(
        registry_->find<VertexDeclaration9>(ObjectKind::VertexDeclaration, state_.vertexDeclaration()));
    b.vertexShader.reset(registry_->find<VertexShader9>(ObjectKind::VertexShader, state_.vertexShader()));
    b.pixelShader.reset(registry_->find<PixelShader9>(ObjectKind::PixelShader, state_.pixelShader()));
}

namespace {

HANDLE asHandle(uintptr_t value) {
    return reinterpret_cast<HANDLE>(value);
}

uint32_t handle32(HANDLE handle) {
    return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(handle));
}

// The object bound in `slot` when the state cache says `handle` is set; else null. SetFVF
// clears the declaration in the cache without touching the slot.
template <class T> T* current(const Bound<T>& slot, uint32_t handle) {
    T* object = slot.get();
    return object && handle != 0 && object->handle() == handle ? object : nullptr;
}

// Set*: the state cache takes the handle, `keep(object, handle)` binds the object on the device
// (or holds it for a recording: Device9::bindOrHold), then the token `op` carries the handle.
template <class Item, class T, class Keep>
HRESULT bind(T* object, state::StateCache& cache, ddivk::HRESULT (state::StateCache::*set)(uint32_t),
             CommandStream& stream, uint8_t op, Keep keep) {
    const uint32_t handle = object ? object->handle() : 0;
    if ((cache.*set)(handle) != S_OK) return D3DERR_INVALIDCALL;
    keep(object, handle);
    stream.token(op, Item{handle});
    return D3D_OK;
}

template <class Interface, class T> HRESULT hand(T* object, Interface** out) {
    if (object) object->AddRef();
    *out = object;
    return D3D_OK;
}

} // namespace

HRESULT STDMETHODCALLTYPE Device9::CreateVertexDeclaration(const D3DVERTEXELEMENT9* elements,
                                                           IDirect3DVertexDeclaration9** declaration) {
    if (!declaration) return D3DERR_INVALIDCALL;
    *declaration = nullptr;
    if (!elements) return D3DERR_INVALIDCALL;
    const int length = declarationLength(elements);
    if (length < 0) return D3DERR_INVALIDCALL;
    std::vector<D3DVERTEXELEMENT9> copy(elements, elements + length + 1); // with D3DDECL_END
    static_assert(sizeof(ddivk::D3DVERTEXELEMENT9) == sizeof(D3DVERTEXELEMENT9));
    const auto* driverElements = reinterpret_cast<const ddivk::D3DVERTEXELEMENT9*>(copy.data());
    // D3D9's rules (types, methods, usages, 4-byte offsets, no usage and index twice) are the
    // driver's: checked here so a bad declaration never reaches the worker. An element of no
    // type (D3DDECLTYPE_UNUSED or above) or off a 4-byte offset is E_FAIL, as Windows answers
    // (Wine's test_unused_declaration_type, test_vertex_declaration_alignment).
    if (draw::validateDeclaration({driverElements, copy.size()})) {
        for (int i = 0; i < length; ++i)
            if (elements[i].Type >= ::D3DDECLTYPE_UNUSED || elements[i].Offset % 4) return E_FAIL;
        return D3DERR_INVALIDCALL;
    }
    auto guard = lock();
    *declaration = makeDeclaration(std::move(copy));
    return *declaration ? D3D_OK : D3DERR_INVALIDCALL;
}

VertexDeclaration9* Device9::makeDeclaration(std::vector<D3DVERTEXELEMENT9> copy) {
    const auto* driverElements = reinterpret_cast<const ddivk::D3DVERTEXELEMENT9*>(copy.data());
    D3DDDIARG_CREATEVERTEXSHADERDECL args{};
    args.NumVertexElements = static_cast<uint32_t>(copy.size());
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    stream_->call([&] {
        hr =
            ddivk_umd_state_functions()->pfnCreateVertexShaderDecl(asHandle(context_), &args, driverElements);
    });
    if (hr != S_OK) return nullptr;
    return new VertexDeclaration9(*this, this, handle32(args.ShaderHandle), std::move(copy));
}

VertexDeclaration9* Device9::currentDeclaration() {
    return current(shaderBindings().declaration, state_.vertexDeclaration());
}

HRESULT STDMETHODCALLTYPE Device9::SetVertexDeclaration(IDirect3DVertexDeclaration9* object) {
    auto guard = lock();
    return bind<D3DHAL_DP2VERTEXSHADER>(
        static_cast<VertexDeclaration9*>(object), state_, &state::StateCache::setVertexDeclaration, *stream_,
        D3DDP2OP_SETVERTEXSHADERDECL, [&](VertexDeclaration9* o, uint32_t h) {
            bindOrHold(shaderBindings().declaration, o, ObjectKind::VertexDeclaration, h);
        });
}

// After SetFVF: the FVF's declaration, as the runtime converts it (fvf_declaration.h).
HRESULT STDMETHODCALLTYPE Device9::GetVertexDeclaration(IDirect3DVertexDeclaration9** declaration) {
    if (!declaration) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const DWORD fvf = state_.fvf();
    if (state_.vertexDeclaration() != 0 || fvf == 0)
        return hand(current(shaderBindings().declaration, state_.vertexDeclaration()), declaration);
    Bound<VertexDeclaration9>& cached = shaderBindings().fvfDeclarations[fvf];
    if (VertexDeclaration9* made = cached.get()) return hand(made, declaration);
    *declaration = nullptr;
    auto elements = runtimeDeclarationOfFvf(fvf);
    if (!elements) return D3DERR_INVALIDCALL; // a code no declaration describes (both LASTBETA flags...)
    static_assert(sizeof(ddivk::D3DVERTEXELEMENT9) == sizeof(D3DVERTEXELEMENT9));
    std::vector<D3DVERTEXELEMENT9> copy(elements->size());
    std::memcpy(copy.data(), elements->data(), copy.size() * sizeof(D3DVERTEXELEMENT9));
    VertexDeclaration9* made = makeDeclaration(std::move(copy));
    if (!made) return D3DERR_INVALIDCALL;
    cached.reset(made);
    *declaration = made; // its first public reference is the caller's
    return D3D_OK;
}

namespace {

// CreateVertexShader / CreatePixelShader: the stream's length here, the driver's decoder (version,
// shader type, every instruction) on the worker through the door's `create` with `Args`.
template <class Shader, class Args, uint32_t Args::*Size, class Create, class Interface>
HRESULT createShader(Device9& device, IDirect3DDevice9Ex* iface, const DWORD* code, Create create,
                     Interface** out) {
    if (!out) return D3DERR_INVALIDCALL;
    *out = nullptr;
    if (!code) return D3DERR_INVALIDCALL;
    const size_t tokens = shaderTokenCount(code);
    if (tokens == 0) return D3DERR_INVALIDCALL;
    std::vector<DWORD> copy(code, code + tokens);
    static_assert(sizeof(DWORD) == sizeof(uint32_t));
    auto guard = device.lock();
    Args args{};
    args.*Size = static_cast<uint32_t>(tokens * sizeof(DWORD));
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    device.stream().call([&] {
        hr = create(asHandle(device.context()), &args, reinterpret_cast<const uint32_t*>(copy.data()));
    });
    if (hr != S_OK) return D3DERR_INVALIDCALL;
    *out = new Shader(device, iface, handle32(args.ShaderHandle), std::move(copy));
    return D3D_OK;
}

} // namespace

HRESULT STDMETHODCALLTYPE Device9::CreateVertexShader(const DWORD* code, IDirect3DVertexShader9** shader) {
    return createShader<VertexShader9, D3DDDIARG_CREATEVERTEXSHADERFUNC,
                        &D3DDDIARG_CREATEVERTEXSHADERFUNC::Size>(
        *this, this, code, ddivk_umd_state_functions()->pfnCreateVertexShaderFunc, shader);
}

HRESULT STDMETHODCALLTYPE Device9::CreatePixelShader(const DWORD* code, IDirect3DPixelShader9** shader) {
    return createShader<PixelShader9, D3DDDIARG_CREATEPIXELSHADER, &D3DDDIARG_CREATEPIXELSHADER::CodeSize>(
        *this, this, code, ddivk_umd_state_functions()->pfnCreatePixelShader, shader);
}

HRESULT STDMETHODCALLTYPE Device9::SetVertexShader(IDirect3DVertexShader9* object) {
    auto guard = lock();
    return bind<D3DHAL_DP2VERTEXSHADER>(
        static_cast<VertexShader9*>(object), state_, &state::StateCache::setVertexShader, *stream_,
        D3DDP2OP_SETVERTEXSHADERFUNC, [&](VertexShader9* o, uint32_t h) {
            bindOrHold(shaderBindings().vertexShader, o, ObjectKind::VertexShader, h);
        });
}

HRESULT STDMETHODCALLTYPE Device9::GetVertexShader(IDirect3DVertexShader9** shader) {
    if (!shader) return D3DERR_INVALIDCALL;
    auto guard = lock();
    return hand(current(shaderBindings().vertexShader, state_.vertexShader()), shader);
}

HRESULT STDMETHODCALLTYPE Device9::SetPixelShader(IDirect3DPixelShader9* object) {
    auto guard = lock();
    return bind<D3DHAL_DP2PIXELSHADER>(
        static_cast<PixelShader9*>(object), state_, &state::StateCache::setPixelShader, *stream_,
        D3DDP2OP_SETPIXELSHADER, [&](PixelShader9* o, uint32_t h) {
            bindOrHold(shaderBindings().pixelShader, o, ObjectKind::PixelShader, h);
        });
}

HRESULT STDMETHODCALLTYPE Device9::GetPixelShader(IDirect3DPixelShader9** shader) {
    if (!shader) return D3DERR_INVALIDCALL;
    auto guard = lock();
    return hand(current(shaderBindings().pixelShader, state_.pixelShader()), shader);
}

} // namespace ddivk::d3d9
