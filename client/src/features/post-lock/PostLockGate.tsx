import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { acquirePostLock, releasePostLock } from '../../api/endpoints/post-locks';
import { useServices } from '../../providers/services-context';
import { useServerEvents } from '../../providers/useServerEvents';
import { Dialog } from '../../ui/Dialog';
import { useKeepFilters } from '../common/useKeepFilters';
import { LOCK_EVENT_TYPES, lockChangeFor } from './lock-events';
import { postLockMachine } from './post-lock.machine';

/**
 * Holds the edit lock of a post for as long as its editor is mounted (spec 2 section 4). The editor
 * shows only while the lock is held; a refusal goes back to the post with the holder's name; a lost
 * lock replaces the editor with the unlocked message, since its unsaved changes cannot be kept.
 */
export function PostLockGate({ postId, userId, children }: { postId: number; userId: number; children: ReactNode }) {
  const { api } = useServices();
  // One machine per mounted editor (the gate is keyed by post, so its input never changes).
  const [actor] = useState(() =>
    createActor(
      postLockMachine.provide({
        actors: {
          acquire: fromPromise(({ input }) => acquirePostLock(api, input.postId)),
          release: fromPromise(({ input }) => releasePostLock(api, input.postId)),
        },
      }),
      { input: { postId, userId } },
    ),
  );
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Leaving (save, cancel, another route) sends LEAVE and lets the machine finish releasing on its
  // own: stopping it would cancel the release. LEAVE waits a tick, so that an effect re-run (React's
  // strict mode) is not taken for leaving.
  useEffect(() => {
    clearTimeout(leaving.current);
    actor.start();
    return () => {
      leaving.current = setTimeout(() => actor.send({ type: 'LEAVE' }), 0);
    };
  }, [actor]);

  useServerEvents(LOCK_EVENT_TYPES, (event) => {
    const change = lockChangeFor(event, postId);
    if (change) actor.send({ type: 'LOCK_CHANGED', change });
  });

  return (
    <GateView actor={actor} postId={postId}>
      {children}
    </GateView>
  );
}

type PostLockActor = ActorRefFrom<typeof postLockMachine>;

function Acquiring() {
  const { t } = useTranslation();
  return <p role="status">{t('post_lock.acquiring')}</p>;
}

function GateView({ actor, postId, children }: { actor: PostLockActor; postId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const { notices } = useServices();
  const navigate = useNavigate();
  const keep = useKeepFilters();
  const postPath = keep(`/posts/${postId}`);
  const snapshot = useSelector(actor, (s) => s);
  const send = actor.send;

  const refused = snapshot.matches('lockedByOther');
  useEffect(() => {
    if (!refused) return;
    notices.error(snapshot.context.refusal ?? t('post_lock.already_locked_unknown'));
    void navigate(postPath, { replace: true });
  }, [refused, snapshot.context.refusal, notices, navigate, postPath, t]);

  if (snapshot.matches('editing')) return <>{children}</>;
  if (snapshot.matches('lost')) {
    const back = () => void navigate(postPath, { replace: true });
    return (
      <Dialog
        title={t('post_lock.unlocked_title')}
        size="small"
        onClose={back}
        footer={
          <button type="button" className="button button-primary" data-autofocus onClick={back}>
            {t('post_lock.back_to_post')}
          </button>
        }
      >
        <p role="alert">{t('post_lock.unlocked')}</p>
      </Dialog>
    );
  }
  if (snapshot.matches('failed')) {
    return (
      <div className="form-alert" role="alert">
        <p>{t('post_lock.failed', { reason: snapshot.context.refusal ?? '' })}</p>
        <button type="button" className="button" onClick={() => send({ type: 'RETRY' })}>
          {t('post_lock.retry')}
        </button>
      </div>
    );
  }
  return <Acquiring />;
}
