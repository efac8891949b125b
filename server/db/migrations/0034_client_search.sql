-- The client pickers' search (GET /client/admin/v1/list?q=): the username, full name or mobile of a client starts
-- with the typed text, username and full name ignoring case. Each prefix is a range of the byte-wise pattern
-- operators (startsWith, server/core/list/paging.ts), which these indexes answer; the three are OR-ed by a bitmap.
CREATE INDEX client_tenant_username_lower_prefix ON client (tenant_id, lower(username) text_pattern_ops);--> statement-breakpoint
CREATE INDEX client_tenant_full_name_lower_prefix ON client (tenant_id, lower(full_name) text_pattern_ops);--> statement-breakpoint
CREATE INDEX client_tenant_mobile_prefix ON client (tenant_id, mobile text_pattern_ops);
