import { expect, type Page } from '@playwright/test';

/** What the journeys read of a stored asset version through the API. */
export interface StoredVersion {
  id: string;
  localization: string;
  content: Record<string, { value?: unknown }>;
  _links: { self: { methods: string[] } };
  _meta: {
    version: number;
    status: string;
    aiTranslationNeedsConfirmation?: boolean;
    aiGeneratedProperties?: string[];
    publishSchedule?: { startDate: string | null; endDate: string | null };
    history?: Array<{ version: number; action: string; user: string; changedProperties: string[]; basedOnVersion: number | null }>;
  };
}

export const versionPath = (id: string, locale = 'en') => `/api/v1/assets/${id}/localizations/${locale}`;
export const editorPath = (id: string, locale = 'en') => `/assets/${id}/localizations/${locale}/edit`;

export async function fetchVersion(page: Page, authorization: string, id: string, options: { locale?: string; query?: string } = {}): Promise<StoredVersion> {
  const path = `${versionPath(id, options.locale)}${options.query ?? ''}`;
  const answer = await page.request.get(path, { headers: { authorization } });
  expect(answer.ok(), `GET ${path}`).toBe(true);
  return (await answer.json()) as StoredVersion;
}

export const paragraph = (text: string) => ({ type: 'text', value: `<p>${text}</p>` });

/** A story in rbcom that passes the publish check: a title, story-content and an author. */
export async function createStory(page: Page, authorization: string, input: { title: string; storyContent: unknown[]; locale?: string }): Promise<string> {
  const locale = input.locale ?? 'en';
  const answer = await page.request.post(`/api/v1/assets/-/localizations/${locale}?space=rbcom&container.stencil=story`, {
    headers: { authorization },
    data: {
      content: {
        title: { value: input.title },
        'story-content': { value: input.storyContent },
        authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
      },
    },
  });
  expect(answer.status(), `create the story '${input.title}': ${await answer.text()}`).toBe(201);
  return ((await answer.json()) as StoredVersion).id;
}

/** Opens Create Content from the header, keeps or picks a space and a localisation, and chooses the asset type. */
export async function startFromCreateContent(page: Page, assetType: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Create Content' }).click();
  const picker = page.getByRole('dialog', { name: 'Create Content' });
  for (const name of ['Space', 'Localisation']) {
    const select = picker.getByRole('combobox', { name });
    if ((await select.inputValue()) === '') {
      await select.click();
      await page.getByRole('option').first().click();
    }
  }
  await picker.getByRole('textbox', { name: 'Search asset type' }).fill(assetType);
  await picker.getByRole('button', { name: assetType, exact: true }).click();
}

/** Opens a version in the editor and waits until its title can be typed into. */
export async function openEditor(page: Page, id: string, locale = 'en') {
  await page.goto(editorPath(id, locale));
  await expect(page.getByRole('tab', { name: 'Asset Editor', selected: true })).toBeVisible();
  await expect(titleInput(page)).toBeEditable();
}

export const actionBar = (page: Page) => page.getByRole('toolbar', { name: 'Asset actions' });
export const headerArea = (page: Page) => page.getByRole('region', { name: 'Header' });
export const titleInput = (page: Page) => headerArea(page).getByRole('textbox', { name: 'Title', exact: true });
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
