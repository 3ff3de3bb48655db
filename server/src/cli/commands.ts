// Every `ilo-ls` command, described once: its options, usage, help text and
// the function that runs it. `ilo-ls CMD --help`, `ilo-ls help CMD` and the
// overview are generated from these entries (./args.ts), and the arguments
// are parsed against them, so an option added here is parsed, checked and
// documented at once. A command's code is loaded when it runs: a start loads
// (and a code cache holds) one command, not all of them.

import type { CommandSpec, OptionSpec } from './args';
import { CHECK_FORMATS, FAIL_SEVERITIES } from './checkChoices';
import { EXPORT_FORMATS } from '../service/exportFormats';
import { FORMAT_STYLES } from '../format/styles';

/**
 * Options every command that reads ilo source takes (check, export,
 * contracts, fmt, mcp), added to each of them after its own options.
 */
export const ILO_SOURCE_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'language-version',
    choices: ['0.11', '26', 'auto'],
    defaultValue: 'auto',
    help: 'The language level of files without a ^YY.M pragma (a pragma decides for its file); auto is the version of an `ilo` on PATH, else 26.',
  },
];

const SCOPE: OptionSpec = {
  name: 'scope',
  choices: ['file', 'workspace'],
  defaultValue: 'file',
  help: 'Which tools are compared for same-schema collisions: each file with the files it uses, or every given file with every other.',
};

const TIMEOUT: OptionSpec = {
  name: 'timeout',
  value: 'SECONDS',
  positiveNumber: true,
  help: 'How long to wait for each MCP server to start and list its tools.',
};

const FORCE_OUT = (what: string): OptionSpec[] => [
  { name: 'out', short: 'o', value: 'FILE', help: `Write ${what} to FILE instead of standard output.` },
  { name: 'force', help: 'Replace FILE when it exists and differs (without it, nothing is overwritten).' },
];

/** A command that reads ilo files takes the shared source options too. */
function readsIlo(spec: CommandSpec): CommandSpec {
  return { ...spec, options: [...spec.options, ...ILO_SOURCE_OPTIONS] };
}

