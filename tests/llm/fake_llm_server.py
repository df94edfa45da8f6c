#!/usr/bin/env python3
"""A scripted stand-in for the OpenAI and Anthropic HTTP APIs, for the llm_* unit tests.

Usage: fake_llm_server.py SCRIPT.json REQUESTS.jsonl

Listens on 127.0.0.1 on an ephemeral port and prints the port as its first stdout line.
SCRIPT.json is a list of responses served in order, one per POST request (any path):
  {"answer": "text", "usage": true, "model": "m"}   a real success body for the request's API
                                                     (/chat/completions or /v1/messages);
                                                     "usage": false leaves the usage out
  {"status": 429, "headers": {"Retry-After": "3"}, "body": {...} or "text"}
  {"echo_headers": true, "status": 401}             an error whose message repeats the
                                                     request's headers (as some proxies do)
  "delay": SECONDS                                   in any entry: wait before answering
Past the end of the script every request gets a 500. Each request is appended to
REQUESTS.jsonl as {"path", "headers" (lower-case names), "body" (parsed JSON)} before it is
answered.
"""

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def success_body(path, request, entry):
    answer = entry["answer"]
    model = entry.get("model", request.get("model", "fake-model"))
    with_usage = entry.get("usage", True)
    if path.endswith("/v1/messages"):
        body = {
            "id": "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [{"type": "text", "text": answer}],
            "stop_reason": "end_turn",
        }
        if with_usage:
            body["usage"] = {"input_tokens": 11, "output_tokens": 7}
        return body
    body = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": answer},
                "finish_reason": "stop",
            }
        ],
    }
    if with_usage:
        body["usage"] = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
    return body


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length).decode("utf-8")
        try:
            request = json.loads(raw)
        except ValueError:
            request = raw
        headers = {k.lower(): v for k, v in self.headers.items()}
        server = self.server
        with server.lock:
            with open(server.requests_path, "a", encoding="utf-8") as log:
                log.write(json.dumps({"path": self.path, "headers": headers, "body": request}))
                log.write("\n")
            entry = server.script.pop(0) if server.script else {"status": 500, "body": "script exhausted"}
        time.sleep(entry.get("delay", 0))
        status = entry.get("status", 200)
        if "answer" in entry:
            body = success_body(self.path, request if isinstance(request, dict) else {}, entry)
        elif entry.get("echo_headers"):
            body = {"error": {"message": "rejected request with headers " + json.dumps(headers)}}
        else:
            body = entry.get("body", "")
        data = (body if isinstance(body, str) else json.dumps(body)).encode("utf-8")
        try:
            self.send_response(status)
            for name, value in entry.get("headers", {}).items():
                self.send_header(name, value)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test)


def main():
    script_path, requests_path = sys.argv[1], sys.argv[2]
    with open(script_path, encoding="utf-8") as f:
        script = json.load(f)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.script = script
    server.requests_path = requests_path
    server.lock = threading.Lock()
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
