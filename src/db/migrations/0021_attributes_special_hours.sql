CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(60) NOT NULL,
	"group" varchar(20) NOT NULL,
	"icon" varchar(40) NOT NULL,
	"name_pl" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"for_places" boolean DEFAULT true NOT NULL,
	"for_events" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attributes_slug_uq" UNIQUE("slug"),
	CONSTRAINT "attributes_group_check" CHECK ("attributes"."group" in ('accessibility', 'family', 'other')),
	CONSTRAINT "attributes_applies_check" CHECK ("attributes"."for_places" or "attributes"."for_events")
);
--> statement-breakpoint
CREATE TABLE "place_special_hours" (
	"place_id" integer NOT NULL,
	"date" date NOT NULL,
	"from" time,
	"to" time,
	"closed" boolean DEFAULT false NOT NULL,
	"whole_day" boolean DEFAULT false NOT NULL,
	CONSTRAINT "place_special_hours_pk" PRIMARY KEY("place_id","date"),
	CONSTRAINT "place_special_hours_flags_check" CHECK (not ("place_special_hours"."closed" and "place_special_hours"."whole_day"))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attribute_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "attribute_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "place_special_hours" ADD CONSTRAINT "place_special_hours_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_attribute_ids_idx" ON "events" USING gin ("attribute_ids");--> statement-breakpoint
CREATE INDEX "places_attribute_ids_idx" ON "places" USING gin ("attribute_ids");--> statement-breakpoint
-- The catalogue every installation starts with (issue 30); the admin extends it.
INSERT INTO "attributes" ("slug", "group", "icon", "name_pl", "name_en", "for_places", "for_events", "position") VALUES
	('step_free_entrance', 'accessibility', 'accessibility', 'Wejście bez schodów', 'Step-free entrance', true, true, 10),
	('accessible_toilet', 'accessibility', 'toilet', 'Toaleta dla osób z niepełnosprawnościami', 'Accessible toilet', true, true, 20),
	('induction_loop', 'accessibility', 'ear', 'Pętla indukcyjna', 'Induction loop', true, true, 30),
	('pjm_interpreter', 'accessibility', 'hand-helping', 'Tłumacz PJM', 'Polish Sign Language interpreter', true, true, 40),
	('sensory_friendly', 'accessibility', 'brain', 'Godziny przyjazne sensorycznie', 'Sensory-friendly times', true, true, 50),
	('suitable_for_children', 'family', 'smile', 'Odpowiednie dla dzieci', 'Suitable for children', true, true, 60),
	('changing_table', 'family', 'baby', 'Przewijak', 'Baby changing table', true, true, 70),
	('pram_friendly', 'family', 'footprints', 'Dostępne z wózkiem dziecięcym', 'Pram-friendly', true, true, 80),
	('parking', 'other', 'square-parking', 'Parking', 'Parking', true, true, 90),
	('pets_welcome', 'other', 'paw-print', 'Zwierzęta mile widziane', 'Pets welcome', true, true, 100),
	('outdoor', 'other', 'trees', 'Na świeżym powietrzu', 'Outdoor', true, true, 110);
