import type { Vapi } from '@vapi-ai/server-sdk';
import { and, inArray, isNotNull } from 'drizzle-orm';
import {
  CAMPAIGN_MAX_CONTACTS,
  clockOfMinutes,
  minutesOfClock,
  nextCallingWindow,
  type Campaign,
  type CampaignAction,
  type CampaignAudience,
  type CampaignContact,
  type CampaignContactQueryOutput,
  type CampaignCounts,
  type CampaignOptions,
  type CampaignStatus,
  type CreateCampaignOutput,
} from '@switchboard/shared/campaigns';
import { contactSearchTerms } from '@switchboard/shared/contacts';
import { buildPaginationMeta, pageOffset, type Paginated } from '@switchboard/shared/pagination';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { PlatformClient } from '../../platform/platform-client';
import { findBusinessZone } from '../calls/calls.repository';
import { forgetResource, recordOwned } from '../console/console.repository';
import { consoleFailure } from '../console/console-errors';
import type { ConsoleService } from '../console/console.service';
import {
  assignPending,
  countAudience,
  countCampaigns,
  deleteCampaign,
  findBusinessAgent,
  findCampaign,
  importBelongsTo,
  insertAudience,
  insertCampaign,
  listBusinessAgents,
  listBusinessImports,
  listCampaignContacts,
  listCampaigns,
  listClosedWindows,
  listAudienceCustomers,
  listPendingCustomers,
  settleCampaign,
  updateCampaign,
  type CampaignRow,
} from './campaigns.repository';

/** The platform's CreateCustomerDTO.name is at most 40 characters. */
const CUSTOMER_NAME_MAX = 40;

/**
 * Outbound campaigns (decision 039). Switchboard keeps the campaign and one row per number; the
 * platform's campaign resource places the calls, one platform campaign per calling window (the
 * platform knows a start and an end, not daily hours). Pause cancels the window's platform
 * campaign (its scheduled calls are dropped, calls under way finish); resume and the next day's
 * window give the numbers still pending to a new one.
 */
export class CampaignsService {
  constructor(
    private readonly deps: {
      db: Db;
      platform: () => PlatformClient;
      console: ConsoleService;
      now?: () => number;
    },
  ) {}

  private now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  async options(businessId: string): Promise<CampaignOptions> {
    const { db } = this.deps;
    const [timeZone, agentRows, squads, phones, imports] = await Promise.all([
      findBusinessZone(db, businessId),
      listBusinessAgents(db, businessId),
      this.deps.console.listOwned(businessId, 'squad'),
      this.deps.console.listOwned(businessId, 'phone-number'),
      listBusinessImports(db, businessId),
    ]);
    return {
      timeZone,
      agents: agentRows.map((a) => ({ id: a.id, name: a.name || a.id })),
      squads: squads.map((s) => ({ id: s.platformId, name: s.name || s.platformId })),
      phoneNumbers: phones.map((p) => ({ id: p.platformId, name: p.name || p.platformId })),
      imports: imports.map((i) => ({
        id: i.id,
        fileName: i.fileName,
        createdAt: i.createdAt.toISOString(),
        contacts: i.createdCount + i.updatedCount,
      })),
    };
  }

  async list(businessId: string, limit: number): Promise<Campaign[]> {
    const rows = await listCampaigns(this.deps.db, businessId, limit);
    return this.present(businessId, rows);
  }

  async get(businessId: string, id: string): Promise<Campaign> {
    const row = await this.require(businessId, id);
    const [campaign] = await this.present(businessId, [row]);
    return campaign!;
  }

  async contacts(
    businessId: string,
    id: string,
    query: CampaignContactQueryOutput,
  ): Promise<Paginated<CampaignContact>> {
    const campaign = await this.require(businessId, id);
    const { rows, total } = await listCampaignContacts(this.deps.db, campaign.id, {
      ...(query.status ? { status: query.status } : {}),
      limit: query.limit,
      offset: pageOffset(query.page, query.limit),
    });
    return {
      data: rows.map((row) => ({
        ...row,
        status: row.status as CampaignContact['status'],
        appointments: Number(row.appointments),
        enquiries: Number(row.enquiries),
        updatedAt: row.updatedAt.toISOString(),
      })),
      meta: buildPaginationMeta(total, query.page, query.limit),
    };
  }

