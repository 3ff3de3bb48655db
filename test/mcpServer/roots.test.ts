// The client's roots as the server keeps them: asked for once, again after
// a change, again after a failure (never cached as "none"); only `file:`
// URIs of existing directories count, by their real paths.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ClientRoots, isInside, realRootDirs } from '../../server/src/mcpServer/roots';
import { scratch } from './helpers';

test('only file: URIs of existing directories are roots, by their real paths; the file system root is none', () => {
  const dir = scratch('ilo-mcp-roots-');
  try {
    fs.mkdirSync(path.join(dir, 'real'));
    fs.symlinkSync(path.join(dir, 'real'), path.join(dir, 'link'));
    fs.writeFileSync(path.join(dir, 'file.ilo'), '');
    const uris = [
      pathToFileURL(path.join(dir, 'real')).href,
      pathToFileURL(path.join(dir, 'link')).href,
      pathToFileURL(path.join(dir, 'missing')).href,
      pathToFileURL(path.join(dir, 'file.ilo')).href,
      'https://example.com/repo',
      'file://',
      'file:///',
    ];
    assert.deepEqual(realRootDirs(uris), [path.join(dir, 'real')]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('inside a root: the root itself and below, never a sibling that shares its prefix or the parent', () => {
  assert.equal(isInside('/a/b', '/a/b'), true);
  assert.equal(isInside('/a/b/c.ilo', '/a/b'), true);
  assert.equal(isInside('/a/bc/d.ilo', '/a/b'), false);
  assert.equal(isInside('/a', '/a/b'), false);
  assert.equal(isInside('/a/b/../c.ilo', '/a/b'), false);
});

test('roots are fetched once, again after list_changed, and again after a failure', async () => {
  const dir = scratch('ilo-mcp-roots-');
  try {
    let calls = 0;
    let answer: () => Promise<readonly string[] | undefined> = async () => [pathToFileURL(dir).href];
    const roots = new ClientRoots(() => {
      calls++;
      return answer();
    });
    assert.deepEqual(await roots.dirs(), { kind: 'dirs', dirs: [dir] });
    assert.deepEqual(await roots.dirs(), { kind: 'dirs', dirs: [dir] });
    assert.equal(calls, 1);
    answer = async () => {
      throw new Error('Request timed out');
    };
    roots.invalidate();
    assert.deepEqual(await roots.dirs(), { kind: 'failed', why: 'Request timed out' });
    answer = async () => undefined;
    assert.deepEqual(await roots.dirs(), { kind: 'none' }, 'a failure is not kept');
    assert.equal(calls, 3);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
