#!/usr/bin/env python3
"""A markdown table of focused's size against panta's per class, and their ratios' summary.

usage: ratio_table.py ROWS SUMMARY MISSING
ROWS: lines "class panta_characters focused_characters" (0: not measured); SUMMARY: "worst"
(median and worst against the issue's 25 % target) or "range" (median, smallest, largest);
MISSING: what the table says of a class with a 0.
"""
import statistics
import sys


def main():
    rows = [r.split() for r in sys.argv[1].strip().splitlines()]
    summary, missing = sys.argv[2], sys.argv[3]
    print("| class | panta (characters) | focused (characters) | focused / panta |")
    print("|---|---|---|---|")
    ratios = []
    for cls, panta, focused in rows:
        p, f = int(panta), int(focused)
        if p == 0 or f == 0:
            print(f"| `{cls}` | {p:,} | {f:,} | ({missing}) |")
            continue
        ratios.append(f / p)
        print(f"| `{cls}` | {p:,} | {f:,} | {100 * f / p:.0f} % |")
    if not ratios:
        return
    median = 100 * statistics.median(ratios)
    print()
    if summary == "worst":
        print(f"focused / panta over {len(ratios)} classes: median **{median:.0f} %**, "
              f"worst **{100 * max(ratios):.0f} %** (target: at most 25 % for both).")
    else:
        print(f"focused / panta over {len(ratios)} classes: median **{median:.0f} %**, "
              f"smallest {100 * min(ratios):.0f} %, largest {100 * max(ratios):.0f} %.")


if __name__ == "__main__":
    main()
