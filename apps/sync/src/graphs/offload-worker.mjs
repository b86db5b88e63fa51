// The worker thread's entry (offload.ts), in JavaScript because a worker starts without the
// parent's loader: it registers tsx here, then loads the TypeScript side. The same file serves
// `plexus serve` (tsx), the test runner (vitest) and the benchmarks.
import { register } from 'tsx/esm/api'

register()
await import('./offload-worker.ts')
