/**
 * What a running server leaves in its data directory: `plexus.db` (the store) and, while it runs,
 * `server.json` ({ pid, url, version }). Clients read it to go through the running server instead
 * of writing the file behind its back. A file of its own so that a client (the stdio agent, the CLI's
 * other commands) can find the server without loading the server's code.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const DB_FILE = 'plexus.db'
export const SERVER_FILE = 'server.json'

export interface ServerFile {
  pid: number
  url: string
  version: string
}

/** The server recorded in a data directory, if its process is still alive. */
export function runningServer(dataDir: string): ServerFile | null {
  let file: ServerFile
  try {
    file = JSON.parse(readFileSync(join(dataDir, SERVER_FILE), 'utf8')) as ServerFile
  } catch {
    return null
  }
  if (file.pid === process.pid) return null
  try {
    process.kill(file.pid, 0)
    return file
  } catch (error) {
    // EPERM: alive but not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? file : null
  }
}
