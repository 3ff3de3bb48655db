// Toxic flows in programs: private data reaching a sink (leak) and untrusted
// content reaching a sink or a destructive tool (tamper), followed through
// locals, helpers, used files, lambdas, records, maps, matches, loops and
// recursion; the path in related information; near-misses left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contractDiagnostics } from '../../server/src/contracts/contractDiagnostics';
import type { Diagnostic } from '../../server/src/diagnostics';
import { abs, inputsOf } from './helpers';

/** Tools with clear labels, each declared so that the tests do not depend on inference. */
const TOOLS = `-- @flow private
tool read-notes"Read the user's notes" q:t>R t t
-- @flow untrusted
tool fetch-page"Fetch a web page" url:t>R t t
-- @flow private untrusted
tool read-mail"Read the inbox" folder:t>R t t
-- @flow sink
tool send-mail"Send an email" to:t subject:t body:t>R _ t
-- @flow destructive
tool delete-file"Delete a file" path:t>R _ t
tool word-count"Count words" s:t>R n t
`;

function flowsOf(files: Record<string, string>, file = 'main.ilo'): Diagnostic[] {
  return contractDiagnostics(inputsOf(files)).get(abs(file))!.filter((d) => d.code === 'toxic-flow');
}

/** `[text at the place, message]` for each related entry (in `files[name]` for entries in other files). */
function pathOf(d: Diagnostic, files: Record<string, string>, file = 'main.ilo'): Array<[string, string]> {
  return (d.related ?? []).map((r) => {
    const name = r.file ? r.file.slice(abs('').length) : file;
    return [files[name].slice(r.start, r.end), r.message];
  });
}

/** The text of the line a diagnostic starts on. */
function lineOf(d: Diagnostic, text: string): string {
  const from = text.lastIndexOf('\n', d.start - 1) + 1;
  const to = text.indexOf('\n', d.start);
  return text.slice(from, to < 0 ? undefined : to);
}

test('a leak through locals is reported on the sink call, its path starting at the source call', () => {
  const text = `${TOOLS}share q:t>R _ t;n=read-notes! q;m=cat ["notes: " n] "";send-mail! "a@b.c" "notes" m\n`;
  const files = { 'main.ilo': text };
  const [d, ...rest] = flowsOf(files);
  assert.equal(rest.length, 0);
  assert.equal(text.slice(d.start, d.end), 'send-mail');
  assert.equal(d.source, 'ilo-contracts');
  assert.equal(d.severity, 'warning');
  assert.match(d.message, /^leak: private data from `read-notes` reaches `send-mail`/);
  const path = pathOf(d, files);
  assert.deepEqual(
    path.map(([at]) => at),
    ['read-notes', 'n', 'm', 'm'],
  );
  assert.match(path[0][1], /private data: the result of `read-notes`/);
  assert.match(path[1][1], /kept in `n`/);
  assert.match(path[3][1], /reaches `body` of `send-mail`/);
});

test('tampering: untrusted content deciding what a destructive tool destroys', () => {
  const text = `${TOOLS}clean u:t>R _ t;p=fetch-page! u;delete-file! p\n`;
  const [d] = flowsOf({ 'main.ilo': text });
  assert.match(d.message, /^tamper: untrusted content from `fetch-page` reaches `delete-file`, which deletes or overwrites/);
  assert.equal(text.slice(d.start, d.end), 'delete-file');
});

test('content that is both private and untrusted is told once as a leak and a tampering', () => {
  const text = `${TOOLS}fwd>R _ t;m=read-mail! "in";send-mail! "x@y.z" "fwd" m\n`;
  const ds = flowsOf({ 'main.ilo': text });
  assert.equal(ds.length, 1);
  assert.match(ds[0].message, /^leak and tamper: private, untrusted content from `read-mail` reaches `send-mail`/);
  assert.equal(ds[0].related!.length, 3, 'one path, not two copies of it');
});

