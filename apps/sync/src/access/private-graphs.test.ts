/**
 * Private graphs (issue 23, finding 6): `user.<name>` ids never collide between two identities, and a
 * `user.<name>` graph is shown the same on every surface, with and without tokens.
 *
 * The attack: identity `Bob` maps to `user.bob-cd9fb1` (a slug and a hash of the exact name), and an
 * identity named `bob-cd9fb1` mapped to the same id and read Bob's graph. The property below tries
 * that for every generated name: a name spelled as another name's id is not given that id.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { Auth } from './auth.ts'
import { call, httpAgent, ok } from '@plexus/tools/test/clients'
import { privateGraphOf } from './scopes.ts'
import { testServer, type TestServer } from '../test/server-harness.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const SEED = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)

/** Token names: no spaces, colons or commas (auth.ts); capitals, dots and other letters allowed. */
const tokenName = fc.stringMatching(/^[A-Za-z0-9._@é-]{1,24}$/).filter((s) => !/[\s:,]/.test(s))

describe('private graph ids', () => {
  it('a name spelled as another name’s private id does not get that id (property)', () => {
    fc.assert(
      fc.property(tokenName, (name) => {
        const id = privateGraphOf(name)
        const spelled = id.slice('user.'.length)
        if (spelled !== name) expect(privateGraphOf(spelled), `${name} → ${id}`).not.toBe(id)
      }),
      { seed: SEED, numRuns: 2000, verbose: true },
    )
  })

  it('regression: Bob and bob-cd9fb1; seed 555528102: @ and anonymous-c3641f', () => {
    expect(privateGraphOf('Bob')).toBe('user.bob-cd9fb1') // unchanged: Bob's stored graph stays his
    expect(privateGraphOf('bob-cd9fb1')).not.toBe('user.bob-cd9fb1')
    expect(privateGraphOf('@')).toBe('user.anonymous-c3641f')
    expect(privateGraphOf('anonymous-c3641f')).not.toBe('user.anonymous-c3641f')
    expect(privateGraphOf('alice')).toBe('user.alice')
  })

  it('two configured names with one private id refuse to start, naming both', () => {
    // Generated: names that slug alike until two share the 24-bit hash are not worth the search in a
    // test; the check is on ids, so two identical ids are what it must refuse.
    const names = ['Bob', 'bob-cd9fb1', 'alice', 'Claude Code', 'ci.bot']
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++)
        expect(privateGraphOf(names[i]!), `${names[i]} / ${names[j]}`).not.toBe(privateGraphOf(names[j]!))
    expect(
      () =>
        new Auth(
          [
            { name: 'Bob', role: 'write', token: 'bob-token-1' },
            { name: 'bob', role: 'write', token: 'bob-token-2' },
          ],
          undefined,
          (n) => (n.toLowerCase() === 'bob' ? 'user.bob' : `user.${n}`),
        ),
    ).toThrow(/"Bob" and "bob" would share the private graph user\.bob/)
  })
})

describe('private graphs on a server', () => {
  let server: TestServer | undefined
  afterEach(async () => {
    await server?.dispose()
    server = undefined
  })

  it('an identity named like another’s private id cannot read it (REST and MCP)', async () => {
    server = await testServer({
      tokens: [
        { name: 'Bob', role: 'write', token: 'bob-token-123' },
        { name: 'bob-cd9fb1', role: 'write', token: 'mallory-token-1' },
      ],
    })
    const bob = await httpAgent(server.url, { token: 'bob-token-123', path: '/mcp/memory' })
    const s = await ok(bob.client, 'kg_read', { cwd: '/home/bob/src' })
    await ok(bob.client, 'kg_put_node', {
      session_id: s.session_id,
      level: 'user',
      id: 'pin',
      gist: 'Bob secret 4711',
    })
    await bob.close()
    const res = await fetch(`${server.url}/api/graphs/user.bob-cd9fb1/export?format=dsl`, {
      headers: { authorization: 'Bearer mallory-token-1' },
    })
    expect(res.status).toBe(403)
    const mallory = await httpAgent(server.url, { token: 'mallory-token-1' })
    try {
      const r = await call(mallory.client, 'graph_export', { project: 'user.bob-cd9fb1', format: 'dsl' })
      expect(r.isError).toBe(true)
      expect(r.text).not.toContain('4711')
      const found = await call(mallory.client, 'graph_search', { query: 'secret 4711' })
      expect(found.text).not.toContain('4711')
    } finally {
      await mallory.close()
    }
  })

  it('without tokens, another client’s user graph is listed and searched on no surface', async () => {
    server = await testServer()
    const bob = await httpAgent(server.url, { name: 'bob', path: '/mcp/memory' })
    const s = await ok(bob.client, 'kg_read', { cwd: '/home/bob/src' })
    await ok(bob.client, 'kg_put_node', {
      session_id: s.session_id,
      level: 'user',
      id: 'pin',
      gist: 'Bob secret 4711',
    })
    await bob.close()
    const work = await httpAgent(server.url, { name: 'eve' })
    const engine = await httpAgent(server.url, { name: 'eve', path: '/mcp/engine' })
    const memory = await httpAgent(server.url, { name: 'eve', path: '/mcp/memory' })
    try {
      const listed = await ok(work.client, 'graph_open', {})
      expect(JSON.stringify(listed)).not.toContain('user.bob')
      expect((await call(work.client, 'graph_search', { query: 'secret 4711' })).text).not.toContain('4711')
      expect(JSON.stringify(await ok(engine.client, 'list_graphs', {}))).not.toContain('user.bob')
      expect((await call(memory.client, 'kg_search', { query: 'secret 4711' })).text).not.toContain('4711')
      // The owner (by its client name, all there is without tokens) still sees its own.
      const own = await httpAgent(server.url, { name: 'bob' })
      expect(JSON.stringify(await ok(own.client, 'graph_open', {}))).toContain('user.bob')
      await own.close()
    } finally {
      await work.close()
      await engine.close()
      await memory.close()
    }
  })
})
