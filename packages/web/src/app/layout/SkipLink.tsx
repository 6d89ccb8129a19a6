import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps over the top bar and menu to the content. */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute', left: '50%', transform: 'translateX(-50%)', top: -100, zIndex: (theme) => theme.zIndex.tooltip + 1,
        p: 1.5, bgcolor: 'background.paper', borderRadius: 1, boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('layout.skipToContent')}
    </Link>
  );
}