test('through a helper function: the argument, the parameter and the sink inside the helper', () => {
  const text = `${TOOLS}post-it x:t>R _ t;send-mail! "a@b.c" "s" x
go q:t>R _ t;n=read-notes! q;post-it n
`;
  const files = { 'main.ilo': text };
  const [d, ...rest] = flowsOf(files);
  assert.equal(rest.length, 0);
  assert.match(lineOf(d, text), /^post-it x/, 'the diagnostic is on the sink call inside the helper');
  assert.deepEqual(
    pathOf(d, files).map(([at, msg]) => `${at}: ${msg.split(' (')[0]}`),
    ['read-notes: private data: the result of `read-notes`', 'n: kept in `n`', 'n: passed to `post-it` as `x`', 'x: reaches `body` of `send-mail`'],
  );
});

test('through returns: a helper that reads, a caller that sends', () => {
  const text = `${TOOLS}load q:t>t;n=read-notes!! q;n
go q:t>R _ t;v=load q;send-mail! "a@b.c" "s" v
`;
  const files = { 'main.ilo': text };
  const [d] = flowsOf(files);
  assert.match(lineOf(d, text), /^go/);
  const path = pathOf(d, files).map(([at, msg]) => `${at}: ${msg.split(' (')[0]}`);
  assert.deepEqual(path, ['read-notes: private data: the result of `read-notes`', 'n: kept in `n`', 'n: returned by `load`', 'v: kept in `v`', 'v: reaches `body` of `send-mail`']);
});

test('across used files: the source and the sink live in the library, the path through this file', () => {
  const lib = `${TOOLS}grab q:t>R t t;read-notes q
out b:t>R _ t;send-mail! "a@b.c" "s" b
`;
  const main = `use "lib.ilo"
go q:t>R _ t;n=grab! q;out n
`;
  const files = { 'lib.ilo': lib, 'main.ilo': main };
  const [d, ...rest] = flowsOf(files);
  assert.equal(rest.length, 0);
  assert.equal(main.slice(d.start, d.end), 'out', 'the sink is in lib.ilo: the diagnostic sits on the call that leads there');
  assert.match(d.message, /the sink is in lib\.ilo/);
  const inLib = d.related!.filter((r) => r.file === abs('lib.ilo'));
  assert.deepEqual(
    inLib.map((r) => lib.slice(r.start, r.end)),
    ['read-notes', 'read-notes q', 'b'],
  );
  assert.equal(d.related![0].file, abs('lib.ilo'), 'the path starts at the source call in the library');
  assert.deepEqual(flowsOf(files, 'lib.ilo'), [], 'the library alone has no flow: nothing connects its source to its sink');
});

test('lambdas: captured values and elements passed by a builtin', () => {
  const captured = `${TOOLS}each xs:L t>L (R _ t);n=read-notes!! "q";map (x:t>R _ t;send-mail "a@b.c" x n) xs\n`;
  const [c] = flowsOf({ 'main.ilo': captured });
  assert.ok(c, 'a lambda that captures private data and sends it');
  const elements = `${TOOLS}each>L (R _ t);n=read-notes!! "q";xs=[n, "x"];map (y:t>R _ t;send-mail "a@b.c" "s" y) xs\n`;
  const [e] = flowsOf({ 'main.ilo': elements });
  const path = pathOf(e, { 'main.ilo': elements }).map(([, m]) => m.split(' (')[0]);
  assert.ok(path.includes('passed to the lambda as `y`'), path.join(' | '));
  const clean = `${TOOLS}each xs:L t>L (R _ t);n=read-notes!! "q";map (y:t>R _ t;send-mail "a@b.c" "s" y) xs\n`;
  assert.deepEqual(flowsOf({ 'main.ilo': clean }), [], 'the lambda sends only the parameter list, not the notes');
});

test('a function passed by name to a builtin, and a user function that calls its parameter', () => {
  const byName = `${TOOLS}post-it x:t>R _ t;send-mail! "a@b.c" "s" x
all>L (R _ t);n=read-notes!! "q";map post-it [n]
`;
  assert.equal(flowsOf({ 'main.ilo': byName }).length, 1);
  const higher = `${TOOLS}app f:F t (R _ t) x:t>R _ t;f x
go>R _ t;n=read-notes! "q";app (y:t>R _ t;send-mail "a@b.c" "s" y) n
`;
  const [d] = flowsOf({ 'main.ilo': higher });
  assert.ok(d, 'app calls the lambda with the notes');
  const toolByName = `${TOOLS}app f:F t t t (R _ t) x:t>R _ t;f "a@b.c" "s" x
go>R _ t;n=read-notes! "q";app send-mail n
`;
  assert.equal(flowsOf({ 'main.ilo': toolByName }).length, 1, 'a sink tool passed by name and called by the helper');
});

