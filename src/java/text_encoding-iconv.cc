#include <fmt/format.h>
#include <iconv.h>

#include <algorithm>
#include <cerrno>
#include <optional>

#include "core/durable_file.h"
#include "java/source_text.h"
#include "java/text_encoding.h"

namespace panta::java {
namespace {

// Owns an iconv conversion descriptor.
class Converter {
 public:
  static std::optional<Converter> open(const std::string& to, const std::string& from) {
    iconv_t cd = iconv_open(to.c_str(), from.c_str());
    if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
    return Converter(cd);
  }
  Converter(Converter&& other) noexcept : cd_(other.cd_) { other.cd_ = nullptr; }
  Converter(const Converter&) = delete;
  Converter& operator=(const Converter&) = delete;
  Converter& operator=(Converter&&) = delete;
  ~Converter() {
    if (cd_ != nullptr) iconv_close(cd_);
  }
  iconv_t get() const { return cd_; }

 private:
  explicit Converter(iconv_t cd) : cd_(cd) {}
  iconv_t cd_;
};

// What converting gave: the text, or the byte offset where the input could not be converted.
struct Converted {
  std::string text;
  std::optional<size_t> stuck_at;
};

Converted convert(const Converter& converter, std::string_view in) {
  Converted out;
  out.text.resize(in.size() * 2 + 16);
  char* in_next = const_cast<char*>(in.data());  // iconv's signature; it only reads
  size_t in_left = in.size();
  size_t used = 0;
  for (bool flushing = false;;) {
    char* out_next = out.text.data() + used;
    size_t out_left = out.text.size() - used;
    size_t r = flushing ? iconv(converter.get(), nullptr, nullptr, &out_next, &out_left)
                        : iconv(converter.get(), &in_next, &in_left, &out_next, &out_left);
    int error = errno;
    used = out.text.size() - out_left;
    if (r == static_cast<size_t>(-1) && error == E2BIG) {
      out.text.resize(out.text.size() * 2);
      continue;
    }
    if (r == static_cast<size_t>(-1) || (r > 0 && !flushing)) {
      // EILSEQ, EINVAL (cut short at the end), or a character replaced irreversibly
      out.stuck_at = static_cast<size_t>(in_next - in.data());
      break;
    }
    if (flushing) break;
    flushing = true;  // shift back to the initial state (stateful encodings)
  }
  out.text.resize(used);
  return out;
}

// Opens a converter between UTF-8 and `encoding`, under its own name or, for Java names such
// as "ISO8859_1", with '-' for '_' (glibc's "ISO8859-1").
Result<Converter> open_converter(bool to_utf8, std::string_view encoding, const std::string& path) {
  std::string name(encoding);
  for (int attempt = 0; attempt < 2; ++attempt) {
    auto c = to_utf8 ? Converter::open("UTF-8", name) : Converter::open(name, "UTF-8");
    if (c) return std::move(*c);
    std::replace(name.begin(), name.end(), '_', '-');
  }
  return Error{
      fmt::format("{}: unknown encoding {} (iconv -l lists the known ones)", path, encoding)};
}

// 1-based line and column (in bytes) of `offset` in `text`.
std::pair<size_t, size_t> line_and_column(std::string_view text, size_t offset) {
  std::string_view before = text.substr(0, offset);
  size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
  size_t start = before.rfind('\n');
  return {line, offset - (start == std::string_view::npos ? 0 : start + 1) + 1};
}

// The UTF-8 character at `offset`, as "U+20AC '€'".
std::string character_at(std::string_view text, size_t offset) {
  auto lead = static_cast<unsigned char>(text[offset]);
  size_t len = lead < 0x80 ? 1 : lead >> 5 == 0x6 ? 2 : lead >> 4 == 0xE ? 3 : 4;
  len = std::min(len, text.size() - offset);
  uint32_t cp = len == 1 ? lead : len == 2 ? lead & 0x1F : len == 3 ? lead & 0x0F : lead & 0x07;
  for (size_t k = 1; k < len; ++k)
    cp = cp << 6 | (static_cast<unsigned char>(text[offset + k]) & 0x3F);
  return fmt::format("U+{:04X} '{}'", cp, text.substr(offset, len));
}

}  // namespace

bool is_utf8(std::string_view encoding) {
  std::string name;
  for (char c : encoding) {
    if (c != '-' && c != '_') name.push_back(static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c));
  }
  return name == "UTF8";
}

Result<std::string> decode_to_utf8(std::string_view bytes, std::string_view encoding,
                                   const std::string& path) {
  if (is_utf8(encoding)) return std::string(bytes);
  auto converter = open_converter(true, encoding, path);
  if (!converter) return converter.error();
  Converted out = convert(*converter, bytes);
  if (!out.stuck_at) return std::move(out.text);
  auto [line, column] = line_and_column(bytes, *out.stuck_at);
  std::string what =
      *out.stuck_at < bytes.size()
          ? fmt::format("byte 0x{:02X}", static_cast<unsigned char>(bytes[*out.stuck_at]))
          : "cut short at the end";
  return Error{
      fmt::format("{}:{}:{}: not valid {} ({}); give the file's encoding with "
                  "--encoding",
                  path, line, column, encoding, what)};
}

Result<std::string> encode_from_utf8(std::string_view text, std::string_view encoding,
                                     const std::string& path) {
  if (is_utf8(encoding)) return std::string(text);
  auto converter = open_converter(false, encoding, path);
  if (!converter) return converter.error();
  Converted out = convert(*converter, text);
  if (!out.stuck_at) return std::move(out.text);
  auto [line, column] = line_and_column(text, *out.stuck_at);
  std::string what = *out.stuck_at < text.size() ? character_at(text, *out.stuck_at) : "the end";
  return Error{
      fmt::format("{}:{}:{}: {} cannot be written in {}, the file's encoding; the file is "
                  "left as it was",
                  path, line, column, what, encoding)};
}

Result<std::string> read_text_file(const std::string& path, std::string_view encoding) {
  auto bytes = read_file(path);
  if (!bytes) return bytes.error();
  return decode_to_utf8(*bytes, encoding, path);
}

Status write_text_file(const std::string& path, std::string_view text, std::string_view encoding) {
  auto bytes = encode_from_utf8(text, encoding, path);
  if (!bytes) return bytes.error();
  return write_durably(path, *bytes);
}

}  // namespace panta::java
