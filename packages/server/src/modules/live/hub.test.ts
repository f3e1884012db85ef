import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationBus } from '../../db/dialects/notificationBus.ts';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';
import { VALID_STORY } from '../../../test/routeRightsTable.ts';
import { createLiveHub, type LiveConnection } from './hub.ts';

/** A connection that keeps the ids of the asset events it is sent. */
function recording(ids: Array<number | undefined>): LiveConnection {
  return {
    rights: EDITOR.rights,
    send: (event) => {
      if (event.name === 'asset') ids.push(event.id);
    },
    end: () => undefined,
  };
}

/** A bus that holds what is published until `deliver`: an instance's notification arriving late. */
function heldBus() {
  const held: string[] = [];
  let onMessage: ((message: string) => void) | undefined;
  const bus: NotificationBus = {
    publish: async (message) => {
      held.push(message);
    },
    subscribe: async (handlers) => {
      onMessage = handlers.onMessage;
    },
    close: async () => undefined,
  };
  return { bus, deliver: () => held.splice(0).forEach((message) => onMessage?.(message)) };
}

describe.each(DIALECTS)('the live hub (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('sends a resumed stream an event once when the bus brings it after the replay had it', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', headers: await t.auth(EDITOR), payload: { content: VALID_STORY } });
    expect(created.statusCode, created.body).toBe(201);
    const assetId = created.json<{ id: string }>().id;
    const { bus, deliver } = heldBus();
    const hub = createLiveHub({ db: t.database.db, bus });
    await hub.start();
    try {
      await hub.noteWrite({ assetId, locale: 'en' });
      deliver();
      const seen: Array<number | undefined> = [];
      const closeFirst = await hub.open(recording(seen), undefined);
      await hub.noteWrite({ assetId, locale: 'en' });
      deliver();
      closeFirst();
      const lastSeen = seen.at(-1) ?? 0;

      // Stored and announced while the tab was away; the announcement arrives after the resumed stream went live.
      await hub.noteWrite({ assetId, locale: 'en' });
      const resumedIds: Array<number | undefined> = [];
      await hub.open(recording(resumedIds), lastSeen);
      deliver();
      await hub.noteWrite({ assetId, locale: 'en' });
      deliver();
      expect(resumedIds).toHaveLength(2);
      expect(new Set(resumedIds).size).toBe(2);
      expect(resumedIds.every((id) => (id ?? 0) > lastSeen)).toBe(true);
    } finally {
      await hub.stop();
    }
  });
});
