import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
export const USER_UPDATED_MESSAGE = 'User updated successfully';
export const USER_CREATED_MESSAGE = 'User created successfully';
export const PASSWORD_MISMATCH_MESSAGE = 'The passwords do not match.';

const name = z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const password = z
  .string({ message: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

/** POST /api/users: a new admin user. */
export const userCreateSchema = z.object({
  username: z
    .string({ message: 'Username is required' })
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{3,64}$/, 'Username must be 3-64 letters, digits or _.@-'),
  name,
  password,
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** POST /api/users/{id}: name and password (an empty password keeps the old one), or only enabled. */
export const userUpdateSchema = z
  .object({
    name: name.optional(),
    password: z.union([z.literal(''), password]).optional(),
    enabled: z.boolean({ message: 'enabled must be true or false' }).optional(),
  })
  .strict()
  .refine((input) => input.name !== undefined || input.password || input.enabled !== undefined, 'Nothing to update');
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** A user as the API answers it: never a password or hash. */
export interface AdminUser {
  id: number;
  username: string;
  name: string;
  enabled: boolean;
  creation: string;
}
