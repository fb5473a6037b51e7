import { customType } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension), for e-mail addresses and user names. */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });
