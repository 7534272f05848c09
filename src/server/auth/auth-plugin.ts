import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRole } from '../../common/schemas/user.js';
import type { UsersService } from '../modules/users/users.service.js';
import type { TokenService } from './tokens.js';

/** The user of a valid token, with the name and role the database holds now. */
export interface SignedInUser {
  userId: number;
  username: string;
  name: string;
  role: UserRole;
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
  users: Pick<UsersService, 'tokenUser'>;
  tokens: TokenService;
}

/**
 * Reads the bearer token of every request. A token counts as none when its user is removed or disabled,
 * or when the user's token version has moved on since it was signed (password, role or status changed).
 * A valid token from an address the admin IP allow-list leaves out is refused with 403 invalid_ip on every
 * route, public ones too, so no route can forget the check (decision 094).
 */
export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('user', null);

  async function signedInUser(token: string): Promise<SignedInUser | null> {
    const claims = await deps.tokens.verify(token);
    if (!claims) return null;
    const user = await deps.users.tokenUser(claims);
    return user && { userId: user.id, username: user.username, name: user.name, role: user.role };
  }

  // A callback hook: most requests carry no token, and they go on at once instead of after a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request);
    if (!token) return done();
    signedInUser(token)
      .then(async (user) => {
        // The journal's admin IP allow-list, the check its sign-in makes.
        if (user) await request.site.services.auth.checkAddress(request.ip);
        request.user = user;
      })
      .then(() => done(), done);
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
}
