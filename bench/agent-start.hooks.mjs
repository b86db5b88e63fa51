// Module hooks for agent-start.modules.mjs: records the URL of every module loaded.
import { appendFileSync } from 'node:fs'

let file = ''
export function initialize(data) {
  file = data.file
}
export async function load(url, context, next) {
  appendFileSync(file, url + '\n')
  return next(url, context)
}
