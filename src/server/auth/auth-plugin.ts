import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRole } from '../../common/schemas/user.js';
import type { TokenService } from './tokens.js';

/** The user of a valid token, with the name and the role in the request's journal the database holds now. */
export interface SignedInUser {
  userId: number;
  username: string;
  name: string;
  role: UserRole;
  /** A publisher admin: manages the journals, and is an admin in every one. */
  publisher: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a valid bearer token, or null. */
    user: SignedInUser | null;
  }
  interface FastifyInstance {
    /** preHandler for the work-log and token checks: 401 {error:'unauthorized'} without a valid token. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler for admin calls: 401 without a valid token, 403 {error:'forbidden'} for a staff user. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler for the publisher's calls (the journals): 401 without a valid token, 403 unless a publisher admin. */
    requirePublisher: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const FORBIDDEN_MESSAGE = 'This account may use the work-log only.';

/** Whether the request comes from a signed-in admin: routes that show more to admins than to the public ask this. */
export const isAdmin = (request: FastifyRequest): boolean => request.user?.role === 'admin';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

interface AuthDeps {
  tokens: TokenService;
}

const NOT_A_MEMBER = { error: 'not_a_member', message: 'This account has no access to this journal.' };

/**
 * Reads the bearer token of every request. A token counts as none when its user is removed or disabled,
 * or when the user's token version has moved on since it was signed (password, role or status changed).
 * A valid token from an address the admin IP allow-list leaves out is refused with 403 invalid_ip on every
 * route, public ones too, so no route can forget the check (decision 094).
 */
export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('user', null);

  /** The token's user as the request's journal sees them; `role` null when they are no member of it. */
  async function tokenUser(request: FastifyRequest, token: string) {
    const claims = await deps.tokens.verify(token);
    return claims && request.site.services.users.tokenUser(claims);
  }

  // A callback hook: most requests carry no token, and they go on at once instead of after a promise. A valid
  // token at the host of a journal its holder is no member of is refused on every route (decision 096).
  app.addHook('onRequest', (request, reply, done) => {
    const token = bearerToken(request);
    if (!token) return done();
    tokenUser(request, token)
      .then(async (user) => {
        if (!user) return done();
        if (!user.role) return void reply.code(403).send(NOT_A_MEMBER);
        // The journal's admin IP allow-list, the check its sign-in makes.
        await request.site.services.auth.checkAddress(request.ip);
        const { id: userId, username, name, publisher } = user;
        request.user = { userId, username, name, role: user.role, publisher };
        done();
      })
      .catch(done);
  });

  const unauthorized = (reply: FastifyReply) =>
    reply.code(401).send({ error: 'unauthorized', status: 401, message: 'Please sign in again.' });

  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) await unauthorized(reply);
  });

  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) await unauthorized(reply);
    else if (!isAdmin(request)) await reply.code(403).send({ error: 'forbidden', message: FORBIDDEN_MESSAGE });
  });

  app.decorate('requirePublisher', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) await unauthorized(reply);
    else if (!request.user.publisher)
      await reply.code(403).send({ error: 'forbidden', message: 'Only a publisher admin manages the journals.' });
  });
}
