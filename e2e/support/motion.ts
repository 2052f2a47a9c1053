import type { Page } from 'playwright-core';

/**
 * Resolves once what is moving on the page has arrived: every CSS transition and every finite
 * animation (a dialog or a toast fading in, a scheme's colours changing) has finished. Checked
 * after two frames, so a transition that starts on the next frame is waited for too. Loops (a
 * spinner, the landing page's bars) never finish and are not waited for. axe reads colours as
 * they are at that moment: halfway through a fade, text is neither its colour nor readable.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSTransition ||
            animation.effect?.getComputedTiming().iterations !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}
