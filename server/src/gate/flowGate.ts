// The session's flow policy at the gate (issue 31; seed 003: taint sources and
// sinks, human in the loop for high-risk sinks). The gate cannot see where
// the agent's data goes, only which tools answered: once a tool labelled
// `private` or `untrusted` has answered in this session, a call to a `sink`
// (a possible leak) or to a `destructive` tool after untrusted content (a
// possible tamper) is decided by the policy's `flows`:
//
//   block  refused with a tool error that names the tools;
//   ask    the user is asked through MCP elicitation (`elicitation/create`)
//          when the client declared that capability; the call goes on only
//          when the user accepts and ticks the confirmation. A client without
//          elicitation, a decline, a cancel, an error or no answer within the
//          time limit refuses the call (fail closed);
//   log    let through, with a log line.
//
// What the user is shown: the tool, its server, which earlier tools brought
// private data or untrusted content in, and a bounded preview of the
// arguments (non-ASCII escaped, so direction overrides cannot disguise an
// address; secrets redacted). Neither the caller's error text nor the log
// holds argument values.

import { ElicitResultSchema, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { FlowDecision } from '../contracts/flows';
import { redactText } from './secretScan';

/** The log codes of flow decisions (each explained in explain/contracts.ts). */
export type FlowDecisionCode = 'flow-blocked' | 'flow-logged' | 'flow-confirmed' | 'flow-declined' | 'flow-no-elicitation' | 'flow-ask-failed';

export interface FlowOutcome {
  proceed: boolean;
  code: FlowDecisionCode;
  /** For the caller (a tool error when refused); tool names only. */
  reason: string;
  /** For the log: the same, in the gate's words. */
  logReason: string;
}

/** Sends one request to the client (the SDK handler's `extra.sendRequest`, tied to the call being decided). */
export type AskClient = (
  request: { method: 'elicitation/create'; params: Record<string, unknown> },
  schema: typeof ElicitResultSchema,
  options: { timeout: number; signal?: AbortSignal },
) => Promise<{ action: string; content?: Record<string, unknown> }>;

/** Whether the client can answer a form elicitation (an empty `elicitation` object means forms, as in the 2025-06-18 revision). */
export function canElicit(caps: ClientCapabilities | undefined): boolean {
  const e = caps?.elicitation as Record<string, unknown> | undefined;
  if (!e || typeof e !== 'object') return false;
  return e.form !== undefined || e.url === undefined;
}

/** Longest argument preview shown to the user. */
const PREVIEW_CHARS = 600;

/** The arguments as the user sees them: JSON, secrets redacted, anything outside printable ASCII escaped, bounded. */
export function argumentPreview(args: Record<string, unknown>): string {
  let json: string;
  try {
    json = JSON.stringify(args);
  } catch {
    return '(arguments that cannot be shown)';
  }
  const clipped = json.length > PREVIEW_CHARS * 4 ? json.slice(0, PREVIEW_CHARS * 4) : json;
  const escaped = redactText(clipped).text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > PREVIEW_CHARS ? `${escaped.slice(0, PREVIEW_CHARS)}… (${json.length} characters in all)` : escaped;
}

/** The form the user answers: one required yes/no. */
export const CONFIRM_SCHEMA = {
  type: 'object',
  properties: {
    confirm: { type: 'boolean', title: 'Allow this call', description: 'Tick to let the gate pass this one call on to the server.' },
  },
  required: ['confirm'],
} as const;

export interface RiskyCall {
  tool: string;
  server: string;
  args: Record<string, unknown>;
  decision: FlowDecision;
}

/**
 * Carry out the policy's action for a call the session's flows make risky
 * (`decision.action` is not `allow`). Never throws.
 */
export async function settleFlow(
  call: RiskyCall,
  client: { capabilities: ClientCapabilities | undefined; ask: AskClient },
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<FlowOutcome> {
  const { decision } = call;
  const why = decision.reason;
  if (decision.action === 'log') {
    return { proceed: true, code: 'flow-logged', reason: why, logReason: `flow policy log: ${why}` };
  }
  if (decision.action === 'block') {
    return { proceed: false, code: 'flow-blocked', reason: `${why}; the flow policy blocks such calls in this session`, logReason: `flow policy block: ${why}` };
  }
  if (!canElicit(client.capabilities)) {
    return {
      proceed: false,
      code: 'flow-no-elicitation',
      reason: `${why}; the flow policy asks the user to confirm such calls, and this client cannot ask (it did not declare the elicitation capability for forms)`,
      logReason: `flow policy ask: the client has no elicitation capability; ${why}`,
    };
  }
  const message =
    `ilo gate: \`${call.tool}\` (server \`${call.server}\`) ${sentenceOf(why, call.tool)}. ` +
    `Data from those answers may be in this call. Allow it?\nArguments: ${argumentPreview(call.args)}`;
  let answer: { action: string; content?: Record<string, unknown> };
  try {
    answer = await client.ask({ method: 'elicitation/create', params: { message, requestedSchema: CONFIRM_SCHEMA } }, ElicitResultSchema, {
      timeout: options.timeoutMs,
      signal: options.signal,
    });
  } catch (e) {
    const timedOut = (e as { code?: unknown })?.code === -32001;
    const what = timedOut ? `the user did not answer within ${Math.round(options.timeoutMs / 100) / 10} s` : 'asking the user failed';
    return { proceed: false, code: 'flow-ask-failed', reason: `${why}; ${what}, so the call is refused`, logReason: `flow policy ask: ${what}; ${why}` };
  }
  if (answer.action === 'accept' && answer.content?.confirm === true) {
    return { proceed: true, code: 'flow-confirmed', reason: why, logReason: `flow policy ask: the user allowed the call; ${why}` };
  }
  const how = answer.action === 'accept' ? 'did not tick the confirmation' : answer.action === 'cancel' ? 'cancelled the question' : 'declined';
  return { proceed: false, code: 'flow-declined', reason: `${why}; the user ${how}`, logReason: `flow policy ask: the user ${how}; ${why}` };
}

/** The decision's reason without the tool's own name in front (the message names it already). */
function sentenceOf(reason: string, tool: string): string {
  const head = `\`${tool}\` `;
  return reason
    .split('; ')
    .map((part) => (part.startsWith(head) ? part.slice(head.length) : part))
    .join(', and ');
}
