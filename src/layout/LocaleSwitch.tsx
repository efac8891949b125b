import { useState } from 'react';
import { useLocaleState, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { getLocales, saveLocale } from '../../i18n';

/** The language switch: zh-CN and en-US only, each named in its own language; the choice is saved. */
export function LocaleSwitch({ compact = false }: { compact?: boolean }) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const locales = getLocales();
  const current = locales.find((l) => l.locale === locale) ?? locales[0];
  return (
    <>
      <Button
        color="inherit"
        data-testid="locale-switch"
        aria-label={translate('shell.appBar.language')}
        aria-haspopup="menu"
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0, '& .MuiButton-startIcon': compact ? { m: 0 } : {} }}
      >
        {compact ? null : current?.name}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {locales.map((l) => (
          <MenuItem
            key={l.locale}
            data-testid={`locale-${l.locale}`}
            selected={l.locale === locale}
            lang={l.locale}
            onClick={() => {
              setAnchor(null);
              saveLocale(l.locale);
              setLocale(l.locale);
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
