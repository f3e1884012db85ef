import { z } from 'zod';

/** The app-wide configuration the server serves to the browser (spec 000 §7 "served inline"). */
export const appConfigSchema = z.object({
  environment: z.enum(['design', 'staging', 'preview', 'production']),
  oidc: z.object({
    authority: z.string(),
    clientId: z.string(),
    scope: z.string(),
  }),
  /** Spec 001 §2.1: the header's external links; a link that is not configured is not shown. */
  links: z.object({
    help: z.string().nullable(),
    featuring: z.string().nullable(),
    analytics: z.string().nullable(),
    editorialCalendar: z.string().nullable(),
  }),
  /** Every space and locale the installation knows, for the role override's choices. */
  spaces: z.array(z.string()),
  localizations: z.array(z.string()),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Spec 000 §2: the sign-in scopes. */
export const OIDC_SCOPES = 'openid email profile rbshortname groups';
