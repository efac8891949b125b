-- Live updates (server/core/events.ts): the ids of the events the API sends to the consoles' streams. One sequence for
-- the database, so an event has the same id in every API process (each hears it through LISTEN) and a console that
-- reconnects to another process resumes from its Last-Event-ID. Taken inside the writing transaction (nextval is not
-- rolled back: a rolled-back write leaves a gap, never an event).
CREATE SEQUENCE live_event_id AS bigint;--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE live_event_id TO bo_app;
