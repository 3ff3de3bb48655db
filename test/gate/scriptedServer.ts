// The scaffold the gate suites' fixture servers share: an MCP server process
// (a .cjs under fixtures/, official SDK, stdio) that reads a script file the
// test writes, and may rewrite mid-session, and appends what reached it as JSON
// lines to files beside the script.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ServerConfig } from '../../server/src/contracts/mcp';

export interface ScriptedServer {
  /** The script file the fixture reads (its logs are this name plus `.calls`, ...). */
  file: string;
  /** The upstream config that starts the fixture on this script. */
  config: ServerConfig;
  /** Replace the script's text. */
  write(text: string): void;
  /** The JSON lines the fixture appended to the script's `.calls` log, in order. */
  calls<T>(): T[];
}

/** The JSON lines in a file a fixture appends to; none when it has written none. */
export function jsonLines<T>(file: string): T[] {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as T)
    : [];
}

/** The fixture server `fixture` (a .cjs path) on the script `file`, written with `text`. */
export function scriptedServer(fixture: string, file: string, text: string): ScriptedServer {
  const write = (t: string) => writeFileSync(file, t);
  write(text);
  return {
    file,
    config: { kind: 'stdio', command: process.execPath, args: [fixture, file], env: {} },
    write,
    calls: <T>() => jsonLines<T>(`${file}.calls`),
  };
}
