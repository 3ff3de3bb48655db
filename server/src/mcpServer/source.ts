// The source a tool works on: `text`, or a `path` inside the client's
// roots, or both (the text of a file at that path, e.g. not yet saved: `use`
// imports resolve beside it). Size and binary content are checked here, once,
// for every tool.

import * as path from 'node:path';
import type { FileHost } from '../project/imports';
import { binaryContent } from '../syntax/binaryText';
import { MAX_TEXT_CHARS } from './limits';
import { confinePath, confinedHost, NO_FILES, readConfined, rootsOrRefuse, type RootDirs } from './roots';
import { ToolFailure } from './toolFailure';

export interface SourceInput {
  text?: string;
  path?: string;
}

export interface Source {
  text: string;
  /** The absolute path the analysis runs under (a stand-in for text given alone). */
  file: string;
  /** Where `use` imports are read from. */
  host: FileHost;
  /** Whether the source came with a path (`use` can then resolve). */
  located: boolean;
}

/** The stand-in path of text given without one: no directory of it is ever read. */
export const UNTITLED = path.resolve('/', 'untitled.ilo');

/** Refuses text that is too long or binary; the text otherwise. */
export function checkText(text: string, what: string): string {
  if (text.length > MAX_TEXT_CHARS) throw new ToolFailure(`${what} has ${text.length} characters; the limit is ${MAX_TEXT_CHARS}`);
  const binary = binaryContent(text);
  if (binary) {
    throw new ToolFailure(`${what} looks like binary data, not ilo source (${binary.count} control or undecodable characters${binary.nul ? ', NUL among them' : ''})`);
  }
  return text;
}

/** The source of a call; `roots` is asked only when a path is given. */
export async function resolveSource(input: SourceInput, roots: () => Promise<RootDirs>): Promise<Source> {
  if (input.text === undefined && input.path === undefined) throw new ToolFailure('give text or path');
  if (input.path === undefined) {
    return { text: checkText(input.text!, 'text'), file: UNTITLED, host: NO_FILES, located: false };
  }
  // The text is checked before the roots are asked for: bad input costs no round trip.
  const given = input.text === undefined ? undefined : checkText(input.text, 'text');
  const dirs = rootsOrRefuse(await roots());
  const confined = confinePath(input.path, dirs, given === undefined);
  const text = given ?? checkText(readConfined(confined.path, input.path), 'the file');
  return { text, file: confined.path, host: confinedHost(dirs, { path: confined.path, text }), located: true };
}
