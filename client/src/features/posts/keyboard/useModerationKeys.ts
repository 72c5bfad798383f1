import type { Post } from '@platform/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useKeepFilters } from '../../common/useKeepFilters';
import type { BulkActions } from '../bulk/useBulkActions';
import { availableActions } from '../usePostActions';
import { useSession } from '../../session/useSession';
import { commandOf, nextId, type ModerationCommand } from './moderation-keys';

const cardLink = (id: number) => document.querySelector<HTMLElement>(`[data-post-id="${id}"] .post-card-title a`);

/**
 * Keyboard moderation of the data view (issue 29): j / k move between cards, Enter opens, e edits,
 * x selects, p / r / a publish, put under review or archive the selected posts (or else the open
 * one, or else the card the keyboard is on), ? lists the keys. Off while a dialog is open or the
 * person types in a field.
 */
export function useModerationKeys({
  posts,
  openId,
  bulk,
  enabled,
}: {
  posts: Post[];
  openId: number | null;
  bulk: BulkActions | undefined;
  /** Off while the post column holds an editor: its keys are for the form. */
  enabled: boolean;
}) {
  const navigate = useNavigate();
  const keep = useKeepFilters();
  const { session } = useSession();
  const [activeId, setActiveId] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const latest = useRef({ posts, openId, bulk, activeId, keep, enabled, userId: session?.userId ?? null });
  useEffect(() => {
    latest.current = { posts, openId, bulk, activeId, keep, enabled, userId: session?.userId ?? null };
  });

  useEffect(() => {
    function run(command: ModerationCommand): boolean {
      const { posts, openId, bulk, activeId, keep, userId } = latest.current;
      const current = activeId ?? openId;
      const post = posts.find((p) => p.id === current) ?? null;
      switch (command.type) {
        case 'help':
          setHelpOpen(true);
          return true;
        case 'move': {
          const id = nextId(
            posts.map((p) => p.id),
            current,
            command.by,
          );
          if (id === null) return false;
          setActiveId(id);
          const link = cardLink(id);
          link?.focus();
          link?.scrollIntoView({ block: 'nearest' });
          return true;
        }
        case 'open':
          if (!post) return false;
          void navigate(keep(`/posts/${post.id}`));
          return true;
        case 'edit':
          if (!post || !availableActions(post, userId).edit) return false;
          void navigate(keep(`/posts/${post.id}/edit`));
          return true;
        case 'select':
          if (!post || !bulk) return false;
          bulk.toggle(post.id);
          return true;
        case 'status': {
          if (!bulk) return false;
          const ids = bulk.selected.length > 0 ? bulk.selected.map((p) => p.id) : post ? [post.id] : [];
          if (ids.length === 0) return false;
          void bulk.setStatus(command.status, ids);
          return true;
        }
      }
    }
    const onKey = (event: KeyboardEvent) => {
      if (!latest.current.enabled || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const command = commandOf(event);
      if (command && run(command)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);

  return { activeId, helpOpen, closeHelp: () => setHelpOpen(false) };
}
