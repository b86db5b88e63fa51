/** The engine surface (seed 003's final tool list), in its order: creation, querying, analysis, correction, management. */
import type { Tool } from '../tool.ts'
import { addFactsTool, addKnowledge, createFromMermaid, forget, forgetRelationship } from './build.ts'
import { deleteGraph, exportGraphTool, getGraphInfo, importGraphTool, listGraphs } from './manage.ts'
import { QUERY_TOOLS } from './query.ts'

export const ENGINE_TOOLS: readonly Tool[] = [
  addFactsTool,
  addKnowledge,
  createFromMermaid,
  ...QUERY_TOOLS,
  forget,
  forgetRelationship,
  listGraphs,
  deleteGraph,
  getGraphInfo,
  exportGraphTool,
  importGraphTool,
]
