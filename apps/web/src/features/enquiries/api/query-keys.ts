/**
 * Prefix of every enquiry query (a contact's list, the inbox, the unread counts): a change to
 * any enquiry (status, read, a new one, a reply) invalidates it, so lists and badges agree.
 */
export const enquiriesQueryKey = ['enquiries'] as const;

/** Prefix of every email-log query. */
export const emailLogsQueryKey = ['email-logs'] as const;
