/**
 * jsdom has no `document.fonts`, which Mantine's autosize Textarea listens to ("loadingdone").
 * A stand-in that never fires, like a page whose fonts are already loaded.
 * Belongs in src/test/setup.ts with the other jsdom stand-ins; it lives here until it moves.
 */
export function stubDocumentFonts() {
  if ('fonts' in document && document.fonts) return;
  const fonts = new EventTarget();
  Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
}
