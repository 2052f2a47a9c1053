import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFocusOnceDrawn } from './use-focus-once-drawn';

function SignInLike() {
  const formRef = useFocusOnceDrawn<HTMLFormElement>();
  return (
    <form ref={formRef}>
      <label>
        Search
        <input />
      </label>
      <label>
        User name
        <input data-focus-once-drawn />
      </label>
    </form>
  );
}

describe('useFocusOnceDrawn', () => {
  it('focuses the marked field after the page is drawn, not while React commits it', async () => {
    render(<SignInLike />);
    const userName = screen.getByRole('textbox', { name: 'User name' });
    // Not in the commit: the browser would lay the new page out inside React's task.
    expect(userName).not.toHaveFocus();
    await waitFor(() => expect(userName).toHaveFocus());
  });

  it('leaves the focus where the person put it meanwhile', async () => {
    render(<SignInLike />);
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    // Two frames: the hook's own turn has passed.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(search).toHaveFocus();
  });
});
