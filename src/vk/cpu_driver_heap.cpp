#include "vk/cpu_driver_heap.h"

#include "util/log.h"

namespace ddivk::vk {

bool isCpuHeapDriver(const Caps& caps) {
    return caps.driverId == VK_DRIVER_ID_MESA_LLVMPIPE;
}

void warmCpuDriverHeap(VkDevice device, const Caps& caps) {
    if (!isCpuHeapDriver(caps)) return;
    // Below glibc's 32 MiB cap on the dynamic threshold, with room for malloc's own header and
    // llvmpipe's alignment padding.
    constexpr VkDeviceSize kBytes = 24ull << 20;
    VkMemoryAllocateInfo info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    info.allocationSize = kBytes;
    info.memoryTypeIndex = 0;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    if (vkAllocateMemory(device, &info, nullptr, &memory) != VK_SUCCESS) {
        DDIVK_INFO("llvmpipe heap warm-up: no 24 MiB allocation; frame memory may be faulted in again");
        return;
    }
    vkFreeMemory(device, memory, nullptr);
}

} // namespace ddivk::vk
