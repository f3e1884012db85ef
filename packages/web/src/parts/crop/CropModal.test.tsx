import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { CROP_RATIO_NAMES, type CropRatio, type MediaValue } from '@editor/domain';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import type { Credentials } from '../../api/client.ts';
import { createQueryClient } from '../../api/createQueryClient.ts';
import { installFakeApi } from '../../test/fakeApi.ts';
import { renderUi } from '../../test/renderUi.tsx';
import { CropModal } from './CropModal.tsx';

const credentials = async (): Promise<Credentials> => ({ idToken: 'test-id-token', roleOverride: null });

// 16x9 of a 2000 × 900 image is 1600 × 900 px, centred: it has 200 px to either side to move.
const MEDIA: MediaValue = { provider: 'cloudinary', referenceId: 'wave', mediaType: 'image', width: 2000, height: 900, imageFormat: 'png' };
const VERY_LARGE = '/media/image/upload/w_2500,c_limit/v7/wave';

function renderCropModal(media: MediaValue = MEDIA) {
  const api = installFakeApi({
    'GET /api/v1/media': {
      status: 200,
      body: { provider: 'cloudinary', referenceId: 'wave', contentType: 'image', mediaType: 'image', width: 2000, height: 900, imageFormat: 'png', bytes: 1000, resources: [{ type: 'image-very-large', url: VERY_LARGE }] },
    },
  });
  const onConfirm = vi.fn<(ratios: Record<string, CropRatio>) => void>();
  const onClose = vi.fn<() => void>();
  const view = renderUi(wrap(<CropModal opened media={media} onConfirm={onConfirm} onClose={onClose} />));
  return { ...view, api, onConfirm, onClose };
}

function wrap(children: ReactNode) {
  return (
    <ApiClientProvider getCredentials={credentials}>
      <QueryClientProvider client={createQueryClient({ retry: false })}>{children}</QueryClientProvider>
    </ApiClientProvider>
  );
}

const cropArea = (ratio = '16x9') => screen.findByRole('group', { name: `Crop area ${ratio}` });

describe('crop modal (spec 002 §4, §9)', () => {
  it('shows the image from the very large resource at a multiple of 250 px, and a thumbnail per ratio marked automatic', async () => {
    const { api } = renderCropModal();
    await cropArea();
    expect(api.requests.find((request) => request.path === '/api/v1/media')?.query.toString()).toBe('provider=cloudinary&referenceId=wave');
    // Shown 800 px wide (2000 × 0.4): asked for at 1000 px, from the very large resource without its own sizing.
    expect(screen.getByRole('img', { name: 'Image to crop' })).toHaveAttribute('src', '/media/image/upload/w_1000/v7/wave');
    const ratios = within(screen.getByRole('group', { name: 'Ratios' })).getAllByRole('button');
    expect(ratios.map((button) => button.getAttribute('aria-label'))).toEqual(CROP_RATIO_NAMES.map((name) => `${name}, automatic`));
    expect(screen.getByRole('button', { name: '16x9, automatic' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('moves the crop 1 px with an arrow key and 10 px with Shift, which makes the ratio manual', async () => {
    const { user } = renderCropModal();
    const area = await cropArea();
    expect(screen.getByText('16x9 · 1600 × 900 px at 200, 0 · automatic')).toBeVisible();
    area.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('16x9 · 1600 × 900 px at 201, 0 · manual')).toBeVisible();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(screen.getByText('16x9 · 1600 × 900 px at 191, 0 · manual')).toBeVisible();
    // Stopped by the image's edge.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByText('16x9 · 1600 × 900 px at 191, 0 · manual')).toBeVisible();
    expect(screen.getByRole('button', { name: '16x9, manual' })).toBeVisible();
  });

  it('dragging the crop with the pointer moves it in image pixels, stopped by the image’s edge, and makes it manual', async () => {
    const { user } = renderCropModal();
    const area = await cropArea();
    // Shown at 0.4 of its size: 20 screen pixels are 50 image pixels.
    await user.pointer([
      { keys: '[MouseLeft>]', target: area, coords: { clientX: 300, clientY: 100 } },
      { target: area, coords: { clientX: 280, clientY: 140 } },
      { keys: '[/MouseLeft]', target: area, coords: { clientX: 280, clientY: 140 } },
    ]);
    expect(screen.getByText('16x9 · 1600 × 900 px at 150, 0 · manual')).toBeVisible();
    await user.pointer([
      { keys: '[MouseLeft>]', target: area, coords: { clientX: 300, clientY: 100 } },
      { target: area, coords: { clientX: 0, clientY: 100 } },
      { keys: '[/MouseLeft]', target: area, coords: { clientX: 0, clientY: 100 } },
    ]);
    expect(screen.getByText('16x9 · 1600 × 900 px at 0, 0 · manual')).toBeVisible();
  });

  it('confirms only the manual ratios, rounded, keeping those the value had', async () => {
    const stored = { '1x1': { p1: { x: 10, y: 20 }, p2: { x: 510, y: 520 } } };
    const { user, onConfirm } = renderCropModal({ ...MEDIA, ratios: stored });
    const area = await cropArea();
    expect(screen.getByRole('button', { name: '1x1, manual' })).toBeVisible();
    area.focus();
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith({ '1x1': stored['1x1'], '16x9': { p1: { x: 220, y: 0 }, p2: { x: 1820, y: 900 } } });
  });

  it('Cancel changes nothing', async () => {
    const { user, onConfirm, onClose } = renderCropModal();
    (await cropArea()).focus();
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('switches to the gallery of every crop and back to the crop of a chosen ratio', async () => {
    const { user } = renderCropModal();
    await cropArea();
    await user.click(screen.getByRole('button', { name: 'SWITCH TO GALLERY' }));
    const gallery = screen.getByRole('group', { name: 'Gallery' });
    expect(within(gallery).getAllByRole('button')).toHaveLength(CROP_RATIO_NAMES.length);
    expect(screen.queryByRole('group', { name: 'Crop area 16x9' })).not.toBeInTheDocument();
    await user.click(within(gallery).getByRole('button', { name: '4x5, automatic' }));
    expect(await cropArea('4x5')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'SWITCH TO GALLERY' }));
    await user.click(screen.getByRole('button', { name: 'SWITCH TO CROP' }));
    expect(await cropArea('4x5')).toBeVisible();
  });

  it('a focal point re-centres the automatic ratios and leaves the manual ones', async () => {
    const { user } = renderCropModal();
    const area = await cropArea();
    area.focus();
    await user.keyboard('{ArrowRight}');
    // jsdom lays nothing out: the stage starts at 0, 0 and the image is shown at 0.4 of its size.
    const stage = screen.getByTestId('crop-stage');
    await user.pointer([{ keys: '[MouseLeft>]', target: stage, coords: { clientX: 0, clientY: 0 } }, { keys: '[/MouseLeft]' }]);
    expect(screen.getByText('16x9 · 1600 × 900 px at 201, 0 · manual')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '1x1, automatic' }));
    expect(screen.getByText('1x1 · 900 × 900 px at 0, 0 · automatic')).toBeVisible();
  });
});
