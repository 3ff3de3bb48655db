// The official `@anthropic-ai/sdk` client sends our exported Anthropic tools to
// a local server standing in for the Messages API, which checks them and
// answers with a canned `tool_use` block; its input validates against our
// `input_schema`, and a bad one is rejected with a message naming the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import { toAnthropicTools, type AnthropicTool } from '../../server/src/schema/providerTools';
import { program } from '../schema/helpers/fixtures';
import { argumentErrors, exported, fakeApi, FIND_USERS_BAD_ARGS, TOOLS_SOURCE, unknownKeys } from './helpers';

// Compile-time proof: our tool type is the SDK's request type.
const sdkTools: Anthropic.Messages.Tool[] = toAnthropicTools(program(TOOLS_SOURCE)).tools;
void sdkTools;

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** What the Messages API checks about tools before answering. */
function checkTools(tools: Array<Record<string, unknown>>): void {
  tools.forEach((t, i) => {
    const extra = unknownKeys(t, ['name', 'description', 'input_schema', 'type', 'cache_control', 'strict']);
    if (extra.length > 0) throw new Error(`tools.${i}.${extra[0]}: Extra inputs are not permitted`);
    if (typeof t.name !== 'string' || !NAME.test(t.name)) throw new Error(`tools.${i}.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`);
    const schema = t.input_schema as Record<string, unknown> | undefined;
    if (!schema || schema.type !== 'object') throw new Error(`tools.${i}.input_schema.type: Input should be 'object'`);
    argumentErrors(schema as never, {}); // must compile as JSON Schema 2020-12
  });
}

test('Messages API: the Anthropic client sends our tools unchanged; the tool_use input validates against input_schema', async () => {
  const file = exported<AnthropicTool[]>('anthropic');
  const near = { city: 'Oslo' };
  let input: unknown = { uid: 'u-17', near, tags: ['old'] };
  const api = await fakeApi((req) => {
    assert.equal(req.path, '/v1/messages');
    checkTools((req.body as { tools: Array<Record<string, unknown>> }).tools);
    return {
      status: 200,
      body: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'find-users', input }],
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5 },
      },
    };
  });
  try {
    const client = new Anthropic({ apiKey: 'test-key', baseURL: api.url, maxRetries: 0 });
    const message = await client.messages.create({ model: 'claude-test', max_tokens: 256, messages: [{ role: 'user', content: 'Find old users in Oslo' }], tools: file.value });
    assert.deepEqual((api.seen[0].body as { tools: unknown }).tools, file.value, 'the request carries the exported file as it is');
    assert.deepEqual(file.value.map((t) => t.name), ['find-users', 'add-note', 'tally'], 'apply-fn (a function type) is left out');
    assert.match(file.omitted[0].reason, /function type/);

    const use = message.content.find((b) => b.type === 'tool_use');
    assert.ok(use && use.type === 'tool_use');
    const tool = file.value.find((t) => t.name === use.name)!;
    // Anthropic has no strict rewrite: the optional `limit` and `near.zip` may be left out.
    assert.equal(argumentErrors(tool.input_schema, use.input), undefined);

    input = { ...FIND_USERS_BAD_ARGS, limit: 'ten' };
    const bad = await client.messages.create({ model: 'claude-test', max_tokens: 256, messages: [{ role: 'user', content: 'again' }], tools: file.value });
    const badUse = bad.content.find((b) => b.type === 'tool_use');
    assert.ok(badUse && badUse.type === 'tool_use');
    const errors = argumentErrors(tool.input_schema, badUse.input) ?? '';
    assert.match(errors, /arguments\/near\/city must be string/);
    assert.match(errors, /arguments\/limit must be number/);
  } finally {
    await api.close();
  }
});

test('the fake Messages API refuses a drifted tool (an OpenAI-style field), so the proof above can fail', async () => {
  const file = exported<AnthropicTool[]>('anthropic');
  const api = await fakeApi((req) => {
    checkTools((req.body as { tools: Array<Record<string, unknown>> }).tools);
    return { status: 200, body: {} };
  });
  try {
    const client = new Anthropic({ apiKey: 'test-key', baseURL: api.url, maxRetries: 0 });
    const drifted = file.value.map(({ input_schema, ...rest }) => ({ ...rest, parameters: input_schema })) as unknown as AnthropicTool[];
    await assert.rejects(
      client.messages.create({ model: 'claude-test', max_tokens: 16, messages: [{ role: 'user', content: 'x' }], tools: drifted }),
      /Extra inputs are not permitted/,
    );
  } finally {
    await api.close();
  }
});
