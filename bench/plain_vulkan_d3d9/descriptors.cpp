#include "descriptors.h"

#include "context.h"

namespace ddivk::bench::plain {

DescriptorSets::DescriptorSets(VkDevice device, const std::vector<VkDescriptorSetLayoutBinding>& bindings,
                               uint32_t count)
    : device_(device), sets_(count) {
    const VkDescriptorSetLayoutCreateInfo layout{.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                                 .bindingCount = uint32_t(bindings.size()),
                                                 .pBindings = bindings.data()};
    check(vkCreateDescriptorSetLayout(device, &layout, nullptr, &layout_), "vkCreateDescriptorSetLayout");
    std::vector<VkDescriptorPoolSize> sizes;
    for (const VkDescriptorSetLayoutBinding& b : bindings)
        sizes.push_back({b.descriptorType, b.descriptorCount * count});
    const VkDescriptorPoolCreateInfo pool{.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                          .maxSets = count,
                                          .poolSizeCount = uint32_t(sizes.size()),
                                          .pPoolSizes = sizes.data()};
    check(vkCreateDescriptorPool(device, &pool, nullptr, &pool_), "vkCreateDescriptorPool");
    const std::vector<VkDescriptorSetLayout> layouts(count, layout_);
    const VkDescriptorSetAllocateInfo allocate{.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                               .descriptorPool = pool_,
                                               .descriptorSetCount = count,
                                               .pSetLayouts = layouts.data()};
    check(vkAllocateDescriptorSets(device, &allocate, sets_.data()), "vkAllocateDescriptorSets");
}

DescriptorSets::~DescriptorSets() {
    vkDestroyDescriptorPool(device_, pool_, nullptr);
    vkDestroyDescriptorSetLayout(device_, layout_, nullptr);
}

void DescriptorSets::write(size_t index, uint32_t binding, VkDescriptorType type,
                           const VkDescriptorImageInfo& image) {
    const VkWriteDescriptorSet write{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                     .dstSet = sets_[index],
                                     .dstBinding = binding,
                                     .descriptorCount = 1,
                                     .descriptorType = type,
                                     .pImageInfo = &image};
    vkUpdateDescriptorSets(device_, 1, &write, 0, nullptr);
}

} // namespace ddivk::bench::plain
