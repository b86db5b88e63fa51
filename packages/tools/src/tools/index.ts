/** Every tool, in the order tools/list shows them. */
import type { Tool } from '../tool.ts'
import { graphAnalyze, graphSuggest } from './analyze.ts'
import { graphOnboard, graphOpen } from './graphs.ts'
import { graphExport, graphImport } from './io.ts'
import { graphAddFacts, graphPlan } from './plan.ts'
import { graphContext, graphHistory } from './node.ts'
import { graphQuery, graphSearch } from './read.ts'
import { graphSession } from './session.ts'
import { graphConnect, graphRestructure } from './structure.ts'
import { graphDiff } from './time.ts'
import { graphNext, graphUpdate } from './work.ts'

export const TOOLS: readonly Tool[] = [
  graphOpen,
  graphOnboard,
  graphPlan,
  graphAddFacts,
  graphNext,
  graphContext,
  graphUpdate,
  graphConnect,
  graphQuery,
  graphSearch,
  graphRestructure,
  graphHistory,
  graphDiff,
  graphAnalyze,
  graphExport,
  graphImport,
  graphSession,
  graphSuggest,
]
