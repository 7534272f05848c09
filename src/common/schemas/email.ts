import { z } from './zod-config.js';
import { MIN_PASSWORD_LENGTH } from './user.js';

/** GET /auth/features: what the server offers besides signing in. */
export const authFeaturesSchema = z.object({ email: z.boolean() });

/** POST /api/archives/{id}/send-to-author: the message for the author (specification: Error catalogue), for the save that was just made. */
export const sendToAuthorSchema = z.object({
  action: z.enum(['published', 'updated'], { message: 'action must be published or updated' }),
});

export const sentToAuthorMessage = (email: string) => `Message sent to ${email}`;
export const NO_AUTHOR_EMAIL_MESSAGE = 'This article has no author email to send to.';
export const EMAIL_DISABLED_MESSAGE = 'Email is not set up on this server (SMTP_URL).';
export const EMAIL_FAILED_MESSAGE = 'The mail server did not accept the message; nothing was sent. Try again later.';
/** 409 site_url_required: mail with a link waits for a configured public address (decision 094). */
export const SITE_URL_REQUIRED_MESSAGE =
  'Emails with links are not sent until the public address of the site (SITE_URL) is set on the server; nothing was sent.';

/** POST /auth/forgot-password. */
export const forgotPasswordSchema = z.object({
  username: z
    .string({ message: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(200, 'Username must be at most 200 characters'),
});

/** The one answer, whether or not the account exists or can receive email. */
export const RESET_REQUESTED_MESSAGE =
  'If that account exists and has an email address, a link to set a new password has been sent to it. The link works once, for 30 minutes.';

/** POST /auth/reset-password. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ message: 'The link is incomplete' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'The link is incomplete: open it again from the email'),
  password: z
    .string({ message: 'Password is required' })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200, 'Password must be at most 200 characters'),
});

export const PASSWORD_RESET_MESSAGE = 'Your password has been changed. Sign in with the new one.';
export const INVALID_RESET_LINK_MESSAGE =
  'This link is not valid any more: it was used or is older than 30 minutes. Ask for a new one.';
export const RESET_LINK_MINUTES = 30;
