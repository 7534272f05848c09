import type { FastifyInstance } from 'fastify';
import { USER_CREATED_MESSAGE, USER_UPDATED_MESSAGE, userCreateSchema, userUpdateSchema } from '../../../common/schemas/user.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import type { AppContext } from '../../app-context.js';
import { parseInput } from '../../http/errors.js';

export function registerUserRoutes(app: FastifyInstance, { services }: AppContext): void {
  const admin = { preHandler: app.requireAdmin };

  app.get('/api/users', { ...admin, schema: { tags: ['admin'], summary: 'Every user (never a password)' } }, () =>
    services.users.list(),
  );

  app.post(
    '/api/users',
    { ...admin, schema: { tags: ['admin'], summary: 'Creates a user {username, name, password, role (admin, the default, or staff)}' } },
    async (request, reply) => {
      const user = await services.users.create(parseInput(userCreateSchema, request.body));
      return reply.code(201).send({ ...user, message: USER_CREATED_MESSAGE });
    },
  );

  app.get('/api/users/:id', { ...admin, schema: { tags: ['admin'], summary: 'One user (never a password)' } }, (request) =>
    services.users.get(parseInput(recordIdParams, request.params).id),
  );

  app.post(
    '/api/users/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Updates name, password, role or enabled; a new password, role or disabling ends the user\'s sessions',
      },
    },
    async (request) => {
      const { id } = parseInput(recordIdParams, request.params);
      const input = parseInput(userUpdateSchema, request.body);
      const actingUserId = request.user!.userId;
      const user = await services.users.update(id, input, actingUserId);
      // A new password of one's own ended this session too: it goes on with a new token.
      const renewed = id === actingUserId && input.password ? await services.auth.renewSession(id) : null;
      return { ...user, message: USER_UPDATED_MESSAGE, ...(renewed ? { token: renewed.token } : {}) };
    },
  );
}
