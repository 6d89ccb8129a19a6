import { resolveRoute } from '@geria/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** The translated title of the current named route; also keeps the document title in step. */
export function useRouteTitle(): string | null {
  const { pathname } = useLocation();
  const { t } = useTranslation('shell');
  const key = resolveRoute(pathname)?.title;
  const title = key ? t(key) : null;
  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, t]);
  return title;
}
