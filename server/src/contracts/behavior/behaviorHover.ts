// Hover text for a tool's behavioral identity: the three fields, where they
// came from, how sure we are, and the identity hash (Markdown).

import type { Decl, FunctionDecl } from '../../syntax/ast';
import { buildSchemaEnv, type SchemaEnv } from '../../schema/env';
import { completeTriple } from './behavior';
import { contractTool, type ContractTool } from './iloTools';
import { declaresSigils, functionEffectEvidence, toolEffectEvidence, type EffectEvidence } from './effectEvidence';

const SOURCE_TEXT = {
  declared: 'declared with `@behavior`',
  annotations: 'mutability from MCP hints, the rest inferred',
  inferred: 'inferred, not declared',
} as const;

/** Markdown lines describing a tool's behavior; `effects` for a tool of a level-26 file. */
export function behaviorHover(t: ContractTool, effects?: EffectEvidence): string {
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
  if (effects) {
    lines.push(
      '',
      `**Effects** — \`${effects.sigils.map((s) => `/${s}`).join(' ')}\`, implicit: ${effects.why}. Exported as \`openWorldHint: ${effects.openWorld}\`, whatever \`@hints\` says.`,
      '',
      'Evidence order: `@behavior` › effect sigils › MCP hints › inference.',
    );
  }
  return lines.join('\n');
}

/**
 * Markdown for a level-26 function's behavior: a declared `@behavior`, else
 * what its effect sigils prove (`optedIn`: the file declares sigils
 * somewhere, so a function without them is pure by the language's word).
 * Empty when there is neither.
 */
export function functionBehaviorHover(fn: FunctionDecl, env: SchemaEnv, optedIn: boolean): string {
  const declared = env.annotationsOf(fn).annotations.behavior;
  const ev = functionEffectEvidence(fn, optedIn);
  if (!declared?.mutability && !ev) return '';
  const lines: string[] = [];
  if (declared?.mutability) {
    const words = [declared.mutability, declared.action, declared.domain].filter((w) => w !== undefined).join(' ');
    lines.push(`**Behavior** — \`${words}\`, declared with \`@behavior\` (it wins over the effect sigils and inference)`);
    if (ev && declared.mutability === 'MUTATES' && ev.pure) lines.push('', `The effect sigils disagree: ${ev.why}.`);
  } else if (ev?.pure) {
    lines.push(`**Behavior** — \`PURE\`, from the effect sigils: ${ev.why}`);
  } else if (ev) {
    lines.push(`**Behavior** — mutability unknown: ${ev.why}`);
  }
  if (ev) lines.push('', `World: ${ev.openWorld ? 'open' : 'closed'} (from the effect sigils).`);
  return lines.join('\n');
}

/**
 * Hover sections for a declaration, in the shape the hover provider takes:
 * the behavior block for tools (with the implicit `/http` at level 26), and
 * for functions of a level-26 file what `@behavior` or the effect sigils
 * say; nothing otherwise. `visible` are the declarations the file sees (to
 * resolve types of the input schema; the first ones are the file's own).
 */
export function behaviorHoverSections(decl: Decl, visible: ReadonlyArray<{ decl: Decl; file?: string }>, level?: '0.11' | '26'): string[] {
  try {
    const env = buildSchemaEnv(visible.map((v) => v.decl));
    if (decl.kind === 'ToolDecl') return [behaviorHover(contractTool(decl, undefined, env), level === '26' ? toolEffectEvidence() : undefined)];
    if (decl.kind !== 'FunctionDecl' || level !== '26') return [];
    // The file's own functions: those in the same file as the one hovered.
    const home = visible.find((v) => v.decl === decl)?.file;
    const own = visible.filter((v) => v.file === home).map((v) => v.decl);
    const text = functionBehaviorHover(decl, env, declaresSigils(own));
    return text === '' ? [] : [text];
  } catch {
    return [];
  }
}
