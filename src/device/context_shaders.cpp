// Shader object tokens: CREATEVERTEXSHADERFUNC / CREATEPIXELSHADER decode and translate the
// bytecode (ShaderObjects), CREATEVERTEXSHADERDECL checks the elements (VertexDeclarations);
// DELETE* drop the handle. Setting them is state (context_state.cpp).
#include <vector>

#include "device/context.h"

namespace ddivk::device {

namespace {
template <class T> std::vector<uint32_t> handlesOf(std::span<const T> items) {
    std::vector<uint32_t> handles;
    handles.reserve(items.size());
    for (const T& item : items) handles.push_back(item.dwHandle);
    return handles;
}
} // namespace

HRESULT Context::createVertexShaderFunc(dp2::Items<dp2::ShaderCode> items) {
    return shaders_.create(shader::ShaderType::Vertex, items);
}

HRESULT Context::deleteVertexShaderFunc(dp2::Items<D3DHAL_DP2VERTEXSHADER> items) {
    return shaders_.destroy(shader::ShaderType::Vertex, handlesOf(items));
}

HRESULT Context::createPixelShader(dp2::Items<dp2::ShaderCode> items) {
    return shaders_.create(shader::ShaderType::Pixel, items);
}

HRESULT Context::deletePixelShader(dp2::Items<D3DHAL_DP2PIXELSHADER> items) {
    return shaders_.destroy(shader::ShaderType::Pixel, handlesOf(items));
}

HRESULT Context::createVertexShaderDecl(dp2::Items<dp2::VertexDeclCreate> items) {
    return declarations_.create(items);
}

HRESULT Context::deleteVertexShaderDecl(dp2::Items<D3DHAL_DP2VERTEXSHADER> items) {
    return declarations_.destroy(handlesOf(items));
}

} // namespace ddivk::device
