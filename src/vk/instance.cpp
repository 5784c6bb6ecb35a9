#include "vk/instance.h"

#include "util/config.h"
#include "util/log.h"
#include "util/sync.h"
#include "vk/error.h"
#include "vk/validation.h"

#include <cstdlib>
#include <cstring>
#include <strings.h>
#include <vector>

namespace ddivk::vk {
namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

// volkInitialize once per process; volkLoadInstance per instance. Device-level functions are
// then loader trampolines (no volkLoadDevice), so several devices, even on different drivers,
// can live in one process.
util::Mutex g_volkMutex;
bool g_volkReady = false;

void initializeVolk() {
    std::lock_guard lock(g_volkMutex);
    if (g_volkReady) return;
    if (volkInitialize() != VK_SUCCESS)
        throw Error(VK_ERROR_INITIALIZATION_FAILED, "Vulkan loader (libvulkan.so.1) not found");
    g_volkReady = true;
}

bool hasLayer(const char* name) {
    uint32_t count = 0;
    vkEnumerateInstanceLayerProperties(&count, nullptr);
    std::vector<VkLayerProperties> layers(count);
    vkEnumerateInstanceLayerProperties(&count, layers.data());
    for (const VkLayerProperties& l : layers)
        if (std::strcmp(l.layerName, name) == 0) return true;
    return false;
}

// VK_KHR_WIN32_SURFACE_EXTENSION_NAME, spelled out: its header needs <windows.h>.
[[maybe_unused]] constexpr const char* kWin32SurfaceExtension = "VK_KHR_win32_surface";

bool hasExtension(const char* layer, const char* name) {
    uint32_t count = 0;
    vkEnumerateInstanceExtensionProperties(layer, &count, nullptr);
    std::vector<VkExtensionProperties> exts(count);
    vkEnumerateInstanceExtensionProperties(layer, &count, exts.data());
    for (const VkExtensionProperties& e : exts)
        if (std::strcmp(e.extensionName, name) == 0) return true;
    return false;
}

VkDebugUtilsMessengerCreateInfoEXT messengerInfo() {
    VkDebugUtilsMessengerCreateInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    info.messageSeverity =
        VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    info.pfnUserCallback = validation::messengerCallback;
    return info;
}

} // namespace

bool validationRequestedByEnvironment() {
    const char* v = config::get("DDIVK_VALIDATION");
    if (!v) return false;
    for (const char* yes : {"1", "true", "yes", "on", "sync"})
        if (strcasecmp(v, yes) == 0) return true;
    return false;
}

bool synchronizationValidationRequestedByEnvironment() {
    const char* v = config::get("DDIVK_VALIDATION");
    return v && strcasecmp(v, "sync") == 0;
}

std::shared_ptr<Instance> Instance::create(const InstanceOptions& options) {
    initializeVolk();

    uint32_t loaderVersion = VK_API_VERSION_1_0;
    if (vkEnumerateInstanceVersion) vkEnumerateInstanceVersion(&loaderVersion);
    if (loaderVersion < VK_API_VERSION_1_1)
        throw Error(VK_ERROR_INCOMPATIBLE_DRIVER, "the Vulkan loader offers 1.0 only; ddivk needs 1.1");

    std::shared_ptr<Instance> self(new Instance());
    self->apiVersion_ = loaderVersion < VK_API_VERSION_1_3 ? loaderVersion : VK_API_VERSION_1_3;
    self->syncValidation_ =
        options.synchronizationValidation.value_or(synchronizationValidationRequestedByEnvironment());
    self->validation_ =
        options.validation.value_or(validationRequestedByEnvironment()) || self->syncValidation_;

    std::vector<const char*> layers;
    std::vector<const char*> extensions;
    if (self->validation_) {
        if (!hasLayer(kValidationLayer)) {
            DDIVK_ERROR("validation requested (DDIVK_VALIDATION) but %s is not installed "
                        "(Debian: vulkan-validationlayers); refusing to run without it",
                        kValidationLayer);
            throw Error(VK_ERROR_LAYER_NOT_PRESENT,
                        std::string("validation requested but ") + kValidationLayer + " is missing");
        }
        layers.push_back(kValidationLayer);
    }
    self->debugUtils_ =
        hasExtension(nullptr, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) ||
        (self->validation_ && hasExtension(kValidationLayer, VK_EXT_DEBUG_UTILS_EXTENSION_NAME));
    if (self->debugUtils_) extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    if (self->validation_ && !self->debugUtils_)
        throw Error(VK_ERROR_EXTENSION_NOT_PRESENT, "validation requested but VK_EXT_debug_utils is missing");
    if (self->syncValidation_) {
        if (!hasExtension(kValidationLayer, VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME))
            throw Error(
                VK_ERROR_EXTENSION_NOT_PRESENT,
                "synchronization validation requested but the layer lacks VK_EXT_validation_features");
        extensions.push_back(VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
    }

#ifdef _WIN32
    // Presentation to the program's windows (d3d9.dll); without it devices render off screen.
    self->surfaces_ =
        hasExtension(nullptr, VK_KHR_SURFACE_EXTENSION_NAME) && hasExtension(nullptr, kWin32SurfaceExtension);
    if (self->surfaces_) {
        extensions.push_back(VK_KHR_SURFACE_EXTENSION_NAME);
        extensions.push_back(kWin32SurfaceExtension);
    }
#endif

    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = options.applicationName.c_str();
    app.pEngineName = "ddivk";
    app.apiVersion = self->apiVersion_;

    // Chained so that instance creation and destruction messages are counted as well.
    VkDebugUtilsMessengerCreateInfoEXT messenger = messengerInfo();
    const VkValidationFeatureEnableEXT syncFeature =
        VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT;
    VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
    features.enabledValidationFeatureCount = 1;
    features.pEnabledValidationFeatures = &syncFeature;
    if (self->syncValidation_) messenger.pNext = &features;
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pNext = self->validation_ ? &messenger : nullptr;
    info.pApplicationInfo = &app;
    info.enabledLayerCount = static_cast<uint32_t>(layers.size());
    info.ppEnabledLayerNames = layers.data();
    info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    check(vkCreateInstance(&info, nullptr, &self->instance_), "vkCreateInstance");
    {
        std::lock_guard lock(g_volkMutex);
        volkLoadInstance(self->instance_);
    }

    messenger.pNext = nullptr;
    if (self->validation_)
        check(vkCreateDebugUtilsMessengerEXT(self->instance_, &messenger, nullptr, &self->messenger_),
              "vkCreateDebugUtilsMessengerEXT");
    DDIVK_DEBUG("vulkan instance %u.%u, validation %s", VK_API_VERSION_MAJOR(self->apiVersion_),
                VK_API_VERSION_MINOR(self->apiVersion_),
                self->syncValidation_ ? "on with synchronization"
                : self->validation_   ? "on"
                                      : "off");
    return self;
}

Instance::~Instance() {
    if (messenger_) vkDestroyDebugUtilsMessengerEXT(instance_, messenger_, nullptr);
    if (instance_) vkDestroyInstance(instance_, nullptr);
}

} // namespace ddivk::vk
