/** See nginx-proxy.mjs. */
export declare const NGINX_PATH: string;
export declare function nginxInstalled(): boolean;
/** A page nginx serves from a file: its path on the second server, its bytes and the site's headers for them. */
export interface PageFromDisk {
  path: string;
  body: Uint8Array;
  headers: Record<string, string | string[] | undefined>;
}
export declare function startNginx(
  upstreamPorts: number | number[],
  options?: { fromDisk?: PageFromDisk[] },
): Promise<{ url: string; pid: number; diskUrl: string | undefined; accessLog: string; stop(): Promise<void> }>;
