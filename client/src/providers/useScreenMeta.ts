import { useTranslation } from 'react-i18next';
import { useConfigState } from './config-context';
import { usePageMeta } from './page-meta';

/** Screen title plus the site's name and description; screens that should not be indexed say so. */
export function useScreenMeta(title: string, options: { robots?: string; description?: string } = {}) {
  const { t } = useTranslation();
  const { config } = useConfigState();
  usePageMeta({
    title,
    siteName: config?.site.name || t('app.name'),
    description: options.description ?? (config?.site.description || t('meta.description')),
    keywords: t('meta.keywords'),
    robots: options.robots ?? 'index, follow',
  });
}
