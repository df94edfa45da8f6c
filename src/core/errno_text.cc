#include "core/errno_text.h"

#include <system_error>

namespace panta {

std::string errno_text(int error) {
  std::string text = std::generic_category().message(error);
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') text[0] = static_cast<char>(text[0] + 32);
  return text;
}

}  // namespace panta
