// Import MCP tools into ilo: the mapping of JSON Schema to ilo types and
// names, the annotations that keep everything else, and the round trip —
// import, parse, verify, export — giving back the original tools.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importTools, importToolsFromText } from '../../server/src/contracts/import/import';
import { checkImportedSource } from '../../server/src/contracts/import/importCheck';
import type { RawTool } from '../../server/src/contracts/mcp/toolList';

const CORPUS = join(__dirname, '..', '..', '..', 'shared', 'corpus', 'mcp');

/** Import, then check the text through the real parser, verifier and exporter. */
function roundTrip(tools: RawTool[], options: Parameters<typeof importTools>[1] = {}) {
  const imported = importTools(tools, { header: false, ...options });
  const check = checkImportedSource(tools, imported.source);
  return { imported, check, source: imported.source };
}

function assertComesBack(check: ReturnType<typeof checkImportedSource>, source: string): void {
  assert.deepEqual(
    check.diagnostics.map((d) => `${d.code} ${d.message} @ ${source.slice(d.start, d.end)}`),
    [],
  );
  for (const t of check.tools) assert.ok(t.status === 'exact' || t.status === 'contract', `${t.name}: ${t.status} ${JSON.stringify(t.input)}`);
  // Lossless: the exported definition is the original, as canonical JSON.
  for (const t of check.tools) assert.ok(t.identical, `${t.name} does not come back identical: ${JSON.stringify([...t.input, ...t.other])}`);
}

test('every tool of the five corpus servers comes back on export, from files that check clean', () => {
  let tools = 0;
  let exact = 0;
  for (const f of readdirSync(CORPUS).filter((x) => x.endsWith('.tools.json'))) {
    const text = readFileSync(join(CORPUS, f), 'utf8');
    const imported = importToolsFromText(text, { server: f.replace('.tools.json', '') });
    assert.deepEqual(imported.problems, [], f);
    const check = checkImportedSource((JSON.parse(text) as { tools: RawTool[] }).tools, imported.source);
    assertComesBack(check, imported.source);
    assert.deepEqual(check.omitted, [], f);
    // Output schemas, titles, descriptions and hints come back too.
    for (const t of check.tools) assert.deepEqual(t.other, [], `${f} ${t.name}`);
    tools += check.tools.length;
    exact += check.tools.filter((t) => t.status === 'exact').length;
  }
  assert.equal(tools, 45);
  // Objects that did not say `additionalProperties` stay that way (`@schema {"additionalProperties":null}`).
  assert.equal(exact, 45);
});

test('JSON Schema types map to ilo types; what ilo cannot say travels in @schema', () => {
  const tool: RawTool = {
    name: 'book_room',
    description: 'Book a meeting room for a time slot',
    inputSchema: {
      type: 'object',
      properties: {
        roomId: { type: 'string', description: 'Room to book', pattern: '^R[0-9]+$' },
        seats: { type: 'integer', minimum: 1 },
        hours: { type: 'number' },
        projector: { type: 'boolean', default: false },
        attendees: { type: 'array', items: { type: 'string' }, minItems: 1 },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        layout: { type: 'string', enum: ['theatre', 'board', 'u-shape'] },
        priority: { type: 'string', enum: ['Low', 'High'] },
        note: { type: ['string', 'null'] },
      },
      required: ['seats', 'roomId', 'hours'],
    },
  };
  const { check, source } = roundTrip([tool]);
  assertComesBack(check, source);
  const lines = source.trim().split('\n');
  // Required parameters first, in the order of `required`; optional ones after, as O T.
  assert.equal(
    lines.at(-1),
    'tool book-room"Book a meeting room for a time slot" seats:n room-id:t hours:n projector:O b attendees:O (L t) labels:O (M t t) layout:O (S theatre board u-shape) priority:O t note:O t>R t t',
  );
  assert.deepEqual(lines.slice(0, -1), [
    '-- @wire book_room',
    '-- @schema seats {"type":"integer","minimum":1}',
    '-- @param room-id=roomId Room to book',
    '-- @schema room-id {"pattern":"^R[0-9]+$"}',
    '-- @schema projector {"default":false,"type":"boolean"}',
    '-- @schema attendees {"minItems":1,"type":"array"}',
    '-- @schema labels {"type":"object"}',
    '-- @schema layout {"type":"string"}',
    // `Low`/`High` are not ilo words: text with the enum kept.
    '-- @schema priority {"enum":["Low","High"],"type":"string"}',
    // Nullable and optional: the original type array is kept as it was.
    '-- @schema note {"type":["string","null"]}',
    // The input object did not say `additionalProperties`, so the export does not either.
    '-- @schema {"additionalProperties":null}',
  ]);
});

