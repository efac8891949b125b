/**
 * Accessibility scans (issue 21): axe-core on what a page shows, WCAG 2.0 and 2.1, levels A and AA. A test file
 * collects its scans with `axeScans()` and prints them as a table after its tests (violated nodes per page and
 * impact, each scan's time); a serious or critical violation is answered to the test, which fails on it.
 */
import { afterAll } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
type Impact = (typeof IMPACTS)[number];

interface Scan {
  where: string;
  ms: number;
  counts: Record<Impact, number>;
}

/** The scan of a test file, whose table is printed after its tests. */
export function axeScans(): (page: Page, where: string) => Promise<string[]> {
  const scans: Scan[] = [];
  afterAll(() => {
    const pad = (s: string | number, n: number) => String(s).padEnd(n);
    const total = { critical: 0, serious: 0, moderate: 0, minor: 0 };
    const lines = scans.map((s) => {
      for (const i of IMPACTS) total[i] += s.counts[i];
      return pad(s.where, 44) + IMPACTS.map((i) => pad(s.counts[i], 9)).join('') + s.ms;
    });
    console.log(
      [
        `axe (${TAGS.join(', ')}): violated nodes by impact, ${scans.length} scans`,
        pad('page', 44) + IMPACTS.map((i) => pad(i, 9)).join('') + 'ms',
        ...lines,
        pad('total', 44) + IMPACTS.map((i) => pad(total[i], 9)).join(''),
      ].join('\n'),
    );
  });

  /**
   * Runs axe on what the page shows (the hidden panes of the other open tabs left out) and records the counts of
   * violated nodes by impact; answers the serious and critical violations.
   */
  return async (page, where) => {
    const started = Date.now();
    // Legacy mode: axe.run in the page itself (no blank page opened per scan for axe.finishRun; the console has no
    // frames); the passes are not collected.
    const result = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(TAGS)
      .exclude('[data-tab-pane][hidden]')
      .setLegacyMode()
      .analyze();
    const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
    const blocking: string[] = [];
    for (const v of result.violations) {
      const impact = (v.impact ?? 'minor') as Impact;
      counts[impact] += v.nodes.length;
      if (impact === 'serious' || impact === 'critical')
        blocking.push(
          `${where}: ${v.id} (${impact}) ×${v.nodes.length}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
        );
    }
    scans.push({ where, ms: Date.now() - started, counts });
    return blocking;
  };
}
