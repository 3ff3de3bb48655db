// The status bar's words for a file's tools.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { levelLabel, levelTooltip, toolCountLabel, toolCountTooltip } from '../../client/src/toolCountLabel';

test('the status bar counts tools reached through use beside the file’s own', () => {
  assert.equal(toolCountLabel({ own: 2, used: 1 }), '2 tools, 1 used');
  assert.equal(toolCountLabel({ own: 1, used: 0 }), '1 tool');
  assert.equal(toolCountLabel({ own: 0, used: 3 }), '0 tools, 3 used');
  assert.match(toolCountTooltip({ own: 2, used: 1 }), /3 tools exported/);
});

test('the status bar names the file’s language level and where it comes from', () => {
  assert.equal(levelLabel({ level: '26', pragma: '26.5', source: 'pragma' }), 'ilo 26');
  assert.match(levelTooltip({ level: '26', pragma: '26.5', source: 'pragma' }), /pragma \^26\.5/);
  assert.match(levelTooltip({ level: '0.11', source: 'setting' }), /ilo\.languageVersion setting/);
});
