import type { ChildProcess } from 'node:child_process';

/** See server-flags.mjs. */
export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare function spawnBuiltServer(root: string, port: number, env: Record<string, string>): ChildProcess;
