import { z } from 'zod';

/** Spec 002 §2: the preview's formats. */
export const PREVIEW_FORMATS = ['mobile', 'desktop'] as const;
export type PreviewFormat = (typeof PREVIEW_FORMATS)[number];

/** Spec 002 §2: the preview's tabs, Page and Feature Card. */
export const PREVIEW_VIEWS = ['page', 'feature-card'] as const;
export type PreviewView = (typeof PREVIEW_VIEWS)[number];

/** The width of the page a format renders, before the frame is scaled to fit the panel (spec 002 §2). */
export const PREVIEW_FRAME_WIDTHS: Readonly<Record<PreviewFormat, number>> = { mobile: 390, desktop: 1280 };

/** The answer of `POST {p:preview}`: the token of the stored preview and the documents that render it. */
export const previewResponseSchema = z.strictObject({
  token: z.string().min(1),
  links: z.strictObject({ page: z.string().min(1), featureCard: z.string().min(1) }),
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;
