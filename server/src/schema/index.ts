// Public surface of the schema layer (tool contracts as JSON Schema).
// Pure functions over the AST: no LSP types, no I/O.
export type { JsonValue, JsonObject, JsonSchema } from './json';
export {
  parseAnnotations,
  annotatedKind,
  MCP_TOOL_NAME,
  type Annotations,
  type AnnotationsResult,
  type AnnotationEntry,
  type AnnotatedKind,
  type Behavior,
  type ParseAnnotationsOptions,
  type PropertyNote,
  type SchemaPatch,
  type ToolHints,
} from './annotations';
export { MUTABILITIES, ACTIONS, DOMAINS, classifyBehaviorWord, type Mutability, type Action, type Domain } from './behaviorWords';
export type { SchemaDiagnosticCode } from './contractDiagnostic';
export { buildSchemaEnv, EnvBuilder, type SchemaEnv } from './env';
export { SchemaReuse } from './reuse';
export { typeSchema, functionInputSchema, INTEGER_KEY_PATTERN, type SchemaResult, type SchemaPurpose } from './typeSchema';
export { toolDefinition, toolSummary, ILO_OPTIONS_META_KEY, CAPABILITY_META_KEY, RESULT_PROPERTY, type McpTool, type McpToolAnnotations, type ToolDefinitionResult } from './mcpTool';
export { buildManifest, manifestJson, schemaDiagnostics, declDiagnostics, type SchemaDeclResults, type Manifest, type ManifestOptions, type OmittedTool, type ToolExtender } from './manifest';
export { toolPolicyOf, policyJson, policyFromJson, policySummary, policyTags, hostMatches, validDomainPattern, POLICY_META_KEY, type ToolPolicySpec } from './toolPolicy';
export { capabilityParams } from './typeSchema';
export { toStrictSchema, type StrictResult } from './strictSchema';
export {
  toOpenAITools,
  toAnthropicTools,
  toOpenAIChatTools,
  openAIChatTool,
  openAIToolFromMcp,
  anthropicToolFromMcp,
  PROVIDER_TOOL_NAME,
  type OpenAITool,
  type OpenAIChatTool,
  type OpenAIChatExport,
  type AnthropicTool,
  type OpenAIExport,
  type AnthropicExport,
  type OpenAIExportOptions,
} from './providerTools';
export { typeText } from '../syntax/typeText';
