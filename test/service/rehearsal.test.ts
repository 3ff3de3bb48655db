// The idle-time edit rehearsal (service/rehearsal.ts): where it types, the
// order of the versions it analyses, and that the language service comes
// out of it, finished or stopped half-way, exactly as if it had never run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditRehearsal, MIN_REHEARSAL_LINES, rehearsalPoints } from '../../server/src/service/rehearsal';
import { LanguageService } from '../../server/src/service/languageService';
import { diagnosticsFor, hoverText } from './helpers';
import { bigProgram, letterTag as tag } from '../helpers/bigProgram';

const URI = 'file:///tmp/ilo-rehearsal/doc.ilo';

test('rehearsal points: ends of code lines only, spread over the document in order', () => {
  const text = '-- a comment\n\nf x:n>n;x\n  \ng y:n>n;y\r\n-- another\nh>n;1';
  assert.deepEqual(rehearsalPoints(text, 10), [text.indexOf(';x') + 2, text.indexOf(';y') + 2, text.length]);
  const many = Array.from({ length: 100 }, (_, i) => `f${'x'.repeat(i % 3)}>n;${i}`).join('\n');
  const points = rehearsalPoints(many, 4);
  assert.equal(points.length, 4);
  assert.deepEqual([...points].sort((a, b) => a - b), points, 'in document order');
  for (const at of points) assert.ok(at === many.length || many[at] === '\n', `${at} ends a line`);
  assert.ok(points[0] < many.length / 4 && points[3] > (many.length * 3) / 4, 'spread from the start to the end');
  assert.deepEqual(rehearsalPoints('-- only comments\n\n', 4), []);
});

test('rehearsal points: every kind of line takes its share (types, tools, heads, body lines)', () => {
  const parts = ['tool fetch"Fetch a page" url:t>R t t'];
  for (let i = 0; i < 20; i++) parts.push(`type r${tag(i)}{w:n}`, `f${tag(i)} x:n>n\n  y=+x 1\n  y`);
  const text = parts.join('\n');
  const kindAt = (at: number): string => {
    const line = text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
    return line.startsWith(' ') ? 'body' : line.split(/[\s{]/)[0].replace(/^f\w+/, 'head');
  };
  const points = rehearsalPoints(text, 7);
  const counts: Record<string, number> = {};
  for (const at of points) counts[kindAt(at)] = (counts[kindAt(at)] ?? 0) + 1;
  assert.deepEqual(counts, { tool: 1, type: 2, head: 2, body: 2 });
  assert.deepEqual([...points].sort((a, b) => a - b), points, 'in document order');
});

test('a rehearsal types then deletes one character per point, and ends on the real text', () => {
  const seen: string[] = [];
  const r = new EditRehearsal('ab\ncd', () => [2, 5], (t) => seen.push(t));
  while (r.step());
  assert.deepEqual(seen, ['abx\ncd', 'ab\ncd', 'ab\ncdx', 'ab\ncd']);
  assert.ok(r.done);
  assert.equal(r.step(), false);
});

test('a rehearsal stopped after typing analyses the real text again; stopped after deleting, nothing more', () => {
  const seen: string[] = [];
  const typed = new EditRehearsal('ab', () => [2], (t) => seen.push(t));
  typed.step();
  typed.end();
  typed.end();
  assert.deepEqual(seen, ['abx', 'ab']);
  seen.length = 0;
  const deleted = new EditRehearsal('ab', () => [2, 2], (t) => seen.push(t));
  deleted.step();
  deleted.step();
  deleted.end();
  assert.deepEqual(seen, ['abx', 'ab']);
});

test('small documents are not rehearsed', () => {
  const service = new LanguageService();
  service.setDocument(URI, bigProgram(2), 1);
  assert.equal(service.rehearsal(URI), undefined);
  assert.equal(service.rehearsal('file:///tmp/ilo-rehearsal/not-open.ilo'), undefined);
});

test('after a whole rehearsal the service publishes for the next edits what a fresh service does', () => {
  const text = bigProgram(80);
  assert.ok(text.split('\n').length >= MIN_REHEARSAL_LINES);
  const service = new LanguageService();
  const opened = diagnosticsFor(service.setDocument(URI, text, 1), URI)!;
  assert.ok(opened.some((d) => d.code === 'ILO-T004'), 'the document has errors to keep track of');
  const rehearsal = service.rehearsal(URI);
  assert.ok(rehearsal);
  let steps = 0;
  while (rehearsal.step()) steps++;
  assert.ok(steps >= 2, 'it analysed several versions');
  assert.equal(service.getAnalysis(URI)?.text, text, 'the analysis is of the real text');

  // Real edits now: each publish equals a fresh service's for the same text.
  let doc = text;
  for (const [i, at] of [text.indexOf('nope-ac'), text.lastIndexOf('*b.w')].entries()) {
    doc = `${doc.slice(0, at)}z${doc.slice(at)}`;
    const live = diagnosticsFor(service.setDocument(URI, doc, i + 2), URI);
    const fresh = diagnosticsFor(new LanguageService().setDocument(URI, doc, 1), URI);
    assert.deepEqual(live, fresh);
  }
});

test('a rehearsal stopped half-way leaves hover and diagnostics on the real text', () => {
  const text = bigProgram(80);
  const service = new LanguageService();
  service.setDocument(URI, text, 1);
  const rehearsal = service.rehearsal(URI)!;
  rehearsal.step(); // a character typed somewhere
  assert.notEqual(service.getAnalysis(URI)?.text, text);
  rehearsal.end();
  assert.equal(service.getAnalysis(URI)?.text, text);
  const line = text.split('\n').findIndex((l) => l.startsWith('get-ab'));
  assert.match(hoverText(service, URI, { line, character: 1 }), /get-ab/);
  const next = `${text}\nlast x:n>n;x\n`;
  assert.deepEqual(diagnosticsFor(service.setDocument(URI, next, 2), URI), diagnosticsFor(new LanguageService().setDocument(URI, next, 1), URI));
});

test('a document closed during a rehearsal is not opened again by it', () => {
  const service = new LanguageService();
  service.setDocument(URI, bigProgram(80), 1);
  const rehearsal = service.rehearsal(URI)!;
  rehearsal.step();
  service.closeDocument(URI);
  rehearsal.step();
  rehearsal.end();
  assert.equal(service.getAnalysis(URI), undefined);
});
