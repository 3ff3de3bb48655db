// LangChain JS (`@langchain/core`): a tool built from our openai-chat export
// (`tool(fn, {name, description, schema: parameters})`), bound to the
// package's fake chat model. The definition LangChain binds is our export; the
// model's tool call runs our function with the parsed arguments, and LangChain
// itself rejects a call our schema does not allow, naming the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tool, type StructuredToolInterface } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { AIMessageChunk } from '@langchain/core/messages';
import type { ToolDefinition } from '@langchain/core/language_models/base';
import type { OpenAIChatTool } from '../../server/src/schema/providerTools';
import { exported, FIND_USERS_ARGS } from './helpers';

// Compile-time proof: our openai-chat tools are LangChain's OpenAI tool definitions.
const asDefinition = (t: OpenAIChatTool): ToolDefinition => t;

/** The README recipe: one LangChain tool per exported function. */
function langchainTools(file: OpenAIChatTool[], run: (name: string, args: unknown) => string): StructuredToolInterface[] {
  return file.map((t) =>
    tool(async (args: unknown) => run(t.function.name, args), {
      name: t.function.name,
      description: t.function.description ?? '',
      schema: t.function.parameters,
      verboseParsingErrors: true,
    }),
  );
}

test('the tool definition LangChain binds is our openai-chat export', async () => {
  const file = exported<OpenAIChatTool[]>('openai-chat').value;
  const tools = langchainTools(file, () => 'ok');
  // What ChatOpenAI.bindTools sends: convertToOpenAITool with the tool's strict flag.
  assert.deepEqual(
    tools.map((t, i) => convertToOpenAITool(t, { strict: file[i].function.strict })),
    file.map(asDefinition),
  );
  // The fake chat model binds the same definitions (it does not pass `strict`).
  const bound = new FakeStreamingChatModel({ toolStyle: 'openai' }).bindTools(tools) as unknown as { config: { tools: unknown } };
  assert.deepEqual(
    bound.config.tools,
    file.map(({ type, function: { strict: _strict, ...fn } }) => ({ type, function: fn })),
  );
});

test('the fake model calls our tool: LangChain runs it with the parsed arguments and rejects a bad call by field', async () => {
  const file = exported<OpenAIChatTool[]>('openai-chat').value;
  const ran: Array<{ name: string; args: unknown }> = [];
  const tools = langchainTools(file, (name, args) => {
    ran.push({ name, args });
    return 'found 1';
  });
  const model = new FakeStreamingChatModel({
    toolStyle: 'openai',
    chunks: [new AIMessageChunk({ content: '', tool_calls: [{ name: 'find-users', args: FIND_USERS_ARGS, id: 'call_1', type: 'tool_call' }] })],
  }).bindTools(tools);

  const reply = await model.invoke('Find new users in Oslo');
  const call = reply.tool_calls?.[0];
  assert.ok(call);
  const findUsers = tools.find((t) => t.name === call.name)!;
  const result = (await findUsers.invoke(call)) as { content: unknown };
  assert.equal(result.content, 'found 1');
  assert.deepEqual(ran, [{ name: 'find-users', args: FIND_USERS_ARGS }]);

  const addNote = tools.find((t) => t.name === 'add-note')!;
  await assert.rejects(addNote.invoke({ name: 'add-note', args: { body: null }, id: 'call_2', type: 'tool_call' }), /did not match expected schema[\s\S]*required property "title"/);
  assert.equal(ran.length, 1, 'the rejected call did not run');
});
