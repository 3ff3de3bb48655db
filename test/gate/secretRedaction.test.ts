// Secrets in tool results, end to end: an SDK server answers with one secret
// of each category (in text, structured content, an embedded resource and an
// error result); the SDK client behind the gate sees `[redacted:category]`,
// the log names categories and counts only. The policy can turn it off.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { rmSync } from 'node:fs';
import { lockFor, openGate, scratchDir, textOf } from './gateHelpers';
import { flowServer, GET_TIME, inContext, plantedSecrets } from './flowHelpers';
import { SECRET_CATEGORIES } from '../../server/src/gate/secretScan';
import type { JsonObject } from '../../server/src/schema/json';

const dir = scratchDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const planted = plantedSecrets();
const allText = SECRET_CATEGORIES.map((c) => inContext(c, planted[c])).join('\n');

const TOOLS: JsonObject[] = [
  { name: 'show_config', description: 'Show the service configuration as text.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
  { name: 'show_structured', description: 'Show the service configuration as structured data.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
  { name: 'fail_loudly', description: 'Check the service configuration and report problems.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
  GET_TIME,
];

const RESULTS: Record<string, JsonObject> = {
  show_config: { content: [{ type: 'text', text: allText }] },
  show_structured: {
    content: [
      { type: 'text', text: 'see structured content' },
      { type: 'resource', resource: { uri: 'file:///etc/app.pem', mimeType: 'text/plain', text: planted['private-key'] } },
    ],
    structuredContent: { env: { GITHUB_TOKEN: planted['github-token'], nested: [planted.jwt] } },
  },
  fail_loudly: { content: [{ type: 'text', text: `could not connect with ${inContext('connection-string', planted['connection-string'])}` }], isError: true },
  get_time: { content: [{ type: 'text', text: 'It is noon. Nothing secret here: sk-short, the bearer of news.' }] },
};

function assertNoSecret(text: string, where: string): void {
  for (const c of SECRET_CATEGORIES) assert.ok(!text.includes(planted[c]), `${where} holds the ${c}`);
}

describe('gate secret redaction in results', () => {
  it('every category is redacted in text, structured content, embedded resources and error results; the log names categories only', async () => {
    const server = flowServer(dir, 'cfg', { tools: TOOLS, results: RESULTS });
    const s = await openGate(new Map([['cfg', server.config]]), lockFor({ cfg: TOOLS }));
    try {
      const text = textOf(await s.client.callTool({ name: 'show_config', arguments: {} }));
      assertNoSecret(text, 'the text result');
      for (const c of SECRET_CATEGORIES) assert.ok(text.includes(`[redacted:${c}]`), `no [redacted:${c}] in ${text}`);
      assert.ok(text.includes('Authorization: Bearer [redacted:bearer-token]') && text.includes('postgres://[redacted:connection-string]@db.internal'));

      const structured = await s.client.callTool({ name: 'show_structured', arguments: {} });
      assertNoSecret(JSON.stringify(structured), 'the structured result');
      assert.deepEqual(structured.structuredContent, { env: { GITHUB_TOKEN: '[redacted:github-token]', nested: ['[redacted:jwt]'] } });
      assert.equal((structured.content as { resource?: { text: string } }[])[1].resource?.text, '[redacted:private-key]');

      const failed = await s.client.callTool({ name: 'fail_loudly', arguments: {} });
      assert.equal(failed.isError, true);
      assertNoSecret(textOf(failed), 'the error result');

      const clean = await s.client.callTool({ name: 'get_time', arguments: {} });
      assert.equal(textOf(clean), 'It is noon. Nothing secret here: sk-short, the bearer of news.');

      const log = s.log.text();
      assertNoSecret(log, 'the log');
      const line = s.log.entries.find((e) => e.tool === 'show_config' && e.decision === 'allowed');
      assert.deepEqual(line?.codes, ['secret-redacted']);
      assert.match(line!.reason, /redacted 14 secrets \(private-key, aws-access-key, github-token, gitlab-token, slack-token, anthropic-key, openai-key, stripe-key, google-api-key, npm-token, huggingface-token, jwt, bearer-token, connection-string\)/);
      assert.match(s.log.entries.find((e) => e.tool === 'show_structured' && e.decision === 'allowed')!.reason, /redacted 3 secrets \(private-key, github-token, jwt\)/);
      assert.equal(s.log.entries.find((e) => e.tool === 'get_time' && e.decision === 'allowed')?.codes, undefined);
    } finally {
      await s.close();
    }
  });

  it('"redactSecrets": false passes answers on as sent', async () => {
    const server = flowServer(dir, 'raw', { tools: TOOLS, results: RESULTS });
    const s = await openGate(new Map([['raw', server.config]]), lockFor({ raw: TOOLS }), { redactSecrets: false });
    try {
      const text = textOf(await s.client.callTool({ name: 'show_config', arguments: {} }));
      assert.equal(text, allText);
      assertNoSecret(s.log.text(), 'the log');
    } finally {
      await s.close();
    }
  });
});
