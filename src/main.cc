#include <exception>
#include <iostream>

#include "cli/commands.h"

int main(int argc, char** argv) {
  try {
    return panta::cli::run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "panta: internal error: " << e.what() << "\n";
    return panta::cli::kFailed;
  }
}
