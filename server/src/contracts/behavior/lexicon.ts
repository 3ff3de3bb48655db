// The word lists behind behavior inference: which verbs name which action,
// which nouns name which output domain. Plain data plus lookups that forgive
// plurals and verb endings ("entities", "Creates", "listing").
//
// The lists are deliberately general (CRUD verbs, messaging, files, tables,
// git/GitHub objects, users) rather than tuned to any one server: inference
// is judged on tools it has never seen.

import type { Action, Confidence, Domain } from './behavior';

export interface VerbSense {
  action: Action;
  confidence: Confidence;
  /**
   * Execution verbs (`execute`, `run`, …) say nothing about effects on their
   * own; the description decides between a read and a write.
   */
  ambiguous?: boolean;
  /** The object the verb implies when the name has none (`reply` → a message). */
  implies?: string;
}

const v = (action: Action, confidence: Confidence = 'high', extra: Partial<VerbSense> = {}): VerbSense => ({ action, confidence, ...extra });

const VERBS: Record<string, VerbSense> = {
  // -- reading
  read: v('READ'),
  get: v('READ'),
  fetch: v('READ'),
  retrieve: v('READ'),
  list: v('READ'),
  show: v('READ'),
  describe: v('READ'),
  view: v('READ'),
  open: v('READ', 'medium'),
  load: v('READ'),
  inspect: v('READ'),
  lookup: v('READ', 'medium'),
  look: v('READ', 'medium'),
  stat: v('READ'),
  peek: v('READ'),
  download: v('READ', 'medium'),
  export: v('READ', 'medium'),
  cat: v('READ'),
  count: v('READ'),
  check: v('READ', 'medium'),
  verify: v('READ', 'medium'),
  validate: v('READ', 'medium'),
  browse: v('READ'),
  explain: v('READ'),
  summarize: v('READ', 'medium'),
  summarise: v('READ', 'medium'),
  analyze: v('READ', 'medium'),
  analyse: v('READ', 'medium'),
  compare: v('READ', 'medium', { implies: 'diff' }),
  diff: v('READ', 'high', { implies: 'diff' }),
  convert: v('READ', 'medium'),
  calculate: v('READ', 'medium'),
  compute: v('READ', 'medium'),
  estimate: v('READ', 'medium'),
  translate: v('READ', 'medium', { implies: 'text' }),
  parse: v('READ', 'medium'),
  preview: v('READ', 'medium'),
  render: v('READ', 'medium'),
  explore: v('READ', 'medium'),
  watch: v('READ', 'medium'),
  poll: v('READ', 'medium'),
  ping: v('READ', 'medium'),
  echo: v('READ', 'medium'),
  return: v('READ', 'medium'),
  screenshot: v('READ', 'medium', { implies: 'image' }),
  capture: v('READ', 'low', { implies: 'image' }),
  query: v('READ', 'medium', { implies: 'data' }),
  // -- searching
  search: v('SEARCH'),
  find: v('SEARCH'),
  grep: v('SEARCH'),
  match: v('SEARCH', 'medium'),
  filter: v('SEARCH', 'medium'),
  scan: v('SEARCH', 'medium'),
  discover: v('SEARCH', 'medium'),
  locate: v('SEARCH', 'medium'),
  seek: v('SEARCH', 'medium'),
  suggest: v('SEARCH', 'low'),
  autocomplete: v('SEARCH', 'low'),
  // -- creating
  create: v('CREATE'),
  add: v('CREATE', 'medium'),
  insert: v('CREATE'),
  new: v('CREATE', 'medium'),
  make: v('CREATE', 'medium'),
  mkdir: v('CREATE', 'high', { implies: 'directory' }),
  post: v('CREATE', 'high', { implies: 'message' }),
  publish: v('CREATE', 'medium'),
  send: v('CREATE', 'high', { implies: 'message' }),
  reply: v('CREATE', 'high', { implies: 'message' }),
  respond: v('CREATE', 'medium', { implies: 'message' }),
  comment: v('CREATE', 'high', { implies: 'comment' }),
  register: v('CREATE', 'medium'),
  generate: v('CREATE', 'medium'),
  fork: v('CREATE', 'high', { implies: 'repository' }),
  clone: v('CREATE', 'medium', { implies: 'repository' }),
  init: v('CREATE', 'medium'),
  initialize: v('CREATE', 'medium'),
  initialise: v('CREATE', 'medium'),
  start: v('CREATE', 'low'),
  launch: v('CREATE', 'low'),
  spawn: v('CREATE', 'medium'),
  schedule: v('CREATE', 'medium'),
  invite: v('CREATE', 'medium'),
  upload: v('CREATE', 'medium', { implies: 'file' }),
  import: v('CREATE', 'low'),
  submit: v('CREATE', 'medium'),
  react: v('CREATE', 'medium', { implies: 'reaction' }),
  star: v('CREATE', 'medium', { implies: 'reaction' }),
  compose: v('CREATE', 'medium', { implies: 'message' }),
  draft: v('CREATE', 'medium', { implies: 'message' }),
  commit: v('CREATE', 'high', { implies: 'commit' }),
  subscribe: v('CREATE', 'medium'),
  follow: v('CREATE', 'medium'),
  book: v('CREATE', 'medium'),
  reserve: v('CREATE', 'medium'),
  purchase: v('CREATE', 'medium', { implies: 'order' }),
  buy: v('CREATE', 'medium', { implies: 'order' }),
  charge: v('CREATE', 'medium', { implies: 'payment' }),
  pay: v('CREATE', 'medium', { implies: 'payment' }),
  refund: v('CREATE', 'medium', { implies: 'payment' }),
  deposit: v('CREATE', 'medium', { implies: 'payment' }),
  notify: v('CREATE', 'medium', { implies: 'message' }),
  broadcast: v('CREATE', 'medium', { implies: 'message' }),
  announce: v('CREATE', 'medium', { implies: 'message' }),
  tweet: v('CREATE', 'medium', { implies: 'message' }),
  sms: v('CREATE', 'medium', { implies: 'message' }),
  dispatch: v('CREATE', 'medium'),
  enroll: v('CREATE', 'medium'),
  grant: v('CREATE', 'medium', { implies: 'permission' }),
  backup: v('CREATE', 'medium'),
  provision: v('CREATE', 'medium'),
  allocate: v('CREATE', 'medium'),
  duplicate: v('CREATE', 'medium'),
  copy: v('CREATE', 'medium'),
  // -- updating in place
  update: v('UPDATE'),
  edit: v('UPDATE'),
  modify: v('UPDATE'),
  patch: v('UPDATE'),
  change: v('UPDATE'),
  rename: v('UPDATE'),
  move: v('UPDATE', 'low'),
  mv: v('UPDATE', 'low'),
  configure: v('UPDATE', 'medium'),
  toggle: v('UPDATE'),
  mark: v('UPDATE'),
  close: v('UPDATE', 'medium'),
  reopen: v('UPDATE', 'medium'),
  assign: v('UPDATE', 'medium'),
  unassign: v('UPDATE', 'medium'),
  label: v('UPDATE', 'medium'),
  enable: v('UPDATE', 'medium'),
  disable: v('UPDATE', 'medium'),
  transition: v('UPDATE', 'medium'),
  approve: v('UPDATE', 'medium'),
  reject: v('UPDATE', 'medium'),
  lock: v('UPDATE', 'medium'),
  unlock: v('UPDATE', 'medium'),
  pin: v('UPDATE', 'medium'),
  unpin: v('UPDATE', 'medium'),
  archive: v('UPDATE', 'medium'),
  unarchive: v('UPDATE', 'medium'),
  restore: v('UPDATE', 'medium'),
  checkout: v('UPDATE', 'medium', { implies: 'branch' }),
  switch: v('UPDATE', 'medium'),
  stage: v('UPDATE', 'medium'),
  fill: v('UPDATE', 'medium'),
  click: v('UPDATE', 'medium'),
  select: v('UPDATE', 'low'),
  hover: v('UPDATE', 'low'),
  navigate: v('UPDATE', 'low'),
  type: v('UPDATE', 'low'),
  press: v('UPDATE', 'low'),
  scroll: v('UPDATE', 'low'),
  sync: v('UPDATE', 'medium'),
  refresh: v('UPDATE', 'medium'),
  increment: v('UPDATE'),
  decrement: v('UPDATE'),
  incr: v('UPDATE'),
  decr: v('UPDATE'),
  adjust: v('UPDATE', 'medium'),
  apply: v('UPDATE', 'medium'),
  fix: v('UPDATE', 'medium'),
  complete: v('UPDATE', 'medium'),
  finish: v('UPDATE', 'medium'),
  stop: v('UPDATE', 'low'),
  pause: v('UPDATE', 'medium'),
  resume: v('UPDATE', 'medium'),
  pull: v('UPDATE', 'low'),
  rotate: v('UPDATE', 'medium'),
  resize: v('UPDATE', 'medium'),
  expire: v('UPDATE', 'low'),
  ship: v('UPDATE', 'medium', { implies: 'order' }),
  fulfil: v('UPDATE', 'medium', { implies: 'order' }),
  fulfill: v('UPDATE', 'medium', { implies: 'order' }),
  transfer: v('UPDATE', 'medium'),
  withdraw: v('UPDATE', 'medium'),
  sign: v('UPDATE', 'medium'),
  trigger: v('UPDATE', 'low'),
  restart: v('UPDATE', 'medium'),
  reboot: v('UPDATE', 'medium'),
  shutdown: v('UPDATE', 'medium'),
  scale: v('UPDATE', 'low'),
  migrate: v('UPDATE', 'medium'),
  ban: v('UPDATE', 'medium'),
  mute: v('UPDATE', 'medium'),
  suspend: v('UPDATE', 'medium'),
  // -- deleting
  delete: v('DELETE'),
  remove: v('DELETE'),
  drop: v('DELETE'),
  destroy: v('DELETE'),
  erase: v('DELETE'),
  purge: v('DELETE'),
  clear: v('DELETE'),
  unlink: v('DELETE'),
  rm: v('DELETE'),
  rmdir: v('DELETE', 'high', { implies: 'directory' }),
  del: v('DELETE'),
  truncate: v('DELETE'),
  revoke: v('DELETE'),
  cancel: v('DELETE', 'medium'),
  dismiss: v('DELETE', 'medium'),
  discard: v('DELETE'),
  evict: v('DELETE'),
  flush: v('DELETE', 'medium'),
  uninstall: v('DELETE'),
  unsubscribe: v('DELETE', 'medium'),
  unfollow: v('DELETE', 'medium'),
  unstar: v('DELETE', 'medium'),
  detach: v('DELETE', 'medium'),
  wipe: v('DELETE'),
  prune: v('DELETE'),
  kill: v('DELETE', 'medium'),
  terminate: v('DELETE', 'medium'),
  cleanup: v('DELETE', 'medium'),
  clean: v('DELETE', 'medium'),
  void: v('DELETE', 'medium'),
  unregister: v('DELETE', 'medium'),
  kick: v('DELETE', 'medium'),
  // -- merging
  merge: v('MERGE'),
  combine: v('MERGE', 'medium'),
  squash: v('MERGE', 'medium'),
  rebase: v('MERGE', 'medium'),
  // -- replacing wholesale
  write: v('OVERWRITE'),
  set: v('OVERWRITE'),
  put: v('OVERWRITE'),
  replace: v('OVERWRITE'),
  overwrite: v('OVERWRITE'),
  save: v('OVERWRITE'),
  store: v('OVERWRITE'),
  upsert: v('OVERWRITE'),
  persist: v('OVERWRITE'),
  reset: v('OVERWRITE', 'medium'),
  revert: v('OVERWRITE', 'medium'),
  rollback: v('OVERWRITE', 'medium'),
  deploy: v('OVERWRITE', 'medium'),
  install: v('OVERWRITE', 'low'),
  // -- adding to the end of something that exists
  append: v('APPEND'),
  push: v('APPEND', 'low'),
  enqueue: v('APPEND', 'medium'),
  prepend: v('APPEND', 'medium'),
  extend: v('APPEND', 'medium'),
  attach: v('APPEND', 'low'),
  log: v('APPEND', 'low'),
  track: v('APPEND', 'low'),
  // -- executing: effects depend on what is executed
  execute: v('OVERWRITE', 'low', { ambiguous: true, implies: 'result' }),
  exec: v('OVERWRITE', 'low', { ambiguous: true, implies: 'result' }),
  run: v('OVERWRITE', 'low', { ambiguous: true, implies: 'result' }),
  call: v('OVERWRITE', 'low', { ambiguous: true, implies: 'result' }),
  invoke: v('OVERWRITE', 'low', { ambiguous: true, implies: 'result' }),
  perform: v('OVERWRITE', 'low', { ambiguous: true, implies: 'result' }),
  process: v('OVERWRITE', 'low', { ambiguous: true, implies: 'result' }),
  eval: v('OVERWRITE', 'low', { ambiguous: true, implies: 'result' }),
  evaluate: v('OVERWRITE', 'low', { ambiguous: true, implies: 'result' }),
};

