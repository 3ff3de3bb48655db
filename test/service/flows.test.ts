// Toxic flows in the editor: the published diagnostic with its path as
// related locations (into used files too), its explanation on hover, flow
// labels in a tool's hover, and what an edit does to them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openAt, openMany } from './helpers';

const TOOLS = `tool read-file"Read the complete contents of a file" path:t>R t t
tool post-message"Post a new message to a Slack channel" channel:t text:t>R _ t
`;

test('the diagnostic is published on the sink with its path as related locations, across files', () => {
  const ws = openMany({
    'lib.ilo': `${TOOLS}send x:t>R _ t;⟦post-message⟧! "general" ⟦x⟧\n`,
    'main.ilo': `use "lib.ilo"\ngo p:t>R _ t;d=⟦read-file⟧! p;⟦send⟧ ⟦d⟧\n`,
  }, { open: ['main.ilo', 'lib.ilo'] });
  const main = ws.diagnostics('main.ilo').filter((d) => d.code === 'toxic-flow');
  assert.equal(main.length, 1);
  const [d] = main;
  assert.equal(d.source, 'ilo-contracts');
  assert.deepEqual(d.range, ws.file('main.ilo').ranges[1], 'on the call in main.ilo that leads to the sink in lib.ilo');
  const related = d.relatedInformation!;
  assert.deepEqual(related[0].location, { uri: ws.uriOf('main.ilo'), range: ws.file('main.ilo').ranges[0] }, 'the path starts at the source call');
  assert.deepEqual(related.at(-1)!.location, { uri: ws.uriOf('lib.ilo'), range: ws.file('lib.ilo').ranges[1] }, 'and ends at the sink argument in lib.ilo');
  assert.deepEqual(ws.diagnostics('lib.ilo').filter((x) => x.code === 'toxic-flow'), [], 'lib.ilo alone leaks nothing');
});

test('hover on the diagnostic explains toxic-flow; hover on a tool shows its labels', () => {
  const onSink = openAt(`${TOOLS}go p:t>R _ t;d=read-file! p;post-mes┆sage! "general" d\n`);
  const h = onSink.service.hover(onSink.uri, onSink.pos)!;
  const text = (h.contents as { value: string }).value;
  assert.match(text, /\*\*toxic-flow\*\*: private data or untrusted content reaches a tool/);
  const onTool = openAt(`tool read-fi┆le"Read the complete contents of a file" path:t>R t t\n`);
  const tool = (onTool.service.hover(onTool.uri, onTool.pos)!.contents as { value: string }).value;
  assert.match(tool, /\*\*Flow\*\* — `private` \(inferred, not declared\)/);
  assert.match(tool, /reads the user's file/);
});

test('editing the program: a sanitiser added clears the diagnostic, taking it out brings it back', () => {
  const ws = openMany({ 'a.ilo': `${TOOLS}go p:t>R _ t;d=read-file! p;post-message! "general" d\n` }, { open: 'all' });
  assert.equal(ws.diagnostics('a.ilo').filter((d) => d.code === 'toxic-flow').length, 1);
  ws.edit('a.ilo', `${TOOLS}-- @flow sanitizer\nscrub s:t>t;rgxsub "[0-9]" "#" s\ngo p:t>R _ t;d=read-file! p;c=scrub d;post-message! "general" c\n`);
  assert.deepEqual(ws.diagnostics('a.ilo').filter((d) => d.code === 'toxic-flow'), []);
  ws.edit('a.ilo', `${TOOLS}-- @flow sanitizer=untrusted\nscrub s:t>t;rgxsub "[0-9]" "#" s\ngo p:t>R _ t;d=read-file! p;c=scrub d;post-message! "general" c\n`);
  const back = ws.diagnostics('a.ilo').filter((d) => d.code === 'toxic-flow');
  assert.equal(back.length, 1, 'a sanitiser for untrusted content does not clean private data');
  assert.match(back[0].message as string, /^leak: private data from `read-file`/);
});
