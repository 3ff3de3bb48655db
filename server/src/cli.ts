// The `ilo-ls` command line: the language server over stdio, and the core's
// analyses for CI and other editors.

import { checkFiles, formatRecord } from './cli/check';
import { runExport } from './cli/export';
import { runContracts } from './cli/contracts';
import { runImport, runVerify } from './cli/importVerify';
import { runExplain } from './cli/explain';
import { runFmt } from './cli/fmt';
import type { CliIo } from './cli/io';
import { parseArgs, scopeOption } from './cli/args';

const USAGE = `ilo-ls — ilo language server and tools

usage:
  ilo-ls --stdio                      run the language server over stdio (any LSP editor)
  ilo-ls check [--json] [--scope=file|workspace] [--reference-compat] FILE|DIR...
                                      print diagnostics (reference codes and tool-contract
                                      analyses); exit 1 if any error. --scope=workspace compares
                                      the tools of all given files for collisions;
                                      --reference-compat reports calls to a declaration that
                                      failed to parse as undefined, as the ilo CLI does
  ilo-ls export [--format mcp|openai|openai-chat|anthropic|a2a] [--base-url URL]
                [-o OUT [--force]] FILE...
                                      the tools of the files (and what they use) as an MCP
                                      tools/list result, OpenAI function tools (Responses or
                                      Chat Completions), Anthropic tools, or an A2A agent card
                                      (a2a needs --base-url, where the agent is served)
  ilo-ls contracts [--json] [--scope=file|workspace] FILE...
                                      every tool's wire name, schema hash and behavioral
                                      identity, and the same-schema collision groups
  ilo-ls import FILE.json [--server NAME] [-o OUT.ilo [--force]]
  ilo-ls import --config CFG --server NAME [-o OUT.ilo [--force]] [--timeout SECONDS]
                                      MCP tools (a tools/list result, or a live server from an
                                      MCP config: Claude Desktop/Cursor "mcpServers" or VS Code
                                      .vscode/mcp.json "servers") as ilo tool declarations;
                                      with -o, writes the file and pins the tools in
                                      ilo-tools.lock.json beside it. An A2A agent card as
                                      FILE.json gives one commented tool stub per skill
                                      (skills carry no schema: complete the stubs)
  ilo-ls verify --config CFG [--lock PATH] [--json]
                                      re-list pinned servers and report drift on the imported
                                      declarations; exit 1 on removed tools or unreachable servers
  ilo-ls explain CODE... | --list   what a diagnostic code (ILO-T005, T005) means, a wrong and
                                      a right example and the fix
  ilo-ls fmt [--style expanded|dense] [--check] [--write] FILE|DIR...
                                      format: print the formatted text (--style dense: one line
                                      per declaration); --check exits 1 when a file would
                                      change; --write rewrites the files that change. A file
                                      with a syntax error is left untouched (exit 2)
  ilo-ls gate --config CFG [--server NAME]... [--lock PATH] [--policy FILE]
              [--read-only] [--allow-new] [--log FILE] [--timeout SECONDS]
                                      an MCP server over stdio in front of the config's servers:
                                      serves only pinned, unchanged, lint-clean tools with their
                                      behavioral identity, refuses calls with bad arguments, a
                                      mutating tool under --read-only or an identity other than
                                      the caller expects; one JSON line per decision in the log
  ilo-ls mcp                          the language service as an MCP server over stdio for
                                      agents: check, fix, format, explain, builtins, schema,
                                      contracts; read-only, offline, files only inside the
                                      client's roots (docs/mcp-server.md)
  ilo-ls --help | --version
`;

const VERSION = '0.1.0';

export type { CliIo };

/** Runs one CLI invocation; resolves to the exit status. Never rejects. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      case '--version':
      case '-v':
        io.out(`${VERSION}\n`);
        return 0;
      case 'check':
        return runCheck(rest, io);
      case 'export':
        return runExport(rest, io);
      case 'contracts':
        return runContracts(rest, io);
      case 'import':
        return await runImport(rest, io);
      case 'verify':
        return await runVerify(rest, io);
      case 'explain':
        return runExplain(rest, io);
      case 'fmt':
        return runFmt(rest, io);
      case 'gate':
        // The gate (and the MCP SDK's server side) loads only when asked for.
        return await (await import('./cli/gate')).runGate(rest, io);
      case 'mcp':
        return await (await import('./cli/mcp')).runMcp(rest, io);
      default:
        io.err(`ilo-ls: unknown command '${command}'\n${USAGE}`);
        return 2;
    }
  } catch (err) {
    io.err(`ilo-ls: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 3;
  }
}

function runCheck(args: readonly string[], io: CliIo): number {
  const p = parseArgs(args, ['--scope'], ['--json', '--reference-compat']);
  const scope = scopeOption(p);
  if (p.error || scope === 'invalid') {
    io.err(`ilo-ls check: ${p.error ?? '--scope must be file or workspace'}\n`);
    return 2;
  }
  if (p.positional.length === 0) {
    io.err('ilo-ls check: no files given\n');
    return 2;
  }
  const { records, missing, empty, checked } = checkFiles(p.positional, scope ?? 'file', {
    referenceCompat: p.flags.has('--reference-compat'),
  });
  for (const m of missing) io.err(`ilo-ls check: no such file or directory: ${m}\n`);
  for (const d of empty) io.err(`ilo-ls check: no .ilo file in ${d}\n`);
  if (p.flags.has('--json')) io.out(`${JSON.stringify(records, null, 2)}\n`);
  else for (const r of records) io.out(`${formatRecord(r)}\n`);
  if (missing.length > 0 || checked === 0) return 2;
  return records.some((r) => r.severity === 'error') ? 1 : 0;
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  if (argv.includes('--stdio') || argv.includes('--node-ipc') || argv.some((a) => a.startsWith('--socket'))) {
    // The LSP libraries are loaded only to serve: ./main starts the server
    // (the build makes this a require of dist/server.js, see scripts/build.mjs).
    void import('./main');
  } else {
    // A closed pipe (`ilo-ls check … | head`) ends the program quietly.
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
    void runCli(argv, {
      out: (s) => process.stdout.write(s),
      err: (s) => process.stderr.write(s),
    }).then((code) => {
      process.exitCode = code;
    });
  }
}
