import userEvent from '@testing-library/user-event';

/**
 * A user for component tests. Typing and clicking go without user-event's default pause
 * between keys (a macrotask each): the screens' own debounces and timers are what a test
 * waits for, not the typing.
 */
export function setupUser() {
  return userEvent.setup({ delay: null });
}
