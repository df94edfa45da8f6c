// Opens Panta's HTML report in Debian's headless Chromium through playwright-core and checks
// it: no console errors, no request leaves the report's folder, the index table sorts, every
// CFG edge in the SVG has the colour its status in the report JSON stands for, the source
// lines have JaCoCo's colours, hovering a path highlights it; saves a screenshot.
// usage: node report_check.cjs HTML_DIR REPORT_JSON SCREENSHOT_PNG
'use strict';
const path = require('path');
const fs = require('fs');
const modules = process.env.PANTA_BROWSER_MODULES;
const { chromium } = require(path.join(modules, 'playwright-core'));

const [htmlDir, reportFile, screenshot] = process.argv.slice(2);
// The colours the report's legend gives each edge status (README, "HTML report").
const kColours = {
  'covered': 'rgb(30, 140, 58)',
  'missed': 'rgb(211, 47, 47)',
  'possibly unreachable': 'rgb(138, 138, 138)',
  'unknown': 'rgb(224, 160, 0)',
};
const failures = [];
function check(ok, what) {
  if (!ok) failures.push(what);
}

// JaCoCo's line status from its counters.
function lineClass(l) {
  if (l.ci === 0 && l.mi > 0) return 'nc';
  if (l.ci > 0) return l.mi > 0 || l.mb > 0 ? 'pc' : 'fc';
  return '';
}

async function checkIndex(page, entries) {
  await page.goto('file://' + path.resolve(htmlDir, 'index.html'), { waitUntil: 'load' });
  const rows = await page.locator('#classes tbody tr').count();
  check(rows === entries.length, `index lists ${rows} classes, the report ${entries.length}`);
  await page.locator('#classes thead th', { hasText: 'lines' }).click();
  const sort = await page.locator('#classes thead th', { hasText: 'lines' }).getAttribute('aria-sort');
  check(sort === 'ascending', `sorting by lines gave aria-sort=${sort}`);
}

async function checkEdges(page, detail) {
  let edges = 0;
  for (let i = 0; i < detail.methods.length; i++) {
    const m = detail.methods[i];
    const drawn = await page.$$eval(`svg#cfg${i} path.edge`, (ps) => ps.map((p) => ({
      id: Number(p.getAttribute('data-edge')),
      status: p.getAttribute('data-status'),
      stroke: getComputedStyle(p).stroke,
    })));
    check(drawn.length === m.edges.length, `${m.key}: ${drawn.length} edges drawn, ${m.edges.length} in the JSON`);
    for (const e of m.edges) {
      const d = drawn.find((x) => x.id === e.id);
      check(d !== undefined, `${m.key}: edge ${e.id} not drawn`);
      if (d === undefined) continue;
      check(d.status === e.status, `${m.key}: edge ${e.id} drawn as ${d.status}, JSON ${e.status}`);
      check(d.stroke === kColours[e.status], `${m.key}: edge ${e.id} (${e.status}) has stroke ${d.stroke}`);
      edges++;
    }
  }
  return edges;
}

async function checkSource(page, detail) {
  const classes = await page.$$eval('pre.source span.line', (ls) => ls.map((l) => l.className));
  for (const l of detail.lines) {
    const want = lineClass(l);
    check(classes[l.line - 1] !== undefined && classes[l.line - 1].split(' ').includes(want),
          `line ${l.line}: classes "${classes[l.line - 1]}", want ${want}`);
  }
}

async function checkClass(page, entry, shot) {
  const file = entry.class.replace(/[^A-Za-z0-9.$_-]/g, '_') + '.html';
  await page.goto('file://' + path.resolve(htmlDir, file), { waitUntil: 'load' });
  const edges = await checkEdges(page, entry.detail);
  await checkSource(page, entry.detail);
  const chart = await page.locator('svg.chart polyline').count();
  check(chart === 2, `${entry.class}: chart has ${chart} lines, want 2`);
  const firstPath = page.locator('li.path').first();
  if (await firstPath.count() > 0) {
    await firstPath.hover();
    const on = await page.locator('svg.cfg.showing-path').count();
    check(on === 1, `${entry.class}: hovering a path highlights ${on} CFGs`);
  }
  if (shot) await page.screenshot({ path: screenshot, fullPage: true });
  return edges;
}

async function main() {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const entries = Array.isArray(report) ? report : [report];
  const browser = await chromium.launch({
    executablePath: process.env.PANTA_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    timeout: 300000,  // a loaded machine starts a browser slowly
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.setDefaultTimeout(120000);
    page.on('console', (m) => check(m.type() !== 'error', `console error: ${m.text()}`));
    page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
    page.on('request', (r) => check(r.url().startsWith('file://' + path.resolve(htmlDir)),
                                    `request outside the report: ${r.url()}`));
    await checkIndex(page, entries);
    let edges = 0, pages = 0;
    for (const e of entries) {
      if (!e.detail) continue;
      edges += await checkClass(page, e, pages === 0);
      pages++;
    }
    check(pages > 0, 'no class in the report has a detail page');
    console.log(`checked ${pages} class page(s), ${edges} CFG edges; screenshot ${screenshot}`);
  } finally {
    await browser.close();
  }
  if (failures.length > 0) {
    console.error(failures.slice(0, 40).join('\n'));
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
