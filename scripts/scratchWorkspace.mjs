// The workspace `npm start` opens: a copy of the tracked examples/ folder in
// the git-ignored .e2e/ folder, so that autosave, exports and imports made
// while trying the extension never change tracked files. The copy is made
// once and then kept, so what a user wrote there survives the next start;
// delete it to start again from examples/.
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Returns the scratch copy of `root`/examples (made when missing) and whether it was made now. */
export function scratchExamples(root) {
  const source = join(root, 'examples');
  const path = join(root, '.e2e', 'workspace', 'examples');
  if (existsSync(path)) return { path, created: false };
  mkdirSync(join(root, '.e2e', 'workspace'), { recursive: true });
  cpSync(source, path, { recursive: true });
  return { path, created: true };
}
