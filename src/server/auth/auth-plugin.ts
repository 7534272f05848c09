import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { findUserById } from '../modules/users/users.repository.js';
import type { TokenClaims, TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a valid bearer token, or null. */
    user: TokenClaims | null;
  }
  interface FastifyInstance {
    /** preHandler for admin and write calls: 401 {error:'unauthorized'} without a valid token. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/** Reads the bearer token of every request; a token of a removed or disabled user counts as none. */
export function registerAuth(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const claims = await deps.tokens.verify(token);
    if (!claims) return;
    const user = await findUserById(deps.db, claims.userId);
    if (user && user.enabled === 1) request.user = { ...claims, name: user.name };
  });

  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) {
      await reply.code(401).send({ error: 'unauthorized', status: 401, message: 'Please sign in again.' });
    }
  });
}
