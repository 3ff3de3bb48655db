// A2A (`@a2a-js/sdk`, protocol v1.0): our agent card is served by the SDK's
// own server (agent-card handler and JSON-RPC handler over a
// DefaultRequestHandler) on 127.0.0.1, and read back by the SDK's client,
// which picks its transport from the card's `supportedInterfaces` and sends a
// message there. The card is assigned to the SDK's `AgentCard` type (checked
// by `npm run typecheck`), and the file is exactly the SDK's JSON form of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { AgentCard, Role, AGENT_CARD_PATH, type Message } from '@a2a-js/sdk';
import { DefaultRequestHandler, InMemoryTaskStore, AgentEvent, type AgentExecutor } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import { ClientFactory, DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { behaviorExtender } from '../../server/src/contracts';
import { buildManifest } from '../../server/src/schema/manifest';
import { a2aAgentCard, A2A_CARD_PATH } from '../../server/src/interop/a2aCard';
import { program } from '../schema/helpers/fixtures';
import { exported, TOOLS_SOURCE } from './helpers';

function message(parts: Message['parts']): Message {
  return { messageId: `m-${Math.random()}`, contextId: '', taskId: '', role: Role.ROLE_USER, parts, metadata: undefined, extensions: [], referenceTaskIds: [] };
}

test('the SDK serves our card, its client reads it back and reaches the agent at the card URL', async () => {
  const app = express();
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const agentUrl = `${base}/a2a/jsonrpc`;

    // Compile-time proof: our card is the SDK's AgentCard.
    const typed: AgentCard = a2aAgentCard(buildManifest(program(TOOLS_SOURCE), { extend: behaviorExtender() }).tools, { baseUrl: agentUrl, name: 'people' });
    const file = exported<Record<string, unknown>>('a2a', agentUrl).value;
    assert.deepEqual(AgentCard.toJSON(typed), file, 'the file is the SDK’s JSON form of the card');
    const defined = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown; // drops the SDK's `undefined` fillers
    assert.deepEqual(defined(AgentCard.fromJSON(file)), defined(typed), 'the SDK reads every field we write, and nothing is lost');
    assert.equal(A2A_CARD_PATH, AGENT_CARD_PATH);

    const received: Message[] = [];
    const executor: AgentExecutor = {
      execute: async (ctx, bus) => {
        received.push(ctx.userMessage);
        const reply: Message = { ...message([{ content: { $case: 'text', value: 'found 1 user' }, metadata: undefined, filename: '', mediaType: 'text/plain' }]), role: Role.ROLE_AGENT, contextId: ctx.contextId };
        bus.publish(AgentEvent.message(reply));
        bus.finished();
      },
      cancelTask: async () => {},
    };
    const handler = new DefaultRequestHandler(AgentCard.fromJSON(file), new InMemoryTaskStore(), executor, undefined, undefined, undefined, undefined, undefined, { validateInputModes: true });
    app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler }));
    app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));

    const card = await new DefaultAgentCardResolver().resolve(base);
    // The server sends its in-memory card (empty lists included); the client reads back our card.
    assert.deepEqual(card, defined(typed), 'the client reads back our card');
    assert.deepEqual(
      card.skills.map((s) => [s.id, s.tags, s.outputModes]),
      [
        ['find-users', ['pure', 'search', 'user'], ['application/json']],
        ['add-note', ['mutates', 'create', 'data'], ['text/plain']],
        ['tally', [], ['application/json']],
      ],
      'skill ids, behavior tags and output modes',
    );
    assert.equal(card.supportedInterfaces[0].url, agentUrl);

    // The client chooses the JSON-RPC interface of the card and calls it.
    const client = await new ClientFactory().createFromUrl(base);
    const args = { skill: 'find-users', arguments: { uid: 'u-17', near: { city: 'Oslo' }, tags: ['new'] } };
    const answer = await client.sendMessage({
      tenant: '',
      message: message([{ content: { $case: 'data', value: args }, metadata: undefined, filename: '', mediaType: 'application/json' }]),
      configuration: undefined,
      metadata: undefined,
    });
    assert.equal(received.length, 1);
    assert.deepEqual(received[0].parts[0].content, { $case: 'data', value: args });
    assert.ok('parts' in answer && answer.parts[0].content?.$case === 'text');

    // The card's input modes are enforced by the SDK: our tools take JSON, not text.
    await assert.rejects(
      client.sendMessage({
        tenant: '',
        message: message([{ content: { $case: 'text', value: 'find users' }, metadata: undefined, filename: '', mediaType: 'text/plain' }]),
        configuration: undefined,
        metadata: undefined,
      }),
      /text\/plain.*not supported/,
    );
    assert.equal(received.length, 1);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
