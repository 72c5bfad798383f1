import { StageListQuery } from '@platform/shared';
import type { Router } from 'express';
import { presentStage } from './stages.presenter';
import type { StagesService } from './stages.service';
import { surveyPartRoutes } from './survey-parts.routes';

/** Tasks: `/forms/stages` (all surveys) and `/forms/{id}/stages[/{id}]` (API-CONTRACT 7.2). */
export function stagesRoutes(stages: StagesService): Router {
  return surveyPartRoutes({
    path: 'stages',
    resource: 'form_stage',
    service: stages,
    present: presentStage,
    listQuery: StageListQuery,
    filtersOf: ({ form_id: formIds, q, label, type: types }) => ({ formIds, q, label, types }),
  });
}
