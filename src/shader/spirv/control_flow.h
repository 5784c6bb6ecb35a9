// Structured control flow on top of ModuleBuilder (SPIR-V 2.11): an if/else with its merge
// block, and a loop with header, body, continue target and merge block. Each helper emits the
// merge instruction and the branches, and remembers which block each arm ended in so that a Phi
// in the merge block can name its parents.
#pragma once

#include "shader/spirv/builder.h"

namespace ddivk::shader::spirv {

//   IfElse branch(b, condition);   // then-block open
//   ...                            // then arm
//   branch.otherwise();            // else-block open (optional)
//   ...
//   branch.end();                  // merge block open; thenEnd()/elseEnd() are the Phi parents
class IfElse {
  public:
    IfElse(ModuleBuilder& b, Id condition, uint32_t control = kSelectionNone);
    void otherwise();
    void end();
    Id thenEnd() const { return thenEnd_; }
    // The block the else arm ended in (the empty else block when there was no else arm).
    Id elseEnd() const { return elseEnd_; }
    Id mergeLabel() const { return merge_; }

  private:
    ModuleBuilder& b_;
    Id else_, merge_;
    Id thenEnd_ = 0, elseEnd_ = 0;
    bool inElse_ = false;
};

//   Loop loop(b);                  // header block open: put Phis here
//   loop.body(condition);          // 0: unconditional; else leaves the loop when false
//   ...                            // loop body; loop.breakIf(cond) leaves early
//   loop.continueBlock();          // continue target open (counter updates)
//   loop.end();                    // back edge; merge block open
class Loop {
  public:
    explicit Loop(ModuleBuilder& b, uint32_t control = kLoopNone);
    Id header() const { return header_; }
    Id continueLabel() const { return continue_; }
    Id mergeLabel() const { return merge_; }
    Id preheader() const { return preheader_; } // the block that entered the loop (Phi parent)
    // The block that branched back to the header (Phi parent), known after end().
    Id latch() const { return latch_; }
    void body(Id condition = 0);
    // Leaves the loop when `condition` is true; the body goes on in a new block.
    void breakIf(Id condition);
    void continueBlock();
    void end();

  private:
    ModuleBuilder& b_;
    uint32_t control_;
    Id preheader_, header_, continue_, merge_;
    Id latch_ = 0;
};

} // namespace ddivk::shader::spirv
