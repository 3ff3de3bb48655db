// Import: MCP tools become ilo source. A tool list is planned into `type`,
// `alias` and `tool` declarations with the doc-comment annotations that keep
// what ilo's syntax cannot say (importPlan, importSchema, importNames,
// importRefs), printed (importEmit, importAst), exported again through the
// schema layer and compared with the original so that nothing is lost
// silently, and pinned with a lock entry (import.ts). importCheck.ts proves
// the printed text reads back the same way through the real parser.

export { importTools, importToolsFromText, type ImportOptions, type ImportResult, type ImportedTool, type RoundTripStatus } from './import';
export { checkImportedSource, type CheckedTool, type ImportCheck } from './importCheck';
