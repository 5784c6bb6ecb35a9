// Options of the driver and of d3d9.dll (docs/configuration.md). Each option is named by its
// environment variable (DDIVK_LOG_LEVEL, DDIVK_DEVICE...) and may be set in three places,
// strongest first: the environment, DDIVK_CONFIG ("NAME=value;NAME=value"), and a config file
// (the one DDIVK_CONFIG_FILE names, else ddivk.conf in the running program's directory).
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "util/log.h"

namespace ddivk::config {

// The options DDIVK_CONFIG and the file may set (their environment names). A new option is added
// here, or the file and DDIVK_CONFIG reject it as unknown.
std::span<const char* const> knownOptions();

// The canonical name of `key` as written in DDIVK_CONFIG or a file: upper case, DDIVK_ prefixed
// ("log_level" and "DDIVK_LOG_LEVEL" are both "DDIVK_LOG_LEVEL"); empty when it names no known
// option.
std::string canonicalName(std::string_view key);

// `s` without the blanks (spaces, tabs, CR, LF) around it.
std::string_view trim(std::string_view s);

// Reads an environment variable (std::getenv in the process; a table in tests).
using EnvLookup = std::function<const char*(const char*)>;

// A problem found while loading, logged once the configuration is in place (the log reads its
// own options through this module, so nothing is logged while loading).
struct Message {
    log::Level level;
    std::string text;
};

// One configuration built from explicit inputs, no process state.
class Config {
  public:
    // `inlineOptions`: DDIVK_CONFIG's text. `fileName` names the file in messages; `fileText` is
    // its contents (empty when there is no file).
    Config(EnvLookup env, std::string_view inlineOptions, std::string fileName, std::string_view fileText);

    // The value of option `name` (an environment name such as "DDIVK_LOG_LEVEL"): the
    // environment's, else DDIVK_CONFIG's, else the file's; nullptr when none sets it. An empty
    // value counts as unset, so the next place applies. Strings from DDIVK_CONFIG and the file
    // live as long as this object.
    const char* get(const char* name) const;

    // Problems found in DDIVK_CONFIG and the file (each bad entry skipped), and by loadConfig.
    const std::vector<Message>& messages() const { return messages_; }
    void addMessage(log::Level level, std::string text) { messages_.push_back({level, std::move(text)}); }

  private:
    using Options = std::map<std::string, std::string, std::less<>>;

    void parseInline(std::string_view text);
    void parseFile(std::string_view text);
    // Stores one "name = value" entry of `where` ("DDIVK_CONFIG entry 2", "file:3"); false when
    // malformed (the message says why).
    bool add(Options& into, std::string_view entry, const std::string& where);

    EnvLookup env_;
    std::string fileName_;
    Options inline_;
    Options file_;
    std::vector<Message> messages_;
};

// The configuration of a process whose environment is `env` and whose program lies in
// `programDir`: DDIVK_CONFIG, and the file DDIVK_CONFIG_FILE names or else `programDir`/ddivk.conf.
// A missing ddivk.conf is normal; a named file that cannot be read is an error message.
Config loadConfig(EnvLookup env, const std::filesystem::path& programDir);

// The directory of the running program (Windows: GetModuleFileNameW(NULL); Linux:
// /proc/self/exe); empty when unknown.
std::filesystem::path programDirectory();

// The process's value of option `name` (see Config::get). The first call loads DDIVK_CONFIG and
// the file, once, thread-safe, and then logs their problems; the environment is read at every call.
// The returned string lives for the process (or, from the environment, until it is changed).
const char* get(const char* name);

} // namespace ddivk::config