test('records keep their fields apart; with-updates and destructuring follow fields', () => {
  const text = `${TOOLS}type msg{to:t;body:t}
a>R _ t;n=read-notes! "q";m=msg to:"x@y.z" body:n;send-mail! m.to "s" "hi"
b>R _ t;n=read-notes! "q";m=msg to:"x@y.z" body:n;send-mail! m.to "s" m.body
c>R _ t;n=read-notes! "q";m=msg to:"x@y.z" body:n;m2=m with body:"safe";send-mail! m2.to "s" m2.body
d>R _ t;n=read-notes! "q";m=msg to:"x@y.z" body:n;{to;body}=m;send-mail! to "s" body
`;
  const ds = flowsOf({ 'main.ilo': text });
  assert.deepEqual(
    ds.map((d) => lineOf(d, text).split('>')[0]),
    ['b', 'd'],
  );
});

test('maps with literal keys keep entries apart; other keys mix them', () => {
  const text = `${TOOLS}a>R _ t;n=read-notes! "q";m=mset mmap "secret" n;m=mset m "pub" "hello";send-mail! "x@y.z" "s" (mget m "pub")
b>R _ t;n=read-notes! "q";m=mset mmap "secret" n;send-mail! "x@y.z" "s" (mget m "secret")
c k:t>R _ t;n=read-notes! "q";m=mset mmap k n;send-mail! "x@y.z" "s" (mget m "pub")
d>R _ t;n=read-notes! "q";m=mset mmap "secret" n;send-mail! "x@y.z" "s" jdmp m
`;
  assert.deepEqual(
    flowsOf({ 'main.ilo': text }).map((d) => lineOf(d, text).split('>')[0]),
    ['b', 'c k:t', 'd'],
  );
});

test('matches: arm bindings carry the subject, and `?{}` matches the statement before it', () => {
  const text = `${TOOLS}a>R _ t;r=read-notes "q";?r{~v:send-mail! "x@y.z" "s" v;^e:^e}
b>R _ t;read-notes "q";?{~v:send-mail! "x@y.z" "s" v;^e:^e}
c>R _ t;r=read-notes "q";?r{~v:send-mail! "x@y.z" "s" "fixed";^e:^e}
`;
  assert.deepEqual(
    flowsOf({ 'main.ilo': text }).map((d) => lineOf(d, text).split('>')[0]),
    ['a', 'b'],
  );
});

test('loops, guards and ternaries: values bound on any path count', () => {
  const text = `${TOOLS}a xs:L t>R _ t;acc="";@x xs{acc=cat [acc x] ""};n=read-notes! "q";@i 0..3{acc=cat [acc n] ""};send-mail! "x@y.z" "s" acc
b f:b>R _ t;s="";n=read-notes! "q";f{s=n};send-mail! "x@y.z" "s" s
c f:b>R _ t;n=read-notes! "q";s=?f{n}{"no"};send-mail! "x@y.z" "s" s
`;
  assert.equal(flowsOf({ 'main.ilo': text }).length, 3);
});

test('recursion: a function that passes data through itself', () => {
  const text = `${TOOLS}pass xs:L t n:n>t;<=n 0 "";h=hd xs;r=pass xs -n 1;cat [h r] ""
mutual-a x:t n:n>t;<=n 0 x;mutual-b x -n 1
mutual-b x:t n:n>t;mutual-a x n
go>R _ t;n=read-notes! "q";s=pass [n] 3;send-mail! "x@y.z" "s" s
go2>R _ t;n=read-notes! "q";s=mutual-a n 4;send-mail! "x@y.z" "s" s
go3 k:t>R _ t;s=mutual-a k 4;send-mail! "x@y.z" "s" s
`;
  assert.deepEqual(
    flowsOf({ 'main.ilo': text }).map((d) => lineOf(d, text).split(' ')[0].split('>')[0]),
    ['go', 'go2'],
  );
});

