import { expect, it } from 'vitest';
import { DEMO_ADMIN, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';

describeInBrowser('landing page', (e2e) => {
  it('renders what Switchboard is, with sign-in and create-account calls to action', async () => {
    const { page } = e2e;
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    // The CSP the server sends must let the built app run: a violation shows up as a console error.
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await page.title()).toMatch(/Switchboard/);

    await page.getByRole('link', { name: 'Create account' }).first().click();
    await expect.poll(() => page.url()).toMatch(/\/create-account$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await expect.poll(() => page.url()).toMatch(/\/login$/);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('shows the brand and "Loading…" while the app\'s code is on its way, then the page', async () => {
    const { page } = e2e;
    // Hold every script back, as a slow connection does: the page's own markup and styles
    // still arrive, and what they show is the boot shell (decision 102).
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      if (holding) held.push(() => route.continue());
      else await route.continue();
    });
    // In dark mode, as the phone is set: the page's inline script sets the scheme before any of
    // the held code has run (decision 117), so the shell is drawn dark, with no light flash.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login', { waitUntil: 'commit' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe('dark');
    const shell = page.getByRole('status');
    await expect
      .poll(async () => ((await shell.textContent()) ?? '').replace(/\s+/g, ' ').trim())
      .toBe('Switchboard Loading…');
    expect(await shell.isVisible()).toBe(true);
    // Its styles came with the page, not with the held scripts: the header is the app's
    // height, the name the logo's size. The text is in the DOM as soon as the page is parsed,
    // before its stylesheets have arrived (the browser paints nothing until they have, but a
    // measurement taken meanwhile sees the page unstyled), so the height is waited for.
    await expect
      .poll(async () => (await page.locator('.boot-shell-header').boundingBox())?.height)
      .toBe(60);
    const mark = page.locator('.boot-shell-header img');
    await expect
      .poll(() => mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(
      await page.locator('.boot-shell-name').evaluate((el) => getComputedStyle(el).fontSize),
    ).toBe('19px');
    // The code arrives: the app replaces the shell with the sign-in screen.
    holding = false;
    await Promise.all(held.map((resume) => resume()));
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).isVisible())
      .toBe(true);
    expect(await page.locator('.boot-shell').count()).toBe(0);
    await page.unroute(/\/assets\/.+\.js$/);
    await page.emulateMedia({ colorScheme: null });
    expect(e2e.pageErrors).toEqual([]);
  });

  it('shows a real picture of the product', async () => {
    const { page } = e2e;
    await page.goto('/');
    const shot = page.getByRole('img', { name: /The Switchboard dashboard/ });
    await shot.scrollIntoViewIfNeeded();
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1280);
  });

  it('sends the service-enquiry form without the empty email and phone, and the operator sees it', async () => {
    const { page } = e2e;
    await page.goto('/');
    // The form's code loads as the visitor scrolls towards it (decision 023): to the section
    // after it.
    await page.locator('#cta-title').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Service enquiry' });
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    await expect.poll(() => form.getByText('Point of contact is required').isVisible()).toBe(true);
    expect(await form.getByText('Website is required').isVisible()).toBe(true);

    await form.getByRole('textbox', { name: /Point of contact/ }).fill('Maya E2E');
    await form.getByRole('textbox', { name: /Business name/ }).fill('E2E Harbour Physio');
    await form.getByRole('combobox', { name: /Country/ }).fill('Irel');
    // The list opens whole on focus and is filtered a render later: pick from the filtered one,
    // or the click can land on a list being redrawn under it (CI lost the pick once).
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    await page.getByRole('option', { name: 'Ireland' }).click();
    await expect
      .poll(() => form.getByRole('combobox', { name: /Country/ }).inputValue())
      .toBe('Ireland');
    await form.getByRole('textbox', { name: /Website/ }).fill('harbour-e2e.example');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/service-enquiries')),
      form.getByRole('button', { name: 'Send enquiry' }).click(),
    ]);
    expect(JSON.parse(request.postData() ?? '{}')).toEqual({
      poc: 'Maya E2E',
      businessName: 'E2E Harbour Physio',
      country: 'Ireland',
      website: 'https://harbour-e2e.example',
    });
    await expect.poll(() => page.getByText('Enquiry sent').isVisible()).toBe(true);

    await signInAs(e2e, DEMO_ADMIN);
    await page.goto('/admin/service-enquiries');
    const row = page.getByRole('row').filter({ hasText: 'E2E Harbour Physio' });
    await expect.poll(() => row.getByText('Maya E2E').isVisible()).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('serves the API health next to the app', async () => {
    const res = await fetch(`${e2e.baseURL}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
  });

  it('serves the built app from its brotli copies, and loads the form code only near the form', async () => {
    const { page } = e2e;
    const html = await fetch(`${e2e.baseURL}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(html.headers.get('content-encoding')).toBe('br');
    expect(html.headers.get('vary')).toMatch(/accept-encoding/i);
    const scripts = [...(await html.text()).matchAll(/src="(\/assets\/[^"]+\.js)"/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, src] of scripts) {
      const asset = await fetch(`${e2e.baseURL}${src}`, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(asset.headers.get('content-encoding'), src).toBe('br');
      // The copy written by the build, sent with its own length.
      expect(Number(asset.headers.get('content-length')), src).toBeGreaterThan(0);
    }

    const scriptsLoaded: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scriptsLoaded.push(request.url());
    });
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    const formChunk = (url: string) => /\/assets\/service-enquiry-form-[^/]+\.js$/.test(url);
    expect(scriptsLoaded.some(formChunk)).toBe(false);
    await page.locator('#cta-title').scrollIntoViewIfNeeded();
    await expect.poll(() => scriptsLoaded.some(formChunk)).toBe(true);
  });
});
