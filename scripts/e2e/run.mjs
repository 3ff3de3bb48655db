#!/usr/bin/env node
// Runs the in-VS-Code test suite (test/e2e/suite) inside a real VS Code:
// code-server serves VS Code 1.139, headless Debian chromium (driven through
// playwright-core) opens it with our extension loaded as a development
// extension and the bundled mocha suite as its extension tests.
//
// While the suite runs, this script also answers its "DOM check" requests:
// it looks at the real page (hover widget, Problems panel) and saves a
// screenshot under .e2e/screenshots/; and its "key steps" requests: it
// presses keys and fills VS Code's own widgets (the rename box) in the page.
//
// Usage: node scripts/e2e/run.mjs [--docs-image]   (expects `npm run build` done)
//   --docs-image  also copies the screenshots of examples/ (hover with the
//                 Problems panel, lenses with inlay hints) to docs/images/.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { ensureInstalled, freePort, prepareScratch, startCodeServer } from './codeServer.mjs';
import { chromiumBin, e2eOut, root } from './paths.mjs';

const started = Date.now();
const docsImage = process.argv.includes('--docs-image');
const overallTimeoutMs = Number(process.env.ILO_E2E_TIMEOUT_MS ?? 8 * 60_000);

const runDir = join(e2eOut, 'run');
const buildDir = join(e2eOut, 'build', 'suite');
const shotsDir = join(e2eOut, 'screenshots');
const workspace = join(runDir, 'workspace');
const handshakeDir = join(runDir, 'handshake');
const resultsPath = join(runDir, 'results.json');
const automationLog = join(runDir, 'automation.log');

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const log = (msg) => console.log(`e2e: ${msg}`);

function fail(message) {
  console.error(`\ne2e: FAILED: ${message}\n`);
  process.exit(1);
}

function checkPreconditions() {
  for (const f of ['dist/client.js', 'dist/server.js', 'package.json']) {
    if (!existsSync(join(root, f))) fail(`${f} is missing: run \`npm run build\` first`);
  }
  try {
    ensureInstalled();
  } catch (err) {
    fail(err.message);
  }
  if (!existsSync(chromiumBin)) fail(`no browser at ${chromiumBin}: run \`node scripts/e2e/install.mjs\``);
}

