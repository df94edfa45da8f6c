#!/usr/bin/env python3
"""Puts a benchmark's section into docs/benchmarks.md between its markers.

usage: write_section.py DOC NAME TEXT
Replaces what lies between <!-- NAME --> and <!-- /NAME --> with TEXT, or appends the marked
section when the markers are absent; creates DOC with its heading when it does not exist.
"""
import os
import re
import sys

HEADING = ("# Benchmarks\n\nFigures are ratios measured side by side in one run; each section "
           "names the command that reproduces it.\n")


def main():
    path, name, section = sys.argv[1], sys.argv[2], sys.argv[3]
    text = open(path).read() if os.path.exists(path) else HEADING
    start, end = f"<!-- {name} -->", f"<!-- /{name} -->"
    block = f"{start}\n{section}\n{end}"
    if start in text:
        text = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda m: block, text,
                      flags=re.S)
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    with open(path, "w") as out:
        out.write(text)
    print(f"wrote the {name} section of {path}")


if __name__ == "__main__":
    main()
