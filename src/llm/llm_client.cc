#include "llm/llm_client.h"

namespace panta::llm {

std::string render_prompt(const Prompt& prompt) {
  if (prompt.system.empty()) return prompt.user;
  return prompt.system + "\n\n" + prompt.user;
}

int64_t estimate_tokens(std::string_view text) {
  int64_t code_points = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++code_points;
  }
  return (code_points + 3) / 4;
}

double cost(int64_t prompt_tokens, int64_t completion_tokens, double price_in_per_million,
            double price_out_per_million) {
  return (static_cast<double>(prompt_tokens) * price_in_per_million +
          static_cast<double>(completion_tokens) * price_out_per_million) /
         1e6;
}

}  // namespace panta::llm
