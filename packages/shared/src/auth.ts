import { z } from 'zod';
import { ROLES } from './roles';

/**
 * The sign-in and business-account forms. The messages are the seed's, word for word (§5);
 * the same schemas validate the request on the server and drive the forms in the web app.
 */
export const authMessages = {
  userNameRequired: 'User name is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  businessNameRequired: 'Business name is required',
  emailInvalid: 'Please enter a valid email address',
  websiteInvalid: 'Please enter a valid website URL',
  pointOfContactRequired: 'Point of contact is required',
  countryRequired: 'Country is required',
  phoneInvalid: 'Please enter a valid phone number for the business’s country',
} as const;

/** The seed's client rule for the login form (set-password asks for more). */
export const PASSWORD_MIN_LENGTH = 6;

function requiredText(message: string) {
  // `abort` stops at the first failure so an empty value reports "required" and nothing else.
  return z.string().trim().min(1, { error: message, abort: true });
}

export const loginSchema = z.object({
  userName: requiredText(authMessages.userNameRequired),
  // Not trimmed: spaces are legitimate password characters and must reach the server as typed.
  password: z
    .string()
    .min(1, { error: authMessages.passwordRequired, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort }),
});

/** "brightsmile.example" is what people type; it means https://brightsmile.example. */
export function withScheme(website: string): string {
  const trimmed = website.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

/**
 * A website on every form: empty means "none"; a bare domain is stored with https://; anything
 * else must be an http(s) URL with a real domain.
 */
export const optionalWebsiteSchema = z
  .string()
  .trim()
  .transform(withScheme)
  .pipe(z.union([z.literal(''), z.httpUrl({ error: authMessages.websiteInvalid })]));

/** An email address as every account form takes it (trimmed; compared ignoring case). */
export const emailSchema = z
  .string()
  .trim()
  .max(254, { error: authMessages.emailInvalid })
  .pipe(z.email({ error: authMessages.emailInvalid }));

/** An IANA time zone (dates are shown in the business's). */
export const timeZoneSchema = z
  .string()
  .trim()
  .refine(isTimeZone, { error: 'Please choose a valid time zone' });

export const createAccountSchema = z.object({
  businessName: requiredText(authMessages.businessNameRequired),
  email: emailSchema,
  /** Checked and stored in E.164 by the server, read in the business's country (libphonenumber). */
  phone: z.string().trim().max(40, { error: authMessages.phoneInvalid }).optional(),
  website: optionalWebsiteSchema.optional(),
  pointOfContact: requiredText(authMessages.pointOfContactRequired),
  country: requiredText(authMessages.countryRequired),
  /** IANA time zone of the business (dates are shown in it); the form defaults to the browser's. */
  timezone: timeZoneSchema.default('UTC'),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Set-password asks for more than the login form's seed rule. */
export const SET_PASSWORD_MIN_LENGTH = 8;

/** Every password a user chooses (set-password, join, reset, change): at least 8 characters. */
export const newPasswordSchema = z
  .string()
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .min(SET_PASSWORD_MIN_LENGTH, {
    error: `Password must be at least ${SET_PASSWORD_MIN_LENGTH} characters long`,
  })
  .max(256, 'Password must be at most 256 characters long');

/** Set-password, join and reset links all land here: the link's token and the new password. */
export const setPasswordSchema = z.object({
  token: z.string().trim().min(1, 'The link is missing its token'),
  password: newPasswordSchema,
});
export type SetPasswordInput = z.output<typeof setPasswordSchema>;

export { ROLES, canSpendAndDelete, permissionMessages, type Role } from './roles';

/** The signed-in user, as GET /api/auth/me, login and set-password answer it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** null for an admin who belongs to no business. */
  business: z
    .object({ id: z.string(), name: z.string(), timezone: z.string(), country: z.string() })
    .nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionResponseSchema = z.object({ user: sessionUserSchema });

/** What the login form holds (before parsing). */
export type LoginFormValues = z.input<typeof loginSchema>;
/** What the login request carries (after parsing: trimmed). */
export type LoginInput = z.output<typeof loginSchema>;

/** What the account-creation form holds (before parsing). */
export type CreateAccountFormValues = z.input<typeof createAccountSchema>;
/** What the account-creation request carries (after parsing: trimmed). */
export type CreateAccountInput = z.output<typeof createAccountSchema>;

/** POST /api/auth/create-account answers 201 with this (the set-password link goes by mail). */
export const createAccountResponseSchema = z.object({ message: z.string() });

/** "Forgot password": the user name or the email address of the account. */
export const forgotPasswordSchema = z.object({
  login: requiredText('Enter your user name or email').pipe(z.string().max(254)),
});
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;
/** The one answer to "Forgot password", whether or not the account exists. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account matches, we have sent a link to reset its password. It works once, for 1 hour.';
export const forgotPasswordResponseSchema = z.object({ message: z.string() });
