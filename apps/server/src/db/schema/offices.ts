import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ports } from './reference-data';

/**
 * The carrier's offices. The corporate office (code TSX, `is_corporate`) sees every office's records; a branch
 * sees the records of its own office (bills by issuing office, bookings and quotations by the port of loading's
 * office, `port_id`). A port is served by one office at most: the records of its bookings and quotations belong
 * to exactly one branch.
 */
export const offices = pgTable(
  'offices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    isCorporate: boolean('is_corporate').notNull().default(false),
    portId: integer('port_id').references(() => ports.id),
    /** Bumped by every edit in the admin workspace (If-Match). */
    version: integer('version').notNull().default(1),
  },
  (table) => [uniqueIndex('offices_port_unique').on(table.portId).where(sql`port_id is not null`)],
);
