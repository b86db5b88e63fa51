/**
 * Presence spoofing for the ws-input phase: awareness entries for the canary's client id (newer,
 * removed, echoed), more client ids than one connection may hold, and markup in one's own state.
 */
import { CloseCode } from '@plexus/sync'
import { awarenessFrame, bin, clientId } from './ws-frames.ts'
import type { BadInput, Generator } from './ws-inputs.ts'

export const awarenessSpoofing: Generator = (rng, ctx) => {
  const canary = ctx.canary
  const forged = { user: { name: 'mallory', color: '#f00' }, cursor: { node: 'n_forged' } }
  const higher = canary.clock + 1000 + rng.int(1_000_000)
  const variants: Array<() => BadInput> = [
    () => ({
      what: `canary's client id ${canary.clientID} with a newer clock ${higher}`,
      frames: [bin(awarenessFrame([{ clientID: canary.clientID, clock: higher, state: forged }]))],
      expect: 'reject',
      code: CloseCode.forbidden,
    }),
    () => ({
      what: `canary's client id with clock 2^53-1`,
      frames: [bin(awarenessFrame([{ clientID: canary.clientID, clock: 2 ** 53 - 1, state: forged }]))],
      expect: 'reject',
      code: CloseCode.forbidden,
    }),
    () => ({
      what: `own client id, then the canary's`,
      frames: [
        bin(
          awarenessFrame([
            { clientID: clientId(rng), clock: 1, state: forged },
            { clientID: canary.clientID, clock: higher, state: forged },
          ]),
        ),
      ],
      expect: 'reject',
      code: CloseCode.forbidden,
    }),
    () => ({
      what: `canary's client id removed (state null, clock ${higher})`,
      frames: [bin(awarenessFrame([{ clientID: canary.clientID, clock: higher, state: null }]))],
      expect: 'accept',
    }),
    () => {
      const clock = rng.int(canary.clock + 1)
      return {
        what: `canary's client id with an old clock ${clock} (an echo)`,
        frames: [bin(awarenessFrame([{ clientID: canary.clientID, clock, state: forged }]))],
        expect: 'accept',
      }
    },
    () => {
      const n = ctx.maxAwarenessIds + 1 + rng.int(8)
      const entries = Array.from({ length: n }, () => ({ clientID: clientId(rng), clock: 1, state: forged }))
      return {
        what: `${n} client ids on one connection (limit ${ctx.maxAwarenessIds})`,
        frames: [bin(awarenessFrame(entries))],
        expect: 'reject',
        code: CloseCode.forbidden,
      }
    },
    () => ({
      what: 'own client id with markup in its state',
      frames: [
        bin(
          awarenessFrame([
            { clientID: clientId(rng), clock: 1, state: { user: { name: '<img src=x onerror=alert(1)>' } } },
          ]),
        ),
      ],
      expect: 'accept',
    }),
  ]
  return rng.pick(variants)()
}