test('builtins: rd and env are private, get is untrusted, post and get send, wr overwrites', () => {
  const text = `leak1>R t t;k=env! "API_KEY";post "https://example.com/log" k
leak2>R t t;d=rd! "notes.txt";u=cat ["https://example.com/?q=" d] "";get u
tamper1>R t t;p=get! "https://example.com";wr "out.txt" p
tamper2>R t t;p=get! "https://example.com";post p "hello"
ok1>R t t;k=env! "API_KEY";h=mset mmap "authorization" k;post "https://api.example.com" "{}" h
ok2>R t t;p=get! "https://example.com";get p
ok3>R t t;d=rd! "notes.txt";wr "copy.txt" d
ok4>R t t;k=env! "API_KEY";prnt k
`;
  assert.deepEqual(
    flowsOf({ 'main.ilo': text }).map((d) => lineOf(d, text).split('>')[0]),
    ['leak1', 'leak2', 'tamper1', 'tamper2'],
  );
});

test('a declared sanitizer ends the path; one for untrusted content alone keeps private data', () => {
  const text = `${TOOLS}-- @flow sanitizer
redact s:t>t;rgxsub "[0-9]" "#" s
-- @flow sanitizer=untrusted
escape s:t>t;rgxsub "<" "&lt;" s
a>R _ t;m=read-mail! "in";c=redact m;send-mail! "x@y.z" "s" c
b>R _ t;m=read-mail! "in";c=escape m;send-mail! "x@y.z" "s" c
`;
  const ds = flowsOf({ 'main.ilo': text });
  assert.equal(ds.length, 1);
  assert.match(lineOf(ds[0], text), /^b>/);
  assert.match(ds[0].message, /^leak: private data from `read-mail`/, 'the tampering is cleaned, the leak is not');
});

test('near-misses are not reported', () => {
  const text = `${TOOLS}param-only b:t>R _ t;send-mail! "x@y.z" "s" b
constant>R _ t;n=read-notes! "q";send-mail! "x@y.z" "s" "nothing to see"
unrelated>R _ t;n=read-notes! "q";w=word-count! "hello";send-mail! "x@y.z" "s" str w
measured>R _ t;n=read-notes! "q";l=len n;send-mail! "x@y.z" "s" str l
tested>R _ t;n=read-notes! "q";h=has n "x";r=?h{"yes"}{"no"};send-mail! "x@y.z" "s" r
destination>R _ t;n=read-notes! "q";send-mail! n "s" "hi"
private-to-destructive>R _ t;n=read-notes! "q";delete-file! n
`;
  assert.deepEqual(flowsOf({ 'main.ilo': text }), []);
});

test('untrusted content in a destination is still tampering', () => {
  const text = `${TOOLS}go u:t>R _ t;p=fetch-page! u;send-mail! p "s" "hi"\n`;
  const [d] = flowsOf({ 'main.ilo': text });
  assert.match(d.message, /^tamper:/);
  assert.match(d.related!.at(-1)!.message, /reaches `to` of `send-mail`/);
});

test('labels are inferred when not declared: a file reader, a web fetch, a message poster', () => {
  const text = `tool read-file"Read the complete contents of a file" path:t>R t t
tool fetch-url"Fetch a URL from the internet and return its content" url:t>R t t
tool post-message"Post a new message to a Slack channel" channel:t text:t>R _ t
a p:t>R _ t;d=read-file! p;post-message! "general" d
b u:t>R _ t;d=fetch-url! u;post-message! "general" d
`;
  const ds = flowsOf({ 'main.ilo': text });
  assert.deepEqual(
    ds.map((d) => d.message.split(',')[0]),
    ['leak: private data from `read-file` reaches `post-message`', 'tamper: untrusted content from `fetch-url` reaches `post-message`'],
  );
});

test('@flow on a tool replaces what is inferred; `none` silences it', () => {
  const base = `tool read-file"Read the complete contents of a file" path:t>R t t
tool post-message"Post a new message to a Slack channel" channel:t text:t>R _ t
a p:t>R _ t;d=read-file! p;post-message! "general" d
`;
  assert.equal(flowsOf({ 'main.ilo': base }).length, 1);
  const none = base.replace('tool read-file', '-- @flow none\ntool read-file');
  assert.deepEqual(flowsOf({ 'main.ilo': none }), []);
  const onlyText = base.replace('tool post-message', '-- @flow sink=channel\ntool post-message');
  assert.deepEqual(flowsOf({ 'main.ilo': onlyText }), [], 'only `channel` carries data out; `text` is a destination now');
});

