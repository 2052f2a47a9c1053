// The one schema for PostgreSQL and PGlite; drizzle-kit generates the migrations from it.
export * from './schema/businesses';
export * from './schema/agents';
export * from './schema/calls';
export * from './schema/sync-state';
export * from './schema/mail';
export * from './schema/accounts';
export * from './schema/contacts';
export * from './schema/enquiries';
export * from './schema/appointments';
export * from './schema/platform-settings';
export * from './schema/platform-resources';
export * from './schema/call-rollups';
export * from './schema/campaigns';
export * from './schema/dialing';
export * from './schema/live-calls';
