// The per-session flow policy the gate will apply (issue 31, gate half): it
// cannot see the agent's data, only which tools answered. After a tool that
// returns private data has answered, a call to a sink may leak it; after a
// tool that returns untrusted content has answered, a call to a sink or a
// destructive tool may be steered by it. Each risk is handled by policy:
// `block` (refuse), `ask` (confirm with the user first; the default), `log`
// (let it through, noted). Pure: the gate keeps the history and acts.

import type { SourceLabel } from '../../schema/flowWords';
import type { FlowKind } from './analyze';
import type { ToolFlow } from './toolFlow';

export type FlowAction = 'block' | 'ask' | 'log';

export interface FlowPolicy {
  /** A sink called after private data came back. Default `ask`. */
  leak?: FlowAction;
  /** A sink or destructive tool called after untrusted content came back. Default `ask`. */
  tamper?: FlowAction;
}

/** One tool that answered in the session, with its labels. */
export interface AnsweredTool {
  name: string;
  flow: Pick<ToolFlow, 'labels'>;
}

/** What the session has seen: for each source label, the first tool that brought it. */
export type SessionSources = Partial<Record<SourceLabel, string>>;

export interface FlowRisk {
  kind: FlowKind;
  /** The tool whose answer brought the data in. */
  because: string;
  action: FlowAction;
}

export interface FlowDecision {
  /** `allow` when the call carries no risk. */
  action: 'allow' | FlowAction;
  risks: FlowRisk[];
  /** One line for the user or the log (tool names, never values). */
  reason: string;
}

const STRICTNESS: Record<'allow' | FlowAction, number> = { allow: 0, log: 1, ask: 2, block: 3 };

/** The session's sources after `tool` answered (a new object; the old one is left as it was). */
export function observeAnswer(seen: SessionSources, tool: AnsweredTool): SessionSources {
  let out = seen;
  for (const l of ['private', 'untrusted'] as const) {
    if (tool.flow.labels.includes(l) && out[l] === undefined) out = { ...out, [l]: tool.name };
  }
  return out;
}

/** The sources a history of answers brought in. */
export function sourcesOf(history: readonly AnsweredTool[]): SessionSources {
  return history.reduce<SessionSources>(observeAnswer, {});
}

/**
 * What to do with a call to `call` given what the session has seen
 * (`history`: the tools that answered, oldest first, or their sources).
 */
export function decideFlow(history: readonly AnsweredTool[] | SessionSources, call: AnsweredTool, policy: FlowPolicy = {}): FlowDecision {
  const seen = Array.isArray(history) ? sourcesOf(history) : (history as SessionSources);
  const sink = call.flow.labels.includes('sink');
  const destructive = call.flow.labels.includes('destructive');
  const risks: FlowRisk[] = [];
  if (sink && seen.private !== undefined) risks.push({ kind: 'leak', because: seen.private, action: policy.leak ?? 'ask' });
  if ((sink || destructive) && seen.untrusted !== undefined) risks.push({ kind: 'tamper', because: seen.untrusted, action: policy.tamper ?? 'ask' });
  if (risks.length === 0) return { action: 'allow', risks, reason: '' };
  const action = risks.reduce<'allow' | FlowAction>((a, r) => (STRICTNESS[r.action] > STRICTNESS[a] ? r.action : a), 'allow');
  const what = risks.map((r) =>
    r.kind === 'leak'
      ? `\`${call.name}\` sends data out after \`${r.because}\` returned private data`
      : `\`${call.name}\` ${sink ? 'sends data out' : 'deletes or overwrites'} after \`${r.because}\` returned untrusted content`,
  );
  return { action, risks, reason: what.join('; ') };
}
