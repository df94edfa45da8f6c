#include <exception>
#include <iostream>

#include "cli/commands.h"
#include "process/own_secrets.h"

int main(int argc, char** argv) {
  panta::process::hide_own_secrets();
  try {
    return panta::cli::run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "panta: internal error: " << e.what() << "\n";
    return panta::cli::kFailed;
  }
}
