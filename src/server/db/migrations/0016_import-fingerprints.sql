CREATE TABLE "import_fingerprints" (
	"kind" text NOT NULL,
	"natural_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_fingerprints_kind_natural_key_pk" PRIMARY KEY("kind","natural_key")
);--> statement-breakpoint
-- Reference data every database needs, not only a demo one (as 0014 did for roles): the units of measure of
-- work-order parts and the driver types of driver management. A database seeded before this has them already.
INSERT INTO "units_of_measure" ("abbreviation", "description") VALUES
  ('BG', 'Bag'),
  ('BX', 'Box'),
  ('CS', 'Case'),
  ('EA', 'Each'),
  ('FT', 'Foot'),
  ('GAL', 'Gallon'),
  ('KT', 'Kit'),
  ('LF', 'Linear Foot'),
  ('PC', 'Piece'),
  ('PR', 'Pair'),
  ('RL', 'Roll'),
  ('SET', 'Set'),
  ('SF', 'Square Foot'),
  ('SH', 'Sheet'),
  ('TB', 'Tube')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "driver_types" ("description") VALUES
  ('Company Driver'), ('Owner Operator'), ('Pilot Car'), ('Yard Driver'), ('Escort Driver')
ON CONFLICT DO NOTHING;
