// The `ilo-ls` command line: the language server over stdio, and the core's
// analyses for CI and other editors.

import type { CliIo } from './cli/io';
import { commandHelp, isArgsError, overviewHelp, parseCommandArgs } from './cli/args';
import { COMMANDS, findCommand } from './cli/commands';
import { setLevelPreference } from './cli/level';
import { parseLevelPreference } from './level';

import { VERSION } from './version';
import { writeFd } from './cli/fdWrite';

export { VERSION };

export type { CliIo };

/** Runs one CLI invocation; resolves to the exit status. Never rejects. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
        io.err(overviewHelp(COMMANDS, VERSION));
        return 2;
      case '--help':
      case '-h':
        io.out(overviewHelp(COMMANDS, VERSION));
        return 0;
      case 'help': {
        if (rest.length === 0) {
          io.out(overviewHelp(COMMANDS, VERSION));
          return 0;
        }
        const spec = findCommand(rest[0]);
        if (!spec || rest.length > 1) return unknownCommand(rest.join(' '), io);
        io.out(commandHelp(spec));
        return 0;
      }
      case '--version':
      case '-v':
        io.out(`${VERSION}\n`);
        return 0;
    }
    const spec = findCommand(command);
    if (!spec) return unknownCommand(command, io);
    const parsed = parseCommandArgs(spec, rest);
    if (parsed === 'help') {
      io.out(commandHelp(spec));
      return 0;
    }
    if (isArgsError(parsed)) {
      io.err(`ilo-ls ${spec.name}: ${parsed.error} (see 'ilo-ls ${spec.name} --help')\n`);
      return 2;
    }
    // --language-version (every command that reads ilo, see cli/commands.ts): the level of files without a pragma.
    setLevelPreference(parseLevelPreference(parsed.string('language-version') ?? 'auto') ?? 'auto');
    return await spec.run(parsed, io);
  } catch (err) {
    io.err(`ilo-ls: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 3;
  }
}

function unknownCommand(name: string, io: CliIo): number {
  // What the user typed, shown in one bounded line without control characters.
  // eslint-disable-next-line no-control-regex
  const shown = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 40);
  io.err(`ilo-ls: unknown command '${shown}' (commands: ${COMMANDS.map((c) => c.name).join(', ')}; see 'ilo-ls --help')\n`);
  return 2;
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  if (argv.includes('--stdio') || argv.includes('--node-ipc') || argv.some((a) => a.startsWith('--socket'))) {
    // The LSP libraries are loaded only to serve: ./main starts the server
    // (the build makes this a require of dist/server.js, see scripts/build.mjs).
    void import('./main');
  } else {
    // Output goes straight to the file descriptors (cli/fdWrite.ts): once the
    // command is done everything is written, and the program ends at once
    // rather than let the event loop run V8's idle tasks first (a last
    // scavenge and mark-compact of a heap about to be thrown away cost a
    // large check ~70 ms after its output).
    void runCli(argv, {
      out: (s) => writeFd(1, s),
      err: (s) => writeFd(2, s),
    }).then((code) => {
      // The gate and the MCP server answer through the SDK on process.stdout,
      // whose last writes may still be queued (pipes are asynchronous on
      // Windows): they end once those are handed over.
      if (argv[0] !== 'gate' && argv[0] !== 'mcp') process.exit(code);
      let open = 2;
      const flushed = (): void => {
        if (--open === 0) process.exit(code);
      };
      process.stdout.write('', flushed);
      process.stderr.write('', flushed);
    });
  }
}
