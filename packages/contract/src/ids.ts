import { z } from 'zod';

/** The largest PostgreSQL `integer`: every id and version column. A larger number is a 400, never a database error. */
export const DB_INT_MAX = 2_147_483_647;

/** A record id sent in a JSON body: a whole number from 1 to DB_INT_MAX. */
export const idSchema = (required = 'is required') =>
  z
    .number({ message: required })
    .int('must be a whole number')
    .positive('must be a positive id')
    .max(DB_INT_MAX, 'is not a valid id');

/** A record id in a path or query string (text, coerced). */
export const queryIdSchema = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(DB_INT_MAX, 'is not a valid id');

/** `{id}` in a path. */
export const IdParamsSchema = z.object({ id: queryIdSchema });

/** The version an edit was based on. */
export const versionSchema = z.number().int().positive().max(DB_INT_MAX, 'is not a valid version');
