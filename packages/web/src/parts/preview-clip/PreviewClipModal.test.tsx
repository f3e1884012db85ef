import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import type { Credentials } from '../../api/client.ts';
import { createQueryClient } from '../../api/createQueryClient.ts';
import { installFakeApi, type FakeResponse } from '../../test/fakeApi.ts';
import { renderUi } from '../../test/renderUi.tsx';
import { clearToasts } from '../../ui/toasts.tsx';
import { PreviewClipModal } from './PreviewClipModal.tsx';

const credentials = async (): Promise<Credentials> => ({ idToken: 'test-id-token', roleOverride: null });
const MARKERS = '/api/v1/media/preview-clip-markers/assets/clip-1/markers';
const DURATION_MS = 60_000;

function renderModal(handlers: Parameters<typeof installFakeApi>[0]) {
  const api = installFakeApi(handlers);
  const onClose = vi.fn<() => void>();
  const view = renderUi(wrap(<PreviewClipModal opened onClose={onClose} referenceId="clip-1" durationMs={DURATION_MS} />));
  return { ...view, api, onClose };
}

function wrap(children: ReactNode) {
  return (
    <ApiClientProvider getCredentials={credentials}>
      <QueryClientProvider client={createQueryClient({ retry: false })}>{children}</QueryClientProvider>
    </ApiClientProvider>
  );
}

