import type { Language } from '@geria/domain';
import { elGR, enUS, esES, frFR, itIT, ptPT, roRO } from '@mui/x-data-grid/locales';

const LOCALES = { en: enUS, it: itIT, pt: ptPT, fr: frFR, es: esES, el: elGR, ro: roRO } as const;

/** The data grid's own texts (pagination, sorting, menus) in the interface language. */
export const gridLocaleText = (language: Language) => LOCALES[language].components.MuiDataGrid.defaultProps.localeText;
