// An A2A (Agent2Agent protocol v1.0) Agent Card for a file's tools: one skill
// per exported MCP tool. Seed 001 calls A2A discovery a schema exchange, but
// a skill carries no schema: it says what the agent can do (id, name,
// description, tags) and in which media types, nothing about arguments.
//
//   skill.id           the tool's wire name
//   skill.name         `@title`, else the wire name
//   skill.description  the tool's description (else its name)
//   skill.tags         the behavioral identity, lower case (`pure`, `read`, `data`),
//                      then the level-26 tool policy (`policy:domain=api.example.com`,
//                      `policy:tokens=500`, `policy:rate=10/min`)
//   skill.inputModes   application/json (the arguments object)
//   skill.outputModes  application/json with an output schema, else text/plain
//   supportedInterfaces [{url: base URL, protocolBinding: JSONRPC, protocolVersion: 1.0}]
//
// The types mirror @a2a-js/sdk's `AgentCard` (generated from a2a.proto), so
// the test can assign our card to the SDK's type. The file is the proto JSON
// form: empty lists and strings are left out, as the SDK's own `toJSON` does.

import type { McpTool } from '../schema/mcpTool';
import { isJsonObject } from '../schema/json';
import { BEHAVIOR_META_KEY } from '../contracts';
import { POLICY_META_KEY, policyFromJson, policyTags } from '../schema/toolPolicy';

export const A2A_PROTOCOL_VERSION = '1.0';
/** Where an A2A server publishes its card, resolved against its base URL (as the SDK's client does). */
export const A2A_CARD_PATH = '.well-known/agent-card.json';

const JSON_MODE = 'application/json';
const TEXT_MODE = 'text/plain';

export interface A2aAgentInterface {
  url: string;
  protocolBinding: string;
  tenant: string;
  protocolVersion: string;
}

export interface A2aAgentProvider {
  url: string;
  organization: string;
}

export interface A2aCapabilities {
  streaming?: boolean;
  pushNotifications?: boolean;
  /** We declare no protocol extensions. */
  extensions: [];
  extendedAgentCard?: boolean;
}

export interface A2aSkill {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
  inputModes: string[];
  outputModes: string[];
  securityRequirements: [];
}

export interface A2aAgentCard {
  name: string;
  description: string;
  supportedInterfaces: A2aAgentInterface[];
  provider: A2aAgentProvider | undefined;
  version: string;
  documentationUrl?: string;
  capabilities: A2aCapabilities;
  securitySchemes: Record<string, never>;
  securityRequirements: [];
  defaultInputModes: string[];
  defaultOutputModes: string[];
  skills: A2aSkill[];
  signatures: [];
  iconUrl?: string;
}

export interface A2aCardOptions {
  /** The URL the agent serves A2A JSON-RPC at (http or https). */
  baseUrl: string;
  /** The agent's name (e.g. the file's base name). */
  name: string;
  description?: string;
  version?: string;
}

/** The base URL in normal form, or an error saying what is wrong with it. */
export function checkBaseUrl(raw: string | undefined): { url?: string; error?: string } {
  if (raw === undefined || raw.trim() === '') return { error: 'an A2A agent card needs the URL the agent is served at' };
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return { error: `\`${raw}\` is not a URL` };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { error: `\`${raw}\` is not an http or https URL` };
  return { url: u.toString() };
}

/** Skill tags from the `_meta` behavior entry the behavior extender adds (empty when unknown). */
function behaviorTags(tool: McpTool): string[] {
  const b = tool._meta?.[BEHAVIOR_META_KEY];
  if (!isJsonObject(b)) return [];
  return [b.mutability, b.action, b.domain].filter((w): w is string => typeof w === 'string').map((w) => w.toLowerCase());
}

/** `policy:domain=…`, `policy:tokens=…`, `policy:rate=…/min` from the tool's `_meta` policy (A2A skills have no metadata object). */
function policyTagsOf(tool: McpTool): string[] {
  const p = policyFromJson(tool._meta?.[POLICY_META_KEY]);
  return p ? policyTags(p) : [];
}

/** One MCP tool as an A2A skill. */
export function a2aSkill(tool: McpTool): A2aSkill {
  return {
    id: tool.name,
    name: tool.title ?? tool.name,
    description: tool.description ?? tool.title ?? tool.name,
    tags: [...behaviorTags(tool), ...policyTagsOf(tool)],
    examples: [],
    inputModes: [JSON_MODE],
    outputModes: [tool.outputSchema ? JSON_MODE : TEXT_MODE],
    securityRequirements: [],
  };
}

/** The agent card of a set of exported MCP tools. `options.baseUrl` must pass `checkBaseUrl`. */
export function a2aAgentCard(tools: readonly McpTool[], options: A2aCardOptions): A2aAgentCard {
  const skills = tools.map(a2aSkill);
  const outputModes = [...new Set(skills.flatMap((s) => s.outputModes))];
  const ids = skills.map((s) => s.id);
  return {
    name: options.name,
    description: options.description ?? (ids.length > 0 ? `ilo tools of ${options.name}: ${ids.join(', ')}` : `ilo tools of ${options.name}`),
    supportedInterfaces: [{ url: options.baseUrl, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: A2A_PROTOCOL_VERSION }],
    provider: undefined,
    version: options.version ?? '1.0.0',
    capabilities: { streaming: false, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: [JSON_MODE],
    defaultOutputModes: outputModes.length > 0 ? outputModes : [TEXT_MODE],
    skills,
    signatures: [],
  };
}

/** The card file (`agent-card.json`): proto JSON without empty lists, strings and maps. */
export function a2aCardJson(card: A2aAgentCard): string {
  const compact = (_key: string, value: unknown): unknown => {
    if (value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
    if (_key === 'securitySchemes' && isJsonObject(value) && Object.keys(value).length === 0) return undefined;
    return value;
  };
  return JSON.stringify(card, compact, 2) + '\n';
}
