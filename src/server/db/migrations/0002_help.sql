CREATE TABLE "help_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"file_type" text NOT NULL,
	"category" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"captions_vtt" text,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
