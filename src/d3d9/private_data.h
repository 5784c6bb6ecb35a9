// SetPrivateData / GetPrivateData / FreePrivateData of IDirect3DResource9: bytes (or, with
// D3DSPD_IUNKNOWN, an interface the resource holds a reference on) stored under a GUID.
#pragma once

#include <cstring>
#include <vector>

#include "d3d9/windows_names.h"

namespace ddivk::d3d9 {

class PrivateData {
  public:
    PrivateData() = default;
    PrivateData(const PrivateData&) = delete;
    PrivateData& operator=(const PrivateData&) = delete;
    ~PrivateData() {
        for (Entry& e : entries_)
            drop(e);
    }

    // With D3DSPD_IUNKNOWN, `data` is the interface itself (not a pointer to one) and `size` its
    // pointer's size (Wine's test_private_data records Windows). A refused call keeps the old data.
    HRESULT set(REFGUID guid, const void* data, DWORD size, DWORD flags) {
        const bool unknown = (flags & D3DSPD_IUNKNOWN) != 0;
        if (!data || (unknown && size != sizeof(IUnknown*))) return D3DERR_INVALIDCALL;
        free(guid);
        Entry e;
        e.guid = guid;
        e.unknown = unknown;
        if (unknown) {
            IUnknown* object = static_cast<IUnknown*>(const_cast<void*>(data));
            e.bytes.resize(sizeof object);
            std::memcpy(e.bytes.data(), &object, sizeof object);
            object->AddRef();
        } else {
            e.bytes.assign(static_cast<const BYTE*>(data), static_cast<const BYTE*>(data) + size);
        }
        entries_.push_back(std::move(e));
        return D3D_OK;
    }
    // An unknown GUID: D3DERR_NOTFOUND. No buffer: D3D_OK with the size the data needs; a buffer
    // too small: D3DERR_MOREDATA with that size. An interface is written as its pointer, with a
    // reference for the caller.
    HRESULT get(REFGUID guid, void* data, DWORD* size) const {
        for (const Entry& e : entries_) {
            if (e.guid != guid) continue;
            if (!size) return D3DERR_INVALIDCALL;
            const DWORD need = static_cast<DWORD>(e.bytes.size());
            if (!data) {
                *size = need;
                return D3D_OK;
            }
            if (*size < need) {
                *size = need;
                return D3DERR_MOREDATA;
            }
            std::memcpy(data, e.bytes.data(), need);
            if (e.unknown) interfaceOf(e)->AddRef();
            *size = need;
            return D3D_OK;
        }
        return D3DERR_NOTFOUND;
    }
    HRESULT free(REFGUID guid) {
        for (auto it = entries_.begin(); it != entries_.end(); ++it) {
            if (it->guid != guid) continue;
            drop(*it);
            entries_.erase(it);
            return D3D_OK;
        }
        return D3DERR_NOTFOUND;
    }

  private:
    struct Entry {
        GUID guid;
        bool unknown = false;
        std::vector<BYTE> bytes;
    };
    static IUnknown* interfaceOf(const Entry& e) {
        IUnknown* p = nullptr;
        std::memcpy(&p, e.bytes.data(), sizeof p);
        return p;
    }
    static void drop(Entry& e) {
        if (e.unknown && interfaceOf(e)) interfaceOf(e)->Release();
    }
    std::vector<Entry> entries_;
};

} // namespace ddivk::d3d9
