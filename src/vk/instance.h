// The VkInstance: loads Vulkan through volk, asks for API 1.3 (1.1 at least), and optionally
// enables VK_LAYER_KHRONOS_validation with a debug-utils messenger feeding vk/validation.h.
#pragma once

#include <volk.h>

#include <memory>
#include <optional>
#include <string>

namespace ddivk::vk {

struct InstanceOptions {
    // Enable VK_LAYER_KHRONOS_validation. Unset: DDIVK_VALIDATION (1/true/yes/on) decides.
    // Requested but missing is an error (vk::Error), never a silent run without validation.
    std::optional<bool> validation;
    // Also enable the layer's synchronization validation (hazards between commands, slower).
    // Unset: DDIVK_VALIDATION=sync decides. Implies validation.
    std::optional<bool> synchronizationValidation;
    std::string applicationName = "ddivk";
};

// True when DDIVK_VALIDATION asks for the validation layer (1, true, yes, on, or sync).
bool validationRequestedByEnvironment();
// True when DDIVK_VALIDATION=sync: synchronization validation as well.
bool synchronizationValidationRequestedByEnvironment();

class Instance {
  public:
    // Throws vk::Error when no loader, no Vulkan 1.1, or a requested layer is missing.
    static std::shared_ptr<Instance> create(const InstanceOptions& options = {});
    ~Instance();

    Instance(const Instance&) = delete;
    Instance& operator=(const Instance&) = delete;

    VkInstance handle() const { return instance_; }
    // The API version the instance was created with: min(loader version, 1.3).
    uint32_t apiVersion() const { return apiVersion_; }
    bool validationEnabled() const { return validation_; }
    bool synchronizationValidationEnabled() const { return syncValidation_; }
    // VK_EXT_debug_utils is enabled (object names, labels).
    bool debugUtils() const { return debugUtils_; }
    // VK_KHR_surface and the window system's surface extension are enabled, so devices can
    // present to windows (window_surface.h). Only on Windows (VK_KHR_win32_surface), the
    // window system of the d3d9.dll; native programs render off screen.
    bool surfaces() const { return surfaces_; }

  private:
    Instance() = default;

    VkInstance instance_ = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
    uint32_t apiVersion_ = 0;
    bool validation_ = false;
    bool syncValidation_ = false;
    bool debugUtils_ = false;
    bool surfaces_ = false;
};

} // namespace ddivk::vk
