import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminUserSchema,
  USER_CREATED_MESSAGE,
  USER_UPDATED_MESSAGE,
  userCreateSchema,
  userUpdateSchema,
} from '../../../common/schemas/user.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

const savedUser = adminUserSchema.extend({
  message: z.string(),
  /** A new token when the user changed their own password (the old one no longer counts). */
  token: z.string().optional(),
});

export function registerUserRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preValidation: app.requireAdmin };

  api.get(
    '/api/users',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Every user (never a password)',
        response: answers({ 200: z.array(adminUserSchema) }),
      },
    },
    (request) => request.site.services.users.list(),
  );

  api.post(
    '/api/users',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Creates a user {username, name, password, role (admin, the default, or staff)}',
        body: userCreateSchema,
        response: answers({ 201: savedUser }),
      },
    },
    async (request, reply) => {
      const user = await request.site.services.users.create(request.body, request.user!);
      return reply.code(201).send({ ...user, message: USER_CREATED_MESSAGE });
    },
  );

  api.get(
    '/api/users/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One user (never a password)',
        params: recordIdParams,
        response: answers({ 200: adminUserSchema }),
      },
    },
    (request) => request.site.services.users.get(request.params.id),
  );

  api.post(
    '/api/users/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Updates name, password, role or enabled; a new password, role or disabling ends the user's sessions",
        params: recordIdParams,
        body: userUpdateSchema,
        response: answers({ 200: savedUser }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const user = await request.site.services.users.update(id, input, request.user!);
      // A new password of one's own ended this session too: it goes on with a new token.
      const renewed =
        id === request.user!.userId && input.password ? await request.site.services.auth.renewSession(id) : null;
      return { ...user, message: USER_UPDATED_MESSAGE, ...(renewed ? { token: renewed.token } : {}) };
    },
  );
}
