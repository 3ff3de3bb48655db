// Which upstream tools the gate serves (seed 003: pinning against dynamic
// capability injection, collision checks against tool shadowing, sanitized
// descriptions against poisoned definitions). Pure: the listings come from
// upstream.ts, the pins from the lock, the rules from the policy.
//
// A tool is served when, in this order:
//   it is a valid MCP tool definition, within the size bounds;
//   the policy does not deny it, and its allow list (when it has one) names it;
//   it is pinned in the lock *for this server* and its canonical hash is the
//     pinned one — or it is new and --allow-new / the policy's `allowNew` admits it;
//   a pinned tool whose server's ilo file (the lock's `file`) is named still has
//     its declaration there (what the user declared is part of the pin);
//   no blocking contract lint fires over any string it shows a model
//     (instructions to the model, hidden Unicode, requests for secrets,
//     credentials, prototype keys, or any error-level finding: too large to
//     check, a lint that failed);
//   under read-only, it is proven read-only (readOnly.ts);
//   it has the identity the policy's `expect` asks for;
//   its input schema compiles (calls are checked against it);
// and no other server may claim its name (below).
//
// Names are owned per server. A name pinned for exactly one server belongs to
// it: another server listing a tool of that name (or one that only looks like
// it) is withheld, and the owner's tool is judged on its own merits — one
// server can neither withhold nor shadow another's pinned tool. A name pinned
// for two servers, or new on two servers, is served under neither.
//
// Work per tool is bounded and cached by definition hash (lint findings) or
// schema (compiled checks), and admission can run in slices that yield to the
// event loop (admitToolsAsync), so one server listing thousands of tools does
// not stall calls to the others.

import type { ToolPolicySpec } from '../schema/toolPolicy';
import { servedPolicy } from './toolLimits';
import type { ToolBehavior } from '../contracts/behavior';
import { behaviorWords } from '../contracts/behavior';
import { lintMcpTools, type McpLintFinding } from '../contracts/lints';
import { nameSkeleton } from '../contracts/lints/lintNames';
import type { InputProblem, RawTool } from '../contracts/mcp';
import type { PrimitiveListKind, RawItem } from '../contracts/mcp/primitiveList';
import { diffSchemas } from '../contracts/mcp';
import { lockedServer, missingDeclaration, pinKey, pinOf, tryDefinitionHash, type LockFile, type PinnedDeclarations } from '../contracts/pins';
import { compileArgsCheck, type ArgsCheck } from './argsSchema';
import { expectationMismatch, parseExpectation, servedDefinition, toolIdentity } from './identity';
import { logPath } from './logShapes';
import { allowsNew, firstMatch, selects, type GatePolicy } from './policy';
import { readOnlyProof } from './readOnly';
import type { ToolFlow } from '../contracts/flows';
import { flowNote, servedFlow } from './servedFlow';

/** What the gate knows of one upstream server. */
export interface ServerState {
  /** The tools as listed (absent when the server is down). */
  tools?: readonly RawTool[];
  /** Listing problems (invalid definitions are withheld). */
  problems?: readonly InputProblem[];
  /** Why the server cannot be used (failed to start, exited, timed out). */
  down?: string;
  /** Its prompts, resources and resource templates as listed (a kind it does not offer is absent). */
  items?: Partial<Record<PrimitiveListKind, RawItem[]>>;
  /** Entries of those lists that were left out, and why. */
  itemProblems?: readonly string[];
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
  /** Top-level property names the pinned schema declares (argument names outside it are not logged). */
  declaredArgs: ReadonlySet<string>;
  /** Checks arguments against the pinned input schema. */
  check: ArgsCheck;
  /** Where its data comes from and goes (private, untrusted, sink, destructive): the session's flow policy reads it. */
  flow: ToolFlow;
  /** The tool's own limits (ilo 26 `policy{…}`), from its ilo declaration or its pinned `_meta`; enforced per call. */
  policy?: ToolPolicySpec;
  /**
   * When the tool is declared in the ilo file of its pins: that declaration's
   * argument names in parameter order. A domain policy then applies to the
   * first of them holding a text, as ilo applies it; without a declaration
   * the gate reads every URL-looking string instead (toolLimits.ts).
   */
  declaredParams?: readonly string[];
}

export interface Verdict {
  server: string;
  tool: string;
  decision: 'served' | 'withheld';
  /** For the caller and the log alike: it never quotes text from the definition. */
  reason: string;
}

