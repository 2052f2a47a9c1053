import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// Role queries must not find what a user cannot see, whatever hides it: the web tests rely on
// it (a closed picker's options, a hidden panel's buttons). Decision 048 chose the test DOM
// (happy-dom) partly on this; if a change of environment or of Testing Library's settings
// (`defaultHidden`) lost it, this says so before a screen's test passes for the wrong reason.
describe('the test DOM', () => {
  it('keeps hidden elements out of role queries, however they are hidden', () => {
    render(
      <div>
        <style>{'.gone { display: none } .ghost { visibility: hidden }'}</style>
        <button type="button">Shown</button>
        <div style={{ display: 'none' }}>
          <button type="button">Inline display none</button>
        </div>
        <div hidden>
          <button type="button">Hidden attribute</button>
        </div>
        <div className="gone">
          <span>
            <button type="button">Style sheet display none</button>
          </span>
        </div>
        <div className="ghost">
          <button type="button">Style sheet visibility hidden</button>
        </div>
      </div>,
    );

    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Shown']);
    expect(screen.getAllByRole('button', { hidden: true })).toHaveLength(5);
    expect(screen.getByText('Style sheet display none')).not.toBeVisible();
    expect(screen.getByText('Style sheet visibility hidden')).not.toBeVisible();
  });
});
