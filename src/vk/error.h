// Failures inside the vk room: a vk::Error exception carrying the VkResult, and check() to turn
// a failed Vulkan call into one. The DDI boundary converts these into HRESULTs.
#pragma once

#include <volk.h>

#include <stdexcept>
#include <string>

namespace ddivk::vk {

// A Vulkan call or a bring-up step failed; result is VK_ERROR_UNKNOWN when no call failed.
class Error : public std::runtime_error {
  public:
    Error(VkResult result, const std::string& what);
    VkResult result() const { return result_; }

  private:
    VkResult result_;
};

// The enum name of a VkResult ("VK_ERROR_OUT_OF_DEVICE_MEMORY"), or its number.
const char* resultName(VkResult result);

// Throws vk::Error("<what>: <result name>") unless result is VK_SUCCESS (or another non-error code).
inline void check(VkResult result, const char* what) {
    if (result < 0) throw Error(result, std::string(what) + ": " + resultName(result));
}

} // namespace ddivk::vk
