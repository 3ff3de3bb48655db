// The workspace's `.ilo` files as the server sees them: listing them
// (directories expanded) and an index of their tools that follows edits and
// watched-file events, for the workspace collision scope.
export { expandInputs } from './workspaceFiles';
export { WorkspaceIndex } from './workspaceIndex';
