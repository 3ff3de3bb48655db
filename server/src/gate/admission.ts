// Which upstream tools the gate serves (seed 003: pinning against dynamic
// capability injection, collision checks against tool shadowing, sanitized
// descriptions against poisoned definitions). Pure: the listings come from
// upstream.ts, the pins from the lock, the rules from the policy.
//
// A tool is served when, in this order:
//   it is a valid MCP tool definition;
//   the policy does not deny it, and its allow list (when it has one) names it;
//   it is pinned in the lock and its canonical hash is the pinned one — or it
//     is new and --allow-new / the policy's `allowNew` admits it;
//   no blocking contract lint fires (instructions to the model, hidden
//     Unicode, requests for secrets, or any error-level finding);
//   under read-only, it surely leaves the world alone (unknown counts as mutating);
//   it has the identity the policy's `expect` asks for;
//   its input schema compiles (calls are checked against it);
// and no other server offers a tool of the same name (then neither is served).

import type { ToolBehavior } from '../contracts/behavior';
import { behaviorWords } from '../contracts/behavior';
import { lintMcpTools, type McpLintFinding } from '../contracts/lints';
import type { InputProblem, RawTool } from '../contracts/mcp';
import { definitionHash, formatDifferences, type LockFile } from '../contracts/pins';
import { diffSchemas } from '../contracts/mcp';
import { compileArgsCheck, type ArgsCheck } from './argsSchema';
import { expectationMismatch, mutabilityVerdict, parseExpectation, servedDefinition, toolIdentity } from './identity';
import { allowsNew, firstMatch, selects, type GatePolicy } from './policy';

/** What the gate knows of one upstream server. */
export interface ServerState {
  /** The tools as listed (absent when the server is down). */
  tools?: readonly RawTool[];
  /** Listing problems (invalid definitions are withheld). */
  problems?: readonly InputProblem[];
  /** Why the server cannot be used (failed to start, exited, timed out). */
  down?: string;
}

export interface ServedTool {
  /** The name the gate serves it under (the upstream's wire name). */
  name: string;
  server: string;
  /** The definition served downstream: the upstream's, with identity and origin. */
  definition: RawTool;
  behavior: ToolBehavior;
  hash: string;
  pinned: boolean;
  /** Checks arguments against the pinned input schema; a reason when they fail. */
  check: ArgsCheck;
}

export interface Verdict {
  server: string;
  tool: string;
  decision: 'served' | 'withheld';
  reason: string;
}

export interface Admission {
  served: Map<string, ServedTool>;
  /** Why a name is not served, by name (several servers may have withheld one name). */
  withheld: Map<string, Verdict[]>;
  verdicts: Verdict[];
}

/** Lint codes that keep a tool from being served whatever their severity. */
const BLOCKING_LINTS: ReadonlySet<string> = new Set(['instructs-model', 'hidden-unicode', 'requests-secret']);

function blocking(f: McpLintFinding): boolean {
  return f.severity === 'error' || BLOCKING_LINTS.has(f.code);
}

/** The parts of a definition that changed, for a reason: `description, inputSchema.properties.q`. */
function changeSummary(pinned: unknown, live: RawTool): string {
  const diffs = diffSchemas(pinned as never, live, 'exact');
  const lines = formatDifferences(diffs, 3);
  return lines.length > 0 ? lines.join('; ') : 'the definition';
}

interface Candidate {
  server: string;
  tool: RawTool;
}

