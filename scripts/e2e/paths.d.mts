// Types for paths.mjs, so TypeScript tests can import it.
export declare const root: string;
export declare const tools: string;
export declare const codeServerVersion: string;
export declare const nodeMajor: number;
export declare const nodeHome: string;
export declare const nodeBin: string;
export declare const codeServerHome: string;
export declare const codeServerEntry: string;
export declare const chromiumBin: string;
export declare const e2eOut: string;
