// Explanations of the codes our own analyses report (source `ilo-contracts`),
// in the shape `ilo-ls explain` and the diagnostic hover use for the
// reference's codes (../explain): what a code means, a wrong and a right
// example, the fix. Looked up by the exact kebab-case code.

import type { Explanation } from '../explain/types';

export const CONTRACT_EXPLANATIONS: readonly Explanation[] = [
  {
    code: 'toxic-flow',
    title: 'private data or untrusted content reaches a tool that sends it out or destroys something',
    meaning:
      'Data is followed from tool to tool through bindings, calls and returns, records, maps, lists, matches and lambdas, across `use`d files. ' +
      'A leak: a value derived from a `private` result (files, mail, databases, secrets; `rd`, `env`) reaches an argument of a `sink` (messages, posts, emails, HTTP writes) that carries data out. ' +
      'Tampering: a value derived from an `untrusted` result (web pages, issues, mail bodies, search results; `get`) reaches an argument of a `sink` or a `destructive` tool, so whoever wrote that content decides what is sent or destroyed. ' +
      'Flow labels come from `@flow` or are inferred from behavior, MCP hints and descriptions; the related information walks the path, source call first.',
    fix: 'Clean the data on the way with a function declared `-- @flow sanitizer` (or `sanitizer=private` / `sanitizer=untrusted` for one kind), send something else, or, when a label is wrong, declare the tool\'s labels with `-- @flow …` (`-- @flow none` for none).',
    example: {
      wrong:
        'tool read-notes"Read the user\'s private notes" q:t>R t t\n' +
        'tool post-message"Post a message to a public channel" channel:t text:t>R _ t\n' +
        'share q:t>R _ t;n=read-notes! q;post-message! "general" n',
      right:
        'tool read-notes"Read the user\'s private notes" q:t>R t t\n' +
        'tool post-message"Post a message to a public channel" channel:t text:t>R _ t\n' +
        '-- @flow sanitizer\n' +
        'redact s:t>t;rgxsub "[0-9]" "#" s\n' +
        'share q:t>R _ t;n=read-notes! q;c=redact n;post-message! "general" c',
    },
  },
];

const byCode = new Map(CONTRACT_EXPLANATIONS.map((e) => [e.code, e]));

/** The explanation of one of our own codes (`toxic-flow`), if it has one. */
export function contractExplanation(code: string): Explanation | undefined {
  return byCode.get(code.trim().toLowerCase());
}
