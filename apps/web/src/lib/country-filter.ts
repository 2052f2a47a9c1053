import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { countryMatchRank } from '@switchboard/shared/countries';

function isItem(option: ComboboxParsedItem): option is ComboboxItem {
  return !('group' in option);
}

/**
 * The country pickers' search: names that start with what was typed come first ("Ger" →
 * Germany before Algeria), then a later word ("Guin" → Equatorial Guinea), then a match inside
 * a word; Mantine's default keeps the list's alphabetical order, so Enter picked Algeria.
 */
export const countryFilter: OptionsFilter = ({ options, search, limit }) => {
  const ranked: ComboboxItem[][] = [[], [], []];
  for (const option of options) {
    if (!isItem(option)) continue;
    const rank = countryMatchRank(option.label, search);
    if (rank !== undefined) ranked[rank]!.push(option);
  }
  return ranked.flat().slice(0, limit);
};
