import type { Webhook } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { deleteWebhook } from '../../../api/endpoints/webhooks';
import { useServices } from '../../../providers/services-context';
import { apiErrorTexts } from '../../notices/api-error-text';

/** Deleting a webhook after confirmation; a protected one is refused before any call (spec 3 section 5). */
export function useDeleteWebhook() {
  const { t } = useTranslation();
  const { api, dialogs, notices } = useServices();

  return async (hook: Webhook): Promise<boolean> => {
    if (hook.protected) {
      notices.error(t('webhook.protected_delete'));
      return false;
    }
    const ok = await dialogs.confirm({
      message: t('webhook.delete_confirm', { name: hook.name }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (!ok) return false;
    try {
      await deleteWebhook(api, hook.id);
      notices.success(t('webhook.destroy_success', { name: hook.name }));
      return true;
    } catch (error) {
      notices.warning(t('webhook.destroy_error'), apiErrorTexts(t, error));
      return false;
    }
  };
}
