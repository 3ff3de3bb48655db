// The official `openai` client sends our exported tools (Responses API and
// Chat Completions) to a local server standing in for the API. The server
// checks what the API checks about tools and answers with a canned tool call;
// the call's arguments validate against our schema, and a bad call is
// rejected with a message naming the field. Our tool types are assigned to
// the SDK's own types, so `npm run typecheck` fails if the shapes drift.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { toOpenAIChatTools, toOpenAITools } from '../../server/src/schema/providerTools';
import type { OpenAIChatTool, OpenAITool } from '../../server/src/schema/providerTools';
import { program } from '../schema/helpers/fixtures';
import { argumentErrors, exported, fakeApi, FIND_USERS_ARGS, FIND_USERS_BAD_ARGS, strictViolations, TOOLS_SOURCE, unknownKeys } from './helpers';

// Compile-time proof: our types are the SDK's request types.
const responsesTools: OpenAI.Responses.FunctionTool[] = toOpenAITools(program(TOOLS_SOURCE)).tools;
const chatTools: OpenAI.Chat.Completions.ChatCompletionFunctionTool[] = toOpenAIChatTools(program(TOOLS_SOURCE)).tools;
void responsesTools;
void chatTools;

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** What the API checks about one function tool before answering. */
function checkFunction(fn: { name: string; parameters: unknown; strict?: boolean | null }, where: string): void {
  if (!NAME.test(fn.name)) throw new Error(`${where}.name: invalid function name`);
  const params = fn.parameters as Record<string, unknown>;
  if (params.type !== 'object') throw new Error(`${where}.parameters: must be a JSON Schema object`);
  argumentErrors(params as never, {}); // compiles under strict ajv, or throws
  if (fn.strict) {
    const v = strictViolations(params as never);
    if (v.length > 0) throw new Error(`${where}: strict schema rejected: ${v.join('; ')}`);
  }
}