export interface Admission {
  served: Map<string, ServedTool>;
  /** Why a name is not served, by name (several servers may have withheld one name). */
  withheld: Map<string, Verdict[]>;
  verdicts: Verdict[];
}

export interface AdmissionInput {
  servers: ReadonlyMap<string, ServerState>;
  lock: LockFile;
  policy: GatePolicy;
  lockName?: string;
  /** The ilo declarations of the pins (what the user declared with `@behavior`/`@hints`). */
  declarations?: PinnedDeclarations;
  /** Lint findings by definition hash, kept across admissions. */
  lintCache?: LintCache;
}

/** Most tools taken from one server; the rest are withheld. */
export const MAX_TOOLS_PER_SERVER = 10_000;

/** Lint codes that keep a tool from being served whatever their severity. */
const BLOCKING_LINTS: ReadonlySet<string> = new Set(['instructs-model', 'hidden-unicode', 'requests-secret', 'credential-in-contract', 'prototype-key']);

/** What a blocking finding means, in the gate's words (a finding's own message quotes the definition). */
const LINT_SUMMARY: Readonly<Record<string, string>> = {
  'instructs-model': 'the text instructs the model instead of describing the tool',
  'hidden-unicode': 'the text has invisible or direction-changing characters',
  'requests-secret': 'the tool asks the model for a secret',
  'credential-in-contract': 'the definition contains what looks like a credential',
  'prototype-key': 'the definition has a key named __proto__',
  'oversized-definition': 'the definition is too large to check',
  'lint-failed': 'the definition could not be checked',
};

function blocking(f: McpLintFinding): boolean {
  return f.severity === 'error' || BLOCKING_LINTS.has(f.code);
}

/** Why blocking findings keep a definition from being served (in the gate's words), or undefined when there are none. */
export function blockingSummary(findings: readonly McpLintFinding[]): string | undefined {
  if (findings.length === 0) return undefined;
  const f = findings[0];
  const more = findings.length > 1 ? ` (and ${findings.length - 1} more)` : '';
  return `contract lint ${f.code} at ${logPath(f.path)}: ${LINT_SUMMARY[f.code] ?? 'the definition is unsafe to show a model'}${more}`;
}

/** Blocking lint findings by definition hash (bounded: oldest dropped). */
export class LintCache {
  private readonly byHash = new Map<string, McpLintFinding[]>();
  constructor(private readonly max = 20_000) {}

  findings(hash: string, tool: RawTool): McpLintFinding[] {
    const hit = this.byHash.get(hash);
    if (hit) return hit;
    // One tool at a time: names are compared across servers by the admission itself.
    const found = lintMcpTools([tool], { disable: ['confusable-name'] }).filter(blocking);
    if (this.byHash.size >= this.max) this.byHash.delete(this.byHash.keys().next().value as string);
    this.byHash.set(hash, found);
    return found;
  }
}

/** The parts of a definition that changed, as paths (never the values: they may be the attack). */
function changeSummary(pinned: unknown, live: RawTool): string {
  const paths = [...new Set(diffSchemas(pinned as never, live, 'exact').map((d) => logPath(d.path || 'definition')))];
  return paths.length === 0 ? 'the definition' : paths.slice(0, 4).join(', ') + (paths.length > 4 ? ` and ${paths.length - 4} more` : '');
}

interface Passed {
  server: string;
  tool: RawTool;
  served: ServedTool;
}

