#!/usr/bin/env python3
"""Fails when a function under src/ is longer than 60 lines or a file longer than 650.

usage: check_code_size.py [SRC_DIR] (default: src). Functions are measured by lizard (pinned in
scripts/requirements-tools.txt, installed into third_party/venv by scripts/setup.sh), files by
their line count. Prints each offender with its length and exits 1 when there is one.
"""
import os
import sys

import lizard

MAX_FUNCTION_LINES = 60
MAX_FILE_LINES = 650


def sources(root):
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if name.endswith((".cc", ".h")):
                yield os.path.join(folder, name)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "src"
    offenders = []
    count = 0
    for path in sorted(sources(root)):
        with open(path, encoding="utf-8") as f:
            lines = f.read().count("\n")
        if lines > MAX_FILE_LINES:
            offenders.append("%s: %d lines (at most %d)" % (path, lines, MAX_FILE_LINES))
        for fn in lizard.analyze_file(path).function_list:
            count += 1
            if fn.length > MAX_FUNCTION_LINES:
                offenders.append("%s:%d: %s has %d lines (at most %d)" % (
                    path, fn.start_line, fn.name, fn.length, MAX_FUNCTION_LINES))
    for o in offenders:
        print(o)
    print("%d functions in %s checked: %d over the limits" % (count, root, len(offenders)))
    return 1 if offenders else 0


if __name__ == "__main__":
    sys.exit(main())
