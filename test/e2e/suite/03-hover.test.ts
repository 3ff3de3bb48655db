// Hovering a tool's name shows the MCP tool definition it exports, with its
// JSON Schema, as a ```json block.
import * as assert from 'node:assert/strict';
import { hoverText, jsonBlocks, positionOf, showFile, waitFor } from './harness';

interface ToolShape {
  name?: unknown;
  inputSchema?: { type?: unknown; properties?: Record<string, { type?: unknown }>; required?: unknown };
}

describe('hover', () => {
  it('shows the JSON Schema of a tool when hovering its name', async () => {
    const { document: doc } = await showFile('tools.ilo');
    const at = positionOf(doc, 'send-sms"', 2);
    const markdown = await waitFor('a hover with inputSchema', async () => {
      const text = await hoverText(doc.uri, at);
      return text.includes('inputSchema') ? text : undefined;
    });
    const tool = jsonBlocks(markdown).find((b): b is ToolShape => typeof b === 'object' && b !== null && 'inputSchema' in b);
    assert.ok(tool, `no \`\`\`json block with inputSchema in the hover:\n${markdown}`);
    assert.equal(tool.name, 'send-sms');
    assert.equal(tool.inputSchema?.type, 'object');
    assert.deepEqual(Object.keys(tool.inputSchema?.properties ?? {}).sort(), ['body', 'phone']);
    assert.equal(tool.inputSchema?.properties?.phone?.type, 'string');
    assert.deepEqual([...((tool.inputSchema?.required as string[]) ?? [])].sort(), ['body', 'phone']);
  });
});
