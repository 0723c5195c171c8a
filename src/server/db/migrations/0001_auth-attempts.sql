CREATE TABLE "auth_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_jti" text;--> statement-breakpoint
CREATE INDEX "auth_attempts_kind_key_at_idx" ON "auth_attempts" USING btree ("kind","key","at");