import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * The list a combobox has opened: the one its `aria-controls` names, as a screen reader finds it.
 * Options are looked for in there rather than over the page, where a role query would weigh
 * every other picker's options too (a country picker holds ~250, a time zone picker ~420), each
 * checked for visibility (decision 050). An option in a list that is hidden is still not found.
 */
export function findListbox(combobox: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const id = combobox.getAttribute('aria-controls');
    const listbox = id === null ? null : combobox.ownerDocument.getElementById(id);
    if (listbox?.getAttribute('role') !== 'listbox') {
      throw new Error(
        `The combobox "${combobox.getAttribute('aria-label') ?? combobox.id}" has no list open`,
      );
    }
    return listbox;
  });
}

/** Picks the option `name` in the list `combobox` has opened (click or type into it first). */
export async function pickOption(user: UserEvent, combobox: HTMLElement, name: string | RegExp) {
  const listbox = await findListbox(combobox);
  await user.click(await within(listbox).findByRole('option', { name }));
}

/** Opens `combobox` with a click and picks the option `name` in the list it opened. */
export async function selectOption(user: UserEvent, combobox: HTMLElement, name: string | RegExp) {
  await user.click(combobox);
  await pickOption(user, combobox, name);
}
