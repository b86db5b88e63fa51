// The public surface of @plexus/model. Everything else in src/ is internal.
export type {
  Change,
  EdgeView,
  Evidence,
  Failure,
  FailureReason,
  GraphMeta,
  HistoryEvent,
  Json,
  NodeView,
  Rejection,
  Result,
  Status,
} from './types.ts'
export {
  GRAPH_ID,
  OLDEST_SCHEMA,
  SCHEMA_VERSION,
  edgeParts,
  migrate,
  newerSchemaMessage,
  readMeta,
} from './schema.ts'
export type { MigrationResult } from './schema.ts'
export { initGraph, meta, openGraph, setMeta } from './graph.ts'
export { skeleton, skeletonClient, skeletonRoot } from './skeleton.ts'
export { undoManager } from './undo.ts'
export type { Env, Graph, InitOptions } from './graph.ts'
export type { ChangeListener, GraphView, StatusTracker, StructureView } from './graph-index.ts'
export { graphView, onMeta, rawSize } from './watch.ts'
export { LIMITS } from './limits.ts'
export { CLOSE_CODES, FAILURE_CODES, FAILURE_MESSAGES, edgeOf, isFailureCode } from './failures.ts'
export type { CloseCodeNumber, CloseName, EdgeAnswer, EdgeReason, Failed, FailureCode } from './failures.ts'
export { editDistance, nearThreshold, nearest, nearestName } from './nearest.ts'
export type { NearestOptions } from './nearest.ts'
export { UNRECORDED, checkDelete, checkNodeWrite, checkTotal, checkWrite, countsAsProperty } from './rules.ts'
export type { Deleted, NodeWrite, NodeWriteContext, Writer, Written } from './rules.ts'
export { createNodes } from './create.ts'
export type { CreateItem, CreateResult, DedupMode } from './create.ts'
export { clearPositions, setPositions, setTreePlaces, updateNodes } from './update.ts'
export type { UpdateItem, UpdateResult } from './update.ts'
export { checkEdgeFields, connect, disconnect } from './edges.ts'
export {
  MAX_TRAVERSE_DEPTH,
  SEED_EDGE_TYPES,
  TASK_STATUSES,
  createTypedEdge,
  deleteEdge,
  edgeById,
  edgesAt,
  isHierarchy,
  projectTasks,
  resetStaleTasks,
  resetTasks,
  staleTasks,
  updateEdgeProperties,
  walkEdges,
} from './typed-edges.ts'
export type {
  BoardTask,
  EdgeAt,
  EdgeDirection,
  SeedEdgeType,
  StaleOptions,
  TaskStatus,
  TraverseStep,
} from './typed-edges.ts'
export {
  COMMON_KINDS,
  DEFAULT_KIND,
  DEPENDS_ON,
  RELATES_TO,
  relationOf,
  relationWords,
  shownKind,
} from './vocabulary.ts'
export type { EdgeInput, EdgeRef } from './edges.ts'
export { restructure } from './restructure.ts'
export { branchOf, copyBranches, forgetBranches, pasteBranches } from './branch.ts'
export { drawnTree, inDrawnOrder, inDrawnOrderBy } from './drawn-order.ts'
export type { DrawnTree } from './drawn-order.ts'
export type { BranchCopy, BranchDeletion, PasteOptions } from './branch.ts'
export type { RestructureOp, RestructureResult } from './restructure.ts'
export {
  CLAIMED_AT,
  CLAIMED_BY,
  CLAIMED_UNTIL,
  CLAIM_KEYS,
  CLAIM_KEYS_MESSAGE,
  DEFAULT_CLAIM_TTL_MS,
  claimOf,
  holderOf,
  lostClaims,
  settleClaims,
  settleClaimsIn,
} from './claims.ts'
export type { Claim, Holder, LostClaim, Settlement } from './claims.ts'
export { claim, counts, next, priorityOf, recordClaims, release, status } from './readiness.ts'
export type { Counts, NextItem, NextOptions, NextResult } from './readiness.ts'
export { KNOWLEDGE_KINDS, WORK_KINDS, isWork } from './kinds.ts'
export { board, query } from './query.ts'
export type { QueryFilter, QueryOptions, QueryResult, SortKey } from './query.ts'
export { brief, context, traverse } from './context.ts'
export type { Brief, ContextResult, Reached, TraverseOptions } from './context.ts'
export { allEvents, changesSince, historyCursor, historySize, nodeHistory, onHistory } from './history.ts'
export { SEED_ACTIONS, bornAt, changesBetween, docAsOf, momentOf, pastOf } from './time.ts'
export { MAX_RESTORE_NODES, previewGraphRestore, restoreAsOf, restoreGraphAsOf } from './restore.ts'
export type { RestoreOptions, RestoreResult } from './restore.ts'
export type { Moment, NodeChanges } from './time.ts'
export { integrity } from './integrity.ts'
export type { Problem } from './integrity.ts'
export { counterIds, randomIds } from './ids.ts'
export type { RandomBytes } from './ids.ts'
export { OUTLINE_MAX_LINES, formatOutline, parseOutline } from './outline.ts'
export type { OutlineItem } from './outline.ts'
export { search } from './search.ts'
export type { SearchItem, SearchOptions, SearchResult } from './search.ts'
export {
  MATCH_CONFIDENCE,
  TWIN_MARGIN,
  bestMatch,
  matchOf,
  resolveLabel,
  rivalsOf,
  sureMatch,
} from './resolve.ts'
export {
  HOT,
  HOT_EDGES,
  WARM,
  listCheckpoints,
  resume,
  saveCheckpoint,
  touch,
  workingSet,
} from './sessions.ts'
export type { Checkpoint, HotEdge, WorkingSet } from './sessions.ts'
export { suggest } from './suggest.ts'
export type { Suggestions } from './suggest.ts'
export {
  allPaths,
  components,
  degreeCentrality,
  findCycles,
  hubs,
  orphans,
  pageRank,
  shortestPath,
  subgraph,
  transitiveReduction,
} from './analysis.ts'
export type { Degree, PathResult, Ranked, Ref } from './analysis.ts'
export { ask, findByLabel } from './analysis-ask.ts'
export type { Answer } from './analysis-ask.ts'
export {
  FORMATS,
  formatOfFile,
  FORMAT_FILES,
  unsupportedFile,
  applyParsed,
  IMPORT_LIMITS,
  JSON_LIMIT,
  contextDump,
  knowledgeDump,
  exportGraph,
  exportJSON,
  graphSummary,
  importGraph,
  importJSON,
  parseCanvas,
  parseDSL,
  parseMermaid,
  toCanvas,
  toDSL,
  toMermaid,
} from './formats/index.ts'
export type {
  ApplyOptions,
  Format,
  GraphSummary,
  ImportResult,
  NodeDecl,
  Parsed,
  PlexusJSON,
} from './formats/index.ts'
export { TREE_DOWN, TREE_UP } from './formats/facts.ts'
export { nodeByAlias, nodeByName } from './names.ts'
export {
  ARCHIVE_AFTER_MS,
  KEEP_IF_READS,
  MEMORY_ALIAS,
  deleteMemoryEdge,
  deleteMemoryNode,
  findMemory,
  memoryId,
  memoryNotes,
  putMemoryEdge,
  putMemoryNode,
  readMemory,
  readMemorySession,
  readProgress,
  sweepTiers,
  tiersDue,
  tierOf,
  writeMemorySession,
  writeProgress,
} from './memory.ts'
export type { MemoryEdgeInput, MemoryNodeInput, MemorySession, Progress, Tier } from './memory.ts'
export { DIRECTIONS, PRESET_COLORS, SHAPES, colorHex } from './appearance.ts'
export type { Direction, PresetColor, Shape } from './appearance.ts'
