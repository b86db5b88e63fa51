// Loads keepalive-worker.ts through tsx's loader, as bin/plexus.mjs loads the CLI.
import { register } from 'tsx/esm/api'

register()
await import('./keepalive-worker.ts')
