#include "cli/help_groups.h"

namespace panta::cli {

std::vector<std::string> set_help_groups(CLI::App& sub, const HelpGroups& groups) {
  std::vector<std::string> missing;
  for (const auto& [group, names] : groups) {
    for (const std::string& name : names) {
      CLI::Option* option = sub.get_option_no_throw(name);
      if (option == nullptr) {
        missing.push_back(name);
      } else {
        option->group(group);
      }
    }
  }
  return missing;
}

std::string renamed_warning(const std::string& old_name, const std::string& current_name) {
  return "panta: warning: " + old_name + " is now " + current_name +
         "; the old name goes in the next release";
}

}  // namespace panta::cli