test('Responses API: the openai client sends our tools unchanged, and the tool call it returns validates against our schema', async () => {
  const file = exported<OpenAITool[]>('openai');
  let callArgs: unknown = FIND_USERS_ARGS;
  const api = await fakeApi((req) => {
    assert.equal(req.path, '/v1/responses');
    const body = req.body as { tools: Array<Record<string, unknown>> };
    body.tools.forEach((t, i) => {
      const extra = unknownKeys(t, ['type', 'name', 'description', 'parameters', 'strict']);
      if (extra.length > 0) throw new Error(`tools[${i}]: unknown parameter ${extra.join(', ')}`);
      if (t.type !== 'function') throw new Error(`tools[${i}].type: expected function`);
      checkFunction(t as never, `tools[${i}]`);
    });
    return {
      status: 200,
      body: {
        id: 'resp_1',
        object: 'response',
        created_at: 1,
        status: 'completed',
        model: 'gpt-test',
        output: [{ type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'find-users', arguments: JSON.stringify(callArgs), status: 'completed' }],
        parallel_tool_calls: true,
        tool_choice: 'auto',
        tools: body.tools,
      },
    };
  });
  try {
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${api.url}/v1`, maxRetries: 0 });
    const response = await client.responses.create({ model: 'gpt-test', input: 'Find new users in Oslo', tools: file.value });
    assert.deepEqual((api.seen[0].body as { tools: unknown }).tools, file.value, 'the request carries the exported file as it is');
    assert.deepEqual(file.value.map((t) => [t.name, t.strict]), [
      ['find-users', true],
      ['add-note', true],
      ['tally', false],
    ]);

    const call = response.output.find((o) => o.type === 'function_call');
    assert.ok(call && call.type === 'function_call');
    const tool = file.value.find((t) => t.name === call.name)!;
    assert.equal(argumentErrors(tool.parameters, JSON.parse(call.arguments)), undefined);

    callArgs = FIND_USERS_BAD_ARGS;
    const bad = await client.responses.create({ model: 'gpt-test', input: 'again', tools: file.value });
    const badCall = bad.output.find((o) => o.type === 'function_call');
    assert.ok(badCall && badCall.type === 'function_call');
    const message = argumentErrors(tool.parameters, JSON.parse(badCall.arguments));
    assert.match(message ?? '', /arguments\/near\/city must be string/);
  } finally {
    await api.close();
  }
});

test('Chat Completions: the openai client sends our openai-chat export unchanged; the returned call validates', async () => {
  const file = exported<OpenAIChatTool[]>('openai-chat');
  let callArgs: unknown = FIND_USERS_ARGS;
  const api = await fakeApi((req) => {
    assert.equal(req.path, '/v1/chat/completions');
    const body = req.body as { tools: Array<Record<string, unknown>> };
    body.tools.forEach((t, i) => {
      const extra = [...unknownKeys(t, ['type', 'function']), ...unknownKeys(t.function as object, ['name', 'description', 'parameters', 'strict'])];
      if (extra.length > 0) throw new Error(`tools[${i}]: unknown parameter ${extra.join(', ')}`);
      if (t.type !== 'function') throw new Error(`tools[${i}].type: expected function`);
      checkFunction(t.function as never, `tools[${i}].function`);
    });
    return {
      status: 200,
      body: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-test',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            logprobs: null,
            message: {
              role: 'assistant',
              content: null,
              refusal: null,
              tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'find-users', arguments: JSON.stringify(callArgs) } }],
            },
          },
        ],
      },
    };
  });
  try {
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${api.url}/v1`, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'Find new users in Oslo' }], tools: file.value });
    assert.deepEqual((api.seen[0].body as { tools: unknown }).tools, file.value);
    // The Chat Completions tools carry exactly the Responses tools' schemas.
    assert.deepEqual(
      file.value.map((t) => ({ type: t.type, ...t.function })),
      exported<OpenAITool[]>('openai').value,
    );

    const call = completion.choices[0].message.tool_calls?.[0];
    assert.ok(call && call.type === 'function');
    const tool = file.value.find((t) => t.function.name === call.function.name)!;
    assert.equal(argumentErrors(tool.function.parameters, JSON.parse(call.function.arguments)), undefined);

    callArgs = FIND_USERS_BAD_ARGS;
    const bad = await client.chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'again' }], tools: file.value });
    const badCall = bad.choices[0].message.tool_calls?.[0];
    assert.ok(badCall && badCall.type === 'function');
    assert.match(argumentErrors(tool.function.parameters, JSON.parse(badCall.function.arguments)) ?? '', /arguments\/near\/city must be string/);
  } finally {
    await api.close();
  }
});

test('the fake API refuses a drifted tool, so the proof above can fail', async () => {
  const file = exported<OpenAITool[]>('openai');
  const api = await fakeApi((req) => {
    const body = req.body as { tools: Array<Record<string, unknown>> };
    body.tools.forEach((t, i) => {
      const extra = unknownKeys(t, ['type', 'name', 'description', 'parameters', 'strict']);
      if (extra.length > 0) throw new Error(`tools[${i}]: unknown parameter ${extra.join(', ')}`);
      checkFunction(t as never, `tools[${i}]`);
    });
    return { status: 200, body: {} };
  });
  try {
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${api.url}/v1`, maxRetries: 0 });
    // An Anthropic-style field, and a strict tool whose optional property is not required.
    const renamed = file.value.map(({ parameters, ...rest }) => ({ ...rest, input_schema: parameters })) as unknown as OpenAITool[];
    await assert.rejects(client.responses.create({ model: 'gpt-test', input: 'x', tools: renamed }), /unknown parameter input_schema/);
    const loose = structuredClone(file.value);
    (loose[0].parameters as { required: string[] }).required = ['uid'];
    await assert.rejects(client.responses.create({ model: 'gpt-test', input: 'x', tools: loose }), /every property must be required/);
  } finally {
    await api.close();
  }
});
