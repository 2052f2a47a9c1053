import { z } from 'zod';

/**
 * The platform console (decision 032): platform resources a business owns. The platform keeps
 * each resource; Switchboard records only which business owns it (`platform_resources`).
 */

/** Every kind of platform resource a business can own, as stored in `platform_resources.kind`. */
export const PLATFORM_RESOURCE_KINDS = [
  'phone-number',
  'tool',
  'file',
  'knowledge-base',
  'squad',
  'workflow',
  'structured-output',
  'campaign',
  'eval',
  // Agent tests (issue 22): suites of simulations, their scenarios and callers, and runs.
  'simulation-suite',
  'simulation',
  'simulation-scenario',
  'simulation-personality',
  'simulation-run',
] as const;
export type PlatformResourceKind = (typeof PLATFORM_RESOURCE_KINDS)[number];
export const platformResourceKindSchema = z.enum(PLATFORM_RESOURCE_KINDS);

/** Display names, singular and plural ("Failed to fetch phone numbers: …"). */
export const PLATFORM_RESOURCE_LABELS: Record<PlatformResourceKind, { one: string; many: string }> =
  {
    'phone-number': { one: 'phone number', many: 'phone numbers' },
    tool: { one: 'tool', many: 'tools' },
    file: { one: 'file', many: 'files' },
    'knowledge-base': { one: 'knowledge base', many: 'knowledge bases' },
    squad: { one: 'squad', many: 'squads' },
    workflow: { one: 'workflow', many: 'workflows' },
    'structured-output': { one: 'structured output', many: 'structured outputs' },
    campaign: { one: 'campaign', many: 'campaigns' },
    eval: { one: 'eval', many: 'evals' },
    'simulation-suite': { one: 'test suite', many: 'test suites' },
    simulation: { one: 'test', many: 'tests' },
    'simulation-scenario': { one: 'test scenario', many: 'test scenarios' },
    'simulation-personality': { one: 'test caller', many: 'test callers' },
    'simulation-run': { one: 'test run', many: 'test runs' },
  };

/** GET /api/admin/platform-resources, one row: a resource and the business that owns it. */
export const adminPlatformResourceSchema = z.object({
  id: z.string(),
  kind: platformResourceKindSchema,
  platformId: z.string(),
  name: z.string(),
  /** Set for resources Switchboard made and manages itself (e.g. `switchboard:create_enquiry`). */
  role: z.string().nullable(),
  /** null: not assigned to any business yet. */
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminPlatformResource = z.infer<typeof adminPlatformResourceSchema>;
export const adminPlatformResourceListSchema = z.object({
  data: z.array(adminPlatformResourceSchema),
});

/** The admin list's filters (URL state on the screen). */
export const adminPlatformResourceQuerySchema = z.object({
  kind: platformResourceKindSchema.optional(),
  /** `unassigned`: only resources no business owns yet. */
  assigned: z.enum(['all', 'unassigned']).default('all'),
});
export type AdminPlatformResourceQuery = z.input<typeof adminPlatformResourceQuerySchema>;

/** PUT /api/admin/platform-resources/:id/business: assign to a business, or unassign (null). */
export const assignPlatformResourceSchema = z.object({
  businessId: z.uuid({ error: 'Please choose a business' }).nullable(),
});
export type AssignPlatformResourceInput = z.infer<typeof assignPlatformResourceSchema>;

/** POST /api/admin/platform-resources/discover: record the platform's resources not yet known. */
export const discoverPlatformResourcesSchema = z.object({
  /** One kind, or every kind discovery knows how to list. */
  kind: platformResourceKindSchema.optional(),
});
export const discoverPlatformResourcesResultSchema = z.object({
  /** Per kind listed: how many were new (recorded unassigned) and how many the platform has. */
  kinds: z.array(
    z.object({
      kind: platformResourceKindSchema,
      found: z.number().int().nonnegative(),
      added: z.number().int().nonnegative(),
    }),
  ),
});
export type DiscoverPlatformResourcesResult = z.infer<typeof discoverPlatformResourcesResultSchema>;
