// Collisions: tools an agent can confuse because the same arguments fit
// both. Tools with identical normalised input schemas are grouped, near pairs
// (differing only by optional properties or enum values) found, and each
// pair ranked by how much the two behaviors differ (collisions.ts);
// collisionDiagnostics.ts turns them into `same-schema`, `same-behavior` and
// `near-schema` diagnostics on the tools' names, with the `@behavior` quick
// fix where a behavior is only inferred. Schemas are normalised by the
// shared ../schemaNormalize.ts (every contract tool carries its hash).

export {
  findCollisions,
  CollisionMemo,
  compareBehaviors,
  nearDifferences,
  type Collisions,
  type CollisionTool,
  type Comparison,
  type Rank,
} from './collisions';
export { collisionDiagnostics } from './collisionDiagnostics';
