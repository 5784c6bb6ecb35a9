// d3d9-plain-vulkan-bench (docs/d3d9-dll.md, "D3D9 benchmark"): the Vulkan objects every
// scenario shares (instance, device, its one graphics queue) and the few helpers a hand-written
// renderer has for buffers, images and shaders. Plain Vulkan through volk: nothing of ddivk.
#pragma once

#include <volk.h>

#include <cstddef>
#include <cstdint>
#include <functional>

namespace ddivk::bench::plain {

// Throws std::runtime_error naming `what` when a Vulkan call failed.
void check(VkResult result, const char* what);

// A buffer in host-visible, coherent memory, mapped for its whole life.
struct Buffer {
    VkBuffer handle = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    void* mapped = nullptr;
};

// A 2D image with one level and one layer, in device memory, and a view of it.
struct Image {
    VkImage handle = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
};

class Context {
  public:
    // The first physical device with a graphics queue and Vulkan 1.3 (dynamic rendering); a
    // discrete or integrated GPU before a CPU one. Throws when there is none.
    Context();
    ~Context();
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;

    VkDevice device() const { return device_; }
    VkQueue queue() const { return queue_; }
    uint32_t queueFamily() const { return family_; }
    // D32_SFLOAT, or X8_D24 where the device cannot render to it.
    VkFormat depthFormat() const { return depthFormat_; }

    // A buffer holding `bytes` of `data` (left uninitialised when data is null).
    Buffer createBuffer(VkDeviceSize bytes, VkBufferUsageFlags usage, const void* data = nullptr);
    // `swizzle` applies to the view (X8R8G8B8 textures read their alpha as one).
    Image createImage(VkFormat format, VkExtent2D extent, VkImageUsageFlags usage, VkImageAspectFlags aspect,
                      VkComponentMapping swizzle = {});
    void destroy(Buffer& buffer);
    void destroy(Image& image);
    VkShaderModule createShader(const uint32_t* code, size_t bytes);
    // Records one command buffer with `record`, submits it and waits: uploads at setup time.
    void runOnce(const std::function<void(VkCommandBuffer)>& record);

  private:
    void pickPhysicalDevice();
    void createDevice();
    // Memory of a type with the `wanted` flags, device-local where one such type is.
    VkDeviceMemory allocate(const VkMemoryRequirements& requirements, VkMemoryPropertyFlags wanted);

    VkInstance instance_ = VK_NULL_HANDLE;
    VkPhysicalDevice physical_ = VK_NULL_HANDLE;
    VkPhysicalDeviceMemoryProperties memory_{};
    VkDevice device_ = VK_NULL_HANDLE;
    VkQueue queue_ = VK_NULL_HANDLE;
    uint32_t family_ = 0;
    VkFormat depthFormat_ = VK_FORMAT_D32_SFLOAT;
    VkCommandPool setupPool_ = VK_NULL_HANDLE;
};

} // namespace ddivk::bench::plain
