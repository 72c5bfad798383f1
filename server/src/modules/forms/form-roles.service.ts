import { FormRoleMessages, UpdateFormRolesBody } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { formRoleRule } from '../../auth/policy/forms.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import { parseBody, ValidationError } from '../../http/errors';
import * as repo from './form-roles.repository';
import type { FormsService } from './forms.service';

const RESOURCE = 'form_role';

export type FormRolesService = ReturnType<typeof createFormRolesService>;

/** Which roles may post in a restricted survey; `GET /forms/{id}` shows them as `can_create` names. */
export function createFormRolesService(ctx: AppContext, forms: FormsService) {
  return {
    async list(auth: Auth, formId: number) {
      const form = await forms.load(ctx.db, formId);
      authorize(formRoleRule, auth, 'search', form);
      return { form, rows: await repo.listForForm(ctx.db, formId) };
    },

    /** `PUT {roles: [ids]}` replaces the whole list; an unknown role is a 422 and nothing changes. */
    async replace(auth: Auth, formId: number, body: unknown) {
      const form = await forms.load(ctx.db, formId);
      authorize(formRoleRule, auth, 'update', form);
      const { roles } = parseBody(UpdateFormRolesBody, body, RESOURCE);
      const rows = await ctx.tx(async (trx) => {
        const resolved = await repo.resolveRoles(trx, roles);
        const unknown = roles.find((r) => !resolved.has(r));
        if (unknown !== undefined)
          throw new ValidationError(RESOURCE, [{ pointer: '/roles', message: FormRoleMessages.roleMissing(unknown) }]);
        await repo.replaceForForm(trx, formId, [...new Set(roles.map((r) => resolved.get(r)!))]);
        return repo.listForForm(trx, formId);
      });
      return { form, rows };
    },
  };
}
