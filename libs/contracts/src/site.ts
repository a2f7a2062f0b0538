import { z } from 'zod';

/** What the home screen needs to know about the server it runs on (spec §2 "/"). */
export const SiteView = z
  .object({
    alt_host: z.string().nullable().meta({
      description:
        'ALT_HOST: the short host printed in QR codes. A visitor arriving on it gets the visitor home (enter or scan a code) instead of the product home.',
    }),
  })
  .meta({ id: 'Site' });
export type SiteView = z.infer<typeof SiteView>;
