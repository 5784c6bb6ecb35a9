// The translator's working state: one Emitter per translation. emitter.cpp sets up the module
// and walks the program; registers.cpp reads sources and writes destinations; alu.cpp,
// flow.cpp, texture.cpp and texture_ps1.cpp translate the instruction groups.
#pragma once

#include <array>
#include <memory>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "shader/spirv/builder.h"
#include "shader/spirv/control_flow.h"
#include "shader/tables.h"
#include "shader/translate/translator.h"

namespace ddivk::shader::translator {

using spirv::Glsl;
using spirv::Id;
using spirv::Op;

// Thrown inside the translator, turned into Error by translate().
struct TranslateError {
    size_t offset;
    std::string what;
    std::string why;
};

class Emitter {
  public:
    Emitter(const Program& program, const TranslationKey& key);
    Translation run();

    // ---- Facts about the program (emitter.cpp) ----
    const Program& program() const { return p_; }
    const TranslationKey& key() const { return key_; }
    bool isPixel() const { return p_.type == ShaderType::Pixel; }
    int version() const { return versionCode(p_.major, p_.minor); }
    bool isPs1() const { return isPixel() && p_.major == 1; }
    [[noreturn]] void fail(const Instruction& ins, std::string why) const;

    // ---- Types and constants ----
    spirv::ModuleBuilder b;
    Id tBool = 0, tF32 = 0, tI32 = 0, tU32 = 0, tVec2 = 0, tVec3 = 0, tVec4 = 0, tIVec4 = 0, tBVec4 = 0;
    Id vecType(uint32_t n) { return n == 1 ? tF32 : b.types().vec(n); }
    Id bvecType(uint32_t n) { return n == 1 ? tBool : b.types().vectorType(tBool, n); }
    Id f32(float v) { return b.constants().f32(v); }
    Id i32(int32_t v) { return b.constants().i32(v); }
    Id u32(uint32_t v) { return b.constants().u32(v); }
    Id vec4(float x, float y, float z, float w);
    Id splat4(float v) { return vec4(v, v, v, v); }
    Id splatValue(Id scalar, uint32_t n = 4); // a vector of n copies of a scalar value
    Id glsl(Glsl op, Id type, std::initializer_list<Id> args);
    Id component(Id v4, uint32_t c) { return b.compositeExtract(tF32, v4, c); }
    Id shuffle(Id v, std::initializer_list<uint32_t> comps);

    // ---- D3D9 arithmetic (alu.cpp; docs/shader-semantics.md) ----
    // a * b where either factor being 0 gives 0 (TranslationKey::legacyZeroMul).
    Id mul(Id type, Id a, Id b);
    // Dot product of the first n components with the legacy multiply.
    Id dot(Id a4, Id b4, uint32_t n);
    Id saturate(Id type, Id v);

    // ---- Registers (registers.cpp) ----
    // A source as the instruction sees it: register value, swizzle, modifier (vec4).
    Id src(const Instruction& ins, size_t i);
    // The register value of a source before swizzle and modifier.
    Id registerValue(const Instruction& ins, const SrcParam& s);
    Id applySwizzle(Id v4, uint8_t swizzle);
    // A lookup's result reordered by the swizzle of the instruction's sampler source (src[1]).
    Id samplerSwizzled(const Instruction& ins, Id texel);
    Id applyModifier(const Instruction& ins, Id v4, SrcMod mod);
    // Writes `value` (vec4) through the destination: shift, saturate, write mask, predicate.
    void dst(const Instruction& ins, Id value);
    // Float constant c# (static index) as a vec4 value.
    Id floatConstant(uint32_t index);
    // Integer constant i# (ivec4) and boolean constant b# (bool).
    Id intConstant(uint32_t index);
    Id boolConstant(uint32_t index);
    // A boolean condition source: b#, or p0 with replicate swizzle and optional not.
    Id condition(const Instruction& ins, const SrcParam& s);
    // The predicate register p0 (bvec4 pointer).
    Id predicateVar();
    Id loopCounterVar(); // aL (int, Private)
    Id addressVar();     // a0 (ivec4, Private)
    // Relative address of a source/destination: an int value.
    Id relativeIndex(const Instruction& ins, const RelAddr& rel, uint32_t base);

    // ---- Software vertex processing's register files (software_registers.cpp) ----
    // TranslationKey::softwareVertexRegisters: c#, i#, b# come from the abi::kVsSw*Binding
    // storage buffers.
    enum class SoftwareFile : uint8_t { Floats, Ints, Bools };
    bool softwareRegisters() const { return !isPixel() && key_.softwareVertexRegisters; }
    // c# / i# at an int index (static or relative): 0 past what the draw uploaded.
    Id softwareFloat(Id index);
    Id softwareInt(uint32_t index);
    Id softwareBool(uint32_t index); // a bool value
    Id softwareFile(SoftwareFile file);
    Id softwareElement(SoftwareFile file, Id type, Id index);
    std::array<Id, 3> softwareFiles_{};

    // ---- Instruction groups; each returns false when the opcode is not its own ----
    bool alu(const Instruction& ins);
    bool flow(const Instruction& ins);
    bool texture(const Instruction& ins);
    bool texturePs1(const Instruction& ins);

    // ---- Samplers (texture.cpp) ----
    TextureType samplerType(uint32_t sampler) const;
    // Samples sampler `s` (implicit or explicit lod per args) at coordinate `coord` (vec4).
    enum class Lod { Implicit, Bias, Explicit, Grad };
    Id sample(const Instruction& ins, uint32_t sampler, Id coord, bool project, Lod lod, Id lodValue = 0,
              Id dx = 0, Id dy = 0);
    // Fragment-only operations are rejected in vertex shaders.
    void requirePixel(const Instruction& ins) const;
    void discardIf(Id condition);

