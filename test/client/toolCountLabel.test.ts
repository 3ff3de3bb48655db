// The status bar's words for a file's tools.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toolCountLabel, toolCountTooltip } from '../../client/src/toolCountLabel';

test('the status bar counts tools reached through use beside the file’s own', () => {
  assert.equal(toolCountLabel({ own: 2, used: 1 }), '2 tools, 1 used');
  assert.equal(toolCountLabel({ own: 1, used: 0 }), '1 tool');
  assert.equal(toolCountLabel({ own: 0, used: 3 }), '0 tools, 3 used');
  assert.match(toolCountTooltip({ own: 2, used: 1 }), /3 tools exported/);
});
