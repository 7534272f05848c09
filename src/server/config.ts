import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TOKEN_LIFETIME_SECONDS } from './auth/tokens.js';
import { DEFAULT_QUERY_TIMEOUT_MS } from './db/database.js';
import { trustProxySetting } from './http/trusted-proxies.js';

/** A configuration problem the operator must fix; main.ts prints its message as one line. */
export class ConfigError extends Error {}

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], { message: 'must be 0/1, true/false or yes/no' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL (leave unset for SQLite)')
    .optional(),
  SITE_URL: z
    .url({ protocol: /^https?$/, message: "must be the site's public address, e.g. https://journal.example.org" })
    .refine((value) => URL.canParse(value) && /^[a-z]+:\/\/[^/?#]+\/?$/i.test(value), {
      message: 'must be an origin without a path, e.g. https://journal.example.org',
    })
    .transform((value) => new URL(value).origin)
    .optional(),
  PUBLISHER_HOST: z
    .string()
    .regex(
      /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
      'must be a host name in lower case without a scheme, port or path, e.g. publisher.example.org',
    )
    .optional(),
  PUBLISHER_NAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .regex(/^[^\p{Cc}]*$/u, 'must be one line of text')
    .default('Our journals'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587')
    .refine(
      (value) => URL.canParse(value),
      'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587',
    )
    .optional(),
  TOKEN_LIFETIME_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 2592000')
    .max(2_592_000, 'must be between 1 and 2592000')
    .default(DEFAULT_TOKEN_LIFETIME_SECONDS),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_.@-]{3,64}$/, 'must be 3-64 letters, digits or _.@-')
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting.default(false),
  WEB_CONCURRENCY: z.coerce
    .number({ message: 'must be a number of worker processes' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 32')
    .max(32, 'must be between 1 and 32')
    .default(1),
  PUBLIC_MAX_AGE: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 86400 seconds')
    .max(86400, 'must be between 0 and 86400 seconds')
    .default(60),
  RENDER_THREADS: z.coerce
    .number({ message: 'must be a number of render threads' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 16')
    .max(16, 'must be between 0 and 16')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'must be a number of connections' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 100')
    .max(100, 'must be between 1 and 100')
    .optional(),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(100, 'must be between 100 and 600000 milliseconds')
    .max(600_000, 'must be between 100 and 600000 milliseconds')
    .default(DEFAULT_QUERY_TIMEOUT_MS),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DATA_DIR' | 'RENDER_THREADS' | 'DATABASE_POOL_SIZE'> & {
  DATA_DIR: string;
  RENDER_THREADS: number;
  DATABASE_POOL_SIZE: number;
};

/**
 * Render threads per process when RENDER_THREADS is unset: one per core each worker process has beyond the first,
 * which the main thread keeps for HTTP, the page cache and compression (decision 103). On a single core, passing
 * pages to a thread only adds work.
 */
export function defaultRenderThreads(cores: number, processes: number): number {
  const perProcess = Math.floor(cores / processes);
  return perProcess >= 2 ? perProcess - 1 : 0;
}

/**
 * PostgreSQL connections per worker process when DATABASE_POOL_SIZE is unset: the bench's 20 concurrent clients
 * shared among the worker processes, at least 4 each, so that an instance keeps at most 20 up to five workers, and
 * several instances stay within PostgreSQL's default max_connections of 100 (decision 090).
 */
export function defaultDatabasePoolSize(processes: number): number {
  return Math.max(4, Math.floor(20 / processes));
}

/** Reads and validates the environment. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid environment variable ${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`,
    );
  }
  const { RENDER_THREADS, DATABASE_POOL_SIZE, ...rest } = parsed.data;
  return {
    ...rest,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    RENDER_THREADS: RENDER_THREADS ?? defaultRenderThreads(os.availableParallelism(), parsed.data.WEB_CONCURRENCY),
    DATABASE_POOL_SIZE: DATABASE_POOL_SIZE ?? defaultDatabasePoolSize(parsed.data.WEB_CONCURRENCY),
  };
}
