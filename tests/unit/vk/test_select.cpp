// DDIVK_DEVICE: an index or a case-insensitive name substring; default the first device of the best
// kind (discrete GPU first, CPU last).
#include "support/vk_test.h"
#include "vk/error.h"
#include "vk/physical_device.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>

using namespace ddivk;
using vk::DeviceCandidate;

namespace {

const std::vector<DeviceCandidate> kDevices = {
    {"llvmpipe (LLVM 15.0.6, 256 bits)", VK_PHYSICAL_DEVICE_TYPE_CPU},
    {"Intel(R) UHD Graphics 770", VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU},
    {"NVIDIA GeForce RTX 4090", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU},
};

std::string selectError(const std::vector<DeviceCandidate>& devices, const char* selector) {
    try {
        vk::selectDevice(devices, selector);
    } catch (const vk::Error& e) {
        return e.what();
    }
    return "";
}

} // namespace

// The first device of the best kind: discrete, integrated, virtual, other, then CPU (a software
// rasterizer such as llvmpipe is the last choice, whatever the enumeration order).
TEST(DeviceSelection, DefaultIsTheFirstOfTheBestKind) {
    EXPECT_EQ(vk::selectDevice(kDevices, ""), 2u);
    std::vector<DeviceCandidate> noDiscrete(kDevices.begin(), kDevices.begin() + 2);
    EXPECT_EQ(vk::selectDevice(noDiscrete, ""), 1u);
    const std::vector<DeviceCandidate> cpuOnly(kDevices.begin(), kDevices.begin() + 1);
    EXPECT_EQ(vk::selectDevice(cpuOnly, ""), 0u);
    const std::vector<DeviceCandidate> twoDiscrete = {{"A", VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU},
                                                      {"B", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU},
                                                      {"C", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU}};
    EXPECT_EQ(vk::selectDevice(twoDiscrete, ""), 1u);
    const std::vector<DeviceCandidate> virtualOrCpu = {{"cpu", VK_PHYSICAL_DEVICE_TYPE_CPU},
                                                       {"virtio", VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU}};
    EXPECT_EQ(vk::selectDevice(virtualOrCpu, ""), 1u);
}

TEST(DeviceSelection, ByIndex) {
    EXPECT_EQ(vk::selectDevice(kDevices, "0"), 0u);
    EXPECT_EQ(vk::selectDevice(kDevices, "1"), 1u);
}

TEST(DeviceSelection, ByCaseInsensitiveSubstring) {
    EXPECT_EQ(vk::selectDevice(kDevices, "LLVMPIPE"), 0u);
    EXPECT_EQ(vk::selectDevice(kDevices, "uhd"), 1u);
    EXPECT_EQ(vk::selectDevice(kDevices, "4090"), 2u); // digits out of index range: a name
}

TEST(DeviceSelection, BadValueIsAClearError) {
    const std::string message = selectError(kDevices, "radeon");
    EXPECT_NE(message.find("DDIVK_DEVICE=\"radeon\""), std::string::npos) << message;
    EXPECT_NE(message.find("2: NVIDIA GeForce RTX 4090"), std::string::npos) << message;
    EXPECT_NE(selectError(kDevices, "8"), ""); // no index 8, no name with an 8
    EXPECT_NE(selectError({}, ""), "");
}

TEST(DeviceSelection, RealDeviceBySelector) {
    vk::Device& shared = test::sharedDevice();
    std::string word = shared.caps().deviceName.substr(0, shared.caps().deviceName.find(' '));
    for (char& c : word)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    vk::DeviceOptions options;
    options.selector = word;
    auto device = vk::Device::create(test::sharedInstance(), options);
    EXPECT_EQ(device->caps().deviceName, shared.caps().deviceName);
}

TEST(DeviceSelection, BadEnvironmentValueFailsDeviceCreation) {
    const char* old = std::getenv("DDIVK_DEVICE");
    const std::string saved = old ? old : "";
    setenv("DDIVK_DEVICE", "no-such-gpu-xyz", 1);
    try {
        vk::Device::create(test::sharedInstance());
        ADD_FAILURE() << "a bad DDIVK_DEVICE created a device";
    } catch (const vk::Error& e) {
        EXPECT_NE(std::string(e.what()).find("no-such-gpu-xyz"), std::string::npos) << e.what();
    }
    if (old)
        setenv("DDIVK_DEVICE", saved.c_str(), 1);
    else
        unsetenv("DDIVK_DEVICE");
}
