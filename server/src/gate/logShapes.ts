// The decision log keeps shapes, never values. What reaches it from outside
// the gate — names a caller asks for, an upstream's error text, its stderr,
// its server info, keys of argument maps — is reduced to what it is (a
// category, a length) unless it is known to be a plain identifier.

import { findCredentials } from '../contracts/lints/lintText';

/** A tool or server name as the log may show it: a plain identifier (MCP's name alphabet), else its length. */
export function logName(name: string): string {
  if (/^[A-Za-z0-9_.\-/]{1,128}$/.test(name) && findCredentials(name).length === 0) return name;
  return `<a name of ${[...name].length} characters>`;
}

/** A text from outside, as a shape: its length in characters and lines. */
export function textShape(text: string): string {
  const lines = text === '' ? 0 : text.split('\n').length;
  return `${text.length} character${text.length === 1 ? '' : 's'}${lines > 1 ? ` on ${lines} lines` : ''}`;
}

/** A JSON path for the log: identifier-like segments kept, others starred. */
export function logPath(path: string): string {
  return path
    .split('.')
    .map((seg) => {
      const m = /^([^[]*)((?:\[\d+\])*)$/.exec(seg);
      const name = m ? m[1] : seg;
      const index = m ? m[2] : '';
      return (/^[A-Za-z0-9_$\-]{0,64}$/.test(name) && findCredentials(name).length === 0 ? name : '*') + index;
    })
    .join('.');
}

/** What kind of error an upstream answered with, without its text: `JSON-RPC error -32603 (a message of 40 characters)`. */
export function errorShape(e: unknown): string {
  const code = (e as { code?: unknown })?.code;
  const message = e instanceof Error ? e.message : String(e);
  const c = typeof code === 'number' ? `JSON-RPC error ${code}` : e instanceof Error && e.name !== 'Error' ? e.name : 'an error';
  return `${c} (a message of ${message.length} characters)`;
}
