// Hover text for a tool's behavioral identity: the three fields, where they
// came from, how sure we are, and the identity hash (Markdown).

import type { Decl } from '../../syntax/ast';
import { buildSchemaEnv } from '../../schema/env';
import { completeTriple } from './behavior';
import { contractTool, type ContractTool } from './iloTools';

const SOURCE_TEXT = {
  declared: 'declared with `@behavior`',
  annotations: 'mutability from MCP hints, the rest inferred',
  inferred: 'inferred, not declared',
} as const;

/** Markdown lines describing a tool's behavior. */
export function behaviorHover(t: ContractTool): string {
  const b = t.behavior;
  const field = (label: string, value: string | undefined, reason: string | undefined) =>
    `| ${label} | \`${value ?? '?'}\` | ${b.source === 'declared' ? '' : (reason ?? '')} |`;
  const lines = [
    `**Behavior** — ${SOURCE_TEXT[b.source]}${b.source === 'declared' ? '' : `, ${b.confidence} confidence`}`,
    '',
    '| field | value | why |',
    '|---|---|---|',
    field('mutability', b.mutability, b.reasons?.mutability),
    field('action', b.action, b.reasons?.action),
    field('domain', b.domain, b.reasons?.domain),
    '',
  ];
  lines.push(completeTriple(b) ? `Identity \`${t.behaviorId}\` · input schema \`${t.schemaHash}\`` : `Identity unknown · input schema \`${t.schemaHash}\``);
  if (b.source !== 'declared' && completeTriple(b)) lines.push('', `Confirm with \`-- @behavior ${b.mutability} ${b.action} ${b.domain}\` above the tool.`);
  return lines.join('\n');
}

/**
 * Hover sections for a declaration, in the shape the hover provider takes:
 * the behavior block for tools, nothing otherwise. `visible` are the
 * declarations the file sees (to resolve types of the input schema).
 */
export function behaviorHoverSections(decl: Decl, visible: ReadonlyArray<{ decl: Decl }>): string[] {
  if (decl.kind !== 'ToolDecl') return [];
  try {
    const env = buildSchemaEnv(visible.map((v) => v.decl));
    return [behaviorHover(contractTool(decl, undefined, env))];
  } catch {
    return [];
  }
}
