#!/usr/bin/env bash
# Makes panta(1) from the command pages of docs/cli: a NAME and SYNOPSIS section, then each
# command's page (its headings one level down), through pandoc.
# usage: scripts/make-manpage.sh PANDOC DOCS_DIR OUT VERSION
set -euo pipefail
pandoc=$1 docs=$2 out=$3 version=$4
{
  printf -- '---\ntitle: PANTA\nsection: 1\nheader: Panta manual\nfooter: panta %s\n---\n\n' "$version"
  printf '# NAME\n\npanta - write JUnit tests for Java classes with an LLM, guided by paths and coverage\n\n'
  printf '# SYNOPSIS\n\n**panta** *command* [*options*]\n\n**panta** *command* **\\-\\-help**\n\n'
  printf '# COMMANDS\n\n'
  for command in generate coverage test analyze mutate defects report restore eval select; do
    page="$docs/cli/$command.md"
    [ -f "$page" ] || continue
    # Each page's headings one level down (its title a second-level one); not in code blocks.
    awk '/^```/ { fenced = !fenced } !fenced && /^#/ { $0 = "#" $0 } { print }' "$page"
    printf '\n'
  done
  printf '# SEE ALSO\n\nThe manual in docs/ of the source tree: strategies, sandbox, projects, models, ci.\n'
} | "$pandoc" --standalone --from markdown --to man --output "$out"
