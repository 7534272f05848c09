/** See nginx-proxy.mjs. */
export declare const NGINX_PATH: string;
export declare function nginxInstalled(): boolean;
export declare function startNginx(upstreamPort: number): Promise<{ url: string; stop(): Promise<void> }>;
