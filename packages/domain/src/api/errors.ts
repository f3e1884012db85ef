import { z } from 'zod';

/** DESIGN §4: every error response has this body. */
export const errorBodySchema = z.object({
  status: z.number().int(),
  messages: z.array(z.string()),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A HAL link with the methods the current user may use on it (DESIGN §4). */
export const linkSchema = z.object({
  href: z.string(),
  methods: z.array(z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
});
export type Link = z.infer<typeof linkSchema>;
