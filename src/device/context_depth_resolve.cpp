// RESZ: the vendors' way for a D3D9 program to read a multisampled depth buffer. The program
// binds an INTZ texture of the depth buffer's size at sampler 0 and sets D3DRS_POINTSIZE to
// kReszCode (state/vendor_states.h); the driver then copies the depth buffer into the texture,
// sample 0 of each pixel where it is multisampled. The command has no error to return: where
// the texture or the depth buffer does not fit, it warns once and does nothing.
#include "device/context.h"

#include "draw/format_table.h"
#include "util/log.h"

namespace ddivk::device {

void Context::resolveDepthIntoSampler0() {
    Surface* depth = device_.findSurface(state_.state().depthStencil);
    Resource* texture = boundTexture(0);
    if (!depth || !depth->hasImage()) {
        DDIVK_WARN_ONCE("RESZ without a depth buffer: nothing is copied");
        return;
    }
    if (!texture || texture->kind() != ResourceKind::Texture2D || !texture->format() ||
        !draw::samplesDepth(*texture->format())) {
        DDIVK_WARN_ONCE("RESZ: sampler 0 holds no 2D INTZ texture; nothing is copied");
        return;
    }
    Surface* dest = device_.textureSurface(*texture, 0);
    if (!dest || dest == depth || dest->vkFormat() != depth->vkFormat() || dest->width() != depth->width() ||
        dest->height() != depth->height()) {
        DDIVK_WARN_ONCE("RESZ: the INTZ texture at sampler 0 is not of the depth buffer's size and format "
                        "(or is the depth buffer); nothing is copied");
        return;
    }
    device_.copyDepth(*depth, *dest);
}

} // namespace ddivk::device
