#pragma once

#include <CLI/CLI.hpp>

#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace panta::cli {

/// Sections of a command's --help, each with the long names of its options, in order.
using HelpGroups = std::vector<std::pair<std::string, std::vector<std::string>>>;

/// Puts each option `groups` names under its section in `sub`'s --help (CLI11 shows the sections
/// in the order their first option was declared). Returns the names no option of `sub` has.
std::vector<std::string> set_help_groups(CLI::App& sub, const HelpGroups& groups);

/// Declares `old_name` as a hidden alias of the option `current_name` that stores into `value`,
/// kept for one release: using it prints a one-line warning naming the new name.
template <class T>
CLI::Option* add_renamed_option(CLI::App& sub, const std::string& old_name,
                                const std::string& current_name, T& value);

/// The warning add_renamed_option prints.
std::string renamed_warning(const std::string& old_name, const std::string& current_name);

template <class T>
CLI::Option* add_renamed_option(CLI::App& sub, const std::string& old_name,
                                const std::string& current_name, T& value) {
  return sub.add_option(old_name, value)
      ->group("")
      ->each([old_name, current_name](const std::string&) {
        std::cerr << renamed_warning(old_name, current_name) << "\n";
      });
}

}  // namespace panta::cli
