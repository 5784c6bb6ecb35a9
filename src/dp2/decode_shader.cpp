// Shader creation and shader constant opcodes: variable-size items, each length-checked
// before the target sees any of them.
#include "dp2/decoder.h"

namespace ddivk::dp2::detail {

namespace {

// Shader declarations and functions are DWORD token streams: sizes must be DWORD multiples.
bool dwordTokens(Payload& payload, uint32_t sizeBytes, std::span<const uint32_t>& out, HRESULT& hr) {
    if (sizeBytes % 4 != 0) {
        hr = kInvalid;
        return false;
    }
    if (!payload.array(sizeBytes / 4, out)) {
        hr = kTruncated;
        return false;
    }
    return true;
}

} // namespace

// D3DDP2OP_CREATEVERTEXSHADER (DX8): wStateCount items of {handle, declSize, codeSize}, each
// followed by declSize bytes of declaration and codeSize bytes of code.
HRESULT createVertexShader(Exec& exec, const Cmd& cmd, size_t& next) {
    Payload payload(exec, cmd);
    VertexShaderCreate* items = exec.arena.allocateArray<VertexShaderCreate>(cmd.count);
    HRESULT hr = S_OK;
    for (uint32_t i = 0; i < cmd.count; ++i) {
        D3DHAL_DP2CREATEVERTEXSHADER header;
        if (!payload.value(header)) return kTruncated;
        items[i].handle = header.dwHandle;
        if (!dwordTokens(payload, header.dwDeclSize, items[i].declaration, hr) ||
            !dwordTokens(payload, header.dwCodeSize, items[i].code, hr))
            return hr;
    }
    next = payload.position();
    if (cmd.count == 0) return S_OK;
    return exec.target.createVertexShader(Items<VertexShaderCreate>(items, cmd.count));
}

// D3DDP2OP_CREATEVERTEXSHADERDECL: items of {handle, element count} + D3DVERTEXELEMENT9s.
HRESULT createVertexShaderDecl(Exec& exec, const Cmd& cmd, size_t& next) {
    Payload payload(exec, cmd);
    VertexDeclCreate* items = exec.arena.allocateArray<VertexDeclCreate>(cmd.count);
    for (uint32_t i = 0; i < cmd.count; ++i) {
        D3DHAL_DP2CREATEVERTEXSHADERDECL header;
        if (!payload.value(header) || !payload.array(header.dwNumVertexElements, items[i].elements))
            return kTruncated;
        items[i].handle = header.dwHandle;
    }
    next = payload.position();
    if (cmd.count == 0) return S_OK;
    return exec.target.createVertexShaderDecl(Items<VertexDeclCreate>(items, cmd.count));
}

namespace {
// CREATEVERTEXSHADERFUNC and CREATEPIXELSHADER: items of {handle, size in bytes} + code.
template <class Header, uint32_t Header::*Size>
HRESULT shaderCode(Exec& exec, const Cmd& cmd, size_t& next, HRESULT (Target::*method)(Items<ShaderCode>)) {
    Payload payload(exec, cmd);
    ShaderCode* items = exec.arena.allocateArray<ShaderCode>(cmd.count);
    HRESULT hr = S_OK;
    for (uint32_t i = 0; i < cmd.count; ++i) {
        Header header;
        if (!payload.value(header)) return kTruncated;
        items[i].handle = header.dwHandle;
        if (!dwordTokens(payload, header.*Size, items[i].code, hr)) return hr;
    }
    next = payload.position();
    if (cmd.count == 0) return S_OK;
    return (exec.target.*method)(Items<ShaderCode>(items, cmd.count));
}
} // namespace

HRESULT createVertexShaderFunc(Exec& exec, const Cmd& cmd, size_t& next) {
    return shaderCode<D3DHAL_DP2CREATEVERTEXSHADERFUNC, &D3DHAL_DP2CREATEVERTEXSHADERFUNC::dwSize>(
        exec, cmd, next, &Target::createVertexShaderFunc);
}

HRESULT createPixelShader(Exec& exec, const Cmd& cmd, size_t& next) {
    return shaderCode<D3DHAL_DP2CREATEPIXELSHADER, &D3DHAL_DP2CREATEPIXELSHADER::dwCodeSize>(
        exec, cmd, next, &Target::createPixelShader);
}

namespace {
// SET{VERTEX,PIXEL}SHADERCONST{,I,B}: wStateCount blocks of {register, count} followed by
// count * ValuesPerRegister values of T. A hot path: one target call per token, and the
// common single-block token needs no scratch memory.
template <class T, uint32_t ValuesPerRegister>
HRESULT constants(Exec& exec, const Cmd& cmd, size_t& next, ShaderStage stage,
                  HRESULT (Target::*method)(ShaderStage, Items<ConstantBlock<T>>)) {
    Payload payload(exec, cmd);
    ConstantBlock<T> single;
    ConstantBlock<T>* blocks =
        cmd.count == 1 ? &single : exec.arena.allocateArray<ConstantBlock<T>>(cmd.count);
    for (uint32_t i = 0; i < cmd.count; ++i) {
        D3DHAL_DP2SETVERTEXSHADERCONST header;
        if (!payload.value(header) ||
            !payload.array(uint64_t{header.dwCount} * ValuesPerRegister, blocks[i].values))
            return kTruncated;
        blocks[i].startRegister = header.dwRegister;
        blocks[i].count = header.dwCount;
    }
    next = payload.position();
    if (cmd.count == 0) return S_OK;
    return (exec.target.*method)(stage, Items<ConstantBlock<T>>(blocks, cmd.count));
}
} // namespace

template <ShaderStage Stage> HRESULT shaderConstF(Exec& exec, const Cmd& cmd, size_t& next) {
    return constants<float, 4>(exec, cmd, next, Stage, &Target::setShaderConstF);
}

template <ShaderStage Stage> HRESULT shaderConstI(Exec& exec, const Cmd& cmd, size_t& next) {
    return constants<int32_t, 4>(exec, cmd, next, Stage, &Target::setShaderConstI);
}

template <ShaderStage Stage> HRESULT shaderConstB(Exec& exec, const Cmd& cmd, size_t& next) {
    return constants<uint32_t, 1>(exec, cmd, next, Stage, &Target::setShaderConstB);
}

template HRESULT shaderConstF<ShaderStage::Vertex>(Exec&, const Cmd&, size_t&);
template HRESULT shaderConstF<ShaderStage::Pixel>(Exec&, const Cmd&, size_t&);
template HRESULT shaderConstI<ShaderStage::Vertex>(Exec&, const Cmd&, size_t&);
template HRESULT shaderConstI<ShaderStage::Pixel>(Exec&, const Cmd&, size_t&);
template HRESULT shaderConstB<ShaderStage::Vertex>(Exec&, const Cmd&, size_t&);
template HRESULT shaderConstB<ShaderStage::Pixel>(Exec&, const Cmd&, size_t&);

} // namespace ddivk::dp2::detail