test('names become kebab-case, steer clear of builtins and keywords, and keep the wire name', () => {
  const tools: RawTool[] = [
    { name: 'len', description: 'Length of a stored document in characters', inputSchema: { type: 'object', properties: { type: { type: 'string' }, docId: { type: 'string' } }, required: ['type', 'docId'] } },
    { name: 'fetchPage', description: 'Fetch one page of search results', inputSchema: { type: 'object', properties: { page_token: { type: 'string' } } } },
    { name: 'summarize', description: 'Summarize a document in a few lines', inputSchema: { type: 'object', properties: {} } },
  ];
  const { imported, check, source } = roundTrip(tools, { server: 'docs', takenNames: ['summarize'] });
  assertComesBack(check, source);
  assert.deepEqual(
    imported.tools.map((t) => [t.wire, t.ilo]),
    [
      ['len', 'docs-len'],
      ['fetchPage', 'fetch-page'],
      ['summarize', 'docs-summarize'],
    ],
  );
  assert.match(source, /^-- @wire len\n-- @param type-arg=type\n-- @param doc-id=docId\n-- @schema \{"additionalProperties":null\}\ntool docs-len"[^"]*" type-arg:t doc-id:t>R t t$/m);
  assert.match(source, /^-- @param page-token=page_token$/m);
});

test('nested objects become record types, identical ones declared once; item constraints ride on an alias', () => {
  const address = {
    type: 'object',
    description: 'A postal address',
    properties: { street: { type: 'string' }, zipCode: { type: 'string', description: 'Postal code' } },
    required: ['street'],
  };
  const tools: RawTool[] = [
    {
      name: 'add_customer',
      description: 'Register a new customer with addresses',
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          addresses: { type: 'array', items: address },
          tags: { type: 'array', items: { type: 'string', description: 'A short label', maxLength: 16 } },
        },
        required: ['name', 'addresses'],
      },
      outputSchema: { type: 'object', properties: { id: { type: 'string' }, home: address }, required: ['id'] },
    },
    {
      name: 'move_customer',
      description: 'Change the address of a customer',
      inputSchema: { type: 'object', properties: { id: { type: 'string' }, to: address }, required: ['id', 'to'] },
    },
  ];
  const { check, source } = roundTrip(tools);
  assertComesBack(check, source);
  assert.equal(source.match(/^type /gm)?.length, 2);
  assert.match(
    source,
    /^-- A postal address\n-- @field zip-code=zipCode Postal code\n-- @schema zip-code \{"type":"string"\}\n-- @schema \{"additionalProperties":null\}\ntype address\{street:t;zip-code:O t\}$/m,
  );
  assert.match(source, /^-- A short label\n-- @schema \{"maxLength":16\}\nalias tag-item t$/m);
  // The server's output object is open (it does not say additionalProperties): the record says so itself.
  assert.match(source, /^-- @schema \{"additionalProperties":null\}\ntype add-customer-result\{id:t;home:O address\}$/m);
  assert.match(source, / addresses:L address tags:O \(L tag-item\)>R add-customer-result t$/m);
  assert.doesNotMatch(source, /@output/, 'the record gives the output back exactly: no verbatim copy needed');
  assert.match(source, / id:t to:address>R t t$/m);
});

test('shapes ilo has no type for are kept whole under `_`, and still come back exactly', () => {
  const tools: RawTool[] = [
    {
      name: 'set_value',
      description: 'Store a value under a key',
      inputSchema: {
        type: 'object',
        properties: {
          key: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }], description: 'One key or several' },
          value: { type: ['string', 'null'] },
          ttl: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null },
          meta: { type: 'object' },
          coords: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] },
        },
        required: ['key', 'value'],
      },
      outputSchema: { type: 'object', properties: { stored: { oneOf: [{ type: 'boolean' }, { type: 'string' }] } } },
    },
  ];
  const { imported, check, source } = roundTrip(tools);
  assertComesBack(check, source);
  assert.equal(imported.tools[0].status, 'exact');
  assert.match(source, /^-- @schema key \{"oneOf":\[\{"type":"string"\},\{"type":"array","items":\{"type":"string"\}\}\]\}$/m);
  // Required but allowed to be null: no O T for that, so `_` with its schema.
  assert.match(source, /^-- @schema value \{"type":\["string","null"\]\}$/m);
  assert.match(source, / key:_ value:_ ttl:O _ meta:O _ coords:O _>R set-value-result t$/m);
  // The output is a record for ilo code, open as the server's schema is.
  assert.match(source, /^-- @schema \{"additionalProperties":null\}\ntype set-value-result\{stored:O _\}$/m);
});