/** Admission in steps: yields between tools so a driver can give the event loop a turn. */
function* admission(input: AdmissionInput): Generator<void, Admission> {
  const { servers, lock, policy } = input;
  const lockName = input.lockName ?? 'the lock file';
  const lintCache = input.lintCache ?? new LintCache();
  const verdicts: Verdict[] = [];
  const withhold = (server: string, tool: string, reason: string) => verdicts.push({ server, tool, decision: 'withheld', reason });
  const passed: Passed[] = [];
  const offeredBy = new Map<string, string[]>();

  for (const [server, state] of servers) {
    const pins = lockedServer(lock, server)?.tools;
    if (state.down !== undefined || !state.tools) {
      for (const wire of Object.keys(pins ?? {})) withhold(server, wire, `server \`${server}\` is not available: ${state.down ?? 'not listed'}`);
      continue;
    }
    const listed = new Set(state.tools.map((t) => t.name));
    for (const wire of Object.keys(pins ?? {})) {
      if (!listed.has(wire)) withhold(server, wire, `pinned from \`${server}\`, but the server no longer offers it`);
    }
    // Definitions the listing refused (too large, invalid, duplicated) are withheld with the reason.
    const invalid = new Map<string, string>();
    for (const p of state.problems ?? []) {
      if (!p.tool) continue;
      if (p.severity === 'error' && !listed.has(p.tool)) withhold(server, p.tool, `not served: ${p.message.replace(/`[^`]*`/g, '`…`')}`);
      else if (/not a valid MCP tool definition/.test(p.message)) invalid.set(p.tool, 'not a valid MCP tool definition');
    }
    let count = 0;
    for (const tool of state.tools) {
      offeredBy.set(tool.name, [...(offeredBy.get(tool.name) ?? []), server]);
      if (++count > MAX_TOOLS_PER_SERVER) {
        withhold(server, tool.name, `server \`${server}\` lists more than ${MAX_TOOLS_PER_SERVER} tools; the rest are not served`);
        continue;
      }
      const result = admitOne(server, tool, pins && Object.hasOwn(pins, tool.name) ? pins[tool.name] : undefined, input, lockName, invalid.get(tool.name), lintCache);
      if (typeof result === 'string') withhold(server, tool.name, result);
      else passed.push({ server, tool, served: result });
      yield;
    }
  }

  // Who owns a name: the servers that pinned it (whatever they list now).
  const ownersOf = (name: string) => Object.keys(lock.servers).filter((s) => pinOf(lock, s, name) !== undefined);
  // Look-alike names: the skeleton of every name pinned or listed, by server.
  const skeletons = new Map<string, { server: string; name: string; pinned: boolean }[]>();
  const noteSkeleton = (server: string, name: string, pinned: boolean) => {
    const sk = nameSkeleton(name);
    if (sk === '') return;
    const list = skeletons.get(sk) ?? [];
    if (!list.some((e) => e.server === server && e.name === name)) list.push({ server, name, pinned });
    skeletons.set(sk, list);
  };
  for (const [server, entry] of Object.entries(lock.servers)) for (const name of Object.keys(entry.tools)) noteSkeleton(server, name, true);
  for (const [server, state] of servers) for (const t of (state.tools ?? []).slice(0, MAX_TOOLS_PER_SERVER)) noteSkeleton(server, t.name, pinOf(lock, server, t.name) !== undefined);

  const served = new Map<string, ServedTool>();
  for (const { server, served: s } of passed) {
    const owners = ownersOf(s.name);
    const offering = offeredBy.get(s.name) ?? [];
    if (owners.length > 1) {
      withhold(server, s.name, `shadowing: \`${s.name}\` is pinned for ${owners.map((o) => `\`${o}\``).join(' and ')}; it is served under neither (gate one of them with --server)`);
      continue;
    }
    if (owners.length === 1 && owners[0] !== server) {
      withhold(server, s.name, `shadowing: \`${s.name}\` is pinned for \`${owners[0]}\`; \`${server}\` may not offer a tool of that name`);
      continue;
    }
    if (owners.length === 0 && offering.length > 1) {
      withhold(server, s.name, `shadowing: \`${s.name}\` is offered by ${offering.map((o) => `\`${o}\``).join(' and ')} and pinned for neither; neither is served under that name`);
      continue;
    }
    if (!s.pinned) {
      // A new tool that looks like another server's tool (`read_fiIe`, Cyrillic `rеad_file`) is a shadow too.
      const like = (skeletons.get(nameSkeleton(s.name)) ?? []).find((e) => e.server !== server && e.name !== s.name);
      if (like) {
        withhold(server, s.name, `shadowing: \`${s.name}\` looks like \`${like.name}\` of \`${like.server}\` (same letters after folding case, separators and look-alike characters)`);
        continue;
      }
    }
    served.set(s.name, s);
    verdicts.push({ server, tool: s.name, decision: 'served', reason: `${s.pinned ? 'pinned and unchanged' : 'new, allowed by the policy'} (${behaviorWords(s.behavior)}; ${flowNote(s.flow)})` });
  }

  const withheld = new Map<string, Verdict[]>();
  for (const v of verdicts) if (v.decision === 'withheld') withheld.set(v.tool, [...(withheld.get(v.tool) ?? []), v]);
  return { served, withheld, verdicts };
}

