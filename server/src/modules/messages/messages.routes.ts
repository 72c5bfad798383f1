import { MessageListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import type { PostsModule } from '../posts/posts.module';
import { presentPost } from '../posts/posts.presenter';
import { MESSAGE_PRIVILEGES, messageRule } from './messages.policy';
import { presentMessage } from './messages.presenter';
import type { MessageFilters } from './messages.repository';
import { RESOURCE, type MessagesService } from './messages.service';

/** What the boxes and statuses asked for mean for the rows (API-CONTRACT 13.3). */
function filtersOf(query: MessageListQuery['filters']): MessageFilters {
  const { box: boxes, status: statuses } = query;
  const allStatuses = statuses.includes('all');
  const named = statuses.filter((s) => s !== 'all');
  const directions: MessageFilters['directions'] = [];
  if (boxes.includes('inbox')) directions.push('incoming');
  if (boxes.includes('outbox')) directions.push('outgoing');
  return {
    directions,
    statuses: boxes.includes('archived') ? ['archived'] : allStatuses ? null : named.length > 0 ? named : null,
    allStatuses: allStatuses || boxes.includes('archived'),
    contacts: query.contact,
    parents: query.parent,
    posts: query.post,
    types: query.type,
    dataSources: query.data_source,
    q: query.q ?? null,
  };
}

/** `/messages` (API-CONTRACT 13.3): token required; Manage Posts or admin. */
export function messagesRoutes(messages: MessagesService, posts: PostsModule): Router {
  const router = Router();
  router.use('/messages', requireScope('messages'), requireToken);

  router
    .route('/messages')
    .get(async (req, res) => {
      const { paging, filters } = parseQuery(MessageListQuery, req.query, RESOURCE);
      const { rows, total } = await messages.search(req.auth, filtersOf(filters), paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentMessage(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      res.json(presentMessage(req.base, req.auth, await messages.create(req.auth, req.body)));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(messageRule, req.auth, null, MESSAGE_PRIVILEGES) });
    })
    .all(methodNotAllowed);

  router
    .route('/messages/:id')
    .get(async (req, res) => {
      res.json(presentMessage(req.base, req.auth, await messages.get(req.auth, idParam(req))));
    })
    .put(async (req, res) => {
      res.json(presentMessage(req.base, req.auth, await messages.update(req.auth, idParam(req), req.body)));
    })
    .all(methodNotAllowed);

  router
    .route('/messages/:id/post')
    .get(async (req, res) => {
      const postId = await messages.postIdOf(req.auth, idParam(req));
      const view = await posts.reads.get(req.auth, postId);
      res.json(presentPost(req.base, req.auth, view, await posts.reads.viewOptions()));
    })
    .all(methodNotAllowed);

  return router;
}
