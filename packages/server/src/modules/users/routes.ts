import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newSavedFilterSchema, savedFilterSchema, settingsUpdateSchema, userResponseSchema, userSearchResponseSchema, userSettingsSchema } from '@editor/domain';
import type { UsersService } from './service.ts';
import { FILTERS_PATH, SETTINGS_PATH, SIGN_OUT_PATH, USER_PATH, presentFilter, presentUser } from './presenter.ts';
import { requireAuth } from '../../auth/plugin.ts';
import type { SessionRevocations } from '../../auth/sessionRevocations.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; revocations: Pick<SessionRevocations, 'revokeToken'> }> = async (app, { users, revocations }) => {
  app.get(USER_PATH, { config: { ignoresRoleOverride: true }, schema: { response: { 200: userResponseSchema } } }, async (request) => {
    const { identity } = requireAuth(request);
    return presentUser(await users.getUser(identity.id));
  });

  app.get('/api/v1/users', { schema: { querystring: z.object({ q: z.string().max(100).default('') }), response: { 200: userSearchResponseSchema } } }, async (request) => {
    requireAuth(request);
    const found = await users.searchUsers(request.query.q);
    return { _embedded: { item: found.map((user) => ({ id: user.id, name: user.name })) } };
  });

  app.get(SETTINGS_PATH, { schema: { response: { 200: userSettingsSchema } } }, async (request) => {
    const { identity } = requireAuth(request);
    return (await users.getUser(identity.id)).settings;
  });

  app.put(SETTINGS_PATH, { schema: { body: settingsUpdateSchema, response: { 200: userSettingsSchema } } }, async (request) => {
    const { identity, rights } = requireAuth(request);
    return users.updateSettings({ userId: identity.id, settings: request.body, rights });
  });

  app.post(FILTERS_PATH, { schema: { body: newSavedFilterSchema, response: { 201: savedFilterSchema } } }, async (request, reply) => {
    const { identity } = requireAuth(request);
    const filter = await users.createFilter({ userId: identity.id, filters: request.body.filters });
    return reply.status(201).header('location', `${FILTERS_PATH}/${filter.id}`).send(presentFilter(filter));
  });

  app.delete(`${FILTERS_PATH}/:filterId`, { schema: { params: z.object({ filterId: z.string().max(100) }) } }, async (request, reply) => {
    const { identity } = requireAuth(request);
    await users.deleteFilter({ userId: identity.id, id: request.params.filterId });
    return reply.status(204).send();
  });

  app.post(
    SIGN_OUT_PATH,
    {
      config: { ignoresRoleOverride: true },
      schema: {
        summary: 'Sign out',
        description:
          "Ends the sign-in of the bearer token on the server: this token, and the provider session's other tokens issued until now (same `sid`), answer 401 from then on, on every instance. The app calls it before the provider's end-session.",
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      const { session } = requireAuth(request);
      await revocations.revokeToken(session);
      return reply.status(204).send(null);
    },
  );
};
