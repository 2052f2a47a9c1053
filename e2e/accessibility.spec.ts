import type AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_MEMBER, signInAs, type Account } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { untilStill } from './support/motion';
import { networkQuiet, openInApp, requestsInFlight } from './support/network';
import { demoAgentsWithCalls } from './support/demo-data';
import { KNOWN_ENDED_REASONS } from '@switchboard/shared/ended-reasons';

// axe-core on the main screens, in light and dark: no serious or critical violation of WCAG 2.1
// A/AA. (Minor and moderate findings are printed, not failed on.)

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** The screen has drawn: the network is quiet, a heading shows and no skeleton is left. */
async function settled(page: Page, inFlight: () => number) {
  await networkQuiet(page, inFlight);
  await expect.poll(() => page.locator('h1, h2').count()).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.mantine-Skeleton-root[data-visible]').count()).toBe(0);
}

/**
 * The rules whose outcome can change with the colour scheme: the scheme switch changes the
 * colours only (Mantine's CSS variables under `data-mantine-color-scheme`), not the markup (but
 * for the scheme toggle's icon and its label, named in both), so every other rule's answer in
 * dark is its answer in light.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/**
 * axe-core's script, the one @axe-core/playwright injects (its own dependency, resolved from it).
 * AxeBuilder's analyze() injected it into the page on every run, then opened a blank page, injected
 * it there too and finished the run in it (axe's frame-by-frame mode): a page and two copies of
 * axe compiled for each of the nineteen full runs. The app has no frames, so axe.run on the page's
 * own document is the whole run, with the same rules and answers.
 */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    source: string;
  }
).source;

/**
 * Runs axe in the page: every WCAG A/AA rule, or only `rules`. axe is put in the page the first
 * time (once per page load: opening a screen in the app keeps it).
 */
async function runAxe(page: Page, rules?: string[]): Promise<Violations> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG };
  return page.evaluate(async (only) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: Violations }> };
    };
    return (await axe.run(document, { runOnly: only })).violations;
  }, runOnly);
}

/**
 * Runs axe on the page as it is: every WCAG A/AA rule, or only `rules` (the colour rules again
 * in dark); answers the blocking violations, one line each.
 */
async function blockingViolations(page: Page, rules?: string[]): Promise<string[]> {
  await untilStill(page);
  const violations = await runAxe(page, rules);
  const lines: string[] = [];
  for (const violation of violations) {
    const where = violation.nodes
      .slice(0, 3)
      .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
      .join(' | ');
    const line = `${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help} (${violation.nodes.length}×: ${where})`;
    if (BLOCKING.has(violation.impact ?? '')) lines.push(line);
    else console.info(`axe ${new URL(page.url()).pathname}: ${line}`);
  }
  return lines;
}

/** Switches the page between light and dark as the system setting does (no reload). */
async function showIn(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
    .toBe(colorScheme);
  // Colours that change by a CSS transition (a segmented control's labels) are read by axe only
  // once they have arrived: halfway, a label is neither scheme's colour.
  await untilStill(page);
}

