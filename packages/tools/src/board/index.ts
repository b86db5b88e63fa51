export { BOARD_TOOLS } from './tools.ts'
