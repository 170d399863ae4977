CREATE TABLE "box_opening_counts" (
	"day" date NOT NULL,
	"odds_version_id" bigint NOT NULL,
	"reward_index" integer NOT NULL,
	"revealed" boolean NOT NULL,
	"client_seed_public" boolean NOT NULL,
	"openings" integer NOT NULL,
	CONSTRAINT "box_opening_counts_pk" PRIMARY KEY("day","odds_version_id","reward_index","revealed","client_seed_public")
);
--> statement-breakpoint
ALTER TABLE "box_opening_counts" ADD CONSTRAINT "box_opening_counts_odds_version_id_box_odds_versions_id_fk" FOREIGN KEY ("odds_version_id") REFERENCES "public"."box_odds_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The counts /fairness and /boxes/{id}/results read (decision 0047), kept by these triggers in the
-- transaction that writes an opening or reveals a seed, whichever server, release or tool writes it.
-- An opening's client seed is public when it matches publishableClientSeedPattern (protocol/src/boxes.ts).
-- Only a seed's reveal moves more than one count, in key order: two writers never wait on each other's.
CREATE FUNCTION "box_opening_counts_add"(p_opened_at timestamptz, p_odds_version_id bigint, p_reward_index integer,
  p_seed_id bigint, p_client_seed text, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "box_opening_counts" AS c ("day", "odds_version_id", "reward_index", "revealed", "client_seed_public", "openings")
  SELECT (p_opened_at AT TIME ZONE 'UTC')::date, p_odds_version_id, p_reward_index, s.rotated_at IS NOT NULL,
    coalesce(p_client_seed, s.client_seed) ~ '^[0-9a-f]{16,64}$', p_delta
  FROM "fairness_seeds" s WHERE s.id = p_seed_id AND p_opened_at IS NOT NULL
  ON CONFLICT ("day", "odds_version_id", "reward_index", "revealed", "client_seed_public")
    DO UPDATE SET "openings" = c."openings" + excluded."openings";
END $$;
--> statement-breakpoint
CREATE FUNCTION "box_opening_counts_owned_boxes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "box_opening_counts_add"(OLD.opened_at, OLD.odds_version_id, OLD.reward_index, OLD.seed_id, OLD.client_seed, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "box_opening_counts_add"(NEW.opened_at, NEW.odds_version_id, NEW.reward_index, NEW.seed_id, NEW.client_seed, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "box_opening_counts_fairness_seeds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "box_opening_counts" AS c ("day", "odds_version_id", "reward_index", "revealed", "client_seed_public", "openings")
  SELECT (o.opened_at AT TIME ZONE 'UTC')::date, o.odds_version_id, o.reward_index, v.revealed,
    coalesce(o.client_seed, v.client_seed) ~ '^[0-9a-f]{16,64}$', sum(v.delta)
  FROM "owned_boxes" o
  CROSS JOIN (VALUES (OLD.rotated_at IS NOT NULL, OLD.client_seed, -1), (NEW.rotated_at IS NOT NULL, NEW.client_seed, 1))
    AS v (revealed, client_seed, delta)
  WHERE o.seed_id = NEW.id AND o.opened_at IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(v.delta) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("day", "odds_version_id", "reward_index", "revealed", "client_seed_public")
    DO UPDATE SET "openings" = c."openings" + excluded."openings";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "owned_boxes_opening_counts"
  AFTER INSERT OR DELETE OR UPDATE OF "opened_at", "odds_version_id", "reward_index", "seed_id", "client_seed" ON "owned_boxes"
  FOR EACH ROW EXECUTE FUNCTION "box_opening_counts_owned_boxes"();
--> statement-breakpoint
CREATE TRIGGER "fairness_seeds_opening_counts"
  AFTER UPDATE OF "rotated_at", "client_seed" ON "fairness_seeds"
  FOR EACH ROW WHEN ((OLD.rotated_at IS NULL) <> (NEW.rotated_at IS NULL) OR OLD.client_seed <> NEW.client_seed)
  EXECUTE FUNCTION "box_opening_counts_fairness_seeds"();
--> statement-breakpoint
-- The openings already written, counted once: the triggers above hold back every other writer until this commits.
INSERT INTO "box_opening_counts" ("day", "odds_version_id", "reward_index", "revealed", "client_seed_public", "openings")
SELECT (o.opened_at AT TIME ZONE 'UTC')::date, o.odds_version_id, o.reward_index, s.rotated_at IS NOT NULL,
  coalesce(o.client_seed, s.client_seed) ~ '^[0-9a-f]{16,64}$', count(*)
FROM "owned_boxes" o JOIN "fairness_seeds" s ON s.id = o.seed_id
WHERE o.opened_at IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
