// The whole schema, for the drizzle client's relational queries and typed results.
export * from './schema/access';
export * from './schema/audit';
export * from './schema/bills-of-lading';
export * from './schema/bookings';
export * from './schema/companies';
export * from './schema/events';
export * from './schema/identity';
export * from './schema/mail';
export * from './schema/notifications';
export * from './schema/offices';
export * from './schema/quotations';
export * from './schema/rate-limits';
export * from './schema/reference-data';
export * from './schema/signing-keys';
export * from './schema/tariffs';
export * from './schema/users';
export * from './schema/voyages';
