import { zodResolver } from '@hookform/resolvers/zod';
import { MessageTextField, MESSAGE_MAX } from '@platform/shared';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { sendMessage } from '../../api/endpoints/messages';
import { applyPointerErrors } from '../../api/form-errors';
import { useServices } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField } from '../../ui/Field';

const ReplySchema = z.object({ message: MessageTextField });
type Reply = z.infer<typeof ReplySchema>;

/** Spec 2 screen 6: the Send message modal; the reply is 2 to 140 characters (spec 2 section 5). */
export function SendMessageDialog({
  contactId,
  contact,
  parentId,
  onClose,
  onSent,
}: {
  contactId: number;
  contact: string | null;
  parentId: number | null;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const form = useForm<Reply>({ resolver: zodResolver(ReplySchema), mode: 'onChange', defaultValues: { message: '' } });
  const { errors, isSubmitting } = form.formState;
  const length = useWatch({ control: form.control, name: 'message' }).length;

  const submit = form.handleSubmit(async (values) => {
    try {
      await sendMessage(api, { message: values.message, contact_id: contactId, parent_id: parentId });
      notices.success(t('notify.message.sent_to', { contact: contact ?? t('messages.the_contact') }));
      onSent();
    } catch (error) {
      const [first, ...rest] = applyPointerErrors(error, form.setError, ['message']);
      if (first) notices.error(first, rest);
    }
  });

  return (
    <Dialog
      title={t('messages.send_title')}
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="send-message-form" className="button button-primary" disabled={isSubmitting}>
            {t('messages.send')}
          </button>
        </>
      }
    >
      <form id="send-message-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextAreaField
          label={t('messages.reply_label')}
          hint={t('messages.length', { count: length, max: MESSAGE_MAX })}
          error={errors.message?.message}
          rows={4}
          data-autofocus
          {...form.register('message')}
        />
      </form>
    </Dialog>
  );
}
