// Which front-end object a driver handle names, per kind (buffers, textures, shaders, ...).
// Bindings live in the state cache as handles: after a state block changes them (Apply,
// EndStateBlock) the device finds the objects again here to re-derive its Bound<> slots, and
// a state block finds what it holds to keep it alive, as D3D9 state blocks do. Objects
// register on creation and leave on destruction (Registration, a member of the object).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>

#include "util/sync.h"

namespace ddivk::d3d9 {

// Handle spaces the front end binds by: one per kind, so two kinds may reuse a number.
enum class ObjectKind : uint8_t {
    VertexBuffer,
    IndexBuffer,
    Texture, // any IDirect3DBaseTexture9
    VertexDeclaration,
    VertexShader,
    PixelShader,
    Count,
};

class ObjectRegistry {
  public:
    // A private reference (DeviceChild::addPrivateReference) on a registered object, or none.
    class Hold {
      public:
        Hold() = default;
        Hold(Hold&& o) noexcept : object_(std::exchange(o.object_, nullptr)), release_(o.release_) {}
        Hold& operator=(Hold&& o) noexcept {
            if (this != &o) {
                reset();
                object_ = std::exchange(o.object_, nullptr);
                release_ = o.release_;
            }
            return *this;
        }
        Hold(const Hold&) = delete;
        Hold& operator=(const Hold&) = delete;
        ~Hold() { reset(); }
        void reset() {
            if (object_) release_(std::exchange(object_, nullptr));
        }
        explicit operator bool() const { return object_ != nullptr; }

      private:
        friend class ObjectRegistry;
        void* object_ = nullptr;
        void (*release_)(void*) = nullptr;
    };

    // The object of `kind` named `handle` (0 names nothing), as the type it registered as.
    template <class T> T* find(ObjectKind kind, uint32_t handle) const {
        std::lock_guard guard(mutex_);
        auto it = entries_.find({kind, handle});
        return it == entries_.end() ? nullptr : static_cast<T*>(it->second.object);
    }
    // A private reference on the object `handle` names; an empty Hold for none.
    Hold hold(ObjectKind kind, uint32_t handle) const {
        Hold h;
        std::lock_guard guard(mutex_);
        auto it = entries_.find({kind, handle});
        if (it == entries_.end()) return h;
        it->second.addRef(it->second.object);
        h.object_ = it->second.object;
        h.release_ = it->second.release;
        return h;
    }

    // The object registered under the program's interface pointer `iface` (textures, whose
    // pointer alone does not say which of three classes it is), or null. Nothing is called
    // through `iface`: a pointer to anything else, even an object whose vtable the program
    // overwrote, is answered without being read (Wine's test_get_set_texture).
    template <class T> T* findByInterface(const void* iface) const {
        std::lock_guard guard(mutex_);
        auto it = interfaces_.find(iface);
        return it == interfaces_.end() ? nullptr : static_cast<T*>(it->second);
    }

  private:
    template <class T> friend class Registration;
    struct Entry {
        void* object;
        void (*addRef)(void*);
        void (*release)(void*);
    };
    using Key = std::pair<ObjectKind, uint32_t>;

    mutable util::Mutex mutex_; // objects come and go on any thread (Release)
    std::map<Key, Entry> entries_;
    std::unordered_map<const void*, void*> interfaces_; // findByInterface
};

// An object's entry in its device's registry, for the object's life (declare it as the
// object's last member: it leaves before the rest of the object goes). The registry is shared
// so an object destroyed after its device's registry member still leaves cleanly.
template <class T> class Registration {
  public:
    // `iface`: the program's pointer to the object, for findByInterface (null: not indexed).
    Registration(std::shared_ptr<ObjectRegistry> registry, ObjectKind kind, uint32_t handle, T* object,
                 const void* iface = nullptr)
        : registry_(std::move(registry)), key_{kind, handle}, iface_(iface) {
        if (!registry_ || handle == 0) return;
        ObjectRegistry::Entry e{object, [](void* o) { static_cast<T*>(o)->addPrivateReference(); },
                                [](void* o) { static_cast<T*>(o)->releasePrivateReference(); }};
        std::lock_guard guard(registry_->mutex_);
        registry_->entries_[key_] = e;
        if (iface_) registry_->interfaces_[iface_] = object;
    }
    ~Registration() {
        if (!registry_ || key_.second == 0) return;
        std::lock_guard guard(registry_->mutex_);
        registry_->entries_.erase(key_);
        if (iface_) registry_->interfaces_.erase(iface_);
    }
    Registration(const Registration&) = delete;
    Registration& operator=(const Registration&) = delete;

  private:
    std::shared_ptr<ObjectRegistry> registry_;
    ObjectRegistry::Key key_;
    const void* iface_;
};

class Device9;
// The registry of a device (device9_state_blocks.cpp): for objects whose header cannot see
// Device9's definition.
std::shared_ptr<ObjectRegistry> registryOf(Device9& device);

} // namespace ddivk::d3d9
