// Flow control: if/else/endif, loop/rep with aL, break/breakc/breakp, call/callnz/ret. D3D9's
// flow control is structured already, so each construct maps onto a SPIR-V selection or loop.
#include "shader/translate/emitter.h"

namespace ddivk::shader::translator {

namespace {

enum FlowOp : uint16_t {
    kCall = 25, kCallnz = 26, kLoop = 27, kRet = 28, kEndloop = 29, kRep = 38, kEndrep = 39,
    kIf = 40, kIfc = 41, kElse = 42, kEndif = 43, kBreak = 44, kBreakc = 45, kBreakp = 96,
};

// Loops run at most 255 times: the count of i# is 0..255 ("loop - vs" page), and clamping it
// keeps a bad constant from hanging the GPU.
constexpr int32_t kMaxIterations = 255;

Id scalarCompare(Emitter& e, const Instruction& ins) {
    const Id x = e.component(e.src(ins, 0), 0);
    const Id y = e.component(e.src(ins, 1), 0);
    return compareValues(e, Compare(ins.control & 7), e.tF32, x, y);
}

} // namespace

bool Emitter::flow(const Instruction& ins) {
    switch (ins.opcode) {
    case kIf:
    case kIfc: {
        const Id cond = ins.opcode == kIf ? condition(ins, ins.src[0]) : scalarCompare(*this, ins);
        ifs_.push_back(std::make_unique<spirv::IfElse>(b, cond));
        return true;
    }
    case kElse:
        if (ifs_.empty()) fail(ins, "else without if");
        ifs_.back()->otherwise();
        return true;
    case kEndif:
        if (ifs_.empty()) fail(ins, "endif without if");
        ifs_.back()->end();
        ifs_.pop_back();
        return true;
    case kLoop:
    case kRep: {
        const bool isRep = ins.opcode == kRep;
        const SrcParam& countReg = ins.src[isRep ? 0 : 1];
        if (countReg.type != RegType::ConstInt) fail(ins, "the loop count must be an integer constant");
        const Id iv = intConstant(countReg.number);
        const Id count = glsl(Glsl::SClamp, tI32,
                              {b.compositeExtract(tI32, iv, 0), i32(0), i32(kMaxIterations)});
        const Id iteration = b.localVariable(tI32);
        b.store(iteration, i32(0));
        LoopFrame frame{nullptr, 0, isRep};
        Id step = 0;
        if (!isRep) {
            // aL of an enclosing loop comes back after this one (loops nest, aL names the
            // innermost).
            frame.savedCounter = b.localVariable(tI32);
            b.store(frame.savedCounter, b.load(tI32, loopCounterVar()));
            b.store(loopCounterVar(), b.compositeExtract(tI32, iv, 1));
            step = b.compositeExtract(tI32, iv, 2);
        }
        loops_.push_back(std::make_unique<spirv::Loop>(b));
        frame.loop = loops_.back().get();
        const Id more = b.binary(Op::SLessThan, tBool, b.load(tI32, iteration), count);
        frame.loop->body(more);
        loopFrames_.push_back(frame);
        steps_.push_back({iteration, step});
        return true;
    }
    case kEndloop:
    case kEndrep: {
        if (loopFrames_.empty() || loopFrames_.back().isRep != (ins.opcode == kEndrep))
            fail(ins, "end of a loop that is not open");
        const LoopFrame frame = loopFrames_.back();
        const auto [iteration, step] = steps_.back();
        frame.loop->continueBlock();
        b.store(iteration, b.iAdd(tI32, b.load(tI32, iteration), i32(1)));
        if (!frame.isRep) b.store(loopCounterVar(), b.iAdd(tI32, b.load(tI32, loopCounterVar()), step));
        frame.loop->end();
        if (!frame.isRep) b.store(loopCounterVar(), b.load(tI32, frame.savedCounter));
        loopFrames_.pop_back();
        steps_.pop_back();
        loops_.pop_back();
        return true;
    }
    case kBreak:
    case kBreakc:
    case kBreakp: {
        if (loopFrames_.empty()) fail(ins, "break outside a loop");
        spirv::Loop& loop = *loopFrames_.back().loop;
        // An unconditional break is a break on true, so that code after it stays in the loop's
        // construct (see ret).
        const Id cond = ins.opcode == kBreak    ? b.constants().boolean(true)
                        : ins.opcode == kBreakc ? scalarCompare(*this, ins)
                                                : condition(ins, ins.src[0]);
        loop.breakIf(cond);
        return true;
    }
    case kCall:
    case kCallnz: {
        const auto fn = labelFunctions_.find(ins.src[0].number);
        if (fn == labelFunctions_.end()) fail(ins, "call of a label that does not exist");
        const Id voidType = b.types().voidType();
        if (ins.opcode == kCall) {
            b.functionCall(voidType, fn->second, {});
            return true;
        }
        spirv::IfElse branch(b, condition(ins, ins.src[1]));
        b.functionCall(voidType, fn->second, {});
        branch.end();
        return true;
    }
    case kRet: {
        if (ifs_.empty() && loopFrames_.empty()) {
            b.returnVoid();
            return true;
        }
        // Inside an if or a loop, the dead code after ret must still belong to that construct:
        // a block reached from nowhere may not branch to a loop's continue target or merge. So
        // ret becomes "if (true) return", whose merge block carries the rest.
        spirv::IfElse always(b, b.constants().boolean(true));
        b.returnVoid();
        always.end();
        return true;
    }
    default: return false;
    }
}

} // namespace ddivk::shader::translator
