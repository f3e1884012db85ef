import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TAG_SUGGESTION_TYPES, tagSuggestionRequestSchema, tagSuggestionsResponseSchema, type TagSuggestion } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import type { TagSuggestionsService } from './service.ts';

const params = z.object({ type: z.enum(TAG_SUGGESTION_TYPES) });

/** Spec 001 §7 Tag suggestions: `{ space, suggestionAmount, textualContent }` → a list of tags. */
export const tagSuggestionsRoutes: FastifyPluginAsyncZod<{ tagSuggestions: TagSuggestionsService }> = async (app, { tagSuggestions }) => {
  app.post('/api/v1/suggestions/tags/:type', { config: { readsOnly: true }, schema: { params, body: tagSuggestionRequestSchema, response: { 200: tagSuggestionsResponseSchema } } }, async (request): Promise<TagSuggestion[]> => {
    const { body } = request;
    return tagSuggestions.suggest(requireAuth(request), { type: request.params.type, space: body.space, amount: body.suggestionAmount, text: body.textualContent });
  });
};
