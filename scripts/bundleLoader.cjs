'use strict';
// dist/cli.js: loads the bundle beside this file (cli-main.js, named after this
// file) through a V8 code cache, so a process does not compile a megabyte of
// JavaScript again at every start (Node 20 has no module.enableCompileCache).
// Copied into dist/ by scripts/build.mjs.
//
// The cache lives in the user's cache folder ($XDG_CACHE_HOME or ~/.cache,
// then ilo-ls/), one file per bundle and command, named by node version,
// architecture, the bundle's content hash (the build stamps it; size and
// modification time for an unstamped bundle) and the command; V8 also checks
// it against the source and rejects a stale one. It is written when the process exits, if there was none or
// V8 rejected it, and holds every function compiled by then; runs that did
// more than the runs behind it write it again (a few times at most). Any
// failure (no home, read-only folder) only means no cache.
// ILO_LS_NO_CODE_CACHE=1 turns it off.
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const vm = require('node:vm');
const Module = require('node:module');

const name = path.basename(__filename, '.js');
const file = path.join(__dirname, `${name}-main.js`);
// The build keeps the bundle ASCII (a test checks): read as latin1 it is the
// same text, without the UTF-8 decoder's pass over a megabyte.
// The build writes ILO_BUNDLE_STAMP in front of this file (scripts/build.mjs):
// the bundle's length, content hash and whether it is ASCII. A bundle of
// another length is not the one stamped: it is named by its size and time.
const stamped = typeof ILO_BUNDLE_STAMP === 'object' ? ILO_BUNDLE_STAMP : undefined; // eslint-disable-line no-undef
const bytes = fs.readFileSync(file);
const trusted = stamped !== undefined && stamped.length === bytes.length ? stamped : undefined;
const { isAscii } = require('node:buffer');
const ascii = trusted !== undefined ? trusted.ascii : typeof isAscii === 'function' && isAscii(bytes);
const source = ascii ? bytes.toString('latin1') : bytes.toString('utf8');
const useCache = process.env.ILO_LS_NO_CODE_CACHE !== '1';
const prefix = `${name}-`;
// One cache per command: a check does not deserialize the formatter's or the
// gate's functions. A cache file is MAGIC, a two-byte length, a JSON note of
// the runs it was made from ({ gen, cpu: CPU ms of the largest }), then V8's data.
const command = /^[a-z-]{1,20}$/.test(process.argv[2] ?? '') ? process.argv[2] : 'other';
const MAGIC = 'ILOC';
/** Rewrites of one cache at most (each costs its run ~20 ms). */
const MAX_GEN = 6;
let dir = '';
let cacheFile = '';
let stamp = '';
let cachedData;
let note = { gen: -1, cpu: 0 };
if (useCache) {
  try {
    dir = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'ilo-ls');
    // No home (an empty HOME gives a relative path): no cache rather than one in the working folder.
    if (!path.isAbsolute(dir)) throw new Error('no cache folder');
    stamp = `${process.version}-${process.arch}-${trusted !== undefined ? trusted.hash : `${source.length}-${Math.floor(fs.statSync(file).mtimeMs)}`}`;
    cacheFile = path.join(dir, `${prefix}${stamp}-${command}.v8cache`);
    const buf = fs.readFileSync(cacheFile);
    if (buf.length > 6 && buf.toString('latin1', 0, 4) === MAGIC) {
      const len = buf.readUInt16LE(4);
      const parsed = JSON.parse(buf.toString('utf8', 6, 6 + len));
      if (Number.isInteger(parsed.gen) && typeof parsed.cpu === 'number') note = { gen: parsed.gen, cpu: parsed.cpu };
      cachedData = buf.subarray(6 + len);
    }
  } catch {
    cachedData = undefined;
  }
}
// The build wrote the bundle as the module's function (scripts/build.mjs): compiled as it is read,
// with no wrapper joined to it (joining made V8 copy the whole text into one flat string first).
const script = new vm.Script(source, { filename: file, cachedData });
// The cache holds the functions compiled by the runs that wrote it. A run
// that took over one and a half times the CPU time of the largest run behind the cache
// compiled code the cache lacks (a long file reaches checks a short one never
// does): it writes the cache again, with what it found there and what it
// compiled itself.
if (useCache && cacheFile !== '') {
  const fresh = cachedData === undefined || script.cachedDataRejected === true;
  process.once('exit', () => {
    try {
      const u = process.cpuUsage();
      const cpu = Math.round((u.user + u.system) / 1000);
      if (!fresh && (note.gen >= MAX_GEN || cpu <= 1.5 * note.cpu)) return;
      const head = Buffer.from(JSON.stringify({ gen: fresh ? 0 : note.gen + 1, cpu: Math.max(cpu, fresh ? 0 : note.cpu) }), 'utf8');
      fs.mkdirSync(dir, { recursive: true });
      // Caches of older builds of this bundle go; the new one is renamed into place whole.
      if (fresh) for (const f of fs.readdirSync(dir)) if (f.startsWith(prefix) && !f.startsWith(`${prefix}${stamp}-`)) fs.rmSync(path.join(dir, f), { force: true });
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      const size = Buffer.alloc(2);
      size.writeUInt16LE(head.length);
      fs.writeFileSync(tmp, Buffer.concat([Buffer.from(MAGIC, 'latin1'), size, head, script.createCachedData()]));
      fs.renameSync(tmp, cacheFile);
    } catch {
      // No cache this time.
    }
  });
}
const mod = new Module(file, module);
mod.filename = file;
mod.paths = Module._nodeModulePaths(__dirname);
const req = Module.createRequire(file);
// The bundle asks `require.main === module` to know it was started, not required.
req.main = require.main === module ? mod : require.main;
module.exports = mod.exports;
script.runInThisContext()(mod.exports, req, mod, file, __dirname);
module.exports = mod.exports;
