/** "5 Mar 2026", in the business's zone. */
export const formatDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }).format(new Date(iso));
/** "5 Mar 2026, 14:07", in the business's zone. */
export const formatDateTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
