import { singular } from './tokenize.ts'

// Word forms and abbreviations: how one word is written several ways in labels people and agents type.
// Both are applied to both sides of a comparison (the indexed term and the query word), so they need only
// be consistent, not linguistically right. Hand-written rather than a stemming library: the model depends
// on yjs only, a light English suffix stripper is twenty lines, and the labelled set in
// bench/fixtures/search-queries.json measures what it gets right (bench/reports/search.md).

// Suffix -> replacement, longest first. A suffix is taken off only when at least MIN_STEM letters remain,
// so short words ("pays", "ring") keep their shape.
const SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ['izations', 'ize'],
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', ''],
  ['iveness', 'ive'],
  ['encies', ''],
  ['iations', ''],
  ['iation', ''],
  ['ations', ''],
  ['ation', ''],
  ['ating', ''],
  ['ments', ''],
  ['ement', ''],
  ['ities', ''],
  ['ences', ''],
  ['ances', ''],
  ['ated', ''],
  ['ates', ''],
  ['ment', ''],
  ['ency', ''],
  ['ence', ''],
  ['ance', ''],
  ['ions', ''],
  ['ings', ''],
  ['ness', ''],
  ['ably', ''],
  ['able', ''],
  ['ible', ''],
  ['ity', ''],
  ['ate', ''],
  ['ent', ''],
  ['ion', ''],
  ['ing', ''],
  ['ies', 'y'],
  ['ied', 'y'],
  ['ers', ''],
  ['er', ''],
  ['ed', ''],
  ['es', ''],
  ['s', ''],
]
const MIN_STEM = 4
const LETTERS = /^[a-z]+$/

/**
 * A crude English stem of a lower-case word: "idempotency" and "idempotent" give "idempot", "webhooks" and
 * "webhook" give "webhook", "retries", "retried" and "retrying" give "retri". Words that are not plain
 * a-z letters, or shorter than five, are their own stem.
 */
export function stem(word: string): string {
  if (word.length <= MIN_STEM || !LETTERS.test(word)) return word
  let w = word
  for (const [suffix, to] of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= MIN_STEM) {
      w = w.slice(0, w.length - suffix.length) + to
      break
    }
  }
  // "validate" / "validating", "retry" / "retries": a final e goes, a final y reads as i.
  if (w.length > MIN_STEM && w.endsWith('e')) w = w.slice(0, -1)
  else if (w.length > MIN_STEM && w.endsWith('y')) w = w.slice(0, -1) + 'i'
  return w
}

/**
 * Abbreviations common in software plans -> the words they stand for. Several words where the short form
 * is ambiguous ("auth" is authentication or authorization), so it matches either but cannot tell them
 * apart: a resolution between two such candidates is a tie, which the caller must settle.
 */
const ABBREVIATIONS: Record<string, readonly string[]> = {
  acct: ['account'],
  admin: ['administration', 'administrator'],
  api: ['api'],
  app: ['application'],
  arch: ['architecture'],
  async: ['asynchronous'],
  auth: ['authentication', 'authorization'],
  authn: ['authentication'],
  authz: ['authorization'],
  cert: ['certificate'],
  cfg: ['configuration', 'config'],
  config: ['configuration'],
  conn: ['connection'],
  db: ['database'],
  dep: ['dependency'],
  deps: ['dependency'],
  dev: ['development'],
  doc: ['documentation'],
  docs: ['documentation'],
  env: ['environment'],
  err: ['error'],
  impl: ['implementation'],
  info: ['information'],
  infra: ['infrastructure'],
  init: ['initialization', 'initialisation'],
  k8s: ['kubernetes'],
  lib: ['library'],
  mgmt: ['management'],
  mgr: ['manager'],
  msg: ['message'],
  notif: ['notification'],
  org: ['organization', 'organisation'],
  perf: ['performance'],
  perm: ['permission'],
  pkg: ['package'],
  prod: ['production'],
  pwd: ['password'],
  repo: ['repository'],
  req: ['request'],
  resp: ['response'],
  spec: ['specification'],
  svc: ['service'],
  sync: ['synchronization', 'synchronisation'],
  txn: ['transaction'],
  ui: ['interface'],
  util: ['utility'],
  utils: ['utility'],
}

/** Whether `short` is a known abbreviation of `long` (both lower-case, singular as labelWords gives). */
function abbreviates(short: string, long: string): boolean {
  const full = SINGULAR[short]
  return full !== undefined && full.includes(long)
}

/** Whether two label words name the same thing: equal, or one a known abbreviation of the other. */
export function sameWord(a: string, b: string): boolean {
  return a === b || abbreviates(a, b) || abbreviates(b, a)
}

// Keyed and valued as labelWords gives words: "kubernetes" reads "kubernete" there.
const RELATED = new Map<string, string[]>()
const SINGULAR: Record<string, readonly string[]> = {}
for (const [short, full] of Object.entries(ABBREVIATIONS)) {
  SINGULAR[singular(short)] = full.map(singular)
  for (const f of full.map(singular)) {
    if (f === short) continue
    RELATED.set(short, [...(RELATED.get(short) ?? []), f])
    RELATED.set(f, [...(RELATED.get(f) ?? []), short])
    if (singular(short) !== short) RELATED.set(singular(short), RELATED.get(short)!)
  }
}

/** The words the table relates to `w`: its full forms when it is an abbreviation, its abbreviations when not. */
export const variants = (w: string): readonly string[] => RELATED.get(w) ?? []
