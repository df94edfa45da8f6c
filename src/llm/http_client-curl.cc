#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <mutex>

#include "core/cancel.h"
#include "llm/http_client.h"
#include "llm/llm_error.h"

namespace panta::llm {
namespace {

struct CurlDelete {
  void operator()(CURL* curl) const { curl_easy_cleanup(curl); }
};
struct SlistDelete {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
using CurlHandle = std::unique_ptr<CURL, CurlDelete>;
using SlistHandle = std::unique_ptr<curl_slist, SlistDelete>;

// libcurl calls this about once a second and more often while data flows; non-zero aborts.
int give_up_on_abort(void*, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return abort_requested() ? 1 : 0;
}

size_t append_body(char* data, size_t size, size_t count, void* user) {
  static_cast<std::string*>(user)->append(data, size * count);
  return size * count;
}

std::string trimmed(std::string_view text) {
  auto space = [](unsigned char c) { return std::isspace(c) != 0; };
  while (!text.empty() && space(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && space(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return std::string(text);
}

// Collects header lines; a new status line (after a 100 Continue) starts the list afresh.
size_t append_header(char* data, size_t size, size_t count, void* user) {
  auto* headers = static_cast<Headers*>(user);
  std::string_view line(data, size * count);
  if (line.starts_with("HTTP/")) headers->clear();
  size_t colon = line.find(':');
  if (colon != std::string_view::npos) {
    std::string name(line.substr(0, colon));
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    headers->emplace_back(std::move(name), trimmed(line.substr(colon + 1)));
  }
  return size * count;
}

class CurlHttpClient final : public HttpClient {
 public:
  explicit CurlHttpClient(CurlHandle curl) : curl_(std::move(curl)) {}

  Result<HttpResponse> post(const HttpRequest& request, const HttpTimeouts& timeouts) override {
    CURL* curl = curl_.get();
    curl_easy_reset(curl);
    SlistHandle headers;
    for (const auto& [name, value] : request.headers) {
      std::string line = name + ": " + value;
      curl_slist* grown = curl_slist_append(headers.get(), line.c_str());
      if (grown == nullptr) return llm_error(LlmErrorKind::kHttp, "out of memory");
      (void)headers.release();
      headers.reset(grown);
    }
    HttpResponse response;
    char error_text[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(curl, CURLOPT_URL, request.url.c_str());
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE,
                     static_cast<curl_off_t>(request.body.size()));
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(timeouts.connect.count()));
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(timeouts.total.count()));
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_NOPROXY, "127.0.0.1,localhost");
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error_text);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, append_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response.body);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, append_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &response.headers);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, give_up_on_abort);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    CURLcode code = curl_easy_perform(curl);
    if (code == CURLE_ABORTED_BY_CALLBACK) {
      return llm_error(LlmErrorKind::kHttp, "POST " + request.url + ": cancelled");
    }
    if (code != CURLE_OK) {
      std::string detail = "POST " + request.url + ": " +
                           (error_text[0] != 0 ? error_text : curl_easy_strerror(code));
      auto kind = code == CURLE_OPERATION_TIMEDOUT ? LlmErrorKind::kTimeout : LlmErrorKind::kHttp;
      return llm_error(kind, detail);
    }
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response.status);
    return response;
  }

 private:
  CurlHandle curl_;
};

}  // namespace

Result<std::unique_ptr<HttpClient>> make_curl_http_client() {
  // curl_global_init is not thread-safe before libcurl 7.84; do it once, before any handle.
  static std::once_flag initialized;
  std::call_once(initialized, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  CurlHandle curl(curl_easy_init());
  if (!curl) return llm_error(LlmErrorKind::kHttp, "libcurl could not create a handle");
  return std::unique_ptr<HttpClient>(std::make_unique<CurlHttpClient>(std::move(curl)));
}

}  // namespace panta::llm
