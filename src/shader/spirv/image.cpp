// Image sampling instructions (SPIR-V 3.37.10): sampled image, coordinate, optional depth
// reference, then the image operands mask and its ids.
#include "shader/spirv/builder.h"

namespace ddivk::shader::spirv {

Id ModuleBuilder::sample(Op opcode, Id t, Id sampledImage, Id coord, Id dref, const ImageArgs& args) {
    std::vector<Id> operands{sampledImage, coord};
    if (dref) operands.push_back(dref);
    if (args.mask != kImageOperandsNone) {
        operands.push_back(args.mask);
        operands.insert(operands.end(), args.ids.begin(), args.ids.end());
    }
    return op(opcode, t, operands);
}

// Explicit-lod sampling must say how: Lod or Grad (SPIR-V 3.37.10).
static bool hasExplicitLod(uint32_t mask) {
    return (mask & (kImageLod | kImageGrad)) != 0;
}

Id ModuleBuilder::sampleImplicitLod(Id t, Id si, Id coord, const ImageArgs& args) {
    return sample(Op::ImageSampleImplicitLod, t, si, coord, 0, args);
}

Id ModuleBuilder::sampleExplicitLod(Id t, Id si, Id coord, const ImageArgs& args) {
    if (!hasExplicitLod(args.mask)) fail("explicit-lod sampling needs a Lod or Grad operand");
    return sample(Op::ImageSampleExplicitLod, t, si, coord, 0, args);
}

Id ModuleBuilder::sampleProjImplicitLod(Id t, Id si, Id coord, const ImageArgs& args) {
    return sample(Op::ImageSampleProjImplicitLod, t, si, coord, 0, args);
}

Id ModuleBuilder::sampleProjExplicitLod(Id t, Id si, Id coord, const ImageArgs& args) {
    if (!hasExplicitLod(args.mask)) fail("explicit-lod sampling needs a Lod or Grad operand");
    return sample(Op::ImageSampleProjExplicitLod, t, si, coord, 0, args);
}

Id ModuleBuilder::sampleDrefImplicitLod(Id t, Id si, Id coord, Id dref, const ImageArgs& args) {
    return sample(Op::ImageSampleDrefImplicitLod, t, si, coord, dref, args);
}

Id ModuleBuilder::sampleDrefExplicitLod(Id t, Id si, Id coord, Id dref, const ImageArgs& args) {
    if (!hasExplicitLod(args.mask)) fail("explicit-lod sampling needs a Lod or Grad operand");
    return sample(Op::ImageSampleDrefExplicitLod, t, si, coord, dref, args);
}

Id ModuleBuilder::sampleProjDrefImplicitLod(Id t, Id si, Id coord, Id dref, const ImageArgs& args) {
    return sample(Op::ImageSampleProjDrefImplicitLod, t, si, coord, dref, args);
}

} // namespace ddivk::shader::spirv
