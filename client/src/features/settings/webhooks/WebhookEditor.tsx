import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { listForms } from '../../../api/endpoints/forms';
import { createWebhook, getWebhook, updateWebhook } from '../../../api/endpoints/webhooks';
import { isApiError } from '../../../api/errors';
import { applyPointerErrors } from '../../../api/form-errors';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { READ_ON_OPEN, useLiveQuery } from '../../../providers/query/useLiveQuery';
import { apiErrorTexts } from '../../notices/api-error-text';
import { isNotFound, useLoadFailedNotice } from '../../notices/useLoadFailedNotice';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookForm } from './WebhookForm';
import { webhookBody, webhookFormValues, type WebhookFormValues } from './webhook-form.schema';
import { useDeleteWebhook } from './useDeleteWebhook';

export const WEBHOOK_LIST_PATH = '/settings/webhooks';
const FORM_FIELDS = [
  'name',
  'url',
  'shared_secret',
  'event_type',
  'entity_type',
  'form_id',
  'source_field_key',
  'destination_field_key',
] as const;

/** /settings/webhooks/create and /settings/webhooks/{id}, the latter with its recent deliveries. */
export function WebhookEditor() {
  // A new id is a new editor: the form starts again from that record.
  const { id } = useParams();
  return <WebhookEditorScreen key={id ?? 'new'} id={id} />;
}

function WebhookEditorScreen({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { api, notices } = useServices();
  const deleteWebhook = useDeleteWebhook();
  const hookId = id === undefined ? null : /^\d{1,9}$/.test(id) ? Number(id) : NaN;
  const title = hookId === null ? t('webhook.create_title') : t('webhook.edit_title');
  useScreenMeta(title, { robots: 'noindex, nofollow' });

  const query = useLiveQuery(
    ['webhook-editor', hookId],
    async () => {
      const [forms, hook] = await Promise.all([listForms(api), hookId === null ? null : getWebhook(api, hookId)]);
      return { forms, hook };
    },
    { ...READ_ON_OPEN, enabled: !Number.isNaN(hookId) },
  );
  const missing = isNotFound(query.error);
  useLoadFailedNotice(missing ? null : query.error, t('webhook.load_failed'));
  if (Number.isNaN(hookId) || missing) return <Navigate to="/404" replace />;

  const loaded = query.data ?? null;
  const hook = loaded?.hook ?? null;
  const backToList = () => void navigate(WEBHOOK_LIST_PATH);

  return (
    <section aria-labelledby="webhook-editor-title">
      <div className="screen-header">
        <h1 id="webhook-editor-title">{title}</h1>
      </div>
      {loaded ? (
        <WebhookForm
          forms={loaded.forms}
          defaults={webhookFormValues(hook)}
          onCancel={backToList}
          onSubmit={async (values, setError) => {
            try {
              const body = webhookBody(values);
              const saved = hook ? await updateWebhook(api, hook.id, body) : await createWebhook(api, body);
              notices.success(t('webhook.save_success', { name: saved.name }));
              // A new webhook opens on its own page, where its deliveries will show.
              if (hook) backToList();
              else void navigate(`${WEBHOOK_LIST_PATH}/${saved.id}`, { replace: true });
            } catch (error) {
              const details =
                isApiError(error) && error.fieldProblems.length > 0
                  ? applyPointerErrors<WebhookFormValues>(error, setError, FORM_FIELDS)
                  : apiErrorTexts(t, error);
              notices.warning(t('webhook.save_failed'), details);
            }
          }}
          actions={
            hook && !hook.protected ? (
              <button
                type="button"
                className="button button-danger"
                onClick={() => void deleteWebhook(hook).then((gone) => gone && backToList())}
              >
                {t('webhook.delete')}
              </button>
            ) : null
          }
        />
      ) : (
        <p className="loading" role="status">
          {t('app.loading')}
        </p>
      )}
      {hook ? <WebhookDeliveries webhookId={hook.id} /> : null}
    </section>
  );
}
