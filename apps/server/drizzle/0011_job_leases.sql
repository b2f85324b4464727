CREATE TABLE "job_leases" (
	"job_id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
