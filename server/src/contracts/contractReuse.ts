// Everything the schema and contract analyses of one document keep from one
// edit to the next, so that an edit costs what it changed: the schema layer's
// per-declaration results (schema/reuse.ts), each tool's contract view (its
// definition, normalised schema, hash and behavior), the lint findings, the
// effect gate's searches, the collision memo and the flow summaries. Results equal those of the
// fresh functions (test/contracts/contractReuse.test.ts); one instance per
// document (Analyzer keeps it with the document's parser and checker).

import type { ToolDecl } from '../syntax/ast';
import { DeclMemo } from '../schema/declMemo';
import { envDepsOf, type SchemaEnv } from '../schema/env';
import { SchemaReuse } from '../schema/reuse';
import { contractTool, toolKey, type ContractTool } from './behavior';
import { CollisionMemo } from './collisions';
import { GateReuse } from './effectGate';
import { LintReuse } from './lints/lintDecls';
import { FlowReuse } from './flows';

/** A tool's contract view says nothing about places except its key (file, name, position). */
function moveTool(t: ContractTool): ContractTool {
  const key = toolKey(t.file, t.decl);
  return key === t.key ? t : { ...t, key };
}

export class ContractReuse {
  readonly schema: SchemaReuse;
  readonly lint = new LintReuse();
  readonly gate = new GateReuse();
  readonly collisions = new CollisionMemo();
  readonly flows = new FlowReuse();
  private readonly tools: DeclMemo<ContractTool>;

  /** `remember: false`: what is asked once per analysis is not kept for a next one (a one-shot CLI run). */
  constructor(options: { remember?: boolean } = {}) {
    this.schema = new SchemaReuse(options);
    this.tools = new DeclMemo<ContractTool>(moveTool, envDepsOf);
  }
  private readonly define = (decl: ToolDecl, env: SchemaEnv) => this.schema.toolDefinition(decl, env);

  /** contractTool(decl, file, env), reused while the declaration, its doc and the types it reaches are the same. */
  contractTool(decl: ToolDecl, file: string | undefined, env: SchemaEnv): ContractTool {
    const t = this.tools.get(decl, env, (d, e) => contractTool(d as ToolDecl, file, e, this.define));
    // A declaration belongs to one file; should it be asked for under another, it is resolved afresh.
    return t.file === file ? t : contractTool(decl, file, env, this.define);
  }

  /** The same, as toolsOf takes it. */
  readonly resolveTool = (decl: ToolDecl, file: string | undefined, env: SchemaEnv): ContractTool => this.contractTool(decl, file, env);
}
