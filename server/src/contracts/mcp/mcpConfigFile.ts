// Reading an MCP config file from disk, with the values of its variables:
// `${workspaceFolder}` is the folder above `.vscode/` for a VS Code
// `.vscode/mcp.json`, else the config's own folder; `${userHome}` is the home
// folder; `${env:NAME}` comes from this process's environment.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseMcpConfig, type ConfigVariables, type McpConfig } from './mcpClientConfig';

/** The variables for a config at `configPath`. */
export function configVariables(configPath: string, env: Readonly<Record<string, string | undefined>> = process.env): ConfigVariables {
  const dir = path.dirname(path.resolve(configPath));
  return {
    workspaceFolder: path.basename(dir) === '.vscode' ? path.dirname(dir) : dir,
    userHome: os.homedir(),
    env,
  };
}

/** Read and parse a config; undefined when the file cannot be read. Never throws. */
export function readMcpConfigFile(configPath: string): McpConfig | undefined {
  let text: string;
  try {
    text = fs.readFileSync(configPath, 'utf8');
  } catch {
    return undefined;
  }
  return parseMcpConfig(text, configPath, configVariables(configPath));
}
