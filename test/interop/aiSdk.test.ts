// Vercel AI SDK (`ai`): tools built from our MCP export with
// `tool({inputSchema: jsonSchema(ours)})`, driven by the SDK's own mock
// language model emitting a tool call. `generateText` hands the model our
// schemas unchanged and runs our tool with the parsed arguments; a call the
// schema rejects never reaches the tool and the error names the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateText, jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { McpTool } from '../../server/src/schema/mcpTool';
import { argumentErrors, exported } from './helpers';

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

// Compile-time proof: our input schemas are the SDK's JSON Schema type.
const asSdkSchema = (t: McpTool): JSONSchema7 => t.inputSchema;

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A mock model that answers with one tool call, and records what it was given. */
function modelCalling(toolName: string, input: unknown): { model: MockLanguageModelV3; calls: CallOptions[] } {
  const calls: CallOptions[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options): Promise<GenerateResult> => {
      calls.push(options);
      return {
        content: [{ type: 'tool-call', toolCallId: 'call-1', toolName, input: JSON.stringify(input) }],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: USAGE,
        warnings: [],
      };
    },
  });
  return { model, calls };
}

/** The README recipe: one AI SDK tool per exported MCP tool, validated with ajv. */
function aiTools(manifest: { tools: McpTool[] }, run: (name: string, args: unknown) => unknown): ToolSet {
  const out: ToolSet = {};
  for (const t of manifest.tools) {
    out[t.name] = tool({
      description: t.description,
      inputSchema: jsonSchema<Record<string, unknown>>(asSdkSchema(t), {
        validate: (value) => {
          const problem = argumentErrors(t.inputSchema, value);
          return problem === undefined ? { success: true, value: value as Record<string, unknown> } : { success: false, error: new Error(problem) };
        },
      }),
      execute: async (args) => run(t.name, args),
    });
  }
  return out;
}

test('generateText gives the model our schemas unchanged and runs our tool with the parsed arguments', async () => {
  const manifest = exported<{ tools: McpTool[] }>('mcp').value;
  const ran: Array<{ name: string; args: unknown }> = [];
  const tools = aiTools(manifest, (name, args) => {
    ran.push({ name, args });
    return ['u-17'];
  });
  const args = { uid: 'u-17', near: { city: 'Oslo' }, tags: ['new'] };
  const { model, calls } = modelCalling('find-users', args);

  const result = await generateText({ model, tools, prompt: 'Find new users in Oslo' });

  const offered = (calls[0].tools ?? []).map((t) => (t.type === 'function' ? { name: t.name, description: t.description, inputSchema: t.inputSchema } : t));
  assert.deepEqual(
    offered,
    manifest.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    'the model sees exactly our input schemas',
  );
  assert.deepEqual(ran, [{ name: 'find-users', args }]);
  assert.deepEqual(result.toolResults.map((r) => [r.toolName, r.input, r.output]), [['find-users', args, ['u-17']]]);
});

test('a tool call our schema rejects never runs the tool; the error names the field', async () => {
  const manifest = exported<{ tools: McpTool[] }>('mcp').value;
  const ran: string[] = [];
  const tools = aiTools(manifest, (name) => {
    ran.push(name);
    return 'done';
  });
  const { model } = modelCalling('add-note', { body: 'no title' });

  const result = await generateText({ model, tools, prompt: 'Note this' });

  assert.deepEqual(ran, [], 'execute is not called');
  const errors = result.content.filter((p) => p.type === 'tool-error');
  assert.equal(errors.length, 1);
  assert.match(String((errors[0] as { error: unknown }).error), /must have required property 'title'/);
});
