/**
 * A large update applied to a live document in slices, the event loop served between them.
 *
 * `splitUpdate` cuts an update into updates of about `maxBytes` each, between structs (and within a
 * list's values or a text larger than that, as Yjs splits an item), in the order Yjs wrote them
 * (per client, by clock), followed by one that carries the delete set alone.
 * Applied in order, they leave the document exactly as the whole update would (a test checks it);
 * each one applied first is already whole where it can be (a struct whose neighbour comes later
 * waits in Yjs's pending structs, which the later slice releases).
 *
 * Yjs has no public way to write a range of structs, so this writes the V1 update format by hand:
 * the header per client (struct count, client, first clock), each struct's own `write`, and the
 * delete set as Yjs's `writeDeleteSet` writes it.
 */
import * as encoding from 'lib0/encoding'
import * as Y from 'yjs'

type Struct = Y.Item | Y.GC | Y.Skip

/** `update` as a list of updates, none of its structs (much) above `maxBytes`, in order. */
export function splitUpdate(update: Uint8Array, maxBytes: number): Uint8Array[] {
  const { structs, ds } = Y.decodeUpdate(update)
  const out: Uint8Array[] = []
  let run: Struct[] = []
  let runBytes = 0
  const close = () => {
    if (run.length > 0) out.push(encodeRun(run))
    run = []
    runBytes = 0
  }
  for (const whole of structs as Struct[]) {
    if (whole instanceof Y.Skip) continue
    for (const s of pieces(whole, maxBytes)) {
      const last = run[run.length - 1]
      if (last && (last.id.client !== s.id.client || last.id.clock + last.length !== s.id.clock)) close()
      run.push(s)
      runBytes += sizeOf(s)
      if (runBytes >= maxBytes) close()
    }
  }
  close()
  if (ds.clients.size > 0) out.push(encodeDeletes(ds))
  return out.length > 0 ? out : [update]
}

/**
 * A struct larger than `maxBytes` as several, the way Yjs splits an item itself: each piece after
 * the first has for origin the last element of the one before, and the whole's right origin. (A
 * list pushed in one transaction is one struct: 50,000 history events, 9 MB, were one slice.)
 * Only values and text are cut; text never between the two halves of a surrogate pair.
 */
function pieces(s: Struct, maxBytes: number): Struct[] {
  if (!(s instanceof Y.Item) || s.length < 2 || sizeOf(s) <= maxBytes) return [s]
  const c = s.content
  const cuts: number[] = [0]
  if (c instanceof Y.ContentAny || c instanceof Y.ContentJSON) {
    let bytes = 0
    c.getContent().forEach((v, i) => {
      bytes += typeof v === 'string' ? v.length : (JSON.stringify(v)?.length ?? 4)
      if (bytes >= maxBytes && i + 1 < s.length) {
        cuts.push(i + 1)
        bytes = 0
      }
    })
  } else if (c instanceof Y.ContentString) {
    for (let at = maxBytes; at < s.length; at += maxBytes) {
      const code = c.str.charCodeAt(at - 1)
      // A high surrogate ends the piece: the cut moves one on, to keep the pair whole.
      const cut = code >= 0xd800 && code <= 0xdbff ? at + 1 : at
      if (cut < s.length && cut > cuts[cuts.length - 1]!) cuts.push(cut)
    }
  } else return [s]
  if (cuts.length === 1) return [s]
  cuts.push(s.length)
  const { client, clock } = s.id
  const out: Y.Item[] = []
  for (let k = 0; k + 1 < cuts.length; k++) {
    const from = cuts[k]!
    const to = cuts[k + 1]!
    const content =
      c instanceof Y.ContentString
        ? new Y.ContentString(c.str.slice(from, to))
        : c instanceof Y.ContentJSON
          ? new Y.ContentJSON(c.arr.slice(from, to))
          : new Y.ContentAny((c as Y.ContentAny).arr.slice(from, to))
    const origin = from === 0 ? s.origin : Y.createID(client, clock + from - 1)
    out.push(
      new Y.Item(
        Y.createID(client, clock + from),
        null,
        origin,
        null,
        s.rightOrigin,
        s.parent,
        s.parentSub,
        content,
      ),
    )
  }
  return out
}

/** About how many bytes a struct takes in an update (its content; the header is small). */
function sizeOf(s: Struct): number {
  if (!(s instanceof Y.Item)) return 4
  const c = s.content
  if (c instanceof Y.ContentString) return 16 + c.str.length
  if (c instanceof Y.ContentAny || c instanceof Y.ContentJSON) {
    let n = 16
    for (const v of c.getContent()) n += typeof v === 'string' ? v.length : 64
    return n
  }
  return 24 + (s.parentSub?.length ?? 0)
}

/** One client's consecutive structs as an update of their own. */
function encodeRun(run: Struct[]): Uint8Array {
  const encoder = new Y.UpdateEncoderV1()
  const first = run[0]!
  encoding.writeVarUint(encoder.restEncoder, 1)
  encoding.writeVarUint(encoder.restEncoder, run.length)
  encoder.writeClient(first.id.client)
  encoding.writeVarUint(encoder.restEncoder, first.id.clock)
  for (const s of run) s.write(encoder, 0)
  // An empty delete set.
  encoding.writeVarUint(encoder.restEncoder, 0)
  return encoder.toUint8Array()
}

/** A delete set as an update with no structs (Yjs's writeDeleteSet, V1). */
function encodeDeletes(ds: ReturnType<typeof Y.decodeUpdate>['ds']): Uint8Array {
  const encoder = new Y.UpdateEncoderV1()
  encoding.writeVarUint(encoder.restEncoder, 0)
  encoding.writeVarUint(encoder.restEncoder, ds.clients.size)
  for (const [client, items] of [...ds.clients.entries()].sort((a, b) => b[0] - a[0])) {
    encoder.resetDsCurVal()
    encoding.writeVarUint(encoder.restEncoder, client)
    encoding.writeVarUint(encoder.restEncoder, items.length)
    for (const item of items) {
      encoder.writeDsClock(item.clock)
      encoder.writeDsLen(item.len)
    }
  }
  return encoder.toUint8Array()
}

/** The next turn of the event loop, after the I/O waiting now (not a microtask: those starve it). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Applies `parts` to `doc` one per turn of the event loop, each its own transaction with `origin`
 * (a server write: the room stores it, then relays it). `onSlice` is told after each one.
 */
export async function applyInSlices(
  doc: Y.Doc,
  parts: readonly Uint8Array[],
  origin: unknown,
  onSlice?: (done: number, of: number) => void,
): Promise<void> {
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) await nextTurn()
    Y.applyUpdate(doc, parts[i]!, origin)
    onSlice?.(i + 1, parts.length)
  }
}
