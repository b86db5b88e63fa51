import { labelWords } from './tokenize.ts'

// A CamelCase word is one name: "AnimationTreePlayer" is not "AnimationTree", "InputEventKey" is not
// "InputEvent", whatever the rest of the label says (issue 24, session 9: "Remove AnimationTree node" took
// "Remove AnimationTreePlayer node"). So is an identifier written with underscores, hyphens or dots
// ("read_json_objects" is not "read_json", session 10), and a name of letters and digits with more after
// its digits ("PCG64DXSM" is not "PCG64"). Label words (labelWords) split such a word into its parts, so
// a label that names the shorter thing reads as the longer one less a word: the rules that forgive a word
// inserted or left out would merge them. This file keeps where the compounds of a label are, and says
// whether another label cuts one short.
//
// Hand-written: there is nothing here a library does (the splitting is tokenize.ts's).

// A word and what joins it into one name: CamelCase humps (inside the run), and _ . - between runs. No
// run can start where the previous one may continue, so the pattern is linear.
const TOKEN = /[\p{L}\p{N}]+(?:[_.-][\p{L}\p{N}]+)*/gu
// Without the hyphen: an English compound ("Ledger-pharmacy", "multi-factor") is a phrase whose words a
// partial name may pick out, while two whole labels that differ by one of its parts name different
// things ("kube-proxy" / "kube", "re-enable" / "enable").
const CODE_TOKEN = /[\p{L}\p{N}]+(?:[_.][\p{L}\p{N}]+)*/gu
// File extensions ("export_qrda_xml.php" / "export_qrda_xml", "Node.js" / "Node"): a name written with
// one names the same thing as without it.
const EXTENSIONS = new Set(
  'php js mjs cjs jsx ts tsx py rb go rs java kt c h cc cpp hpp cs swift m sh bash ps1 json yaml yml toml ini cfg conf xml html htm css scss md rst txt csv sql lock log exe dll so dylib jar wasm'.split(
    ' ',
  ),
)
// Parts of two characters or more with a letter: "PCG64" and "DXSM" are parts, while "3D", "Body3D" and
// "iOS" split into a lone letter or number and are not compounds.
const NAME_PART = /^(?=[\p{N}]*\p{L})[\p{L}\p{N}]{2,}$/u

/**
 * The compounds of a label: [start, end) ranges of `words` (labelWords of `text`) that come from one
 * word of the text (CamelCase, or joined by _ . and, with `hyphens`, -) with two parts or more, each of
 * two characters or more with a letter. Empty when the words do not line up with the text's tokens
 * (a word cut by MAX_WORDS, a script tokenized otherwise).
 */
export function compoundsOf(
  text: string,
  words: readonly string[],
  hyphens = true,
): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = []
  let at = 0
  for (const m of text.matchAll(hyphens ? TOKEN : CODE_TOKEN)) {
    const parts = labelWords(m[0])
    const n = parts.length
    // A file named with or without its extension is one file: the compound ends before it.
    const dot = m[0].lastIndexOf('.')
    const name = dot > 0 && EXTENSIONS.has(m[0].slice(dot + 1).toLowerCase()) ? n - 1 : n
    if (name >= 2 && at + name <= words.length && parts.slice(0, name).every((p) => NAME_PART.test(p)))
      out.push([at, at + name])
    at += n
    if (at >= words.length) break
  }
  return at === words.length || at > words.length ? out : []
}

/**
 * Whether `a` names a compound of `b` by its first or last parts only: the parts asked for appear in `a`
 * one after the other, the rest of the compound does not follow (or precede) them, and `a` never spells
 * the whole compound, joined, as its parts or split elsewhere ("Character Body 3D" for "CharacterBody3D"). `same` says whether two words are one.
 */
export function cutsShort(
  a: readonly string[],
  b: readonly string[],
  compounds: ReadonlyArray<readonly [number, number]>,
  same: (x: string, y: string) => boolean,
): boolean {
  for (const [s, e] of compounds) {
    const parts = b.slice(s, e)
    if (runAt(a, parts, same) >= 0 || spelled(a, parts.join(''))) continue
    for (let j = parts.length - 1; j >= 1; j--) {
      const head = runAt(a, parts.slice(0, j), same)
      if (head >= 0 && !(a[head + j] !== undefined && same(a[head + j]!, parts[j]!))) return true
      const tail = runAt(a, parts.slice(parts.length - j), same)
      const before = parts[parts.length - j - 1]!
      if (tail >= 0 && !(tail > 0 && same(a[tail - 1]!, before))) return true
    }
  }
  return false
}

/** Whether neighbouring words of `words` join into `joined` ("Character Body 3D" / "CharacterBody3D"). */
function spelled(words: readonly string[], joined: string): boolean {
  for (let i = 0; i < words.length; i++) {
    let s = ''
    for (let k = i; k < words.length && s.length < joined.length; k++)
      if ((s += words[k]!) === joined) return true
  }
  return false
}

/** Where `run` starts in `words`, word for word, or -1. */
function runAt(
  words: readonly string[],
  run: readonly string[],
  same: (x: string, y: string) => boolean,
): number {
  for (let i = 0; i + run.length <= words.length; i++)
    if (run.every((w, k) => same(words[i + k]!, w))) return i
  return -1
}
