#include "vk/validation.h"

#include "util/log.h"
#include "util/sync.h"

#include <atomic>
#include <cstring>
#include <deque>
#include <unordered_set>

namespace ddivk::vk::validation {
namespace {

constexpr size_t kKeptMessages = 256;

std::atomic<uint64_t> g_errors{0};
std::atomic<uint64_t> g_warnings{0};
util::Mutex g_mutex;
std::deque<Message> g_messages;                // guarded by g_mutex
uint64_t g_sequence = 0;                       // guarded by g_mutex
std::unordered_set<uint64_t> g_captureModules; // guarded by g_mutex

constexpr const char* kOutputNotConsumed = "UNASSIGNED-CoreValidation-Shader-OutputNotConsumed";

// A warning about a capture-only output of a stream-output module.
bool excused(const VkDebugUtilsMessengerCallbackDataEXT* data) {
    if (!data || !data->pMessageIdName || std::strcmp(data->pMessageIdName, kOutputNotConsumed) != 0)
        return false;
    std::lock_guard lock(g_mutex);
    for (uint32_t i = 0; i < data->objectCount; ++i)
        if (data->pObjects[i].objectType == VK_OBJECT_TYPE_SHADER_MODULE &&
            g_captureModules.count(data->pObjects[i].objectHandle))
            return true;
    return false;
}

} // namespace

uint64_t errorCount() {
    return g_errors.load();
}
uint64_t warningCount() {
    return g_warnings.load();
}

void discount(uint64_t errors, uint64_t warnings) {
    g_errors.fetch_sub(errors);
    g_warnings.fetch_sub(warnings);
}

uint64_t lastSequence() {
    std::lock_guard lock(g_mutex);
    return g_sequence;
}

std::vector<Message> messagesAfter(uint64_t after) {
    std::lock_guard lock(g_mutex);
    std::vector<Message> out;
    for (const Message& m : g_messages)
        if (m.sequence > after) out.push_back(m);
    return out;
}

void excuseCaptureOnlyOutputs(VkShaderModule module) {
    std::lock_guard lock(g_mutex);
    g_captureModules.insert(uint64_t(module));
}

void forgetModule(VkShaderModule module) {
    std::lock_guard lock(g_mutex);
    g_captureModules.erase(uint64_t(module));
}

VKAPI_ATTR VkBool32 VKAPI_CALL messengerCallback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT /*types*/,
                                                 const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                 void* /*userData*/) {
    const bool error = severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    const bool warning = severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT;
    if (!error && !warning) return VK_FALSE;
    if (!error && excused(data)) return VK_FALSE;

    Message m;
    m.error = error;
    m.id = data && data->pMessageIdName ? data->pMessageIdName : "";
    m.text = data && data->pMessage ? data->pMessage : "";
    {
        std::lock_guard lock(g_mutex);
        m.sequence = ++g_sequence;
        g_messages.push_back(m);
        if (g_messages.size() > kKeptMessages) g_messages.pop_front();
        // Counted under the lock so that a reader who sees the count also finds the message.
        (error ? g_errors : g_warnings).fetch_add(1);
    }
    if (error)
        DDIVK_ERROR("vulkan validation: [%s] %s", m.id.c_str(), m.text.c_str());
    else
        DDIVK_WARN("vulkan validation: [%s] %s", m.id.c_str(), m.text.c_str());
    return VK_FALSE; // never abort the call: the layer's own behaviour decides
}

} // namespace ddivk::vk::validation
