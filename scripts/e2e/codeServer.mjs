// Starts and stops a private code-server (VS Code in a browser) for the e2e
// tests and for `npm start`. Every run gets scratch HOME/XDG/TMP/profile
// folders, so nothing of the user's own VS Code setup leaks in or out.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { codeServerEntry, nodeBin, nodeHome } from './paths.mjs';

/** Folders one code-server instance writes to, all below `scratch`. */
export function scratchDirs(scratch) {
  return {
    scratch,
    home: join(scratch, 'home'),
    tmp: join(scratch, 'tmp'),
    xdgConfig: join(scratch, 'xdg', 'config'),
    xdgData: join(scratch, 'xdg', 'data'),
    xdgCache: join(scratch, 'xdg', 'cache'),
    xdgState: join(scratch, 'xdg', 'state'),
    xdgRuntime: join(scratch, 'xdg', 'runtime'),
    userData: join(scratch, 'user-data'),
    extensions: join(scratch, 'extensions'),
    log: join(scratch, 'code-server.log'),
  };
}

/** User settings that keep the window quiet and deterministic. */
const quietSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  'editor.hover.delay': 100,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/** Recreates the scratch folders (wiping an earlier run) and writes settings. */
export function prepareScratch(scratch, settings = {}) {
  rmSync(scratch, { recursive: true, force: true });
  const dirs = scratchDirs(scratch);
  for (const [key, dir] of Object.entries(dirs)) if (key !== 'log') mkdirSync(dir, { recursive: true, mode: 0o700 });
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  writeFileSync(join(dirs.userData, 'User', 'settings.json'), JSON.stringify({ ...quietSettings, ...settings }, null, 2));
  return dirs;
}

/** A clean environment: only what code-server needs, pointed at the scratch folders. */
function serverEnv(dirs) {
  return {
    PATH: `${join(nodeHome, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_DATA_HOME: dirs.xdgData,
    XDG_CACHE_HOME: dirs.xdgCache,
    XDG_STATE_HOME: dirs.xdgState,
    XDG_RUNTIME_DIR: dirs.xdgRuntime,
    LANG: 'C.UTF-8',
    // The network here reaches no marketplace: point the gallery at a closed
    // loopback port so lookups fail at once and nothing leaves the machine.
    EXTENSIONS_GALLERY: JSON.stringify({
      serviceUrl: 'http://127.0.0.1:9/gallery',
      itemUrl: 'http://127.0.0.1:9/item',
      resourceUrlTemplate: 'http://127.0.0.1:9/resource/{publisher}/{name}/{version}/{path}',
    }),
  };
}

function commonArgs(dirs) {
  return ['--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions];
}

export function ensureInstalled() {
  if (!existsSync(codeServerEntry) || !existsSync(nodeBin)) {
    throw new Error('code-server is not installed: run `node scripts/e2e/install.mjs` first');
  }
}

/** A TCP port nobody listens on right now (asked from the kernel). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Runs code-server once as a CLI (e.g. --install-extension); returns its output. */
export function codeServerCli(dirs, args) {
  ensureInstalled();
  const res = spawnSync(nodeBin, [codeServerEntry, ...commonArgs(dirs), ...args], {
    env: serverEnv(dirs),
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}`, error: res.error };
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForHealthy(port, child, logFile, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`code-server exited early (${child.exitCode ?? child.signalCode}):\n${readFileSync(logFile, 'utf8')}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`code-server did not answer on port ${port} within ${timeoutMs / 1000} s:\n${readFileSync(logFile, 'utf8')}`);
}

/**
 * Starts code-server in its own process group (so stop() ends it and every
 * child it spawned: extension hosts, language servers) and waits until it
 * answers. `smokeTestDriver` enables the hooks that run extension tests.
 */
export async function startCodeServer({ dirs, port, smokeTestDriver = false }) {
  ensureInstalled();
  const args = [
    codeServerEntry,
    ...commonArgs(dirs),
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-workspace-trust',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
  ];
  if (smokeTestDriver) args.push('--vscode-option', 'enable-smoke-test-driver');
  const out = openSync(dirs.log, 'a');
  // detached = setsid(): the child leads a new process group.
  const child = spawn(nodeBin, args, { env: serverEnv(dirs), detached: true, stdio: ['ignore', out, out] });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', () => {
    // Last chance: nothing may outlive the caller.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  /** SIGTERM the group, then SIGKILL whatever is still there after a grace period. */
  const close = async () => {
    stop();
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && groupAlive(child.pid)) await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  try {
    await waitForHealthy(port, child, dirs.log, 60_000);
  } catch (err) {
    stop();
    throw err;
  }
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    base,
    child,
    stop,
    close,
    /** A workbench URL opening `folder` with the given VS Code launch payload entries. */
    url(folder, payload = []) {
      const q = new URLSearchParams({ folder });
      if (payload.length) q.set('payload', JSON.stringify(payload));
      return `${base}/?${q.toString()}`;
    },
    /** How a local absolute path is addressed from the workbench (the "remote" side). */
    remoteUri(absPath) {
      return `vscode-remote://127.0.0.1:${port}${absPath}`;
    },
  };
}
