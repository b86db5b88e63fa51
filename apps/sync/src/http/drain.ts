/**
 * A stopping server answers the requests it already started before it closes anything they use.
 * A write an agent made (a claim, a resolve) is committed before its answer is sent; cutting the
 * connection between the two would leave the agent believing it failed while the graph says it
 * succeeded — the agent that won a claim would never hear of it, and the others would be told they
 * lost to it. New requests during the stop get 503 with the reason, which clients treat as the server
 * being away.
 */
export class Drain {
  private inFlight = 0
  private stopping = false
  private idle: Array<() => void> = []

  /** Wraps a fetch handler: counts what it is answering, refuses new work once stopping. */
  wrap<A extends unknown[]>(
    fetch: (req: Request, ...rest: A) => Response | Promise<Response>,
  ): (req: Request, ...rest: A) => Promise<Response> {
    return async (req, ...rest) => {
      if (this.stopping)
        return Response.json(
          {
            error: 'shutting_down',
            message:
              'the server is stopping; retry in a moment (another server, or this one once it is back)',
          },
          { status: 503, headers: { Connection: 'close', 'Retry-After': '1' } },
        )
      this.inFlight++
      try {
        return await fetch(req, ...rest)
      } finally {
        if (--this.inFlight === 0) for (const done of this.idle.splice(0)) done()
      }
    }
  }

  /** Refuses new requests and resolves once those under way are answered, or after `limitMs`. */
  stop(limitMs: number): Promise<void> {
    this.stopping = true
    if (this.inFlight === 0) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, limitMs)
      timer.unref()
      this.idle.push(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
}
