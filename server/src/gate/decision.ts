// Whether one tools/call may go upstream (seed 002: resolve by name,
// validate against the schema, compare behavioral identity — then dispatch).
// Pure: decided on the current admission and the request alone. A refusal
// has two texts: `reason` for the caller, `logReason` for the log (the names
// a caller asked for and keys the schema does not declare are shapes there).

import { isJsonObject } from '../schema/json';
import type { Admission, ServedTool } from './admission';
import { EXPECT_META_KEY, expectationMismatch, parseExpectation } from './identity';
import { logName } from './logShapes';

export type CallDecision =
  | { kind: 'dispatch'; tool: ServedTool; args: Record<string, unknown> }
  | { kind: 'refuse'; server?: string; reason: string; logReason: string };

export interface CallRequest {
  name: string;
  arguments?: unknown;
  _meta?: unknown;
}

export function decideCall(admission: Pick<Admission, 'served' | 'withheld'>, request: CallRequest): CallDecision {
  const name = typeof request.name === 'string' ? request.name : String(request.name);
  const tool = admission.served.get(name);
  if (!tool) {
    const why = admission.withheld.get(name);
    if (why && why.length > 0) {
      const reasons = [...new Set(why.map((v) => `${v.reason}${why.length > 1 ? ` [${v.server}]` : ''}`))];
      const text = `tool \`${name}\` is withheld by the gate: ${reasons.join('; ')}`;
      return { kind: 'refuse', server: why.length === 1 ? why[0].server : undefined, reason: text, logReason: `tool \`${logName(name)}\` is withheld by the gate: ${reasons.join('; ')}` };
    }
    return { kind: 'refuse', reason: `no tool \`${name}\` is served by this gate`, logReason: `no tool of that name (${[...name].length} characters) is served by this gate` };
  }
  const refuse = (reason: string, logReason = reason): CallDecision => ({ kind: 'refuse', server: tool.server, reason, logReason });
  const args = request.arguments === undefined ? {} : request.arguments;
  if (!isJsonObject(args)) return refuse('the arguments must be a JSON object');
  const bad = tool.check(args);
  if (bad) {
    const head = `the arguments do not match the pinned input schema of \`${tool.name}\`: `;
    return refuse(head + bad.reason, head + bad.logReason);
  }
  const meta = isJsonObject(request._meta) ? request._meta : undefined;
  if (meta && Object.hasOwn(meta, EXPECT_META_KEY)) {
    const parsed = parseExpectation(meta[EXPECT_META_KEY]);
    if ('error' in parsed) return refuse(`the caller's _meta["${EXPECT_META_KEY}"] is not understood: ${parsed.error}`, `the caller's _meta["${EXPECT_META_KEY}"] is not understood`);
    const mismatch = expectationMismatch(parsed.expectation, tool.behavior);
    if (mismatch) return refuse(`behavioral identity mismatch for \`${tool.name}\`: ${mismatch}`);
  }
  return { kind: 'dispatch', tool, args };
}

/**
 * Top-level argument names for the log, never values. Names the tool's
 * schema does not declare are counted, not written (keys of an open map are
 * data: a caller may use them for anything).
 */
export function argumentNames(args: unknown, declared?: ReadonlySet<string>): string[] {
  if (!isJsonObject(args)) return [];
  const keys = Object.keys(args);
  const shown = keys.filter((k) => declared?.has(k)).slice(0, 50);
  const others = keys.length - shown.length;
  return others > 0 ? [...shown, `(${others} other key${others === 1 ? '' : 's'})`] : shown;
}
