import { z } from './zod-config.js';
import { USER_ROLES } from './user.js';

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  /** The role in the journal of the host signed in at. */
  role: z.enum(USER_ROLES),
  /** A publisher admin, who manages the installation's journals. */
  publisher: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** What POST /auth/login/ answers, and what the browser keeps under the acadpubjwt key. */
export const loginResultSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** What GET /auth/verify-token/ answers for a valid token. */
export const tokenCheckSchema = z.object({
  valid: z.literal(true),
  user: sessionUserSchema,
});

/** Login refusals (specification: Error catalogue) and the message the sign-in form shows for each. */
export const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  invalid_credentials: 'Invalid user and password',
  disabled: 'User disabled',
  invalid_ip: 'Invalid IP',
  not_a_member: 'This account has no access to this journal.',
};
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
