import { useEffect, useState, type ReactNode } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ResourceConfig, SectionSpec, TabSpec } from './types';

/** Content added to a tab (a related list), or a tab of its own. */
export interface ExtraContent {
  /** The declared tab it goes on; undefined: below the fields, or a tab of its own (`name`, `label`) with tabs. */
  tab?: string;
  name: string;
  /** i18n key of the label of its own tab. */
  label: string;
  content: ReactNode;
}

export interface FieldGroupsProps {
  config: ResourceConfig;
  /** The sources the view shows, in order (the fields of the show view, the inputs of a form). */
  sources: string[];
  /** Renders a block of fields. */
  render: (sources: string[]) => ReactNode;
  extras?: ExtraContent[];
  /** Forms: the sources with a problem (their tab's label turns red and the first such tab opens). */
  errors?: string[];
  /** Mount a tab's content when it is first opened (a show view: its sub-lists load then); forms keep all mounted. */
  lazy?: boolean;
}

const tabLabel = (config: ResourceConfig, tab: TabSpec) => tab.label ?? `resources.${config.name}.tabs.${tab.name}`;
const sectionLabel = (config: ResourceConfig, section: SectionSpec) =>
  section.label ?? `resources.${config.name}.sections.${section.name}`;

/** The sources a tab holds (its fields and those of its sections). */
const tabSources = (tab: TabSpec): string[] => [
  ...(tab.fields ?? []),
  ...(tab.sections ?? []).flatMap((s) => s.fields),
];

function Sections({
  config,
  sections,
  present,
  render,
}: {
  config: ResourceConfig;
  sections: SectionSpec[];
  present: Set<string>;
  render: (sources: string[]) => ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
      {sections.map((section) => {
        const fields = section.fields.filter((f) => present.has(f));
        if (!fields.length) return null;
        return (
          <Box component="section" key={section.name} data-testid={`section-${section.name}`} sx={{ mt: 1 }}>
            <Typography variant="subtitle2" component="h3" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
              {translate(sectionLabel(config, section))}
            </Typography>
            {render(fields)}
          </Box>
        );
      })}
    </>
  );
}

/**
 * The fields of a show view or a form laid out as the declaration says: tabs (MUI Tabs, scrollable on a phone; every
 * panel stays mounted so a form keeps its inputs), titled sections, and what is added (related lists). Fields on no
 * tab or section come first.
 */
export function FieldGroups({ config, sources, render, extras = [], errors = [], lazy = false }: FieldGroupsProps) {
  const translate = useTranslate();
  const present = new Set(sources);
  const declared = (config.tabs ?? []).filter(
    (tab) => tabSources(tab).some((s) => present.has(s)) || extras.some((e) => e.tab === tab.name),
  );
  const own = declared.length ? extras.filter((e) => !e.tab || !declared.some((t) => t.name === e.tab)) : [];
  const tabs: { name: string; label: string; sources: string[]; body: ReactNode }[] = [
    ...declared.map((tab) => ({
      name: tab.name,
      label: tabLabel(config, tab),
      sources: tabSources(tab),
      body: (
        <>
          {render((tab.fields ?? []).filter((f) => present.has(f)))}
          <Sections config={config} sections={tab.sections ?? []} present={present} render={render} />
          {extras
            .filter((e) => e.tab === tab.name)
            .map((e) => (
              <Box key={e.name}>{e.content}</Box>
            ))}
        </>
      ),
    })),
    ...own.map((e) => ({ name: e.name, label: e.label, sources: [], body: e.content })),
  ];
  const [active, setActive] = useState(0);
  const [visited, setVisited] = useState<Set<number>>(() => new Set([0]));
  const errorKey = errors.join(',');
  const withError = (i: number) => tabs[i]?.sources.some((s) => errors.includes(s));
  // A problem on another tab than the open one: open the first tab with one.
  useEffect(() => {
    if (!errors.length || withError(active)) return;
    const first = tabs.findIndex((_t, i) => withError(i));
    if (first >= 0) {
      setActive(first);
      setVisited((v) => new Set(v).add(first));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new set of problems only
  }, [errorKey]);

  const grouped = new Set([
    ...declared.flatMap(tabSources),
    ...(declared.length ? [] : (config.sections ?? []).flatMap((s) => s.fields)),
  ]);
  const rest = sources.filter((s) => !grouped.has(s));

  if (!tabs.length) {
    return (
      <>
        {rest.length > 0 && render(rest)}
        <Sections config={config} sections={config.sections ?? []} present={present} render={render} />
        {extras.map((e) => (
          <Box key={e.name}>{e.content}</Box>
        ))}
      </>
    );
  }
  const current = Math.min(active, tabs.length - 1);
  return (
    <>
      {rest.length > 0 && render(rest)}
      <Tabs
        value={current}
        onChange={(_e, i: number) => {
          setActive(i);
          setVisited((v) => new Set(v).add(i));
        }}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {tabs.map((tab, i) => (
          <Tab
            key={tab.name}
            label={translate(tab.label)}
            id={`tab-${config.name}-${tab.name}`}
            aria-controls={`tabpanel-${config.name}-${tab.name}`}
            data-testid={`tab-${tab.name}`}
            sx={withError(i) ? { color: 'error.main', '&.Mui-selected': { color: 'error.main' } } : undefined}
          />
        ))}
      </Tabs>
      {tabs.map((tab, i) => (
        <Box
          key={tab.name}
          role="tabpanel"
          id={`tabpanel-${config.name}-${tab.name}`}
          aria-labelledby={`tab-${config.name}-${tab.name}`}
          hidden={i !== current}
          data-testid={`tabpanel-${tab.name}`}
        >
          {(!lazy || visited.has(i) || i === current) && tab.body}
        </Box>
      ))}
    </>
  );
}
