#!/usr/bin/env node
// `npm start` (after the build): opens the extension, as a development
// extension, on a scratch copy of the examples/ workspace (see
// scratchWorkspace.mjs: the tracked files are never edited).
//   - With the desktop `code` CLI on PATH: `code --extensionDevelopmentPath=. examples`.
//   - Otherwise: the same code-server the e2e tests use (installed into
//     .tools/ if needed), with its local URL printed; runs until Ctrl-C.
// ILO_START=code-server forces the second way; ILO_PORT picks its port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, prepareScratch, startCodeServer } from './e2e/codeServer.mjs';
import { e2eOut, root } from './e2e/paths.mjs';
import { scratchExamples } from './scratchWorkspace.mjs';

const scratch = scratchExamples(root);
const examples = scratch.path;
console.log(
  scratch.created
    ? `start: copied examples/ to ${examples} (a scratch workspace outside git's view)`
    : `start: reusing the scratch workspace ${examples} (delete it to start again from examples/)`,
);

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function withDesktopCode() {
  console.log(`start: opening ${examples} in VS Code with the extension from ${root}`);
  const child = spawn('code', [`--extensionDevelopmentPath=${root}`, examples], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}

async function portToUse() {
  if (process.env.ILO_PORT) return Number(process.env.ILO_PORT);
  // The usual code-server port when it is free, any free port otherwise.
  const probe = await import('node:net');
  const free8080 = await new Promise((resolve) => {
    const srv = probe.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(8080, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
  return free8080 ? 8080 : freePort();
}

async function withCodeServer() {
  const install = spawnSync(process.execPath, [join(root, 'scripts', 'e2e', 'install.mjs'), '--label', 'start'], { stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
  const dirs = prepareScratch(join(e2eOut, 'start'));
  // The built workbench honours a launch payload (our development extension)
  // only with the smoke-test driver on; it changes nothing else for a user.
  const server = await startCodeServer({ dirs, port: await portToUse(), smokeTestDriver: true });
  const url = server.url(examples, [['extensionDevelopmentPath', server.remoteUri(root)]]);
  console.log('\nstart: VS Code (code-server) is running with the ilo extension loaded from this folder.');
  console.log(`start: open ${url}`);
  console.log(`start: log in ${dirs.log}; press Ctrl-C to stop.\n`);
  let stopping = false;
  const shutdown = async () => {
    stopping = true;
    console.log('\nstart: stopping code-server');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  server.child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`start: code-server exited (${code ?? signal}); see ${dirs.log}`);
    process.exit(code ?? 1);
  });
}

if (!existsSync(join(root, 'dist', 'client.js'))) {
  console.error('start: dist/client.js is missing: run `npm run build` first');
  process.exit(1);
}
if (process.env.ILO_START !== 'code-server' && onPath('code')) withDesktopCode();
else await withCodeServer();
