#include "dp2/target.h"

#include <set>
#include <string>

#include "util/log.h"
#include "util/sync.h"

namespace ddivk::dp2 {

HRESULT Target::notImplemented(const char* method) {
    static util::Mutex mutex;
    static std::set<std::string> warned;
    std::lock_guard lock(mutex);
    if (warned.insert(method).second)
        DDIVK_WARN("dp2: %s is not implemented yet; such tokens fail with D3DERR_COMMAND_UNPARSED", method);
    return kNotImplemented;
}

} // namespace ddivk::dp2
