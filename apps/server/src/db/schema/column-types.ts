import { customType, numeric } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension), for e-mail addresses and user names. */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

/** Money: exact decimals, read as strings ("1250.00"); never a float. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
