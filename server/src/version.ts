// What ilo-ls says about itself (the CLI's --version, the server's
// serverInfo, SARIF's tool.driver). test/cli/install.test.ts checks these
// against package.json.
export const VERSION = '0.1.0';
export const REPOSITORY_URL = 'https://github.com/ilo-tooling/ilo-tooling';
