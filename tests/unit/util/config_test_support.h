// An environment for Config tests: a table instead of the process's variables.
#pragma once

#include <initializer_list>
#include <map>
#include <string>

#include "util/config.h"

namespace ddivk::config {

class FakeEnv {
  public:
    FakeEnv() = default;
    FakeEnv(std::initializer_list<std::pair<const std::string, std::string>> vars) : vars_(vars) {}
    FakeEnv(const FakeEnv&) = delete; // lookup() refers to this object
    FakeEnv& operator=(const FakeEnv&) = delete;
    void set(const std::string& name, const std::string& value) { vars_[name] = value; }
    // Valid while this object lives.
    EnvLookup lookup() const {
        return [this](const char* name) -> const char* {
            auto it = vars_.find(name);
            return it == vars_.end() ? nullptr : it->second.c_str();
        };
    }

  private:
    std::map<std::string, std::string> vars_;
};

} // namespace ddivk::config
