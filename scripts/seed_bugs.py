#!/usr/bin/env python3
"""Seeds one-line bugs into a scratch copy of the tree and reports which ones the tests miss.

usage: scripts/seed_bugs.py [--list FILE] [--work DIR] [--only ID,...] [--jobs N]
                            [--full-for-survivors] [--check] [--write DOC]

Each bug of the list (scripts/seeded_bugs.toml) is a small edit of one line of a source file:
`find` must occur exactly once in `file` (or give `occurrence`, 1-based) and is replaced by
`replace`. For each bug, in a scratch copy of the working tree (--work, default build/seeded-bugs:
the copy in src/, one CMake build folder in build/ reused by all bugs, so each costs an
incremental build), the script applies the edit, builds, runs the CTest tests its `suite` (or its
own `tests` regex) names, and puts the file back. A bug is killed when a test fails (or the
build fails: reported apart, the list should not have such bugs), survives otherwise. With
--full-for-survivors a survivor is run once more against the whole suite. A bug listed with
`equivalent = "why"` is expected to survive: the edit does not change behaviour.

Before the bugs, the unchanged copy must pass every suite used (else nothing can be told).
--check only checks that every edit applies. --write DOC puts the result table between the
<!-- seeded-bugs --> markers of DOC. Exit status: 0 when every bug that is not listed as
equivalent was killed, 1 otherwise, 2 on a usage or set-up error.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def log(message):
    print(message, file=sys.stderr, flush=True)


class Bug:
    def __init__(self, entry, suites):
        self.id = entry["id"]
        self.file = entry["file"]
        self.find = entry["find"]
        self.replace = entry["replace"]
        self.what = entry["what"]
        self.occurrence = entry.get("occurrence")
        self.equivalent = entry.get("equivalent", "")
        if "tests" in entry:
            self.tests = entry["tests"]
        else:
            self.tests = suites[entry["suite"]]
        if "\n" in self.find or "\n" in self.replace:
            raise ValueError(f"{self.id}: an edit is one line (no newline in find or replace)")
        if self.find == self.replace:
            raise ValueError(f"{self.id}: find and replace are the same")

    def apply(self, text):
        """`text` with the edit made; raises ValueError when the edit does not apply."""
        count = text.count(self.find)
        if self.occurrence is None:
            if count != 1:
                raise ValueError(f"{self.id}: {self.find!r} occurs {count} times in {self.file}")
            return text.replace(self.find, self.replace, 1)
        if count < self.occurrence:
            raise ValueError(f"{self.id}: {self.find!r} occurs {count} times in {self.file}, "
                             f"not {self.occurrence}")
        at = -1
        for _ in range(self.occurrence):
            at = text.index(self.find, at + 1)
        return text[:at] + self.replace + text[at + len(self.find):]

    def line_of(self, text):
        at = text.index(self.find) if self.occurrence is None else -1
        if self.occurrence is not None:
            for _ in range(self.occurrence):
                at = text.index(self.find, at + 1)
        return text.count("\n", 0, at) + 1


def load_bugs(path):
    with open(path, "rb") as f:
        data = tomllib.load(f)
    suites = data.get("suites", {})
    bugs = [Bug(entry, suites) for entry in data["bug"]]
    ids = [b.id for b in bugs]
    if len(ids) != len(set(ids)):
        raise ValueError("bug ids are not unique")
    return bugs


def tracked_files():
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, check=True, capture_output=True).stdout
    return [p for p in out.decode().split("\0") if p and os.path.isfile(os.path.join(ROOT, p))]


def sync_copy(copy):
    """Copies the working tree's files into `copy`, writing only those that differ (so that the
    build stays incremental); third_party/ is linked, not copied."""
    os.makedirs(copy, exist_ok=True)
    for rel in tracked_files():
        src, dst = os.path.join(ROOT, rel), os.path.join(copy, rel)
        with open(src, "rb") as f:
            data = f.read()
        if os.path.exists(dst):
            with open(dst, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)
    link = os.path.join(copy, "third_party")
    if not os.path.islink(link):
        os.symlink(os.path.join(ROOT, "third_party"), link)


def run(cmd, cwd, timeout=None):
    started = time.monotonic()
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout + p.stderr, time.monotonic() - started


def build(build_dir, jobs, target=None):
    cmd = ["cmake", "--build", build_dir, "-j", str(jobs)]
    if target:
        cmd += ["--target", target]
    code, out, _ = run(cmd, ROOT)
    return code == 0, out


def ctest(build_dir, regex, jobs, timeout):
    """The tests that failed (names) and how many ran; regex None runs the whole suite."""
    failed_log = os.path.join(build_dir, "Testing", "Temporary", "LastTestsFailed.log")
    if os.path.exists(failed_log):
        os.remove(failed_log)
    cmd = ["ctest", "-j", str(jobs), "--timeout", str(timeout)]
    if regex:
        cmd += ["-R", regex]
    code, out, _ = run(cmd, build_dir)
    ran = re.search(r"tests passed, \d+ tests failed out of (\d+)", out)
    failed = []
    if os.path.exists(failed_log):
        with open(failed_log) as f:
            failed = [line.strip().split(":", 1)[1] for line in f if ":" in line]
    if code != 0 and not failed and not ran:
        raise RuntimeError("ctest did not run:\n" + out[-2000:])
    return failed, int(ran.group(1)) if ran else 0


def try_bug(bug, copy, build_dir, args):
    path = os.path.join(copy, bug.file)
    with open(path) as f:
        original = f.read()
    mutated = bug.apply(original)
    result = {"bug": bug, "line": bug.line_of(original), "killers": [], "ran": 0}
    try:
        with open(path, "w") as f:
            f.write(mutated)
        ok, out = build(build_dir, args.jobs, "panta_tests")
        if not ok:
            result["status"] = "does not build"
            result["build_log"] = out[-1500:]
            return result
        result["killers"], result["ran"] = ctest(build_dir, bug.tests, args.jobs, args.timeout)
        result["status"] = "killed" if result["killers"] else "survived"
        if result["status"] == "survived" and args.full_for_survivors:
            log(f"  {bug.id} survived its suite; running the whole suite")
            result["killers"], result["ran"] = ctest(build_dir, None, args.jobs, args.timeout)
            result["status"] = "killed (whole suite)" if result["killers"] else "survived"
    finally:
        with open(path, "w") as f:
            f.write(original)
    return result


def verdict(r):
    bug = r["bug"]
    if r["status"] == "survived" and bug.equivalent:
        return "equivalent"
    if r["status"].startswith("killed") and bug.equivalent:
        return "killed (listed as equivalent: wrong)"
    return r["status"]


def markdown(results, command):
    counts = {}
    for r in results:
        counts[verdict(r)] = counts.get(verdict(r), 0) + 1
    summary = ", ".join(f"{n} {what}" for what, n in sorted(counts.items()))
    lines = [f"Command: `{command}`", "", f"{len(results)} seeded bugs: {summary}.", "",
             "| id | where | edit | what it breaks | result | killed by |", "|---|---|---|---|---|---|"]
    for r in results:
        bug = r["bug"]
        edit = f"`{bug.find}` → `{bug.replace}`" if bug.replace else f"`{bug.find}` removed"
        edit = edit.replace("|", "\\|")
        killers = r["killers"]
        shown = ", ".join(killers[:3]) + (f" and {len(killers) - 3} more" if len(killers) > 3 else "")
        if verdict(r) == "equivalent":
            shown = "none: " + bug.equivalent
        what = bug.what.replace("|", "\\|")
        lines.append(f"| {bug.id} | `{bug.file}:{r['line']}` | {edit} | {what} | {verdict(r)} | "
                     f"{shown.replace('|', '/')} |")
    return "\n".join(lines)


def write_section(doc, text):
    start, end = "<!-- seeded-bugs -->", "<!-- /seeded-bugs -->"
    content = open(doc).read() if os.path.exists(doc) else ""
    block = f"{start}\n{text}\n{end}"
    if start in content:
        content = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda m: block, content,
                         flags=re.S)
    else:
        content = content.rstrip("\n") + "\n\n" + block + "\n"
    with open(doc, "w") as f:
        f.write(content)
    log(f"wrote the seeded-bugs section of {doc}")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--list", default=os.path.join(ROOT, "scripts", "seeded_bugs.toml"))
    p.add_argument("--work", default=os.path.join(ROOT, "build", "seeded-bugs"))
    p.add_argument("--only", default="", help="comma-separated bug ids")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=int, default=300, help="seconds per test")
    p.add_argument("--build-type", default="RelWithDebInfo")
    p.add_argument("--full-for-survivors", action="store_true")
    p.add_argument("--check", action="store_true", help="only check that every edit applies")
    p.add_argument("--write", default="", help="document to put the result table in")
    return p.parse_args()


def main():
    args = parse_args()
    try:
        bugs = load_bugs(args.list)
    except (ValueError, KeyError, tomllib.TOMLDecodeError) as e:
        log(f"seed_bugs: {args.list}: {e}")
        return 2
    if args.only:
        wanted = set(args.only.split(","))
        bugs = [b for b in bugs if b.id in wanted]
    for bug in bugs:
        try:
            with open(os.path.join(ROOT, bug.file)) as f:
                bug.apply(f.read())
        except (OSError, ValueError) as e:
            log(f"seed_bugs: {e}")
            return 2
    if args.check:
        log(f"seed_bugs: all {len(bugs)} edits apply")
        return 0
    copy, build_dir = os.path.join(args.work, "src"), os.path.join(args.work, "build")
    log(f"seed_bugs: copying the working tree to {copy}")
    sync_copy(copy)
    code, out, _ = run(["cmake", "-S", copy, "-B", build_dir, f"-DCMAKE_BUILD_TYPE={args.build_type}"],
                       ROOT)
    if code != 0:
        log(out[-3000:])
        return 2
    log("seed_bugs: building the unchanged copy")
    ok, out = build(build_dir, args.jobs)
    if not ok:
        log(out[-3000:])
        return 2
    union = "|".join(f"({t})" for t in sorted({b.tests for b in bugs}))
    log("seed_bugs: the unchanged copy must pass every suite used")
    failed, ran = ctest(build_dir, union, args.jobs, args.timeout)
    if failed or ran == 0:
        log(f"seed_bugs: the unchanged copy fails {failed} (or ran nothing: {ran})")
        return 2
    results = []
    for n, bug in enumerate(bugs, 1):
        started = time.monotonic()
        r = try_bug(bug, copy, build_dir, args)
        results.append(r)
        log(f"[{n}/{len(bugs)}] {bug.id} {verdict(r)} in {time.monotonic() - started:.0f} s"
            f" ({r['ran']} tests; killed by {len(r['killers'])})")
        if r["status"] == "does not build":
            log(r["build_log"])
    build(build_dir, args.jobs, "panta_tests")  # leave the build as the unchanged copy
    command = "scripts/seed_bugs.py" + (" --full-for-survivors" if args.full_for_survivors else "")
    if args.only:
        command += " --only " + args.only
    text = markdown(results, command)
    print(text)
    if args.write:
        write_section(args.write, text)
    bad = [r for r in results if verdict(r) not in ("equivalent",) and not r["status"].startswith("killed")]
    wrong = [r for r in results if verdict(r).startswith("killed (listed")]
    return 1 if bad or wrong else 0


if __name__ == "__main__":
    sys.exit(main())