/** What a noun says about the output: when read, and when written (created, changed, deleted). */
export interface NounSense {
  read: Domain;
  write: Domain;
  /** Objects that own parts (issues, PRs, users): `issue comment` is about the issue. */
  owner?: boolean;
  /** Parts of an owner: a comment of an issue, the status of a PR, a user's settings. */
  part?: boolean;
  /** An acknowledgement word (`success`, `confirmation`). */
  ack?: boolean;
}

const n = (read: Domain, write: Domain = read, extra: Partial<NounSense> = {}): NounSense => ({ read, write, ...extra });

const NOUNS: Record<string, NounSense> = {
  // stored bytes/text: reading gives the content, writing only confirms
  file: n('CONTENT', 'ACK', { part: true }),
  text: n('CONTENT', 'ACK'),
  media: n('CONTENT', 'ACK'),
  image: n('CONTENT', 'ACK'),
  photo: n('CONTENT', 'ACK'),
  picture: n('CONTENT', 'ACK'),
  audio: n('CONTENT', 'ACK'),
  video: n('CONTENT', 'ACK'),
  document: n('CONTENT', 'ACK'),
  doc: n('CONTENT', 'ACK'),
  page: n('CONTENT', 'ACK'),
  content: n('CONTENT', 'ACK'),
  contents: n('CONTENT', 'ACK'),
  blob: n('CONTENT', 'ACK'),
  attachment: n('CONTENT', 'ACK'),
  screenshot: n('CONTENT', 'ACK'),
  pdf: n('CONTENT', 'ACK'),
  line: n('CONTENT', 'ACK'),
  source: n('CONTENT', 'ACK'),
  code: n('CONTENT', 'ACK'),
  snippet: n('CONTENT', 'ACK'),
  markdown: n('CONTENT', 'ACK'),
  html: n('CONTENT', 'ACK'),
  url: n('CONTENT', 'ACK'),
  web: n('CONTENT', 'ACK'),
  webpage: n('CONTENT', 'ACK'),
  article: n('CONTENT'),
  // places in a hierarchy: reading lists them, writing confirms
  directory: n('STRUCTURE', 'ACK'),
  dir: n('STRUCTURE', 'ACK'),
  folder: n('STRUCTURE', 'ACK'),
  tree: n('STRUCTURE', 'ACK'),
  path: n('STRUCTURE', 'ACK'),
  key: n('STRUCTURE', 'ACK'),
  name: n('STRUCTURE', 'ACK'),
  // containers and schemas
  table: n('STRUCTURE'),
  schema: n('STRUCTURE'),
  column: n('STRUCTURE'),
  index: n('STRUCTURE'),
  collection: n('STRUCTURE'),
  database: n('STRUCTURE'),
  db: n('STRUCTURE'),
  bucket: n('STRUCTURE'),
  channel: n('STRUCTURE'),
  namespace: n('STRUCTURE'),
  workspace: n('STRUCTURE'),
  project: n('STRUCTURE'),
  queue: n('STRUCTURE'),
  topic: n('STRUCTURE'),
  sheet: n('STRUCTURE'),
  structure: n('STRUCTURE'),
  layout: n('STRUCTURE'),
  hierarchy: n('STRUCTURE'),
  listing: n('STRUCTURE'),
  // things people write to each other
  message: n('CONTENT'),
  reply: n('CONTENT'),
  thread: n('CONTENT'),
  history: n('CONTENT', 'CONTENT', { part: true }),
  comment: n('CONTENT', 'CONTENT', { part: true }),
  post: n('CONTENT'),
  chat: n('CONTENT'),
  conversation: n('CONTENT'),
  email: n('CONTENT'),
  mail: n('CONTENT'),
  note: n('CONTENT'),
  tweet: n('CONTENT'),
  answer: n('CONTENT'),
  transcript: n('CONTENT'),
  summary: n('CONTENT'),
  prompt: n('CONTENT'),
  completion: n('CONTENT'),
  // structured data
  record: n('DATA'),
  row: n('DATA'),
  entity: n('DATA'),
  relation: n('DATA'),
  relationship: n('DATA'),
  observation: n('DATA'),
  node: n('DATA'),
  edge: n('DATA'),
  graph: n('DATA'),
  item: n('DATA'),
  data: n('DATA'),
  result: n('DATA'),
  query: n('DATA'),
  statement: n('DATA'),
  sql: n('DATA'),
  transaction: n('DATA'),
  event: n('DATA', 'DATA', { part: true }),
  metric: n('DATA'),
  stat: n('DATA'),
  statistic: n('DATA'),
  info: n('DATA', 'DATA', { part: true }),
  information: n('DATA', 'DATA', { part: true }),
  metadata: n('DATA'),
  detail: n('DATA', 'DATA', { part: true }),
  attribute: n('DATA'),
  property: n('DATA'),
  setting: n('DATA', 'DATA', { part: true }),
  preference: n('DATA', 'DATA', { part: true }),
  config: n('DATA'),
  configuration: n('DATA'),
  size: n('DATA'),
  status: n('DATA', 'DATA', { part: true }),
  state: n('DATA'),
  time: n('DATA'),
  date: n('DATA'),
  weather: n('DATA'),
  forecast: n('DATA'),
  price: n('DATA'),
  value: n('DATA', 'ACK'),
  pair: n('DATA', 'ACK'),
  entry: n('DATA'),
  object: n('DATA'),
  variable: n('DATA'),
  memory: n('DATA'),
  fact: n('DATA'),
  insight: n('DATA'),
  task: n('DATA'),
  job: n('DATA'),
  order: n('DATA'),
  payment: n('DATA'),
  invoice: n('DATA'),
  product: n('DATA'),
  location: n('DATA'),
  place: n('DATA'),
  coordinate: n('DATA'),
  dataset: n('DATA'),
  log: n('DATA'),
  usage: n('DATA'),
  quota: n('DATA'),
  report: n('DATA'),
  // acknowledgements: a mark left on something else
  reaction: n('DATA', 'ACK', { part: true }),
  emoji: n('DATA', 'ACK'),
  like: n('DATA', 'ACK'),
  vote: n('DATA', 'ACK'),
  bookmark: n('DATA', 'ACK'),
  subscription: n('DATA', 'ACK'),
  permission: n('DATA', 'ACK'),
  success: n('ACK', 'ACK', { ack: true }),
  confirmation: n('ACK', 'ACK', { ack: true }),
  acknowledgement: n('ACK', 'ACK', { ack: true }),
  acknowledgment: n('ACK', 'ACK', { ack: true }),
  ok: n('ACK', 'ACK', { ack: true }),
  // people
  user: n('USER', 'USER', { owner: true }),
  member: n('USER'),
  profile: n('USER'),
  people: n('USER'),
  person: n('USER'),
  account: n('USER'),
  contact: n('USER'),
  owner: n('USER'),
  author: n('USER'),
  collaborator: n('USER'),
  assignee: n('USER', 'USER', { part: true }),
  follower: n('USER'),
  team: n('USER'),
  // code hosting objects
  issue: n('ISSUE', 'ISSUE', { owner: true }),
  ticket: n('ISSUE', 'ISSUE', { owner: true }),
  bug: n('ISSUE', 'ISSUE', { owner: true }),
  pr: n('PR', 'PR', { owner: true }),
  review: n('PR', 'PR', { part: true }),
  branch: n('REF'),
  tag: n('REF'),
  ref: n('REF'),
  commit: n('REF', 'REF', { part: true }),
  sha: n('REF'),
  revision: n('REF'),
  release: n('REF'),
  repo: n('REPO'),
  repository: n('REPO'),
  diff: n('DIFF'),
  change: n('DIFF', 'ACK'),
  delta: n('DIFF', 'ACK'),
  comparison: n('DIFF'),
  label: n('DATA', 'DATA', { part: true }),
};

