import { sql } from 'drizzle-orm';

/** The customer who asked (joined as `u`) and their company (`cp`, null until a membership is approved). */
export const CUSTOMER_JSON = sql`json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name),
  'email', u.email::text, 'companyName', cp.name)`;
