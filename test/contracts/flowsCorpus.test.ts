// Toxic flows on the conformance corpus (when ../shared/corpus is present):
// no `toxic-flow` on any clean example program, and a leak planted at the end
// of each one is found, with the right path, whatever the program around it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { corpusDir, exampleNames, examplesDir } from '../../scripts/corpusReader';
import { Analyzer, contractsFor } from '../../server/src/service/analysis';
import { OverlayFileHost } from '../../server/src/service/documents';

const dir = corpusDir();
const skip = dir === undefined ? 'corpus not present' : false;

/** The clean example programs (the reference accepts them), by absolute path. */
function cleanExamples(): string[] {
  const ex = examplesDir(dir!);
  return exampleNames(dir!)
    .filter((f) => {
      const expected = path.join(ex, f.replace(/\.ilo$/, '.expected.json'));
      return fs.existsSync(expected) && (JSON.parse(fs.readFileSync(expected, 'utf8')) as { exit: number }).exit === 0;
    })
    .map((f) => path.join(ex, f));
}

test('no toxic-flow on any clean corpus example', { skip }, () => {
  const files = cleanExamples();
  assert.ok(files.length > 50, 'the corpus has clean examples');
  const analyzer = new Analyzer(new OverlayFileHost());
  const found: string[] = [];
  for (const file of files) {
    const a = analyzer.analyze(file, fs.readFileSync(file, 'utf8'));
    for (const d of contractsFor([a], 'file').get(a.path) ?? []) if (d.code === 'toxic-flow') found.push(`${path.basename(file)}: ${d.message}`);
  }
  assert.deepEqual(found, []);
});

const PLANTED = `

-- @flow private
tool flowplant-read"Read the user's notes" q:t>R t t
-- @flow sink
tool flowplant-post"Post to a public channel" ch:t text:t>R _ t

flowplant-relay x:t>R _ t;flowplant-post! "general" x

flowplant-go q:t>R _ t;n=flowplant-read! q;r=flowplant-relay n;r
`;

test('a leak planted in each clean corpus example is found, on its sink, with its path', { skip }, () => {
  const analyzer = new Analyzer(new OverlayFileHost());
  let checked = 0;
  for (const file of cleanExamples()) {
    const text = fs.readFileSync(file, 'utf8').trimEnd() + PLANTED;
    // Next to the original, so that its `use`s resolve.
    const a = analyzer.analyze(file.replace(/\.ilo$/, '.planted.ilo'), text);
    const flows = (contractsFor([a], 'file').get(a.path) ?? []).filter((d) => d.code === 'toxic-flow');
    const where = path.basename(file);
    assert.equal(flows.length, 1, `${where}: ${flows.map((d) => d.message).join(' | ')}`);
    const [d] = flows;
    assert.equal(text.slice(d.start, d.end), 'flowplant-post', where);
    assert.deepEqual(
      d.related!.map((r) => text.slice(r.start, r.end)),
      ['flowplant-read', 'n', 'n', 'x'],
      where,
    );
    checked++;
  }
  assert.ok(checked > 50);
});
