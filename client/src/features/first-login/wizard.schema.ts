import { SiteConfigUpdate } from '@platform/shared';
import { z } from 'zod';

/** Step "customize": the site name is required (shared site rules), the description is free. */
export const CustomizeSchema = z.object({
  name: SiteConfigUpdate.shape.name.unwrap(),
  description: z.string(),
});
export type CustomizeForm = z.input<typeof CustomizeSchema>;
