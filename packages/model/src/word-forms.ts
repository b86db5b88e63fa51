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
  const full = SINGULAR.get(short)
  return full !== undefined && full.includes(long)
}

/** Whether two label words name the same thing: equal, or one a known abbreviation of the other. */
export function sameWord(a: string, b: string): boolean {
  return a === b || abbreviates(a, b) || abbreviates(b, a)
}

// Keyed and valued as labelWords gives words: "kubernetes" reads "kubernete" there.
const RELATED = new Map<string, string[]>()
// A Map, not an object: a label's word may be "constructor" (an object's lookup would find Object's).
const SINGULAR = new Map<string, readonly string[]>()
for (const [short, full] of Object.entries(ABBREVIATIONS)) {
  SINGULAR.set(singular(short), full.map(singular))
  for (const f of full.map(singular)) {
    if (f === short) continue
    RELATED.set(short, [...(RELATED.get(short) ?? []), f])
    RELATED.set(f, [...(RELATED.get(f) ?? []), short])
    if (singular(short) !== short) RELATED.set(singular(short), RELATED.get(short)!)
  }
}

/** The words the table relates to `w`: its full forms when it is an abbreviation, its abbreviations when not. */
export const variants = (w: string): readonly string[] => RELATED.get(w) ?? []

// ── Inflections and opposites, for deciding whether two words of two labels are one word (resolve.ts).
// Hand-written beside `stem` rather than a Porter stemmer (`stemmer`, `wink-porter2-stemmer`): the model
// imports yjs only (purity.test.ts), and what matching needs is narrower than a stem. Porter folds
// derivations ("general" / "generate" / "generation" all give "gener"), and a derivation may name another
// thing; an inflection ("fix" / "fixing" / "fixes", "move" / "moved") names the same act. So: a word's
// possible bases once one inflectional ending goes, with the final consonant undoubled ("overlapping")
// and a silent e put back ("moving"), and two words are one when their bases meet.

// Forms of the verbs that inflect irregularly and carry no meaning of their own in a label ("does not
// print" / "do not print"), keyed as labelWords gives them ("does" reads "doe").
const AUXILIARY = new Map<string, string>([
  ...['is', 'are', 'was', 'were', 'be', 'been', 'being', 'am'].map((w) => [w, 'be'] as const),
  ...['do', 'doe', 'does', 'did', 'done', 'doing'].map((w) => [w, 'do'] as const),
  ...['has', 'have', 'had', 'having'].map((w) => [w, 'have'] as const),
])

const CONSONANT = /[bcdfgklmnprtvz]$/

/** The forms `w` may be an inflection of, itself included (lower-case a-z words only). */
function basesOf(w: string): string[] {
  const aux = AUXILIARY.get(w)
  if (aux !== undefined) return [aux]
  if (!LETTERS.test(w)) return [w]
  const out = [w]
  const from = (base: string): void => {
    if (base.length >= 3) out.push(base)
    if (base.length >= 2) out.push(base + 'e')
    const n = base.length
    // "overlapp" -> "overlap", "stopp" -> "stop"; "fill" and "miss" keep their double letter.
    if (n >= 4 && base[n - 1] === base[n - 2] && CONSONANT.test(base) && !/(?:ll|ss|zz|ff)$/.test(base))
      out.push(base.slice(0, -1))
  }
  if (w.endsWith('ing')) from(w.slice(0, -3))
  else if (w.endsWith('ied')) out.push(w.slice(0, -3) + 'y')
  else if (w.endsWith('ed')) from(w.slice(0, -2))
  else if (w.endsWith('es')) out.push(w.slice(0, -2))
  else if (w.endsWith('s') && !w.endsWith('ss')) out.push(w.slice(0, -1))
  if (w.endsWith('e') && w.length >= 4) out.push(w.slice(0, -1))
  return out
}

/** Whether two lower-case words are inflections of one word ("fixing" / "fix", "generated" / "generate"). */
export function sameInflection(a: string, b: string): boolean {
  if (a === b) return true
  if (AUXILIARY.has(a) || AUXILIARY.has(b)) return AUXILIARY.get(a) === AUXILIARY.get(b)
  // Inflections share their start: most pairs are settled here.
  if (
    a.length < 2 ||
    b.length < 2 ||
    a.charCodeAt(0) !== b.charCodeAt(0) ||
    a.charCodeAt(1) !== b.charCodeAt(1)
  )
    return false
  const x = basesOf(a)
  return basesOf(b).some((v) => x.includes(v))
}

// Prefixes that turn a verb or an adjective into another act ("register" / "unregister", "serialize" /
// "deserialize", "index" / "reindex", "valid" / "invalid"), and the 'no' / 'not' glued onto an option's
// name to turn it off ("termguicolors" / "notermguicolors", "wrapscan" / "nowrapscan").
const OPPOSING = ['un', 'de', 'dis', 'non', 'no', 'not', 'anti', 're', 'in', 'im', 'il', 'ir', 'mis']

/** Whether one word is the other (or an inflection of it) with a prefix that makes it another act. */
export function opposed(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  if (short.length < 3 || long.length === short.length) return false
  return OPPOSING.some((p) => long.startsWith(p) && sameInflection(long.slice(p.length), short))
}