/** An answer that waits until the test lets it go. */
function deferred(answer: FakeResponse) {
  let resolve: ((value: FakeResponse) => void) | undefined;
  const promise = new Promise<FakeResponse>((settle) => {
    resolve = settle;
  });
  return { handler: () => promise, release: () => resolve?.(answer) };
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

afterEach(() => clearToasts());

describe('preview clip modal (spec 002 §2, §4, §5, §8)', () => {
  it('loads, then fills the form from the existing marker and offers Update', async () => {
    const answer = deferred({ status: 200, body: [{ id: 'm1', inpoint: 12_500, outpoint: 20_042 }, { id: 'm0', inpoint: 0, outpoint: 1_000 }] });
    renderModal({ [`GET ${MARKERS}`]: answer.handler });
    expect(await screen.findByLabelText('Loading the preview clip')).toBeInTheDocument();
    answer.release();
    expect(await screen.findByRole('button', { name: 'Update' })).toBeVisible();
    expect(field('Start time')).toHaveValue('00:12');
    expect(field('Start frame')).toHaveValue('12');
    expect(screen.getByText('Start: 12,500 ms')).toBeVisible();
    expect(field('End time')).toHaveValue('00:20');
    expect(field('End frame')).toHaveValue('1');
    expect(screen.getByText('End: 20,042 ms')).toBeVisible();
    expect(screen.getByText(/attached to the video about 15 minutes after it is created/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('starts a video without a marker at 0 and ends it after 10 seconds, and offers Create', async () => {
    renderModal({ [`GET ${MARKERS}`]: { status: 200, body: [] } });
    expect(await screen.findByRole('button', { name: 'Create' })).toBeVisible();
    expect(screen.getByText('Start: 0 ms')).toBeVisible();
    expect(screen.getByText('End: 10,000 ms')).toBeVisible();
    expect(field('End time')).toHaveValue('00:10');
  });

  it('says when the settings cannot be fetched, and Reload asks again', async () => {
    const { api, user } = renderModal({ [`GET ${MARKERS}`]: { status: 500, body: { status: 500, messages: ['Down.'] } } });
    expect(await screen.findByText("We couldn't fetch the preview clip settings for this video")).toBeVisible();
    expect(screen.getByText('Please try again.')).toBeVisible();
    api.answer(`GET ${MARKERS}`, { status: 200, body: [{ id: 'm1', inpoint: 1_000, outpoint: 2_000 }] });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('button', { name: 'Update' })).toBeVisible();
    expect(api.requests.filter((request) => request.method === 'GET')).toHaveLength(2);
  });

  it('clamps the start within 0 and the end, the end between the start and the duration, and frames to 0–23', async () => {
    const { user } = renderModal({ [`GET ${MARKERS}`]: { status: 200, body: [] } });
    await screen.findByRole('button', { name: 'Create' });

    // A start after the end stops one millisecond before it.
    await user.clear(field('Start time'));
    await user.type(field('Start time'), '0:20{Enter}');
    expect(screen.getByText('Start: 9,999 ms')).toBeVisible();
    expect(field('Start time')).toHaveValue('00:09');
    expect(field('Start frame')).toHaveValue('23');

    // An end past the video's end stops at it; an end before the start stops one millisecond after it.
    await user.clear(field('End time'));
    await user.type(field('End time'), '1:30:00');
    await user.tab();
    expect(screen.getByText('End: 60,000 ms')).toBeVisible();
    expect(field('End time')).toHaveValue('01:00');
    await user.clear(field('End time'));
    await user.type(field('End time'), '00:05{Enter}');
    expect(screen.getByText('End: 10,000 ms')).toBeVisible();

    // Frames above 23 are 23.
    await user.clear(field('Start time'));
    await user.type(field('Start time'), '00:02{Enter}');
    await user.clear(field('Start frame'));
    await user.type(field('Start frame'), '30');
    expect(field('Start frame')).toHaveValue('23');
    expect(screen.getByText('Start: 2,959 ms')).toBeVisible();

    // Unreadable text is refused and the field shows the clip's time again.
    await user.clear(field('End time'));
    await user.type(field('End time'), 'soon');
    expect(screen.getByText('Enter mm:ss or h:mm:ss')).toBeVisible();
    await user.tab();
    expect(field('End time')).toHaveValue('00:10');
  });

  it('creates the marker in milliseconds, says so and closes', async () => {
    const post = deferred({ status: 201, body: { id: 'm9', inpoint: 2_042, outpoint: 10_000 } });
    const { api, user, onClose } = renderModal({ [`GET ${MARKERS}`]: { status: 200, body: [] }, [`POST ${MARKERS}`]: post.handler });
    await screen.findByRole('button', { name: 'Create' });
    await user.clear(field('Start time'));
    await user.type(field('Start time'), '00:02{Enter}');
    await user.clear(field('Start frame'));
    await user.type(field('Start frame'), '1');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    // Busy while saving: the button is loading and the fields are disabled.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled());
    expect(field('Start time')).toBeDisabled();
    expect(field('End frame')).toBeDisabled();
    post.release();
    expect(await screen.findByText('Preview clip has been created successfully.')).toBeVisible();
    expect(onClose).toHaveBeenCalled();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ inpoint: 2_042, outpoint: 10_000 });
    // The marker is asked for again.
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'GET')).toHaveLength(2));
  });

  it('moves an existing marker with PUT', async () => {
    const { api, user, onClose } = renderModal({
      [`GET ${MARKERS}`]: { status: 200, body: [{ id: 'm1', inpoint: 1_000, outpoint: 5_000 }] },
      [`PUT ${MARKERS}/m1`]: { status: 200, body: { id: 'm1', inpoint: 1_000, outpoint: 8_000 } },
    });
    await screen.findByRole('button', { name: 'Update' });
    await user.clear(field('End time'));
    await user.type(field('End time'), '00:08{Enter}');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ inpoint: 1_000, outpoint: 8_000 });
  });

  it('says when the clip cannot be saved and keeps the values', async () => {
    const { user, onClose } = renderModal({
      [`GET ${MARKERS}`]: { status: 200, body: [] },
      [`POST ${MARKERS}`]: { status: 400, body: { status: 400, messages: ['outpoint: the clip cannot end after the media’s end.'] } },
    });
    await screen.findByRole('button', { name: 'Create' });
    await user.clear(field('End time'));
    await user.type(field('End time'), '00:30{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText("Preview clip couldn't be created.")).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('End: 30,000 ms')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
  });
});