export function admitTools(servers: ReadonlyMap<string, ServerState>, lock: LockFile, policy: GatePolicy, lockName = 'the lock file'): Admission {
  const verdicts: Verdict[] = [];
  const withhold = (server: string, tool: string, reason: string) => verdicts.push({ server, tool, decision: 'withheld', reason });
  const passed: { candidate: Candidate; served: ServedTool }[] = [];
  const offeredBy = new Map<string, string[]>();

  for (const [server, state] of servers) {
    const pins = lock.servers[server]?.tools ?? {};
    if (state.down !== undefined || !state.tools) {
      for (const wire of Object.keys(pins)) withhold(server, wire, `server \`${server}\` is not available: ${state.down ?? 'not listed'}`);
      continue;
    }
    const listed = new Set(state.tools.map((t) => t.name));
    for (const wire of Object.keys(pins)) {
      if (!listed.has(wire)) withhold(server, wire, `pinned from \`${server}\`, but the server no longer offers it`);
    }
    const invalid = new Map<string, string>();
    for (const p of state.problems ?? []) if (p.tool && /not a valid MCP tool definition/.test(p.message)) invalid.set(p.tool, p.message);
    let findings: McpLintFinding[] = [];
    try {
      findings = lintMcpTools(state.tools).filter(blocking);
    } catch {
      findings = [];
    }
    for (const tool of state.tools) {
      offeredBy.set(tool.name, [...(offeredBy.get(tool.name) ?? []), server]);
      const result = admitOne(server, tool, pins[tool.name], policy, lockName, invalid.get(tool.name), findings.filter((f) => f.toolName === tool.name));
      if (typeof result === 'string') withhold(server, tool.name, result);
      else passed.push({ candidate: { server, tool }, served: result });
    }
  }

  const served = new Map<string, ServedTool>();
  for (const { candidate, served: s } of passed) {
    const offering = offeredBy.get(candidate.tool.name) ?? [];
    if (offering.length > 1) {
      withhold(
        candidate.server,
        s.name,
        `shadowing: \`${s.name}\` is offered by ${offering.map((o) => `\`${o}\``).join(' and ')}; neither is served under that name (gate one of them with --server)`,
      );
      continue;
    }
    served.set(s.name, s);
    verdicts.push({ server: s.server, tool: s.name, decision: 'served', reason: `${s.pinned ? 'pinned and unchanged' : 'new, allowed by the policy'} (${behaviorWords(s.behavior)})` });
  }
  // Shadowed names that failed earlier checks still get the shadowing note.
  for (const [name, offering] of offeredBy) {
    if (offering.length < 2) continue;
    for (const server of offering) {
      if (!verdicts.some((v) => v.server === server && v.tool === name && v.reason.startsWith('shadowing'))) {
        withhold(server, name, `shadowing: \`${name}\` is offered by ${offering.map((o) => `\`${o}\``).join(' and ')}; neither is served under that name (gate one of them with --server)`);
      }
    }
  }

  const withheld = new Map<string, Verdict[]>();
  for (const v of verdicts) if (v.decision === 'withheld') withheld.set(v.tool, [...(withheld.get(v.tool) ?? []), v]);
  return { served, withheld, verdicts };
}

/** The served tool, or why it is withheld. */
function admitOne(
  server: string,
  tool: RawTool,
  pin: LockFile['servers'][string]['tools'][string] | undefined,
  policy: GatePolicy,
  lockName: string,
  invalid: string | undefined,
  findings: readonly McpLintFinding[],
): ServedTool | string {
  const wire = tool.name;
  if (invalid) return invalid;
  const denied = firstMatch(policy.deny, server, wire);
  if (denied) return `denied by the policy (deny "${denied}")`;
  if (policy.allow && !firstMatch(policy.allow, server, wire)) return `not in the policy's allow list`;
  const hash = definitionHash(tool);
  if (pin) {
    if (definitionHash(pin.definition) !== pin.hash) return `its pin in ${lockName} does not match its own hash (edited by hand?); re-import the tool`;
    if (pin.hash !== hash) return `changed since it was pinned (${changeSummary(pin.definition, tool)}); review it and re-import to accept`;
  } else if (!allowsNew(policy, server, wire)) {
    return `new: not pinned in ${lockName} (import it with \`ilo-ls import\`, or allow new tools with --allow-new)`;
  }
  if (findings.length > 0) {
    const f = findings[0];
    return `contract lint ${f.code} at ${f.path}: ${f.message}${findings.length > 1 ? ` (and ${findings.length - 1} more)` : ''}`;
  }
  const behavior = toolIdentity(tool);
  if (policy.readOnly) {
    const verdict = mutabilityVerdict(behavior);
    if (verdict !== 'read-only') {
      return `read-only: the tool ${verdict === 'mutates' ? 'changes the world' : 'may change the world (its mutability is not surely PURE)'} (${behaviorWords(behavior)})`;
    }
  }
  for (const [selector, text] of Object.entries(policy.expect ?? {})) {
    if (!selects(selector, server, wire)) continue;
    const parsed = parseExpectation(text);
    const mismatch = 'error' in parsed ? parsed.error : expectationMismatch(parsed.expectation, behavior);
    if (mismatch) return `the policy expects "${text}" of it (${selector}): ${mismatch}`;
  }
  const compiled = compileArgsCheck(pin ? pin.definition.inputSchema : tool.inputSchema);
  if ('error' in compiled) return compiled.error;
  return {
    name: wire,
    server,
    definition: servedDefinition(tool, behavior, { server, hash, pinned: pin !== undefined }),
    behavior,
    hash,
    pinned: pin !== undefined,
    check: compiled.check,
  };
}
