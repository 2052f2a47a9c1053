const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** "5 Mar 2026", in the viewer's zone. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** "5 Mar 2026, 14:07", in the viewer's zone. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
