/**
 * Corrupt updates that still decode: a real update is decoded into its structs, one field is changed
 * the way a broken or hostile client would change it (an origin that points elsewhere or nowhere, a
 * shifted clock, a client id taken from another peer, swapped content, deletes beyond what exists),
 * and the structs are encoded again. Byte-level mutations (ws-frames.ts) mostly fail to decode; these
 * reach Yjs's integration, where an update can fail halfway.
 */
import * as encoding from 'lib0/encoding'
import * as Y from 'yjs'
import type { Rng } from './suite.ts'
import { concat, words } from './ws-frames.ts'

type Struct = Y.Item | Y.GC | Y.Skip
type DeleteSet = ReturnType<typeof Y.decodeUpdate>['ds']

/** Ids present in `state`: where misplaced origins and deletes point. */
export function knownIds(state: Uint8Array): Y.ID[] {
  return Y.decodeUpdate(state)
    .structs.filter((s) => s instanceof Y.Item)
    .map((s) => s.id)
}

export function mutateStructs(
  rng: Rng,
  update: Uint8Array,
  known: readonly Y.ID[],
  otherClients: readonly number[],
): { bytes: Uint8Array; how: string } {
  const { structs, ds } = Y.decodeUpdate(update)
  const items = structs.filter((s): s is Y.Item => s instanceof Y.Item)
  const item = items.length ? rng.pick(items) : null
  const someId = (): Y.ID => (known.length ? rng.pick(known) : Y.createID(1, 0))
  let how: string
  const later = (): Y.ID => {
    const own = structs.filter((s) => s.id.client === item!.id.client)
    const last = own.reduce((m, s) => Math.max(m, s.id.clock + s.length), 0)
    return Y.createID(item!.id.client, item!.id.clock + rng.int(last - item!.id.clock + 1))
  }
  const mutation = item ? rng.int(12) : 8
  switch (mutation) {
    case 0:
      item!.origin = someId()
      how = 'an origin moved to a struct elsewhere in the graph'
      break
    case 1:
      item!.rightOrigin = someId()
      how = 'a right origin moved to a struct elsewhere in the graph'
      break
    case 2:
      item!.origin = Y.createID(1 + rng.int(0x7ffffffe), rng.int(1000))
      how = 'an origin pointing at a struct nobody has'
      break
    case 3: {
      const shift = rng.pick([1, 2, 100, -1, 2 ** 30])
      for (const s of structs)
        if (s.id.client === item!.id.client) s.id = Y.createID(s.id.client, Math.max(0, s.id.clock + shift))
      how = `clocks shifted by ${shift}`
      break
    }
    case 4: {
      const client = otherClients.length ? rng.pick(otherClients) : 1
      for (const s of structs) if (s.id.client === item!.id.client) s.id = Y.createID(client, s.id.clock)
      how = `written under another peer's client id ${client}`
      break
    }
    case 5: {
      const contents = [
        () => new Y.ContentDeleted(1 + rng.int(rng.pick([4, 1 << 20]))),
        () => new Y.ContentAny([words(rng), rng.int(100), null]),
        () => new Y.ContentString(words(rng)),
        () => new Y.ContentType(new Y.Map()),
        () => new Y.ContentType(new Y.Text()),
        () => new Y.ContentBinary(rng.bytes(8)),
        () => new Y.ContentJSON([{ a: 1 }]),
      ]
      item!.content = rng.pick(contents)()
      item!.length = item!.content.getLength()
      how = `content swapped for ${item!.content.constructor.name}`
      break
    }
    case 6:
      item!.parentSub = item!.parentSub === null ? words(rng, 1) : null
      item!.origin = null
      item!.rightOrigin = null
      item!.parent = item!.parent ?? ('nodes' as never)
      how = item!.parentSub === null ? 'a map entry made a list element' : 'a list element given a map key'
      break
    case 7:
      item!.origin = null
      item!.rightOrigin = null
      // A root type is named by its key on the wire; Item.write accepts the name in place of the type.
      item!.parent = rng.int(2)
        ? someId()
        : (rng.pick(['nodes', 'edges', 'meta', 'history', 'no-such-root']) as never)
      how = 'a parent swapped for another struct or root'
      break
    case 9:
      // Yjs checks an origin for being missing only when it names another client.
      item!.origin = later()
      how = 'an origin pointing at the struct itself or a later one of its client'
      break
    case 10:
      item!.rightOrigin = later()
      how = 'a right origin pointing at the struct itself or a later one of its client'
      break
    case 11:
      item!.origin = null
      item!.rightOrigin = null
      item!.parent = later()
      how = 'a parent that is the struct itself or a later one of its client'
      break
    default: {
      const client = rng.pick([...otherClients, 1 + rng.int(0x7ffffffe)])
      const at = rng.pick([0, rng.int(1000), 2 ** 31, 2 ** 53 - 2])
      const len = rng.pick([1, 1000, 2 ** 31])
      ds.clients.set(client, [...(ds.clients.get(client) ?? []), { clock: at, len } as never])
      how = `deletes of ${len} at clock ${at} of client ${client}`
    }
  }
  return { bytes: encode(structs, ds), how }
}

/** Structs and a delete set in update format v1, as Yjs writes them. */
function encode(structs: Struct[], ds: DeleteSet): Uint8Array {
  const enc = new Y.UpdateEncoderV1()
  const byClient = new Map<number, Struct[]>()
  for (const s of structs) byClient.set(s.id.client, [...(byClient.get(s.id.client) ?? []), s])
  encoding.writeVarUint(enc.restEncoder, byClient.size)
  for (const [client, list] of byClient) {
    list.sort((a, b) => a.id.clock - b.id.clock)
    encoding.writeVarUint(enc.restEncoder, list.length)
    enc.writeClient(client)
    encoding.writeVarUint(enc.restEncoder, list[0]!.id.clock)
    for (const s of list) s.write(enc, 0)
  }
  encoding.writeVarUint(enc.restEncoder, ds.clients.size)
  for (const [client, ranges] of ds.clients) {
    enc.resetDsCurVal()
    encoding.writeVarUint(enc.restEncoder, client)
    encoding.writeVarUint(enc.restEncoder, ranges.length)
    for (const r of ranges) {
      enc.writeDsClock(r.clock)
      enc.writeDsLen(r.len)
    }
  }
  return concat(enc.toUint8Array())
}