/** Type-checks the suite, then bundles each file to CommonJS for the extension host. */
async function bundleSuite() {
  const tsc = spawnSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'test/e2e', '--noEmit'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (tsc.status !== 0) fail(`the e2e suite does not type-check:\n${tsc.stdout}${tsc.stderr}`);
  const suiteDir = join(root, 'test', 'e2e', 'suite');
  // Fresh output: a renamed or deleted test must not run from an old bundle.
  rmSync(buildDir, { recursive: true, force: true });
  const entryPoints = readdirSync(suiteDir).filter((f) => f.endsWith('.ts')).map((f) => join(suiteDir, f));
  await build({
    entryPoints,
    outdir: buildDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // vscode is provided by the extension host; mocha loads test files by
    // path, so it stays a real module resolved from node_modules.
    external: ['vscode', 'mocha'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}

/** Saves a screenshot of the page under .e2e/screenshots; its path, or undefined when the page could not be pictured. */
async function screenshot(page, name) {
  mkdirSync(shotsDir, { recursive: true });
  const file = join(shotsDir, `${name}.png`);
  return page.screenshot({ path: file }).then(() => file, () => undefined);
}

/** Plays a key-steps request (`requestKeys` in test/e2e/suite/harness.ts) in the page. */
async function playKeys(page, name, req) {
  const res = { done: false };
  try {
    for (const step of req.steps ?? []) {
      if (typeof step.press === 'string') await page.keyboard.press(step.press);
      else if (typeof step.type === 'string') await page.keyboard.type(step.type, { delay: 20 });
      else if (typeof step.fill === 'string') await page.locator(step.fill).first().fill(String(step.text ?? ''), { timeout: 15_000 });
      await page.waitForTimeout(100);
    }
    res.done = true;
  } catch (err) {
    res.error = String(err?.stack ?? err);
  }
  res.screenshot = await screenshot(page, name);
  return res;
}

/**
 * Waits until, for each check, an element matching its CSS selector and
 * containing its text is visible in the page; answers with what each
 * selector showed and a screenshot.
 */
async function checkVisible(page, name, req) {
  const res = { seen: [], texts: [] };
  try {
    for (const { selector, includes } of req.checks) {
      const el = page.locator(selector).filter({ hasText: includes }).first();
      res.seen.push(await el.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false));
      res.texts.push((await page.locator(selector).allInnerTexts()).join('\n').slice(0, 2000));
    }
  } catch (err) {
    res.error = String(err?.stack ?? err);
  }
  res.screenshot = await screenshot(page, name);
  return res;
}

/** Answers the suite's DOM-check and key-steps requests (see test/e2e/suite/harness.ts). */
function serveDomChecks(page) {
  const handled = new Set();
  let busy = false;
  const answer = async (name, req) => {
    if (req.kind === 'visible') {
      const out = join(handshakeDir, `${name}.response.json`);
      writeFileSync(`${out}.tmp`, JSON.stringify(await checkVisible(page, name, req), null, 2));
      renameSync(`${out}.tmp`, out);
      return;
    }
    if (req.kind === 'keys') {
      const out = join(handshakeDir, `${name}.response.json`);
      writeFileSync(`${out}.tmp`, JSON.stringify(await playKeys(page, name, req), null, 2));
      renameSync(`${out}.tmp`, out);
      return;
    }
    const res = { hoverVisible: false, hoverText: '', problemsVisible: false, problemsText: '' };
    try {
      const hover = page.locator('.monaco-hover').filter({ hasText: req.hoverIncludes }).first();
      const problems = page.locator('.markers-panel').filter({ hasText: req.problemsIncludes }).first();
      res.hoverVisible = await hover.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false);
      res.problemsVisible = await problems.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false);
      res.hoverText = (await page.locator('.monaco-hover').allInnerTexts()).join('\n');
      res.problemsText = (await page.locator('.markers-panel').allInnerTexts()).join('\n');
      mkdirSync(shotsDir, { recursive: true });
      res.screenshot = join(shotsDir, `${name}.png`);
      await page.screenshot({ path: res.screenshot });
      log(`saved screenshot ${res.screenshot}`);
    } catch (err) {
      res.error = String(err?.stack ?? err);
    }
    const out = join(handshakeDir, `${name}.response.json`);
    writeFileSync(`${out}.tmp`, JSON.stringify(res, null, 2));
    renameSync(`${out}.tmp`, out);
  };
  const timer = setInterval(async () => {
    if (busy || !existsSync(handshakeDir)) return;
    const next = readdirSync(handshakeDir).find((f) => f.endsWith('.request.json') && !handled.has(f));
    if (!next) return;
    busy = true;
    handled.add(next);
    const name = next.replace(/\.request\.json$/, '');
    try {
      await answer(name, JSON.parse(readFileSync(join(handshakeDir, next), 'utf8')));
    } catch (err) {
      // An unreadable request still gets an answer, so the test fails fast and says why.
      const out = join(handshakeDir, `${name}.response.json`);
      writeFileSync(out, JSON.stringify({ hoverVisible: false, hoverText: '', problemsVisible: false, problemsText: '', error: String(err) }));
    } finally {
      busy = false;
    }
  }, 200);
  return () => clearInterval(timer);
}

/** Resolves with the extension tests' exit code, however VS Code reports it. */
async function waitForSuiteEnd(page, server) {
  let finish;
  const ended = new Promise((resolve) => {
    let timer;
    finish = (how) => {
      clearInterval(timer);
      resolve(how);
    };
    // Fallbacks: the results file alone (VS Code may close without calling
    // back), the server dying, or the overall time limit.
    let resultsSeenAt = 0;
    timer = setInterval(() => {
      if (existsSync(resultsPath)) {
        resultsSeenAt ||= Date.now();
        if (Date.now() - resultsSeenAt > 15_000) finish({ code: undefined, note: 'no exit callback; used results.json' });
      }
      if (server.child.exitCode !== null || server.child.signalCode !== null) finish({ code: 1, note: 'code-server died' });
      if (Date.now() - started > overallTimeoutMs) finish({ code: 1, note: `timed out after ${secs(overallTimeoutMs)}` });
    }, 500);
  });
  await page.exposeFunction('codeAutomationExit', (code) => finish({ code: Number(code) }));
  return { ended };
}

