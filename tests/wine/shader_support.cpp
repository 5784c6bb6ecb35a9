#include "shader_support.h"

#include <cstring>

IDirect3DVertexBuffer9* filledVertexBuffer(IDirect3DDevice9* device, const void* data, UINT bytes) {
    IDirect3DVertexBuffer9* buffer = nullptr;
    if (FAILED(device->CreateVertexBuffer(bytes, D3DUSAGE_WRITEONLY, 0, D3DPOOL_DEFAULT, &buffer, nullptr)))
        return nullptr;
    void* memory = nullptr;
    if (FAILED(buffer->Lock(0, 0, &memory, 0))) {
        buffer->Release();
        return nullptr;
    }
    std::memcpy(memory, data, bytes);
    buffer->Unlock();
    return buffer;
}

bool useShaders(IDirect3DDevice9* device, const D3DVERTEXELEMENT9* elements, const DWORD* vs,
                const DWORD* ps) {
    IDirect3DVertexDeclaration9* declaration = nullptr;
    IDirect3DVertexShader9* vertexShader = nullptr;
    IDirect3DPixelShader9* pixelShader = nullptr;
    const bool ok = device->CreateVertexDeclaration(elements, &declaration) == D3D_OK &&
                    device->CreateVertexShader(vs, &vertexShader) == D3D_OK &&
                    device->CreatePixelShader(ps, &pixelShader) == D3D_OK &&
                    device->SetVertexDeclaration(declaration) == D3D_OK &&
                    device->SetVertexShader(vertexShader) == D3D_OK &&
                    device->SetPixelShader(pixelShader) == D3D_OK;
    if (declaration) declaration->Release();
    if (vertexShader) vertexShader->Release();
    if (pixelShader) pixelShader->Release();
    return ok && device->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE) == D3D_OK;
}
