import { LANGUAGES, type Language } from '@geria/domain';
import LanguageIcon from '@mui/icons-material/Language';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '../i18n/create-i18n.ts';
import { ENDONYMS } from '../i18n/endonyms.ts';

/**
 * The language switch (EN IT PT FR ES EL RO), each language named in itself. Outside English the
 * button's accessible name keeps the English word too ("Lingua (Language)"), so anyone stuck in a
 * language they cannot read still finds it.
 */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = currentLanguage(i18n);
  const label = current === 'en' ? t('language.label') : `${t('language.label')} (Language)`;

  const choose = (language: Language) => {
    setAnchor(null);
    void chooseLanguage(i18n, language);
  };

  return (
    <>
      <Button
        color={color}
        startIcon={<LanguageIcon />}
        // The accessible name contains the visible code, so speech users can say what they see.
        aria-label={`${label}: ${current.toUpperCase()}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {current.toUpperCase()}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} selected={language === current} onClick={() => choose(language)} lang={language}>
            <ListItemText primary={`${language.toUpperCase()} · ${ENDONYMS[language]}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
