import { z } from 'zod';
import type { UserRole } from './user.js';

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export interface SessionUser {
  id: number;
  username: string;
  name: string;
  role: UserRole;
}

/** What POST /auth/login/ answers, and what the browser keeps under the acadpubjwt key. */
export interface LoginResult {
  token: string;
  user: SessionUser;
}

/** Login refusals (spec §8) and the message the sign-in form shows for each. */
export const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  invalid_credentials: 'Invalid user and password',
  disabled: 'User disabled',
  invalid_ip: 'Invalid IP',
};
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
