// @plexus/formats: every file format Plexus reads and writes, through one door. The model's own
// formats (json, mermaid flowchart, dsl, canvas) go through `@plexus/model`'s importGraph/exportGraph;
// the formats people keep their maps in (OPML, FreeMind/Freeplane, Markdown outlines, Mermaid
// mindmap, XMind, GraphML) are read here into the model's `Parsed` intermediate and applied by the
// model's `applyParsed`, so they match, refuse and report exactly as the model's formats do. Every
// import and export answers with a fidelity ledger (`lost`): what it could not keep, per kind.
export { FILE_FORMATS, FILES, formatOfFile, isFileFormat, sniffFormat, unsupportedFile } from './door.ts'
export type { FileFormat, FileInfo } from './door.ts'
export { MAX_EXPORT_DEPTH, exportFile, tryExportFile, importFile, decodeBase64 } from './io.ts'
export type { ExportedFile, FileImportResult, FileInput } from './io.ts'
export { Ledger, lossSummary } from './ledger.ts'
export type { Loss } from './ledger.ts'
