import { randomIds, type RandomBytes } from '@plexus/model'

/**
 * The platform's cryptographic random source (Web Crypto: browsers, Node 20, workers). The model has
 * no random source of its own; every peer takes its ids from here.
 */
export const platformRandom: RandomBytes = (bytes) => void globalThis.crypto.getRandomValues(bytes)

/** Node ids for a peer: `n_` and 12 random base-36 characters (the model's `randomIds`). */
export const newId: () => string = randomIds('n_', platformRandom)
