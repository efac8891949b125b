/**
 * Recovery codes may arrive as a bare array, inside a `data` envelope, or under one of the keys
 * `recovery_codes`, `codes`, `items`, `list`, `value` (spec section 3). This module turns any of
 * those shapes into a clean list of strings; it has no React in it.
 */

const KEYS = ['recovery_codes', 'codes', 'items', 'list', 'value'] as const;
const MAX_DEPTH = 5;

function fromItem(item: unknown): string | null {
  if (typeof item === 'string') return item.trim() || null;
  if (typeof item === 'number' && Number.isFinite(item)) return String(item);
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    for (const k of ['code', 'recovery_code', 'value']) {
      if (typeof o[k] === 'string' || typeof o[k] === 'number') return fromItem(o[k]);
    }
  }
  return null;
}

function walk(input: unknown, depth: number): string[] | null {
  if (depth > MAX_DEPTH || input == null) return null;
  if (Array.isArray(input)) {
    return input.map(fromItem).filter((c): c is string => c !== null);
  }
  if (typeof input === 'string') {
    // A single string may hold several codes separated by new lines, commas or spaces.
    const parts = input
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    return parts.length ? parts : null;
  }
  if (typeof input === 'object') {
    const o = input as Record<string, unknown>;
    for (const key of KEYS) {
      if (key in o) {
        const found = walk(o[key], depth + 1);
        if (found) return found;
      }
    }
    if ('data' in o) return walk(o.data, depth + 1);
  }
  return null;
}

/** Extracts the recovery codes from any response shape of spec section 3; an unknown shape gives []. */
export function extractRecoveryCodes(response: unknown): string[] {
  return walk(response, 0) ?? [];
}
