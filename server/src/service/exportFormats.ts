// The shapes tool definitions are exported in, on their own so that naming
// them (the CLI's option choices) does not load the exporters.

export type ExportFormat = 'mcp' | 'openai' | 'openai-chat' | 'anthropic' | 'a2a';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['mcp', 'openai', 'openai-chat', 'anthropic', 'a2a'];
