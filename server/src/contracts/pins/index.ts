// Pins: what was imported stays what is called. The lock file
// (ilo-tools.lock.json, lock.ts) records each imported tool's definition and
// its hash over canonical JSON (lockHash.ts); drift.ts compares a server's
// listing now with those pins and reports changed, removed and added tools
// as diagnostics; driftVerify.ts re-lists the pinned servers on request.

export { canonicalJson, definitionHash, tryDefinitionHash, CanonicalJsonError, CANONICAL_MAX_DEPTH } from './lockHash';
export {
  LOCK_FILE_NAME,
  emptyLock,
  pinOf,
  lockedServer,
  lockServerEntry,
  lockItems,
  pinnedItem,
  PRIMITIVE_KINDS,
  parseLock,
  serializeLock,
  updateLock,
  overwritesPins,
  type LockFile,
  type LockServer,
  type LockChange,
  type LockedItem,
  type PrimitiveKind,
} from './lock';
export { detectDrift, detectLockDrift, driftByFile, driftDiagnostics, driftNoun, formatDifferences, type DriftItem, type LiveListing } from './drift';
export { verifyLockedServers, type VerifyResult } from './driftVerify';
export { findPinnedDeclarations, missingDeclaration, pinKey, type PinnedDeclaration, type PinnedDeclarationProblem, type PinnedDeclarations } from './pinnedDecls';
