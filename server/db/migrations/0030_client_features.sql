CREATE TABLE "client_features" (
	"client" varchar(8) PRIMARY KEY NOT NULL,
	"preset" varchar(16) NOT NULL,
	"hidden" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