    // ---- Vertex inputs (vertex_fetch.cpp) ----
    // v# of a vertex shader: the attribute (w forced to 1 where the key says) or the value the
    // shader fetched itself.
    Id vertexInputValue(const Instruction& ins, uint32_t number);
    bool isFetched(uint32_t input) const;
    Id fetchedVar(uint32_t input);
    Id streamBuffer(uint32_t stream);
    void emitVertexFetch(); // in main, before the program: fills the fetched inputs
    std::map<uint32_t, Id> fetchedVars_, streamVars_;
    Id vertexIndex_ = 0, instanceIndex_ = 0;

    // ---- State shared by the groups ----
    struct LoopFrame {
        spirv::Loop* loop;
        Id savedCounter; // aL of the enclosing loop (Function variable), 0 for rep
        bool isRep;
    };
    std::vector<std::unique_ptr<spirv::IfElse>> ifs_;
    std::vector<std::unique_ptr<spirv::Loop>> loops_;
    std::vector<LoopFrame> loopFrames_;
    std::vector<std::pair<Id, Id>> steps_; // per open loop: iteration variable, aL step
    std::map<uint32_t, Id> labelFunctions_; // label number -> function id
    bool inSubroutine_ = false;
    // ps_1_x co-issue: the first instruction of a pair queues its write until the second has
    // read its sources (registers.cpp).
    bool deferStores_ = false;
    std::vector<std::pair<const Instruction*, Id>> pendingStores_;
    void store(const Instruction& ins, Id value);
    void flushStores();

    // Registers of the ps_1_x texture-coordinate pipeline (texture_ps1.cpp).
    Id texcoordInput(uint32_t n); // TEXCOORDn as vec4
    // TEXCOORDn of a ps_1_1..1_3 lookup divided as TranslationKey::projectedDivisors says.
    Id projectStage(uint32_t stage, Id coord);
    // The Input variable behind v#, t# (or, for fog, RastOut 1), declared on first use.
    Id inputVariable(const Instruction& ins, RegType type, uint32_t number);
    // Pixel shaders: an input at each location of TranslationKey::psInputLocations the program
    // has none for (after the epilogue, which may declare the fog input).
    void declareLinkedInputs();
    Id textureRegisterVar(uint32_t n); // ps_1_1..1_3 t# (Private vec4)
    // Point sprites (TranslationKey::pointSprite): the Private copies that texture coordinate
    // inputs read instead of their Input variables, and main's store of the point coordinate
    // into them (before the program runs).
    std::vector<Id> spriteInputs_;
    void fillSpriteInputs();
    // texm3x2pad/texm3x3pad results waiting for their last row (texture_ps1.cpp).
    std::vector<Id> matrixRows_;

  private:
    friend struct InterfaceBuilder;
    void scan();
    void declareConstantBlocks();
    void emitBody();
    void emitInstruction(const Instruction& ins);
    void emitEpilogue();
    void fillInputArray();
    void pixelEpilogue();
    void vertexEpilogue();
    void clipDistances(Id position, Id maskBits); // gl_ClipDistance from VsSystem
    // The value of each output semantic the program writes (the first register of a semantic
    // wins, as in linking), for stream output by semantic.
    struct SemanticValue {
        uint8_t usage, usageIndex;
        Id value; // vec4
    };
    // Outputs captured by stream output (TranslationKey::streamOutput), at locations outside
    // `usedLocations`.
    void streamOutputs(uint32_t usedLocations, const std::vector<SemanticValue>& semantics);
    Id ensureVar(RegType type, uint32_t number);

  public:
    // Register storage; created on first use.
    std::map<std::pair<RegType, uint32_t>, Id> vars_;
    Id varFor(RegType type, uint32_t number) { return ensureVar(type, number); }
    // Inputs/outputs of the interface (Input/Output variables) and their slots.
    std::vector<Id> interface_;
    std::map<std::pair<RegType, uint32_t>, Id> inputVars_;       // register -> Input variable
    std::map<std::pair<RegType, uint32_t>, Declaration> decls_;  // dcl of inputs/outputs/samplers
    std::map<std::pair<RegType, uint32_t>, uint8_t> dclMods_;    // dcl destination modifiers
    std::map<uint32_t, std::array<uint32_t, 4>> floatDefs_;      // def c#
    std::map<uint32_t, std::array<uint32_t, 4>> intDefs_;        // defi i#
    std::map<uint32_t, bool> boolDefs_;                          // defb b#
    Id inputArray_ = 0;  // Private vec4[n] copy of inputs, for relative input addressing
    Id outputArray_ = 0; // Private vec4[12] of vs_3_0 outputs, for relative output addressing
    uint32_t inputArraySize_ = 0;
    Id vsConstants_ = 0, psConstants_ = 0, vsSystem_ = 0, psSystem_ = 0;
    Id pointerVec4Uniform_ = 0, pointerIVec4Uniform_ = 0, pointerU32Uniform_ = 0, pointerF32Uniform_ = 0;
    Id fragCoord_ = 0, frontFacing_ = 0;
    std::map<uint32_t, Id> samplerVars_;
    Translation out_;

  private:
    const Program& p_;
    TranslationKey key_;
    const VersionInfo* versionInfo_ = nullptr;
    Id mainFunction_ = 0, bodyFunction_ = 0;
    bool relativeInputs_ = false, relativeOutputs_ = false;
};

// x <op> y per component (bool or bvec result) for ifc, breakc, setp, slt, sge.
Id compareValues(Emitter& e, Compare c, Id type, Id x, Id y);

} // namespace ddivk::shader::translator
