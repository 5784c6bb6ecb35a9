// Process-wide record of VK_EXT_debug_utils messages (validation layer errors and warnings).
// The messenger callback counts each message, logs it through DDIVK_ERROR/DDIVK_WARN and keeps
// the latest ones so that tests can print what went wrong (tests/support fails a test during
// which a counter increased).
#pragma once

#include <volk.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ddivk::vk::validation {

// Error and warning messages received since the process started (minus those discounted).
uint64_t errorCount();
uint64_t warningCount();

// Forgets `errors` errors and `warnings` warnings, for a test that provoked them on purpose.
void discount(uint64_t errors, uint64_t warnings);

// One message, numbered in arrival order from 1.
struct Message {
    uint64_t sequence = 0;
    bool error = false; // else a warning
    std::string id;     // pMessageIdName, e.g. "VUID-VkBufferCreateInfo-usage-requiredbitmask"
    std::string text;   // pMessage
};

// Sequence number of the latest message (0 before the first).
uint64_t lastSequence();

// The kept messages (the latest 256 at most) with sequence > after, oldest first.
std::vector<Message> messagesAfter(uint64_t after);

// Shader modules with outputs that only transform feedback reads (stream output): the layer's
// "output not consumed by the fragment shader" performance warning about them is expected, as
// capture-only outputs have no reader by design, and is neither counted nor logged. Modules
// are forgotten when destroyed (handles may be reused).
void excuseCaptureOnlyOutputs(VkShaderModule module);
void forgetModule(VkShaderModule module);

// The VK_EXT_debug_utils callback that feeds all of the above.
VKAPI_ATTR VkBool32 VKAPI_CALL messengerCallback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT types,
                                                 const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                 void* userData);

} // namespace ddivk::vk::validation
