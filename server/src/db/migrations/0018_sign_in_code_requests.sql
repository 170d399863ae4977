-- A sign-in code per address and requester (decision 0040): a stranger's wrong guesses spend their own
-- code's tries, never the owner's. login_codes stays for the previous release's servers.
CREATE TABLE "sign_in_code_requests" (
	"email" text NOT NULL,
	"requester" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_code_requests_email_requester_pk" PRIMARY KEY("email","requester")
);