function printResults(how) {
  if (!existsSync(resultsPath)) {
    console.error(`e2e: the suite wrote no results (${how.note ?? `exit code ${how.code}`}).`);
    const tail = (f) => (existsSync(f) ? readFileSync(f, 'utf8').split('\n').slice(-60).join('\n') : '(none)');
    console.error(`--- last automation log lines (${automationLog}) ---\n${tail(automationLog)}`);
    console.error(`--- last code-server log lines ---\n${tail(join(runDir, 'code-server.log'))}`);
    return { passed: 0, failed: 1 };
  }
  const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
  for (const o of results.outcomes) {
    if (o.state === 'passed') console.log(`  ✔ ${o.title} (${o.ms ?? 0} ms)`);
    else console.log(`  ✘ ${o.title}\n${String(o.error).replace(/^/gm, '      ')}`);
  }
  return results;
}

/** On failure: where VS Code's own logs are, with the end of the ilo output channel. */
function printLogHints() {
  const logsRoot = join(runDir, 'user-data', 'logs');
  const found = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'remoteexthost.log' || p.includes('ilo-tooling')) found.push(p);
    }
  };
  walk(logsRoot);
  console.error(`e2e: logs: ${[automationLog, join(runDir, 'code-server.log'), ...found].join('\n      ')}`);
  for (const f of found.filter((p) => p.includes('ilo-tooling'))) {
    const tail = readFileSync(f, 'utf8').trim().split('\n').slice(-20).join('\n');
    console.error(`--- end of ${f} ---\n${tail || '(empty)'}`);
  }
  if (existsSync(join(shotsDir, 'failure.png'))) console.error(`e2e: the page at the end: ${join(shotsDir, 'failure.png')}`);
}

async function main() {
  checkPreconditions();
  await bundleSuite();
  const dirs = prepareScratch(runDir);
  rmSync(join(shotsDir, 'failure.png'), { force: true });
  cpSync(join(root, 'test', 'e2e', 'workspace'), workspace, { recursive: true });
  // The README's pictures are of examples/ (test/e2e/suite/00-docsImages.test.ts).
  cpSync(join(root, 'examples'), join(workspace, 'examples'), { recursive: true });
  const port = await freePort();
  const server = await startCodeServer({ dirs, port, smokeTestDriver: true });
  const onSignal = () => {
    server.stop();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  log(`code-server up on ${server.base} after ${secs(Date.now() - started)}`);

  let context;
  let how;
  try {
    context = await chromium.launchPersistentContext(join(runDir, 'chromium'), {
      executablePath: chromiumBin,
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (err) {
    await server.close();
    fail(`could not launch ${chromiumBin}: ${err.message}`);
  }
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const line = (Array.isArray(args) ? args : [args]).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
      writeFileSync(automationLog, `[${type}] ${line}\n`, { flag: 'a' });
    });
    const stopDomChecks = serveDomChecks(page);
    const { ended } = await waitForSuiteEnd(page, server);
    const url = server.url(workspace, [
      ['extensionDevelopmentPath', server.remoteUri(root)],
      ['extensionTestsPath', server.remoteUri(join(buildDir, 'index.js'))],
    ]);
    // A loaded machine (several test runs on two cores) can take well over playwright's default 30 s.
    await page.goto(url, { timeout: 180_000 });
    how = await ended;
    stopDomChecks();
    if (how.code !== 0) {
      mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: join(shotsDir, 'failure.png') }).catch(() => {});
    }
  } finally {
    await context.close().catch(() => {});
    await server.close();
  }

  const { passed, failed } = printResults(how);
  // A run that reports success but ran nothing is a failure too.
  const ok = (how.code === 0 || how.code === undefined) && failed === 0 && passed > 0;
  if (!ok) printLogHints();
  if (ok && docsImage) {
    mkdirSync(join(root, 'docs', 'images'), { recursive: true });
    for (const [shot, image] of [
      ['docs-hover-problems.png', 'vscode-hover-problems.png'],
      ['docs-hints-lenses.png', 'vscode-hints-lenses.png'],
    ]) {
      copyFileSync(join(shotsDir, shot), join(root, 'docs', 'images', image));
      log(`copied ${shot} to docs/images/${image}`);
    }
  }
  log(`finished in ${secs(Date.now() - started)}${how.note ? ` (${how.note})` : ''}`);
  console.log(`e2e: ${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed`);
  process.exit(ok ? 0 : 1);
}

main().catch((err) => fail(err?.stack ?? String(err)));
