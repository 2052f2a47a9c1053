import type { Vapi } from '@vapi-ai/server-sdk';
import { and, eq, isNull } from 'drizzle-orm';
import type { Squad, SquadInputParsed } from '@switchboard/shared/squads';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { PlatformClient } from '../../platform/platform-client';
import { readAllByCreatedAt } from '../../platform/read-all';
import { forgetResource, recordOwned, renameResource } from './console.repository';
import { consoleFailure, isPlatformNotFound } from './console-errors';
import type { ConsoleService } from './console.service';

type PlatformSquad = Vapi.Squad;
type Member = Vapi.SquadMemberDto;
type Destination = Vapi.SquadMemberDtoAssistantDestinationsItem;

/** The business's agents: platform assistant id → name (current agents only). */
type AgentNames = Map<string, string>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The agents a member may hand the caller to. The document's assistant destinations name their
 * target by `assistantName` (a transfer destination; a hand-off destination may carry
 * `assistantId` instead), so names are matched against the squad's own members.
 */
function handoffTargets(member: Member, membersByName: Map<string, string>): string[] {
  const targets: string[] = [];
  for (const destination of member.assistantDestinations ?? []) {
    const byId = text((destination as { assistantId?: unknown }).assistantId);
    const byName = text((destination as { assistantName?: unknown }).assistantName);
    const target = byId ?? (byName ? membersByName.get(byName) : undefined);
    if (target && !targets.includes(target)) targets.push(target);
  }
  return targets;
}

function toSquad(squad: PlatformSquad, names: AgentNames): Squad {
  const members = squad.members.filter((m): m is Member & { assistantId: string } =>
    Boolean(text(m.assistantId)),
  );
  const membersByName = new Map<string, string>();
  for (const member of members) {
    const name = names.get(member.assistantId);
    if (name) membersByName.set(name, member.assistantId);
  }
  return {
    id: squad.id,
    name: squad.name ?? '',
    members: members.map((member) => ({
      agentId: member.assistantId,
      // Another business's assistant (a squad assigned by the operator) is not named here.
      agentName: names.get(member.assistantId) ?? '',
      handoffTo: handoffTargets(member, membersByName),
    })),
    createdAt: new Date(squad.createdAt).toISOString(),
    updatedAt: new Date(squad.updatedAt).toISOString(),
  };
}

/**
 * The business's squads on the platform (ownership in `platform_resources`, kind `squad`).
 * Members are the business's own agents only; each member's hand-offs are the document's
 * assistant destinations, named by the target assistant's name.
 */
export class SquadsService {
  constructor(
    private readonly deps: { db: Db; platform: () => PlatformClient; console: ConsoleService },
  ) {}

  private async agentNames(businessId: string): Promise<AgentNames> {
    const rows = await this.deps.db
      .select({ id: agents.platformAssistantId, name: agents.name })
      .from(agents)
      .where(and(eq(agents.businessId, businessId), isNull(agents.removedAt)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async list(businessId: string): Promise<Squad[]> {
    const owned = await this.deps.console.listOwned(businessId, 'squad');
    if (owned.length === 0) return [];
    let all: PlatformSquad[];
    try {
      const platform = this.deps.platform();
      // The org's whole list, in createdAt windows (platform/read-all.ts).
      all = await readAllByCreatedAt(
        (window, limit) => platform.sdk.squads.list({ limit, ...window }),
        platform.listPageSize,
      );
    } catch (error) {
      throw consoleFailure('fetch squads', error);
    }
    const ownedIds = new Set(owned.map((r) => r.platformId));
    const names = await this.agentNames(businessId);
    return all
      .filter((squad) => ownedIds.has(squad.id))
      .map((squad) => toSquad(squad, names))
      .sort((a, b) => a.name.localeCompare(b.name) || a.createdAt.localeCompare(b.createdAt));
  }

  private async fetchOwned(businessId: string, id: string): Promise<PlatformSquad> {
    await this.deps.console.requireOwned(businessId, 'squad', id);
    try {
      return await this.deps.platform().sdk.squads.get({ id });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'squad', id);
        throw notFound('Squad');
      }
      throw consoleFailure('fetch squad', error);
    }
  }

  async get(businessId: string, id: string): Promise<Squad> {
    const squad = await this.fetchOwned(businessId, id);
    return toSquad(squad, await this.agentNames(businessId));
  }

  /**
   * The platform's members for the input: every agent must be the business's (404 otherwise,
   * as for any foreign id), hand-offs name their target by its assistant name, and a member
   * that was already in the squad keeps what the form does not show (its overrides, version).
   */
  private async membersOf(
    businessId: string,
    input: SquadInputParsed,
    previous: Member[] = [],
  ): Promise<Member[]> {
    const names = await this.agentNames(businessId);
    for (const member of input.members) {
      if (!names.has(member.agentId)) throw notFound('Agent');
    }
    // A hand-off names its target by the assistant's name, so a target's name must be its own.
    const memberNames = input.members.map((m) => names.get(m.agentId) ?? '');
    for (const target of new Set(input.members.flatMap((m) => m.handoffTo))) {
      const name = names.get(target) ?? '';
      if (name === '' || memberNames.filter((n) => n === name).length > 1) {
        throw new AppError(
          'VALIDATION_ERROR',
          name === ''
            ? 'members: an agent that takes hand-offs needs a name; name it first.'
            : `members: two agents of the squad are called "${name}", and hand-offs go by name; rename one first.`,
        );
      }
    }
    return input.members.map((member) => {
      const kept = previous.find((p) => p.assistantId === member.agentId);
      const { assistantDestinations: _old, assistant: _inline, ...rest } = kept ?? {};
      const destinations: Destination[] = member.handoffTo.map((target) => ({
        type: 'assistant',
        assistantName: names.get(target) ?? '',
      }));
      return {
        ...rest,
        assistantId: member.agentId,
        ...(destinations.length > 0 ? { assistantDestinations: destinations } : {}),
      };
    });
  }

  /** Creates the squad on the platform and records it as the business's (or deletes it again). */
  async create(businessId: string, input: SquadInputParsed): Promise<Squad> {
    const members = await this.membersOf(businessId, input);
    const { sdk } = this.deps.platform();
    let created: PlatformSquad;
    try {
      created = await sdk.squads.create({ name: input.name, members });
    } catch (error) {
      throw consoleFailure('create squad', error);
    }
    try {
      await recordOwned(this.deps.db, {
        kind: 'squad',
        platformId: created.id,
        businessId,
        name: input.name,
      });
    } catch (error) {
      await sdk.squads.delete({ id: created.id }).catch(() => undefined);
      throw error;
    }
    return toSquad(created, await this.agentNames(businessId));
  }

  async update(businessId: string, id: string, input: SquadInputParsed): Promise<Squad> {
    const squad = await this.fetchOwned(businessId, id);
    const members = await this.membersOf(businessId, input, squad.members);
    let updated: PlatformSquad;
    try {
      updated = await this.deps.platform().sdk.squads.update({ id, name: input.name, members });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'squad', id);
        throw notFound('Squad');
      }
      throw consoleFailure('update squad', error);
    }
    await renameResource(this.deps.db, 'squad', id, input.name);
    return toSquad(updated, await this.agentNames(businessId));
  }

  async remove(businessId: string, id: string): Promise<void> {
    await this.fetchOwned(businessId, id);
    try {
      await this.deps.platform().sdk.squads.delete({ id });
    } catch (error) {
      if (!isPlatformNotFound(error)) throw consoleFailure('delete squad', error);
    }
    await forgetResource(this.deps.db, 'squad', id);
  }
}
