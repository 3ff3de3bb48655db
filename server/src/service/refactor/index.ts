// Navigation and refactoring over the shared resolver (query/resolver.ts):
// references, document highlights, rename and go to type definition.

export { referencesAt } from './references';
export { highlightsAt } from './highlights';
export { prepareRenameAt, renameAt } from './rename';
export { typeDefinitionAt } from './typeDefinition';
export { projectFile, type ProjectFile, type ProjectView } from './project';