describeInBrowser('accessibility (axe)', (e2e) => {
  /** A screen, and what shows once it (not the screen before it) is drawn. */
  type Screen = { path: string; drawn: (page: Page) => Locator };
  const heading = (name: string) => (page: Page) =>
    page.getByRole('heading', { name, exact: true });
  const agentSection = (name: string) => (page: Page) =>
    page
      .getByRole('navigation', { name: 'Agent sections' })
      .locator('[aria-current="page"]', { hasText: name });
  const settingsTab = (name: string) => (page: Page) =>
    page.getByRole('tab', { name, selected: true });

  /**
   * Opens each screen in turn in one page (the first by a page load, the others in the app) and
   * runs axe on it in light, then its colour rules in dark (the app follows the system setting,
   * so the switch needs no reload); answers the blocking violations, each naming its screen.
   */
  async function check(account: Account | null, screens: Screen[]): Promise<string[]> {
    const { page } = e2e;
    if (account) await signInAs(e2e, account);
    const inFlight = requestsInFlight(page);
    await page.emulateMedia({ colorScheme: 'light' });
    const found: string[] = [];
    for (const [index, { path, drawn }] of screens.entries()) {
      if (index === 0) {
        await page.goto(path);
      } else {
        await showIn(page, 'light');
        await openInApp(page, path);
      }
      await expect.poll(() => drawn(page).count(), { message: `${path} drawn` }).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByRole('progressbar', { name: 'Loading page' }).count())
        .toBe(0);
      await settled(page, inFlight);
      const [url, asked] = [new URL(page.url()), new URL(path, page.url())];
      expect(url.pathname, 'the screen, not a redirect').toBe(asked.pathname);
      for (const [name, value] of asked.searchParams)
        expect(url.searchParams.get(name)).toBe(value);
      for (const colorScheme of ['light', 'dark'] as const) {
        await showIn(page, colorScheme);
        const lines = await blockingViolations(
          page,
          colorScheme === 'dark' ? COLOUR_RULES : undefined,
        );
        found.push(...lines.map((line) => `${path} (${colorScheme}): ${line}`));
      }
    }
    return found;
  }

  const AGENT = ':agent';
  const OWNER_DASHBOARD: Screen = { path: '/dashboard', drawn: heading('Dashboard') };
  // Each screen once per state it has for someone: an owner's and the operator's dashboard
  // differ (one business against every business). A test is one page load and up to three
  // screens' two axe runs (as many as three tests of one screen each took on a loaded run).
  const GROUPS: [string, Account | null, Screen[]][] = [
    [
      'anyone',
      null,
      [
        { path: '/login', drawn: heading('Sign in to Switchboard') },
        { path: '/create-account', drawn: heading('Create your business account') },
        { path: '/', drawn: (page) => page.locator('#hero-title') },
      ],
    ],
    [
      'an owner',
      DEMO_MEMBER,
      [
        { path: AGENT, drawn: agentSection('Overview') },
        { path: `${AGENT}/call-logs`, drawn: agentSection('Call logs') },
        { path: `${AGENT}/statistics`, drawn: agentSection('Statistics') },
      ],
    ],
    [
      'an owner',
      DEMO_MEMBER,
      [
        { path: '/contacts', drawn: heading('Contacts') },
        { path: '/enquiries', drawn: heading('Enquiries') },
        OWNER_DASHBOARD,
      ],
    ],
    [
      'an owner',
      DEMO_MEMBER,
      [
        { path: '/appointments', drawn: heading('Appointments') },
        { path: '/knowledge-bases', drawn: heading('Files and knowledge bases') },
        { path: '/live-calls', drawn: heading('Live calls') },
      ],
    ],
    [
      'an owner',
      DEMO_MEMBER,
      [
        { path: '/settings', drawn: settingsTab('Profile') },
        { path: '/settings?section=notifications', drawn: settingsTab('Notifications') },
      ],
    ],
    [
      'the operator',
      DEMO_ADMIN,
      [
        { path: '/dashboard', drawn: heading('Overview') },
        { path: '/admin/businesses', drawn: heading('Businesses') },
      ],
    ],
    [
      'the operator',
      DEMO_ADMIN,
      [
        { path: '/admin/agents', drawn: heading('Agents') },
        { path: '/admin/mail', drawn: heading('Mailbox') },
      ],
    ],
  ];

  it.each(
    GROUPS.map(
      ([who, account, screens]) =>
        [who, screens.map(({ path }) => path).join(', '), account, screens] as const,
    ),
  )(
    'finds no serious or critical violation as %s on %s, light and dark',
    async (_who, _paths, account, screens) => {
      let agentPath = '';
      if (screens.some(({ path }) => path.startsWith(AGENT))) {
        const [agent] = await demoAgentsWithCalls(e2e.baseURL);
        agentPath = `/agent/${agent!.id}`;
      }
      const paths = screens.map((screen) => ({
        ...screen,
        path: screen.path.replace(AGENT, agentPath),
      }));
      expect(await check(account, paths)).toEqual([]);
      expect(e2e.pageErrors).toEqual([]);
      if (screens.at(-1) !== OWNER_DASHBOARD) return;

      // And in a dialog on the last screen (create agent), whose close button is named.
      const { page } = e2e;
      await showIn(page, 'light');
      await page.getByRole('button', { name: 'Create agent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create agent' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(1);
      // Focus starts in the first field, not on the close button.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
        .toBe('name');
      expect(await blockingViolations(page)).toEqual([]);
      expect(e2e.pageErrors).toEqual([]);
    },
  );

  /**
   * What an owner must never read (Round 3 · 6/10): a full id, a platform end-reason code, a
   * server setting's name. Answers each finding with the words around it.
   */
  async function plumbingOn(page: Page): Promise<string[]> {
    const text = await page.evaluate(() => document.body.innerText);
    const patterns: [string, RegExp][] = [
      ['id', /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi],
      ['setting', /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b/g],
    ];
    const found = patterns.flatMap(([kind, pattern]) =>
      [...text.matchAll(pattern)].map((match) => `${kind}: ${match[0]}`),
    );
    const words = new Set(text.split(/[^\w.-]+/));
    for (const code of KNOWN_ENDED_REASONS) {
      if (code.includes('-') && words.has(code)) found.push(`end reason: ${code}`);
    }
    return found;
  }

  it('shows an owner no ids, platform codes or setting names on any screen', async () => {
    const { page } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    const [agent] = await demoAgentsWithCalls(e2e.baseURL);
    const inFlight = requestsInFlight(page);
    await page.goto('/dashboard');
    await settled(page, inFlight);
    const found: string[] = [];
    const scan = async (name: string) =>
      found.push(...(await plumbingOn(page)).map((line) => `${name}: ${line}`));
    const navigation = page.getByRole('navigation').first();
    // Through the app by its links, as a user goes (no page loads in between): a screen is
    // scanned once its own heading shows and nothing is loading.
    const screens: [link: string, heading: string][] = [
      ['Calls', 'Calls'],
      ['Live calls', 'Live calls'],
      ['Contacts', 'Contacts'],
      ['Enquiries', 'Enquiries'],
      ['Appointments', 'Appointments'],
      ['Phone numbers', 'Phone numbers'],
      ['Tools', 'Tools'],
      ['Knowledge bases', 'Files and knowledge bases'],
      ['Squads', 'Squads'],
      ['Structured outputs', 'Structured outputs'],
      ['Agent tests', 'Agent tests'],
      ['Campaigns', 'Campaigns'],
      ['Settings', 'Settings'],
    ];
    for (const [link, heading] of screens) {
      if (link === 'Settings') {
        await page.getByRole('button', { name: /Account menu/ }).click();
        await page.getByRole('menuitem', { name: 'Settings' }).click();
      } else {
        await navigation.getByRole('link', { name: link, exact: false }).first().click();
      }
      await expect
        .poll(() => page.getByRole('heading', { name: heading, exact: true }).count())
        .toBeGreaterThan(0);
      await settled(page, inFlight);
      await scan(link);
    }
    for (const tab of ['Notifications', 'Business', 'Team', 'Platform', 'Alerts', 'Integrations']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect.poll(() => page.getByRole('tabpanel', { name: tab }).isVisible()).toBe(true);
      await settled(page, inFlight);
      await scan(`Settings → ${tab}`);
    }
    // An agent's own screens, by its section links (the overview from its name on the
    // dashboard).
    await navigation.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const agentLinks: [link: Locator, path: string][] = [
      [page.locator(`main a[href^="/agent/${agent!.id}"]`), ''],
      [page.getByRole('link', { name: 'Statistics', exact: true }), '/statistics'],
      [page.getByRole('link', { name: 'Call logs', exact: true }), '/call-logs'],
    ];
    for (const [link, path] of agentLinks) {
      await link.first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/agent/${agent!.id}${path}`);
      await settled(page, inFlight);
      await scan(`Agent${path}`);
    }
    expect(found).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  });
});
