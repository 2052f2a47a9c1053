import { z } from 'zod';
import {
  authMessages,
  emailSchema,
  newPasswordSchema,
  optionalWebsiteSchema,
  timeZoneSchema,
} from './auth';
import { TEAM_ROLES } from './roles';

/**
 * `/settings`: the signed-in user's profile and password, the business's details, and its team.
 * An owner manages the business and the team; a manager and a member read them and do the daily
 * work, and only a manager (or an owner) spends money or deletes on the platform (decision 051).
 */

export {
  TEAM_ROLES,
  TEAM_ROLE_DESCRIPTIONS,
  TEAM_ROLE_LABELS,
  toTeamRole,
  type TeamRole,
} from './roles';

export const accountMessages = {
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'Your current password is not correct',
  lastOwner:
    'A business needs at least one owner who can sign in: make someone who has joined the team an owner first.',
  emailTaken: 'This email already belongs to an account.',
  nameTooLong: 'At most 200 characters',
  roleInvalid: 'Choose owner, manager or member',
} as const;

const nameSchema = z.string().trim().max(200, { error: accountMessages.nameTooLong });

/**
 * PUT /api/account/profile. Changing the email asks for the current password (the email is
 * where reset links go); a business user's user name follows their email.
 */
export const profileSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  currentPassword: z.string().max(256).optional(),
});
export type ProfileFormValues = z.input<typeof profileSchema>;
export type ProfileInput = z.output<typeof profileSchema>;

/** POST /api/account/password: the current password, and the new one (set-password's rule). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, { error: accountMessages.currentPasswordRequired }).max(256),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** POST /api/account/sign-out-others answers how many other sessions ended. */
export const signOutOthersResponseSchema = z.object({ ended: z.number().int().nonnegative() });

/** GET/PUT /api/business: the business's details (its time zone drives every date shown). */
export const businessSettingsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: authMessages.businessNameRequired, abort: true })
    .max(200, { error: accountMessages.nameTooLong }),
  /** Checked and stored in E.164 by the server, read in the business's country. */
  phone: z.string().trim().max(40, { error: authMessages.phoneInvalid }),
  website: optionalWebsiteSchema,
  country: z.string().trim().min(1, { error: authMessages.countryRequired }).max(100),
  timezone: timeZoneSchema,
});
export type BusinessSettingsFormValues = z.input<typeof businessSettingsSchema>;
export type BusinessSettingsInput = z.output<typeof businessSettingsSchema>;

export const businessSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  country: z.string(),
  timezone: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

/** GET /api/team, one row. `invited`: the join link has not been used yet. */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  status: z.enum(['active', 'invited']),
  createdAt: z.iso.datetime(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamListSchema = z.object({ data: z.array(teamMemberSchema) });

/** POST /api/team/invitations: a user with no password and a join link by mail (7 days). */
export const inviteMemberSchema = z.object({
  email: emailSchema,
  name: nameSchema.optional(),
  role: z.enum(TEAM_ROLES, { error: accountMessages.roleInvalid }),
});
export type InviteMemberFormValues = z.input<typeof inviteMemberSchema>;
export type InviteMemberInput = z.output<typeof inviteMemberSchema>;

/** PUT /api/team/members/:id/role */
export const changeRoleSchema = z.object({
  role: z.enum(TEAM_ROLES, { error: accountMessages.roleInvalid }),
});
export type ChangeRoleInput = z.output<typeof changeRoleSchema>;
