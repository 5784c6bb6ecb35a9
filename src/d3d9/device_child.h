// Reference counting of the objects a device creates (surfaces, buffers, ...), as D3D9 does it:
// an object the program holds keeps its device alive (its first reference adds one to the
// device, its last takes it back), and the device keeps what it has bound alive with private
// references, so a buffer released while bound still works until it is unbound. An object
// is deleted when both counts reach zero, unless the device owns it (the back buffer, the
// automatic depth buffer), in which case the device deletes it. QueryInterface answers the
// object's interface, IUnknown and the interfaces `Also` names (those its interface derives
// from: IDirect3DResource9, IDirect3DBaseTexture9), so each class lists only those.
#pragma once

#include <atomic>

#include "d3d9/windows_names.h"

namespace ddivk::d3d9 {

template <class Interface, class... Also> class DeviceChild : public Interface {
  public:
    DeviceChild(IDirect3DDevice9Ex* device, bool ownedByDevice) : device_(device), owned_(ownedByDevice) {
        // A new object starts with one public reference, for the program, unless the device owns it.
        if (!owned_) {
            references_ = 1;
            device_->AddRef();
        }
    }
    virtual ~DeviceChild() = default;

    // COM: a reference for the caller on success; E_NOINTERFACE with *object null otherwise.
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override {
        if (!object) return E_POINTER;
        if (riid != __uuidof(IUnknown) && riid != __uuidof(Interface) && (... && (riid != __uuidof(Also)))) {
            *object = nullptr;
            return E_NOINTERFACE;
        }
        this->AddRef(); // virtual: a texture level counts its references on its texture
        *object = static_cast<Interface*>(this);
        return S_OK;
    }
    ULONG STDMETHODCALLTYPE AddRef() override {
        const ULONG count = references_.fetch_add(1) + 1;
        if (count == 1) device_->AddRef();
        return count;
    }
    ULONG STDMETHODCALLTYPE Release() override {
        const ULONG before = references_.load();
        if (before == 0) return 0; // a release too many: nothing to take back
        const ULONG count = references_.fetch_sub(1) - 1;
        if (count == 0) {
            IDirect3DDevice9Ex* device = device_;
            if (!owned_ && private_.load() == 0) delete this;
            device->Release(); // after the object: deleting it needs the device
        }
        return count;
    }
    HRESULT STDMETHODCALLTYPE GetDevice(IDirect3DDevice9** device) override {
        if (!device) return D3DERR_INVALIDCALL;
        device_->AddRef();
        *device = device_;
        return D3D_OK;
    }

    // The device's own hold (a binding). Released last by nobody else: the object goes.
    void addPrivateReference() { private_.fetch_add(1); }
    void releasePrivateReference() {
        if (private_.fetch_sub(1) == 1 && references_.load() == 0 && !owned_) delete this;
    }
    ULONG publicReferences() const { return references_.load(); }
    // The device lets go of an object it owned that the program still holds (a D3D9Ex Reset's
    // old back buffer): the program's last Release deletes it.
    void disown() { owned_ = false; }
    // The device that made the object (a program may pass one device's objects to another).
    const IDirect3DDevice9Ex* owner() const { return device_; }

  protected:
    IDirect3DDevice9Ex* device_;

  private:
    std::atomic<ULONG> references_{0};
    std::atomic<ULONG> private_{0};
    bool owned_;
};

// A private reference held by the device for a binding: the right type for slots of bound
// objects (render targets, streams, index buffer, textures).
template <class T> class Bound {
  public:
    Bound() = default;
    Bound(const Bound&) = delete;
    Bound& operator=(const Bound&) = delete;
    ~Bound() { reset(nullptr); }
    void reset(T* object) {
        if (object == object_) return;
        if (object) object->addPrivateReference();
        T* old = object_;
        object_ = object;
        if (old) old->releasePrivateReference();
    }
    T* get() const { return object_; }

  private:
    T* object_ = nullptr;
};

} // namespace ddivk::d3d9
