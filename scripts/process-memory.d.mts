/** See process-memory.mjs. */
export declare function rssMb(pid: number): number;
export declare function sampleMemory(pid: number): { stop(): number };
