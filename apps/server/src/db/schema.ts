// The whole schema, for the drizzle client's relational queries and typed results.
export * from './schema/accounts';
export * from './schema/bills-of-lading';
export * from './schema/mail';
export * from './schema/parties';
export * from './schema/reference-data';
export * from './schema/users';