/** Two-word nouns, looked up before single words. */
const BIGRAMS: Record<string, string> = {
  'pull request': 'pr',
  'merge request': 'pr',
  'pull requests': 'pr',
  'merge requests': 'pr',
  'key value': 'pair',
};

/** Words that end a noun phrase: what follows describes the object, not its kind. */
export const PHRASE_BREAKS: ReadonlySet<string> = new Set([
  'with', 'by', 'to', 'from', 'in', 'for', 'of', 'on', 'at', 'into', 'onto', 'within', 'inside', 'via', 'using',
  'matching', 'that', 'which', 'who', 'where', 'when', 'if', 'and', 'or', 'as', 'including', 'containing',
  'showing', 'based', 'than', 'without', 'across', 'between', 'under', 'over', 'after', 'before',
]);

/** Container words that are not the object themselves (`list of files` is about files). */
export const CONTAINERS: ReadonlySet<string> = new Set(['list', 'array', 'set', 'number', 'batch', 'group', 'multiple', 'all', 'each', 'every', 'one', 'more', 'some', 'many']);

/** Plural and verb-ending variants to try, most specific first. */
function stems(word: string): string[] {
  const w = word.toLowerCase();
  const out = [w];
  if (w.endsWith('ies') && w.length > 4) out.push(w.slice(0, -3) + 'y');
  if (w.endsWith('sses') || w.endsWith('ches') || w.endsWith('shes') || w.endsWith('xes')) out.push(w.slice(0, -2));
  if (w.endsWith('es') && w.length > 3) out.push(w.slice(0, -1));
  if (w.endsWith('s') && !w.endsWith('ss') && w.length > 2) out.push(w.slice(0, -1));
  if (w.endsWith('es') && w.length > 3) out.push(w.slice(0, -2));
  return out;
}

