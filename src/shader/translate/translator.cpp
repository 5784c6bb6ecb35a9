#include "shader/translate/translator.h"

#include "shader/translate/emitter.h"

namespace ddivk::shader {

Result<Translation> translate(const Program& program, const TranslationKey& key) {
    try {
        translator::Emitter emitter(program, key);
        return emitter.run();
    } catch (const translator::TranslateError& e) {
        return Error{e.offset, e.what, e.why};
    } catch (const spirv::BuildError& e) {
        // A program shape the structured emission cannot express (the decoder lets it through).
        return Error{0, "program", std::string("cannot be translated: ") + e.what()};
    }
}

} // namespace ddivk::shader
