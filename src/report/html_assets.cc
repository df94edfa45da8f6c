#include "report/html_parts.h"

namespace panta::report::html {

const char* const kCss =
    R"(body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; } h3 { font-size: 1.05em; }
a { color: #0b5394; }
table.data { border-collapse: collapse; margin: .5em 0; }
table.data th, table.data td { border: 1px solid #ccc; padding: 3px 8px; text-align: left;
  vertical-align: top; }
table.data td.num { text-align: right; white-space: nowrap; }
table.sortable th { cursor: pointer; background: #eef; user-select: none; }
table.sortable th[aria-sort=ascending]::after { content: " \25B2"; }
table.sortable th[aria-sort=descending]::after { content: " \25BC"; }
.status-done { color: #1e6b2e; } .status-error { color: #b00020; }
.legend span { display: inline-block; margin-right: 1.2em; }
.legend i { display: inline-block; width: 1.6em; height: 4px; vertical-align: middle;
  margin-right: .3em; }
pre.source { font: 12px/1.35 monospace; border: 1px solid #ddd; padding: 4px 0; overflow-x: auto; }
pre.source span.ln { display: inline-block; width: 3.5em; color: #999; text-align: right;
  padding-right: .6em; user-select: none; }
pre.source span.br { display: inline-block; width: 1.2em; text-align: center; }
.fc { background-color: #ccffcc; } .pc { background-color: #ffffaa; }
.nc { background-color: #ffaaaa; }
.bfc { color: #1e8c3a; } .bpc { color: #c8a000; } .bnc { color: #d32f2f; }
svg.cfg { border: 1px solid #eee; background: #fcfcfc; max-width: 100%; height: auto; }
svg.cfg path.edge { fill: none; stroke-width: 2; }
svg.cfg path.edge.possibly { stroke-dasharray: 6 4; }
svg.cfg path.edge.unknown { stroke-dasharray: 2 3; }
svg.cfg g.node rect, svg.cfg g.node polygon { fill: #fff; stroke: #555; }
svg.cfg g.node.entry rect, svg.cfg g.node.exit rect { fill: #e8e8f8; }
svg.cfg g.node.decision polygon { fill: #fff8e0; }
svg.cfg text { font: 11px monospace; text-anchor: middle; }
svg.cfg text.edge-label { font-size: 10px; fill: #444; text-anchor: start; }
svg.cfg.showing-path path.edge { opacity: .15; }
svg.cfg.showing-path path.edge.on-path { opacity: 1; stroke-width: 4; }
li.path { cursor: default; } li.path:hover { background: #eef; }
svg.chart text { font: 11px sans-serif; }
.method { margin-bottom: 2em; }
)";

const char* const kJs =
    R"(// Panta's report: sortable tables and the paths of a CFG highlighted on hover.
(function () {
  'use strict';
  function cellValue(row, i) {
    var cell = row.cells[i];
    var v = cell.getAttribute('data-value');
    return v === null ? cell.textContent.trim() : v;
  }
  function sortBy(table, i, th) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var numeric = th.getAttribute('data-type') === 'number';
    var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
    rows.sort(function (a, b) {
      var x = cellValue(a, i), y = cellValue(b, i);
      if (!numeric) return dir * x.localeCompare(y);
      x = parseFloat(x); y = parseFloat(y);
      if (isNaN(x)) x = -Infinity;
      if (isNaN(y)) y = -Infinity;
      return dir * (x - y);
    });
    Array.prototype.forEach.call(th.parentNode.cells, function (h) {
      h.removeAttribute('aria-sort');
    });
    th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
    rows.forEach(function (r) { body.appendChild(r); });
  }
  document.querySelectorAll('table.sortable').forEach(function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      th.addEventListener('click', function () { sortBy(table, i, th); });
    });
  });
  document.querySelectorAll('[data-path-edges]').forEach(function (item) {
    var svg = document.getElementById(item.getAttribute('data-cfg'));
    var edges = item.getAttribute('data-path-edges').split(' ');
    function mark(on) {
      if (!svg) return;
      edges.forEach(function (e) {
        var p = svg.querySelector('path.edge[data-edge="' + e + '"]');
        if (p) p.classList.toggle('on-path', on);
      });
      svg.classList.toggle('showing-path', on);
    }
    item.addEventListener('mouseenter', function () { mark(true); });
    item.addEventListener('mouseleave', function () { mark(false); });
  });
})();
)";

}  // namespace panta::report::html
