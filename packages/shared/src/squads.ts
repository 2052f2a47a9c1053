import { z } from 'zod';

/**
 * The platform console's squads (`/squads`): several of the business's agents on one call, each
 * able to hand the caller over to the others. On the platform a squad is `members[]`, each with
 * an `assistantId` and the `assistantDestinations` it may transfer to (`type: "assistant"`,
 * named by `assistantName`); the first member answers the call.
 */

const nameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Give the squad a name' })
  .max(40, { error: 'At most 40 characters' });

/** One member as the business sees it: an agent and the agents it may hand the caller to. */
export const squadMemberSchema = z.object({
  agentId: z.string(),
  /** The agent's name (empty when the agent is not the business's, e.g. removed since). */
  agentName: z.string(),
  /** The agents (by id) this member may hand the caller to. */
  handoffTo: z.array(z.string()),
});
export type SquadMember = z.infer<typeof squadMemberSchema>;

/** One row of GET /api/squads (also the answer of create and update). */
export const squadSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** In order: the first member answers the call. */
  members: z.array(squadMemberSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Squad = z.infer<typeof squadSchema>;
export const squadListSchema = z.object({ data: z.array(squadSchema) });

const memberInputSchema = z.object({
  agentId: z.string().trim().min(1, { error: 'Choose an agent' }).max(200),
  handoffTo: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
});

/** POST /api/squads and PUT /api/squads/:id: the whole squad (the platform's update replaces members). */
export const squadInputSchema = z
  .object({
    name: nameSchema,
    members: z
      .array(memberInputSchema)
      .min(1, { error: 'A squad needs at least one agent' })
      .max(10, { error: 'At most 10 agents in a squad' }),
  })
  .superRefine((squad, ctx) => {
    // The checks run after a failed length check too: a list beyond the limits already has its
    // message, and is not walked (a hostile body may hold thousands of members).
    if (squad.members.length > 10 || squad.members.some((m) => m.handoffTo.length > 20)) return;
    const ids = squad.members.map((m) => m.agentId);
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: ['members', index, 'agentId'],
          message: 'This agent is already in the squad',
        });
      }
    });
    squad.members.forEach((member, index) => {
      for (const target of member.handoffTo) {
        if (target === member.agentId) {
          ctx.addIssue({
            code: 'custom',
            path: ['members', index, 'handoffTo'],
            message: 'An agent cannot hand the caller to itself',
          });
        } else if (!ids.includes(target)) {
          ctx.addIssue({
            code: 'custom',
            path: ['members', index, 'handoffTo'],
            message: 'Hand-offs go to agents of this squad only',
          });
        }
      }
    });
  });
export type SquadInput = z.input<typeof squadInputSchema>;
export type SquadInputParsed = z.output<typeof squadInputSchema>;
