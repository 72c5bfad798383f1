import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { createAttributesService, type TagLookup } from './attributes.service';
import { createFormRolesService } from './form-roles.service';
import { createFormStatsService } from './form-stats.service';
import { createFormsService } from './forms.service';
import { createStagesService } from './stages.service';

export type FormsModule = ReturnType<typeof createFormsModule>;

/**
 * The survey services; `existingTagIds` comes from the tags module (category field options),
 * `beforeFormRemove` from the posts module (a survey's posts go with it).
 */
export function createFormsModule(
  ctx: AppContext,
  deps: { existingTagIds: TagLookup; beforeFormRemove?: (trx: Trx, formId: number, actorId: number | null) => Promise<void> },
) {
  const forms = createFormsService(ctx, { beforeRemove: deps.beforeFormRemove });
  return {
    forms,
    stages: createStagesService(ctx, forms),
    attributes: createAttributesService(ctx, forms, deps.existingTagIds),
    formRoles: createFormRolesService(ctx, forms),
    formStats: createFormStatsService(ctx, forms),
  };
}
