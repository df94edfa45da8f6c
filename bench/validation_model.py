#!/usr/bin/env python3
"""The stand-in model of bench/validation_bench.sh: each answer is VB_TESTS (default 10)
passing tests of commons-lang3's BooleanUtils.toInteger, with values no earlier answer used
(the counter in the file VB_STATE keeps them apart), so every test is new and kept."""
import os
import sys

sys.stdin.read()
state = os.environ["VB_STATE"]
start = int(open(state).read()) if os.path.exists(state) else 0
count = int(os.environ.get("VB_TESTS", "10"))
lines = ["```java"]
for k in range(start, start + count):
    lines.append("@Test\nvoid toIntegerGives%d() {\n  assertEquals(%d, BooleanUtils.toInteger(true, %d, -1));\n}\n"
                 % (k, k, k))
lines.append("```")
with open(state, "w") as out:
    out.write(str(start + count))
print("\n".join(lines))
