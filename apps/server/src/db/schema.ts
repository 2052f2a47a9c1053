// The one schema for PostgreSQL and PGlite; drizzle-kit generates the migrations from it.
export * from './schema/businesses';