/** Admit in one go (tests, small listings). */
export function admitTools(
  servers: ReadonlyMap<string, ServerState>,
  lock: LockFile,
  policy: GatePolicy,
  lockName = 'the lock file',
  extra: Pick<AdmissionInput, 'declarations' | 'lintCache'> = {},
): Admission {
  const steps = admission({ servers, lock, policy, lockName, ...extra });
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Admit in slices of at most `sliceMs`, giving the event loop a turn between them. */
export async function admitToolsAsync(input: AdmissionInput, sliceMs = 8): Promise<Admission> {
  const steps = admission(input);
  let started = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - started > sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      started = performance.now();
    }
  }
}

/** The served tool, or why it is withheld. */
function admitOne(
  server: string,
  tool: RawTool,
  pin: LockFile['servers'][string]['tools'][string] | undefined,
  input: AdmissionInput,
  lockName: string,
  invalid: string | undefined,
  lintCache: LintCache,
): ServedTool | string {
  const { policy } = input;
  const wire = tool.name;
  if (invalid) return invalid;
  const denied = firstMatch(policy.deny, server, wire);
  if (denied) return `denied by the policy (deny "${denied}")`;
  if (policy.allow && !firstMatch(policy.allow, server, wire)) return `not in the policy's allow list`;
  const hash = tryDefinitionHash(tool);
  if (hash === undefined) return 'its definition is nested too deeply to be hashed';
  if (pin) {
    if (tryDefinitionHash(pin.definition) !== pin.hash) return `its pin in ${lockName} does not match its own hash (edited by hand?); re-import the tool`;
    if (pin.hash !== hash) return `changed since it was pinned (${changeSummary(pin.definition, tool)}); review it and re-import to accept`;
    // What the user declared about a pin (@flow, @behavior, policy{…}) is part of it: without it the pin is not served (fail closed).
    const missing = input.declarations ? missingDeclaration(input.declarations, server, wire) : undefined;
    if (missing) return `its reviewed declaration cannot be read (${missing}); restore the file the lock names or re-import`;
  } else if (!allowsNew(policy, server, wire)) {
    return `new: not pinned for \`${server}\` in ${lockName} (import it with \`ilo-ls import\`, or allow new tools with --allow-new)`;
  }
  let findings: McpLintFinding[];
  try {
    findings = lintCache.findings(hash, tool);
  } catch {
    return 'contract lint lint-failed: the definition could not be checked';
  }
  const blocked = blockingSummary(findings);
  if (blocked) return blocked;
  const declaration = input.declarations?.found.get(pinKey(server, wire));
  const behavior = toolIdentity(tool, pin ? declaration?.behavior : undefined);
  if (policy.readOnly) {
    const proof = readOnlyProof(tool, pin !== undefined, declaration);
    if (!proof.ok) return proof.reason;
  }
  for (const [selector, text] of Object.entries(policy.expect ?? {})) {
    if (!selects(selector, server, wire)) continue;
    const parsed = parseExpectation(text);
    const mismatch = 'error' in parsed ? parsed.error : expectationMismatch(parsed.expectation, behavior);
    if (mismatch) return `the policy expects "${text}" of it (${selector}): ${mismatch}`;
  }
  const limits = servedPolicy(pin ? declaration?.policy : undefined, pin?.definition._meta, pin !== undefined);
  if (limits.error) return limits.error;
  const schema = pin ? pin.definition.inputSchema : tool.inputSchema;
  const compiled = compileArgsCheck(schema);
  if ('error' in compiled) return compiled.error;
  const props = schema && typeof schema === 'object' && !Array.isArray(schema) ? (schema as { properties?: unknown }).properties : undefined;
  const declaredArgs = new Set(props && typeof props === 'object' && !Array.isArray(props) ? Object.keys(props) : []);
  const served: ServedTool = {
    name: wire,
    server,
    definition: servedDefinition(tool, behavior, { server, hash, pinned: pin !== undefined }),
    behavior,
    hash,
    pinned: pin !== undefined,
    declaredArgs,
    check: compiled.check,
    flow: servedFlow(tool, pin ? declaration : undefined),
  };
  if (limits.policy) served.policy = limits.policy;
  if (limits.policy && pin && declaration) served.declaredParams = declaration.params;
  return served;
}