  async create(businessId: string, input: CreateCampaignOutput): Promise<Campaign> {
    const { db } = this.deps;
    if (input.agentId && !(await findBusinessAgent(db, businessId, input.agentId))) {
      throw notFound('Agent');
    }
    if (input.squadId) await this.deps.console.requireOwned(businessId, 'squad', input.squadId);
    await this.deps.console.requireOwned(businessId, 'phone-number', input.phoneNumberId);
    const audience = input.audience;
    if (audience.kind === 'import' && !(await importBelongsTo(db, businessId, audience.importId))) {
      throw notFound('Import');
    }
    const search = audience.kind === 'search' ? contactSearchTerms(audience.search) : undefined;
    const counted = await countAudience(db, businessId, audience, search);
    if (counted.callable === 0) {
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        counted.doNotCall > 0
          ? 'No contacts to call: every contact chosen is marked do-not-call.'
          : 'No contacts to call: none of the contacts chosen has a phone number.',
      );
    }
    if (counted.callable > CAMPAIGN_MAX_CONTACTS) {
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        `A campaign can call at most ${CAMPAIGN_MAX_CONTACTS.toLocaleString('en-US')} contacts; ` +
          `this choice has ${counted.callable.toLocaleString('en-US')}.`,
      );
    }
    const timeZone = await findBusinessZone(db, businessId);
    const startAt = input.startAt ? new Date(input.startAt) : this.now();
    const row = await insertCampaign(db, {
      businessId,
      name: input.name,
      status: 'scheduled',
      agentId: input.agentId ?? null,
      squadId: input.squadId ?? null,
      phoneNumberId: input.phoneNumberId,
      audience,
      startAt,
      callingHoursStart: minutesOfClock(input.callingHoursStart),
      callingHoursEnd: minutesOfClock(input.callingHoursEnd),
      timeZone,
      maxConcurrency: input.maxConcurrency,
      skippedDoNotCall: counted.doNotCall,
      skippedNoPhone: counted.noPhone,
    });
    let platformCampaignId: string | undefined;
    try {
      const customers = await listAudienceCustomers(db, businessId, audience, search);
      const opened = await this.openWindow(row, startAt, customers);
      platformCampaignId = opened.platformCampaignId;
      // The audience is copied in one statement, already given to the platform campaign.
      const added = await insertAudience(
        db,
        row.id,
        businessId,
        audience,
        search,
        platformCampaignId,
      );
      const started = await updateCampaign(db, row.id, {
        ...opened.values,
        skippedDuplicates: counted.callable - added,
      });
      return (await this.present(businessId, [started ?? row]))[0]!;
    } catch (error) {
      if (platformCampaignId) await this.deletePlatformCampaign(platformCampaignId);
      await deleteCampaign(db, row.id);
      throw error;
    }
  }

  async act(businessId: string, id: string, action: CampaignAction): Promise<Campaign> {
    const campaign = await this.require(businessId, id);
    const refuse = (what: string) =>
      new AppError('CONFLICT', 409, `This campaign is ${campaign.status}; it cannot be ${what}.`);
    let next: CampaignRow;
    if (action === 'pause') {
      if (campaign.status !== 'scheduled' && campaign.status !== 'running') throw refuse('paused');
      await this.stopPlatformCampaign(campaign);
      next = await this.setStatus(campaign, 'paused');
    } else if (action === 'resume') {
      if (campaign.status !== 'paused') throw refuse('resumed');
      const from = new Date(Math.max(this.now().getTime(), campaign.startAt.getTime()));
      next = await this.startWindow(campaign, from);
    } else {
      if (campaign.status === 'completed' || campaign.status === 'cancelled')
        throw refuse('cancelled');
      await this.stopPlatformCampaign(campaign);
      next = await this.setStatus(campaign, 'cancelled');
    }
    return (await this.present(businessId, [next]))[0]!;
  }

  /**
   * The window job: a running campaign whose window closed with numbers still pending gets the
   * next window's platform campaign; one with none left is settled. Each campaign is claimed by
   * clearing its window end first, so two instances never open the same window twice.
   */
  async advanceWindows(): Promise<number> {
    const now = this.now();
    const due = await listClosedWindows(this.deps.db, now, 20);
    let opened = 0;
    for (const campaign of due) {
      const claimed = await updateCampaign(
        this.deps.db,
        campaign.id,
        { windowEndsAt: null },
        and(inArray(campaigns.status, ['scheduled', 'running']), isNotNull(campaigns.windowEndsAt)),
      );
      if (!claimed) continue;
      const pending = await listPendingCustomers(this.deps.db, campaign.id);
      if (pending.length === 0) {
        await settleCampaign(this.deps.db, campaign.id);
        continue;
      }
      await this.startWindow(claimed, now);
      opened += 1;
    }
    return opened;
  }

  /** Gives the numbers still pending to a new platform campaign for the next calling window. */
  private async startWindow(campaign: CampaignRow, from: Date): Promise<CampaignRow> {
    const { db } = this.deps;
    const pending = await listPendingCustomers(db, campaign.id);
    const opened = await this.openWindow(campaign, from, pending);
    await assignPending(db, campaign.id, opened.platformCampaignId);
    const updated = await updateCampaign(db, campaign.id, opened.values);
    return updated ?? campaign;
  }

  /**
   * One platform campaign (POST /campaign, all the numbers in one request: the platform takes
   * up to 10,000) for the next calling window from `from`, recorded as the business's.
   */
  private async openWindow(
    campaign: CampaignRow,
    from: Date,
    numbers: { phone: string; name: string }[],
  ) {
    const window = nextCallingWindow(
      from,
      campaign.timeZone,
      campaign.callingHoursStart,
      campaign.callingHoursEnd,
    );
    const body: Vapi.CreateCampaignDto = {
      name: campaign.name,
      phoneNumberId: campaign.phoneNumberId,
      ...(campaign.squadId ? { squadId: campaign.squadId } : { assistantId: campaign.agentId! }),
      customers: numbers.map((c) => ({
        number: c.phone,
        ...(c.name ? { name: c.name.slice(0, CUSTOMER_NAME_MAX) } : {}),
      })),
      maxConcurrency: campaign.maxConcurrency,
      schedulePlan: {
        earliestAt: window.start.toISOString(),
        latestAt: window.end.toISOString(),
      },
    };
    let created: Vapi.Campaign;
    try {
      created = await this.deps.platform().sdk.campaigns.campaignControllerCreate(body);
    } catch (error) {
      throw consoleFailure('create campaign', error);
    }
    await recordOwned(this.deps.db, {
      kind: 'campaign',
      platformId: created.id,
      businessId: campaign.businessId,
      name: campaign.name,
    });
    const status: CampaignStatus =
      window.start.getTime() > this.now().getTime() ? 'scheduled' : 'running';
    return {
      platformCampaignId: created.id,
      values: { platformCampaignId: created.id, windowEndsAt: window.end, status },
    };
  }

  /** Undoes a platform campaign whose record could not be written (best effort). */
  private async deletePlatformCampaign(id: string): Promise<void> {
    await this.deps
      .platform()
      .sdk.campaigns.campaignControllerRemove({ id })
      .catch(() => undefined);
    await forgetResource(this.deps.db, 'campaign', id).catch(() => undefined);
  }

  /** Cancels the window's platform campaign: scheduled calls go, calls under way finish. */
  private async stopPlatformCampaign(campaign: CampaignRow): Promise<void> {
    if (!campaign.platformCampaignId) return;
    try {
      await this.deps.platform().sdk.campaigns.campaignControllerUpdate({
        id: campaign.platformCampaignId,
        body: { status: 'cancelled' },
      });
    } catch (error) {
      throw consoleFailure('update campaign', error);
    }
  }

  private async setStatus(campaign: CampaignRow, status: CampaignStatus): Promise<CampaignRow> {
    const updated = await updateCampaign(this.deps.db, campaign.id, {
      status,
      platformCampaignId: null,
      windowEndsAt: null,
    });
    return updated ?? campaign;
  }

  private async require(businessId: string, id: string): Promise<CampaignRow> {
    const row = await findCampaign(this.deps.db, businessId, id);
    if (!row) throw notFound('Campaign');
    return row;
  }

  private async present(businessId: string, rows: CampaignRow[]): Promise<Campaign[]> {
    if (rows.length === 0) return [];
    const { db } = this.deps;
    const [counts, agentRows, squads] = await Promise.all([
      countCampaigns(
        db,
        rows.map((r) => r.id),
      ),
      listBusinessAgents(db, businessId),
      rows.some((r) => r.squadId)
        ? this.deps.console.listOwned(businessId, 'squad')
        : Promise.resolve([]),
    ]);
    const names = new Map<string, string>([
      ...agentRows.map((a) => [a.id, a.name] as const),
      ...squads.map((s) => [s.platformId, s.name] as const),
    ]);
    return rows.map((row) => {
      const target = row.squadId ?? row.agentId ?? '';
      return {
        id: row.id,
        name: row.name,
        status: row.status as CampaignStatus,
        agentId: row.agentId,
        squadId: row.squadId,
        targetName: names.get(target) || target,
        phoneNumberId: row.phoneNumberId,
        audience: row.audience as CampaignAudience,
        startAt: row.startAt.toISOString(),
        callingHoursStart: clockOfMinutes(row.callingHoursStart),
        callingHoursEnd: clockOfMinutes(row.callingHoursEnd),
        timeZone: row.timeZone,
        maxConcurrency: row.maxConcurrency,
        skippedDoNotCall: row.skippedDoNotCall,
        skippedDuplicates: row.skippedDuplicates,
        skippedNoPhone: row.skippedNoPhone,
        counts: counts.get(row.id) ?? ({} as CampaignCounts),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }
}
