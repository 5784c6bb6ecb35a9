// Descriptor sets made up front for d3d9-plain-vulkan-bench: one set layout, a pool sized for
// `count` sets of it, and the sets, destroyed together. The scenarios write the sets once.
#pragma once

#include <volk.h>

#include <cstddef>
#include <vector>

namespace ddivk::bench::plain {

class DescriptorSets {
  public:
    DescriptorSets(VkDevice device, const std::vector<VkDescriptorSetLayoutBinding>& bindings,
                   uint32_t count);
    ~DescriptorSets();
    DescriptorSets(const DescriptorSets&) = delete;
    DescriptorSets& operator=(const DescriptorSets&) = delete;

    VkDescriptorSetLayout layout() const { return layout_; }
    const VkDescriptorSet& operator[](size_t index) const { return sets_[index]; }
    // Points binding `binding` of set `index` at an image with its sampler.
    void write(size_t index, uint32_t binding, VkDescriptorType type, const VkDescriptorImageInfo& image);

  private:
    VkDevice device_;
    VkDescriptorSetLayout layout_ = VK_NULL_HANDLE;
    VkDescriptorPool pool_ = VK_NULL_HANDLE;
    std::vector<VkDescriptorSet> sets_;
};

} // namespace ddivk::bench::plain
