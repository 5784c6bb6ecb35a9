// Keeps a CPU Vulkan driver's per-frame memory in the process (llvmpipe / lavapipe).
//
// lavapipe's rasterizer copies its whole state (~30 KiB) into scene memory at every state change
// between draws, megabytes a frame, from the C library's malloc, and frees it at the end of each
// frame. glibc returns the top of a heap to the kernel once more than its trim threshold
// (128 KiB by default) is free, so the next frame takes page faults on all of it again: on the
// D3D9 state-churn benchmark that fault and clear work was half of the process's time. glibc
// raises its mmap and trim thresholds to the size of a mapped block that is freed (up to
// 32 MiB), and lavapipe allocates Vulkan memory with malloc, so one 24 MiB allocation made and
// freed at device creation keeps the frame memory in the heap. Programs cannot do it themselves
// under Wine (their mallopt is not the host's), so the driver does, on llvmpipe only.
#pragma once

#include <volk.h>

#include "vk/caps.h"

namespace ddivk::vk {

// Whether the device is one whose memory comes from the process heap (llvmpipe).
bool isCpuHeapDriver(const Caps& caps);

// Allocates and frees one 24 MiB block of memory type 0 when isCpuHeapDriver. Errors are
// ignored: it only tunes the heap.
void warmCpuDriverHeap(VkDevice device, const Caps& caps);

} // namespace ddivk::vk
