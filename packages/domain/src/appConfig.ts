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
    /** Spec 000 §2: the other places the app links out to, each hidden when not configured. */
    cultureSite: z.string().nullable(),
    sportsSite: z.string().nullable(),
    eventsFaq: z.string().nullable(),
    teamSupport: z.string().nullable(),
    uriSlugRegistry: z.string().nullable(),
    experienceSite: z.string().nullable(),
  }),
  /** Every space and locale the installation knows, for the role override's choices. */
  spaces: z.array(z.string()),
  localizations: z.array(z.string()),
  /** Feature flags that are on (spec 001 §5, 002 §5: the onsite-promotion stencil, the fullscreen-engagement CTA). */
  features: z.array(z.string()),
  /** Spec 002 §3: the address a call-to-action target fills in, by target; a target without one is typed by hand. */
  callToActionAddresses: z.record(z.string(), z.string()),
  /** Where images are delivered from when a Cloudinary account serves them (`https://res.cloudinary.com/<cloud>`); unset: this server's /media. */
  imageDeliveryBaseUrl: z.string().optional(),
  /** Whether the server can describe images with AI (an AI endpoint is configured); without it the app does not ask. */
  aiImageDescriptions: z.boolean(),
  /** Spec 001 §5: the spaces that publish in some locales only, with those locales. */
  spaceLocales: z.record(z.string(), z.array(z.string())),
  /** Spec 001 §4: the spaces where an event profile is created the normal way; elsewhere the event flow opens. */
  eventProfileSpaces: z.array(z.string()),
  /** Spec 001 §4: whether this environment allows creating image galleries. */
  allowsImageGalleries: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Spec 000 §2: the sign-in scopes. */
export const OIDC_SCOPES = 'openid email profile rbshortname groups';

/**
 * Where the sign-in provider returns a sign-in the app asks for in a hidden frame (prompt=none), so that a reload
 * signs in without leaving the page: a page of the server that shows and runs nothing (docs/sign-in.md).
 */
export const SILENT_SIGN_IN_PATH = '/silent-callback';
