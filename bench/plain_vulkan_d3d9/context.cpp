#include "context.h"

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace ddivk::bench::plain {

void check(VkResult result, const char* what) {
    if (result != VK_SUCCESS)
        throw std::runtime_error(std::string(what) + " failed: " + std::to_string(result));
}

Context::Context() {
    check(volkInitialize(), "volkInitialize (no Vulkan loader)");
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "d3d9-plain-vulkan-bench";
    app.apiVersion = VK_API_VERSION_1_3;
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &app;
    check(vkCreateInstance(&info, nullptr, &instance_), "vkCreateInstance");
    volkLoadInstanceOnly(instance_);
    pickPhysicalDevice();
    createDevice();
}

Context::~Context() {
    if (device_) {
        vkDeviceWaitIdle(device_);
        vkDestroyCommandPool(device_, setupPool_, nullptr);
        vkDestroyDevice(device_, nullptr);
    }
    if (instance_) vkDestroyInstance(instance_, nullptr);
}

void Context::pickPhysicalDevice() {
    uint32_t count = 0;
    vkEnumeratePhysicalDevices(instance_, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    vkEnumeratePhysicalDevices(instance_, &count, devices.data());
    int best = -1;
    for (VkPhysicalDevice candidate : devices) {
        VkPhysicalDeviceProperties properties;
        vkGetPhysicalDeviceProperties(candidate, &properties);
        if (properties.apiVersion < VK_API_VERSION_1_3) continue;
        uint32_t families = 0;
        vkGetPhysicalDeviceQueueFamilyProperties(candidate, &families, nullptr);
        std::vector<VkQueueFamilyProperties> familyProperties(families);
        vkGetPhysicalDeviceQueueFamilyProperties(candidate, &families, familyProperties.data());
        for (uint32_t f = 0; f < families; ++f) {
            if (!(familyProperties[f].queueFlags & VK_QUEUE_GRAPHICS_BIT)) continue;
            const int rank = properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 0 : 1;
            if (rank > best) {
                best = rank;
                physical_ = candidate;
                family_ = f;
            }
            break;
        }
    }
    if (!physical_) throw std::runtime_error("no Vulkan 1.3 device with a graphics queue");
    vkGetPhysicalDeviceMemoryProperties(physical_, &memory_);
    VkFormatProperties depth;
    vkGetPhysicalDeviceFormatProperties(physical_, VK_FORMAT_D32_SFLOAT, &depth);
    if (!(depth.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT))
        depthFormat_ = VK_FORMAT_X8_D24_UNORM_PACK32; // one of the two is required
}

void Context::createDevice() {
    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queue{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queue.queueFamilyIndex = family_;
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    VkPhysicalDeviceVulkan13Features features13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    features13.dynamicRendering = VK_TRUE;
    VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.pNext = &features13;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queue;
    check(vkCreateDevice(physical_, &info, nullptr, &device_), "vkCreateDevice");
    volkLoadDevice(device_);
    vkGetDeviceQueue(device_, family_, 0, &queue_);
    VkCommandPoolCreateInfo pool{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
    pool.queueFamilyIndex = family_;
    check(vkCreateCommandPool(device_, &pool, nullptr, &setupPool_), "vkCreateCommandPool");
}

VkDeviceMemory Context::allocate(const VkMemoryRequirements& requirements, VkMemoryPropertyFlags wanted) {
    int type = -1;
    for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i) {
        const VkMemoryPropertyFlags flags = memory_.memoryTypes[i].propertyFlags;
        if (!(requirements.memoryTypeBits & (1u << i)) || (flags & wanted) != wanted) continue;
        if (type < 0 || (flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)) type = int(i);
        if (flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) break;
    }
    if (type < 0) throw std::runtime_error("no suitable memory type");
    VkMemoryAllocateInfo info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    info.allocationSize = requirements.size;
    info.memoryTypeIndex = uint32_t(type);
    VkDeviceMemory memory = VK_NULL_HANDLE;
    check(vkAllocateMemory(device_, &info, nullptr, &memory), "vkAllocateMemory");
    return memory;
}

Buffer Context::createBuffer(VkDeviceSize bytes, VkBufferUsageFlags usage, const void* data) {
    Buffer buffer;
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = bytes;
    info.usage = usage;
    check(vkCreateBuffer(device_, &info, nullptr, &buffer.handle), "vkCreateBuffer");
    VkMemoryRequirements requirements;
    vkGetBufferMemoryRequirements(device_, buffer.handle, &requirements);
    // Device-local where the host can also write it (UMA, resizable BAR): static data is
    // tiny here, so a staging copy would only add setup work.
    buffer.memory =
        allocate(requirements, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    check(vkBindBufferMemory(device_, buffer.handle, buffer.memory, 0), "vkBindBufferMemory");
    check(vkMapMemory(device_, buffer.memory, 0, VK_WHOLE_SIZE, 0, &buffer.mapped), "vkMapMemory");
    if (data) std::memcpy(buffer.mapped, data, bytes);
    return buffer;
}

Image Context::createImage(VkFormat format, VkExtent2D extent, VkImageUsageFlags usage,
                           VkImageAspectFlags aspect, VkComponentMapping swizzle) {
    Image image;
    VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = format;
    info.extent = {extent.width, extent.height, 1};
    info.mipLevels = 1;
    info.arrayLayers = 1;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = usage;
    check(vkCreateImage(device_, &info, nullptr, &image.handle), "vkCreateImage");
    VkMemoryRequirements requirements;
    vkGetImageMemoryRequirements(device_, image.handle, &requirements);
    image.memory = allocate(requirements, 0);
    check(vkBindImageMemory(device_, image.handle, image.memory, 0), "vkBindImageMemory");
    VkImageViewCreateInfo view{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    view.image = image.handle;
    view.viewType = VK_IMAGE_VIEW_TYPE_2D;
    view.format = format;
    view.components = swizzle;
    view.subresourceRange = {aspect, 0, 1, 0, 1};
    check(vkCreateImageView(device_, &view, nullptr, &image.view), "vkCreateImageView");
    return image;
}

void Context::destroy(Buffer& buffer) {
    vkDestroyBuffer(device_, buffer.handle, nullptr);
    vkFreeMemory(device_, buffer.memory, nullptr);
    buffer = {};
}

void Context::destroy(Image& image) {
    vkDestroyImageView(device_, image.view, nullptr);
    vkDestroyImage(device_, image.handle, nullptr);
    vkFreeMemory(device_, image.memory, nullptr);
    image = {};
}

VkShaderModule Context::createShader(const uint32_t* code, size_t bytes) {
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = bytes;
    info.pCode = code;
    VkShaderModule module = VK_NULL_HANDLE;
    check(vkCreateShaderModule(device_, &info, nullptr, &module), "vkCreateShaderModule");
    return module;
}

void Context::runOnce(const std::function<void(VkCommandBuffer)>& record) {
    VkCommandBufferAllocateInfo commands{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    commands.commandPool = setupPool_;
    commands.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    commands.commandBufferCount = 1;
    VkCommandBuffer cb = VK_NULL_HANDLE;
    check(vkAllocateCommandBuffers(device_, &commands, &cb), "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(vkBeginCommandBuffer(cb, &begin), "vkBeginCommandBuffer");
    record(cb);
    check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cb;
    check(vkQueueSubmit(queue_, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit");
    check(vkQueueWaitIdle(queue_), "vkQueueWaitIdle");
    vkFreeCommandBuffers(device_, setupPool_, 1, &cb);
}

} // namespace ddivk::bench::plain