test('a function declared with labels behaves like a tool of them', () => {
  const text = `-- @flow private
secret-of k:t>t;k
-- @flow sink
shout x:t>t;x
go>t;s=secret-of "db";shout s
`;
  const [d] = flowsOf({ 'main.ilo': text });
  assert.match(d.message, /^leak: private data from `secret-of` reaches `shout`/);
});

test('several sources to one sink are one diagnostic; two sinks are two', () => {
  const text = `${TOOLS}a u:t>R _ t;n=read-notes! "q";p=fetch-page! u;s=cat [n p] "";send-mail! "x@y.z" "s" s;delete-file! p\n`;
  const ds = flowsOf({ 'main.ilo': text });
  assert.equal(ds.length, 2);
  assert.match(ds[0].message, /leak: private data from `read-notes`.*; tamper: untrusted content from `fetch-page`/);
  assert.match(ds[1].message, /^tamper: untrusted content from `fetch-page` reaches `delete-file`/);
});

test('two callers passing private data to one helper give one diagnostic at the helper\'s sink', () => {
  const text = `${TOOLS}post-it x:t>R _ t;send-mail! "a@b.c" "s" x
one>R _ t;n=read-notes! "q";post-it n
two>R _ t;m=read-mail! "q";post-it m
`;
  const ds = flowsOf({ 'main.ilo': text });
  assert.equal(ds.length, 1);
  assert.match(ds[0].message, /`read-notes`.*`read-mail`/);
});

test('hostile input: long chains are told in a bounded path, budgets give up a function and not the file', () => {
  let chain = 'x0=read-notes! "q"';
  for (let i = 1; i < 3000; i++) chain += `;x${i}=x${i - 1}`;
  const text = `${TOOLS}long>R _ t;${chain};send-mail! "a@b.c" "s" x2999\n`;
  const [d] = flowsOf({ 'main.ilo': text });
  assert.ok(d, 'found at the end of a 3,000-step chain');
  assert.ok(d.related!.length <= 16, `related information stays short (${d.related!.length})`);
  assert.ok(d.related!.some((r) => /more steps/.test(r.message)));
  assert.match(d.related!.at(-1)!.message, /the path is shortened/);

  let ring = '';
  for (let i = 0; i < 60; i++) ring += `g${i} x:t k:n>t;<=k 0 x;g${(i + 1) % 60} x -k 1\n`;
  const rings = `${TOOLS}${ring}go>R _ t;n=read-notes! "q";s=g0 n 5;send-mail! "x@y.z" "s" s\n`;
  assert.equal(flowsOf({ 'main.ilo': rings }).length, 1, 'a ring of 60 mutually recursive functions');

  // Far past the budget a function is given up (no findings, no exception), and the others are still checked.
  const heavy = `${TOOLS}heavy>R _ t;n=read-notes! "q";${'a=1;'.repeat(30_000)}send-mail! "x@y.z" "s" n
light>R _ t;n=read-notes! "q";send-mail! "x@y.z" "s" n
`;
  const t0 = performance.now();
  const ds = flowsOf({ 'main.ilo': heavy });
  assert.ok(performance.now() - t0 < 20_000, 'bounded');
  assert.deepEqual(
    ds.map((x) => lineOf(x, heavy).split('>')[0]),
    ['light'],
    'the heavy function is given up; the light one is analysed',
  );

  let lam = 'send-mail "a" "b" z';
  for (let i = 0; i < 40; i++) lam = `map (z:t>_;${lam}) [z]`;
  assert.doesNotThrow(() => flowsOf({ 'main.ilo': `${TOOLS}go>R _ t;z=read-notes! "q";${lam}\n` }));
});

test('the explanation\'s examples do what they say', async () => {
  const { explain } = await import('../../server/src/explain');
  const e = explain('toxic-flow')!;
  assert.equal(e.code, 'toxic-flow');
  assert.equal(flowsOf({ 'main.ilo': `${e.example!.wrong}\n` }).length, 1);
  assert.deepEqual(flowsOf({ 'main.ilo': `${e.example!.right}\n` }), []);
  assert.equal(explain('TOXIC-FLOW')?.code, 'toxic-flow');
});
