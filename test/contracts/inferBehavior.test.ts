// Behavior inference from MCP tool definitions written for these tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inferBehavior, type ToolFacts } from '../../server/src/contracts/behavior/inferBehavior';
import { behaviorId } from '../../server/src/contracts/behavior/behavior';
import { factsFromMcpTool } from '../../server/src/contracts/behavior/mcpFacts';

const triple = (f: ToolFacts) => {
  const b = inferBehavior(f);
  return `${b.mutability} ${b.action} ${b.domain}`;
};
const obj = (props: Record<string, string>, required: string[] = []) => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(props).map(([k, t]) => [k, { type: t }])),
  required,
});

test('the identity hash is the first 16 hex of SHA-256 of MUTABILITY|ACTION|DOMAIN', () => {
  assert.equal(behaviorId({ mutability: 'PURE', action: 'READ', domain: 'DATA' }), 'b2795a7bb60a9c04');
  assert.equal(behaviorId({ mutability: 'MUTATES', action: 'OVERWRITE', domain: 'DATA' }), '38abadc1ae6f83b9');
  assert.notEqual(behaviorId({ mutability: 'PURE', action: 'READ', domain: 'CONTENT' }), 'b2795a7bb60a9c04');
});

test('verbs in the name decide the action; reading a document gives content, writing one an acknowledgement', () => {
  assert.equal(triple({ name: 'fetch_document' }), 'PURE READ CONTENT');
  assert.equal(triple({ name: 'save_document' }), 'MUTATES OVERWRITE ACK');
  assert.equal(triple({ name: 'remove_bucket' }), 'MUTATES DELETE STRUCTURE');
  assert.equal(triple({ name: 'mergeBranch' }), 'MUTATES MERGE REF');
  assert.equal(triple({ name: 'append-log-entry' }), 'MUTATES APPEND DATA');
  assert.equal(triple({ name: 'find_customers_by_email' }).split(' ')[1], 'SEARCH');
});

test('issues, pull requests and users own their parts', () => {
  assert.equal(triple({ name: 'list_ticket_comments' }), 'PURE READ ISSUE');
  assert.equal(triple({ name: 'get_pull_request_reviews' }), 'PURE READ PR');
  assert.equal(triple({ name: 'get_account_settings' }), 'PURE READ DATA');
  assert.equal(triple({ name: 'get_user_settings' }), 'PURE READ USER');
});

test('MCP readOnlyHint decides mutability and is reported as the source', () => {
  const b = inferBehavior({ name: 'sync_calendar', annotations: { readOnlyHint: true } });
  assert.equal(b.mutability, 'PURE');
  assert.equal(b.source, 'annotations');
  const w = inferBehavior({ name: 'sync_calendar', annotations: { readOnlyHint: false } });
  assert.equal(w.mutability, 'MUTATES');
});

test('execution verbs are settled by the description', () => {
  assert.equal(triple({ name: 'run_statement', description: 'Runs a read-only statement against the warehouse' }), 'PURE READ DATA');
  assert.equal(triple({ name: 'run_statement', description: 'Runs a statement that may modify rows' }), 'MUTATES OVERWRITE DATA');
  const unsure = inferBehavior({ name: 'run_script', description: 'Runs a script' });
  assert.equal(unsure.mutability, 'MUTATES', 'the cautious guess for unknown effects');
  assert.equal(unsure.confidence, 'low');
});

test('a listing that takes a pattern is a search', () => {
  assert.equal(triple({ name: 'list_queues', inputSchema: obj({ pattern: 'string' }) }).split(' ')[1], 'SEARCH');
  assert.equal(triple({ name: 'list_queues', inputSchema: obj({ limit: 'number' }) }).split(' ')[1], 'READ');
});

test('what the description says is returned beats the name', () => {
  assert.equal(triple({ name: 'find_images', description: 'Finds images by tag. Returns the matching paths.' }), 'PURE SEARCH STRUCTURE');
  assert.equal(triple({ name: 'patch_note', description: 'Applies an edit and returns a unified diff of it.' }), 'MUTATES UPDATE DIFF');
});

test('an output schema of only success and message is an acknowledgement', () => {
  const f = { name: 'remove_members', outputSchema: obj({ success: 'boolean', message: 'string' }) };
  assert.equal(triple(f), 'MUTATES DELETE ACK');
  assert.equal(triple({ name: 'remove_members' }), 'MUTATES DELETE USER');
});

test('create-or-update is an overwrite; add to an existing thing appends unless the added thing is a part', () => {
  assert.equal(triple({ name: 'create_or_update_page' }).split(' ')[1], 'OVERWRITE');
  assert.equal(triple({ name: 'add_tags', description: 'Add tags to an existing photo' }).split(' ')[1], 'APPEND');
  assert.equal(triple({ name: 'add_ticket_comment', description: 'Add a comment to an existing ticket' }), 'MUTATES CREATE ISSUE');
});

test('a verb the name implies names the output when nothing else does', () => {
  assert.equal(triple({ name: 'compare', description: 'Compare two revisions' }), 'PURE READ DIFF');
  assert.equal(triple({ name: 'reply', description: 'Reply to someone' }), 'MUTATES CREATE CONTENT');
});

test('a name that is only a noun reads it; no evidence at all leaves the fields unknown', () => {
  const n = inferBehavior({ name: 'weather_forecast' });
  assert.equal(`${n.mutability} ${n.action} ${n.domain}`, 'PURE READ DATA');
  assert.equal(n.confidence, 'low');
  const none = inferBehavior({ name: 'zork' });
  assert.equal(none.action, undefined);
  assert.equal(none.mutability, undefined);
  assert.equal(none.confidence, 'low');
});

test('odd MCP input never throws', () => {
  for (const junk of [{ name: '' }, { name: '___' }, { name: 'x', inputSchema: { properties: 3 } }, { name: 'get', annotations: { readOnlyHint: 'yes' } }]) {
    assert.doesNotThrow(() => inferBehavior(factsFromMcpTool(junk as never)));
  }
  assert.equal(factsFromMcpTool({ name: 'get', annotations: { readOnlyHint: 'yes' } }).annotations, undefined);
});

test('commerce, messaging and operations verbs are writes', () => {
  const mutability = (name: string, description?: string) => inferBehavior({ name, description }).mutability;
  for (const name of ['ship-order', 'charge-card', 'pay-invoice', 'refund-payment', 'transfer-funds', 'book-flight', 'cancel-booking', 'send-email', 'publish-post', 'deploy-service', 'notify-customer', 'purchase-item']) {
    assert.equal(mutability(name), 'MUTATES', name);
  }
  // A verb in the description's first words decides a name that is only a noun.
  assert.equal(mutability('card', 'Charge the card on file'), 'MUTATES');
  assert.equal(mutability('order', 'Ship an order to the customer'), 'MUTATES');
  // Nouns that look like those verbs stay reads behind a read verb.
  assert.equal(mutability('get-order-status'), 'PURE');
  assert.equal(mutability('list-payments'), 'PURE');
});

test('each field carries its own confidence, so a sure verb is not undone by a vague object', () => {
  const b = inferBehavior({ name: 'get-thing' });
  assert.equal(b.mutability, 'PURE');
  assert.equal(b.confidences?.mutability, 'high');
  assert.equal(b.confidence, 'low', 'the domain is only a default');
  const noun = inferBehavior({ name: 'weather' });
  assert.equal(noun.confidences?.mutability, 'low', 'a bare noun is read with low confidence');
});
