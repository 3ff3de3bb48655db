// The ilo declarations behind the pins: each server in the lock names the ilo
// file its tools were imported into (`file`, relative to the lock). A pin is
// only half a pin if that file no longer declares the tool: `verify` must not
// report "0 findings" then, and the gate cannot read what the user declared
// about the tool (`@behavior`). This module finds, for every pinned tool, its
// `tool` declaration (by `@wire` name, else by the pinned ilo name) and what
// its annotations declare, or says why it cannot.

import * as path from 'node:path';
import type { ToolDecl } from '../../syntax/ast';
import { parseIlo } from '../../syntax/parse';
import { buildSchemaEnv } from '../../schema/env';
import { isCapabilityType } from '../../schema/typeSchema';
import type { BehaviorTriple } from '../behavior';
import { LEVEL_26 } from '../../level';
import { toolPolicyOf, type ToolPolicySpec } from '../../schema/toolPolicy';
import type { LockFile } from './lock';
import { contractTool } from '../behavior/iloTools';
import { toolFlowOf } from '../flows/summaries';
import type { ToolFlow } from '../flows/toolFlow';

export interface PinnedDeclaration {
  server: string;
  wire: string;
  /** The ilo file (absolute). */
  file: string;
  decl: ToolDecl;
  /** What `@behavior` declares (possibly partial). */
  behavior?: Partial<BehaviorTriple>;
  /** What `@hints` declares. */
  readOnlyHint?: boolean;
  /** Level 26: the tool's `policy{…}` (the gate enforces it). */
  policy?: ToolPolicySpec;
  /**
   * The argument names the declaration sends, in parameter order (wire names,
   * capability `W` parameters left out): ilo checks a domain policy against
   * the first of them that holds a text.
   */
  params: string[];
  /**
   * Its flow labels as the editor and the program analysis see them: what
   * `@flow` declares (source `declared`), else what inference reads from the
   * declaration (its `@behavior`, `@hints`, names and description); undefined
   * when they cannot be computed. Worked out on first use and kept (the gate
   * asks at admission, which yields between tools; `verify` never asks).
   */
  flow(): ToolFlow | undefined;
}

export interface PinnedDeclarationProblem {
  server: string;
  /** Absent: the whole file. */
  wire?: string;
  file?: string;
  message: string;
  /** Only worth a warning: the declaration was found (the pin is whole). */
  warningOnly?: boolean;
}

export interface PinnedDeclarations {
  /** `server\u0000wire` → the declaration. */
  found: Map<string, PinnedDeclaration>;
  problems: PinnedDeclarationProblem[];
}

export function pinKey(server: string, wire: string): string {
  return `${server}\u0000${wire}`;
}

/**
 * Why the declaration of a pinned tool cannot be read (its file is gone or
 * unreadable, or declares no tool for it), or undefined when it was found or
 * its server names no file. Warnings about a found declaration do not count.
 */
export function missingDeclaration(declarations: PinnedDeclarations, server: string, wire: string): string | undefined {
  let index = missingIndex.get(declarations);
  if (!index) {
    index = new Map();
    for (const p of declarations.problems) {
      const key = p.wire === undefined ? `${p.server}\u0001` : pinKey(p.server, p.wire);
      if (!p.warningOnly && !index.has(key)) index.set(key, p.message);
    }
    missingIndex.set(declarations, index);
  }
  return index.get(`${server}\u0001`) ?? index.get(pinKey(server, wire));
}

/** missingDeclaration's lookups, built once per set of declarations (admission asks per tool). */
const missingIndex = new WeakMap<PinnedDeclarations, Map<string, string>>();

/**
 * The declarations of every pin whose server names a file. Servers without a
 * `file` (pinned from a listing with no ilo output) are skipped. Never throws:
 * an unreadable or unparsable file, or a missing declaration, is a problem.
 */
export function findPinnedDeclarations(lock: LockFile, lockDir: string, readText: (file: string) => string | undefined): PinnedDeclarations {
  const out: PinnedDeclarations = { found: new Map(), problems: [] };
  for (const [server, entry] of Object.entries(lock.servers)) {
    if (entry.file === undefined) continue;
    const file = path.resolve(lockDir, entry.file);
    const text = readText(file);
    if (text === undefined) {
      out.problems.push({ server, file, message: `server \`${server}\` is pinned from ${entry.file}, which cannot be read` });
      continue;
    }
    let tools: ToolDecl[];
    let env: ReturnType<typeof buildSchemaEnv>;
    try {
      const decls = readDecls(text);
      tools = decls.filter((d): d is ToolDecl => d.kind === 'ToolDecl');
      env = buildSchemaEnv(decls);
    } catch {
      out.problems.push({ server, file, message: `${entry.file} (pins of \`${server}\`) could not be read as ilo` });
      continue;
    }
    const byWire = new Map<string, ToolDecl>();
    const byName = new Map<string, ToolDecl>();
    for (const d of tools) {
      const wire = env.annotationsOf(d).annotations.wire ?? d.name.text;
      if (!byWire.has(wire)) byWire.set(wire, d);
      if (!byName.has(d.name.text)) byName.set(d.name.text, d);
    }
    for (const [wire, pin] of Object.entries(entry.tools)) {
      const decl = byWire.get(wire) ?? byName.get(pin.ilo);
      if (!decl) {
        out.problems.push({ server, wire, file, message: `\`${wire}\` of \`${server}\` is pinned, but ${entry.file} declares no tool for it (wire name \`${wire}\`, ilo name \`${pin.ilo}\`)` });
        continue;
      }
      const ann = env.annotationsOf(decl).annotations;
      const params = decl.params.filter((p) => !isCapabilityType(p.type, env)).map((p) => ann.properties.get(p.name.text)?.wire ?? p.name.text);
      let flow: ToolFlow | undefined | null = null;
      const found: PinnedDeclaration = {
        server,
        wire,
        file,
        decl,
        params,
        flow: () => {
          if (flow !== null) return flow;
          try {
            flow = toolFlowOf(contractTool(decl, file, env), env);
          } catch {
            // No labels from the declaration: the gate still reads the pinned definition's.
            flow = undefined;
          }
          return flow;
        },
      };
      if (ann.behavior) found.behavior = { mutability: ann.behavior.mutability, action: ann.behavior.action, domain: ann.behavior.domain };
      if (typeof ann.hints?.readOnlyHint === 'boolean') found.readOnlyHint = ann.hints.readOnlyHint;
      const policy = toolPolicyOf(decl);
      if (policy) found.policy = policy;
      if (env.annotationsOf(decl).diagnostics.some((d) => d.code === 'bad-flow')) {
        out.problems.push({ server, wire, file, message: `the \`@flow\` line of \`${wire}\` (server \`${server}\`) in ${entry.file} is not understood and is ignored; its labels are inferred`, warningOnly: true });
      }
      out.found.set(pinKey(server, wire), found);
    }
  }
  return out;
}

/**
 * The file's declarations: read as before (its pragma's level, else 0.11);
 * a file without a pragma that does not parse at 0.11 but parses with fewer
 * errors at level 26 (a `policy{…}` block, `(p:t)` parameters) is read at 26.
 */
function readDecls(text: string) {
  const first = parseIlo(text);
  const errors = (ds: ReadonlyArray<{ severity: string }>) => ds.filter((d) => d.severity === 'error').length;
  const firstErrors = errors(first.diagnostics);
  if (firstErrors === 0 || first.program.pragma !== undefined) return first.program.decls;
  const at26 = parseIlo(text, { level: LEVEL_26 });
  return errors(at26.diagnostics) < firstErrors ? at26.program.decls : first.program.decls;
}
