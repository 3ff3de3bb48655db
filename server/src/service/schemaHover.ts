// Hover sections from the schema layer: the MCP tool definition of a tool,
// the JSON Schema of a record type or alias, and the input schema a function
// would have as a tool. The definition shown is the one export writes.

import type { Decl } from '../syntax/ast';
import { buildSchemaEnv, capabilityParams, functionInputSchema, toolDefinition, toolSummary, typeSchema } from '../schema';
import { behaviorHoverSections, contractExtender, flowHoverSections } from '../contracts';
import type { LocatedDecl } from '../query/symbols';

const json = (value: unknown): string => '```json\n' + JSON.stringify(value, null, 2) + '\n```';

export function schemaHoverSections(decl: Decl, visible: readonly LocatedDecl[], level?: '0.11' | '26'): string[] {
  const env = buildSchemaEnv(visible.map((v) => v.decl));
  switch (decl.kind) {
    case 'ToolDecl': {
      const def = toolDefinition(decl, env);
      const tool = contractExtender({ level })(def.tool, decl, env);
      // What the tool takes comes first, so the hover's first screen answers
      // "how do I call it"; the whole definition export writes comes last.
      const parts = [toolSummary(decl, tool), '**Input schema**', json(tool.inputSchema)];
      if (def.problems.length > 0) parts.push(`Left out of exports: ${def.problems.join('; ')}.`);
      parts.push(...behaviorHoverSections(decl, visible, level));
      parts.push(...flowHoverSections(decl, visible, env));
      parts.push('**MCP tool definition** (as exported)', json(tool));
      return parts;
    }
    case 'TypeDecl':
    case 'AliasDecl':
    case 'SumTypeDecl':
      return ['JSON Schema:', json(typeSchema(decl, env).schema)];
    case 'FunctionDecl': {
      const parts = [...behaviorHoverSections(decl, visible, level), ...flowHoverSections(decl, visible, env), 'Input schema as a tool:', json(functionInputSchema(decl, env).schema)];
      const caps = capabilityParams(decl, env).map((p) => `\`${p.name.text}\``);
      if (caps.length > 0) parts.push(`${caps.join(', ')}: capability (\`W\`), supplied by the runtime and not part of the input.`);
      return parts;
    }
    default:
      return [];
  }
}
