export { MEMORY_TOOLS } from './tools.ts'
