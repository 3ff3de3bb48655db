// The gate's policy file (JSON), validated with ajv:
//
//   {
//     "readOnly": true,                          // serve and call only tools that are surely PURE
//     "allowNew": ["memory/*"],                  // true, false, or selectors: tools not pinned in the lock
//     "allow": ["memory/*", "search_*"],         // when present, only these tools are served
//     "deny": ["*/delete_*"],                    // never served (deny wins over allow)
//     "expect": {"memory/read_graph": "PURE READ DATA"}   // the identity a tool must have
//   }
//
// A selector is `tool` (any server) or `server/tool`; `*` matches any run of
// characters. An expectation is behavior words in any order (a subset is
// fine: "PURE" asks only for the mutability) or a 16-hex behavioral identity.

import Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import { parseExpectation } from './identity';
import { jsonProblem } from '../schema/jsonSyntax';

export interface GatePolicy {
  readOnly?: boolean;
  allowNew?: boolean | string[];
  allow?: string[];
  deny?: string[];
  expect?: Record<string, string>;
}

const SELECTOR = { type: 'string', minLength: 1, pattern: '^[^/]+(/[^/]+)?$' };

/** The policy file's JSON Schema (also printed in docs/gate.md). */
export const POLICY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    description: { type: 'string' },
    readOnly: { type: 'boolean' },
    allowNew: { anyOf: [{ type: 'boolean' }, { type: 'array', items: SELECTOR }] },
    allow: { type: 'array', items: SELECTOR },
    deny: { type: 'array', items: SELECTOR },
    expect: { type: 'object', propertyNames: SELECTOR, additionalProperties: { type: 'string', minLength: 1 } },
  },
} as const;

const KEYS = Object.keys(POLICY_SCHEMA.properties).filter((k) => k !== '$schema' && k !== 'description');

let validator: ReturnType<Ajv['compile']> | undefined;

function describe(e: ErrorObject, all: readonly ErrorObject[]): string {
  const at = e.instancePath === '' ? 'the policy' : e.instancePath;
  if (e.keyword === 'additionalProperties') {
    const key = (e.params as { additionalProperty: string }).additionalProperty;
    return `${at} has an unknown key "${key}" (known: ${KEYS.join(', ')})`;
  }
  if (e.keyword === 'pattern' || (e.keyword === 'minLength' && /^\/(allow|deny|allowNew)\//.test(e.instancePath))) {
    return `${at} is not a tool selector: write "tool" or "server/tool" ("*" matches anything)`;
  }
  if (e.keyword === 'propertyNames') {
    const keys = all.filter((o) => o.propertyName !== undefined && o.instancePath === e.instancePath).map((o) => JSON.stringify(o.propertyName));
    return `${at} has a key that is not a tool selector ("tool" or "server/tool")${keys.length > 0 ? `: ${[...new Set(keys)].join(', ')}` : ''}`;
  }
  if (e.keyword === 'anyOf') return `${at} must be true, false or a list of tool selectors`;
  return `${at} ${e.message ?? 'is invalid'}`;
}

/** Read a policy from its JSON text: the policy, or every problem found (never throws). */
export function parsePolicy(text: string, origin = 'policy'): { policy: GatePolicy } | { errors: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { errors: [`${origin} is not valid JSON: ${jsonProblem(text)}`] };
  }
  validator ??= new Ajv({ allErrors: true, strict: false }).compile(POLICY_SCHEMA);
  if (!validator(value)) {
    // anyOf reports each branch too, and propertyNames each failing keyword: their own message says it all.
    const all = validator.errors ?? [];
    const errors = all.filter((e) => e.propertyName === undefined && !all.some((o) => o.keyword === 'anyOf' && e.instancePath === o.instancePath && e !== o));
    return { errors: [...new Set(errors.map((e) => `${origin}: ${describe(e, all)}`))] };
  }
  const policy = value as GatePolicy;
  const errors: string[] = [];
  for (const [selector, expected] of Object.entries(policy.expect ?? {})) {
    const parsed = parseExpectation(expected);
    if ('error' in parsed) errors.push(`${origin}: /expect/${selector}: ${parsed.error}`);
  }
  return errors.length > 0 ? { errors } : { policy };
}

function globRegex(glob: string): RegExp {
  return new RegExp(`^${glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

/** Whether a selector (`tool` or `server/tool`, with `*`) names this tool. */
export function selects(selector: string, server: string, tool: string): boolean {
  const slash = selector.indexOf('/');
  const serverGlob = slash < 0 ? '*' : selector.slice(0, slash);
  const toolGlob = slash < 0 ? selector : selector.slice(slash + 1);
  return globRegex(serverGlob).test(server) && globRegex(toolGlob).test(tool);
}

/** The first selector of a list that names the tool. */
export function firstMatch(selectors: readonly string[] | undefined, server: string, tool: string): string | undefined {
  return selectors?.find((s) => selects(s, server, tool));
}

/** The policy with the command-line switches applied (a switch can only make it stricter or allow new tools). */
export function effectivePolicy(policy: GatePolicy | undefined, flags: { readOnly?: boolean; allowNew?: boolean }): GatePolicy {
  const out: GatePolicy = { ...(policy ?? {}) };
  if (flags.readOnly) out.readOnly = true;
  if (flags.allowNew) out.allowNew = true;
  return out;
}

/** Whether a tool that is not pinned may be served. */
export function allowsNew(policy: GatePolicy, server: string, tool: string): boolean {
  if (policy.allowNew === true) return true;
  return Array.isArray(policy.allowNew) && firstMatch(policy.allowNew, server, tool) !== undefined;
}
