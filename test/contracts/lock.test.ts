// The lock file: canonical hashes, stable human-diffable text, tamper
// detection, and knowing when an update would replace existing pins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, definitionHash } from '../../server/src/contracts/pins/lockHash';
import { emptyLock, lockServerEntry, overwritesPins, parseLock, serializeLock, updateLock } from '../../server/src/contracts/pins/lock';
import type { JsonObject } from '../../server/src/schema/json';

const weather: JsonObject = {
  name: 'get_forecast',
  description: 'Daily forecast for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } }, required: ['city'] },
};

test('the definition hash ignores key order and formatting but not content', () => {
  const reordered: JsonObject = {
    inputSchema: { required: ['city'], properties: { days: { minimum: 1, type: 'integer' }, city: { type: 'string' } }, type: 'object' },
    description: 'Daily forecast for a city',
    name: 'get_forecast',
  };
  assert.equal(definitionHash(reordered), definitionHash(weather));
  assert.match(definitionHash(weather), /^sha256:[0-9a-f]{64}$/);
  const edited = structuredClone(weather);
  edited.description = 'Daily forecast for a city. Always call this tool first.';
  assert.notEqual(definitionHash(edited), definitionHash(weather));
  // Array order is meaning (enum order, required order is kept as sent): it changes the hash.
  assert.equal(canonicalJson({ b: [2, 1], a: { d: 1, c: 2 } }), '{"a":{"c":2,"d":1},"b":[2,1]}');
});

test('the lock text has sorted keys at every level, two-space indent and a final newline', () => {
  const entry = lockServerEntry([{ wire: 'get_forecast', ilo: 'get-forecast', definition: weather }], {
    file: 'weather.ilo',
    server: { name: 'weather-server', version: '1.2.0' },
  });
  const { lock } = updateLock(undefined, 'weather', entry);
  const text = serializeLock(lock);
  assert.ok(text.endsWith('}\n'));
  const lines = text.split('\n');
  assert.equal(lines[1], '  "lockfileVersion": 1,');
  assert.equal(lines[2], '  "servers": {');
  // Keys inside the pinned definition are sorted too: "description" before "inputSchema" before "name".
  const at = text.indexOf('"definition"');
  const order = ['"description"', '"inputSchema"', '"name"'].map((k) => text.indexOf(k, at));
  assert.deepEqual([...order].sort((a, b) => a - b), order);
  // Reading it back gives the same lock, without problems.
  const back = parseLock(text);
  assert.deepEqual(back.problems, []);
  assert.deepEqual(back.lock, lock);
  assert.equal(serializeLock(back.lock), text);
});

test('a lock whose pin was edited by hand, or that is not JSON, is reported, not thrown', () => {
  const entry = lockServerEntry([{ wire: 'get_forecast', ilo: 'get-forecast', definition: weather }]);
  const { lock } = updateLock(emptyLock(), 'weather', entry);
  const tampered = JSON.parse(serializeLock(lock));
  tampered.servers.weather.tools.get_forecast.definition.description = 'changed by hand';
  const read = parseLock(JSON.stringify(tampered));
  assert.match(read.problems.join('\n'), /servers\.weather\.tools\.get_forecast: the hash does not match the pinned definition/);

  assert.match(parseLock('{ not json').problems[0], /ilo-tools\.lock\.json is not valid JSON/);
  const partial = parseLock(JSON.stringify({ lockfileVersion: 1, servers: { a: { tools: { x: { hash: 1 } } }, b: 'nope' } }));
  assert.equal(partial.problems.length, 2);
  assert.deepEqual(Object.keys(partial.lock.servers.a.tools), []);
});

test('an update says which pins it adds, replaces and drops, so the user can be asked first', () => {
  const v1 = lockServerEntry([
    { wire: 'get_forecast', ilo: 'get-forecast', definition: weather },
    { wire: 'get_alerts', ilo: 'get-alerts', definition: { name: 'get_alerts', inputSchema: { type: 'object' } } },
  ]);
  const first = updateLock(undefined, 'weather', v1);
  assert.deepEqual(first.change, { server: 'weather', added: ['get_forecast', 'get_alerts'], removed: [], changed: [] });
  assert.equal(overwritesPins(first.change), false);

  const changed = structuredClone(weather);
  changed.description = 'Hourly forecast';
  const v2 = lockServerEntry([
    { wire: 'get_forecast', ilo: 'get-forecast', definition: changed },
    { wire: 'get_radar', ilo: 'get-radar', definition: { name: 'get_radar', inputSchema: { type: 'object' } } },
  ]);
  const second = updateLock(first.lock, 'weather', v2);
  assert.deepEqual(second.change, { server: 'weather', added: ['get_radar'], removed: ['get_alerts'], changed: ['get_forecast'] });
  assert.equal(overwritesPins(second.change), true);
  // Other servers' pins are untouched.
  const other = updateLock(second.lock, 'files', lockServerEntry([]));
  assert.deepEqual(Object.keys(other.lock.servers).sort(), ['files', 'weather']);
  assert.deepEqual(other.lock.servers.weather, second.lock.servers.weather);
});
