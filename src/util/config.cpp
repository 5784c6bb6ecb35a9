#include "util/config.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>

#ifdef _WIN32
#include <windows.h>
#endif

namespace ddivk::config {
namespace fs = std::filesystem;
namespace {

// Every option the driver and d3d9.dll read through get() (docs/configuration.md has the table).
constexpr const char* kOptions[] = {
    "DDIVK_LOG_LEVEL",                   // util/log.cpp
    "DDIVK_LOG_PATH",                    // util/log.cpp
    "DDIVK_DEVICE",                      // vk/physical_device.cpp
    "DDIVK_VALIDATION",                  // vk/instance.cpp
    "DDIVK_PIPELINE_CACHE",              // vk/pipeline_cache_file.cpp
    "DDIVK_DIVIDER_MODE",                // device/device.cpp
    "DDIVK_FORCE_VERTEX_FETCH_FALLBACK", // device/device.cpp
    "DDIVK_DYNAMIC_PIPELINE_STATE",      // device/device.cpp
    "DDIVK_UNUSED_DEPTH_OUT",            // device/device.cpp
    "DDIVK_CAPTURE",                     // device/entry_points.cpp
    "DDIVK_SAMPLER_ANISOTROPY",          // draw/sampler_state.cpp
    "DDIVK_MAX_FRAME_RATE",              // d3d9/user_options.cpp
    "DDIVK_MAX_AVAILABLE_MEMORY",        // d3d9/user_options.cpp
    "DDIVK_VENDOR_ID",                   // d3d9/user_options.cpp
    "DDIVK_DEVICE_ID",                   // d3d9/user_options.cpp
};

constexpr std::string_view kPrefix = "DDIVK_";

// The text before the next `separator` (all of it when there is none), taken off `text`.
std::string_view takeUntil(std::string_view& text, char separator) {
    const size_t end = text.find(separator);
    const std::string_view piece = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    return piece;
}

} // namespace

std::span<const char* const> knownOptions() {
    return kOptions;
}

std::string_view trim(std::string_view s) {
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && blank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && blank(s.back()))
        s.remove_suffix(1);
    return s;
}

std::string canonicalName(std::string_view key) {
    std::string name;
    for (char c : key)
        name += char(std::toupper(static_cast<unsigned char>(c)));
    if (name.compare(0, kPrefix.size(), kPrefix) != 0) name.insert(0, kPrefix);
    for (const char* known : kOptions)
        if (name == known) return name;
    return {};
}

Config::Config(EnvLookup env, std::string_view inlineOptions, std::string fileName, std::string_view fileText)
    : env_(std::move(env)), fileName_(std::move(fileName)) {
    parseInline(inlineOptions);
    parseFile(fileText);
}

const char* Config::get(const char* name) const {
    if (const char* v = env_ ? env_(name) : nullptr; v && *v) return v;
    for (const Options* options : {&inline_, &file_}) {
        auto it = options->find(std::string_view(name));
        if (it != options->end() && !it->second.empty()) return it->second.c_str();
    }
    return nullptr;
}

bool Config::add(Options& into, std::string_view entry, const std::string& where) {
    const size_t eq = entry.find('=');
    if (eq == std::string_view::npos) {
        addMessage(log::Level::Warn, where + ": no '=' in \"" + std::string(entry) + "\" (skipped)");
        return false;
    }
    const std::string_view key = trim(entry.substr(0, eq));
    if (key.empty()) {
        addMessage(log::Level::Warn, where + ": no option name in \"" + std::string(entry) + "\" (skipped)");
        return false;
    }
    const std::string name = canonicalName(key);
    if (name.empty()) {
        addMessage(log::Level::Warn, where + ": unknown option \"" + std::string(key) + "\" (skipped)");
        return false;
    }
    into[name] = std::string(trim(entry.substr(eq + 1))); // a later entry replaces an earlier one
    return true;
}

void Config::parseInline(std::string_view text) {
    int number = 0;
    while (!text.empty()) {
        const std::string_view entry = trim(takeUntil(text, ';'));
        ++number;
        if (!entry.empty()) add(inline_, entry, "DDIVK_CONFIG entry " + std::to_string(number));
    }
}

void Config::parseFile(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3); // Notepad's UTF-8 byte-order mark
    int number = 0;
    while (!text.empty()) {
        const std::string_view line = trim(takeUntil(text, '\n'));
        ++number;
        // Only whole lines are comments: '#' may appear in a value (a path).
        if (line.empty() || line.front() == '#') continue;
        add(file_, line, fileName_ + ":" + std::to_string(number));
    }
}

Config loadConfig(EnvLookup env, const fs::path& programDir) {
    const char* inlineText = env ? env("DDIVK_CONFIG") : nullptr;
    const char* named = env ? env("DDIVK_CONFIG_FILE") : nullptr;
    fs::path file;
    if (named && *named)
        file = fs::path(named);
    else if (!programDir.empty())
        file = programDir / "ddivk.conf";
    std::string text;
    bool unreadable = false;
    if (!file.empty()) {
        std::ifstream in(file, std::ios::binary);
        if (in)
            text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        else
            unreadable = named && *named; // no ddivk.conf beside the program is the usual case
    }
    Config config(std::move(env), inlineText ? inlineText : "", file.string(), text);
    if (unreadable)
        config.addMessage(log::Level::Error, "DDIVK_CONFIG_FILE " + file.string() + " cannot be read");
    return config;
}

fs::path programDirectory() {
    std::error_code ec;
#ifdef _WIN32
    std::wstring name(MAX_PATH, L'\0');
    for (;;) {
        const DWORD n = GetModuleFileNameW(nullptr, name.data(), DWORD(name.size()));
        if (n == 0) return {};
        if (n < name.size()) {
            name.resize(n);
            break;
        }
        name.resize(name.size() * 2); // truncated: a longer path
    }
    return fs::path(name).parent_path();
#else
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
#endif
}

namespace {

// Never destroyed: d3d9.dll logs at process detach, after static destructors may have run.
const Config* g_config = nullptr;
std::once_flag g_loaded;
std::atomic<bool> g_reported{false};

const Config& processConfig() {
    std::call_once(g_loaded, [] {
        g_config = new Config(loadConfig([](const char* n) { return std::getenv(n); }, programDirectory()));
    });
    // Logged after loading, by one caller: the log reads DDIVK_LOG_LEVEL and DDIVK_LOG_PATH through
    // get(), which now finds the configuration loaded and does not come back here.
    if (!g_reported.exchange(true, std::memory_order_acq_rel))
        for (const Message& m : g_config->messages())
            if (log::enabled(m.level)) log::write(m.level, "config: %s", m.text.c_str());
    return *g_config;
}

} // namespace

const char* get(const char* name) {
    return processConfig().get(name);
}

} // namespace ddivk::config
