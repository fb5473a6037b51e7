-- The BL-number search asks the trigram index for the term's tail and checks the whole term as
-- lower(number) like …; statistics on lower(number) let the planner estimate that check from the data (a short
-- shared prefix matches nearly every bill: walk the updated_at index; a full number matches one: use the trigrams).
CREATE STATISTICS IF NOT EXISTS "bills_of_lading_number_lower_stats" ON (lower("number")) FROM "bills_of_lading";
