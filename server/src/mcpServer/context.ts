// What a tool handler gets besides its arguments, and what it gives back.

import type { Args } from './args';
import type { RootDirs } from './roots';

export interface ToolContext {
  /** The client's roots (asked for only when a path is given). */
  roots(): Promise<RootDirs>;
}

export interface ToolAnswer {
  /** The structured result, matching the tool's output schema. */
  structured: Record<string, unknown>;
  /** The compact text most hosts show the model. */
  text: string;
}

export type ToolHandler = (args: Args, ctx: ToolContext) => ToolAnswer | Promise<ToolAnswer>;
