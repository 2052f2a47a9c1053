import { within } from '@testing-library/react';
import { expect } from 'vitest';

/** Each link named in `hrefs`, inside `scope`, goes where the map says. */
export function expectLinks(scope: HTMLElement, hrefs: Record<string, string>) {
  for (const [name, href] of Object.entries(hrefs)) {
    expect(within(scope).getByRole('link', { name })).toHaveAttribute('href', href);
  }
}

/** The link named `name`, inside `scope`, is marked as the page shown. */
export function expectCurrentLink(scope: HTMLElement, name: string) {
  expect(within(scope).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
}
