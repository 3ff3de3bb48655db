// Code lenses that say what things cost in tokens, ilo's measure. Above each
// tool: the tokens of its exported MCP definition, paid in every request that
// lists the tool; above the first declaration: the file's whole manifest
// (its tools and those it uses, as `ilo-ls export` writes them); above each
// function: the tokens of its source. Counted with measure/tokenCount.ts.

import type { CodeLens } from 'vscode-languageserver';
import type { LineIndex } from '../../syntax/lineIndex';
import { buildManifest, buildSchemaEnv, toolDefinition, type ToolExtender } from '../../schema';
import { TOKENIZER_LABEL, type TokenCounter } from '../../measure/tokenCount';
import type { FileAnalysis } from '../analysis';
import { exportDecls } from '../exports';
import { rangeOf } from '../lspDiagnostics';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * The command every token lens runs: the server shows the lens's
 * explanation as a message (a client that has no tooltips, like Neovim's,
 * shows it that way too). It is one of the server's own commands
 * (workspace/executeCommand), so every client can run it.
 */
export const SHOW_LENS_DETAIL_COMMAND = 'ilo.server.showLensDetail';

function label(index: LineIndex, at: number, title: string, tooltip: string): CodeLens {
  return { range: rangeOf(index, at, at), command: { title, command: SHOW_LENS_DETAIL_COMMAND, tooltip, arguments: [{ title, detail: tooltip }] } };
}

export function tokenCostLenses(analysis: FileAnalysis, index: LineIndex, counter: TokenCounter, extend?: ToolExtender): CodeLens[] {
  const own = analysis.program.decls;
  const decls = exportDecls(analysis);
  const env = buildSchemaEnv(decls);
  const lenses: CodeLens[] = [];

  const manifest = buildManifest(decls, { env, extend });
  const first = own.find((d) => d.kind !== 'ErrorDecl') ?? own[0];
  if (first !== undefined && manifest.tools.length > 0) {
    const tokens = counter.count(JSON.stringify({ tools: manifest.tools }));
    const usedTools = manifest.tools.length - own.filter((d) => d.kind === 'ToolDecl').length;
    const left = manifest.omitted.length > 0 ? `; ${plural(manifest.omitted.length, 'tool')} left out (${manifest.omitted.map((o) => o.name).join(', ')})` : '';
    lenses.push(
      label(
        index,
        first.start,
        `manifest: ${plural(manifest.tools.length, 'tool')}, ${plural(tokens, 'token')}`,
        `The MCP tools/list manifest of this file${usedTools > 0 ? ' and the files it uses' : ''} as compact JSON, counted with the ${TOKENIZER_LABEL}${left}.`,
      ),
    );
  }

  for (const d of own) {
    if (d.kind === 'ToolDecl') {
      const def = toolDefinition(d, env);
      if (def.problems.length > 0) {
        lenses.push(label(index, d.start, 'not exported', `Left out of exports: ${def.problems.join('; ')}`));
        continue;
      }
      const tool = extend ? extend(def.tool, d, env) : def.tool;
      const tokens = counter.count(JSON.stringify(tool));
      lenses.push(
        label(
          index,
          d.start,
          `${plural(tokens, 'token')} per request`,
          `The tool's exported MCP definition (name, description, schemas, annotations) as compact JSON, counted with the ${TOKENIZER_LABEL}: every request that lists this tool pays it.`,
        ),
      );
    } else if (d.kind === 'FunctionDecl') {
      const tokens = counter.count(analysis.text.slice(d.start, d.end));
      lenses.push(label(index, d.start, `${plural(tokens, 'source token')}`, `This function's source, counted with the ${TOKENIZER_LABEL}.`));
    }
  }
  return lenses;
}
