import { z } from './zod-config.js';

export const MIN_PASSWORD_LENGTH = 8;
export const USER_UPDATED_MESSAGE = 'User updated successfully';
export const USER_CREATED_MESSAGE = 'User created successfully';
export const PASSWORD_MISMATCH_MESSAGE = 'The passwords do not match.';

/** `admin`: everything (the original behaviour, and the default); `staff`: the work-log only. */
export const USER_ROLES = ['admin', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', staff: 'Staff (work-log only)' };

const name = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');
const password = z
  .string({ message: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');
const role = z.enum(USER_ROLES, { message: 'role must be admin or staff' });
/** Where a "Forgot password" link is sent; empty: the user cannot reset by email. */
const email = z.union([z.literal(''), z.string().trim().max(200).email('Email must be an email address')]);

/** POST /api/users: a new user, an admin unless `role` says otherwise. */
export const userCreateSchema = z.object({
  username: z
    .string({ message: 'Username is required' })
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{3,64}$/, 'Username must be 3-64 letters, digits or _.@-'),
  name,
  password,
  role: role.default('admin'),
  email: email.default(''),
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/**
 * POST /api/users/{id}: any of name, password (an empty one keeps the old one), role and enabled.
 * Changing one's own password needs `current_password`.
 */
export const userUpdateSchema = z
  .object({
    name: name.optional(),
    password: z.union([z.literal(''), password]).optional(),
    current_password: z.string({ message: 'current_password must be text' }).max(200).optional(),
    role: role.optional(),
    enabled: z.boolean({ message: 'enabled must be true or false' }).optional(),
    email: email.optional(),
  })
  .strict()
  .refine(
    (input) =>
      input.name !== undefined ||
      input.password ||
      input.role !== undefined ||
      input.enabled !== undefined ||
      input.email !== undefined,
    'Nothing to update',
  );
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** A user as the API answers it: never a password or hash. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role,
  enabled: z.boolean(),
  creation: z.string(),
  email: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