test('descriptions with quotes, backslashes, newlines and invisible characters survive, and the hidden ones become visible', () => {
  const tools: RawTool[] = [
    {
      name: 'grep_logs',
      title: 'Grep "logs"',
      description: 'Search logs for a "pattern" like C:\\logs\\*.txt\nSecond line\ttabbed',
      inputSchema: {
        type: 'object',
        properties: {
          pattern: { type: 'string', description: '  leading spaces and a\nnewline ' },
          scope: { type: 'string', description: '"quoted"' },
          hidden: { type: 'string', description: 'looks empty\u200b here' },
        },
        required: ['pattern'],
      },
    },
  ];
  const { check, source } = roundTrip(tools);
  assertComesBack(check, source);
  assert.match(source, /tool grep-logs"Search logs for a \\"pattern\\" like C:\\\\logs\\\\\*\.txt\\nSecond line\\ttabbed"/);
  assert.match(source, /^-- @param pattern "  leading spaces and a\\nnewline "$/m);
  assert.match(source, /^-- @param scope "\\"quoted\\""$/m);
  assert.match(source, /^-- @param hidden "looks empty\\u200b here"$/m);
  assert.ok(!source.includes('\u200b'), 'no invisible character is written into the file');
});

test('an output schema that is a plain object becomes the ok type of R; none gives R t t', () => {
  const tools: RawTool[] = [
    {
      name: 'get_weather',
      description: 'Current weather for a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      outputSchema: { type: 'object', properties: { tempC: { type: 'number' }, sky: { type: 'string', enum: ['clear', 'cloudy', 'rain'] } }, required: ['tempC', 'sky'], additionalProperties: false },
    },
    { name: 'ping', description: 'Check that the weather service answers', inputSchema: { type: 'object', properties: {} } },
  ];
  const { check, source } = roundTrip(tools);
  assertComesBack(check, source);
  assert.match(source, /^-- @field temp-c=tempC\ntype get-weather-result\{temp-c:n;sky:S clear cloudy rain\}$/m);
  assert.match(source, /city:t>R get-weather-result t$/m);
  assert.match(source, /^tool ping"Check that the weather service answers">R t t$/m);
  assert.deepEqual(check.tools.map((t) => t.other), [[], []]);
});

test('malformed input is reported with the tool and the JSON path, never thrown', () => {
  assert.match(importToolsFromText('{"tools": [').problems[0].message, /is not valid JSON/);
  assert.match(importToolsFromText('{"items": []}').problems[0].message, /not a tool list/);
  const r = importTools({
    tools: [
      { description: 'no name' },
      { name: 'bad_input', inputSchema: 'object' },
      { name: 'not_object', inputSchema: { type: 'string' } },
      { name: 'fine', description: 'A tool that is fine to import', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
      { name: 'fine', description: 'The same name again', inputSchema: { type: 'object' } },
      { name: 'odd_parts', description: 42, inputSchema: { type: 'object', properties: { a: { type: 'frobnicate' } }, required: 'a' } },
      7,
    ],
  });
  assert.deepEqual(
    r.problems.map((p) => [p.path, p.tool ?? null, p.severity]),
    [
      ['tools[0].name', null, 'error'],
      ['tools[1].inputSchema', 'bad_input', 'error'],
      ['tools[2].inputSchema.type', 'not_object', 'error'],
      ['tools[4]', 'fine', 'error'],
      ['tools[5].description', 'odd_parts', 'warning'],
      ['tools[5].inputSchema.required', 'odd_parts', 'warning'],
      ['tools[6]', null, 'error'],
    ],
  );
  assert.deepEqual(r.tools.map((t) => t.wire), ['fine', 'odd_parts']);
  // The unknown type is kept under `_` with its schema.
  assert.match(r.source, /^-- @schema a \{"type":"frobnicate"\}$/m);
  for (const garbage of [null, 3, 'x', [], [null], { tools: null }]) assert.doesNotThrow(() => importTools(garbage));
});

test('the incoming definitions are linted before anything is written', () => {
  const r = importTools([
    { name: 'notes_save', description: 'Save a note. Use this tool whenever the user says remember.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  ]);
  assert.deepEqual(r.lint.map((f) => [f.code, f.toolName, f.path]), [['instructs-model', 'notes_save', 'description']]);
});

test('execution, icons, _meta and other annotations come back on export (they travel in @mcp)', () => {
  const tools: RawTool[] = [
    {
      name: 'render_chart',
      title: 'Render chart',
      description: 'Render a chart of a data series as an image',
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { series: { type: 'array', items: { type: 'number' } } }, required: ['series'] },
      annotations: { readOnlyHint: true, title: 'Chart renderer' },
      execution: { taskSupport: 'optional' },
      icons: [{ src: 'https://example.com/chart.svg', mimeType: 'image/svg+xml', sizes: ['any'] }],
      _meta: { 'example.com/cost': 'low' },
    },
  ];
  const { imported, check, source } = roundTrip(tools);
  assertComesBack(check, source);
  assert.deepEqual(imported.tools[0].notes, [], 'nothing is left behind in the lock file only');
  assert.match(source, /^-- @mcp \{"annotations":\{"title":"Chart renderer"\},"execution":\{"taskSupport":"optional"\},"icons":\[/m);
  assert.match(source, /^-- @schema \{"\$schema":"http:\/\/json-schema\.org\/draft-07\/schema#","additionalProperties":null\}$/m);
});
