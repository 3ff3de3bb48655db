// Types for codeServer.mjs, so TypeScript tests can import it.
import type { ChildProcess } from 'node:child_process';

export interface ScratchDirs {
  scratch: string;
  home: string;
  tmp: string;
  xdgConfig: string;
  xdgData: string;
  xdgCache: string;
  xdgState: string;
  xdgRuntime: string;
  userData: string;
  extensions: string;
  log: string;
}

export interface RunningCodeServer {
  port: number;
  base: string;
  child: ChildProcess;
  stop(): void;
  close(): Promise<void>;
  url(folder: string, payload?: [string, string][]): string;
  remoteUri(absPath: string): string;
}

export declare function scratchDirs(scratch: string): ScratchDirs;
export declare function prepareScratch(scratch: string, settings?: Record<string, unknown>): ScratchDirs;
export declare function ensureInstalled(): void;
export declare function freePort(): Promise<number>;
export declare function codeServerCli(
  dirs: ScratchDirs,
  args: string[],
): { status: number | null; output: string; error?: Error };
export declare function startCodeServer(options: {
  dirs: ScratchDirs;
  port: number;
  smokeTestDriver?: boolean;
}): Promise<RunningCodeServer>;
