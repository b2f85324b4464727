CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "content_publishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" integer,
	"requested_by_email" text NOT NULL,
	"target" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "oidc_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"binding_hash" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"callback_at" timestamp with time zone,
	"email" text,
	"subject" text,
	"ticket_hash" text,
	"ticket_expires_at" timestamp with time zone,
	"ticket_used_at" timestamp with time zone,
	CONSTRAINT "oidc_sign_ins_binding_hash_unique" UNIQUE("binding_hash"),
	CONSTRAINT "oidc_sign_ins_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
CREATE INDEX "content_publishes_requested_at_idx" ON "content_publishes" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_expires_at_idx" ON "oidc_sign_ins" USING btree ("expires_at");