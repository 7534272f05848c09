import type { FastifyInstance } from 'fastify';
import { USER_CREATED_MESSAGE, USER_UPDATED_MESSAGE, userCreateSchema, userUpdateSchema } from '../../../common/schemas/user.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import type { AppContext } from '../../app-context.js';
import { parseInput } from '../../http/errors.js';

export function registerUserRoutes(app: FastifyInstance, { services }: AppContext): void {
  const admin = { preHandler: app.requireUser };

  app.get('/api/users', { ...admin, schema: { tags: ['admin'], summary: 'Every admin user (never a password)' } }, () =>
    services.users.list(),
  );

  app.post(
    '/api/users',
    { ...admin, schema: { tags: ['admin'], summary: 'Creates an admin user {username, name, password}' } },
    async (request, reply) => {
      const user = await services.users.create(parseInput(userCreateSchema, request.body));
      return reply.code(201).send({ ...user, message: USER_CREATED_MESSAGE });
    },
  );

  app.get('/api/users/:id', { ...admin, schema: { tags: ['admin'], summary: 'One admin user (never a password)' } }, (request) =>
    services.users.get(parseInput(recordIdParams, request.params).id),
  );

  app.post(
    '/api/users/:id',
    { ...admin, schema: { tags: ['admin'], summary: 'Updates name and password, or enables/disables the user' } },
    async (request) => {
      const { id } = parseInput(recordIdParams, request.params);
      const user = await services.users.update(id, parseInput(userUpdateSchema, request.body), request.user!.userId);
      return { ...user, message: USER_UPDATED_MESSAGE };
    },
  );
}
