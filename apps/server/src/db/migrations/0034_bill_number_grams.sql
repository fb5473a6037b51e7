-- The BL-number search of five characters or more (bills-of-lading.repository.ts, numberContains): every
-- five-character piece of lower(number), indexed with GIN. Bill numbers are a shared prefix and a zero-padded
-- sequence, so the trigrams of a term's tail each sit in thousands of bills at a million; its last five characters
-- sit in a few dozen (figure 3: the search's execution at 1M bills 0.44 -> 0.07 ms).
CREATE FUNCTION "bl_number_grams"("number" text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select coalesce(array_agg(substr(lower("number"), i, 5)), '{}') from generate_series(1, length("number") - 4) as i $$;
--> statement-breakpoint
CREATE INDEX "bills_of_lading_number_grams" ON "bills_of_lading" USING gin (bl_number_grams("number"));
