// The end-to-end check of an import: parse the generated source with the real
// parser, verify it, export it with the schema layer, and compare each tool
// with the original. The importer already checks its own declarations
// against the exporter; this also proves the text reads back the same way.

import type { Diagnostic } from '../../diagnostics';
import { checkProgram } from '../../check/check';
import { buildSchemaEnv } from '../../schema/env';
import type { JsonObject } from '../../schema/json';
import { buildManifest, schemaDiagnostics } from '../../schema/manifest';
import { parseIlo } from '../../syntax/parse';
import { compareTools, type RawTool, type SchemaDifference } from '../mcp';
import type { RoundTripStatus } from './import';
import { lintToolDecls } from '../lints';
import { canonicalJson } from '../pins';

export interface CheckedTool {
  name: string;
  /** 'missing': the tool is not in the exported manifest. */
  status: RoundTripStatus | 'missing';
  /** Input schema differences under the contract criterion. */
  input: SchemaDifference[];
  /** Name, title, description, outputSchema, annotations, other fields. */
  other: SchemaDifference[];
  /** The exported definition is the original, as canonical JSON (nothing ignored, `$schema` included). */
  identical: boolean;
}

export interface ImportCheck {
  /** Parser, verifier and schema-layer diagnostics on the generated source. */
  diagnostics: Diagnostic[];
  /** Contract lints on the generated declarations. */
  lint: Diagnostic[];
  tools: CheckedTool[];
  /** Tools the exporter left out, with the reason. */
  omitted: { name: string; reason: string }[];
}

export function checkImportedSource(originals: readonly RawTool[], source: string): ImportCheck {
  const parsed = parseIlo(source);
  const decls = parsed.program.decls;
  const env = buildSchemaEnv(decls);
  const diagnostics = [...parsed.diagnostics, ...checkProgram(parsed.program, { text: source }), ...schemaDiagnostics(decls, env)];
  const manifest = buildManifest(decls, { env });
  const tools = originals.map((t): CheckedTool => {
    const exported = manifest.tools.find((m) => m.name === t.name);
    if (!exported) return { name: t.name, status: 'missing', input: [], other: [], identical: false };
    const c = compareTools(t, exported as unknown as JsonObject);
    const status: RoundTripStatus = c.input.length > 0 ? 'lossy' : c.inputExact.length > 0 ? 'contract' : 'exact';
    return { name: t.name, status, input: c.input, other: c.other, identical: canonicalJson(t) === canonicalJson(exported as unknown as JsonObject) };
  });
  return {
    diagnostics,
    lint: lintToolDecls(decls, { env }),
    tools,
    omitted: manifest.omitted.map((o) => ({ name: o.name, reason: o.reason })),
  };
}
