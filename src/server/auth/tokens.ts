import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

/** Tokens last 12 hours (docs/security.md) unless configured otherwise (TOKEN_LIFETIME_SECONDS). */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  userId: number;
  username: string;
  name: string;
  /** The user's token_version when signed; a token signed before versions existed counts as version 0. */
  tokenVersion?: number;
}

/** Signs and checks the bearer tokens of the admin and work-log areas (HS256). */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly lifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ username: claims.username, name: claims.name, ver: claims.tokenVersion ?? 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.lifetimeSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.username !== 'string') return null;
      const tokenVersion = typeof payload.ver === 'number' ? payload.ver : 0;
      return { userId, username: payload.username, name: String(payload.name ?? payload.username), tokenVersion };
    } catch {
      return null;
    }
  }
}

/** JWT_SECRET when given, else a secret generated once and kept in DATA_DIR. */
export function resolveJwtSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: processes starting together on a new DATA_DIR
  // all take the first one's secret, and none reads a half-written file.
  const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return fs.readFileSync(file, 'utf8').trim();
}
