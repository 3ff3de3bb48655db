// Whether one tools/call may go upstream (seed 002: resolve by name,
// validate against the schema, compare behavioral identity — then dispatch).
// Pure: decided on the current admission and the request alone.

import { isJsonObject } from '../schema/json';
import type { Admission, ServedTool } from './admission';
import { EXPECT_META_KEY, expectationMismatch, parseExpectation } from './identity';

export type CallDecision = { kind: 'dispatch'; tool: ServedTool; args: Record<string, unknown> } | { kind: 'refuse'; server?: string; reason: string };

export interface CallRequest {
  name: string;
  arguments?: unknown;
  _meta?: unknown;
}

export function decideCall(admission: Pick<Admission, 'served' | 'withheld'>, request: CallRequest): CallDecision {
  const tool = admission.served.get(request.name);
  if (!tool) {
    const why = admission.withheld.get(request.name);
    if (why && why.length > 0) {
      const reasons = [...new Set(why.map((v) => `${v.reason}${why.length > 1 ? ` [${v.server}]` : ''}`))];
      return { kind: 'refuse', server: why.length === 1 ? why[0].server : undefined, reason: `tool \`${request.name}\` is withheld by the gate: ${reasons.join('; ')}` };
    }
    return { kind: 'refuse', reason: `no tool \`${request.name}\` is served by this gate` };
  }
  const args = request.arguments === undefined ? {} : request.arguments;
  if (!isJsonObject(args)) return { kind: 'refuse', server: tool.server, reason: 'the arguments must be a JSON object' };
  const bad = tool.check(args);
  if (bad) return { kind: 'refuse', server: tool.server, reason: `the arguments do not match the pinned input schema of \`${tool.name}\`: ${bad}` };
  const meta = isJsonObject(request._meta) ? request._meta : undefined;
  if (meta && meta[EXPECT_META_KEY] !== undefined) {
    const parsed = parseExpectation(meta[EXPECT_META_KEY]);
    if ('error' in parsed) return { kind: 'refuse', server: tool.server, reason: `the caller's _meta["${EXPECT_META_KEY}"] is not understood: ${parsed.error}` };
    const mismatch = expectationMismatch(parsed.expectation, tool.behavior);
    if (mismatch) return { kind: 'refuse', server: tool.server, reason: `behavioral identity mismatch for \`${tool.name}\`: ${mismatch}` };
  }
  return { kind: 'dispatch', tool, args };
}

/** Top-level argument names (never values) for the log. */
export function argumentNames(args: unknown): string[] {
  return isJsonObject(args) ? Object.keys(args).slice(0, 50) : [];
}
