import { ContactMessages, contactProblem, CreateContactBody, UpdateContactBody } from '@platform/shared';
import { isLoggedIn, type Auth } from '../../auth/auth';
import { contactRule } from '../../auth/policy/account.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { deny, notFound, parseBody, ValidationError } from '../../http/errors';
import { requestedUserId } from '../../http/id-filters';
import type { Paging } from '../../http/query';
import * as repo from './contacts.repository';

const RESOURCE = 'contact';

const owned = (row: repo.ContactRow) => ({ ...row, userId: row.user_id });

export type ContactsService = ReturnType<typeof createContactsService>;

/** Contacts (API-CONTRACT 13.2): owners create, read and update; admins and owners delete. */
export function createContactsService(ctx: AppContext) {
  async function load(id: number) {
    return (await repo.findById(ctx.db, id)) ?? notFound(RESOURCE, id);
  }

  return {
    /**
     * The contacts data sources' senders are (a group of inbound messages, a targeted survey's
     * recipients), the new ones created (no owner, not notified), in four statements whatever
     * their number: the known found, the new locked on their addresses (all in one order) and
     * found again, the rest created. Two transactions meeting a new sender at once make one
     * contact. One contact per address, answered in the order asked.
     */
    async findOrCreateManyInTransaction(
      trx: Trx,
      addresses: Array<{ type: string; contact: string; dataSource: string | null }>,
    ): Promise<repo.ContactRow[]> {
      const key = (a: repo.Address) => `${a.type}\u0000${a.contact}`;
      const found = new Map<string, repo.ContactRow>();
      const keep = (rows: repo.ContactRow[]) => rows.forEach((row) => found.set(key(row), row));
      keep(await repo.findByAddresses(trx, addresses));
      const missing = () => [...new Map(addresses.filter((a) => !found.has(key(a))).map((a) => [key(a), a])).values()];
      const unknown = missing();
      if (unknown.length > 0) {
        await repo.lockAddresses(trx, unknown);
        keep(await repo.findByAddresses(trx, unknown));
        keep(
          await repo.insertMany(
            trx,
            missing().map((a) => ({ user_id: null, type: a.type, contact: a.contact, data_source: a.dataSource, can_notify: false })),
          ),
        );
      }
      return addresses.map((a) => found.get(key(a))!);
    },

    async get(auth: Auth, id: number) {
      const contact = await load(id);
      authorize(contactRule, auth, 'read', owned(contact));
      return contact;
    },

    async search(auth: Auth, filters: repo.ContactFilters, paging: Paging) {
      authorize(contactRule, auth, 'search', null);
      // Callers who may read only their own contacts search only their own, so counts match too.
      const readsOthers = contactRule(auth, 'read', { userId: null });
      const scoped =
        readsOthers || !isLoggedIn(auth)
          ? filters
          : { ...filters, users: filters.users.length > 0 ? filters.users.filter((u) => u === auth.userId) : [auth.userId] };
      if (scoped.users.length === 0 && filters.users.length > 0) return { rows: [], total: 0 };
      const { rows, total } = await repo.search(ctx.db, scoped, paging);
      return { rows: rows.filter((row) => contactRule(auth, 'read', owned(row))), total };
    },

    async create(auth: Auth, body: unknown) {
      const owner = requestedUserId(body, auth);
      authorize(contactRule, auth, 'create', { userId: owner });
      if (!isLoggedIn(auth) || owner === null) return deny(auth);
      const data = parseBody(CreateContactBody, body, RESOURCE);
      if (owner !== auth.userId && !(await repo.userExists(ctx.db, owner))) {
        throw new ValidationError(RESOURCE, [{ pointer: '/user_id', message: ContactMessages.userMissing(owner) }]);
      }
      return repo.insert(ctx.db, {
        user_id: owner,
        type: data.type,
        contact: data.contact,
        data_source: data.data_source ?? null,
        // A new contact saved by its owner is notified unless they say otherwise (spec 1 section 4).
        can_notify: data.can_notify ?? owner === auth.userId,
      });
    },

    async update(auth: Auth, id: number, body: unknown) {
      const current = await load(id);
      authorize(contactRule, auth, 'update', owned(current));
      const data = parseBody(UpdateContactBody, body, RESOURCE);
      // The contact is checked against its type, whichever of the two changed.
      const problem = contactProblem(data.type ?? current.type, data.contact ?? current.contact);
      if (problem) throw new ValidationError(RESOURCE, [{ pointer: '/contact', message: problem }]);
      const updated = await repo.update(ctx.db, id, {
        ...(data.type !== undefined ? { type: data.type } : {}),
        ...(data.contact !== undefined ? { contact: data.contact } : {}),
        ...(data.data_source !== undefined ? { data_source: data.data_source } : {}),
        ...(data.can_notify !== undefined ? { can_notify: data.can_notify } : {}),
        updated: ctx.now(),
      });
      return updated ?? notFound(RESOURCE, id);
    },

    async remove(auth: Auth, id: number) {
      const contact = await load(id);
      authorize(contactRule, auth, 'delete', owned(contact));
      await repo.remove(ctx.db, id);
      return contact;
    },
  };
}
