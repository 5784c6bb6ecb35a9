#include "shader/spirv/control_flow.h"

namespace ddivk::shader::spirv {

IfElse::IfElse(ModuleBuilder& b, Id condition, uint32_t control)
    : b_(b), else_(b.newId()), merge_(b.newId()) {
    const Id then = b.newId();
    b.selectionMerge(merge_, control);
    b.branchConditional(condition, then, else_);
    b.label(then);
}

void IfElse::otherwise() {
    thenEnd_ = b_.currentBlock();
    if (b_.inBlock()) b_.branch(merge_);
    b_.label(else_);
    inElse_ = true;
}

void IfElse::end() {
    if (inElse_) {
        elseEnd_ = b_.currentBlock();
    } else {
        // No else arm: the else label is an empty block that goes straight to the merge.
        thenEnd_ = b_.currentBlock();
        if (b_.inBlock()) b_.branch(merge_);
        b_.label(else_);
        elseEnd_ = else_;
    }
    if (b_.inBlock()) b_.branch(merge_);
    b_.label(merge_);
}

Loop::Loop(ModuleBuilder& b, uint32_t control)
    : b_(b), control_(control), preheader_(b.currentBlock()), header_(b.newId()), continue_(b.newId()),
      merge_(b.newId()) {
    b.branch(header_);
    b.label(header_);
}

void Loop::body(Id condition) {
    const Id bodyLabel = b_.newId();
    b_.loopMerge(merge_, continue_, control_);
    if (condition)
        b_.branchConditional(condition, bodyLabel, merge_);
    else
        b_.branch(bodyLabel);
    b_.label(bodyLabel);
}

void Loop::breakIf(Id condition) {
    // As a selection whose true arm is a block that only breaks (the form glslang emits).
    const Id exit = b_.newId();
    const Id next = b_.newId();
    b_.selectionMerge(next);
    b_.branchConditional(condition, exit, next);
    b_.label(exit);
    b_.branch(merge_);
    b_.label(next);
}

void Loop::continueBlock() {
    if (b_.inBlock()) b_.branch(continue_);
    b_.label(continue_);
}

void Loop::end() {
    latch_ = b_.currentBlock();
    b_.branch(header_);
    b_.label(merge_);
}

} // namespace ddivk::shader::spirv
