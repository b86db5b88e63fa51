/**
 * The seed-000 contract with the official SDK client over both transports: Streamable HTTP on the
 * real server, and `plexus mcp` over stdio joined to it.
 */
import { seedSuite } from './test/seed-suite.ts'
import { httpTarget, stdioTarget } from './test/targets.ts'

seedSuite('Streamable HTTP', httpTarget)

seedSuite('stdio (plexus mcp)', stdioTarget)
