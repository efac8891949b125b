CREATE UNLOGGED TABLE "rate_limit" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"prev_hits" integer DEFAULT 0 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"allowed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "rate_limit_bucket_key_pk" PRIMARY KEY("bucket","key")
);