export const COMMANDS: readonly CommandSpec[] = [
  readsIlo({
    name: 'check',
    summary: 'report problems in ilo files: the reference diagnostics and the tool-contract analyses',
    usage: ['[options] FILE|DIR...'],
    description: [
      'Analyses the files (directories are searched for .ilo and .@ files) exactly as the editor does: syntax and type errors with the reference codes (ILO-…), and the tool-contract analyses (same-schema collisions, tool lints, annotations).',
      'Text output is one line per finding: FILE:LINE:COL SEVERITY CODE MESSAGE.',
      'A finding is suppressed by a comment on its line or on the line above: -- ilo-ignore CODE why it does not apply (the reason is required).',
    ],
    options: [
      {
        name: 'format',
        choices: CHECK_FORMATS,
        defaultValue: 'text',
        help: 'text: one line per finding; json: a JSON array; sarif: a SARIF 2.1.0 log (GitHub code scanning); github: workflow commands that annotate a pull request.',
      },
      { name: 'json', help: 'The same as --format json.' },
      {
        name: 'fail-severity',
        choices: FAIL_SEVERITIES,
        defaultValue: 'error',
        help: 'The least severe finding that makes the check fail (exit 1).',
      },
      { name: 'strict', help: "Warnings fail the check too (the same as --fail-severity warning), and the verifier's strict-only checks run, as `ilo check --strict`." },
      {
        name: 'baseline',
        value: 'FILE',
        help: 'Accept the findings recorded in FILE (see --update-baseline): only new findings are reported. Entries that match nothing any more are reported as unused-suppression.',
      },
      {
        name: 'update-baseline',
        help: 'Write the current findings of the checked files to the --baseline FILE (created if missing), keeping the reasons of entries that still match.',
      },
      SCOPE,
      {
        name: 'reference-compat',
        help: 'Report calls to a declaration that failed to parse as calls to an undefined function, as the reference ilo does.',
      },
    ],
    positionals: { min: 1, name: 'file or folder' },
    exit: [
      '0: no finding at or above the fail severity',
      '1: at least one finding at or above the fail severity (errors, unless --fail-severity or --strict says otherwise)',
      '2: bad arguments, a missing file or baseline, or nothing to check',
    ],
    examples: [
      'ilo-ls check examples/',
      'ilo-ls check --format sarif src/ > ilo.sarif',
      'ilo-ls check --format github --strict src/',
      'ilo-ls check --baseline ilo-baseline.json --update-baseline src/',
    ],
    run: async (args, io) => (await import('./check')).runCheck(args, io),
  }),
  readsIlo({
    name: 'export',
    summary: 'the tools of ilo files as MCP, OpenAI or Anthropic tool definitions or an A2A agent card',
    usage: ['[options] FILE...'],
    description: [
      'Exports the tool declarations of the files and of the files they use: as an MCP tools/list result, OpenAI function tools (Responses or Chat Completions), Anthropic tools, or an A2A agent card. A summary of what was exported, left out or relaxed goes to standard error.',
    ],
    options: [
      { name: 'format', short: 'f', choices: EXPORT_FORMATS, defaultValue: 'mcp', help: 'The shape of the definitions.' },
      { name: 'base-url', value: 'URL', help: 'Where the agent is served (needed by --format a2a, and only there).' },
      ...FORCE_OUT('the definitions'),
    ],
    positionals: { min: 1, name: 'file' },
    exit: ['0: exported', '1: FILE exists and differs (no --force)', '2: bad arguments or unreadable input'],
    examples: ['ilo-ls export --format openai tools.ilo', 'ilo-ls export -o manifest.json tools.ilo'],
    run: async (args, io) => (await import('./export')).runExport(args, io),
  }),
  readsIlo({
    name: 'contracts',
    summary: "every tool's wire name, schema hash, behavioral identity and flow labels; collision groups; tool-set flow risks",
    usage: ['[options] FILE|DIR|TOOLS.json...', '--config CFG [--server NAME]... [options]'],
    description: [
      'Lists each tool with its wire name, behavioral identity (mutability, action, domain), schema hash and flow labels (private, untrusted, sink, destructive), then the groups of tools with the same input schema and the near pairs.',
      'Then the risks the flow labels of a tool set combine into: the lethal trifecta (tools reading untrusted content, tools returning private data and tools sending data out, all served together) and tampering (untrusted content and destructive tools). A tool set is each file with what it uses (--scope file) or every given file (--scope workspace), and all MCP tools given together.',
      'MCP tools come from tools/list results (.json files) or, with --config, from the servers of an MCP config (Claude Desktop/Cursor "mcpServers" or VS Code .vscode/mcp.json "servers"), each started and listed as import does.',
    ],
    options: [
      { name: 'json', help: 'Print the report as JSON.' },
      SCOPE,
      { name: 'config', value: 'CFG', help: 'An MCP config whose servers are listed live for their tools.' },
      { name: 'server', value: 'NAME', multiple: true, help: 'Only these servers of the config (default: every server).' },
      TIMEOUT,
    ],
    positionals: { min: 0, name: 'file or folder' },
    exit: ['0: listed', '2: bad arguments, a file that is missing, unreadable or not ilo, a tools file that is not JSON, or a server that could not be listed'],
    examples: ['ilo-ls contracts --scope workspace src/', 'ilo-ls contracts slack.tools.json filesystem.tools.json', 'ilo-ls contracts --config .vscode/mcp.json'],
    run: async (args, io) => (await import('./contracts')).runContracts(args, io),
  }),
  {
    name: 'import',
    summary: 'MCP tools (a tools/list result or a live server) or an A2A agent card as ilo tool declarations',
    usage: ['[options] FILE.json', '--config CFG --server NAME [options]'],
    description: [
      'Turns MCP tool definitions into ilo `tool` declarations: from a JSON file (a tools/list result or an array of tools), or by starting a server from an MCP config (Claude Desktop/Cursor "mcpServers" or VS Code .vscode/mcp.json "servers") and listing its tools.',
      'With --out the declarations are written to the file and the tools are pinned in ilo-tools.lock.json beside it, so that later changes on the server show as drift. An A2A agent card gives one commented tool stub per skill (skills carry no schema: complete the stubs).',
    ],
    options: [
      { name: 'config', value: 'CFG', help: 'The MCP config that names the server to list.' },
      { name: 'server', value: 'NAME', help: 'Which server of the config to list (with FILE.json: the name recorded for the tools).' },
      ...FORCE_OUT('the ilo declarations'),
      TIMEOUT,
    ],
    positionals: { max: 1, name: 'JSON file' },
    exit: ['0: imported', '1: nothing usable, invalid JSON, or an existing file or pin would be replaced (no --force)', '2: bad arguments or unreadable input'],
    examples: ['ilo-ls import tools.json -o tools.ilo', 'ilo-ls import --config .vscode/mcp.json --server memory -o memory.ilo'],
    run: async (args, io) => (await import('./importVerify')).runImport(args, io),
  },
  {
    name: 'verify',
    summary: 'list the pinned MCP servers again and report drift on the imported declarations',
    usage: ['--config CFG [options]'],
    description: [
      'Starts every server pinned in the lock file, lists its tools and compares them with the pins: changed, removed and added tools, and new server versions, are reported on the declarations they concern.',
    ],
    options: [
      { name: 'config', value: 'CFG', help: 'The MCP config that says how to start the servers.' },
      { name: 'lock', value: 'PATH', defaultValue: 'ilo-tools.lock.json in the current folder', help: 'The lock file holding the pins.' },
      { name: 'json', help: 'Print the findings as a JSON array.' },
      TIMEOUT,
    ],
    positionals: { max: 0, name: 'argument' },
    exit: ['0: no drift that breaks calls', '1: a removed tool, an unreachable server or another error', '2: bad arguments or unreadable config or lock'],
    examples: ['ilo-ls verify --config .vscode/mcp.json'],
    run: async (args, io) => (await import('./importVerify')).runVerify(args, io),
  },
  {
    name: 'explain',
    summary: 'what a diagnostic code means, a wrong and a right example and the fix',
    usage: ['CODE...', '--list'],
    description: [
      'Prints the explanation the editor shows when hovering a diagnostic. Reference codes may be written ILO-T005, T005 or t5; our own codes are kebab-case (same-schema, effect-gate, unused-suppression).',
    ],
    options: [
      { name: 'list', help: 'List every code that has an explanation.' },
      {
        name: 'language-version',
        choices: ['0.11', '26', 'auto'],
        help: "The level whose meaning to explain; without it (or with auto) a code that means something else at level 26 is explained at both levels.",
      },
    ],
    exit: ['0: explained', '2: an unknown code or no code given'],
    examples: ['ilo-ls explain ILO-T005', 'ilo-ls explain same-schema', 'ilo-ls explain --list'],
    run: async (args, io) => (await import('./explain')).runExplain(args, io),
  },
  readsIlo({
    name: 'fmt',
    summary: 'format ilo files (expanded for people, dense for agents)',
    usage: ['[options] FILE|DIR...'],
    description: [
      'Prints the formatted text of each file (with a "==> FILE <==" line before each when there are several), rewrites the files with --write, or only says which files would change with --check. A file with a syntax error is never formatted: it is left as it is and named on standard error.',
    ],
    options: [
      {
        name: 'style',
        choices: FORMAT_STYLES,
        defaultValue: 'expanded',
        help: 'expanded: one statement a line, spaced operators; dense: one line per declaration, the agents\u2019 wire format.',
      },
      { name: 'check', help: 'Print nothing but the files that would change; exit 1 if there are any.' },
      { name: 'write', help: 'Rewrite the files whose formatting changes.' },
    ],
    positionals: { min: 1, name: 'file or folder' },
    exit: ['0: formatted (or nothing to change)', '1: --check found files to reformat', '2: bad arguments, or a file that is missing, unreadable or has a syntax error'],
    examples: ['ilo-ls fmt --check src/', 'ilo-ls fmt --write --style dense agent.ilo'],
    run: async (args, io) => (await import('./fmt')).runFmt(args, io),
  }),
  {
    name: 'gate',
    summary: "an MCP server over stdio in front of a config's servers that serves only pinned, unchanged, lint-clean tools",
    usage: ['--config CFG [options]'],
    description: [
      'Starts the servers of the config and serves their tools, prompts and resources over stdio, but only those that are pinned, unchanged since they were pinned and free of contract lint errors, tools each with its behavioral identity. Calls with arguments that do not fit the pinned schema are refused, as are mutating tools under --read-only and calls whose expected identity differs.',
      'Per session, a call that could leak private data or be steered by untrusted content (a sink or destructive tool after such a tool answered) is asked about through MCP elicitation, blocked or logged, as the policy\'s "flows" says (default: ask; refused when the client cannot be asked). Secrets in results are redacted unless the policy says "redactSecrets": false. The tool set\'s lethal trifecta is reported on standard error at start.',
      'Standard output carries MCP only; one JSON line per decision goes to --log (else standard error).',
    ],
    options: [
      { name: 'config', value: 'CFG', help: 'The MCP config naming the servers to gate.' },
      { name: 'server', value: 'NAME', multiple: true, help: 'Gate only this server of the config.' },
      { name: 'lock', value: 'PATH', defaultValue: 'ilo-tools.lock.json in the current folder', help: 'The lock file with the pins.' },
      { name: 'policy', value: 'FILE', help: 'A JSON policy: tools to deny, read-only mode, new tools to allow, the flow policy (block, ask, log), secret redaction.' },
      { name: 'read-only', help: 'Serve only tools proven read-only: declared so by something reviewed (the pin or @behavior) and read as read-only by the gate.' },
      { name: 'allow-new', help: 'Serve tools the lock does not pin yet.' },
      { name: 'log', value: 'FILE', help: 'Append the decision log to FILE.' },
      { name: 'timeout', value: 'SECONDS', positiveNumber: true, help: 'How long each upstream call may take.' },
      { name: 'max-message', value: 'MIB', positiveNumber: true, defaultValue: '8', help: 'The largest JSON-RPC message accepted or sent, either side; larger ones are refused and logged.' },
    ],
    positionals: { max: 0, name: 'argument' },
    exit: ['0: the client closed the connection', '1: the gate failed on its own (logged)', '2: bad arguments, config, lock or policy'],
    examples: ['ilo-ls gate --config .vscode/mcp.json --read-only --log gate.log'],
    // The gate (and the MCP SDK's server side) loads only when asked for.
    run: async (args, io) => (await import('./gate')).runGate(args, io),
  },
  readsIlo({
    name: 'mcp',
    summary: 'the language service as an MCP server over stdio, for agents: check, fix, format, explain, builtins, schema, contracts',
    usage: [''],
    description: [
      'Serves the analyses the editor shows to an agent, as MCP tools: diagnostics with their quick fixes, the fixes that leave nothing to choose, formatting, code explanations, a search of the builtins, tool definitions and tool contracts. Read-only and offline: it writes nothing, and it reads only ilo files (.ilo, .@) inside the roots the client shares (without roots, source is passed as text).',
      'Source is read at its ^YY.M pragma\u2019s level, else at the level a tool call asks for, else at --language-version. Standard output carries MCP only. Setup for Claude Code, Cursor and VS Code: docs/mcp-server.md.',
    ],
    options: [],
    positionals: { max: 0, name: 'argument' },
    exit: ['0: the client closed the connection', '2: bad arguments'],
    examples: ['claude mcp add ilo -- npx ilo-ls mcp'],
    // The server (and the MCP SDK's server side) loads only when asked for.
    run: async (args, io) => (await import('./mcp')).runMcp(args, io),
  }),
];

export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}
