// What the status bar asks the service: a file's own tools and those it
// reaches through `use`, which an export writes too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LanguageService } from '../../server/src/service/languageService';
import { schemaHoverSections } from '../../server/src/service/schemaHover';

test('a file with two tools that uses a file with one counts 2 own and 1 used, as export writes 3', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilo-toolcount-'));
  fs.writeFileSync(path.join(dir, 'lib.ilo'), 'tool ping"Check a host" h:t>t\n');
  const main = 'use "lib.ilo"\ntool get-user"Get a user" id:t>t\ntool del-user"Delete a user" id:t>b\n';
  fs.writeFileSync(path.join(dir, 'main.ilo'), main);
  const service = new LanguageService(schemaHoverSections);
  const uri = pathToFileURL(path.join(dir, 'main.ilo')).href;
  service.setDocument(uri, main, 1);
  assert.deepEqual(service.toolCount(uri), { own: 2, used: 1 });
  assert.equal(service.exportTools(uri, 'mcp')?.toolCount, 3);
});