/** Verb forms: `creates`, `creating`, `created`, `deleted`, `listing`. */
function verbStems(word: string): string[] {
  const w = word.toLowerCase();
  const out = stems(w);
  if (w.endsWith('ing') && w.length > 5) out.push(w.slice(0, -3), w.slice(0, -3) + 'e');
  if (w.endsWith('ed') && w.length > 4) out.push(w.slice(0, -2), w.slice(0, -1), w.slice(0, -3));
  return out;
}

export function lookupVerb(word: string): VerbSense | undefined {
  for (const s of verbStems(word)) if (Object.hasOwn(VERBS, s)) return VERBS[s];
  return undefined;
}

/** The verb's canonical spelling (for messages): `creates` → `create`. */
export function verbLemma(word: string): string | undefined {
  for (const s of verbStems(word)) if (Object.hasOwn(VERBS, s)) return s;
  return undefined;
}

export function lookupNoun(word: string): (NounSense & { lemma: string }) | undefined {
  for (const s of stems(word)) if (Object.hasOwn(NOUNS, s)) return { ...NOUNS[s], lemma: s };
  return undefined;
}

/** A two-word noun starting at `words[i]`, if any. */
export function lookupBigram(words: readonly string[], i: number): string | undefined {
  if (i + 1 >= words.length) return undefined;
  return BIGRAMS[`${words[i]} ${words[i + 1]}`];
}

/** Words that mark a description as read-only. */
export const READ_ONLY_CUES: readonly RegExp[] = [
  /\bread[- ]?only\b/i,
  /\bwithout (?:modifying|changing|side[- ]effects)\b/i,
  /\bdoes not (?:modify|change|write)\b/i,
  /\bno side[- ]effects\b/i,
  /\bselect (?:statements?|quer(?:y|ies))\b/i,
];

/** Words that mark a description as writing. */
export const WRITE_CUES: readonly RegExp[] = [
  /\bmodif(?:y|ies|ying)\b/i,
  /\b(?:insert|update|delete|drop|alter)\b/i,
  /\bwrites?\b/i,
  /\bchanges? (?:the|data|state)\b/i,
];

/** Input properties that make a listing a search (`list keys matching pattern`). */
export const SEARCH_PARAMS: ReadonlySet<string> = new Set(['pattern', 'query', 'q', 'filter', 'search', 'keyword', 'keywords', 'glob', 'regex', 'term', 'terms']);
